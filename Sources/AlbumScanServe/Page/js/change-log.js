// A scan's change log (GET /api/scans/ID/changes: [{version, changedAt, door, fields: [{field, old, new}]}]) as the
// catalogue dialog lists it: "v3 · 20:41 · this phone · Comments: — → Gatefold", newest first.

import { FIELD_LABELS } from './scan-edits.js';

/// Who made a change: `cli`, this phone (the door `page:` and this page's own client id), or another phone.
export function doorName(door, client) {
  if (door === 'cli') return 'cli';
  if (typeof door === 'string' && door.startsWith('page:')) return client && door.slice(5) === client ? 'this phone' : 'another phone';
  return door || 'unknown';
}

/// A logged value: "—" when empty, long ones cut to `limit` characters.
export function valueText(value, limit = 40) {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value).replace(/\s+/g, ' ');
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

const two = (n) => String(n).padStart(2, '0');

/// "20:41" for a time on `now`'s day, else "2024-03-12 20:41" (local time both).
export function timeText(iso, now = new Date()) {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const clock = `${two(at.getHours())}:${two(at.getMinutes())}`;
  if (at.toDateString() === now.toDateString()) return clock;
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${clock}`;
}

/// One change's line.
export function changeLine(change, client, now = new Date()) {
  const fields = (change.fields || [])
    .map((f) => `${FIELD_LABELS[f.field] || f.field}: ${valueText(f.old)} → ${valueText(f.new)}`)
    .join('; ');
  return [`v${change.version}`, timeText(change.changedAt, now), doorName(change.door, client), fields].filter(Boolean).join(' · ');
}

/// The log's lines, newest first, at most `limit` (the rest counted in `earlier`).
export function changeLines(changes, client, now = new Date(), limit = 20) {
  const newest = [...(changes || [])].sort((a, b) => b.version - a.version);
  return { lines: newest.slice(0, limit).map((c) => changeLine(c, client, now)), earlier: Math.max(0, newest.length - limit) };
}
