#!/usr/bin/env python3
"""The real-browser test of `albumscan serve`: headless Chromium opens the pairing link, sets a fixture cover on the
SCAN input, sees "We found ALBUM by ARTIST", grades it, finds it in the page's catalogue and in `albumscan history
--json` with its grades, and takes screenshots 390 px and 1280 px wide. Then, on the same server (DESIGN wave 5):

- grades survive a reload and a later comment (each save sends only the fields changed, with If-Match);
- two paired browsers edit one scan: the second save is told of the first (412), shows both values, and "Keep mine"
  and "Use theirs" each leave one consistent scan; the dialog lists the change log (screenshots at 390 px);
- a photo that ended unidentified costs no model call after a server restart, nor when it is taken again, and
  "Dismiss" takes it off the phone;
- a photo taken while the server is down is sent when it answers again, without a reload.

Then, on a second server backed by the live fakes (albumscan-fakes, reviews 4 s long), the clerk's page (issue 50):
grading at "We found" while the review is written (the grades survive the result; the form goes on with the scan);
a waiting card that says the computer does not answer when it is killed; "Wrong album?" by artist and title on a
result, and the catalogue dialog's "Your photo" (the kept photo); a non-image named, an alert, dismissed; a refused
save in the error colour; two photos named image.jpg told apart; no broken image; a cleared default that stays
cleared after a reload; an unidentified card that says why and, sent a generated back with a barcode, becomes
an identified card named by the barcode. Screenshots at 390 and 1280 px.

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
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COVER = os.path.join(ROOT, "Fixtures", "covers", "01-velvet-circuit.jpg")
SECOND_COVER = os.path.join(ROOT, "Fixtures", "covers", "02-harbour-lights.jpg")
# A cover the replayed model cannot identify (as the CLI's own tests find).
UNIDENTIFIABLE = os.path.join(ROOT, "Fixtures", "covers", "11-blurred-frame.jpg")
RECORDINGS = os.path.join(ROOT, "Fixtures", "recordings")
CHROMEDRIVER = "/usr/bin/chromedriver"
GRADE = "Very Good Plus (VG+)"
SLEEVE = "Near Mint (NM or M-)"


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


def model_calls(binary, home):
    """The model calls this home has paid for (`account --json`'s usage)."""
    account = json.loads(albumscan(binary, home, "account", "--json").stdout)
    return sum(row["calls"] for row in account["usage"])


class Serve:
    """`albumscan serve` on loopback with replayed HTTP; stopped and started again on the same port (the page's
    origin) to stand for a restart or a computer that went away."""

    def __init__(self, binary, home, fakes=None, args=("--location", "Bin 4")):
        self.binary, self.home, self.port, self.process, self.link = binary, home, 0, None, None
        self.fakes, self.args = fakes, list(args)

    def start(self):
        # Replayed HTTP, or the live fakes (`fakes`: the environment lines albumscan-fakes printed).
        source = [] if self.fakes else ["--replay", RECORDINGS]
        env = clean_env(self.home)
        env.update(self.fakes or {})
        self.process = subprocess.Popen(
            [self.binary, "serve", "--bind", "127.0.0.1", "--port", str(self.port), *source, *self.args],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        link = self.process.stdout.readline().strip()
        assert link.startswith("http://127.0.0.1:") and "/pair?token=" in link, f"no pairing link: {link!r}"
        self.link = link
        self.port = int(link.split(":")[2].split("/")[0])
        self.token = link.split("token=")[1]
        self.origin = f"http://127.0.0.1:{self.port}"

    def stop(self):
        """SIGINT; the exit status (0: nothing was cut short) and stderr."""
        self.process.send_signal(signal.SIGINT)
        try:
            status = self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = self.process.wait()
        stderr = self.process.stderr.read()
        self.process = None
        return status, stderr

    def kill(self):
        """SIGKILL: the computer goes away mid-scan, with no word to the page."""
        self.process.kill()
        self.process.wait()
        self.process = None

    def get(self, path):
        """A GET of the API as a script makes it (the bearer token), as JSON."""
        request = urllib.request.Request(self.origin + path, headers={"Authorization": f"Bearer {self.token}"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())


def start_fakes(binary, review_ms):
    """albumscan-fakes (built beside albumscan) with reviews that take `review_ms`: its process and environment."""
    fakes = os.path.join(os.path.dirname(binary), "albumscan-fakes")
    process = subprocess.Popen([fakes, "--review-latency-ms", str(review_ms), "--ignore-stdin"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    env = {}
    os.set_blocking(process.stdout.fileno(), False)
    deadline = time.time() + 30
    while time.time() < deadline:
        line = process.stdout.readline()
        if line:
            name, _, value = line.strip().partition("=")
            env[name] = value
        elif env:
            time.sleep(0.5)
            if not process.stdout.readline():
                break
        else:
            time.sleep(0.1)
    assert any(k.startswith("OPENAI") for k in env), f"albumscan-fakes printed no environment: {env}"
    return process, env


EAN_LEFT_ODD = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111",
                "0001011"]
EAN_FIRST_DIGIT = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]


def ean13_modules(digits):
    """The 95 modules (True: a bar) of an EAN-13 symbol: start guard, six left digits in L or G code as the first
    digit says, the centre guard, six right digits in R code, the end guard."""
    def right(d):
        return "".join("1" if c == "0" else "0" for c in EAN_LEFT_ODD[d])
    bits = "101"
    for parity, d in zip(EAN_FIRST_DIGIT[int(digits[0])], map(int, digits[1:7])):
        bits += EAN_LEFT_ODD[d] if parity == "L" else right(d)[::-1]
    bits += "01010" + "".join(right(int(d)) for d in digits[7:]) + "101"
    assert len(bits) == 95, bits
    return [b == "1" for b in bits]


def back_sleeve_png(digits, path, side=900, module=3):
    """A generated back of a sleeve as a PNG (no imaging library needed): a dark field, a few pale lines standing
    for a track list, and the EAN-13 `digits` on a white label."""
    import struct
    import zlib
    rows = [bytearray([52, 70, 96] * side) for _ in range(side)]

    def fill(x0, y0, width, height, level):
        for y in range(max(y0, 0), min(y0 + height, side)):
            rows[y][max(x0, 0) * 3:min(x0 + width, side) * 3] = bytes([level]) * ((min(x0 + width, side) - max(x0, 0)) * 3)
    for line in range(8):
        fill(side // 10, side // 10 + line * side // 18, side // 2 - (line % 3) * side // 12, side // 60, 225)
    quiet, bar_height = 11 * module, side * 15 // 100
    label_width = 95 * module + 2 * quiet
    left, top = side - label_width - side // 12, side - bar_height - side // 12 - 8 * module
    fill(left, top, label_width, bar_height + 8 * module, 250)
    for index, dark in enumerate(ean13_modules(digits)):
        if dark:
            fill(left + quiet + index * module, top + 4 * module, module, bar_height, 15)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)) \
        + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")
    with open(path, "wb") as handle:
        handle.write(png)
    return path


def clerk_flows(binary, work, shots, browser, drivers, expected, second, helpers):
    """Issue 50, the clerk's page, on a server backed by the live fakes (reviews take 4 s): grading while the review
    is written, a card that says the computer does not answer, "Wrong album?", a non-image named and dismissed,
    cleared defaults that stay cleared, and no broken images; screenshots at 390 and 1280 px."""
    h = helpers
    By, EC, Select, Wait = h["By"], h["EC"], h["Select"], h["WebDriverWait"]
    fakes, env = start_fakes(binary, 4000)
    home = os.path.join(work, "clerk")
    os.makedirs(home)
    albumscan(binary, home, "account", "set-tier", "ultra")
    slow = Serve(binary, home, fakes=env, args=("--location", "Bin 9", "--sku", "C-{n}"))
    slow.start()
    try:
        clerk = browser()
        clerk.get(slow.link)
        Wait(clerk, 60).until(EC.presence_of_element_located((By.ID, "scan-input")))
        h["live"](clerk)

        def both_widths(name):
            clerk.execute_script("window.scrollTo(0, 0)")
            narrow = h["shoot"](clerk, clerk.find_element(By.ID, "queue"), f"{name}-390.png")
            h["viewport"](clerk, 1280, 900, mobile=False)
            time.sleep(0.5)
            wide = h["shoot"](clerk, clerk.find_element(By.ID, "queue"), f"{name}-1280.png")
            h["viewport"](clerk, 390, 844, mobile=True)
            time.sleep(0.3)
            return narrow, wide

        # (e) Grade while the review is written: the form comes with "We found", before the result.
        clerk.find_element(By.ID, "scan-input").send_keys(COVER)
        early = Wait(clerk, 60).until(lambda d: d.find_element(By.CSS_SELECTOR, "#queue .outcome > .found .grade-form"))
        assert not clerk.find_elements(By.CSS_SELECTOR, "#queue .result"), "the form came only with the result"
        found = f"We found {expected['title']} by {expected['artist']}"
        assert found in h["queue_text"](clerk), h["queue_text"](clerk)
        Select(early.find_element(By.NAME, "mediaCondition")).select_by_visible_text(GRADE)
        h["type_into"](early, "comments", "Graded early")
        early.find_element(By.CSS_SELECTOR, "button.save").click()
        h["saved"](clerk, early)
        assert not clerk.find_elements(By.CSS_SELECTOR, "#queue .result"), "the review came before the grades were saved"
        shots_e = both_widths("found")
        # Typed, not saved, while the review arrives: it stays in the form, which now saves to the scan.
        h["type_into"](early, "price", "12,50")
        Wait(clerk, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#queue .result .grade-form"))
        form = clerk.find_element(By.CSS_SELECTOR, "#queue .result .grade-form")
        assert form == early, "the form drawn at found goes on with the scan"
        assert form.find_element(By.NAME, "price").get_attribute("value") == "12,50"
        assert Select(form.find_element(By.NAME, "mediaCondition")).first_selected_option.text == GRADE
        scan_id = int(form.get_attribute("data-scan-id"))
        scan = slow.get(f"/api/scans/{scan_id}")
        assert (scan["mediaCondition"], scan["comments"], scan["location"]) == (GRADE, "Graded early", "Bin 9"), scan
        assert scan["sku"] == "C-1", scan
        form.find_element(By.CSS_SELECTOR, "button.save").click()
        h["saved"](clerk, form)
        assert slow.get(f"/api/scans/{scan_id}")["price"] == "12.50"
        print(f"(e) graded at \"We found\", before the review: the scan kept the grade, then took the price; {shots_e}")

        # (e) A card waiting on a computer that went away says so, then goes on when it is back.
        clerk.find_element(By.ID, "scan-input").send_keys(SECOND_COVER)
        # Its album found, its review being written (the first card's form has its scan by now).
        Wait(clerk, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#queue .outcome > .found .grade-form"))
        slow.kill()
        Wait(clerk, 60).until(lambda d: "The computer does not answer" in h["queue_text"](d))
        waiting = [c for c in clerk.find_elements(By.CSS_SELECTOR, "#queue .job") if "does not answer" in c.text][0]
        offline = h["shoot"](clerk, waiting.find_element(By.CSS_SELECTOR, ".status"), "offline-390.png")
        slow.start()
        title = f"We found {second['title']} by {second['artist']}"
        Wait(clerk, 90).until(lambda d: any(title in e.text for e in d.find_elements(By.CSS_SELECTOR, "#queue .result .headline")))
        assert "The computer does not answer" not in h["queue_text"](clerk)
        # The card of the job the restart forgot goes (its photo follows the job the server queued again), and does
        # not come back when a timer drawn for it fires.
        time.sleep(5)
        ghosts = clerk.find_elements(By.CSS_SELECTOR, "#queue .outcome > .found")
        assert not ghosts, f"a card still waits for a job the server no longer has: {h['queue_text'](clerk)!r}"
        print(f"(e) the waiting card said the computer does not answer, and ended once it was back; {offline}")

        # (f) "Wrong album?": the first scan corrected to the second album by typing artist and title.
        card = [c for c in clerk.find_elements(By.CSS_SELECTOR, "#queue .job")
                if c.find_elements(By.CSS_SELECTOR, f'.grade-form[data-scan-id="{scan_id}"]')][0]
        note = card.find_element(By.CSS_SELECTOR, ".verification-note").text
        assert len(note) > 20, note
        card.find_element(By.CSS_SELECTOR, "button.wrong-album-open").click()
        fix = card.find_element(By.CSS_SELECTOR, ".wrong-album-form")
        h["type_into"](fix, "artist", second["artist"])
        h["type_into"](fix, "title", second["title"])
        fix.find_element(By.CSS_SELECTOR, "button.wrong-album-fix").click()
        try:
            Wait(clerk, 60).until(
                lambda d: any(e.text.startswith("Now:") for e in d.find_elements(By.CSS_SELECTOR, "#queue .corrected")))
        except Exception:
            raise AssertionError(f"no correction said: {h['queue_text'](clerk)!r}")
        said = [e.text for e in clerk.find_elements(By.CSS_SELECTOR, "#queue .corrected")]
        fixed = slow.get(f"/api/scans/{scan_id}")
        assert fixed["album"]["title"] == second["title"], fixed["album"]
        assert fixed["mediaCondition"] == GRADE, "the correction kept the grade"
        shots_f = both_widths("corrected")
        print(f"(f) \"Wrong album?\" by artist and title: {said}; {shots_f}")
        # The catalogue's dialog: "Your photo" is the photo the computer kept (not the album's artwork), with "Wrong album?".
        entry = f'#history-list li[data-scan-id="{scan_id}"]'
        Wait(clerk, 60).until(EC.element_to_be_clickable((By.CSS_SELECTOR, entry))).click()
        Wait(clerk, 30).until(lambda d: d.find_element(By.ID, "detail").get_attribute("open") is not None)
        photo = Wait(clerk, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, "#detail .your-photo img.photo"))
        Wait(clerk, 30).until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", photo))
        assert photo.get_attribute("src").endswith(f"/api/scans/{scan_id}/photo"), photo.get_attribute("src")
        assert clerk.find_elements(By.CSS_SELECTOR, "#detail button.wrong-album-open")
        assert len(clerk.find_element(By.CSS_SELECTOR, "#detail .verification-note").text) > 20
        dialog = h["shoot"](clerk, clerk.find_element(By.ID, "detail"), "dialog-390.png")
        clerk.find_element(By.CSS_SELECTOR, "#detail form[method=dialog] button").click()
        print(f"(f) the catalogue dialog shows the kept photo as \"Your photo\" and offers \"Wrong album?\"; {dialog}")

        # (g) A file that is not a photo: named, one sentence, an alert, dismissed.
        notes = os.path.join(work, "notes.txt")
        with open(notes, "w") as handle:
            handle.write("not a photo\n" * 20)
        clerk.find_element(By.ID, "library-input").send_keys(notes)
        alert = Wait(clerk, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, "#queue [role=alert]"))
        words = alert.text
        assert alert.text == "notes.txt is not a photo the computer can read: send a JPEG, PNG or HEIC photo.", alert.text
        assert "`" not in h["queue_text"](clerk)
        colour = clerk.execute_script("return getComputedStyle(arguments[0]).color", alert)
        refused = h["shoot"](clerk, alert, "refused-390.png")
        alert.find_element(By.XPATH, "..").find_element(By.CSS_SELECTOR, "button.dismiss").click()
        Wait(clerk, 10).until(lambda d: "notes.txt" not in h["queue_text"](d))
        print(f"(g) a non-image: {words!r} in {colour}, dismissed; {refused}")

        # (g) A save the computer refuses says so in the error colour, as an alert; a save that works, in green.
        form = clerk.find_element(By.CSS_SELECTOR, f'#queue .grade-form[data-scan-id="{scan_id}"]')
        h["type_into"](form, "price", "12,5x")
        form.find_element(By.CSS_SELECTOR, "button.save").click()
        refusal = Wait(clerk, 30).until(lambda d: form.find_element(By.CSS_SELECTOR, ".save-error[role=alert]"))
        refused_words = refusal.text
        assert refused_words.startswith("Not saved: price '12,5x' is not a price"), refused_words
        assert clerk.execute_script("return getComputedStyle(arguments[0]).color", refusal) == colour
        h["type_into"](form, "price", "14")
        form.find_element(By.CSS_SELECTOR, "button.save").click()
        h["saved"](clerk, form)
        ok = clerk.execute_script("return getComputedStyle(arguments[0]).color", form.find_element(By.CSS_SELECTOR, ".saved"))
        assert ok != colour, ok
        print(f"(g) a refused save: {refused_words[:60]!r}… in {colour} (role=alert); \"Saved\" in {ok}")

        # (j) Two camera photos both called image.jpg are told apart by the time they were taken.
        names = []
        for cover in ("05-ac-dz.jpg", "06-paper-kites.jpg"):
            folder = os.path.join(work, cover.split(".")[0])
            os.makedirs(folder)
            shutil.copy(os.path.join(ROOT, "Fixtures", "covers", cover), os.path.join(folder, "image.jpg"))
            names.append(os.path.join(folder, "image.jpg"))
        clerk.find_element(By.ID, "library-input").send_keys("\n".join(names))
        def given(d):
            return [e.text for e in d.find_elements(By.CSS_SELECTOR, "#queue .status .meta") if e.text.startswith("photo-")]
        Wait(clerk, 90).until(lambda d: len(given(d)) == 2)
        assert len(set(given(clerk))) == 2 and "image.jpg" not in h["queue_text"](clerk), given(clerk)
        print(f"(j) two photos named image.jpg went as {given(clerk)}")

        # (h) No broken image anywhere: a scan without artwork shows a placeholder.
        broken = clerk.execute_script(
            "return [...document.querySelectorAll('img')].filter(i => i.getAttribute('src') && i.complete && i.naturalWidth === 0).length")
        assert broken == 0, f"{broken} broken images"

        # (k) An unidentified cover says why and offers "Photograph the back": a generated back with the EAN-13 of a
        # release the fakes know turns the card into an identified one, named by the barcode (no identification call).
        clerk.find_element(By.ID, "scan-input").send_keys(UNIDENTIFIABLE)
        unidentified_card = "return [...document.querySelectorAll('#queue .job')]" \
            ".filter(c => c.innerText.includes('Unable to identify'))"
        Wait(clerk, 60).until(lambda d: d.execute_script(unidentified_card + ".length") == 1)
        card = clerk.execute_script(unidentified_card + "[0]")
        reason = card.find_element(By.CSS_SELECTOR, ".unidentified-reason").text
        assert len(reason) > 10 and "albumscan" not in reason, reason
        assert card.find_element(By.CSS_SELECTOR, "label.back-photo-open").text == "Photograph the back"
        assert card.find_element(By.CSS_SELECTOR, "input.back-photo-input").get_attribute("capture") == "environment"
        assert "model call" in card.find_element(By.CSS_SELECTOR, "button.retry").text
        def card_widths(name, find):
            """Screenshots at 390 and 1280 px with the card `find` (a script returning it) at the top."""
            paths = []
            for width, height, mobile in ((390, 844, True), (1280, 900, False)):
                h["viewport"](clerk, width, height, mobile=mobile)
                time.sleep(0.4)
                clerk.execute_script(f"({find}).scrollIntoView({{block: 'start'}})")
                time.sleep(0.3)
                paths.append(os.path.join(shots, f"{name}-{width}.png"))
                clerk.save_screenshot(paths[-1])
            h["viewport"](clerk, 390, 844, mobile=True)
            return paths
        first_card = "(" + unidentified_card.replace("return ", "") + ")[0]"
        card_shots = card_widths("unidentified", first_card)
        back = back_sleeve_png("5012345678900", os.path.join(work, "back.png"))
        clerk.execute_script(unidentified_card + "[0]").find_element(By.CSS_SELECTOR, "input.back-photo-input").send_keys(back)
        named = f"We found {expected['title']} by {expected['artist']}"

        def pinned(d):
            return [e for e in d.find_elements(By.CSS_SELECTOR, "#queue .result") if named in e.text
                    and e.find_elements(By.CSS_SELECTOR, ".grade-form[data-scan-id]")]
        try:
            Wait(clerk, 90).until(lambda d: pinned(d) and not d.execute_script(unidentified_card + ".length"))
        except Exception:
            raise AssertionError(f"the back did not identify the card: {h['queue_text'](clerk)!r}")
        back_id = max(int(e.find_element(By.CSS_SELECTOR, ".grade-form").get_attribute("data-scan-id")) for e in pinned(clerk))
        pinned_scan = slow.get(f"/api/scans/{back_id}")
        assert pinned_scan["identification"]["method"] == "barcode", pinned_scan["identification"]
        assert pinned_scan["identification"]["calls"] == 0, pinned_scan["identification"]
        assert pinned_scan["album"]["barcode"] == "5012345678900", pinned_scan["album"]
        pinned_card = f"document.querySelector('#queue .grade-form[data-scan-id=\"{back_id}\"]').closest('.job')"
        pinned_shots = card_widths("back-identified", pinned_card)
        print(f"(k) unidentified: {reason!r}; the back's barcode named scan #{back_id} with no identification call; "
              f"{card_shots} {pinned_shots}")

        # (i) Defaults: a cleared shelf stays cleared after a reload; the summary names every default.
        clerk.find_element(By.CSS_SELECTOR, "#defaults summary").click()
        summary = clerk.find_element(By.ID, "defaults-summary").text
        assert "shelf Bin 9" in summary and "SKU C-{n}" in summary, summary
        shelf = clerk.find_element(By.CSS_SELECTOR, "#defaults-form [name=location]")
        shelf.clear()
        h["type_into"](clerk.find_element(By.ID, "defaults-form"), "price", "7")
        clerk.find_element(By.ID, "defaults-summary").click()
        Wait(clerk, 10).until(lambda d: "price 7" in d.find_element(By.ID, "defaults-summary").text)
        clerk.refresh()
        h["live"](clerk)
        Wait(clerk, 10).until(lambda d: "price 7" in d.find_element(By.ID, "defaults-summary").text)
        summary = clerk.find_element(By.ID, "defaults-summary").text
        assert "shelf" not in summary and "SKU C-{n}" in summary, summary
        assert clerk.find_element(By.CSS_SELECTOR, "#defaults-form [name=location]").get_attribute("value") == ""
        clerk.find_element(By.CSS_SELECTOR, "#defaults summary").click()
        defaults = h["shoot"](clerk, clerk.find_element(By.ID, "defaults"), "defaults-390.png")
        print(f"(i) the cleared shelf stayed cleared after a reload: {summary!r}; {defaults}")
        clerk.quit()
        drivers.remove(clerk)
    finally:
        if slow.process:
            slow.stop()
        fakes.terminate()
        fakes.wait(timeout=30)


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
        from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
        from selenium.webdriver.support import expected_conditions as EC
        from selenium.webdriver.support.ui import Select
        from selenium.webdriver.support.ui import WebDriverWait as SeleniumWait

        def WebDriverWait(driver, seconds):
            """A wait that looks again when the page redrew an element it was reading (a stale reference)."""
            return SeleniumWait(driver, seconds, ignored_exceptions=(StaleElementReferenceException,))
    except ImportError:
        skip("python3-selenium is not installed (make deps installs it)")

    work = tempfile.mkdtemp(prefix="albumscan-browser-")
    # What the CLI says these covers are, in a home of its own: the page must say the same.
    cli_home = os.path.join(work, "cli")
    os.makedirs(cli_home)
    albumscan(binary, cli_home, "account", "set-tier", "ultra")
    cli = albumscan(binary, cli_home, "scan", COVER, SECOND_COVER, "--replay", RECORDINGS, "--json", "--quiet")
    lines = [json.loads(line) for line in cli.stdout.splitlines()]
    expected, second = lines[0]["album"], lines[1]["album"]
    home = os.path.join(work, "serve")
    os.makedirs(home)
    albumscan(binary, home, "account", "set-tier", "ultra")
    serve = Serve(binary, home)
    serve.start()
    drivers = []

    def browser():
        options = webdriver.ChromeOptions()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=390,844"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
        drivers.append(driver)
        # A phone's viewport (Chrome's windows are never narrower than 500 px; the emulated viewport can be).
        viewport(driver, 390, 844, mobile=True)
        return driver

    def paired(driver):
        wait = WebDriverWait(driver, 60)
        driver.get(serve.link)
        wait.until(EC.presence_of_element_located((By.ID, "scan-input")))
        assert "token=" not in driver.current_url, "the token left the address bar"
        live(driver)
        return wait

    def live(driver):
        WebDriverWait(driver, 60).until(lambda d: d.find_element(By.ID, "connection").text == "live")

    def queue_text(d):
        return d.find_element(By.ID, "queue").text

    def open_scan(driver, scan_id):
        """The catalogue's entry of scan `scan_id`, opened: its dialog's grading form."""
        wait = WebDriverWait(driver, 60)
        entry = f'#history-list li[data-scan-id="{scan_id}"]'
        wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, entry))).click()
        wait.until(lambda d: d.find_element(By.ID, "detail").get_attribute("open") is not None)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#detail .changes h3"))
        return driver.find_element(By.CSS_SELECTOR, "#detail .grade-form")

    def close_dialog(driver):
        driver.find_element(By.CSS_SELECTOR, "#detail form[method=dialog] button").click()
        WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "detail").get_attribute("open") is None)

    def type_into(form, name, text):
        field = form.find_element(By.NAME, name)
        field.clear()
        field.send_keys(text)

    def saved(driver, form, words="Saved"):
        WebDriverWait(driver, 60).until(lambda d: form.find_element(By.CSS_SELECTOR, ".saved").text == words)

    def kept_photos(driver):
        """How many photos the page keeps on the phone (IndexedDB)."""
        return driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const open = indexedDB.open('albumscan', 1);
            open.onsuccess = () => {
              const request = open.result.transaction('photos').objectStore('photos').count();
              request.onsuccess = () => { done(request.result); open.result.close(); };
            };
            open.onerror = () => done(-1);""")

    def shoot(driver, element, name):
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        time.sleep(0.3)
        path = os.path.join(shots, name)
        driver.save_screenshot(path)
        return path

    final = {}
    try:
        driver = browser()
        wait = paired(driver)
        driver.find_element(By.ID, "scan-input").send_keys(COVER)
        headline = f"We found {expected['title']} by {expected['artist']}"
        wait.until(lambda d: any(headline in e.text for e in d.find_elements(By.CSS_SELECTOR, "#queue .result .headline")))
        print(f"page: {headline}")
        form = driver.find_element(By.CSS_SELECTOR, "#queue .grade-form")
        scan_id = int(form.get_attribute("data-scan-id"))
        Select(form.find_element(By.NAME, "mediaCondition")).select_by_visible_text(GRADE)
        Select(form.find_element(By.NAME, "sleeveCondition")).select_by_visible_text(SLEEVE)
        type_into(form, "sku", "A-1")
        type_into(form, "price", "13")
        form.find_element(By.CSS_SELECTOR, "button.save").click()
        saved(driver, form)
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
        viewport(driver, 390, 844, mobile=True)

        # (a) The grades survive a reload and a comment saved after it: the comment's PATCH names only the comment.
        driver.refresh()
        live(driver)
        form = open_scan(driver, scan_id)
        type_into(form, "comments", "Gatefold")
        form.find_element(By.CSS_SELECTOR, "button.save").click()
        saved(driver, form)
        scan = serve.get(f"/api/scans/{scan_id}")
        got = {k: scan[k] for k in ("mediaCondition", "sleeveCondition", "sku", "price", "comments", "location")}
        assert got == {"mediaCondition": GRADE, "sleeveCondition": SLEEVE, "sku": "A-1", "price": "13",
                       "comments": "Gatefold", "location": "Bin 4"}, got
        # The log is drawn again after each save: read it once it holds the save (a wait looks again when redrawn).
        try:
            WebDriverWait(driver, 30).until(
                lambda d: "this phone · Comments: — → Gatefold" in d.find_element(By.CSS_SELECTOR, "#detail .change-log").text)
        except TimeoutException:
            raise AssertionError(driver.find_element(By.CSS_SELECTOR, "#detail .changes").text)
        print(f"(a) after a reload, a comment saved beside the grades (version {scan['version']}): {got}")
        close_dialog(driver)

        # (b) A second paired browser edits the same scan from the same version; the first saves first.
        other = browser()
        paired(other)
        mine = open_scan(driver, scan_id)
        theirs = open_scan(other, scan_id)
        version = serve.get(f"/api/scans/{scan_id}")["version"]
        type_into(mine, "comments", "Signed by the band")
        mine.find_element(By.CSS_SELECTOR, "button.save").click()
        saved(driver, mine)
        type_into(theirs, "comments", "Gatefold, ring wear")
        type_into(theirs, "price", "15")
        theirs.find_element(By.CSS_SELECTOR, "button.save").click()
        conflict = WebDriverWait(other, 30).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "#detail .conflict:not([hidden])"))
        rows = {row.get_attribute("data-field"): [td.text for td in row.find_elements(By.TAG_NAME, "td")]
                for row in conflict.find_elements(By.CSS_SELECTOR, "tbody tr")}
        assert rows == {"comments": ["Gatefold, ring wear", "Signed by the band"], "price": ["15", "13"]}, rows
        assert serve.get(f"/api/scans/{scan_id}")["comments"] == "Signed by the band", "a stale save changed nothing"
        shot = shoot(other, conflict, "conflict-390.png")
        print(f"(b) the second browser's save is stale (412): it shows {rows}; screenshot {shot}")
        conflict.find_element(By.CSS_SELECTOR, "button.keep-mine").click()
        saved(other, theirs)
        scan = serve.get(f"/api/scans/{scan_id}")
        assert (scan["comments"], scan["price"], scan["sku"], scan["mediaCondition"]) == \
            ("Gatefold, ring wear", "15", "A-1", GRADE), scan
        assert scan["version"] == version + 2, (version, scan["version"])
        print(f"(b) \"Keep mine\": the second browser's comment and price over the first's save (version {scan['version']})")
        # The first browser, stale in turn, changes the SKU, then takes the saved values.
        type_into(mine, "sku", "A-2")
        mine.find_element(By.CSS_SELECTOR, "button.save").click()
        conflict = WebDriverWait(driver, 30).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "#detail .conflict:not([hidden])"))
        conflict.find_element(By.CSS_SELECTOR, "button.use-theirs").click()
        saved(driver, mine, "Showing the saved values")
        shown = {name: mine.find_element(By.NAME, name).get_attribute("value") for name in ("sku", "comments", "price")}
        assert shown == {"sku": "A-1", "comments": "Gatefold, ring wear", "price": "15"}, shown
        after = serve.get(f"/api/scans/{scan_id}")
        assert after["version"] == scan["version"] and after["sku"] == "A-1", after
        print("(b) \"Use theirs\": the first browser shows the saved values; nothing was sent")
        WebDriverWait(other, 30).until(
            lambda d: "this phone · Comments: Signed by the band → Gatefold, ring wear"
            in d.find_element(By.CSS_SELECTOR, "#detail .change-log").text)
        log = other.find_element(By.CSS_SELECTOR, "#detail .change-log")
        assert "another phone · Comments: Gatefold → Signed by the band" in log.text, log.text
        shot = shoot(other, other.find_element(By.CSS_SELECTOR, "#detail .changes"), "changes-390.png")
        print(f"(b) the change log in the dialog: {log.text.splitlines()}; screenshot {shot}")
        final.update(comments=after["comments"], price=after["price"], sku=after["sku"])
        close_dialog(driver)
        other.quit()
        drivers.remove(other)

        # (c) A photo that ends unidentified, then a server restart: no model call, the card keeps its ending.
        driver.find_element(By.ID, "scan-input").send_keys(UNIDENTIFIABLE)
        wait.until(lambda d: "Unable to identify this cover art" in queue_text(d))
        paid = model_calls(binary, home)
        status, stderr = serve.stop()
        assert status == 0, f"serve exited {status}: {stderr}"
        wait.until(lambda d: d.find_element(By.ID, "connection").text == "reconnecting…")
        serve.start()
        live(driver)
        time.sleep(3)
        dismissible = driver.execute_script(
            "return [...document.querySelectorAll('#queue .job')].filter(c => c.innerText.includes('Unable to identify'))"
            ".map(c => Boolean(c.querySelector('button.dismiss')))")
        assert dismissible == [True], queue_text(driver)
        driver.refresh()
        live(driver)
        time.sleep(3)
        assert "Unable to identify this cover art" in queue_text(driver), "the ending kept on the phone is shown"
        assert model_calls(binary, home) == paid, "a restart and a reload sent the unidentified photo to the model"
        # Taken again: answered from its last try.
        driver.find_element(By.ID, "scan-input").send_keys(UNIDENTIFIABLE)
        wait.until(lambda d: "Answered from this photo's last try" in queue_text(d))
        assert model_calls(binary, home) == paid, "the photo taken again cost a model call"
        print(f"(c) after a restart, a reload and the photo taken again: still {paid} model calls")
        # Read and click in one script each: the queue redraws as results come, which would leave a reference
        # taken from it stale between two calls.
        unidentified = "return [...document.querySelectorAll('#queue .job')]" \
            ".filter(c => c.innerText.includes('Unable to identify'))"
        while driver.execute_script(unidentified + ".length"):
            count = driver.execute_script(unidentified + ".length")
            driver.execute_script(unidentified.replace("return ", "") + "[0].querySelector('button.dismiss').click()")
            WebDriverWait(driver, 10).until(lambda d, n=count: d.execute_script(unidentified + ".length") < n)
        assert kept_photos(driver) == 0, "a dismissed photo is still on the phone"
        driver.refresh()
        live(driver)
        time.sleep(2)
        assert "Unable to identify" not in queue_text(driver), "a dismissed card came back"
        assert model_calls(binary, home) == paid
        print("(c) dismissed: the photos left the phone, and the cards stay gone after a reload")

        # (d) The server goes away; a photo taken meanwhile waits on the phone and goes when it answers again.
        status, stderr = serve.stop()
        assert status == 0, f"serve exited {status}: {stderr}"
        wait.until(lambda d: d.find_element(By.ID, "connection").text == "reconnecting…")
        driver.execute_script("window.notReloaded = true")
        driver.find_element(By.ID, "scan-input").send_keys(SECOND_COVER)
        wait.until(lambda d: "Not sent yet" in queue_text(d))
        assert kept_photos(driver) == 1
        time.sleep(2)
        serve.start()
        headline = f"We found {second['title']} by {second['artist']}"
        wait.until(lambda d: any(headline in e.text for e in d.find_elements(By.CSS_SELECTOR, "#queue .result .headline")))
        assert driver.execute_script("return window.notReloaded === true"), "the page was reloaded"
        assert "Not sent yet" not in queue_text(driver)
        WebDriverWait(driver, 10).until(lambda d: kept_photos(d) == 0)
        print(f"(d) taken while the server was down, sent when it came back, without a reload: {headline}")
        clerk_flows(binary, work, shots, browser, drivers, expected, second, helpers={
            "live": live, "queue_text": queue_text, "type_into": type_into, "saved": saved, "shoot": shoot,
            "By": By, "EC": EC, "Select": Select, "WebDriverWait": WebDriverWait, "viewport": viewport})
    finally:
        for driver in drivers:
            driver.quit()
        status, stderr = serve.stop() if serve.process else (0, "")
    assert status == 0, f"serve exited {status}: {stderr}"
    history = json.loads(albumscan(binary, home, "history", "--json").stdout)
    match = [s for s in history if s["album"]["title"] == expected["title"]]
    assert len(match) == 1, f"history --json has {len(match)} scans of {expected['title']}"
    assert match[0]["mediaCondition"] == GRADE, match[0]
    assert match[0]["sleeveCondition"] == SLEEVE, match[0]
    assert match[0]["location"] == "Bin 4", match[0]
    assert {k: match[0][k] for k in final} == final, match[0]
    assert len([s for s in history if s["album"]["title"] == second["title"]]) == 1
    print("history --json: the scan, once, with its grades, the session's location and the edits kept")
    shutil.rmtree(work, ignore_errors=True)
    print("PASS")


if __name__ == "__main__":
    main()
