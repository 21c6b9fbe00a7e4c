// Phone photos' names: a camera's generic name becomes the time it was taken, with a counter for the same second.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isGenericName, photoName, timeStem } from '../../Sources/AlbumScanServe/Page/js/photo-names.js';

const at = new Date(2024, 2, 1, 14, 25, 1).getTime();

test("generic camera names are recognised; a photo's own name is kept", () => {
  for (const name of ['image.jpg', 'IMAGE.JPEG', 'image.heic', '', undefined, 'blob', 'photo.png']) assert.ok(isGenericName(name), String(name));
  for (const name of ['IMG_4821.jpg', 'velvet-circuit.jpg', 'image (1).jpg']) assert.ok(!isGenericName(name), name);
  assert.equal(photoName('IMG_4821.jpg', at, new Set()), 'IMG_4821.jpg');
});

test('iPhone photos named image.jpg get their time taken, then a counter', () => {
  assert.equal(timeStem(at), 'photo-20240301-142501');
  const used = new Set();
  assert.equal(photoName('image.jpg', at, used), 'photo-20240301-142501.jpg');
  assert.equal(photoName('image.jpg', at, used), 'photo-20240301-142501-2.jpg');
  assert.equal(photoName('image.jpg', at, used), 'photo-20240301-142501-3.jpg');
  assert.equal(photoName('image.jpg', at + 1000, used), 'photo-20240301-142502.jpg');
  assert.equal(photoName('image.HEIC', at + 1000, used), 'photo-20240301-142502.heic');
  assert.equal(photoName('', at, used), 'photo-20240301-142501-4.jpg');
});
