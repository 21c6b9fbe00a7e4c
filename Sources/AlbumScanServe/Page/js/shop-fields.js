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

/// The query pairs of an upload: the photo's name, its fields (a field the clerk cleared goes as '', so the
/// session's default does not fill it), `noQualityCheck` for "Send anyway" and `rescan` for "Try again" (without
/// either, the server answers a photo it tried before from that try, for free).
export function uploadPairs(photo, options = {}) {
  const pairs = { name: photo.name };
  for (const field of SHOP_FIELDS) {
    const value = photo.fields[field];
    if (value) pairs[field] = value;
    else if (value === '') pairs[field] = '';
  }
  if (options.noQualityCheck) pairs.noQualityCheck = '1';
  if (options.rescan) pairs.rescan = '1';
  return pairs;
}

/// The defaults a defaults form holds, each field trimmed; a field left empty is kept as '' (cleared on purpose), so
/// the session's default does not come back after a reload.
export function defaultsFrom(current) {
  const defaults = {};
  for (const field of SHOP_FIELDS) defaults[field] = (current[field] || '').trim();
  return defaults;
}

/// The defaults this phone uses: the session's, under the ones this phone saved (a '' there clears the session's).
export function mergedDefaults(session, saved) {
  const merged = { ...(session || {}) };
  for (const field of SHOP_FIELDS) if (saved && typeof saved[field] === 'string') merged[field] = saved[field];
  return merged;
}

/// Every default a photo taken next will get: "shelf Bin 4, media Mint (M), sleeve Generic, price 12.50,
/// SKU A-{n} (numbered), comment “Gatefold”", or what is said when none is set.
export function defaultsSummary(defaults) {
  const parts = [
    defaults.location && `shelf ${defaults.location}`,
    defaults.mediaCondition && `media ${defaults.mediaCondition}`,
    defaults.sleeveCondition && `sleeve ${defaults.sleeveCondition}`,
    defaults.price && `price ${defaults.price}`,
    defaults.sku && `SKU ${defaults.sku}${defaults.sku.includes('{n}') ? ' (numbered in the order photos arrive)' : ''}`,
    defaults.comments && `comment “${defaults.comments}”`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'nothing set';
}
