#!/usr/bin/env python3
"""browser.py — one headless Chromium, driven through its DevTools
protocol on a pipe (--remote-debugging-pipe: no driver, no port, only
Python's standard library) for the Lua browser tests (browsers.lua's
session), the network turned off.

usage: browser.py IN OUT

IN and OUT are FIFOs: the commands come one a line on IN, the answers go
to OUT.  First OUT says "ready", or "skip REASON" (no Chromium) and the
program ends.  Then for each command:
  open URL        loads a page (file://...), the network offline; waits
                  for its load event (not for a link within the page)
  size W H        the window's size in CSS pixels
  viewport [W H]  the page's viewport W by H CSS pixels, emulated (the
                  window stays as it is, and so cheaper to switch); none:
                  the window's again
  js FILE         runs the JavaScript in FILE as a function body; answers
                  what it returns, as text: "result N" and the N bytes
                  (nothing for undefined and null, True and False for the
                  booleans, Python's text of numbers and lists)
  click CSS       clicks the element: a real pointer click (the mouse
                  pressed and released, not moved there first: no test
                  reads hover) at the centre of its box, scrolled into
                  view first when it is not; an error when the element is
                  missing, has no box or is covered there by another
  clickjs FILE    runs FILE, which returns a CSS selector, and clicks that
                  element (nothing when it returns an empty text)
  keys KEY...     real key presses to the focused element: names of KEYS
                  (TAB, ENTER, SPACE, ARROW_LEFT, ...), ALT+NAME,
                  SHIFT+NAME, CONTROL+NAME or META+NAME held with a
                  modifier, or text:WORD typed
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
                  (LEVEL: SEVERE for errors and uncaught exceptions,
                  WARNING, INFO or DEBUG)
  sync            "done": the commands before it have run
After a failed command OUT says "error TYPE: MESSAGE" and the commands up
to the next sync are skipped.  The end of IN ends the browser."""
import base64
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

# How long a page may take to answer a command or to load, in seconds.
SCRIPT_TIMEOUT = 60

# The keys by name: DOM key, DOM code, Windows key code and the text the
# key types (None: none, sent as a raw key down).
KEYS = {
    "TAB": ("Tab", "Tab", 9, None),
    "ENTER": ("Enter", "Enter", 13, "\r"),
    "RETURN": ("Enter", "Enter", 13, "\r"),
    "SPACE": (" ", "Space", 32, " "),
    "ESCAPE": ("Escape", "Escape", 27, None),
    "BACKSPACE": ("Backspace", "Backspace", 8, None),
    "DELETE": ("Delete", "Delete", 46, None),
    "HOME": ("Home", "Home", 36, None),
    "END": ("End", "End", 35, None),
    "PAGE_UP": ("PageUp", "PageUp", 33, None),
    "PAGE_DOWN": ("PageDown", "PageDown", 34, None),
    "ARROW_LEFT": ("ArrowLeft", "ArrowLeft", 37, None),
    "ARROW_UP": ("ArrowUp", "ArrowUp", 38, None),
    "ARROW_RIGHT": ("ArrowRight", "ArrowRight", 39, None),
    "ARROW_DOWN": ("ArrowDown", "ArrowDown", 40, None),
}

# The modifiers by name: their key (as KEYS) and their bit in the
# protocol's modifiers.
MODIFIERS = {
    "ALT": (("Alt", "AltLeft", 18, None), 1),
    "CONTROL": (("Control", "ControlLeft", 17, None), 2),
    "META": (("Meta", "MetaLeft", 91, None), 4),
    "SHIFT": (("Shift", "ShiftLeft", 16, None), 8),
}

# Where to click the element sel names (a CSS selector; the script that
# gives it comes first): scrolled into view when its centre is out of the
# window, the centre of its first box there, which must be the element or
# inside it.  Returns [x, y], or a text saying what is wrong.
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

# A promise of the function body CODE (JavaScript text, put in its place)
# run every 5 ms until it returns something true: true, or a text saying
# it failed or timed out after LIMIT ms.
POLL = """new Promise(function (done) {
  var limit = LIMIT, start = Date.now();
  var f = function () {
CODE
  };
  (function poll() {
    var v;
    try { v = f(); } catch (err) { done("error: " + err); return; }
    if (v) done(true);
    else if (Date.now() - start > limit) done("timed out");
    else setTimeout(poll, 5);
  })();
})"""

