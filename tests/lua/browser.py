#!/usr/bin/env python3
"""browser.py — one headless Chromium, driven through chromedriver for the
Lua browser tests (browsers.lua's session), the network turned off.

usage: browser.py IN OUT

IN and OUT are FIFOs: the commands come one a line on IN, the answers go
to OUT.  First OUT says "ready", or "skip REASON" (no selenium, Chromium
or chromedriver) and the program ends.  Then for each command:
  open URL        loads a page (file://...), the network offline
  size W H        the window's size in CSS pixels
  viewport [W H]  the page's viewport W by H CSS pixels, emulated (the
                  window stays as it is, and so cheaper to switch); none:
                  the window's again
  js FILE         runs the JavaScript in FILE as a function body; answers
                  what it returns, as text: "result N" and the N bytes
  click CSS       clicks the element: a real pointer click (the mouse
                  pressed and released through the DevTools protocol,
                  not moved there first: no test reads hover) at the
                  centre of its box, scrolled into view first when it
                  is not; an error when the element is
                  missing, has no box or is covered there by another
  clickjs FILE    runs FILE, which returns a CSS selector, and clicks that
                  element (nothing when it returns an empty text)
  keys KEY...     real key presses to the focused element: names of
                  selenium's Keys (TAB, ENTER, SPACE, ARROW_LEFT, ...),
                  ALT+NAME or SHIFT+NAME held with a modifier, or
                  text:WORD typed
  keysjs FILE     runs FILE, which returns the keys (as for keys, spaced),
                  and presses them (nothing when it returns an empty text)
  wait FILE       runs FILE in the page until it returns something true
                  (every 5 ms, between the page's own timers; 10 s at
                  most)
  while FILE      runs the commands up to the matching "end" again and
                  again while FILE returns something true (500 times at
                  most)
  media [F=V...]  emulates the CSS media features F with values V
                  (prefers-color-scheme=dark, forced-colors=active);
                  none: as the machine has them
  axe FILE [RULE...]
                  runs axe-core (the file axe.min.js) on the page for the
                  WCAG 2.1 A and AA rules, or for the RULEs named only;
                  answers like js: a line a violation, "rule-id | impact
                  | target | html"
  shot PATH       a PNG of the window
  logs            "log LEVEL TEXT" for each console entry since the last
  sync            "done": the commands before it have run
After a failed command OUT says "error TYPE: MESSAGE" and the commands up
to the next sync are skipped.  The end of IN ends the browser."""
import json
import shutil
import sys

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

# Where to click the element sel names (a CSS selector; the script that
# gives it comes first), as chromedriver's own click does it: scrolled
# into view when its centre is out of the window, the centre of its first
# box there, which must be the element or inside it.  Returns [x, y], or
# a text saying what is wrong.
LOCATE = """var e = document.querySelector(sel);
  if (!e) return "no element " + sel;
  function centre() {
    var r = e.getClientRects()[0];
    if (!r || r.width === 0 || r.height === 0) return null;
    var root = document.documentElement; // (the window less its scroll bars)
    var left = Math.max(0, r.left), right = Math.min(root.clientWidth, r.right);
    var top = Math.max(0, r.top), bottom = Math.min(root.clientHeight, r.bottom);
    if (left >= right || top >= bottom) return null;
    return [Math.floor((left + right) / 2), Math.floor((top + bottom) / 2)];
  }
  var at = centre();
  if (!at) { e.scrollIntoView({block: "end", inline: "nearest"}); at = centre(); }
  if (!at) return "not in view: " + sel;
  var hit = document.elementFromPoint(at[0], at[1]);
  if (hit !== e && !e.contains(hit))
    return "click intercepted: " + sel + " is under " + (hit ? hit.outerHTML.slice(0, 80) : "nothing");
  return at;"""

# Runs the function body CODE (JavaScript text, put in its place) every
# 5 ms until it returns something true; answers true, or a text saying it
# failed or timed out after arguments[0] ms.
POLL = """var limit = arguments[0], done = arguments[arguments.length - 1], start = Date.now();
  var f = function () {
CODE
  };
  (function poll() {
    var v;
    try { v = f(); } catch (err) { done("error: " + err); return; }
    if (v) done(true);
    else if (Date.now() - start > limit) done("timed out");
    else setTimeout(poll, 5);
  })();"""


