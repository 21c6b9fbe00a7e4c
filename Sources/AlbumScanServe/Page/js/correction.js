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
