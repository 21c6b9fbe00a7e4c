// Grading a photo while its review is written: from the `found` stage the card shows the grading form, and what
// the clerk saves goes to PATCH /api/jobs/ID (the server keeps it with the job and saves it with the scan). Once the
// result comes, the same form saves to PATCH /api/scans/ID with If-Match, keeping what the clerk is typing.

import { SHOP_FIELDS, changedFields, drawnValues } from './shop-fields.js';

/// The stages after the album is known: the card can take grades.
const AFTER_FOUND = new Set(['found', 'reviewing', 'waiting', 'saving']);

/// Whether a job still under way knows its album, so its card shows the grading form.
export const gradableJob = (job) => Boolean(job && job.state !== 'done' && job.found && AFTER_FOUND.has(job.stage));

/// The PATCH of job `jobId` saving what the clerk typed over a form drawn with `drawn`; null when nothing changed.
export function jobSaveRequest(jobId, drawn, typed) {
  const changes = changedFields(drawn, typed);
  if (!Object.keys(changes).length) return null;
  const init = { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(changes) };
  return { path: `/api/jobs/${jobId}`, init, changes };
}

/// The form's values once the scan is saved: a field the clerk changed since the form was drawn (`drawn`) keeps what
/// they typed (`typed`); every other field shows the scan's (`saved`: a SKU number given, the grades sent). `drawn`
/// is then the scan's values, so a later save sends just what differs from the scan.
export function attachedValues(drawn, typed, saved) {
  const before = drawnValues(drawn);
  const now = drawnValues(typed);
  const scan = drawnValues(saved);
  const draw = {};
  for (const field of SHOP_FIELDS) draw[field] = now[field] !== before[field] ? now[field] : scan[field];
  return { draw, drawn: scan };
}
