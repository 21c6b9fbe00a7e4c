// Uploads answered, and waits (which kept photos go again: photos.test.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_RETRY_AFTER, retryDelay, uploadAnswer } from '../../Sources/AlbumScanServe/Page/js/retry.js';

test('what an upload answer means', () => {
  const cases = [[202, 'accepted'], [429, 'later'], [413, 'refusedForGood'], [415, 'refusedForGood'],
    [400, 'refused'], [401, 'unpaired'], [403, 'refused'], [422, 'refused'], [500, 'refused'], [503, 'refused'], [200, 'refused']];
  for (const [status, answer] of cases) assert.equal(uploadAnswer(status), answer, String(status));
});

test('the wait after a 429, from Retry-After', () => {
  const cases = [['7', 7000], ['0', 0], ['1.5', 1500], [null, DEFAULT_RETRY_AFTER * 1000], ['', 5000], ['soon', 5000], ['-3', 5000]];
  for (const [header, ms] of cases) assert.equal(retryDelay(header), ms, String(header));
});
