// Reading a scan's JSON (ScanResult, as `scan --json` prints it and the server sends it): the page reads it here
// and nowhere else. SCAN_RESULT_FIELDS lists the fields it reads that each kind of result holds (besides, it asks
// whether a failed or skipped result has a `scanId`). Tests/Page checks the list against results the Swift tests
// encode (Tests/Page/fixtures/scan-result.json) and against what these readers read.

import { failureWords } from './messages.js';

export const SCAN_RESULT_FIELDS = Object.freeze({
  identified: Object.freeze([
    'file', 'status', 'scanId', 'version', 'scannedAt',
    'album.artist', 'album.title', 'album.year', 'album.label', 'album.genres',
    'identification.method', 'identification.duplicateOf',
    'verification.status',
    'review.summary', 'review.bullets', 'review.rating', 'review.recommendation', 'review.keyTracks',
    'location', 'mediaCondition', 'sleeveCondition', 'sku', 'comments', 'price',
  ]),
  failed: Object.freeze(['file', 'status', 'error.code', 'error.message', 'repeated']),
  skipped: Object.freeze(['file', 'status', 'skipped.scanId']),
});

const VERIFICATION_WORDS = {
  verified: 'Artwork verified', mismatch: 'Artwork differs', unsure: 'Artwork unsure', unchecked: 'Not checked',
};

export const scanIdOf = (result) => result.scanId;
/// The saved scan's version (it grows with every change; a PATCH names it in If-Match), else null.
export const versionOf = (result) => (Number.isInteger(result.version) ? result.version : null);
export const artworkPath = (scanId) => `/api/scans/${scanId}/artwork`;
/// The clerk's own photo of a scan, as the server kept it (DESIGN wave 5: photos are kept).
export const photoPath = (scanId) => `/api/scans/${scanId}/photo`;

/// The art a scan's card asks for: its artwork (at its `version`, so a corrected album's art is not the browser's
/// cached old one), or null when that address answered 404 before (`missing`: the addresses that did), so a card
/// drawn again shows its placeholder without asking again.
export function artSource(scanId, missing, version = null) {
  if (!scanId) return null;
  const path = Number.isInteger(version) ? `${artworkPath(scanId)}?v=${version}` : artworkPath(scanId);
  return missing && missing.has(path) ? null : path;
}

/// The `before=` of the catalogue's next page: the oldest scan id of a full page of `size`, else null (no more).
export function nextBefore(scans, size) {
  if (!scans || scans.length < size) return null;
  const ids = scans.map((s) => s.scanId).filter(Number.isInteger);
  return ids.length ? Math.min(...ids) : null;
}

/// The failed jobs a job that ended in a scan supersedes: those of the same photo (its SHA-256, or the phone's key
/// of it) that ended without a scan. Their cards go: the retry answered them.
export function supersededFailures(jobs, job) {
  if (!job || !job.result || !job.result.scanId) return [];
  const samePhoto = (other) => (job.sha256 && other.sha256 === job.sha256) || (job.localKey && other.localKey === job.localKey);
  return [...jobs.values()]
    .filter((other) => other.job !== job.job && other.state === 'done' && other.result && !other.result.scanId && samePhoto(other))
    .map((other) => other.job);
}

/// What became of a job's photo: `skipped` (already scanned, with the stored scan's id), `failed` (with what the
/// page says, how it offers to try again, and whether the server answered from the photo's last try, with no model
/// call) or `identified`.
export function outcome(result) {
  if (result.status === 'skipped' && result.skipped && result.skipped.scanId) {
    return { kind: 'skipped', scanId: result.skipped.scanId };
  }
  if (result.status !== 'identified') {
    const code = result.error ? result.error.code : 'failed';
    return {
      kind: 'failed',
      unidentified: code === 'unidentified' || code === 'artwork-mismatch',
      message: failureWords(result.error),
      retryLabel: code === 'photo-quality' ? 'Send anyway' : 'Try again',
      anyway: code === 'photo-quality',
      repeated: result.repeated === true,
    };
  }
  return { kind: 'identified', scanId: result.scanId };
}

/// A job whose photo was saved (or was already catalogued) no longer needs the phone's copy.
export function photoNoLongerNeeded(result) {
  return Boolean(result && (result.scanId || result.status === 'skipped'));
}

/// A library match (Call 0) or a duplicate of a photo identified earlier: the album was already catalogued.
export function matchedInCatalogue(result) {
  const identification = result.identification;
  return Boolean(identification && (identification.method === 'local' || identification.duplicateOf !== undefined));
}

/// What a scan's card shows: the headline, the art's alt text, the badges and the line of facts.
export function cardFacts(result, big) {
  const album = result.album || {};
  const status = result.verification ? result.verification.status : 'unchecked';
  const badges = [{ className: `badge ${status}`, text: VERIFICATION_WORDS[status] || status }];
  const review = result.review;
  if (review && review.recommendation) {
    const rating = review.rating === undefined || review.rating === null ? '' : review.rating;
    badges.push({ className: 'badge rec', text: `${review.recommendation} ${rating}`.trim() });
  }
  const bits = [album.year, album.label, (album.genres || []).join(', ')].filter(Boolean);
  const shop = [result.mediaCondition, result.sleeveCondition, result.location].filter(Boolean);
  return {
    scanId: result.scanId,
    headline: big ? `We found ${album.title} by ${album.artist}` : `${album.artist} — ${album.title}`,
    artAlt: `Cover of ${album.title || 'the album'}`,
    badges,
    meta: [bits.join(' · '), shop.join(' · ')].filter(Boolean).join(' — '),
  };
}

/// The review's paragraphs: the summary, its bullets, the rating and key tracks (each null or empty when absent).
export function reviewFacts(result) {
  const review = result.review || {};
  const hasRating = review.rating !== undefined && review.rating !== null;
  return {
    summary: review.summary || null,
    bullets: review.bullets && review.bullets.length ? review.bullets : [],
    rating: hasRating ? `Rating ${review.rating}/10` : null,
    keyTracks: review.keyTracks && review.keyTracks.length ? `Key tracks: ${review.keyTracks.join(', ')}` : null,
  };
}

/// The shop's fields of a scan, as its grading form draws them.
export function shopValues(result) {
  const { location, mediaCondition, sleeveCondition, sku, comments, price } = result;
  return { location, mediaCondition, sleeveCondition, sku, comments, price };
}

/// "Scan #12 · cover.jpg · 2024-01-01T00:00:00Z", under a scan opened from the catalogue.
export function scanLine(scan) {
  return `Scan #${scan.scanId} · ${scan.file} · ${scan.scannedAt || ''}`;
}
