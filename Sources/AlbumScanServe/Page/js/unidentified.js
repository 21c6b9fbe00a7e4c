// An unidentified cover's card, DOM-free: why it was not named, in the page's own words (no shell command), and
// what can still name it. "Photograph the back" sends the back to POST /api/jobs/JOB/photos?side=back (its barcode
// names the exact release with no model call); "Try again" sends the front again, which costs a model call.

const REASON_WORDS = {
  'search-needed-base-tier': 'This cover needs a web search to be named, and the base tier does not search the web.',
  'too-little-text': 'This cover needs a web search, and too little text could be read on it to search for.',
  'provider-cannot-search': 'This cover needs a web search, and the model in use cannot search the web.',
  'search-found-nothing': 'The web search found no album that matches this cover.',
  'model-did-not-know': 'The model did not recognise this cover.',
  'photo-of-back': 'This photo seems to show the back of the sleeve, not the front.',
  'generic-art': "The sleeve's art is generic (a plain or company sleeve), so it names no album.",
  'model-reply-unreadable': "The model's answer could not be read.",
};

const STEP_WORDS = {
  'advanced-search': 'The Ultra tier with advanced search would search the web for it (set on the computer).',
  'retake-front': 'Or take the front again, filling the frame, in even light.',
};

/// The label of "Try again" on an unidentified card: the front goes again, and that is paid for.
export const RETRY_WORDS = 'Try again (one model call)';

/// The words under "Photograph the back".
export const BACK_HINT = 'Its barcode names the exact release, with no model call.';

/// What an unidentified card says: `reason` (why, or null when the server gave none), `steps` (other things that
/// can help, besides the two buttons), whether "Photograph the back" is offered (`back`), and whether "Try again"
/// is (`retry`: only where trying again can change the answer, which the server's `nextSteps` say; a failure that
/// lists no steps can always be tried again).
export function unidentifiedAdvice(error) {
  const reason = error && error.reason ? error.reason : null;
  const words = reason ? REASON_WORDS[reason.code] || sentence(reason.message) : null;
  const codes = error && Array.isArray(error.nextSteps) ? error.nextSteps.map((s) => s && s.code) : [];
  const steps = codes.filter((code) => STEP_WORDS[code]).map((code) => STEP_WORDS[code]);
  const retry = !(error && Array.isArray(error.nextSteps)) || codes.includes('try-again');
  return { reason: words, steps, back: Boolean(error && error.code === 'unidentified'), retry };
}

/// The path the back of job `job`'s sleeve goes to.
export const backPath = (job) => `/api/jobs/${encodeURIComponent(job)}/photos?side=back`;

/// What the page says when the server did not take the back (not 202), by status and error code.
export function backRefusalWords(status, code, message) {
  if (status === 410 || code === 'photo-gone') return 'The computer no longer has the front photo: take the front again.';
  if (status === 404) return 'The computer no longer knows this photo (it restarted): take the front again.';
  if (status === 429) return 'The computer is busy with other photos: send the back again in a moment.';
  if (status === 413) return 'This photo of the back is too large to send.';
  if (status === 415 || code === 'not-an-image') return 'This file is not a photo the computer can read.';
  if (code === 'job-running') return 'This photo is still being scanned: send the back once it has ended.';
  if (code === 'job-scanned') return 'This photo was saved meanwhile: use "Wrong album?" on its card.';
  return message ? `The back was not taken: ${sentence(message)}` : 'The back was not taken. Try again.';
}

/// The kept front photo once its back went as job `job`: it follows the new job, the old one retired (never
/// followed again).
export function afterBack(photo, oldJob, job) {
  const retired = [...(photo.retired || []), oldJob].filter(Boolean);
  return { ...photo, job, reached: true, result: null, resent: false, retired, options: {} };
}

/// `text` with a capital first letter and a full stop.
function sentence(text) {
  const t = String(text || '').trim();
  if (!t) return '';
  const s = t[0].toUpperCase() + t.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}
