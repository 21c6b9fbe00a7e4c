#!/usr/bin/env python3
"""The real-browser test of `albumscan serve`: headless Chromium opens the pairing link, sets a fixture cover on the
SCAN input, sees "We found ALBUM by ARTIST", grades it, finds it in the page's catalogue and in `albumscan history
--json` with its grades, and takes screenshots 390 px and 1280 px wide.

Usage: serve_page.py BINARY [SCREENSHOT_DIR]. Exits 0 and prints "SKIP: reason" only where the browser is absent.
Replayed HTTP (Fixtures/recordings): no key, no network.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COVER = os.path.join(ROOT, "Fixtures", "covers", "01-velvet-circuit.jpg")
RECORDINGS = os.path.join(ROOT, "Fixtures", "recordings")
CHROMEDRIVER = "/usr/bin/chromedriver"
GRADE = "Very Good Plus (VG+)"


def skip(reason):
    print(f"SKIP: {reason}")
    sys.exit(0)


def albumscan(binary, home, *args):
    env = clean_env(home)
    return subprocess.run([binary, *args], env=env, capture_output=True, text=True, timeout=120)


def clean_env(home):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANTHROPIC_", "GEMINI_", "GOOGLE_API"))}
    env.pop("ALBUMSCAN_PROVIDER", None)
    env["ALBUMSCAN_HOME"] = home
    return env


def viewport(driver, width, height, mobile):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


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
        from selenium.common.exceptions import TimeoutException
        from selenium.webdriver.support import expected_conditions as EC
        from selenium.webdriver.support.ui import Select, WebDriverWait
    except ImportError:
        skip("python3-selenium is not installed (make deps installs it)")

    work = tempfile.mkdtemp(prefix="albumscan-browser-")
    # What the CLI says this cover is, in a home of its own: the page must say the same.
    cli_home = os.path.join(work, "cli")
    os.makedirs(cli_home)
    albumscan(binary, cli_home, "account", "set-tier", "ultra")
    cli = albumscan(binary, cli_home, "scan", COVER, "--replay", RECORDINGS, "--json", "--quiet")
    expected = json.loads(cli.stdout.splitlines()[0])["album"]
    home = os.path.join(work, "serve")
    os.makedirs(home)
    albumscan(binary, home, "account", "set-tier", "ultra")
    server = subprocess.Popen(
        [binary, "serve", "--bind", "127.0.0.1", "--port", "0", "--replay", RECORDINGS, "--location", "Bin 4"],
        env=clean_env(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    driver = None
    try:
        link = server.stdout.readline().strip()
        assert link.startswith("http://127.0.0.1:") and "/pair?token=" in link, f"no pairing link: {link!r}"
        options = webdriver.ChromeOptions()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=390,844"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
        # A phone's viewport (Chrome's windows are never narrower than 500 px; the emulated viewport can be).
        viewport(driver, 390, 844, mobile=True)
        wait = WebDriverWait(driver, 60)
        driver.get(link)
        wait.until(EC.presence_of_element_located((By.ID, "scan-input")))
        assert "token=" not in driver.current_url, "the token left the address bar"
        wait.until(lambda d: "live" in d.find_element(By.ID, "connection").text)
        driver.find_element(By.ID, "scan-input").send_keys(COVER)
        headline = f"We found {expected['title']} by {expected['artist']}"
        wait.until(lambda d: any(headline in e.text for e in d.find_elements(By.CSS_SELECTOR, "#queue .result .headline")))
        print(f"page: {headline}")
        form = driver.find_element(By.CSS_SELECTOR, "#queue .grade-form")
        Select(form.find_element(By.NAME, "mediaCondition")).select_by_visible_text(GRADE)
        Select(form.find_element(By.NAME, "sleeveCondition")).select_by_visible_text("Near Mint (NM or M-)")
        form.find_element(By.CSS_SELECTOR, "button.save").click()
        wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#queue .grade-form .saved").text == "Saved")
        # The catalogue lists the scan as soon as it is saved, and shows the grade once it has reloaded after the save.
        def catalogue(d):
            return d.find_element(By.ID, "history-list").text
        try:
            wait.until(lambda d: expected["title"] in catalogue(d) and GRADE in catalogue(d))
        except TimeoutException:
            raise AssertionError(f"the catalogue does not show the grade: {catalogue(driver)!r}")
        print("page: the scan is in the catalogue with its grade")
        driver.execute_script("window.scrollTo(0, 0)")
        narrow = os.path.join(shots, "serve-390.png")
        driver.save_screenshot(narrow)
        driver.set_window_size(1280, 900)
        viewport(driver, 1280, 900, mobile=False)
        time.sleep(0.5)
        wide = os.path.join(shots, "serve-1280.png")
        driver.save_screenshot(wide)
        print(f"screenshots: {narrow} {wide}")
    finally:
        if driver is not None:
            driver.quit()
        server.send_signal(signal.SIGINT)
        try:
            status = server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            status = server.wait()
        stderr = server.stderr.read()
    assert status == 0, f"serve exited {status}: {stderr}"
    history = json.loads(albumscan(binary, home, "history", "--json").stdout)
    match = [s for s in history if s["album"]["title"] == expected["title"]]
    assert len(match) == 1, f"history --json has {len(match)} scans of {expected['title']}"
    assert match[0]["mediaCondition"] == GRADE, match[0]
    assert match[0]["sleeveCondition"] == "Near Mint (NM or M-)", match[0]
    assert match[0]["location"] == "Bin 4", match[0]
    print("history --json: the scan, once, with its grades and the session's location")
    shutil.rmtree(work, ignore_errors=True)
    print("PASS")


if __name__ == "__main__":
    main()
