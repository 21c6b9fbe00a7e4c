// Grading while the review is written: when the form shows, what it sends to the job, and how it carries on with
// the scan once saved, keeping what the clerk is typing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attachedValues, gradableJob, jobSaveRequest } from '../../Sources/AlbumScanServe/Page/js/job-grading.js';
import { SHOP_FIELDS } from '../../Sources/AlbumScanServe/Page/js/shop-fields.js';

const blank = Object.fromEntries(SHOP_FIELDS.map((f) => [f, '']));
const found = { artist: 'The Velvet Circuit', title: 'Neon Tides' };

test('the form shows from the found stage until the job is done', () => {
  assert.ok(gradableJob({ state: 'running', stage: 'found', found }));
  assert.ok(gradableJob({ state: 'running', stage: 'reviewing', found }));
  assert.ok(gradableJob({ state: 'running', stage: 'saving', found }));
  assert.ok(!gradableJob({ state: 'running', stage: 'identifying' }));
  assert.ok(!gradableJob({ state: 'running', stage: 'reviewing' }));
  assert.ok(!gradableJob({ state: 'done', stage: 'done', found }));
  assert.ok(!gradableJob(null));
});

test('a save before the result goes to PATCH /api/jobs/ID with the changed fields only', () => {
  const drawn = { ...blank, location: 'Bin 4' };
  const request = jobSaveRequest('abc123', drawn, { ...drawn, mediaCondition: 'Mint (M)', price: '12,50' });
  assert.equal(request.path, '/api/jobs/abc123');
  assert.equal(request.init.method, 'PATCH');
  assert.equal(request.init.headers['If-Match'], undefined);
  assert.deepEqual(JSON.parse(request.init.body), { mediaCondition: 'Mint (M)', price: '12,50' });
  assert.equal(jobSaveRequest('abc123', drawn, drawn), null);
});

test('when the scan comes, typed fields stay and the others show the scan', () => {
  const drawn = { ...blank, location: 'Bin 4', sku: 'A-{n}' };
  const typed = { ...drawn, comments: 'Gatefold', mediaCondition: 'Mint (M)' };
  const saved = { location: 'Bin 4', sku: 'A-7', mediaCondition: null, price: '12' };
  const { draw, drawn: next } = attachedValues(drawn, typed, saved);
  assert.deepEqual(draw, { ...blank, location: 'Bin 4', sku: 'A-7', price: '12', comments: 'Gatefold', mediaCondition: 'Mint (M)' });
  assert.deepEqual(next, { ...blank, location: 'Bin 4', sku: 'A-7', price: '12' });
});
