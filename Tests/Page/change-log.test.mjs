// A scan's change log as the catalogue dialog lists it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changeLine, changeLines, doorName, timeText, valueText } from '../../Sources/AlbumScanServe/Page/js/change-log.js';

// Local times, so the expected clock text holds in any time zone.
const now = new Date(2024, 2, 12, 21, 0);
const at = (day, hour, minute) => new Date(2024, 2, day, hour, minute).toISOString();

test('who changed it', () => {
  const cases = [['cli', 'abc', 'cli'], ['page:abc', 'abc', 'this phone'], ['page:xyz', 'abc', 'another phone'],
    ['page:abc', null, 'another phone'], ['page:bearer', 'abc', 'another phone'], ['', 'abc', 'unknown'], ['import', 'abc', 'import']];
  for (const [door, client, name] of cases) assert.equal(doorName(door, client), name, `${door} ${client}`);
});

test('values and times', () => {
  assert.equal(valueText(null), '—');
  assert.equal(valueText(''), '—');
  assert.equal(valueText('Gatefold'), 'Gatefold');
  assert.equal(valueText(13), '13');
  assert.equal(valueText('a\n  b'), 'a b');
  assert.equal(valueText('x'.repeat(50)), `${'x'.repeat(39)}…`);
  assert.equal(timeText(at(12, 20, 41), now), '20:41');
  assert.equal(timeText(at(11, 9, 5), now), '2024-03-11 09:05');
  assert.equal(timeText('soon', now), '');
});

test('one line per version, newest first', () => {
  const changes = [
    { version: 2, changedAt: at(12, 20, 30), door: 'cli', fields: [{ field: 'mediaCondition', old: null, new: 'Very Good Plus (VG+)' }, { field: 'sku', old: null, new: 'A-1' }] },
    { version: 3, changedAt: at(12, 20, 41), door: 'page:me', fields: [{ field: 'comments', old: null, new: 'Gatefold' }] },
    { version: 4, changedAt: at(12, 20, 45), door: 'page:other', fields: [{ field: 'artist', old: 'A', new: 'B' }] },
  ];
  assert.equal(changeLine(changes[1], 'me', now), 'v3 · 20:41 · this phone · Comments: — → Gatefold');
  const { lines, earlier } = changeLines(changes, 'me', now);
  assert.deepEqual(lines, [
    'v4 · 20:45 · another phone · artist: A → B',
    'v3 · 20:41 · this phone · Comments: — → Gatefold',
    'v2 · 20:30 · cli · Media: — → Very Good Plus (VG+); SKU: — → A-1',
  ]);
  assert.equal(earlier, 0);
  const short = changeLines(changes, 'me', now, 1);
  assert.deepEqual([short.lines.length, short.earlier], [1, 2]);
  assert.deepEqual(changeLines([], 'me', now), { lines: [], earlier: 0 });
  assert.deepEqual(changeLines(undefined, 'me', now), { lines: [], earlier: 0 });
});
