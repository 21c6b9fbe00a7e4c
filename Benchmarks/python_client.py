#!/usr/bin/env python3
"""A Python client of albumscan's scan contract, the baseline of `make bench`'s row 9.

Usage: python_client.py PHOTO DATABASE [--verify]

It makes the same requests albumscan makes for an identified cover with front artwork, one after another:
ID Call 1 (the photo as a data URL, strict JSON schema), a MusicBrainz release search, the Cover Art Archive
listing (its 307 followed to the archive) and the 500 px image, the review call, then saves the album, its
artwork, review and one scan row into DATABASE (created fresh, WAL mode). Like albumscan, the upload fits
1024 px on its long side and 768 px on its short side, and the artwork is checked to decode and kept at
500 px plus a 200 px thumbnail. It reads OPENAI_BASE_URL, OPENAI_API_KEY, ALBUMSCAN_MUSICBRAINZ_URL and
ALBUMSCAN_COVERART_URL, prints one JSON line and exits 0 when the cover was identified.

Without --verify it is the plain client: none of albumscan's checks. With --verify it is the verifying peer: it
also checks the photo against the downloaded artwork as albumscan does, with OpenCV (opencv-python-headless):
default SIFT on the 1024 x 768 upload and the 500 px artwork, Lowe's ratio test at 0.75, a RANSAC homography
at 5 px, verified at 15 inliers or more. The verdict is saved with the scan and printed.
"""

import base64
import hashlib
import io
import json
import os
import sqlite3
import sys
import time
import urllib.parse
import urllib.request

from PIL import Image

# The peer's check, as pinned by the bench: default SIFT, ratio 0.75, RANSAC at 5 px, verified at 15 inliers.
RATIO, RANSAC_PX, VERIFIED_INLIERS = 0.75, 5.0, 15

PROMPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Prompts")
USER_AGENT = "albumscan-python-baseline/1.0 ( https://github.com/albumscan/albumscan )"
MAX_LONG, MAX_SHORT = 1024, 768


def prompt(name):
    with open(os.path.join(PROMPTS, name), encoding="utf-8") as handle:
        return handle.read()


def strict_object(properties):
    return {"type": "object", "properties": properties, "required": sorted(properties), "additionalProperties": False}


def nullable_string():
    return {"anyOf": [{"type": "string"}, {"type": "null"}]}


def enum(values):
    return {"type": "string", "enum": values}


IDENTIFY_SCHEMA = strict_object({
    "status": enum(["identified", "search_needed", "unresolved"]),
    "artist": nullable_string(), "album": nullable_string(), "year": nullable_string(),
    "genres": {"type": "array", "items": {"type": "string"}}, "label": nullable_string(),
    "confidence": enum(["high", "medium", "low"]),
    "observation": strict_object({
        "extractedText": {"type": "string"}, "textConfidence": enum(["high", "medium", "low"]),
        "visualDescription": {"type": "string"},
    }),
    "searchQuery": nullable_string(), "reason": nullable_string(),
})

REVIEW_SCHEMA = strict_object({
    "summary": {"type": "string"}, "bullets": {"type": "array", "items": {"type": "string"}},
    "rating": {"type": "number"}, "recommendation": {"type": "string"},
    "keyTracks": {"type": "array", "items": {"type": "string"}},
})


def upload_jpeg(path):
    """Draft-mode decode (libjpeg DCT scaling), EXIF orientation, fit 1024×768 either way round, quality 85."""
    image = Image.open(path)
    orientation = image.getexif().get(0x0112, 1)
    width, height = image.size
    scale = min(1.0, MAX_LONG / max(width, height), MAX_SHORT / min(width, height))
    image.draft("RGB", (round(width * scale), round(height * scale)))
    image = image.convert("RGB")
    transpose = {2: Image.FLIP_LEFT_RIGHT, 3: Image.ROTATE_180, 4: Image.FLIP_TOP_BOTTOM, 5: Image.TRANSPOSE,
                 6: Image.ROTATE_270, 7: Image.TRANSVERSE, 8: Image.ROTATE_90}.get(orientation)
    if transpose is not None:
        image = image.transpose(transpose)
    width, height = image.size
    scale = min(1.0, MAX_LONG / max(width, height), MAX_SHORT / min(width, height))
    if scale < 1.0:
        image = image.resize((max(1, round(width * scale)), max(1, round(height * scale))), Image.BOX)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85)
    return out.getvalue()


def request(url, body=None, headers=None, timeout=90):
    data = None if body is None else json.dumps(body).encode("utf-8")
    req = urllib.request.Request(url, data=data, headers=headers or {}, method="POST" if data else "GET")
    with urllib.request.urlopen(req, timeout=timeout) as response:
        return response.read()


