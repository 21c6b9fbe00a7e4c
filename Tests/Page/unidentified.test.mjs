// An unidentified card's words and the back of the sleeve it can send (unidentified.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  afterBack, backPath, backRefusalWords, RETRY_WORDS, unidentifiedAdvice,
} from '../../Sources/AlbumScanServe/Page/js/unidentified.js';

const unidentified = (reason, steps) => ({
  code: 'unidentified', message: 'Unable to identify this cover art',
  reason: { code: reason, message: 'words from the server' },
  nextSteps: steps.map((code) => ({ code, message: `${code} words` })),
});

test('the base tier says it does not search, and that Ultra would', () => {
  const advice = unidentifiedAdvice(unidentified('search-needed-base-tier', ['photograph-back', 'advanced-search']));
  assert.match(advice.reason, /base tier does not search the web/);
  assert.equal(advice.back, true);
  assert.deepEqual(advice.steps, ['The Ultra tier with advanced search would search the web for it (set on the computer).']);
  assert.doesNotMatch(advice.steps.join(' '), /albumscan|`/, 'no shell command on the page');
});

test('an unknown reason falls back to the server words, as a sentence; none gives no reason', () => {
  assert.equal(unidentifiedAdvice(unidentified('new-reason', [])).reason, 'Words from the server.');
  const bare = unidentifiedAdvice({ code: 'unidentified', message: 'Unable to identify this cover art' });
  assert.equal(bare.reason, null);
  assert.deepEqual(bare.steps, []);
  assert.equal(bare.back, true, 'any unidentified job can take its back');
});

test('only an unidentified cover offers the back; other failures do not', () => {
  assert.equal(unidentifiedAdvice({ code: 'artwork-mismatch', message: 'm' }).back, false);
  assert.equal(unidentifiedAdvice({ code: 'service-failed', message: 'm' }).back, false);
  assert.equal(unidentifiedAdvice(null).back, false);
});

test('"Try again" says it costs a model call', () => {
  assert.match(RETRY_WORDS, /model call/);
});

test('the back goes to the job it belongs to', () => {
  assert.equal(backPath('j 1/x'), '/api/jobs/j%201%2Fx/photos?side=back');
});

test('a refused back says what to do, in words for a phone', () => {
  assert.match(backRefusalWords(410, 'photo-gone', 'x'), /take the front again/);
  assert.match(backRefusalWords(404, 'unknown-job', 'no job abc'), /no longer knows this photo/);
  assert.match(backRefusalWords(429, 'too-many', 'x'), /in a moment/);
  assert.match(backRefusalWords(415, 'not-an-image', 'x'), /not a photo/);
  assert.match(backRefusalWords(409, 'job-scanned', 'x'), /Wrong album/);
  assert.equal(backRefusalWords(400, 'bad-request', 'side takes back'), 'The back was not taken: Side takes back.');
  assert.equal(backRefusalWords(500, null, ''), 'The back was not taken. Try again.');
});

test('the kept front follows the new job, the old one retired', () => {
  const photo = { key: 'k', job: 'j1', reached: true, result: { status: 'unidentified' }, retired: ['j0'], options: { rescan: true } };
  assert.deepEqual(afterBack(photo, 'j1', 'j2'), {
    key: 'k', job: 'j2', reached: true, result: null, resent: false, retired: ['j0', 'j1'], options: {},
  });
  assert.deepEqual(afterBack({ key: 'k' }, null, 'j3').retired, []);
});

test('"Try again" only where trying again can change the answer', () => {
  // The base tier's search-needed cover gets the same answer again: the server lists no try-again.
  assert.equal(unidentifiedAdvice(unidentified('search-needed-base-tier', ['photograph-back', 'advanced-search'])).retry, false);
  assert.equal(unidentifiedAdvice(unidentified('model-did-not-know', ['photograph-back', 'retake-front', 'try-again'])).retry, true);
  // A failure that lists no steps (a service that failed, an older server) can always be tried again.
  assert.equal(unidentifiedAdvice({ code: 'service-failed', message: 'm' }).retry, true);
  assert.equal(unidentifiedAdvice(null).retry, true);
});
