// The photos kept on the phone: what is kept with each, which go again by themselves (only those that never reached
// the server), how they find their jobs after a restart (SHA-256), tries on a tap, and dismissal.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  afterAccepted, afterEnded, afterRefused, forRetry, jobOf, lostResult, newPhoto, normalized, notDismissed, planFor,
  resendPlan, withDismissed,
} from '../../Sources/AlbumScanServe/Page/js/photos.js';

const SHA = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);
const taken = (key = '1-a', sha256 = SHA) => newPhoto({ key, blob: {}, thumb: 'data:', name: 'IMG_1.jpg', fields: { location: 'Bin 4' }, sha256 });
const job = (id, state = 'done', sha256 = SHA, result = null) => ({ job: id, state, sha256, result });
const unidentified = { file: 'IMG_1.jpg', status: 'unidentified', error: { code: 'unidentified', message: 'no' } };
const saved = { file: 'IMG_1.jpg', status: 'identified', scanId: 4, version: 1 };
const none = new Set();

test('a photo taken is unsent, with its SHA-256 and its own copy of the fields', () => {
  const fields = { location: 'Bin 4' };
  const photo = newPhoto({ key: 'k', blob: {}, thumb: null, name: 'a.jpg', fields, sha256: SHA });
  fields.location = 'Bin 5';
  assert.deepEqual(
    { job: photo.job, reached: photo.reached, result: photo.result, resent: photo.resent, retired: photo.retired, options: photo.options, fields: photo.fields },
    { job: null, reached: false, result: null, resent: false, retired: [], options: {}, fields: { location: 'Bin 4' } });
});

test('a photo kept by an older page: reached when it had a job', () => {
  const old = normalized({ key: 'k', blob: {}, name: 'a.jpg', job: 'j1' });
  assert.deepEqual([old.reached, old.sha256, old.retired, old.options, old.resent, old.result], [true, null, [], {}, false, null]);
  assert.equal(normalized({ key: 'k', job: null }).reached, false);
});

test('never reached the server: sent again by itself, as the clerk sent it', () => {
  assert.deepEqual(planFor(taken(), [], none), { action: 'send', options: {}, once: false });
  const tapped = forRetry(afterEnded(afterAccepted(taken(), 'j1'), unidentified), false);
  assert.deepEqual(planFor(tapped, [], none), { action: 'send', options: { rescan: true }, once: false });
  // Being sent now: left alone.
  assert.deepEqual(planFor(taken(), [], new Set(['1-a'])), { action: 'wait' });
});

test('reached the server: followed by its job id, or after a restart by its SHA-256', () => {
  const sent = afterAccepted(taken(), 'j1');
  assert.deepEqual([sent.job, sent.reached], ['j1', true]);
  const running = job('j1', 'running');
  assert.deepEqual(planFor(sent, [job('j0', 'done', OTHER), running], none), { action: 'follow', job: running });
  // The server restarted and queued the photo again under a new id.
  const requeued = job('j9', 'queued');
  assert.deepEqual(planFor(sent, [requeued, job('j8', 'done', OTHER)], none), { action: 'follow', job: requeued });
  // A 202 that never arrived: the server's job is found by SHA-256 all the same, not sent twice.
  assert.deepEqual(planFor(taken(), [requeued], none), { action: 'follow', job: requeued });
  // Without a SHA-256 (an older page's photo), only the job id finds it.
  assert.deepEqual(planFor({ ...sent, sha256: null }, [requeued], none).action, 'send');
});

test("the job a photo belongs to: one under way first, else the newest, never one retired by a tap", () => {
  const photo = normalized({ ...taken(), retired: ['old'] });
  assert.equal(jobOf(photo, [job('new-done'), job('running', 'running'), job('older-done')]).job, 'running');
  assert.equal(jobOf(photo, [job('new-done'), job('older-done')]).job, 'new-done');
  assert.equal(jobOf(photo, [job('old')]), null);
  assert.equal(jobOf(photo, [job('x', 'running', OTHER)]), null);
});

