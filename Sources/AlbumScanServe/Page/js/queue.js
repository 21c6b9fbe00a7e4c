// This sitting's queue: photos taken, sent, scanned, and their results, drawn as they move on.

import { api, errorText, query } from './api.js';
import { openScan, loadHistory } from './catalogue.js';
import { $, el, showBanner } from './dom.js';
import { downscale } from './downscale.js';
import { gradeForm } from './grade-form.js';
import { accepted } from './jobs.js';
import { page } from './page-state.js';
import { dropPhoto, keepPhoto, keptPhotos } from './photo-store.js';
import { retryDelay, uploadAnswer } from './retry.js';
import { artworkPath, matchedInCatalogue, outcome, photoNoLongerNeeded, scanIdOf } from './scan-result.js';
import { card, reviewView } from './scan-views.js';
import { uploadPairs } from './shop-fields.js';
import { jobStageLine, photoStageLine, SEARCHING_AFTER_MS } from './stages.js';

export async function takePhotos(files) {
  for (const file of files) {
    const key = `${Date.now()}-${Math.random().toString(16).slice(2)}`;
    const { blob, thumb } = await downscale(file);
    const photo = { key, blob, thumb, name: file.name || 'phone-photo.jpg', fields: { ...page.defaults }, job: null, options: {} };
    page.local.set(key, photo);
    await keepPhoto(photo).catch(() => {});
    renderLocal(photo, 'uploading');
    upload(photo);
  }
}

export async function upload(photo, options = {}) {
  let response;
  try {
    response = await api(`/api/scans?${query(uploadPairs(photo, options))}`, { method: 'POST', body: photo.blob, headers: { 'Content-Type': photo.blob.type || 'image/jpeg' } });
  } catch (e) {
    renderLocal(photo, 'unsent');
    return;
  }
  switch (uploadAnswer(response.status)) {
    case 'accepted': {
      const { job: id } = await response.json();
      photo.job = id;
      await keepPhoto(photo).catch(() => {});
      page.local.delete(photo.key);
      const item = document.getElementById(`local-${photo.key}`);
      if (item) item.remove();
      renderJob(accepted(page.jobs, id, photo));
      break;
    }
    case 'later':
      renderLocal(photo, 'unsent');
      setTimeout(() => upload(photo, options), retryDelay(response.headers.get('Retry-After')));
      break;
    case 'refusedForGood':
      renderLocal(photo, 'refused', await errorText(response));
      await dropPhoto(photo.key).catch(() => {});
      break;
    default:
      renderLocal(photo, 'refused', await errorText(response));
  }
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
function setThumb(item, src) { const img = $('.thumb', item); if (src && !img.src) { img.src = src; img.alt = 'Your photo'; } }

/// A photo the server does not hold yet: `uploading`, `unsent`, or `refused` with the server's message.
export function renderLocal(photo, stage, message) {
  const item = queueItem(`local-${photo.key}`);
  setThumb(item, photo.thumb);
  const status = $('.status', item); status.replaceChildren();
  if (stage === 'refused') {
    status.append(el('p', 'error-text', message));
  } else {
    const line = photoStageLine(stage);
    status.append(el('p', line.className, line.text));
  }
}

export function renderJob(job) {
  const item = queueItem(`job-${job.job}`);
  const scanId = job.result && scanIdOf(job.result);
  setThumb(item, job.thumb || (scanId ? artworkPath(scanId) : null));
  const status = $('.status', item); status.replaceChildren();
  if (job.state !== 'done') {
    const line = jobStageLine(job, Date.now());
    status.append(el('p', line.className, line.text));
    if (job.stage === 'identifying' && !job.identifyingSince) {
      job.identifyingSince = Date.now();
      setTimeout(() => renderJob(job), SEARCHING_AFTER_MS + 100);
    }
    return;
  }
  status.append(el('p', 'meta', job.file));
  $('.outcome', item).replaceChildren(resultView(job.result, job));
}

function resultView(result, job) {
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
    if (ended.unidentified) box.append(el('p', 'error-text', 'Unable to identify this cover art'));
    if (ended.message) box.append(el('p', 'error-text', ended.message));
    const actions = el('div', 'actions');
    const retry = el('button', 'primary', ended.retryLabel);
    retry.addEventListener('click', () => retryJob(job, ended.anyway));
    actions.append(retry);
    box.append(actions);
    return box;
  }
  const shown = ended.scanId && page.edited.has(ended.scanId) ? page.edited.get(ended.scanId) : result;
  box.append(card(shown, true));
  if (matchedInCatalogue(shown)) box.append(el('p', 'note', 'Matched to an album already in your catalogue.'));
  box.append(reviewView(shown), gradeForm(shown, loadHistory));
  return box;
}

async function retryJob(job, anyway) {
  const photo = job.localKey && (await keptPhotos()).find((p) => p.key === job.localKey);
  if (!photo) { showBanner('This photo is no longer on the phone: take it again.'); return; }
  const item = document.getElementById(`job-${job.job}`); if (item) item.remove();
  page.jobs.delete(job.job);
  photo.job = null; page.local.set(photo.key, photo); renderLocal(photo, 'uploading');
  upload(photo, { noQualityCheck: anyway });
}

/// A job that ended with its photo saved (or already catalogued) no longer needs the phone's copy.
export function finished(job) {
  if (job.localKey && photoNoLongerNeeded(job.result)) dropPhoto(job.localKey).catch(() => {});
}
