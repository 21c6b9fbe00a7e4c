// The words the page shows while a photo scans: the server's stages of a scan (JobSnapshot.code), and the page's
// own stages of a photo the server does not hold yet.

export const STAGES = {
  queued: 'Waiting for its turn',
  uploading: 'Sending to the computer',
  preparing: 'Extracting text and examining album art',
  identifying: 'Extracting text and examining album art',
  searching: 'Flipping through every record bin in existence',
  reviewing: "Writing a review that's somehow both pretentious and correct",
  waiting: "Waiting for Discogs, which asked for a pause",
  saving: "Writing a review that's somehow both pretentious and correct",
  waiting: 'Not sent yet: it will go when the computer answers',
};

/// After this long identifying, the page says it is searching (the server says so only once the search starts).
export const SEARCHING_AFTER_MS = 3500;

/// The line for a job still under way: `{ className, text }` at time `now` (milliseconds).
export function jobStageLine(job, now) {
  if (job.stage === 'found' && job.found) {
    return { className: 'headline', text: `We found ${job.found.title} by ${job.found.artist}` };
  }
  let text = STAGES[job.stage] || STAGES.preparing;
  if (job.stage === 'identifying' && job.identifyingSince && now - job.identifyingSince > SEARCHING_AFTER_MS) {
    text = STAGES.searching;
  }
  return { className: job.stage === 'found' ? 'headline' : 'stage busy', text };
}

/// The line for a photo the server does not hold yet (`uploading` or `waiting`).
export function photoStageLine(stage) {
  return { className: stage === 'waiting' ? 'stage' : 'stage busy', text: STAGES[stage] };
}