test('reached a server that forgot it: its stored ending is shown, else it goes once more, asking for nothing paid', () => {
  const sent = afterAccepted(taken(), 'j1');
  const ended = afterEnded(sent, unidentified);
  assert.deepEqual(ended.result, unidentified);
  assert.deepEqual(planFor(ended, [job('j2', 'done', OTHER)], none), { action: 'show' });
  // No ending seen (the page was away when it ended): once more, without rescan even after a tap.
  const tapped = afterAccepted(forRetry(ended, false), 'j3');
  assert.deepEqual(planFor(tapped, [], none), { action: 'send', options: {}, once: true });
  // Forgotten a second time: it ends, lost, with a reason and a way to try again.
  assert.deepEqual(planFor({ ...tapped, resent: true }, [], none), { action: 'lost' });
  assert.match(lostResult(tapped).error.message, /restarted twice/);
  assert.equal(lostResult(tapped).status, 'failed');
});

test('a saved or already catalogued photo leaves the phone; a failed one keeps its ending', () => {
  const sent = afterAccepted(taken(), 'j1');
  assert.equal(afterEnded(sent, saved), null);
  assert.equal(afterEnded(sent, { file: 'a', status: 'skipped', skipped: { reason: 'already-scanned', scanId: 4 } }), null);
  assert.deepEqual(afterEnded(sent, unidentified).result, unidentified);
});

test('refused by the server: ends with its message and goes again only on a tap', () => {
  const refused = afterRefused(taken(), 'price: not a number');
  assert.deepEqual(refused.result, { status: 'failed', file: 'IMG_1.jpg', error: { code: 'refused', message: 'price: not a number' } });
  assert.deepEqual(planFor(refused, [], none), { action: 'show' });
});

test('"Try again" asks for a rescan, "Send anyway" skips the quality check; the old job is never followed again', () => {
  const ended = afterEnded(afterAccepted(taken(), 'j1'), unidentified);
  const again = forRetry(ended, false);
  assert.deepEqual([again.job, again.reached, again.result, again.retired, again.options], [null, false, null, ['j1'], { rescan: true }]);
  const anyway = forRetry(afterAccepted(again, 'j2'), true);
  assert.deepEqual([anyway.retired, anyway.options], [['j1', 'j2'], { noQualityCheck: true }]);
  // The server still lists the retired job: the photo is sent, not matched to it.
  assert.equal(planFor(again, [job('j1')], none).action, 'send');
});

test('the plan: every kept photo, oldest first, those being sent left out', () => {
  const a = taken('1-a');
  const b = afterAccepted(taken('2-b', OTHER), 'jb');
  const c = taken('3-c', 'c'.repeat(64));
  const plan = resendPlan([c, b, a], [job('jb', 'running', OTHER)], new Set(['3-c']));
  assert.deepEqual(plan.map((s) => [s.photo.key, s.action]), [['1-a', 'send'], ['2-b', 'follow']]);
  assert.deepEqual(resendPlan([], [], none), []);
});

test('dismissed jobs are remembered (the newest 200) and left out of the server\'s list', () => {
  let dismissed = [];
  dismissed = withDismissed(dismissed, 'j1');
  dismissed = withDismissed(dismissed, 'j2');
  dismissed = withDismissed(dismissed, 'j1');
  assert.deepEqual(dismissed, ['j2', 'j1']);
  assert.deepEqual(withDismissed(dismissed, null), ['j2', 'j1']);
  const many = Array.from({ length: 205 }, (_, i) => `j${i}`).reduce((list, id) => withDismissed(list, id), []);
  assert.deepEqual([many.length, many[0], many[199]], [200, 'j5', 'j204']);
  assert.deepEqual(notDismissed([job('j1'), job('j3')], dismissed).map((j) => j.job), ['j3']);
});
