// Reading a scan's JSON: what became of a photo, the catalogue-match line, and what a card and a review show.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  artSource, cardFacts, matchedInCatalogue, nextBefore, outcome, photoNoLongerNeeded, photoPath, reviewFacts, scanLine,
  supersededFailures, versionOf,
} from '../../Sources/AlbumScanServe/Page/js/scan-result.js';

const identified = {
  file: 'IMG_0042.jpg', status: 'identified', scanId: 42, scannedAt: '2023-11-14T22:13:20Z',
  album: { artist: 'The Velvet Circuit', title: 'Signal Bloom', year: '1998', label: 'Loopback Records', genres: ['Electronic', 'Trip Hop'] },
  identification: { calls: 1, searchGate: 'not-needed', method: 'model' },
  verification: { status: 'verified', score: 0.91, releaseId: 'r' },
  review: { status: 'cached', summary: 'Patient.', bullets: ['Slow builds.'], rating: 8.5, recommendation: 'Essential Classic', keyTracks: ['Opening Signal', 'Last Light'] },
  mediaCondition: 'Very Good Plus (VG+)', sleeveCondition: 'Near Mint (NM or M-)', location: 'Bin 4', sku: null, comments: null, price: null,
};

test('matched to an album already in the catalogue: library matches and duplicates, as the JSON says', () => {
  const by = (identification, extra = {}) => ({ ...identified, ...extra, identification });
  const cases = [
    [by({ calls: 0, searchGate: 'not-needed', method: 'local' }), true],
    [by({ calls: 0, searchGate: 'not-needed', method: 'duplicate', duplicateOf: 'IMG_0041.jpg' }), true],
    [by({ calls: 1, searchGate: 'not-needed', method: 'model' }), false],
    [by({ calls: 2, searchGate: 'passed', method: 'search' }), false],
    [by({ calls: 0, searchGate: 'not-needed', method: 'barcode' }), false],
    [by(undefined), false],
    // duplicateOf lives under identification; a top-level one means nothing.
    [by({ calls: 1, searchGate: 'not-needed', method: 'model' }, { duplicateOf: 'IMG_0041.jpg' }), false],
  ];
  for (const [result, matched] of cases) assert.equal(matchedInCatalogue(result), matched, JSON.stringify(result.identification));
});

test('outcomes', () => {
  assert.deepEqual(outcome(identified), { kind: 'identified', scanId: 42 });
  assert.deepEqual(outcome({ file: 'a.jpg', status: 'skipped', skipped: { reason: 'already-scanned', scanId: 7 } }), { kind: 'skipped', scanId: 7 });
  const failed = (error) => ({ file: 'x.jpg', status: error && error.code === 'unidentified' ? 'unidentified' : 'failed', error });
  const cases = [
    [{ code: 'unidentified', message: 'Unable to identify this cover art' }, true, null, 'Try again', false],
    [{ code: 'artwork-mismatch', message: 'The artwork differs' }, true, 'The artwork differs', 'Try again', false],
    [{ code: 'photo-quality', message: 'too dark' }, false, 'too dark', 'Send anyway', true],
    [{ code: 'service-failed', message: 'MusicBrainz is down' }, false, 'MusicBrainz is down', 'Try again', false],
    [undefined, false, 'The scan failed. Try again.', 'Try again', false],
    [{ code: 'quota-exhausted', message: 'run `albumscan account set-limit 100`' }, false, "The computer's scan allowance is used up for now. Ask whoever looks after the computer to raise it, then try again.", 'Try again', false],
    [{ code: 'storage', message: 'cannot save: see `albumscan doctor`' }, false, 'The scan failed on the computer. Try again.', 'Try again', false],
  ];
  for (const [error, unidentified, message, retryLabel, anyway] of cases) {
    assert.deepEqual(outcome(failed(error)), { kind: 'failed', unidentified, message, retryLabel, anyway, repeated: false }, JSON.stringify(error));
  }
  // Answered from the photo's last try (no model call): said so; only `true` counts.
  const again = { ...failed({ code: 'unidentified', message: 'Unable to identify this cover art' }), repeated: true };
  assert.equal(outcome(again).repeated, true);
  assert.equal(outcome({ ...again, repeated: 'yes' }).repeated, false);
  // A skipped photo with no scan to open (a stopped batch) is shown as a failure.
  assert.equal(outcome({ file: 'x.jpg', status: 'skipped', skipped: { reason: 'batch-stopped' } }).kind, 'failed');
});

