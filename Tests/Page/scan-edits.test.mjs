// Saving a grading form: only the changed fields, If-Match naming the version drawn, and a 412's two choices.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  conflictOf, etagVersion, ifMatch, patchRequest, resolveConflict, saveRequest, staleCurrent,
} from '../../Sources/AlbumScanServe/Page/js/scan-edits.js';
import { SHOP_FIELDS } from '../../Sources/AlbumScanServe/Page/js/shop-fields.js';

const blank = Object.fromEntries(SHOP_FIELDS.map((f) => [f, '']));
const graded = { ...blank, mediaCondition: 'Very Good Plus (VG+)', sku: 'A-1', price: '13' };
const scan = (version, fields) => ({ file: 'a.jpg', status: 'identified', scanId: 7, version, ...blank, ...fields });

test('ETags and If-Match', () => {
  assert.equal(ifMatch(3), '"3"');
  const cases = [['"3"', 3], ['W/"12"', 12], ['4', 4], [' "5" ', 5], ['*', null], ['"x"', null], ['', null], [null, null], [undefined, null]];
  for (const [etag, version] of cases) assert.equal(etagVersion(etag), version, String(etag));
});

test('a save sends only the changed fields, with If-Match naming the version drawn', () => {
  const typed = { ...graded, comments: 'Gatefold' };
  const request = saveRequest(7, 2, graded, typed);
  assert.equal(request.path, '/api/scans/7');
  assert.equal(request.init.method, 'PATCH');
  assert.deepEqual(request.init.headers, { 'Content-Type': 'application/json', 'If-Match': '"2"' });
  assert.deepEqual(JSON.parse(request.init.body), { comments: 'Gatefold' });
  assert.deepEqual(request.changes, { comments: 'Gatefold' });
  // Clearing a field sends it empty; nothing changed sends nothing.
  assert.deepEqual(saveRequest(7, 2, graded, { ...graded, sku: '' }).changes, { sku: '' });
  assert.equal(saveRequest(7, 2, graded, { ...graded }), null);
  // A scan with no version known (an older server) is saved without If-Match.
  assert.deepEqual(saveRequest(7, null, graded, typed).init.headers, { 'Content-Type': 'application/json' });
  assert.deepEqual(patchRequest(9, 1, { price: '3' }).init.headers['If-Match'], '"1"');
});

test("a 412's body gives the scan as it is now; any other body gives nothing", () => {
  const current = scan(4, graded);
  assert.deepEqual(staleCurrent({ error: { code: 'stale', message: 'changed', current } }), current);
  for (const body of [null, {}, { error: { code: 'bad-field', current } }, { error: { code: 'stale' } }, { error: { code: 'stale', current: {} } }]) {
    assert.equal(staleCurrent(body), null, JSON.stringify(body));
  }
});

test('a conflict: the fields either side changed, what the clerk typed beside what is saved now', () => {
  // The form was drawn at version 2; another phone saved comments "Signed" and price 15 (version 3); the clerk
  // typed comments "Gatefold", media VG and price 15.
  const typed = { ...graded, comments: 'Gatefold', mediaCondition: 'Very Good (VG)', price: '15' };
  const current = scan(3, { ...graded, comments: 'Signed', price: '15' });
  const conflict = conflictOf(graded, typed, current);
  assert.equal(conflict.version, 3);
  assert.equal(conflict.scanId, 7);
  assert.deepEqual(conflict.rows, [
    { field: 'mediaCondition', label: 'Media', touched: true, mine: 'Very Good (VG)', theirs: 'Very Good Plus (VG+)', same: false },
    { field: 'comments', label: 'Comments', touched: true, mine: 'Gatefold', theirs: 'Signed', same: false },
    { field: 'price', label: 'Price', touched: true, mine: '15', theirs: '15', same: true },
  ]);
  // A field only the other side changed is a row the clerk did not touch.
  const onlyTheirs = conflictOf(graded, { ...graded, comments: 'Gatefold' }, scan(3, { ...graded, sku: 'B-2' }));
  assert.deepEqual(onlyTheirs.rows.map((r) => [r.field, r.touched, r.mine, r.theirs]), [['sku', false, null, 'B-2'], ['comments', true, 'Gatefold', '']]);
});

test('"Keep mine" sends the clerk\'s differing fields with the new version; "Use theirs" sends nothing', () => {
  const typed = { ...graded, comments: 'Gatefold', price: '15' };
  const current = scan(3, { ...graded, comments: 'Signed', price: '15', sku: 'B-2' });
  const conflict = conflictOf(graded, typed, current);

  const mine = resolveConflict(conflict, 'mine');
  assert.equal(mine.version, 3);
  assert.equal(mine.send.init.headers['If-Match'], '"3"');
  assert.deepEqual(JSON.parse(mine.send.init.body), { comments: 'Gatefold' }, 'price already matches; the SKU is theirs');
  assert.deepEqual(mine.draw, { ...graded, comments: 'Gatefold', price: '15', sku: 'B-2' });

  const theirs = resolveConflict(conflict, 'theirs');
  assert.deepEqual(theirs, { send: null, draw: { ...graded, comments: 'Signed', price: '15', sku: 'B-2' }, version: 3 });

  // Keep mine when the saved values already are the clerk's: nothing to send.
  const agreed = conflictOf(graded, { ...graded, price: '15' }, scan(4, { ...graded, price: '15' }));
  assert.equal(resolveConflict(agreed, 'mine').send, null);
  assert.throws(() => resolveConflict(conflict, 'both'), /no such choice/);
});
