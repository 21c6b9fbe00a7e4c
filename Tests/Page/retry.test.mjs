// Uploads answered, waits, and which kept photos go again.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_RETRY_AFTER, resendPlan, retryDelay, uploadAnswer } from '../../Sources/AlbumScanServe/Page/js/retry.js';

test('what an upload answer means', () => {
  const cases = [[202, 'accepted'], [429, 'later'], [413, 'refusedForGood'], [415, 'refusedForGood'],
    [400, 'refused'], [403, 'refused'], [500, 'refused'], [503, 'refused'], [200, 'refused']];
  for (const [status, answer] of cases) assert.equal(uploadAnswer(status), answer, String(status));
});

test('the wait after a 429, from Retry-After', () => {
  const cases = [['7', 7000], ['0', 0], ['1.5', 1500], [null, DEFAULT_RETRY_AFTER * 1000], ['', 5000], ['soon', 5000], ['-3', 5000]];
  for (const [header, ms] of cases) assert.equal(retryDelay(header), ms, String(header));
});

test('kept photos: attached to the jobs the server holds, sent again otherwise', () => {
  const job = { job: 'j1' };
  const jobs = new Map([['j1', job]]);
  const serverJobs = new Set(['j1']);
  const held = { key: 'held', job: 'j1' };
  const forgotten = { key: 'forgotten', job: 'j-old' };
  const neverSent = { key: 'never', job: null };
  const sending = { key: 'sending', job: null };
  const plan = resendPlan([held, forgotten, neverSent, sending], jobs, serverJobs, new Set(['sending']));
  assert.deepEqual(plan, [{ photo: held, job }, { photo: forgotten, job: null }, { photo: neverSent, job: null }]);
  assert.equal(forgotten.job, null, "a job the server forgot is no longer the photo's");
  assert.deepEqual(resendPlan([], jobs, serverJobs, new Set()), []);
});