test("the phone's copy is dropped once the scan is saved or was already catalogued", () => {
  const cases = [
    [identified, true], [{ status: 'skipped', skipped: { reason: 'already-scanned', scanId: 7 } }, true],
    [{ status: 'failed', error: { code: 'photo-quality', message: 'dark' } }, false],
    [{ status: 'unidentified', scanId: 3 }, true], [undefined, false], [null, false],
  ];
  for (const [result, dropped] of cases) assert.equal(photoNoLongerNeeded(result), dropped, JSON.stringify(result));
});

test("a card, a review and a scan's line", () => {
  assert.deepEqual(cardFacts(identified, true), {
    scanId: 42,
    headline: 'We found Signal Bloom by The Velvet Circuit',
    artAlt: 'Cover of Signal Bloom',
    badges: [{ className: 'badge verified', text: 'Artwork verified' }, { className: 'badge rec', text: 'Essential Classic 8.5' }],
    meta: '1998 · Loopback Records · Electronic, Trip Hop — Very Good Plus (VG+) · Near Mint (NM or M-) · Bin 4',
  });
  assert.equal(cardFacts(identified, false).headline, 'The Velvet Circuit — Signal Bloom');
  const bare = { status: 'identified', album: { artist: 'A', title: 'T', genres: [] }, verification: { status: 'odd' } };
  assert.deepEqual(cardFacts(bare, false), {
    scanId: undefined, headline: 'A — T', artAlt: 'Cover of T', badges: [{ className: 'badge odd', text: 'odd' }], meta: '',
  });
  const unrated = { ...identified, review: { ...identified.review, rating: null }, verification: undefined };
  assert.deepEqual(cardFacts(unrated, false).badges,
    [{ className: 'badge unchecked', text: 'Not checked' }, { className: 'badge rec', text: 'Essential Classic' }]);
  assert.deepEqual(reviewFacts(identified), {
    summary: 'Patient.', bullets: ['Slow builds.'], rating: 'Rating 8.5/10', keyTracks: 'Key tracks: Opening Signal, Last Light',
  });
  assert.deepEqual(reviewFacts({ review: { rating: 0, bullets: [], keyTracks: [] } }), { summary: null, bullets: [], rating: 'Rating 0/10', keyTracks: null });
  assert.deepEqual(reviewFacts({}), { summary: null, bullets: [], rating: null, keyTracks: null });
  assert.equal(scanLine(identified), 'Scan #42 · IMG_0042.jpg · 2023-11-14T22:13:20Z');
  assert.equal(scanLine({ scanId: 1, file: 'a.jpg' }), 'Scan #1 · a.jpg · ');
});

test("a saved scan's version, else null", () => {
  assert.equal(versionOf({ ...identified, version: 3 }), 3);
  assert.equal(versionOf(identified), null);
  assert.equal(versionOf({ ...identified, version: '3' }), null);
});

test("a card's art: asked once; a 404 is remembered and not asked again", () => {
  assert.equal(artSource(7, new Set()), '/api/scans/7/artwork');
  assert.equal(artSource(7, new Set(['/api/scans/7/artwork'])), null);
  assert.equal(artSource(undefined, new Set()), null);
  // At a version: a corrected album's art is asked for anew, not taken from the browser's cache.
  assert.equal(artSource(7, new Set(['/api/scans/7/artwork?v=2']), 3), '/api/scans/7/artwork?v=3');
  assert.equal(artSource(7, new Set(['/api/scans/7/artwork?v=2']), 2), null);
  assert.equal(photoPath(7), '/api/scans/7/photo');
});

test('the catalogue pages back past the newest 50', () => {
  const page = (from, n) => Array.from({ length: n }, (_, i) => ({ scanId: from - i }));
  assert.equal(nextBefore(page(120, 50), 50), 71);
  assert.equal(nextBefore(page(20, 20), 50), null);
  assert.equal(nextBefore([], 50), null);
});

test("a failure goes once its retry saved the photo", () => {
  const jobs = new Map([
    ['a', { job: 'a', state: 'done', sha256: 'x', result: { status: 'failed', error: { code: 'service-failed' } } }],
    ['b', { job: 'b', state: 'done', localKey: 'k', result: { status: 'unidentified' } }],
    ['c', { job: 'c', state: 'done', sha256: 'y', result: { status: 'failed' } }],
    ['d', { job: 'd', state: 'running', sha256: 'x' }],
    ['e', { job: 'e', state: 'done', sha256: 'x', localKey: 'k', result: { status: 'identified', scanId: 3 } }],
  ]);
  assert.deepEqual(supersededFailures(jobs, jobs.get('e')), ['a', 'b']);
  assert.deepEqual(supersededFailures(jobs, jobs.get('c')), []);
});
