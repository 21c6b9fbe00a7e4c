// Sending photos again: what an upload's answer means, how long to wait, and which stored photos go again after a
// reload or a server restart.

/// Seconds to wait before sending again when the server is busy and its Retry-After says nothing usable.
export const DEFAULT_RETRY_AFTER = 5;

/// What the page does with the answer to an upload: `accepted` (202), `later` (429: send again after a pause),
/// `refused` (the message is shown), or `refusedForGood` (413, 415: the phone's copy is dropped too).
export function uploadAnswer(status) {
  if (status === 202) return 'accepted';
  if (status === 429) return 'later';
  if (status === 413 || status === 415) return 'refusedForGood';
  return 'refused';
}

/// Milliseconds to wait after a 429, from its Retry-After header (seconds).
export function retryDelay(retryAfter) {
  const seconds = Number(retryAfter || DEFAULT_RETRY_AFTER);
  return (Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_RETRY_AFTER) * 1000;
}

/// The photos kept on the phone, against the server's jobs, in order: `{ photo, job }` for a photo the server
/// holds (its job learns of it), `{ photo, job: null }` for one to send again: never received, or received by a
/// server that has since restarted (its job is forgotten), and not already being sent (`sending`: their keys).
export function resendPlan(kept, jobs, serverJobs, sending) {
  const plan = [];
  for (const photo of kept) {
    const job = photo.job && jobs.get(photo.job);
    if (job) {
      plan.push({ photo, job });
      continue;
    }
    if (photo.job && !serverJobs.has(photo.job)) photo.job = null;
    if (!photo.job && !sending.has(photo.key)) plan.push({ photo, job: null });
  }
  return plan;
}