# The flags Chromium runs with: headless, nothing fetched or synced, no
# proxy or name that reaches the network.
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--no-default-browser-check", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-extensions",
         "--proxy-server=http://127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND",
         "--window-size=1280,900", "--remote-debugging-pipe"]


class ProtocolError(RuntimeError):
    """A command the browser refused, or a page script's error."""


class Chromium:
    """A headless Chromium and its first tab, spoken to on a pipe: a
    message is JSON ended by a NUL byte each way."""

    def __init__(self, binary):
        self.profile = tempfile.mkdtemp(prefix="browser-py-")
        to_read, self.to_browser = os.pipe()
        self.from_browser, to_write = os.pipe()

        def pipes():  # the browser reads fd 3 and writes fd 4
            a, b = os.dup(to_read), os.dup(to_write)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.process = subprocess.Popen(
            [binary] + FLAGS + ["--user-data-dir=" + self.profile, "about:blank"],
            preexec_fn=pipes, close_fds=False, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_read)
        os.close(to_write)
        self.buffer, self.last_id = b"", 0
        self.loads, self.logs = 0, []
        self.session = self.attach()
        for method in ("Page.enable", "Runtime.enable", "Log.enable", "Network.enable"):
            self.call(method)
        self.call("Network.emulateNetworkConditions",
                  {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0})
        self.call("Emulation.setFocusEmulationEnabled", {"enabled": True})
        self.call("Browser.setDownloadBehavior", {"behavior": "deny"}, browser=True)

    def attach(self):
        """The session of the browser's first tab (waited for: the
        browser makes it as it starts)."""
        deadline = time.monotonic() + SCRIPT_TIMEOUT
        while True:
            targets = self.call("Target.getTargets", browser=True)["targetInfos"]
            pages = [t for t in targets if t["type"] == "page"]
            if pages:
                self.target = pages[0]["targetId"]
                return self.call("Target.attachToTarget", {"targetId": self.target, "flatten": True},
                                 browser=True)["sessionId"]
            if time.monotonic() > deadline:
                raise ProtocolError("the browser has no tab")
            time.sleep(0.05)

    def message(self, deadline):
        """The next message from the browser; an error when none comes
        before deadline (time.monotonic) or the browser has ended."""
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.from_browser], [], [], left)[0]:
                raise TimeoutError("no answer from the browser within %d s" % SCRIPT_TIMEOUT)
            data = os.read(self.from_browser, 1 << 16)
            if not data:
                raise ProtocolError("the browser ended")
            self.buffer += data
        text, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(text)

    def call(self, method, params=None, browser=False):
        """Runs a command (of the browser, or of the tab's session) and
        returns its result; events met meanwhile are kept."""
        self.last_id += 1
        number = self.last_id
        command = {"id": number, "method": method, "params": params or {}}
        if not browser:
            command["sessionId"] = self.session
        self.send(command)
        deadline = time.monotonic() + SCRIPT_TIMEOUT
        while True:
            m = self.message(deadline)
            if m.get("id") == number:
                if "error" in m:
                    raise ProtocolError("%s: %s" % (method, m["error"].get("message")))
                return m.get("result", {})
            if "method" in m:
                self.event(m)

    def send(self, command):
        """Writes a command to the browser."""
        data = json.dumps(command).encode("utf-8") + b"\0"
        while data:
            data = data[os.write(self.to_browser, data):]

    def event(self, m):
        """Keeps what the console says and counts the tab's loads; a
        dialog (which would stop the page's scripts) is dismissed, said
        as an error (one asking whether to leave the page: left)."""
        method, p = m["method"], m.get("params", {})
        if method == "Page.loadEventFired":
            self.loads += 1
        elif method == "Page.javascriptDialogOpening":
            self.logs.append(("SEVERE", "a %s dialog: %s" % (p.get("type"), p.get("message"))))
            self.last_id += 1  # (its answer passed over)
            self.send({"id": self.last_id, "method": "Page.handleJavaScriptDialog",
                       "params": {"accept": p.get("type") == "beforeunload"}, "sessionId": self.session})
        elif method == "Runtime.consoleAPICalled":
            level = {"error": "SEVERE", "assert": "SEVERE", "warning": "WARNING",
                     "debug": "DEBUG"}.get(p.get("type"), "INFO")
            words = [str(a.get("value", a.get("description", a.get("type")))) for a in p.get("args", [])]
            self.logs.append((level, self.where(p.get("stackTrace")) + " ".join(words)))
        elif method == "Runtime.exceptionThrown":
            d = p.get("exceptionDetails", {})
            text = d.get("exception", {}).get("description") or d.get("text", "")
            if not text.startswith("Uncaught"):
                text = "Uncaught " + text
            self.logs.append(("SEVERE", "%s %d:%d %s" % (d.get("url", ""), d.get("lineNumber", 0) + 1,
                                                          d.get("columnNumber", 0) + 1, text)))
        elif method == "Log.entryAdded":
            e = p.get("entry", {})
            level = {"error": "SEVERE", "warning": "WARNING", "verbose": "DEBUG"}.get(e.get("level"), "INFO")
            self.logs.append((level, "%s %s" % (e.get("url", ""), e.get("text", ""))))

    @staticmethod
    def where(trace):
        """"URL LINE:COLUMN " of a console call's first frame, or ""."""
        frames = (trace or {}).get("callFrames") or []
        if not frames:
            return ""
        f = frames[0]
        return "%s %d:%d " % (f.get("url", ""), f.get("lineNumber", 0) + 1, f.get("columnNumber", 0) + 1)

    def wait_load(self, loads):
        """Waits until the tab has had more than loads load events."""
        deadline = time.monotonic() + SCRIPT_TIMEOUT
        while self.loads <= loads:
            m = self.message(deadline)
            if "method" in m:
                self.event(m)

    def evaluate(self, expression, promise=False):
        """The value of a JavaScript expression in the page (a promise's
        when promise), as JSON gives it; an error when it throws."""
        r = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                           "awaitPromise": promise})
        if "exceptionDetails" in r:
            d = r["exceptionDetails"]
            text = d.get("exception", {}).get("description") or d.get("text", "")
            raise ProtocolError("javascript error: " + text.splitlines()[0] if text else "javascript error")
        v = r.get("result", {})
        return v.get("unserializableValue", v.get("value"))

    def run_function(self, body, *args):
        """The value of a function body called with args (its
        arguments)."""
        return self.evaluate("(function () {\n%s\n}).apply(null, %s)" % (body, json.dumps(args)))

    def close(self):
        os.close(self.to_browser)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)


