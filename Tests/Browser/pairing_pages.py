#!/usr/bin/env python3
"""Real-browser checks of `albumscan serve`'s doors for a browser that is not paired yet (DESIGN wave 5, "Pairing and
unpaired browsers"), and of the downloads panel, in headless Chromium at 390 and 1280 px:

- an unpaired browser opening the page sees an HTML page saying how to pair (not JSON);
- a pairing link clicked on another site's page ("localhost" links to "127.0.0.1", another site) pairs the browser:
  the server answers 200 with a page that moves on within its own site, so the Strict cookie is sent;
- an old pairing link clicked there shows a page saying the link is old;
- the pairing link typed in the address bar still answers 303 and pairs;
- once paired, the downloads panel shows the CSV's report (what it lists) before the download.

Usage: pairing_pages.py BINARY [SCREENSHOT_DIR]. Exits 0 and prints "SKIP: reason" only where the browser is absent.
Replayed HTTP (Fixtures/recordings): no key, no network.
"""
import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECORDINGS = os.path.join(ROOT, "Fixtures", "recordings")
COVER = os.path.join(ROOT, "Fixtures", "covers", "01-velvet-circuit.jpg")
CHROMEDRIVER = "/usr/bin/chromedriver"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """The other site's page server, without a log line per request."""

    def log_message(self, *args):
        pass


def skip(reason):
    print(f"SKIP: {reason}")
    sys.exit(0)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(64)
    binary = os.path.abspath(sys.argv[1])
    shots = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="albumscan-shots-")
    if not shutil.which("chromium") or not os.path.exists(CHROMEDRIVER):
        skip("chromium or chromium-driver is not installed (make deps installs them)")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait
    except ImportError:
        skip("python3-selenium is not installed (make deps installs it)")

    home = tempfile.mkdtemp(prefix="albumscan-pairing-")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANTHROPIC_", "GEMINI_", "GOOGLE_API"))}
    env.pop("ALBUMSCAN_PROVIDER", None)
    env["ALBUMSCAN_HOME"] = home
    serve = subprocess.Popen(
        [binary, "serve", "--bind", "127.0.0.1", "--port", "0", "--replay", RECORDINGS], env=env,
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    link = serve.stdout.readline().strip()
    assert "/pair?token=" in link, f"serve printed {link!r}"
    origin = link.split("/pair")[0]
    old = origin + "/pair?token=an-old-token-that-was-renewed-long-ago"
    site = tempfile.mkdtemp(prefix="albumscan-othersite-")
    with open(os.path.join(site, "index.html"), "w") as page:
        page.write(f'<!doctype html><a id="good" href="{link}">pair</a> <a id="old" href="{old}">old</a>')
    other = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=site))
    threading.Thread(target=other.serve_forever, daemon=True).start()
    # "localhost" is another site than "127.0.0.1": the click is a cross-site navigation.
    other_page = f"http://localhost:{other.server_address[1]}/index.html"

    def browser(width, height):
        options = webdriver.ChromeOptions()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 2 if width < 600 else 1, "mobile": width < 600})
        return driver

    def paired(driver):
        return bool(driver.find_elements(By.ID, "scan-input"))

    try:
        for width, height in ((390, 844), (1280, 900)):
            driver = browser(width, height)
            try:
                driver.get(origin + "/")
                text = driver.find_element(By.TAG_NAME, "body").text
                assert not paired(driver) and "not paired" in text and "QR code" in text, text
                assert not text.lstrip().startswith("{"), "an unpaired browser sees a page, not JSON"
                driver.save_screenshot(os.path.join(shots, f"unpaired-{width}.png"))
                print(f"{width} px: an unpaired browser sees: {text.splitlines()[0]!r}")

                driver.get(other_page)
                driver.find_element(By.ID, "old").click()
                WebDriverWait(driver, 20).until(lambda d: "pair" in d.current_url)
                text = driver.find_element(By.TAG_NAME, "body").text
                assert not paired(driver) and "old" in text.lower(), text
                print(f"{width} px: an old link from another site: {text.splitlines()[0]!r}")

                driver.get(other_page)
                driver.find_element(By.ID, "good").click()
                WebDriverWait(driver, 30).until(paired)
                assert "token=" not in driver.current_url, driver.current_url
                driver.save_screenshot(os.path.join(shots, f"paired-from-another-site-{width}.png"))
                print(f"{width} px: a pairing link clicked on another site's page pairs the browser")
            finally:
                driver.quit()

        # The address bar: 303 and paired; then the downloads panel reports before it downloads.
        driver = browser(390, 844)
        try:
            driver.get(link)
            WebDriverWait(driver, 30).until(paired)
            driver.find_element(By.ID, "scan-input").send_keys(COVER)
            WebDriverWait(driver, 60).until(
                lambda d: any("We found" in e.text for e in d.find_elements(By.CSS_SELECTOR, "#queue .headline")))
            button = next(b for b in driver.find_elements(By.CSS_SELECTOR, "#export-formats button")
                          if b.text.startswith("CSV"))
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            WebDriverWait(driver, 30).until(
                lambda d: d.find_element(By.ID, "export-status").text == "1 scan in this file.")
            download = driver.find_element(By.CSS_SELECTOR, "#export-body a")
            assert download.get_attribute("href").endswith("/api/export?format=csv"), download.get_attribute("href")
            driver.save_screenshot(os.path.join(shots, "downloads-390.png"))
            print("390 px: the address bar pairs; the downloads panel says '1 scan in this file.' before the download")
        finally:
            driver.quit()
    finally:
        serve.terminate()
        serve.wait(timeout=30)
        other.shutdown()
        shutil.rmtree(home, ignore_errors=True)
        shutil.rmtree(site, ignore_errors=True)
    print(f"screenshots: {shots}")


main()
