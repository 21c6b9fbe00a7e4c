// Live updates (GET /api/events) and the re-sync after iOS reloads the tab or drops its connections: everything the
// queue shows is rebuilt from GET /api/jobs and the photos kept on the phone.

import { api } from './api.js';
import { loadHistory } from './catalogue.js';
import { $ } from './dom.js';
import { applyResult, applyStage, attachPhoto, drawable, mergeSnapshots } from './jobs.js';
import { page } from './page-state.js';
import { keptPhotos } from './photo-store.js';
import { finished, renderJob, renderLocal, upload } from './queue.js';
import { resendPlan } from './retry.js';
import { scanIdOf } from './scan-result.js';

function listen() {
  if (page.events) page.events.close();
  const events = new EventSource('/api/events');
  page.events = events;
  const connection = $('#connection');
  events.onopen = () => { connection.textContent = 'live'; connection.classList.add('live'); };
  events.onerror = () => { connection.textContent = 'reconnecting…'; connection.classList.remove('live'); };
  events.addEventListener('stage', (event) => {
    const job = applyStage(page.jobs, JSON.parse(event.data));
    if (job && drawable(job)) renderJob(job);
  });
  events.addEventListener('result', (event) => {
    const job = applyResult(page.jobs, JSON.parse(event.data));
    renderJob(job);
    finished(job);
    if (scanIdOf(job.result)) loadHistory();
  });
}

export async function resync() {
  const response = await api('/api/jobs');
  if (!response.ok) return;
  const snapshots = await response.json();
  const serverJobs = new Set(snapshots.map((j) => j.job));
  for (const job of mergeSnapshots(page.jobs, snapshots)) renderJob(job);
  for (const { photo, job } of resendPlan(await keptPhotos(), page.jobs, serverJobs, new Set(page.local.keys()))) {
    if (job) { renderJob(attachPhoto(job, photo)); finished(job); continue; }
    page.local.set(photo.key, photo); renderLocal(photo, 'uploading'); upload(photo);
  }
  listen();
}