def chat(body):
    root = os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1").rstrip("/")
    headers = {"Authorization": "Bearer " + os.environ["OPENAI_API_KEY"], "Content-Type": "application/json"}
    reply = json.loads(request(root + "/chat/completions", body, headers))
    return json.loads(reply["choices"][0]["message"]["content"]), reply.get("usage", {})


def lucene_phrase(value):
    return value.lower().replace("\\", "\\\\").replace('"', '\\"')


def find_release(artist, title):
    root = os.environ.get("ALBUMSCAN_MUSICBRAINZ_URL", "https://musicbrainz.org/ws/2").rstrip("/")
    query = 'release:"%s" AND artist:"%s"' % (lucene_phrase(title), lucene_phrase(artist))
    url = "%s/release?query=%s&limit=25&fmt=json" % (root, urllib.parse.quote(query, safe=""))
    releases = json.loads(request(url, headers={"User-Agent": USER_AGENT, "Accept": "application/json"}))["releases"]

    def rank(release):
        group = release.get("release-group", {})
        secondary = group.get("secondary-types", [])
        return (-int(release.get("score", 0)), release.get("status") != "Official", group.get("primary-type") != "Album",
                "Live" in secondary or "Compilation" in secondary, release.get("date") or "9999")

    return min(releases, key=rank) if releases else None


def front_cover(mbid):
    root = os.environ.get("ALBUMSCAN_COVERART_URL", "https://coverartarchive.org").rstrip("/")
    listing = json.loads(request("%s/release/%s" % (root, mbid), headers={"User-Agent": USER_AGENT, "Accept": "application/json"}))
    front = next((image for image in listing["images"] if image.get("front")), None)
    if front is None:
        return None, None
    url = front.get("thumbnails", {}).get("500") or front.get("thumbnails", {}).get("large") or front["image"]
    return url, request(url, headers={"User-Agent": USER_AGENT, "Accept": "image/*"})


def sized_jpeg(data, side):
    image = Image.open(io.BytesIO(data))
    image.draft("RGB", (side, side))
    image = image.convert("RGB")
    image.thumbnail((side, side), Image.BOX)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85)
    return out.getvalue()


def artwork_check(upload, art):
    """The photo against the artwork: SIFT features on both, ratio-tested matches, a RANSAC homography's inliers."""
    import cv2
    import numpy

    def grey(data):
        return cv2.imdecode(numpy.frombuffer(data, numpy.uint8), cv2.IMREAD_GRAYSCALE)

    sift = cv2.SIFT_create()
    photo_points, photo_descriptors = sift.detectAndCompute(grey(upload), None)
    art_points, art_descriptors = sift.detectAndCompute(grey(art), None)
    inliers = 0
    if photo_descriptors is not None and art_descriptors is not None and len(art_descriptors) >= 2:
        pairs = cv2.BFMatcher(cv2.NORM_L2).knnMatch(photo_descriptors, art_descriptors, k=2)
        good = [pair[0] for pair in pairs if len(pair) == 2 and pair[0].distance < RATIO * pair[1].distance]
        if len(good) >= 4:
            source = numpy.float32([photo_points[m.queryIdx].pt for m in good]).reshape(-1, 1, 2)
            target = numpy.float32([art_points[m.trainIdx].pt for m in good]).reshape(-1, 1, 2)
            _, mask = cv2.findHomography(source, target, cv2.RANSAC, RANSAC_PX)
            inliers = int(mask.sum()) if mask is not None else 0
    return {"verdict": "verified" if inliers >= VERIFIED_INLIERS else "unverified", "inliers": inliers}


