// What the page holds between requests; everything in it can be rebuilt from the server and the phone's storage.

export const page = {
  /// GET /api/session: the grades in Discogs' words and the session's defaults.
  session: null,
  /// Jobs by id (jobs.js).
  jobs: new Map(),
  /// Photos not yet taken by the server, by key.
  local: new Map(),
  /// The open EventSource.
  events: null,
  /// The shop fields each photo taken next goes with.
  defaults: {},
  /// Scans edited on this page, by id: a job's result is the scan as it was saved, before any grading.
  edited: new Map(),
};
