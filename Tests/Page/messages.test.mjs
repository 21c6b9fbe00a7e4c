// Messages for a phone: no shell command or terminal wording, the photo named, one plain sentence.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  failureWords, missingReviewWords, refusalWords, soundsLikeATerminal, verificationWords,
} from '../../Sources/AlbumScanServe/Page/js/messages.js';

test('terminal wording is recognised', () => {
  for (const text of ['run `albumscan account set-limit 100`', 'use --rescan', 'albumscan scan image.jpg', 'exit 74', 'see $ALBUMSCAN_HOME']) {
    assert.ok(soundsLikeATerminal(text), text);
  }
  for (const text of ['MusicBrainz is down', 'too dark', "price '12,50' is not a price", '']) assert.ok(!soundsLikeATerminal(text), text);
});

test('the quota card and every failure say no command', () => {
  const quota = failureWords({ code: 'quota-exhausted', message: 'monthly limit reached; run `albumscan account set-limit 200`' });
  assert.ok(!soundsLikeATerminal(quota), quota);
  assert.match(quota, /allowance is used up/);
  for (const code of ['rate-limited', 'interrupted', 'invalid-image', 'configuration', 'storage', 'photo-quality']) {
    const words = failureWords({ code, message: 'see `albumscan doctor` --verbose' });
    assert.ok(words && !soundsLikeATerminal(words), `${code}: ${words}`);
  }
  assert.equal(failureWords({ code: 'unidentified', message: 'x' }), null);
  assert.equal(failureWords({ code: 'service-failed', message: 'MusicBrainz is down' }), 'MusicBrainz is down');
});

test('a refused photo is named, in one plain sentence', () => {
  assert.equal(refusalWords('notes.txt', 415, 'not-an-image', 'this file is not a photo albumscan can read; send a JPEG, PNG or HEIC photo'),
    'notes.txt is not a photo the computer can read: send a JPEG, PNG or HEIC photo.');
  assert.equal(refusalWords('big.jpg', 413, 'too-large', 'the photo is over 25 MB; send a smaller one'),
    'big.jpg is too large to send: take the photo again with the camera.');
  assert.equal(refusalWords('a.jpg', 422, 'bad-field', "price '1x' is not a price"), "a.jpg: price '1x' is not a price");
  assert.equal(refusalWords('a.jpg', 500, 'internal', 'see `albumscan doctor`'), 'a.jpg was not taken by the computer. Try again.');
  assert.equal(refusalWords('', 415, null, ''), 'This photo is not a photo the computer can read: send a JPEG, PNG or HEIC photo.');
});

test('every verification has words, and a mismatch points at "Wrong album?"', () => {
  for (const status of ['verified', 'mismatch', 'unsure', 'unchecked', undefined]) assert.ok(verificationWords(status).length > 20, status);
  assert.match(verificationWords('mismatch'), /Wrong album\?/);
  assert.notEqual(verificationWords('verified'), verificationWords('unsure'));
});

test("a missing review's tip names no command", () => {
  assert.equal(missingReviewWords({ code: 'x', message: 'run `albumscan scan image.jpg --rescan` to retry the review' }), 'No review for this album yet.');
  assert.equal(missingReviewWords(null), 'No review for this album yet.');
  assert.equal(missingReviewWords({ code: 'no-release', message: 'MusicBrainz has no release of X by Y, so no review was written' }),
    'No review for this album: MusicBrainz has no release of X by Y, so no review was written');
});
