// "Photograph the back" under an unidentified card: a camera input like SCAN's. The back is made small as every
// upload is, sent to POST /api/jobs/JOB/photos?side=back, and the new job (202 {job}) is handed on to be followed
// as a normal card. The words are unidentified.js's.

import { api, errorOf } from './api.js';
import { el } from './dom.js';
import { downscale } from './downscale.js';
import { BACK_HINT, backPath, backRefusalWords } from './unidentified.js';

/// The button, its hint and what it said, for job `job`; `onAccepted(newJob)` follows the new job.
export function backPhotoButton(job, onAccepted) {
  const box = el('div', 'back-photo');
  const input = el('input', 'file back-photo-input');
  input.type = 'file'; input.accept = 'image/*'; input.setAttribute('capture', 'environment');
  input.id = `back-${job.job}`;
  const open = el('label', 'library-button primary back-photo-open', 'Photograph the back');
  open.htmlFor = input.id;
  const said = el('p', 'hint back-photo-said', BACK_HINT);
  const say = (text, error) => {
    said.textContent = text; said.className = error ? 'save-error back-photo-said' : 'hint back-photo-said';
    if (error) said.setAttribute('role', 'alert'); else said.removeAttribute('role');
  };
  input.addEventListener('change', async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    input.disabled = true; say('Sending the back…');
    try {
      const { blob } = await downscale(file);
      const response = await api(backPath(job.job), {
        method: 'POST', body: blob, headers: { 'Content-Type': blob.type || 'image/jpeg' },
      });
      if (response.status === 202) {
        const { job: next } = await response.json();
        onAccepted(next);
        return;
      }
      const error = await errorOf(response);
      say(backRefusalWords(response.status, error.code, error.message), true);
    } catch (e) {
      say('The back was not sent: the computer does not answer. Try again once it is back.', true);
    } finally {
      input.disabled = false; input.value = '';
    }
  });
  box.append(input, open, said);
  return box;
}
