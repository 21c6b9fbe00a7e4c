// Shop fields: what a form changed, what an upload carries, the session's defaults.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { query } from '../../Sources/AlbumScanServe/Page/js/api.js';
import {
  SHOP_FIELDS, changedFields, defaultsFrom, defaultsSummary, drawnValues, mergedDefaults, uploadPairs,
} from '../../Sources/AlbumScanServe/Page/js/shop-fields.js';

const blank = Object.fromEntries(SHOP_FIELDS.map((f) => [f, '']));

test('drawn values: text, or empty when unset', () => {
  assert.deepEqual(drawnValues(null), blank);
  assert.deepEqual(drawnValues({ location: 'Bin 4', sku: null, price: '12.50', other: 'x' }), { ...blank, location: 'Bin 4', price: '12.50' });
});

test('form diffs: only the fields changed since the form was drawn', () => {
  const drawn = { location: 'Bin 4', mediaCondition: 'Mint (M)', sleeveCondition: null, sku: '', comments: undefined, price: '12.50' };
  const cases = [
    [{ ...blank, location: 'Bin 4', mediaCondition: 'Mint (M)', price: '12.50' }, {}],
    [{ ...blank, location: 'Bin 5', mediaCondition: 'Mint (M)', price: '12.50' }, { location: 'Bin 5' }],
    [{ ...blank, location: 'Bin 4', price: '12.50' }, { mediaCondition: '' }],
    [{ ...blank, location: 'Bin 4', mediaCondition: 'Mint (M)', sleeveCondition: 'Generic', comments: 'seam split', price: '12.50' },
      { sleeveCondition: 'Generic', comments: 'seam split' }],
    [{ ...blank }, { location: '', mediaCondition: '', price: '' }],
    [{ ...blank, location: 'Bin 4 ', mediaCondition: 'Mint (M)', price: '12.50' }, { location: 'Bin 4 ' }],
  ];
  for (const [current, changes] of cases) assert.deepEqual(changedFields(drawn, current), changes, JSON.stringify(current));
});

test('an upload carries the set fields, the cleared ones as empty, noQualityCheck for "Send anyway" and rescan for "Try again"', () => {
  const photo = { name: 'IMG_1.jpg', fields: { location: 'Bin 4', sku: '', price: '3' } };
  assert.deepEqual(uploadPairs(photo), { name: 'IMG_1.jpg', location: 'Bin 4', sku: '', price: '3' });
  assert.deepEqual(uploadPairs(photo, { noQualityCheck: true }), { name: 'IMG_1.jpg', location: 'Bin 4', sku: '', price: '3', noQualityCheck: '1' });
  assert.deepEqual(uploadPairs({ name: 'a.jpg', fields: {} }, { noQualityCheck: false }), { name: 'a.jpg' });
  assert.deepEqual(uploadPairs({ name: 'a.jpg', fields: {} }, { rescan: true }), { name: 'a.jpg', rescan: '1' });
  assert.deepEqual(uploadPairs({ name: 'a.jpg', fields: {} }, { rescan: false }), { name: 'a.jpg' });
});

test('a cleared default goes in the query as empty, so the session default does not fill it', () => {
  const pairs = uploadPairs({ name: 'a b.jpg', fields: { mediaCondition: '', location: 'Bin 4' } });
  assert.equal(query(pairs, true), 'name=a%20b.jpg&location=Bin%204&mediaCondition=');
  assert.equal(query(pairs), 'name=a%20b.jpg&location=Bin%204');
});

test('defaults: trimmed, a cleared field kept as cleared, and every default summarised', () => {
  assert.deepEqual(defaultsFrom({ ...blank, location: ' Bin 4 ', comments: '   ' }), { ...blank, location: 'Bin 4' });
  const cases = [
    [{}, 'nothing set'],
    [{ ...blank }, 'nothing set'],
    [{ location: 'Bin 4' }, 'shelf Bin 4'],
    [{ location: 'Bin 4', mediaCondition: 'Mint (M)', sleeveCondition: 'Generic' }, 'shelf Bin 4, media Mint (M), sleeve Generic'],
    [{ sleeveCondition: 'Generic' }, 'sleeve Generic'],
    [{ price: '12,50', sku: 'A-7', comments: 'Gatefold' }, 'price 12,50, SKU A-7, comment “Gatefold”'],
    [{ sku: 'A-{n}' }, 'SKU A-{n} (numbered in the order photos arrive)'],
  ];
  for (const [defaults, text] of cases) assert.equal(defaultsSummary(defaults), text);
});

test("a field cleared on this phone stays cleared over the session's default after a reload", () => {
  const session = { mediaCondition: 'Mint (M)', location: 'Bin 4' };
  const saved = JSON.parse(JSON.stringify(defaultsFrom({ ...blank, location: 'Bin 4' })));
  assert.deepEqual(mergedDefaults(session, saved), { ...blank, location: 'Bin 4' });
  // A phone that saved nothing takes the session's; one that saved before cleared fields were kept, too.
  assert.deepEqual(mergedDefaults(session, {}), session);
  assert.deepEqual(mergedDefaults(session, { location: 'Bin 5' }), { mediaCondition: 'Mint (M)', location: 'Bin 5' });
});
