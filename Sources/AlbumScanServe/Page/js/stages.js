// The words the page shows while a photo scans: the server's stages of a scan (JobSnapshot.code), and apart from
// them the page's own stages of a photo the server does not hold yet, so the two can never share a name.

export const SCAN_STAGE_WORDS = Object.freeze({
  queued: 'Waiting for its turn',
  preparing: 'Extracting text and examining album art',
  identifying: 'Extracting text and examining album art',
  searching: 'Flipping through every record bin in existence',
  reviewing: "Writing a review that's somehow both pretentious and correct",
  waiting: 'Waiting for Discogs, which asked for a pause',
  saving: "Writing a review that's somehow both pretentious and correct",
});

export const PHOTO_STAGE_WORDS = Object.freeze({
  uploading: 'Sending to the computer',
  unsent: 'Not sent yet: it will go when the computer answers',
  busy: 'The computer is busy: this photo will be sent in a moment',
});

/// What a card still waiting says while the computer does not answer (instead of its stage, which cannot move on).
export const OFFLINE_WORDS = 'The computer does not answer: this scan shows here once it is back';

/// After this long identifying, the page says it is searching (the server says so only once the search starts).
export const SEARCHING_AFTER_MS = 3500;

/// The line for a job still under way: `{ className, text }` at time `now` (milliseconds); `offline` while the
/// computer does not answer.
export function jobStageLine(job, now, offline = false) {
  if (offline) return { className: 'stage offline', text: OFFLINE_WORDS };
  if (job.stage === 'found' && job.found) {
    return { className: 'headline', text: `We found ${job.found.title} by ${job.found.artist}` };
  }
  let text = SCAN_STAGE_WORDS[job.stage] || SCAN_STAGE_WORDS.preparing;
  if (job.stage === 'identifying' && job.identifyingSince && now - job.identifyingSince > SEARCHING_AFTER_MS) {
    text = SCAN_STAGE_WORDS.searching;
  }
  return { className: job.stage === 'found' ? 'headline' : 'stage busy', text };
}

/// The line for a photo the server does not hold yet (`uploading`, `unsent`, or `busy`: a 429, sent again shortly).
export function photoStageLine(stage) {
  return { className: stage === 'uploading' ? 'stage busy' : 'stage', text: PHOTO_STAGE_WORDS[stage] };
}
