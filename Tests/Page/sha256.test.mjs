// The SHA-256 of a photo's bytes: the page's own digest and crypto.subtle's agree with node:crypto.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { sha256Hex, sha256HexOf } from '../../Sources/AlbumScanServe/Page/js/sha256.js';

const bytes = (n) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 255);
const reference = (data) => createHash('sha256').update(data).digest('hex');

test('the known digests', () => {
  assert.equal(sha256HexOf(new Uint8Array()), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(sha256HexOf(new TextEncoder().encode('abc')), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

test("the page's digest at every padding boundary and over many blocks", () => {
  for (const n of [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 70001]) assert.equal(sha256HexOf(bytes(n)), reference(bytes(n)), String(n));
});

test('a Blob or bytes, with crypto.subtle and without', async () => {
  const data = bytes(5000);
  assert.equal(await sha256Hex(data), reference(data));
  assert.equal(await sha256Hex(new Blob([data])), reference(data));
  const subtle = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
  Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
  try {
    assert.equal(await sha256Hex(data), reference(data));
  } finally {
    Object.defineProperty(globalThis, 'crypto', subtle);
  }
});