def chromium_driver():
    """The driver, or a text saying what is missing."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return "python3-selenium is not installed (apt-get install python3-selenium)"
    driver_path = shutil.which("chromedriver")
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not driver_path or not browser:
        return ("chromium and chromium-driver are not installed "
                "(apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--proxy-server=http://127.0.0.1:9",
                 "--host-resolver-rules=MAP * ~NOTFOUND", "--window-size=1280,900"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_network_conditions(offline=True, latency=0, download_throughput=0,
                                  upload_throughput=0)
    driver.set_script_timeout(60)
    return driver


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


class Session:
    """The browser and where its answers go."""

    def __init__(self, driver, out):
        self.driver, self.out, self.frame = driver, out, None

    def say(self, text):
        self.out.write(text + "\n")
        self.out.flush()

    def result(self, value):
        data = ("" if value is None else str(value)).encode("utf-8")
        self.out.write("result %d\n" % len(data))
        self.out.flush()
        self.out.buffer.write(data + b"\n")
        self.out.flush()

    def click(self, script, *args):
        """Clicks where script (its selector sel, then LOCATE) says, if
        anywhere."""
        at = self.driver.execute_script(script + LOCATE, *args)
        if at is None:
            return
        if isinstance(at, str):
            raise RuntimeError(at)
        x, y = at
        for kind, buttons in (("mousePressed", 1), ("mouseReleased", 0)):
            self.driver.execute_cdp_cmd("Input.dispatchMouseEvent",
                                        {"type": kind, "x": x, "y": y, "button": "left",
                                         "buttons": buttons, "clickCount": 1})

    def size(self, w, h):
        """Makes the window's inner size w by h CSS pixels: the window
        less its frame, the frame measured at the first change (set,
        measured, set again) and again whenever the size set misses."""
        d, inner = self.driver, "return [window.innerWidth, window.innerHeight]"
        if d.execute_script(inner) == [w, h]:
            return
        if self.frame:
            d.set_window_size(w + self.frame[0], h + self.frame[1])
            if d.execute_script(inner) == [w, h]:
                return
        d.set_window_size(w, h)
        got = d.execute_script(inner)
        self.frame = (w - got[0], h - got[1])
        d.set_window_size(w + self.frame[0], h + self.frame[1])

    def keys(self, words):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        chain = ActionChains(self.driver)
        for word in words:
            if word.startswith("text:"):
                chain.send_keys(word[5:])
                continue
            held, _, name = word.rpartition("+")
            key = getattr(Keys, name)
            modifier = getattr(Keys, held) if held else None
            if modifier:
                chain.key_down(modifier)
            chain.send_keys(key)
            if modifier:
                chain.key_up(modifier)
        chain.perform()

    def axe(self, path, rules):
        """Runs axe-core for the WCAG tags, or for rules only when some
        are named; returns a line a violation."""
        d = self.driver
        only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": AXE_TAGS}
        run = ("var done = arguments[arguments.length - 1];"
               "if (typeof axe !== 'object') { done(null); return; }"
               "axe.run(document, {runOnly: %s, resultTypes: ['violations']})"
               ".then(function (r) { done(JSON.stringify(r.violations)); },"
               "      function (e) { done(JSON.stringify([{id: 'axe-error', impact: String(e),"
               "                                            nodes: []}])); });" % json.dumps(only))
        found = d.execute_async_script(run)
        if found is None:  # (not on this page yet)
            d.execute_script(read(path))
            found = d.execute_async_script(run)
        lines = []
        for v in json.loads(found):
            for node in v["nodes"] or [{"target": ["-"], "html": ""}]:
                lines.append(" | ".join([v["id"], str(v.get("impact")),
                                         " ".join(map(str, node["target"])),
                                         node["html"][:160].replace("\n", " ")]))
        return "\n".join(lines)

    def run(self, line):
        d = self.driver
        word, _, rest = line.partition(" ")
        if word == "open":
            d.get(rest)
        elif word == "size":
            w, h = map(int, rest.split())
            self.size(w, h)
        elif word == "viewport":
            if rest:
                w, h = map(int, rest.split())
                d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                  {"width": w, "height": h, "deviceScaleFactor": 0, "mobile": False})
            else:
                d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        elif word == "js":
            self.result(d.execute_script(read(rest)))
        elif word == "click":
            self.click("var sel = arguments[0];\n", rest)
        elif word == "clickjs":
            self.click("var sel = (function () {\n%s\n})();\nif (!sel) return null;\n" % read(rest))
        elif word == "keys":
            self.keys(rest.split())
        elif word == "keysjs":
            words = (d.execute_script(read(rest)) or "").split()
            if words:
                self.keys(words)
        elif word == "wait":
            said = d.execute_async_script(POLL.replace("CODE", read(rest), 1), 10000)
            if said is not True:
                raise RuntimeError("waited for %s: %s" % (rest, said))
        elif word == "media":
            features = [{"name": f.partition("=")[0], "value": f.partition("=")[2]} for f in rest.split()]
            d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
        elif word == "axe":
            path, *rules = rest.split()
            self.result(self.axe(path, rules))
        elif word == "shot":
            d.save_screenshot(rest)
        elif word == "logs":
            for entry in d.get_log("browser"):
                self.say("log %s %s" % (entry["level"], entry["message"].replace("\n", " ")))
        else:
            raise ValueError("unknown command " + word)

    def block(self, lines, at):
        """Runs lines from at to the end or to an unmatched "end"; returns
        where it stopped."""
        while at < len(lines):
            line = lines[at]
            word, _, rest = line.partition(" ")
            if word == "end":
                return at
            if word == "while":
                body, count = at + 1, 0
                stop = self.skip(lines, body)
                while count < 500 and self.driver.execute_script(read(rest)):
                    self.block(lines, body)
                    count += 1
                at = stop + 1
                continue
            self.run(line)
            at += 1
        return at

    @staticmethod
    def skip(lines, at):
        """Where the "end" of the block starting at at is."""
        depth = 0
        while at < len(lines):
            word = lines[at].partition(" ")[0]
            if word == "while":
                depth += 1
            elif word == "end":
                if depth == 0:
                    return at
                depth -= 1
            at += 1
        raise ValueError("a while without its end")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    commands = open(sys.argv[1], encoding="utf-8")
    out = open(sys.argv[2], "w", encoding="utf-8")
    driver = chromium_driver()
    if isinstance(driver, str):
        out.write("skip " + driver + "\n")
        out.close()
        return 0
    session = Session(driver, out)
    session.say("ready")
    try:
        batch = []
        for line in commands:
            line = line.strip()
            if not line:
                continue
            if line != "sync":
                batch.append(line)
                continue
            try:
                session.block(batch, 0)
            except Exception as e:  # the test reads the message
                text = str(e).splitlines()[0] if str(e) else ""
                session.say("error %s: %s" % (type(e).__name__, text))
            batch = []
            session.say("done")
    finally:
        driver.quit()
        out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
