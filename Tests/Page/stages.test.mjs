// Stage words: the server sends them (GET /api/session, pinned in fixtures/stage-words.json by PageFixtureTests), every
// stage it sends has its own, and the page's own stages never share a name with them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  OFFLINE_WORDS, PHOTO_STAGE_WORDS, WORKING_WORDS, jobStageLine, photoStageLine, stageWords,
} from '../../Sources/AlbumScanServe/Page/js/stages.js';

const session = JSON.parse(readFileSync(new URL('./fixtures/stage-words.json', import.meta.url), 'utf8'));
const words = stageWords(session);

/// The stage codes the server sends: JobSnapshot.code's, and `queued`, which the job queue sends itself.
function serverStages() {
  const swift = readFileSync(new URL('../../Sources/AlbumScanServe/Jobs/JobSnapshot.swift', import.meta.url), 'utf8');
  const codes = [...swift.matchAll(/case \.\w+(?:\([^)]*\))?: "(\w+)"/g)].map((m) => m[1]);
  assert.ok(codes.length >= 7, `read ${codes.length} stage codes from JobSnapshot.swift`);
  return ['queued', ...codes];
}

test('every stage the server sends but found has the server\'s words', () => {
  for (const stage of serverStages().filter((s) => s !== 'found')) {
    assert.equal(typeof words.byCode[stage], 'string', stage);
    assert.equal(jobStageLine({ stage }, 0, false, words).text, words.byCode[stage], stage);
  }
  assert.equal(words.searchingAfterMs, 3500);
});

test('the page keeps no copy of the CLI\'s wording', () => {
  const page = readFileSync(new URL('../../Sources/AlbumScanServe/Page/js/stages.js', import.meta.url), 'utf8');
  for (const text of Object.values(session.stageWords)) assert.ok(!page.includes(text), text);
});

test('before the session answers, a stage says only that work goes on', () => {
  assert.equal(jobStageLine({ stage: 'identifying' }, 0).text, WORKING_WORDS);
  assert.deepEqual(stageWords(null), { byCode: {}, searchingAfterMs: 3500 });
});

test("a Discogs pause says so, and a photo not sent yet says that instead", () => {
  assert.equal(jobStageLine({ stage: 'waiting' }, 0, false, words).text, 'Waiting for Discogs, which asked for a pause');
  assert.equal(photoStageLine('unsent').text, 'Not sent yet: it will go when the computer answers');
  for (const stage of Object.keys(PHOTO_STAGE_WORDS)) assert.ok(!(stage in words.byCode), stage);
});

test('job stage lines', () => {
  const album = { title: 'Signal Bloom', artist: 'The Velvet Circuit' };
  const after = words.searchingAfterMs;
  const cases = [
    [{ stage: 'queued' }, 0, 'stage busy', 'Waiting for its turn'],
    [{ stage: 'found', found: album }, 0, 'headline', 'We found Signal Bloom by The Velvet Circuit'],
    [{ stage: 'found' }, 0, 'headline', words.byCode.preparing],
    [{ stage: 'identifying' }, 0, 'stage busy', words.byCode.identifying],
    [{ stage: 'identifying', identifyingSince: 1000 }, 1000 + after, 'stage busy', words.byCode.identifying],
    [{ stage: 'identifying', identifyingSince: 1000 }, 1001 + after, 'stage busy', words.byCode.searching],
    [{ stage: 'reviewing', identifyingSince: 1000 }, 99999, 'stage busy', words.byCode.reviewing],
    [{ stage: 'something-new' }, 0, 'stage busy', words.byCode.preparing],
    [{}, 0, 'stage busy', words.byCode.preparing],
  ];
  for (const [job, now, className, text] of cases) {
    assert.deepEqual(jobStageLine(job, now, false, words), { className, text }, JSON.stringify(job));
  }
});

test('photo stage lines', () => {
  assert.deepEqual(photoStageLine('uploading'), { className: 'stage busy', text: 'Sending to the computer' });
  assert.deepEqual(photoStageLine('unsent'), { className: 'stage', text: PHOTO_STAGE_WORDS.unsent });
});

test('a card still waiting says plainly that the computer does not answer, and a 429 says the photo goes shortly', () => {
  for (const stage of ['reviewing', 'identifying', 'queued', 'saving']) {
    const line = jobStageLine({ stage }, 0, true, words);
    assert.equal(line.text, OFFLINE_WORDS, stage);
    assert.ok(!line.className.includes('busy'), 'no dots that suggest progress');
  }
  assert.deepEqual(photoStageLine('busy'), { className: 'stage', text: 'The computer is busy: this photo will be sent in a moment' });
});
