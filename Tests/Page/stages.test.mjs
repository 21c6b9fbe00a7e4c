// Stage words: every stage the server sends has its own words, and the page's own stages never share a name with it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  OFFLINE_WORDS, PHOTO_STAGE_WORDS, SCAN_STAGE_WORDS, SEARCHING_AFTER_MS, jobStageLine, photoStageLine,
} from '../../Sources/AlbumScanServe/Page/js/stages.js';

/// The stage codes the server sends: JobSnapshot.code's, and `queued`, which the job queue sends itself.
function serverStages() {
  const swift = readFileSync(new URL('../../Sources/AlbumScanServe/Jobs/JobSnapshot.swift', import.meta.url), 'utf8');
  const codes = [...swift.matchAll(/case \.\w+(?:\([^)]*\))?: "(\w+)"/g)].map((m) => m[1]);
  assert.ok(codes.length >= 7, `read ${codes.length} stage codes from JobSnapshot.swift`);
  return ['queued', ...codes];
}

test('every stage the server sends but found has words of its own', () => {
  for (const stage of serverStages().filter((s) => s !== 'found')) {
    assert.equal(typeof SCAN_STAGE_WORDS[stage], 'string', stage);
    assert.equal(jobStageLine({ stage }, 0).text, SCAN_STAGE_WORDS[stage], stage);
  }
});

test("a Discogs pause says so, and a photo not sent yet says that instead", () => {
  assert.equal(jobStageLine({ stage: 'waiting' }, 0).text, 'Waiting for Discogs, which asked for a pause');
  assert.equal(photoStageLine('unsent').text, 'Not sent yet: it will go when the computer answers');
  for (const stage of Object.keys(PHOTO_STAGE_WORDS)) assert.ok(!(stage in SCAN_STAGE_WORDS), stage);
});

test('job stage lines', () => {
  const album = { title: 'Signal Bloom', artist: 'The Velvet Circuit' };
  const cases = [
    [{ stage: 'queued' }, 0, 'stage busy', 'Waiting for its turn'],
    [{ stage: 'found', found: album }, 0, 'headline', 'We found Signal Bloom by The Velvet Circuit'],
    [{ stage: 'found' }, 0, 'headline', SCAN_STAGE_WORDS.preparing],
    [{ stage: 'identifying' }, 0, 'stage busy', SCAN_STAGE_WORDS.identifying],
    [{ stage: 'identifying', identifyingSince: 1000 }, 1000 + SEARCHING_AFTER_MS, 'stage busy', SCAN_STAGE_WORDS.identifying],
    [{ stage: 'identifying', identifyingSince: 1000 }, 1001 + SEARCHING_AFTER_MS, 'stage busy', SCAN_STAGE_WORDS.searching],
    [{ stage: 'reviewing', identifyingSince: 1000 }, 99999, 'stage busy', SCAN_STAGE_WORDS.reviewing],
    [{ stage: 'something-new' }, 0, 'stage busy', SCAN_STAGE_WORDS.preparing],
    [{}, 0, 'stage busy', SCAN_STAGE_WORDS.preparing],
  ];
  for (const [job, now, className, text] of cases) {
    assert.deepEqual(jobStageLine(job, now), { className, text }, JSON.stringify(job));
  }
});

test('photo stage lines', () => {
  assert.deepEqual(photoStageLine('uploading'), { className: 'stage busy', text: 'Sending to the computer' });
  assert.deepEqual(photoStageLine('unsent'), { className: 'stage', text: PHOTO_STAGE_WORDS.unsent });
});

test('a card still waiting says plainly that the computer does not answer, and a 429 says the photo goes shortly', () => {
  for (const stage of ['reviewing', 'identifying', 'queued', 'saving']) {
    const line = jobStageLine({ stage }, 0, true);
    assert.equal(line.text, OFFLINE_WORDS, stage);
    assert.ok(!line.className.includes('busy'), 'no dots that suggest progress');
  }
  assert.deepEqual(photoStageLine('busy'), { className: 'stage', text: 'The computer is busy: this photo will be sent in a moment' });
});
