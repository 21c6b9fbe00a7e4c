// This sitting's queue: photos taken, sent, scanned, and their endings, drawn as they move on. Each photo is kept on
// the phone until it ends in a saved scan or is dismissed (photos.js says what is kept and when it goes again).

import { api, errorOf, query } from './api.js';
import { openScan, loadHistory } from './catalogue.js';
import { lost } from './connection.js';
import { $, el, showBanner } from './dom.js';
import { downscale } from './downscale.js';
import { gradeForm } from './grade-form.js';
import { gradableJob } from './job-grading.js';
import { accepted } from './jobs.js';
import { refusalWords } from './messages.js';
import { page } from './page-state.js';
import { dropPhoto, keepPhoto, keptPhoto } from './photo-store.js';
import { photoName } from './photo-names.js';
import { afterAccepted, afterEnded, afterRefused, forRetry, newPhoto, normalized, withDismissed } from './photos.js';
import { retryDelay, uploadAnswer } from './retry.js';
import { matchedInCatalogue, outcome, photoPath, scanIdOf, supersededFailures } from './scan-result.js';
import { backPhotoButton } from './back-photo.js';
import { card, reviewView, verificationNote } from './scan-views.js';
import { sha256Hex } from './sha256.js';
import { uploadPairs } from './shop-fields.js';
import { jobStageLine, photoStageLine, stageWords } from './stages.js';
import { afterBack, RETRY_WORDS, unidentifiedAdvice } from './unidentified.js';
import { wrongAlbum } from './wrong-album.js';

const DISMISSED = 'albumscan-dismissed';

/// The job ids dismissed on this phone.
export function loadDismissed() {
  try { page.dismissed = JSON.parse(localStorage.getItem(DISMISSED) || '[]'); } catch (e) { page.dismissed = []; }
}

function noteDismissed(job) {
  page.dismissed = withDismissed(page.dismissed, job);
  try { localStorage.setItem(DISMISSED, JSON.stringify(page.dismissed)); } catch (e) { /* the card goes anyway */ }
}

const keep = (photo) => keepPhoto(photo).catch(() => {});

export async function takePhotos(files) {
  for (const file of files) {
    const key = `${Date.now()}-${Math.random().toString(16).slice(2)}`;
    const { blob, thumb } = await downscale(file);
    // The SHA-256 of the bytes sent, as the server's GET /api/jobs gives it: the photo's job found after a restart.
    const sha256 = await sha256Hex(blob).catch(() => null);
    // iPhones call every camera photo image.jpg: such a photo is named by the time it was taken.
    const name = photoName(file.name, file.lastModified || Date.now(), page.usedNames);
    const photo = newPhoto({ key, blob, thumb, name, fields: page.defaults, sha256 });
    await keep(photo);
    upload(photo);
  }
}

/// Sends a kept photo with `options` (`rescan`, `noQualityCheck`: a tap's), and draws what the server answered.
export async function upload(photo, options = photo.options) {
  page.sending.add(photo.key);
  renderLocal(photo, 'uploading');
  let response;
  try {
    response = await api(`/api/scans?${query(uploadPairs(photo, options), true)}`, { method: 'POST', body: photo.blob, headers: { 'Content-Type': photo.blob.type || 'image/jpeg' } });
  } catch (e) {
    // The computer does not answer: the photo goes when it does (connection.js, live.js).
    page.sending.delete(photo.key);
    renderLocal(photo, 'unsent');
    lost();
    return;
  }
  switch (uploadAnswer(response.status)) {
    case 'accepted': {
      const { job: id } = await response.json();
      const sent = afterAccepted(photo, id);
      page.accepted.set(photo.key, Date.now());
      await keep(sent);
      page.sending.delete(photo.key);
      removeItem(`local-${photo.key}`);
      renderJob(accepted(page.jobs, id, sent));
      break;
    }
    case 'later':
      renderLocal(photo, 'busy');
      setTimeout(() => upload(photo, options), retryDelay(response.headers.get('Retry-After')));
      break;
    case 'unpaired':
      page.sending.delete(photo.key);
      renderLocal(photo, 'unsent');
      break;
    case 'refusedForGood': {
      page.sending.delete(photo.key);
      const error = await errorOf(response);
      renderLocal(photo, 'refused', refusalWords(photo.name, response.status, error.code, error.message));
      await dropPhoto(photo.key).catch(() => {});
      break;
    }
    default: {
      const error = await errorOf(response);
      const refused = afterRefused(photo, refusalWords(photo.name, response.status, error.code, error.message));
      await keep(refused);
      page.sending.delete(photo.key);
      showEnded(refused);
    }
  }
}

