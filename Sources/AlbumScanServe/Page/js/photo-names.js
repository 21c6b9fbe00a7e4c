// Names for the photos a phone sends: iPhones call every camera photo `image.jpg`, so such a photo is named by the
// time it was taken, `photo-20240301-142501.jpg`, with a counter after it for a second one in the same second.

/// Names a phone's camera gives every photo alike: they tell nothing apart.
const GENERIC = /^(image|photo|blob|camera|capture)?(\.(jpe?g|png|heic|heif))?$/i;

/// Whether `name` is one a camera gives every photo (or none at all).
export const isGenericName = (name) => GENERIC.test((name || '').trim());

const two = (n) => String(n).padStart(2, '0');

/// `photo-YYYYMMDD-HHMMSS` for time `at` (milliseconds; local time, as the clerk's clock reads).
export function timeStem(at) {
  const d = new Date(at);
  return `photo-${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}`;
}

/// The name a photo is sent with: its own, unless a camera's generic one; then the time it was taken (`takenAt`,
/// milliseconds), and `-2`, `-3`, … when a name is in `used` already. The name chosen is added to `used`.
export function photoName(name, takenAt, used) {
  if (!isGenericName(name)) return name;
  const extension = /\.(png|heic|heif)$/i.exec(name || '');
  const suffix = extension ? extension[0].toLowerCase() : '.jpg';
  const stem = timeStem(takenAt);
  let candidate = `${stem}${suffix}`;
  for (let n = 2; used.has(candidate); n += 1) candidate = `${stem}-${n}${suffix}`;
  used.add(candidate);
  return candidate;
}
