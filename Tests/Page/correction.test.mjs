// "Wrong album?": what the clerk typed as a correction's body, and what the answer changed and cost.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { correctionBody, correctionSummary, costWords } from '../../Sources/AlbumScanServe/Page/js/correction.js';

const MBID = '0d7a1a3c-1111-4222-8333-944455556666';

test('artist and title, both needed', () => {
  assert.deepEqual(correctionBody({ artist: ' Neon Parish ', title: 'Arcade Saints ' }), { body: { artist: 'Neon Parish', title: 'Arcade Saints' } });
  assert.ok(correctionBody({ artist: 'Neon Parish' }).error);
  assert.ok(correctionBody({ title: 'Arcade Saints' }).error);
  assert.ok(correctionBody({}).error);
});

test('a release link or id wins over names', () => {
  assert.deepEqual(correctionBody({ artist: 'a', title: 't', release: MBID }), { body: { musicbrainzReleaseId: MBID } });
  const mb = `https://musicbrainz.org/release/${MBID}`;
  assert.deepEqual(correctionBody({ release: mb }), { body: { musicbrainzReleaseId: mb } });
  const discogs = 'https://www.discogs.com/release/249504-Some-Record';
  assert.deepEqual(correctionBody({ release: discogs }), { body: { discogsReleaseId: discogs } });
  assert.ok(correctionBody({ release: 'https://www.discogs.com/master/1234' }).error);
  assert.ok(correctionBody({ release: 'not a link' }).error);
});

test('what changed, and what it cost', () => {
  const before = { scanId: 1, album: { artist: 'Neon Parish', title: 'Hymns for Arcades', musicbrainzReleaseId: 'a' } };
  const after = { scanId: 1, album: { artist: 'Neon Parish', title: 'Arcade Saints', musicbrainzReleaseId: 'b' } };
  assert.equal(correctionSummary(before, after), 'Now: Neon Parish — Arcade Saints (was: Neon Parish — Hymns for Arcades).');
  assert.equal(correctionSummary(before, before), 'Nothing changed: this is already Neon Parish — Hymns for Arcades.');
  assert.equal(correctionSummary(before, { ...before, album: { ...before.album, musicbrainzReleaseId: 'c' } }),
    'Now linked to another release of Neon Parish — Hymns for Arcades.');
  assert.match(costWords('cached'), /no model call/);
  assert.match(costWords('new'), /one model call/);
  assert.match(costWords('none'), /nothing was charged/);
  assert.equal(costWords(null), null);
});