def start_browser():
    """The browser, or a text saying what is missing."""
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if not binary:
        return "chromium is not installed (apt-get install chromium)"
    return Chromium(binary)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


class Session:
    """The browser and where its answers go."""

    def __init__(self, browser, out):
        self.browser, self.out, self.frame = browser, out, None

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
        b = self.browser
        at = b.run_function(script + LOCATE, *args)
        if at is None:
            return
        if isinstance(at, str):
            raise RuntimeError(at)
        x, y = at
        for kind, buttons in (("mousePressed", 1), ("mouseReleased", 0)):
            b.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                "buttons": buttons, "clickCount": 1})

    def size(self, w, h):
        """Makes the window's inner size w by h CSS pixels: the window
        less its frame, the frame measured at the first change (set,
        measured, set again) and again whenever the size set misses."""
        b, inner = self.browser, "[window.innerWidth, window.innerHeight]"
        now = b.evaluate(inner)
        if now == [w, h]:
            return
        window = b.call("Browser.getWindowForTarget", {"targetId": b.target}, browser=True)["windowId"]

        def set_size(width, height, before):
            """The inner size once the page has the window's new size
            (the page learns it after the browser answers; unchanged
            after 2 s: the same size)."""
            bounds = b.call("Browser.getWindowBounds", {"windowId": window}, browser=True)["bounds"]
            if (bounds["width"], bounds["height"]) == (width, height):
                return before
            b.call("Browser.setWindowBounds", {"windowId": window,
                                               "bounds": {"width": width, "height": height}}, browser=True)
            deadline = time.monotonic() + 2
            got = b.evaluate(inner)
            while got == before and time.monotonic() < deadline:
                time.sleep(0.01)
                got = b.evaluate(inner)
            return got

        if self.frame:
            now = set_size(w + self.frame[0], h + self.frame[1], now)
            if now == [w, h]:
                return
        now = set_size(w, h, now)
        self.frame = (w - now[0], h - now[1])
        if self.frame != (0, 0):
            set_size(w + self.frame[0], h + self.frame[1], now)

    def key_event(self, kind, key, modifiers):
        """Sends a key event: kind "down" (a key that types its text, or a
        raw key down) or "up", of a key as KEYS, with the modifiers'
        bits."""
        name, code, number, text = key
        event = {"type": "keyUp" if kind == "up" else "keyDown" if text else "rawKeyDown",
                 "key": name, "code": code, "windowsVirtualKeyCode": number,
                 "nativeVirtualKeyCode": number, "modifiers": modifiers}
        if text and kind == "down":
            event["text"] = event["unmodifiedText"] = text
        self.browser.call("Input.dispatchKeyEvent", event)

    def keys(self, words):
        """Presses and lets go of each key word, a modifier held down
        around its key."""
        for word in words:
            if word.startswith("text:"):
                for c in word[5:]:
                    key = (c, "", ord(c.upper()) if c.isalnum() else 0, c)
                    self.key_event("down", key, 0)
                    self.key_event("up", key, 0)
                continue
            held, _, name = word.rpartition("+")
            if name not in KEYS or (held and held not in MODIFIERS):
                raise ValueError("unknown key " + word)
            modifier, bit = MODIFIERS[held] if held else (None, 0)
            if modifier:
                self.key_event("down", modifier, bit)
            self.key_event("down", KEYS[name], bit)
            self.key_event("up", KEYS[name], bit)
            if modifier:
                self.key_event("up", modifier, 0)

    def axe(self, path, rules):
        """Runs axe-core for the WCAG tags, or for rules only when some
        are named; returns a line a violation."""
        b = self.browser
        if b.evaluate("typeof axe") != "object":  # (not on this page yet)
            b.evaluate(read(path) + "\n;0")
        only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": AXE_TAGS}
        found = b.evaluate("axe.run(document, {runOnly: %s, resultTypes: ['violations']})"
                           ".then(function (r) { return JSON.stringify(r.violations); },"
                           "      function (e) { return JSON.stringify([{id: 'axe-error', impact: String(e),"
                           "                                             nodes: []}]); })" % json.dumps(only),
                           promise=True)
        lines = []
        for v in json.loads(found):
            for node in v["nodes"] or [{"target": ["-"], "html": ""}]:
                lines.append(" | ".join([v["id"], str(v.get("impact")),
                                         " ".join(map(str, node["target"])),
                                         node["html"][:160].replace("\n", " ")]))
        return "\n".join(lines)

    def open(self, url):
        """Loads url and waits for its load event (none for a link within
        the page)."""
        b = self.browser
        loads = b.loads
        went = b.call("Page.navigate", {"url": url})
        if went.get("errorText"):
            raise RuntimeError("%s: %s" % (url, went["errorText"]))
        if went.get("loaderId"):
            b.wait_load(loads)

    def run(self, line):
        b = self.browser
        word, _, rest = line.partition(" ")
        if word == "open":
            self.open(rest)
        elif word == "size":
            w, h = map(int, rest.split())
            self.size(w, h)
        elif word == "viewport":
            if rest:
                w, h = map(int, rest.split())
                b.call("Emulation.setDeviceMetricsOverride",
                       {"width": w, "height": h, "deviceScaleFactor": 0, "mobile": False})
            else:
                b.call("Emulation.clearDeviceMetricsOverride")
        elif word == "js":
            self.result(b.run_function(read(rest)))
        elif word == "click":
            self.click("var sel = arguments[0];\n", rest)
        elif word == "clickjs":
            self.click("var sel = (function () {\n%s\n})();\nif (!sel) return null;\n" % read(rest))
        elif word == "keys":
            self.keys(rest.split())
        elif word == "keysjs":
            words = (b.run_function(read(rest)) or "").split()
            if words:
                self.keys(words)
        elif word == "wait":
            said = b.evaluate(POLL.replace("LIMIT", "10000", 1).replace("CODE", read(rest), 1), promise=True)
            if said is not True:
                raise RuntimeError("waited for %s: %s" % (rest, said))
        elif word == "media":
            features = [{"name": f.partition("=")[0], "value": f.partition("=")[2]} for f in rest.split()]
            b.call("Emulation.setEmulatedMedia", {"features": features})
        elif word == "axe":
            path, *rules = rest.split()
            self.result(self.axe(path, rules))
        elif word == "shot":
            png = b.call("Page.captureScreenshot", {"format": "png"})["data"]
            with open(rest, "wb") as f:
                f.write(base64.b64decode(png))
        elif word == "logs":
            for level, text in b.logs:
                self.say("log %s %s" % (level, text.replace("\n", " ")))
            b.logs.clear()
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
                while count < 500 and self.browser.run_function(read(rest)):
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
    browser = start_browser()
    if isinstance(browser, str):
        out.write("skip " + browser + "\n")
        out.close()
        return 0
    session = Session(browser, out)
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
        browser.close()
        out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
