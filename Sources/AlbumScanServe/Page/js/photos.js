// The photos kept on the phone (photo-store.js) and what becomes of them, DOM-free. A photo is kept from the moment
// it is taken until it ends in a saved scan, or the clerk dismisses it. The page sends one again by itself only
// when it never reached the server (no 202); after a server restart it finds its photos' jobs by SHA-256 in
// GET /api/jobs, shows a stored ending, and sends once more a photo the server took but forgot. Every other try
// waits for a tap ("Try again" sends `rescan=1`, "Send anyway" `noQualityCheck=1`).

import { photoNoLongerNeeded } from './scan-result.js';

/// A photo just taken: not yet sent.
export function newPhoto({ key, blob, thumb, name, fields, sha256 }) {
  return {
    key, blob, thumb, name, fields: { ...fields }, sha256,
    job: null, reached: false, result: null, resent: false, retired: [], options: {},
  };
}

/// A kept photo with every field this module reads (photos kept by an older page lack some).
export function normalized(photo) {
  return {
    ...photo,
    fields: photo.fields || {},
    sha256: photo.sha256 || null,
    job: photo.job || null,
    reached: photo.reached === undefined ? Boolean(photo.job) : photo.reached,
    result: photo.result || null,
    resent: Boolean(photo.resent),
    retired: photo.retired || [],
    options: photo.options || {},
  };
}

/// The server took the photo (202 {job}).
export const afterAccepted = (photo, job) => ({ ...photo, job, reached: true });

/// The photo's job ended with `result`: null when the phone's copy is no longer needed (a saved or already
/// catalogued scan), else the photo with its ending, to show after a restart without asking the server.
export function afterEnded(photo, result) {
  return photoNoLongerNeeded(result) ? null : { ...photo, result };
}

/// The server refused the upload (not 202, 429, 413 or 415): the photo ends with the server's message, and goes
/// again only on a tap.
export function afterRefused(photo, message) {
  return { ...photo, result: { status: 'failed', file: photo.name, error: { code: 'refused', message } } };
}

/// The photo sent again on a tap: its job is retired (never followed again), and the upload says `rescan=1`, or
/// `noQualityCheck=1` for "Send anyway".
export function forRetry(photo, anyway) {
  return {
    ...photo, job: null, reached: false, result: null, resent: false,
    retired: [...photo.retired, photo.job].filter(Boolean),
    options: anyway ? { noQualityCheck: true } : { rescan: true },
  };
}

/// The ending of a photo the server took and forgot twice (two restarts before it ended).
export function lostResult(photo) {
  return {
    status: 'failed', file: photo.name,
    error: { code: 'lost', message: 'The computer restarted twice before this photo was scanned.' },
  };
}

/// The job of the server's `snapshots` a photo belongs to: its own job by id, else one of its SHA-256 (a photo
/// whose 202 was lost, or that the server queued again after a restart) that it has not retired, one still under
/// way first, else the newest (snapshots come newest first).
export function jobOf(photo, snapshots) {
  const own = photo.job && snapshots.find((s) => s.job === photo.job);
  if (own) return own;
  if (!photo.sha256) return null;
  const same = snapshots.filter((s) => s.sha256 === photo.sha256 && !photo.retired.includes(s.job));
  return same.find((s) => s.state !== 'done') || same[0] || null;
}

/// What to do with one kept photo, against the server's jobs and the keys being sent now:
/// `wait` (being sent), `follow` {job}, `show` (its stored ending), `send` {options, once} or `lost`.
export function planFor(photo, snapshots, sending) {
  if (sending.has(photo.key)) return { action: 'wait' };
  const job = jobOf(photo, snapshots);
  if (job) return { action: 'follow', job };
  if (photo.result) return { action: 'show' };
  // Never reached the server: it goes as the clerk sent it (a tap's rescan included).
  if (!photo.reached) return { action: 'send', options: photo.options, once: false };
  // Reached a server that forgot it: once more, asking for nothing paid (the server answers a photo it tried
  // before from that try); a second loss ends it.
  if (!photo.resent) return { action: 'send', options: {}, once: true };
  return { action: 'lost' };
}

/// Each kept photo (normalized) with its plan, oldest first, those being sent left out.
export function resendPlan(kept, snapshots, sending) {
  return kept
    .map(normalized)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((photo) => ({ photo, ...planFor(photo, snapshots, sending) }))
    .filter((step) => step.action !== 'wait');
}

/// The job ids the clerk dismissed, newest last, at most `limit`, so GET /api/jobs does not bring them back.
export function withDismissed(dismissed, job, limit = 200) {
  if (!job) return dismissed;
  return [...dismissed.filter((j) => j !== job), job].slice(-limit);
}

/// The server's jobs, less the dismissed ones.
export const notDismissed = (snapshots, dismissed) => snapshots.filter((s) => !dismissed.includes(s.job));
