// A photo made small enough to send (1600 px on its long side) and a 128 px thumbnail, in the browser.

const LONG_SIDE = 1600;
const MAX_CANVAS = 16777216;

export async function downscale(file) {
  if (!('createImageBitmap' in window)) return { blob: file, thumb: null };
  let bitmap;
  try { bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }); }
  catch (e) { return { blob: file, thumb: null }; }
  const scale = Math.min(1, LONG_SIDE / Math.max(bitmap.width, bitmap.height));
  let width = Math.round(bitmap.width * scale), height = Math.round(bitmap.height * scale);
  if (width * height > MAX_CANVAS) {
    const s = Math.sqrt(MAX_CANVAS / (width * height));
    width = Math.floor(width * s); height = Math.floor(height * s);
  }
  const canvas = document.createElement('canvas');
  canvas.width = width; canvas.height = height;
  canvas.getContext('2d').drawImage(bitmap, 0, 0, width, height);
  const thumbCanvas = document.createElement('canvas');
  const t = 128 / Math.max(width, height);
  thumbCanvas.width = Math.round(width * t); thumbCanvas.height = Math.round(height * t);
  thumbCanvas.getContext('2d').drawImage(canvas, 0, 0, thumbCanvas.width, thumbCanvas.height);
  if (bitmap.close) bitmap.close();
  const thumb = thumbCanvas.toDataURL('image/jpeg', 0.7);
  // A JPEG already small enough goes as it is: no second compression, and the same bytes as the file on the phone
  // (the server applies its EXIF orientation itself, and knows it again by its SHA-256).
  if (scale === 1 && file.type === 'image/jpeg') return { blob: file, thumb };
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  return { blob: blob || file, thumb };
}