function removeItem(id) {
  const item = document.getElementById(id);
  if (item) item.remove();
  $('#queue-empty').hidden = Boolean($('#queue').children.length);
}

/// A job's card and the page's record of it go (a photo sent again, or dismissed).
export function retireJob(id) {
  if (!id) return;
  page.jobs.delete(id);
  removeItem(`job-${id}`);
}

function queueItem(id) {
  let item = document.getElementById(id);
  if (!item) {
    item = el('li', 'job'); item.id = id;
    item.append(el('img', 'thumb'), el('div', 'status'), el('div', 'outcome'));
    $('#queue').prepend(item);
  }
  $('#queue-empty').hidden = true;
  return item;
}
/// "Your photo": the photo on the phone, else the one the computer kept (never the album's artwork); hidden when
/// neither is there.
function setThumb(item, src) {
  const img = $('.thumb', item);
  if (!src || img.getAttribute('src')) return;
  if (page.missingArt.has(src)) { img.classList.add('placeholder'); return; }
  img.alt = 'Your photo';
  img.addEventListener('error', () => { page.missingArt.add(src); img.removeAttribute('src'); img.alt = ''; img.classList.add('placeholder'); }, { once: true });
  img.src = src;
}

/// A photo the server does not hold yet: `uploading`, `unsent`, or `refused` (for good) with the server's message.
export function renderLocal(photo, stage, message) {
  const item = queueItem(`local-${photo.key}`);
  setThumb(item, photo.thumb);
  const status = $('.status', item); status.replaceChildren();
  if (stage === 'refused') {
    const said = el('p', 'error-text', message); said.setAttribute('role', 'alert');
    status.append(said);
    const dismiss = el('button', 'dismiss', 'Dismiss');
    dismiss.addEventListener('click', () => removeItem(`local-${photo.key}`));
    status.append(dismiss);
  } else {
    const line = photoStageLine(stage);
    status.append(el('p', line.className, line.text));
  }
}

/// A kept photo whose ending the phone holds (the server refused it, or forgot its job after the ending was seen):
/// drawn as its job's card, under the job's id (or the photo's, for one the server never took).
export function showEnded(photo, result = photo.result) {
  removeItem(`local-${photo.key}`);
  const id = photo.job || `photo-${photo.key}`;
  const job = { job: id, state: 'done', stage: 'done', result, file: photo.name, thumb: photo.thumb, localKey: photo.key };
  page.jobs.set(id, job);
  renderJob(job);
}

export function renderJob(job) {
  const item = queueItem(`job-${job.job}`);
  const scanId = job.result && scanIdOf(job.result);
  setThumb(item, job.thumb || (scanId ? photoPath(scanId) : null));
  const status = $('.status', item); status.replaceChildren();
  const earlyForm = $('.outcome > .found .grade-form', item);
  if (job.state !== 'done') {
    const words = stageWords(page.session);
    const line = jobStageLine(job, Date.now(), page.reconnecting, words);
    if (gradableJob(job)) {
      // The album is known: "We found …" and the grading form now; the review comes later.
      status.append(el('p', 'headline', `We found ${job.found.title} by ${job.found.artist}`));
      if (!page.reconnecting) line.text = words.byCode.reviewing || line.text;
      status.append(el('p', line.className, line.text));
      if (!earlyForm) $('.outcome', item).replaceChildren(foundView(job));
      return;
    }
    status.append(el('p', line.className, line.text));
    if (job.stage === 'identifying' && !job.identifyingSince) {
      job.identifyingSince = Date.now();
      // Drawn again to say it is searching, unless it moved on or left the page meanwhile (a retired job's card
      // would come back as a ghost).
      setTimeout(() => { if (page.jobs.get(job.job) === job && job.state !== 'done') renderJob(job); }, words.searchingAfterMs + 100);
    }
    return;
  }
  status.append(el('p', 'meta', job.file));
  $('.outcome', item).replaceChildren(resultView(job.result, job, earlyForm));
}

/// A job whose album is found: the grading form, saving to PATCH /api/jobs/ID until the scan is saved.
function foundView(job) {
  const box = el('div', 'found');
  const values = job.fields || {};
  box.append(gradeForm(null, loadHistory, { job: job.job, values }));
  return box;
}

