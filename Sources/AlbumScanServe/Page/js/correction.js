// "Wrong album?": what the clerk typed turned into the body of PATCH /api/scans/ID (the correction fields ScanPatch
// reads: `artist` and `title`, or `musicbrainzReleaseId`, or `discogsReleaseId`), and what the answer changed.

const MBID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/// The PATCH body for the clerk's `{artist, title, release}`: a release link or id when given (MusicBrainz's, or a
/// Discogs release link), else artist and title, both needed. `{body}` or `{error}` saying what to type.
export function correctionBody({ artist = '', title = '', release = '' }) {
  const link = release.trim();
  if (link) {
    if (/discogs\.com/i.test(link)) {
      if (!/\/release\/\d+/i.test(link)) return { error: 'That Discogs link is not a release: open the release page and copy its link.' };
      return { body: { discogsReleaseId: link } };
    }
    if (MBID.test(link)) return { body: { musicbrainzReleaseId: link } };
    return { error: 'Paste a MusicBrainz release link or id, or a Discogs release link.' };
  }
  const [a, t] = [artist.trim(), title.trim()];
  if (!a || !t) return { error: 'Type both the artist and the title as the sleeve shows them.' };
  return { body: { artist: a, title: t } };
}

const named = (scan) => {
  const album = (scan && scan.album) || {};
  return album.artist || album.title ? `${album.artist || '?'} — ${album.title || '?'}` : 'no album';
};

/// What a correction changed, in one line: "Now: ARTIST — TITLE (was: …)", or that nothing changed.
export function correctionSummary(before, after) {
  const [was, now] = [named(before), named(after)];
  if (was === now) {
    const ids = (s) => `${(s.album || {}).musicbrainzReleaseId || ''}/${s.discogsReleaseId || ''}`;
    return ids(before) === ids(after) ? `Nothing changed: this is already ${now}.` : `Now linked to another release of ${now}.`;
  }
  return `Now: ${now} (was: ${was}).`;
}

/// What the correction cost, when the answer says: the `X-Review` header (`cached`, `new`, `none`), else null.
export function costWords(review) {
  switch (review) {
    case 'cached': return 'Its review was already written: no model call, no charge.';
    case 'new': return 'A new review was written for it: one model call.';
    case 'none': return 'No release was found for it, so no review was written and nothing was charged.';
    default: return null;
  }
}

/// POST /api/scans/ID/photos?side=back with the back's photo: its barcode pins the scan's release ($0), If-Match as a
/// PATCH names the version the clerk saw.
export function backPhotoRequest(scanId, version, blob) {
  const headers = { 'Content-Type': (blob && blob.type) || 'image/jpeg' };
  if (Number.isInteger(version)) headers['If-Match'] = `"${version}"`;
  return { path: `/api/scans/${scanId}/photos?side=back`, init: { method: 'POST', headers, body: blob } };
}

/// Why a back did not pin the scan, from the refusal's body: another album's back (409 `different-album`, naming it),
/// else the server's own message (no barcode, or one no release lists).
export function backRefusalWords(body) {
  const error = (body && body.error) || {};
  if (error.code === 'different-album' && error.album) {
    return `That back is of ${error.album.artist} — ${error.album.title}, another album: nothing changed. `
      + 'Photograph this record\'s own back, or type its artist and title.';
  }
  return error.message || 'The back did not name a release: nothing changed.';
}
