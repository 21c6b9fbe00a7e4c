// Jobs moved on by events, uploads and snapshots.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accepted, applyResult, applyStage, attachPhoto, drawable, mergeSnapshots } from '../../Sources/AlbumScanServe/Page/js/jobs.js';

test('stage events', () => {
  const cases = [
    // [known job, event, expected job (null: ignored)]
    [undefined, { job: 'a', stage: 'queued' }, { job: 'a', state: 'queued', stage: 'queued' }],
    [undefined, { job: 'a', stage: 'preparing' }, { job: 'a', state: 'running', stage: 'preparing' }],
    [{ job: 'a', state: 'queued', stage: 'queued', file: 'x.jpg' }, { job: 'a', stage: 'waiting' },
      { job: 'a', state: 'running', stage: 'waiting', file: 'x.jpg' }],
    [{ job: 'a', state: 'running', stage: 'identifying' }, { job: 'a', stage: 'found', found: { title: 'T', artist: 'A' } },
      { job: 'a', state: 'running', stage: 'found', found: { title: 'T', artist: 'A' } }],
    [{ job: 'a', state: 'running', stage: 'found', found: { title: 'T', artist: 'A' } }, { job: 'a', stage: 'reviewing' },
      { job: 'a', state: 'running', stage: 'reviewing', found: { title: 'T', artist: 'A' } }],
    [{ job: 'a', state: 'done', stage: 'done' }, { job: 'a', stage: 'saving' }, null],
  ];
  for (const [known, event, expected] of cases) {
    const jobs = new Map(known ? [[known.job, { ...known }]] : []);
    const job = applyStage(jobs, event);
    assert.deepEqual(job, expected, JSON.stringify([known, event]));
    if (expected) assert.equal(jobs.get('a'), job, 'kept by id');
    else assert.equal(jobs.get('a').stage, 'done', 'a late event changes nothing');
  }
});

test("a job is changed in place: a timer holding it draws what the events did", () => {
  const jobs = new Map();
  const held = applyStage(jobs, { job: 'a', stage: 'identifying' });
  applyResult(jobs, { job: 'a', result: { file: 'x.jpg', status: 'identified' } });
  assert.equal(held.state, 'done');
});

test('only a job with a photo or a name is drawn', () => {
  assert.equal(drawable({ job: 'a' }), false);
  assert.equal(drawable({ job: 'a', file: 'x.jpg' }), true);
  assert.equal(drawable({ job: 'a', thumb: 'data:' }), true);
});

test('result events', () => {
  const jobs = new Map([['a', { job: 'a', state: 'running', stage: 'saving', file: 'mine.jpg' }]]);
  const result = { file: 'theirs.jpg', status: 'identified', scanId: 3 };
  assert.deepEqual(applyResult(jobs, { job: 'a', result }), { job: 'a', state: 'done', stage: 'done', file: 'mine.jpg', result });
  assert.deepEqual(applyResult(jobs, { job: 'b', result }), { job: 'b', state: 'done', stage: 'done', file: 'theirs.jpg', result });
  assert.equal(jobs.size, 2);
});

test('an accepted upload: a new job, or the job its events made first', () => {
  const photo = { key: 'k1', name: 'IMG_1.jpg', thumb: 'data:thumb' };
  const jobs = new Map();
  assert.deepEqual(accepted(jobs, 'a', photo),
    { job: 'a', state: 'queued', stage: 'queued', file: 'IMG_1.jpg', thumb: 'data:thumb', localKey: 'k1' });
  jobs.set('b', { job: 'b', state: 'running', stage: 'identifying' });
  assert.deepEqual(accepted(jobs, 'b', photo),
    { job: 'b', state: 'running', stage: 'identifying', thumb: 'data:thumb', localKey: 'k1' });
});

test('snapshots merge over what the page knew, oldest first', () => {
  const jobs = new Map([['a', { job: 'a', state: 'running', stage: 'queued', thumb: 'data:a', localKey: 'k' }]]);
  const newestFirst = [{ job: 'b', state: 'queued', stage: 'queued', file: 'b.jpg' }, { job: 'a', state: 'running', stage: 'reviewing', file: 'a.jpg' }];
  const merged = mergeSnapshots(jobs, newestFirst);
  assert.deepEqual(merged.map((j) => j.job), ['a', 'b']);
  assert.deepEqual(jobs.get('a'), { job: 'a', state: 'running', stage: 'reviewing', file: 'a.jpg', thumb: 'data:a', localKey: 'k' });
  assert.equal(newestFirst[0].job, 'b', "the server's list is left as it was");
});

test("a kept photo's job learns its key and, if it has none, its thumbnail", () => {
  assert.deepEqual(attachPhoto({ job: 'a' }, { key: 'k', thumb: 't' }), { job: 'a', localKey: 'k', thumb: 't' });
  assert.deepEqual(attachPhoto({ job: 'a', thumb: 'mine' }, { key: 'k', thumb: 't' }), { job: 'a', localKey: 'k', thumb: 'mine' });
});