/// The card of a job that ended; `earlyForm`, the grading form drawn at `found`, goes on with the scan (what the
/// clerk is typing stays).
function resultView(result, job, earlyForm = null) {
  const box = el('div', 'result');
  const ended = outcome(result);
  if (ended.kind === 'skipped') {
    box.append(el('p', 'note', 'Already in your catalogue: this photo was scanned before.'));
    const open = el('button', 'secondary', `Open scan #${ended.scanId}`);
    open.addEventListener('click', () => openScan(ended.scanId));
    box.append(open);
    return box;
  }
  if (ended.kind === 'failed') {
    const advice = unidentifiedAdvice(result.error);
    if (ended.unidentified) box.append(el('p', 'error-text', 'Unable to identify this cover art'));
    if (advice.reason) box.append(el('p', 'unidentified-reason', advice.reason));
    if (ended.message) box.append(el('p', 'error-text', ended.message));
    if (ended.repeated) box.append(el('p', 'note repeated', "Answered from this photo's last try: no new model call, no charge."));
    if (advice.back) box.append(backPhotoButton(job, (next) => followBack(job, next)));
    for (const step of advice.steps) box.append(el('p', 'hint next-step', step));
    const actions = el('div', 'actions');
    const retry = el('button', advice.back ? 'secondary retry' : 'primary retry', advice.back ? RETRY_WORDS : ended.retryLabel);
    retry.addEventListener('click', () => retryJob(job, ended.anyway));
    const dismiss = el('button', 'dismiss', 'Dismiss');
    dismiss.addEventListener('click', () => dismissJob(job));
    // "Try again" only where it can change the answer (the base tier's search-needed cover gets the same one).
    if (advice.retry) actions.append(retry);
    actions.append(dismiss);
    box.append(actions);
    return box;
  }
  const shown = ended.scanId && page.edited.has(ended.scanId) ? page.edited.get(ended.scanId) : result;
  box.append(card(shown, true), verificationNote(shown));
  if (matchedInCatalogue(shown)) box.append(el('p', 'note', 'Matched to an album already in your catalogue.'));
  if (page.corrected.has(ended.scanId)) box.append(el('p', 'saved corrected', page.corrected.get(ended.scanId)));
  box.append(wrongAlbum(shown, (fixed, words) => {
    page.edited.set(ended.scanId, fixed);
    page.corrected.set(ended.scanId, words);
    renderJob(job);
    loadHistory();
  }));
  let form = earlyForm;
  if (form && form.attachScan) form.attachScan(shown);
  else form = gradeForm(shown, loadHistory);
  box.append(reviewView(shown), form);
  return box;
}

/// The back of an unidentified job's sleeve went as job `next`: the old card goes, the kept front follows the new
/// job, and the new job is drawn (and finished, if its result came before the 202 did).
async function followBack(job, next) {
  noteDismissed(job.job);
  retireJob(job.job);
  const stored = job.localKey && (await keptPhoto(job.localKey).catch(() => null));
  const photo = stored ? afterBack(normalized(stored), job.job, next) : { key: job.localKey, name: job.file, thumb: job.thumb, sha256: job.sha256 };
  if (stored) await keep(photo);
  const followed = accepted(page.jobs, next, { ...photo, name: job.file, thumb: job.thumb || photo.thumb });
  if (!followed.localKey) delete followed.localKey;
  renderJob(followed);
  if (followed.state === 'done') finished(followed);
}

/// "Try again" (`rescan=1`) or "Send anyway" (`noQualityCheck=1`): the photo goes again, in a card of its own.
async function retryJob(job, anyway) {
  const stored = job.localKey && (await keptPhoto(job.localKey).catch(() => null));
  if (!stored) { showBanner('This photo is no longer on the phone: take it again.'); return; }
  const photo = forRetry(normalized(stored), anyway);
  await keep(photo);
  noteDismissed(job.job);
  retireJob(job.job);
  upload(photo);
}

/// "Dismiss": the photo leaves the phone and its card the page (and GET /api/jobs does not bring it back).
export async function dismissJob(job) {
  if (job.localKey) await dropPhoto(job.localKey).catch(() => {});
  noteDismissed(job.job);
  retireJob(job.job);
}

/// A job that ended: its photo leaves the phone once saved (or already catalogued), else keeps its ending. Failed
/// cards of the same photo go once a retry saved it.
export async function finished(job) {
  for (const stale of supersededFailures(page.jobs, job)) { noteDismissed(stale); retireJob(stale); }
  if (!job.localKey || job.state !== 'done' || !job.result) return;
  const stored = await keptPhoto(job.localKey).catch(() => null);
  if (!stored) return;
  const next = afterEnded(normalized(stored), job.result);
  if (next) await keep(next);
  else await dropPhoto(job.localKey).catch(() => {});
}
