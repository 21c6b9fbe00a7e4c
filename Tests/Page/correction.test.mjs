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

test('a back photo pins the scan with the version the clerk saw', async () => {
  const { backPhotoRequest } = await import('../../Sources/AlbumScanServe/Page/js/correction.js');
  const blob = { type: 'image/jpeg' };
  const request = backPhotoRequest(12, 4, blob);
  assert.equal(request.path, '/api/scans/12/photos?side=back');
  assert.equal(request.init.method, 'POST');
  assert.deepEqual(request.init.headers, { 'Content-Type': 'image/jpeg', 'If-Match': '"4"' });
  assert.equal(request.init.body, blob);
  assert.equal(backPhotoRequest(12, undefined, {}).init.headers['If-Match'], undefined);
});

test("a back of another album names it; other refusals say the server's words", async () => {
  const { backRefusalWords } = await import('../../Sources/AlbumScanServe/Page/js/correction.js');
  const other = { error: { code: 'different-album', message: 'x', album: { artist: 'AC/DZ', title: 'Back in Beige' } } };
  assert.match(backRefusalWords(other), /^That back is of AC\/DZ — Back in Beige, another album: nothing changed\./);
  assert.equal(backRefusalWords({ error: { code: 'no-barcode', message: 'No barcode here.' } }), 'No barcode here.');
  assert.equal(backRefusalWords(null), 'The back did not name a release: nothing changed.');
});
