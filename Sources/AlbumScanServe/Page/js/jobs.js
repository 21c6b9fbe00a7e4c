// The page's jobs (one per photo the server took), by id, as the server's events and snapshots move them on. Each
// function changes the job in place (a timer may hold it) and returns the job to draw, or null.

/// A `stage` event {job, stage, found}: the job moved on, or null when it is done already (a late event).
export function applyStage(jobs, data) {
  const job = jobs.get(data.job) || { job: data.job, state: 'running' };
  if (job.state === 'done') return null;
  job.state = data.stage === 'queued' ? 'queued' : 'running';
  job.stage = data.stage;
  if (data.found) job.found = data.found;
  jobs.set(data.job, job);
  return job;
}

/// Whether the page has anything to show for a job yet (a job of another phone has no photo or name until known).
export const drawable = (job) => Boolean(job.file || job.thumb);

/// A `result` event {job, result}: the job, done.
export function applyResult(jobs, data) {
  const job = jobs.get(data.job) || { job: data.job };
  job.state = 'done';
  job.stage = 'done';
  job.result = data.result;
  job.file = job.file || data.result.file;
  jobs.set(data.job, job);
  return job;
}

/// The server took a photo (202 {job}): its job, with the photo's thumbnail and its key in the phone's storage.
export function accepted(jobs, id, photo) {
  const job = jobs.get(id) || { job: id, state: 'queued', stage: 'queued', file: photo.name };
  job.thumb = photo.thumb;
  job.localKey = photo.key;
  if (photo.fields) job.fields = photo.fields;
  if (!job.sha256 && photo.sha256) job.sha256 = photo.sha256;
  jobs.set(id, job);
  return job;
}

/// `GET /api/jobs` (newest first): each job merged over what the page knew, oldest first, for drawing in order.
export function mergeSnapshots(jobs, snapshots) {
  const merged = [];
  for (const snapshot of [...snapshots].reverse()) {
    const job = { ...(jobs.get(snapshot.job) || {}), ...snapshot };
    jobs.set(snapshot.job, job);
    merged.push(job);
  }
  return merged;
}

/// A job whose photo is still in the phone's storage: the job learns its key and thumbnail.
export function attachPhoto(job, photo) {
  job.localKey = photo.key;
  job.thumb = job.thumb || photo.thumb;
  if (!job.fields && photo.fields) job.fields = photo.fields;
  return job;
}
