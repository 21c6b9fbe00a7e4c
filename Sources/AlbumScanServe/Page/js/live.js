// Live updates (GET /api/events) and the re-sync after iOS reloads the tab, drops its connections, or the computer
// comes back (a restart included): everything the queue shows is rebuilt from GET /api/jobs and the photos kept on
// the phone, and the photos that never reached the computer are sent (photos.js's resendPlan).

import { api } from './api.js';
import { loadHistory } from './catalogue.js';
import { answered, lost, whenBack, whenOnlineChanges } from './connection.js';
import { loadSession } from './defaults-form.js';
import { onLinksEvent } from './export-panel.js';
import { applyResult, applyStage, attachPhoto, drawable, mergeSnapshots } from './jobs.js';
import { page } from './page-state.js';
import { keepPhoto, keptPhotos } from './photo-store.js';
import { afterAccepted, lostResult, notDismissed, resendPlan } from './photos.js';
import { finished, renderJob, renderLocal, retireJob, showEnded, upload } from './queue.js';
import { scanIdOf } from './scan-result.js';

/// Opens the event stream unless it is open or opening (the browser reconnects it by itself after a drop).
function listen() {
  if (page.events && page.events.readyState !== EventSource.CLOSED) return;
  const events = new EventSource('/api/events');
  page.events = events;
  events.onopen = () => answered(true);
  events.onerror = () => lost();
  events.addEventListener('stage', (event) => {
    const data = JSON.parse(event.data);
    if (onLinksEvent(data) || page.dismissed.includes(data.job)) return;
    const job = applyStage(page.jobs, data);
    if (job && drawable(job)) renderJob(job);
  });
  events.addEventListener('result', (event) => {
    const data = JSON.parse(event.data);
    if (page.dismissed.includes(data.job)) return;
    const job = applyResult(page.jobs, data);
    if (!drawable(job)) return;
    renderJob(job);
    finished(job);
    if (scanIdOf(job.result)) loadHistory();
  });
}

let running = false;
let again = false;

/// Re-syncs the queue with the server (one at a time; one asked for meanwhile runs after).
export async function resync() {
  if (running) { again = true; return; }
  running = true;
  try {
    do { again = false; await syncOnce(); } while (again);
  } finally {
    running = false;
  }
}

async function syncOnce() {
  const asked = Date.now();
  let snapshots;
  try {
    const response = await api('/api/jobs');
    if (!response.ok) return;
    snapshots = notDismissed(await response.json(), page.dismissed);
  } catch (e) {
    lost();
    // Photos taken while the computer does not answer are shown waiting (after a reload too).
    const kept = await keptPhotos().catch(() => []);
    for (const { photo, action } of resendPlan(kept, [], page.sending)) if (action === 'send' && !photo.reached) renderLocal(photo, 'unsent');
    return;
  }
  answered(false);
  // A page opened while the computer did not answer has no grades or catalogue yet.
  if (!page.session) { await loadSession(); loadHistory(); }
  const serverJobs = new Set(snapshots.map((j) => j.job));
  for (const job of mergeSnapshots(page.jobs, snapshots)) renderJob(job);
  const kept = await keptPhotos().catch(() => []);
  // Photos being sent, and those the server took after it was asked (their jobs are not in its answer).
  for (const [key, at] of page.accepted) if (at < asked - 60000) page.accepted.delete(key);
  const busy = new Set([...page.sending, ...[...page.accepted].filter(([, at]) => at >= asked).map(([key]) => key)]);
  for (const step of resendPlan(kept, snapshots, busy)) {
    const { photo } = step;
    if (step.action === 'follow') {
      const job = page.jobs.get(step.job.job);
      if (photo.job !== job.job) {
        retireJob(photo.job);
        keepPhoto(afterAccepted(photo, job.job)).catch(() => {});
      }
      renderJob(attachPhoto(job, photo));
      finished(job);
    } else if (step.action === 'show') {
      showEnded(photo);
    } else if (step.action === 'lost') {
      showEnded(photo, lostResult(photo));
    } else {
      page.sending.add(photo.key);
      retireJob(photo.job);
      const next = step.once ? { ...photo, resent: true } : photo;
      if (step.once) await keepPhoto(next).catch(() => {});
      upload(next, step.options);
    }
  }
  // A job the page drew that the server no longer has (it restarted), with no photo kept to send again, ends here.
  for (const job of [...page.jobs.values()]) {
    if (serverJobs.has(job.job) || job.state === 'done' || busy.has(job.localKey) || page.sending.has(job.localKey)) continue;
    job.state = 'done'; job.stage = 'done';
    job.result = {
      status: 'failed', file: job.file,
      error: { code: 'lost', message: 'The computer restarted before this photo was scanned, and the phone no longer has it: take it again.' },
    };
    renderJob(job);
  }
  listen();
}

whenBack(resync);
// The cards still waiting say plainly that the computer does not answer, and go back to their stage when it does.
whenOnlineChanges(() => { for (const job of page.jobs.values()) if (job.state !== 'done' && drawable(job)) renderJob(job); });
