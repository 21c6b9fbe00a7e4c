// The words the page shows while a photo scans: the server's words for its stages of a scan (GET /api/session's
// stageWords, the CLI's words; the page keeps no copy), and apart from them the page's own stages of a photo the
// server does not hold yet, so the two can never share a name.

export const PHOTO_STAGE_WORDS = Object.freeze({
  uploading: 'Sending to the computer',
  unsent: 'Not sent yet: it will go when the computer answers',
  busy: 'The computer is busy: this photo will be sent in a moment',
});

/// What a card still waiting says while the computer does not answer (instead of its stage, which cannot move on).
export const OFFLINE_WORDS = 'The computer does not answer: this scan shows here once it is back';

/// What a stage says before the session has answered with the server's words.
export const WORKING_WORDS = 'Working on it';

/// The server's stage words from GET /api/session: `{ byCode, searchingAfterMs }` (after that long identifying, the
/// page says it is searching; the server says so only once the search starts).
export function stageWords(session) {
  const byCode = (session && session.stageWords) || {};
  const seconds = session && typeof session.searchingAfterSeconds === 'number' ? session.searchingAfterSeconds : 3.5;
  return { byCode, searchingAfterMs: seconds * 1000 };
}

/// The line for a job still under way: `{ className, text }` at time `now` (milliseconds) in the server's `words`;
/// `offline` while the computer does not answer.
export function jobStageLine(job, now, offline = false, words = stageWords(null)) {
  if (offline) return { className: 'stage offline', text: OFFLINE_WORDS };
  if (job.stage === 'found' && job.found) {
    return { className: 'headline', text: `We found ${job.found.title} by ${job.found.artist}` };
  }
  let text = words.byCode[job.stage] || words.byCode.preparing || WORKING_WORDS;
  if (job.stage === 'identifying' && job.identifyingSince && now - job.identifyingSince > words.searchingAfterMs) {
    text = words.byCode.searching || text;
  }
  return { className: job.stage === 'found' ? 'headline' : 'stage busy', text };
}

/// The line for a photo the server does not hold yet (`uploading`, `unsent`, or `busy`: a 429, sent again shortly).
export function photoStageLine(stage) {
  return { className: stage === 'uploading' ? 'stage busy' : 'stage', text: PHOTO_STAGE_WORDS[stage] };
}
