// "Wrong album?": under a scan's card, a small form where the clerk types the artist and title the sleeve shows, or
// pastes a MusicBrainz or Discogs release link. It sends the same correction as `albumscan edit` (PATCH
// /api/scans/ID with If-Match) and says what changed and what it cost (correction.js).

import { api, errorText } from './api.js';
import { correctionBody, correctionSummary, costWords } from './correction.js';
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
  form.append(el('p', 'hint wide', 'Type the artist and title as the sleeve shows them, or paste a release link.'));
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
  open.addEventListener('click', () => { form.hidden = false; open.hidden = true; form.elements.artist.focus(); });
  cancel.addEventListener('click', () => { form.hidden = true; open.hidden = false; say(''); });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const typed = correctionBody({
      artist: form.elements.artist.value, title: form.elements.title.value, release: form.elements.release.value,
    });
    if (typed.error) { say(typed.error, true); return; }
    // The grading form beside it may have saved since this was drawn: the correction names the latest version.
    const latest = page.edited.get(scanIdOf(current));
    if (latest && (versionOf(latest) || 0) > (versionOf(current) || 0)) current = latest;
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