def save(database, photo, identified, release, artwork, review, usage, check=None):
    db = sqlite3.connect(database)
    db.execute("PRAGMA journal_mode=WAL")
    db.executescript("""
        CREATE TABLE IF NOT EXISTS albums (id INTEGER PRIMARY KEY, dedupeKey TEXT NOT NULL UNIQUE, artist TEXT NOT NULL,
            title TEXT NOT NULL, year TEXT, genres TEXT NOT NULL, label TEXT, mbid TEXT UNIQUE, artworkUrl TEXT, reviewKey TEXT);
        CREATE TABLE IF NOT EXISTS artwork (mbid TEXT PRIMARY KEY NOT NULL, url TEXT NOT NULL, image BLOB NOT NULL,
            thumbnail BLOB NOT NULL);
        CREATE TABLE IF NOT EXISTS reviews (key TEXT PRIMARY KEY NOT NULL, body TEXT NOT NULL, createdAt REAL NOT NULL);
        CREATE TABLE IF NOT EXISTS scans (id INTEGER PRIMARY KEY AUTOINCREMENT, scannedAt REAL NOT NULL,
            albumId INTEGER NOT NULL REFERENCES albums(id), fileName TEXT NOT NULL, inputSha256 TEXT NOT NULL,
            artworkStatus TEXT NOT NULL, reviewStatus TEXT NOT NULL, reviewKey TEXT, verification TEXT);
        CREATE TABLE IF NOT EXISTS usage (id INTEGER PRIMARY KEY, at REAL NOT NULL, model TEXT NOT NULL,
            promptTokens INTEGER NOT NULL, completionTokens INTEGER NOT NULL);
    """)
    now = time.time()
    key = "%s|%s" % (identified["artist"].lower(), identified["album"].lower())
    mbid = release["id"] if release else None
    with db:
        if artwork[1] is not None:
            db.execute("INSERT OR REPLACE INTO artwork VALUES (?, ?, ?, ?)", (mbid, artwork[0], artwork[1], artwork[2]))
        db.execute("INSERT OR REPLACE INTO reviews VALUES (?, ?, ?)", (key, json.dumps(review), now))
        album_id = db.execute(
            "INSERT INTO albums (dedupeKey, artist, title, year, genres, label, mbid, artworkUrl, reviewKey)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            ("mbid:%s" % mbid, identified["artist"], identified["album"], identified.get("year"),
             json.dumps(identified.get("genres", [])), identified.get("label"), mbid, artwork[0], key)).lastrowid
        with open(photo, "rb") as handle:
            digest = hashlib.sha256(handle.read()).hexdigest()
        scan_id = db.execute(
            "INSERT INTO scans (scannedAt, albumId, fileName, inputSha256, artworkStatus, reviewStatus, reviewKey,"
            " verification) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (now, album_id, photo, digest, "fetched" if artwork[1] else "unavailable", "generated", key,
             check["verdict"] if check else None)).lastrowid
        for model, used in usage:
            db.execute("INSERT INTO usage (at, model, promptTokens, completionTokens) VALUES (?, ?, ?, ?)",
                       (now, model, used.get("prompt_tokens", 0), used.get("completion_tokens", 0)))
    db.close()
    return scan_id


def main():
    photo, database = sys.argv[1], sys.argv[2]
    verify = "--verify" in sys.argv[3:]
    upload = upload_jpeg(photo)
    data_url = "data:image/jpeg;base64," + base64.b64encode(upload).decode("ascii")
    identified, usage1 = chat({
        "model": "gpt-4o", "temperature": 0.1, "max_completion_tokens": 800,
        "messages": [
            {"role": "system", "content": prompt("identify.txt")},
            {"role": "user", "content": [{"type": "text", "text": "Which album is this?"},
                                         {"type": "image_url", "image_url": {"url": data_url, "detail": "high"}}]},
        ],
        "response_format": {"type": "json_schema",
                            "json_schema": {"name": "album_identification", "strict": True, "schema": IDENTIFY_SCHEMA}},
    })
    if identified.get("status") != "identified":
        print(json.dumps({"file": photo, "status": "unidentified"}))
        return 1
    release = find_release(identified["artist"], identified["album"])
    artwork = (None, None, None)
    if release:
        url, image = front_cover(release["id"])
        if image is not None:
            artwork = (url, sized_jpeg(image, 500), sized_jpeg(image, 200))
    check = artwork_check(upload, artwork[1]) if verify and artwork[1] is not None else None
    facts = "Artist: %s\nTitle: %s\nYear: %s\nGenres: %s\nLabel: %s" % (
        identified["artist"], identified["album"], identified.get("year") or "unknown",
        ", ".join(identified.get("genres") or []) or "unknown", identified.get("label") or "unknown")
    review, usage2 = chat({
        "model": "gpt-4o", "temperature": 0.4, "max_completion_tokens": 900,
        "messages": [{"role": "system", "content": prompt("review.txt")}, {"role": "user", "content": facts}],
        "response_format": {"type": "json_schema", "json_schema": {"name": "album_review", "strict": True, "schema": REVIEW_SCHEMA}},
    })
    scan_id = save(database, photo, identified, release, artwork, review, [("gpt-4o", usage1), ("gpt-4o", usage2)], check)
    output = {"file": photo, "status": "identified", "scanId": scan_id,
              "album": {"artist": identified["artist"], "title": identified["album"]},
              "artwork": {"status": "fetched" if artwork[1] else "unavailable", "url": artwork[0]},
              "review": {"status": "generated", "rating": review.get("rating")}}
    if check is not None:
        output["artwork"]["check"] = check
    print(json.dumps(output))
    return 0


if __name__ == "__main__":
    sys.exit(main())
