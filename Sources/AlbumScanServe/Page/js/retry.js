// Sending photos again: what an upload's answer means and how long to wait (which kept photos go again after a
// reload or a server restart: photos.js).

/// Seconds to wait before sending again when the server is busy and its Retry-After says nothing usable.
export const DEFAULT_RETRY_AFTER = 5;

/// What the page does with the answer to an upload: `accepted` (202), `later` (429: send again after a pause),
/// `unpaired` (401: it waits, unsent, for the phone to be paired), `refused` (the message is shown; it goes again
/// on a tap), or `refusedForGood` (413, 415: the phone's copy is dropped too).
export function uploadAnswer(status) {
  if (status === 202) return 'accepted';
  if (status === 429) return 'later';
  if (status === 401) return 'unpaired';
  if (status === 413 || status === 415) return 'refusedForGood';
  return 'refused';
}

/// Milliseconds to wait after a 429, from its Retry-After header (seconds).
export function retryDelay(retryAfter) {
  const seconds = Number(retryAfter || DEFAULT_RETRY_AFTER);
  return (Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_RETRY_AFTER) * 1000;
}
