// Saving a grading form: a PATCH of only the fields the clerk changed, with If-Match naming the version the form
// was drawn from; and when someone else saved first (412 `stale`), the conflict between what the clerk typed and
// what is saved now, and what each of the clerk's two choices sends and draws.

import { scanIdOf, shopValues, versionOf } from './scan-result.js';
import { SHOP_FIELDS, changedFields, drawnValues } from './shop-fields.js';

/// The shop fields' names as the page's forms label them.
export const FIELD_LABELS = Object.freeze({
  mediaCondition: 'Media', sleeveCondition: 'Sleeve', location: 'Location', sku: 'SKU', price: 'Price', comments: 'Comments',
});

/// The If-Match header naming `version`: its ETag, `"3"`.
export const ifMatch = (version) => `"${version}"`;

/// The version an ETag names (`"3"`, `W/"3"` or `3`), else null.
export function etagVersion(etag) {
  const match = /^(?:W\/)?"?(\d+)"?$/.exec((etag || '').trim());
  return match ? Number(match[1]) : null;
}

/// The PATCH of scan `scanId` saving what the clerk typed over a form drawn with `drawn` from `version`: only the
/// changed fields, with If-Match when the version is known; null when nothing changed.
export function saveRequest(scanId, version, drawn, typed) {
  const changes = changedFields(drawn, typed);
  if (!Object.keys(changes).length) return null;
  return patchRequest(scanId, version, changes);
}

/// A PATCH of `changes` to scan `scanId`, with If-Match naming `version` when known.
export function patchRequest(scanId, version, changes) {
  const headers = { 'Content-Type': 'application/json' };
  if (Number.isInteger(version)) headers['If-Match'] = ifMatch(version);
  return { path: `/api/scans/${scanId}`, init: { method: 'PATCH', headers, body: JSON.stringify(changes) }, changes };
}

/// The scan as it is now, from a 412's body ({"error": {"code": "stale", "current": {…}}}), else null.
export function staleCurrent(body) {
  const error = body && body.error;
  return error && error.code === 'stale' && error.current && scanIdOf(error.current) !== undefined ? error.current : null;
}

/// A stale save: the form was drawn with `drawn`, the clerk typed `typed`, and `current` is the scan saved now.
/// Its rows are the fields either side changed since the form was drawn: `mine` what the clerk typed (null for a
/// field they left alone), `theirs` the saved value, `same` when both say the same.
export function conflictOf(drawn, typed, current) {
  const before = drawnValues(drawn);
  const mine = drawnValues(typed);
  const theirs = drawnValues(shopValues(current));
  const rows = [];
  for (const field of SHOP_FIELDS) {
    const touched = mine[field] !== before[field];
    if (!touched && theirs[field] === before[field]) continue;
    rows.push({
      field, label: FIELD_LABELS[field], touched, mine: touched ? mine[field] : null, theirs: theirs[field],
      same: touched && mine[field] === theirs[field],
    });
  }
  return { scanId: scanIdOf(current), version: versionOf(current), current, theirs, rows };
}

/// What a choice does with a conflict: `mine` sends the clerk's fields that differ from the saved ones, with
/// If-Match naming the version now saved (null `send` when they already match), over the saved values the form
/// then shows; `theirs` sends nothing and draws the saved values. The fields only the other side changed keep
/// the other side's values either way.
export function resolveConflict(conflict, choice) {
  if (choice === 'theirs') return { send: null, draw: { ...conflict.theirs }, version: conflict.version };
  if (choice !== 'mine') throw new Error(`no such choice: ${choice}`);
  const draw = { ...conflict.theirs };
  const changes = {};
  for (const row of conflict.rows) {
    if (!row.touched) continue;
    draw[row.field] = row.mine;
    if (!row.same) changes[row.field] = row.mine;
  }
  const send = Object.keys(changes).length ? patchRequest(conflict.scanId, conflict.version, changes) : null;
  return { send, draw, version: conflict.version };
}
