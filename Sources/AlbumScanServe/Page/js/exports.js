// The catalogue's downloads: what a report says was listed and left out, in a shop's words, and the addresses the
// panel asks. The server does the work (GET /api/export/report, GET /api/export, POST /api/export/marks).

export const FORMATS = Object.freeze([
  { format: 'csv', label: 'CSV (every column)' },
  { format: 'discogs-inventory', label: 'Discogs inventory' },
  { format: 'discogs-collection', label: 'Discogs collection' },
]);

/// Why scans were left out, for `count` of them (the server's `leftOut` reasons).
export const LEFT_OUT_WORDS = Object.freeze({
  exported: 'already downloaded and marked before',
  'links-pending': 'still waiting for their Discogs links (try again in a minute)',
  'no-discogs-release': 'with no Discogs release known',
  'artwork-mismatch': 'whose cover did not match the photo (check them first)',
  'no-price': 'without a price',
  'no-media-condition': 'without a media grade',
});

const scans = (count) => (count === 1 ? '1 scan' : `${count} scans`);

/// The report in sentences: `{ listed, leftOut: [lines] }`.
export function reportLines(report) {
  const listed = report.listed.length === 0 ? 'No scans to download.' : `${scans(report.listed.length)} in this file.`;
  const leftOut = report.leftOut.map((group) => `${scans(group.count)} left out: ${LEFT_OUT_WORDS[group.reason] || group.reason}.`);
  return { listed, leftOut };
}

/// The query of one export: its form, and only the scans not marked yet when `onlyNew`.
export function exportQuery(format, onlyNew) {
  return onlyNew ? `format=${encodeURIComponent(format)}&notExported=1` : `format=${encodeURIComponent(format)}`;
}

/// The body that marks exactly the scans a report listed.
export function marksBody(format, report) {
  return JSON.stringify({ format, scanIds: report.listed });
}

/// The line while the links fill runs: its `links` stage event's count, when one came.
export function fillLine(progress) {
  const base = 'Asking MusicBrainz for Discogs links, one release a second';
  return progress && progress.total ? `${base}: ${progress.done} of ${progress.total}` : `${base}…`;
}
