// The scan JSON the page reads. fixtures/scan-result.json is what the server encodes (PageFixtureTests, Swift, keeps
// it so): every field the page lists must be there, and the page's readers must read exactly the fields it lists.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { applyResult } from '../../Sources/AlbumScanServe/Page/js/jobs.js';
import {
  SCAN_RESULT_FIELDS, cardFacts, matchedInCatalogue, outcome, photoNoLongerNeeded, reviewFacts, scanIdOf, scanLine,
  shopValues, versionOf,
} from '../../Sources/AlbumScanServe/Page/js/scan-result.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/scan-result.json', import.meta.url), 'utf8'));
const KINDS = ['identified', 'failed', 'skipped'];

const valueAt = (object, path) => path.split('.').reduce((v, key) => (v === undefined || v === null ? undefined : v[key]), object);

/// `value` wrapped so that every field read from it, at any depth, is added to `seen` as a path (an array is a leaf).
function recording(value, seen, path = '') {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return new Proxy(value, {
    get(target, key) {
      if (typeof key !== 'string') return Reflect.get(target, key);
      const at = path ? `${path}.${key}` : key;
      seen.add(at);
      return recording(target[key], seen, at);
    },
  });
}

/// The fields the page reads from a result of `kind`: each reader of it run on the fixture's result of that kind.
function fieldsRead(kind) {
  const seen = new Set();
  const result = () => recording(structuredClone(fixture[kind]), seen);
  applyResult(new Map(), { job: 'j', result: result() });
  outcome(result());
  photoNoLongerNeeded(result());
  scanIdOf(result());
  if (kind === 'identified') {
    cardFacts(result(), true);
    cardFacts(result(), false);
    reviewFacts(result());
    matchedInCatalogue(result());
    shopValues(result());
    scanLine(result());
    versionOf(result());
  }
  // A path read only to reach a field below it is not itself a field the page reads.
  return [...seen].filter((p) => ![...seen].some((q) => q.startsWith(`${p}.`))).sort();
}

test('the fixture holds one result of each kind', () => {
  assert.deepEqual(Object.keys(SCAN_RESULT_FIELDS).sort(), [...KINDS].sort());
  for (const kind of KINDS) assert.equal(fixture[kind].status, kind);
});

for (const kind of KINDS) {
  test(`every field the page reads from a ${kind} result is in the server's JSON`, () => {
    const missing = SCAN_RESULT_FIELDS[kind].filter((path) => valueAt(fixture[kind], path) === undefined);
    assert.deepEqual(missing, [], `not in fixtures/scan-result.json's ${kind} result`);
  });

  test(`the page reads from a ${kind} result exactly the fields SCAN_RESULT_FIELDS lists`, () => {
    const read = fieldsRead(kind);
    const listed = SCAN_RESULT_FIELDS[kind];
    // Asking whether a field is there (a failed result's scanId) is allowed for any field some kind holds.
    const known = new Set(Object.values(SCAN_RESULT_FIELDS).flat());
    const unlisted = read.filter((p) => !listed.includes(p) && (valueAt(fixture[kind], p) !== undefined || !known.has(p)));
    assert.deepEqual(unlisted, [], 'read but not listed');
    assert.deepEqual(listed.filter((p) => !read.includes(p)), [], 'listed but never read');
  });
}

test("the server's results, read", () => {
  assert.deepEqual(outcome(fixture.identified), { kind: 'identified', scanId: 42 });
  assert.deepEqual(outcome(fixture.skipped), { kind: 'skipped', scanId: 42 });
  assert.deepEqual(outcome(fixture.failed), {
    kind: 'failed', unidentified: false, message: fixture.failed.error.message, retryLabel: 'Send anyway', anyway: true,
    repeated: true,
  });
  assert.equal(versionOf(fixture.identified), 1);
  for (const kind of KINDS) assert.equal(photoNoLongerNeeded(fixture[kind]), kind !== 'failed', kind);
  assert.equal(cardFacts(fixture.identified, true).headline, 'We found Signal Bloom by The Velvet Circuit');
  // The fixture's result is a duplicate; the same result as a library match has no duplicateOf.
  assert.equal(fixture.identified.identification.method, 'duplicate');
  assert.equal(matchedInCatalogue(fixture.identified), true);
  const { duplicateOf, ...library } = fixture.identified.identification;
  assert.equal(typeof duplicateOf, 'string');
  assert.equal(matchedInCatalogue({ ...fixture.identified, identification: { ...library, method: 'local' } }), true);
});
