#!/usr/bin/env python3
"""browser.py — drives Debian's headless Chromium through chromedriver for
the Lua browser tests (test_play_browser.lua), the network turned off.

usage: browser.py SCRIPT

SCRIPT holds one command a line:
  open URL        loads a page (file://...), the network offline
  size W H        the window's size in CSS pixels
  js FILE         runs the JavaScript in FILE as a function body; prints
                  what it returns, as text: "result N" and the N bytes
  click CSS       clicks the element (a real pointer click at its centre)
  clickjs FILE    runs FILE, which returns a CSS selector, and clicks that
                  element (nothing when it returns an empty text)
  wait FILE       runs FILE until it returns something true (10 s at most)
  shot PATH       a PNG of the window
  logs            prints "log LEVEL TEXT" for each console entry since the
                  last logs
Exits 77 with a message when selenium or chromedriver is missing, 1 when a
command fails (the error printed)."""
import shutil
import sys
import time


def chromium_driver():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        print("SKIP: python3-selenium is not installed (apt-get install python3-selenium)")
        sys.exit(77)
    driver_path = shutil.which("chromedriver")
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not driver_path or not browser:
        print("SKIP: chromium and chromium-driver are not installed "
              "(apt-get install chromium chromium-driver)")
        sys.exit(77)
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
    return driver


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def run(driver, line):
    from selenium.webdriver.common.by import By
    word, _, rest = line.partition(" ")
    if word == "open":
        driver.get(rest)
    elif word == "size":
        w, h = rest.split()
        driver.set_window_size(int(w), int(h))
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        driver.set_window_size(2 * int(w) - inner[0], 2 * int(h) - inner[1])
    elif word == "js":
        value = driver.execute_script(read(rest))
        text = "" if value is None else str(value)
        data = text.encode("utf-8")
        sys.stdout.write("result %d\n" % len(data))
        sys.stdout.flush()
        sys.stdout.buffer.write(data + b"\n")
    elif word == "click":
        driver.find_element(By.CSS_SELECTOR, rest).click()
    elif word == "clickjs":
        selector = driver.execute_script(read(rest))
        if selector:
            driver.find_element(By.CSS_SELECTOR, selector).click()
    elif word == "wait":
        code, deadline = read(rest), time.time() + 10
        while not driver.execute_script(code):
            if time.time() > deadline:
                raise RuntimeError("waited 10 s for " + rest)
            time.sleep(0.05)
    elif word == "shot":
        driver.save_screenshot(rest)
    elif word == "logs":
        for entry in driver.get_log("browser"):
            print("log %s %s" % (entry["level"], entry["message"].replace("\n", " ")))
    else:
        raise ValueError("unknown command " + word)
    sys.stdout.flush()


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    driver = chromium_driver()
    try:
        for line in read(sys.argv[1]).splitlines():
            if line.strip():
                run(driver, line.strip())
    except Exception as e:  # the test reads the message
        print("error %s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else ""))
        return 1
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
