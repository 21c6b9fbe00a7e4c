// The downloads panel's words and requests.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exportQuery, fillLine, LEFT_OUT_WORDS, marksBody, reportLines } from '../../Sources/AlbumScanServe/Page/js/exports.js';

test('a report in sentences, every server reason in words', () => {
  const report = { listed: [4, 2], leftOut: [{ reason: 'no-price', count: 1, scanIds: [3] }, { reason: 'exported', count: 3, scanIds: [1, 5, 6] }] };
  assert.deepEqual(reportLines(report), {
    listed: '2 scans in this file.',
    leftOut: ['1 scan left out: without a price.', '3 scans left out: already downloaded and marked before.'],
  });
  assert.equal(reportLines({ listed: [], leftOut: [] }).listed, 'No scans to download.');
  for (const reason of ['exported', 'links-pending', 'no-discogs-release', 'artwork-mismatch', 'no-price', 'no-media-condition']) {
    assert.ok(LEFT_OUT_WORDS[reason], reason);
  }
  assert.equal(reportLines({ listed: [], leftOut: [{ reason: 'new-reason', count: 2, scanIds: [1, 2] }] }).leftOut[0], '2 scans left out: new-reason.');
});

test('queries and marks name exactly what the report listed', () => {
  assert.equal(exportQuery('discogs-inventory', true), 'format=discogs-inventory&notExported=1');
  assert.equal(exportQuery('csv', false), 'format=csv');
  assert.deepEqual(JSON.parse(marksBody('csv', { listed: [9, 7], leftOut: [] })), { format: 'csv', scanIds: [9, 7] });
});

test('the fill line counts when the server said how far it is', () => {
  assert.match(fillLine(null), /…$/);
  assert.equal(fillLine({ done: 2, total: 5 }), 'Asking MusicBrainz for Discogs links, one release a second: 2 of 5');
});
