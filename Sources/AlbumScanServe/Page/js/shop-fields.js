// The shop's fields (grades, shelf, SKU, comments, price): what goes with an upload, which fields a form changed
// against what it was drawn with, and the session's defaults.

export const SHOP_FIELDS = Object.freeze(['location', 'mediaCondition', 'sleeveCondition', 'sku', 'comments', 'price']);

/// Each shop field's value as a form draws it: the text, or '' when unset (null or absent).
export function drawnValues(source) {
  const values = {};
  for (const field of SHOP_FIELDS) {
    const value = source ? source[field] : undefined;
    values[field] = value === undefined || value === null ? '' : String(value);
  }
  return values;
}

/// The fields whose current value differs from the drawn one, with their current values ('' clears a field).
export function changedFields(drawn, current) {
  const before = drawnValues(drawn);
  const after = drawnValues(current);
  const changes = {};
  for (const field of SHOP_FIELDS) if (after[field] !== before[field]) changes[field] = after[field];
  return changes;
}

/// The query pairs of an upload: the photo's name, its set fields, `noQualityCheck` for "Send anyway" and
/// `rescan` for "Try again" (without either, the server answers a photo it tried before from that try, for free).
export function uploadPairs(photo, options = {}) {
  const pairs = { name: photo.name };
  for (const field of SHOP_FIELDS) if (photo.fields[field]) pairs[field] = photo.fields[field];
  if (options.noQualityCheck) pairs.noQualityCheck = '1';
  if (options.rescan) pairs.rescan = '1';
  return pairs;
}

/// The defaults a defaults form holds: each field trimmed, the empty ones left out.
export function defaultsFrom(current) {
  const defaults = {};
  for (const field of SHOP_FIELDS) {
    const value = (current[field] || '').trim();
    if (value) defaults[field] = value;
  }
  return defaults;
}

/// "shelf Bin 4, media Mint (M)", or what is said when no shelf or grade is set.
export function defaultsSummary(defaults) {
  const parts = [
    defaults.location && `shelf ${defaults.location}`,
    defaults.mediaCondition && `media ${defaults.mediaCondition}`,
    defaults.sleeveCondition && `sleeve ${defaults.sleeveCondition}`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'no shelf or grades set';
}
