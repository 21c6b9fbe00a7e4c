// "Wrong album?": under a scan's card, a small form where the clerk photographs the sleeve's back (its barcode pins
// the release for $0: POST /api/scans/ID/photos?side=back), types the artist and title the sleeve shows, or pastes a
// MusicBrainz or Discogs release link. It sends the same correction as `albumscan edit` (PATCH /api/scans/ID with
// If-Match) and says what changed and what it cost (correction.js).

import { api, errorText } from './api.js';
import { backPhotoRequest, backRefusalWords, correctionBody, correctionSummary, costWords } from './correction.js';
import { downscale } from './downscale.js';
import { el } from './dom.js';
import { page } from './page-state.js';
import { patchRequest, staleCurrent } from './scan-edits.js';
import { scanIdOf, versionOf } from './scan-result.js';

/// The "Wrong album?" button and its form for `scan`; `onFixed(scan, words)` gets the corrected scan and what to say.
export function wrongAlbum(scan, onFixed) {
  const box = el('div', 'wrong-album');
  const open = el('button', 'secondary wrong-album-open', 'Wrong album?'); open.type = 'button';
  const form = el('form', 'fields wrong-album-form'); form.hidden = true;
  const input = (name, label, placeholder) => {
    const l = el('label', name === 'release' ? 'wide' : ''); const i = el('input'); i.name = name; i.type = 'text';
    i.placeholder = placeholder; i.autocomplete = 'off'; l.append(label, i); form.append(l); return i;
  };
  const back = el('label', 'library-button wide back-photo', 'Photograph the back (its barcode names the exact release)');
  const backInput = el('input'); backInput.type = 'file'; backInput.accept = 'image/*'; backInput.capture = 'environment';
  backInput.hidden = true; back.append(backInput);
  form.append(back);
  form.append(el('p', 'hint wide', 'Or type the artist and title as the sleeve shows them, or paste a release link.'));
  input('artist', 'Artist', 'as on the sleeve');
  input('title', 'Title', 'as on the sleeve');
  input('release', 'Or a release link', 'MusicBrainz or Discogs release');
  const actions = el('div', 'actions wide');
  const fix = el('button', 'primary wrong-album-fix', 'Fix the album'); fix.type = 'submit';
  const cancel = el('button', 'secondary', 'Cancel'); cancel.type = 'button';
  const said = el('p', 'wide');
  actions.append(fix, cancel);
  form.append(actions, said);
  box.append(open, form);
  let current = scan;

  const say = (text, error) => {
    said.textContent = text; said.className = error ? 'wide save-error' : 'wide saved';
    if (error) said.setAttribute('role', 'alert'); else said.removeAttribute('role');
  };
  open.addEventListener('click', () => { form.hidden = false; open.hidden = true; });
  /// The scan as saved last: the grading form beside this may have saved since it was drawn.
  const latest = () => {
    const saved = page.edited.get(scanIdOf(current));
    if (saved && (versionOf(saved) || 0) > (versionOf(current) || 0)) current = saved;
    return current;
  };
  backInput.addEventListener('change', async () => {
    const file = backInput.files && backInput.files[0];
    backInput.value = '';
    if (!file) return;
    say('Reading the barcode…');
    try {
      const { blob } = await downscale(file);
      const request = backPhotoRequest(scanIdOf(latest()), versionOf(current), blob);
      const response = await api(request.path, request.init);
      const body = await response.json().catch(() => null);
      if (response.ok && body) {
        const summary = correctionSummary(current, body);
        current = body;
        onFixed(body, `${summary} Pinned by the barcode on the back: no model call.`);
      } else if (response.status === 412) {
        const now = staleCurrent(body);
        if (now) current = now;
        say('This scan was changed elsewhere a moment ago: photograph the back again.', true);
      } else {
        say(backRefusalWords(body), true);
      }
    } catch (e) {
      say('Not sent: the computer does not answer. Try again once it is back.', true);
    }
  });
  cancel.addEventListener('click', () => { form.hidden = true; open.hidden = false; say(''); });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const typed = correctionBody({
      artist: form.elements.artist.value, title: form.elements.title.value, release: form.elements.release.value,
    });
    if (typed.error) { say(typed.error, true); return; }
    // The correction names the latest version.
    latest();
    const request = patchRequest(scanIdOf(current), versionOf(current), typed.body);
    fix.disabled = true; say('Looking it up…');
    try {
      const response = await api(request.path, request.init);
      if (response.ok) {
        const fixed = await response.json();
        const summary = correctionSummary(current, fixed);
        const changed = !summary.startsWith('Nothing changed');
        const cost = changed ? costWords(response.headers.get('X-Review')) : null;
        current = fixed;
        onFixed(fixed, [summary, cost].filter(Boolean).join(' '));
        return;
      }
      if (response.status === 412) {
        const now = staleCurrent(await response.json().catch(() => null));
        if (now) current = now;
        say('This scan was changed elsewhere a moment ago: check it, then tap "Fix the album" again.', true);
        return;
      }
      say(`Not fixed: ${await errorText(response)}`, true);
    } catch (e) {
      say('Not fixed: the computer does not answer. Try again once it is back.', true);
    } finally {
      fix.disabled = false;
    }
  });
  return box;
}
