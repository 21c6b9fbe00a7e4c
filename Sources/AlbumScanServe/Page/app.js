// albumscan's phone page: photos go up the moment they are taken, scans come back as events, and everything the
// page shows can be rebuilt from the server (GET /api/jobs) after iOS reloads the tab or drops its connections.
'use strict';

const STAGES = {
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
const SHOP_FIELDS = ['location', 'mediaCondition', 'sleeveCondition', 'sku', 'comments', 'price'];
const LONG_SIDE = 1600;
const MAX_CANVAS = 16777216;

// `edited`: scans edited on this page, by id: a job's result is the scan as it was saved, before any grading.
const state = { session: null, jobs: new Map(), local: new Map(), events: null, defaults: {}, edited: new Map() };
const $ = (selector, root = document) => root.querySelector(selector);

// ---------- browser storage: photos not yet received by the server ----------
const db = new Promise((resolve, reject) => {
  if (!('indexedDB' in window)) { resolve(null); return; }
  const open = indexedDB.open('albumscan', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('photos', { keyPath: 'key' });
  open.onsuccess = () => resolve(open.result);
  open.onerror = () => resolve(null);
});
async function store(mode, work) {
  const database = await db;
  if (!database) return undefined;
  return new Promise((resolve, reject) => {
    const tx = database.transaction('photos', mode);
    const request = work(tx.objectStore('photos'));
    tx.oncomplete = () => resolve(request && request.result);
    tx.onerror = () => reject(tx.error);
  });
}
const keepPhoto = (photo) => store('readwrite', (s) => s.put(photo));
const dropPhoto = (key) => store('readwrite', (s) => s.delete(key));
const keptPhotos = () => store('readonly', (s) => s.getAll()).then((all) => all || []);

// ---------- small helpers ----------
/// A query string with spaces as %20: the server reads `+` as itself, as URLs (not HTML forms) mean it.
function query(pairs) {
  return Object.entries(pairs).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
async function api(path, options = {}) {
  const response = await fetch(path, { credentials: 'same-origin', ...options });
  if (response.status === 401) showBanner('This phone is not paired: open the link or QR code albumscan serve printed.');
  return response;
}
async function errorText(response) {
  try { const body = await response.json(); return body.error ? body.error.message : response.statusText; }
  catch (e) { return response.statusText; }
}
function showBanner(text) { const b = $('#banner'); b.textContent = text; b.hidden = !text; }

// ---------- capture: downscale in the browser, keep, upload ----------
async function downscale(file) {
  if (!('createImageBitmap' in window)) return { blob: file, thumb: null };
  let bitmap;
  try { bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }); }
  catch (e) { return { blob: file, thumb: null }; }
  const scale = Math.min(1, LONG_SIDE / Math.max(bitmap.width, bitmap.height));
  let width = Math.round(bitmap.width * scale), height = Math.round(bitmap.height * scale);
  if (width * height > MAX_CANVAS) { const s = Math.sqrt(MAX_CANVAS / (width * height)); width = Math.floor(width * s); height = Math.floor(height * s); }
  const canvas = document.createElement('canvas');
  canvas.width = width; canvas.height = height;
  canvas.getContext('2d').drawImage(bitmap, 0, 0, width, height);
  const thumbCanvas = document.createElement('canvas');
  const t = 128 / Math.max(width, height);
  thumbCanvas.width = Math.round(width * t); thumbCanvas.height = Math.round(height * t);
  thumbCanvas.getContext('2d').drawImage(canvas, 0, 0, thumbCanvas.width, thumbCanvas.height);
  bitmap.close && bitmap.close();
  const thumb = thumbCanvas.toDataURL('image/jpeg', 0.7);
  // A JPEG already small enough goes as it is: no second compression, and the same bytes as the file on the phone
  // (the server applies its EXIF orientation itself, and knows it again by its SHA-256).
  if (scale === 1 && file.type === 'image/jpeg') return { blob: file, thumb };
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  return { blob: blob || file, thumb };
}

async function takePhotos(files) {
  for (const file of files) {
    const key = `${Date.now()}-${Math.random().toString(16).slice(2)}`;
    const { blob, thumb } = await downscale(file);
    const photo = { key, blob, thumb, name: file.name || 'phone-photo.jpg', fields: { ...state.defaults }, job: null, options: {} };
    state.local.set(key, photo);
    await keepPhoto(photo).catch(() => {});
    renderLocal(photo, 'uploading');
    upload(photo);
  }
}

async function upload(photo, options = {}) {
  const pairs = { name: photo.name };
  for (const field of SHOP_FIELDS) if (photo.fields[field]) pairs[field] = photo.fields[field];
  if (options.noQualityCheck) pairs.noQualityCheck = '1';
  let response;
  try {
    response = await api(`/api/scans?${query(pairs)}`, { method: 'POST', body: photo.blob, headers: { 'Content-Type': photo.blob.type || 'image/jpeg' } });
  } catch (e) {
    renderLocal(photo, 'waiting');
    return;
  }
  if (response.status === 202) {
    const { job } = await response.json();
    photo.job = job;
    await keepPhoto(photo).catch(() => {});
    state.local.delete(photo.key);
    const item = document.getElementById(`local-${photo.key}`);
    if (item) item.remove();
    const known = state.jobs.get(job) || { job, state: 'queued', stage: 'queued', file: photo.name };
    known.thumb = photo.thumb; known.localKey = photo.key;
    state.jobs.set(job, known);
    renderJob(known);
  } else if (response.status === 429) {
    const wait = Number(response.headers.get('Retry-After') || '5');
    renderLocal(photo, 'waiting');
    setTimeout(() => upload(photo, options), wait * 1000);
  } else {
    const message = await errorText(response);
    renderLocal(photo, 'refused', message);
    if (response.status === 413 || response.status === 415) await dropPhoto(photo.key).catch(() => {});
  }
}

// ---------- the queue ----------
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

function renderLocal(photo, stage, message) {
  const item = queueItem(`local-${photo.key}`);
  setThumb(item, photo.thumb);
  const status = $('.status', item); status.replaceChildren();
  if (stage === 'refused') {
    status.append(el('p', 'error-text', message));
  } else {
    status.append(el('p', `stage ${stage === 'waiting' ? '' : 'busy'}`, STAGES[stage]));
  }
}

function renderJob(job) {
  const item = queueItem(`job-${job.job}`);
  setThumb(item, job.thumb || (job.result && job.result.scanId ? `/api/scans/${job.result.scanId}/artwork` : null));
  const status = $('.status', item); status.replaceChildren();
  const outcome = $('.outcome', item);
  if (job.state !== 'done') {
    let text = STAGES[job.stage] || STAGES.preparing;
    if (job.stage === 'found' && job.found) text = `We found ${job.found.title} by ${job.found.artist}`;
    else if (job.stage === 'identifying' && job.identifyingSince && Date.now() - job.identifyingSince > 3500) text = STAGES.searching;
    status.append(el('p', job.stage === 'found' ? 'headline' : 'stage busy', text));
    if (job.stage === 'identifying' && !job.identifyingSince) { job.identifyingSince = Date.now(); setTimeout(() => renderJob(job), 3600); }
    return;
  }
  status.append(el('p', 'meta', job.file));
  outcome.replaceChildren(resultView(job.result, job));
}

function resultView(result, job) {
  const box = el('div', 'result');
  if (result.status === 'skipped' && result.skipped && result.skipped.scanId) {
    box.append(el('p', 'note', 'Already in your catalogue: this photo was scanned before.'));
    const open = el('button', 'secondary', `Open scan #${result.skipped.scanId}`);
    open.addEventListener('click', () => openScan(result.skipped.scanId));
    box.append(open);
    return box;
  }
  if (result.status !== 'identified') {
    const code = result.error ? result.error.code : 'failed';
    if (code === 'unidentified' || code === 'artwork-mismatch') box.append(el('p', 'error-text', 'Unable to identify this cover art'));
    if (code !== 'unidentified') box.append(el('p', 'error-text', result.error ? result.error.message : 'The scan failed.'));
    const actions = el('div', 'actions');
    const retry = el('button', 'primary', code === 'photo-quality' ? 'Send anyway' : 'Try again');
    retry.addEventListener('click', () => retryJob(job, code === 'photo-quality'));
    actions.append(retry);
    box.append(actions);
    return box;
  }
  if (result.scanId && state.edited.has(result.scanId)) result = state.edited.get(result.scanId);
  box.append(card(result, true));
  if (result.identification && ['local', 'duplicate', 'barcode'].includes(result.identification.method) && result.duplicateOf !== undefined) {
    box.append(el('p', 'note', 'Matched to an album already in your catalogue.'));
  }
  box.append(reviewView(result), gradeForm(result));
  return box;
}

function card(result, big) {
  const node = $('#card-template').content.firstElementChild.cloneNode(true);
  const album = result.album || {};
  if (result.scanId) { $('.art', node).src = `/api/scans/${result.scanId}/artwork`; $('.art', node).alt = `Cover of ${album.title || 'the album'}`; }
  $('.headline', node).textContent = big ? `We found ${album.title} by ${album.artist}` : `${album.artist} — ${album.title}`;
  const badges = $('.badges', node);
  const status = result.verification ? result.verification.status : 'unchecked';
  badges.append(el('span', `badge ${status}`, { verified: 'Artwork verified', mismatch: 'Artwork differs', unsure: 'Artwork unsure', unchecked: 'Not checked' }[status] || status));
  if (result.review && result.review.recommendation) badges.append(el('span', 'badge rec', `${result.review.recommendation} ${result.review.rating ?? ''}`.trim()));
  const bits = [album.year, album.label, (album.genres || []).join(', ')].filter(Boolean);
  const shop = [result.mediaCondition, result.sleeveCondition, result.location].filter(Boolean);
  $('.meta', node).textContent = [bits.join(' · '), shop.join(' · ')].filter(Boolean).join(' — ');
  return node;
}

function reviewView(result) {
  const review = result.review || {};
  const details = el('details', 'review');
  details.append(el('summary', '', 'Review and key tracks'));
  if (review.summary) details.append(el('p', '', review.summary));
  if (review.bullets && review.bullets.length) { const ul = el('ul'); review.bullets.forEach((b) => ul.append(el('li', '', b))); details.append(ul); }
  if (review.rating !== undefined && review.rating !== null) details.append(el('p', 'meta', `Rating ${review.rating}/10`));
  if (review.keyTracks && review.keyTracks.length) details.append(el('p', '', `Key tracks: ${review.keyTracks.join(', ')}`));
  if (!review.summary) details.append(el('p', 'meta', 'No review for this album.'));
  return details;
}

// ---------- grading and editing (PATCH /api/scans/ID, the same store as albumscan edit) ----------
function fieldInputs(form, values) {
  const grades = state.session || { mediaGrades: [], sleeveGrades: [] };
  // The grades take a whole row: Discogs' words ("Near Mint (NM or M-)") do not fit half a phone's width.
  const wide = ['mediaCondition', 'sleeveCondition', 'comments'];
  const make = (name, label, control) => { const l = el('label', wide.includes(name) ? 'wide' : ''); l.append(label, control); control.name = name; form.append(l); return control; };
  const select = (options, value) => { const s = el('select'); s.append(new Option('not graded', '')); options.forEach((g) => s.append(new Option(g, g))); s.value = value || ''; return s; };
  make('mediaCondition', 'Media', select(grades.mediaGrades, values.mediaCondition));
  make('sleeveCondition', 'Sleeve', select(grades.sleeveGrades, values.sleeveCondition));
  for (const [name, label, mode] of [['location', 'Location', 'text'], ['sku', 'SKU', 'text'], ['price', 'Price', 'decimal'], ['comments', 'Comments', 'text']]) {
    const input = el('input'); input.type = 'text'; input.inputMode = mode; input.value = values[name] || ''; make(name, label, input);
  }
}

function gradeForm(result) {
  const form = el('form', 'fields grade-form');
  fieldInputs(form, result);
  const actions = el('div', 'actions wide');
  const save = el('button', 'primary save', 'Save grading'); save.type = 'submit';
  const said = el('span', 'saved');
  actions.append(save, said);
  form.append(actions);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const body = {};
    for (const field of SHOP_FIELDS) body[field] = form.elements[field].value;
    const response = await api(`/api/scans/${result.scanId}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (response.ok) {
      const edited = await response.json();
      state.edited.set(edited.scanId, edited);
      said.textContent = 'Saved';
      loadHistory();
    } else {
      said.textContent = await errorText(response);
    }
  });
  return form;
}

async function retryJob(job, anyway) {
  const photo = job.localKey && (await keptPhotos()).find((p) => p.key === job.localKey);
  if (!photo) { showBanner('This photo is no longer on the phone: take it again.'); return; }
  const item = document.getElementById(`job-${job.job}`); if (item) item.remove();
  state.jobs.delete(job.job);
  photo.job = null; state.local.set(photo.key, photo); renderLocal(photo, 'uploading');
  upload(photo, { noQualityCheck: anyway });
}

// ---------- the session's defaults ----------
function renderDefaults() {
  const form = $('#defaults-form'); form.replaceChildren();
  fieldInputs(form, state.defaults);
  form.addEventListener('change', () => {
    for (const field of SHOP_FIELDS) { const v = form.elements[field].value.trim(); if (v) state.defaults[field] = v; else delete state.defaults[field]; }
    localStorage.setItem('albumscan-defaults', JSON.stringify(state.defaults));
    summarizeDefaults();
  });
  summarizeDefaults();
}
function summarizeDefaults() {
  const d = state.defaults;
  const parts = [d.location && `shelf ${d.location}`, d.mediaCondition && `media ${d.mediaCondition}`, d.sleeveCondition && `sleeve ${d.sleeveCondition}`].filter(Boolean);
  $('#defaults-summary').textContent = parts.length ? parts.join(', ') : 'no shelf or grades set';
}

// ---------- history ----------
async function loadHistory() {
  const form = $('#history-filter');
  const pairs = { limit: '50' };
  for (const name of ['search', 'method', 'verification']) pairs[name] = form.elements[name].value;
  const response = await api(`/api/scans?${query(pairs)}`);
  if (!response.ok) return;
  const scans = await response.json();
  const list = $('#history-list'); list.replaceChildren();
  if (!scans.length) list.append(el('li', 'hint', form.elements.search.value ? 'No scans match.' : 'No scans yet.'));
  for (const scan of scans) {
    const li = el('li'); li.dataset.scanId = scan.scanId;
    li.append(card(scan, false));
    li.addEventListener('click', () => openScan(scan.scanId));
    list.append(li);
  }
}

async function openScan(id) {
  const response = await api(`/api/scans/${id}`);
  if (!response.ok) { showBanner(await errorText(response)); return; }
  const scan = await response.json();
  const body = $('#detail-body'); body.replaceChildren(card(scan, false), reviewView(scan), gradeForm(scan));
  const remove = el('button', 'danger', 'Delete this scan');
  remove.addEventListener('click', async () => {
    if (!confirm('Delete this scan from the catalogue?')) return;
    const answer = await api(`/api/scans/${id}`, { method: 'DELETE' });
    if (answer.status === 204) { $('#detail').close(); loadHistory(); } else showBanner(await errorText(answer));
  });
  body.append(el('p', 'meta', `Scan #${scan.scanId} · ${scan.file} · ${scan.scannedAt || ''}`), remove);
  $('#detail').showModal();
}

// ---------- live updates and re-sync ----------
function listen() {
  if (state.events) state.events.close();
  const events = new EventSource('/api/events');
  state.events = events;
  events.onopen = () => { $('#connection').textContent = 'live'; $('#connection').classList.add('live'); };
  events.onerror = () => { $('#connection').textContent = 'reconnecting…'; $('#connection').classList.remove('live'); };
  events.addEventListener('stage', (event) => {
    const data = JSON.parse(event.data);
    const job = state.jobs.get(data.job) || { job: data.job, state: 'running' };
    if (job.state === 'done') return;
    job.state = data.stage === 'queued' ? 'queued' : 'running'; job.stage = data.stage; if (data.found) job.found = data.found;
    state.jobs.set(data.job, job);
    if (job.file || job.thumb) renderJob(job);
  });
  events.addEventListener('result', (event) => {
    const data = JSON.parse(event.data);
    const job = state.jobs.get(data.job) || { job: data.job };
    job.state = 'done'; job.stage = 'done'; job.result = data.result; job.file = job.file || data.result.file;
    state.jobs.set(data.job, job);
    renderJob(job);
    finished(job);
    if (data.result.scanId) loadHistory();
  });
}

/// A job that ended with its photo saved (or already catalogued) no longer needs the phone's copy.
function finished(job) {
  const r = job.result;
  if (job.localKey && r && (r.scanId || r.status === 'skipped')) dropPhoto(job.localKey).catch(() => {});
}

async function resync() {
  const response = await api('/api/jobs');
  if (!response.ok) return;
  const jobs = await response.json();
  const serverJobs = new Set(jobs.map((j) => j.job));
  for (const job of jobs.reverse()) {
    const known = state.jobs.get(job.job) || {};
    const merged = { ...known, ...job };
    state.jobs.set(job.job, merged);
    renderJob(merged);
  }
  // Photos the server does not hold (never received, or received by a server that has since restarted) go again.
  for (const photo of await keptPhotos()) {
    const job = photo.job && state.jobs.get(photo.job);
    if (job) { job.localKey = photo.key; job.thumb = job.thumb || photo.thumb; renderJob(job); finished(job); continue; }
    if (photo.job && !serverJobs.has(photo.job)) photo.job = null;
    if (!photo.job && !state.local.has(photo.key)) { state.local.set(photo.key, photo); renderLocal(photo, 'uploading'); upload(photo); }
  }
  listen();
}

// ---------- start ----------
async function start() {
  $('#scan-input').addEventListener('change', (event) => { takePhotos([...event.target.files]); event.target.value = ''; });
  $('#library-input').addEventListener('change', (event) => { takePhotos([...event.target.files]); event.target.value = ''; });
  let searchTimer;
  $('#history-filter').addEventListener('input', () => { clearTimeout(searchTimer); searchTimer = setTimeout(loadHistory, 250); });
  $('#history-filter').addEventListener('submit', (event) => { event.preventDefault(); loadHistory(); });
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') resync(); });
  window.addEventListener('pageshow', (event) => { if (event.persisted) resync(); });
  const response = await api('/api/session');
  if (response.ok) {
    state.session = await response.json();
    let saved = {};
    try { saved = JSON.parse(localStorage.getItem('albumscan-defaults') || '{}'); } catch (e) { saved = {}; }
    state.defaults = { ...state.session.defaults, ...saved };
  }
  renderDefaults();
  await resync();
  loadHistory();
}
start();
