// What the page holds between requests; everything in it can be rebuilt from the server and the phone's storage.

export const page = {
  /// GET /api/session: the grades in Discogs' words and the session's defaults.
  session: null,
  /// Jobs by id (jobs.js).
  jobs: new Map(),
  /// Keys of the photos being sent now (or waiting out a 429).
  sending: new Set(),
  /// When each photo's 202 came, by key: a re-sync that asked the server before then does not know its job.
  accepted: new Map(),
  /// Job ids the clerk dismissed (kept on this phone, photos.js's withDismissed).
  dismissed: [],
  /// True from a lost connection (the event stream's, or an upload's) until the server answers again.
  reconnecting: false,
  /// The open EventSource.
  events: null,
  /// The shop fields each photo taken next goes with.
  defaults: {},
  /// Scans edited on this page, by id: a job's result is the scan as it was saved, before any grading.
  edited: new Map(),
  /// Artwork addresses that answered 404: their cards show a placeholder and do not ask again.
  missingArt: new Set(),
  /// The names given to photos taken on this page (photo-names.js), so two never share one.
  usedNames: new Set(),
  /// What a "Wrong album?" correction changed and cost, by scan id, shown on its card.
  corrected: new Map(),
};
