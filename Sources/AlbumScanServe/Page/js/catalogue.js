// The catalogue: the latest scans, filtered (GET /api/scans), and one scan opened in a dialog with its grading form
// and its change log (GET /api/scans/ID/changes).

import { api, errorText, query } from './api.js';
import { changeLines } from './change-log.js';
import { $, el, showBanner } from './dom.js';
import { gradeForm } from './grade-form.js';
import { page } from './page-state.js';
import { nextBefore, photoPath, scanIdOf, scanLine } from './scan-result.js';
import { artImage, card, reviewView, verificationNote } from './scan-views.js';
import { wrongAlbum } from './wrong-album.js';

/// Scans per page of the catalogue; "More" shows the next page (`before=` the oldest shown).
export const PAGE_SIZE = 50;

/// The newest scans (filtered); `before`, a page further back, added under those shown.
export async function loadHistory(before = null) {
  const form = $('#history-filter');
  const pairs = { limit: String(PAGE_SIZE) };
  for (const name of ['search', 'method', 'verification']) pairs[name] = form.elements[name].value;
  if (Number.isInteger(before)) pairs.before = String(before);
  let response;
  try { response = await api(`/api/scans?${query(pairs)}`); } catch (e) { return; }
  if (!response.ok) return;
  const scans = await response.json();
  const list = $('#history-list');
  if (!Number.isInteger(before)) list.replaceChildren();
  const more = $('#history-more');
  if (more) more.remove();
  if (!scans.length && !Number.isInteger(before)) list.append(el('li', 'hint', form.elements.search.value ? 'No scans match.' : 'No scans yet.'));
  for (const scan of scans) {
    const id = scanIdOf(scan);
    const li = el('li'); li.dataset.scanId = id;
    li.append(card(scan, false));
    li.addEventListener('click', () => openScan(id));
    list.append(li);
  }
  const next = nextBefore(scans, PAGE_SIZE);
  if (next !== null) {
    const button = el('button', 'secondary more', 'More'); button.id = 'history-more'; button.type = 'button';
    button.addEventListener('click', () => loadHistory(next));
    list.after(button);
  }
}

/// The change log's list, newest first.
async function changeLog(id, box) {
  let response;
  try { response = await api(`/api/scans/${id}/changes`); } catch (e) { return; }
  if (!response.ok) return;
  const { lines, earlier } = changeLines(await response.json(), page.session && page.session.client);
  const list = el('ol', 'change-log');
  for (const line of lines) list.append(el('li', '', line));
  box.replaceChildren(el('h3', '', 'Changes'));
  if (lines.length) box.append(list);
  else box.append(el('p', 'meta', 'No changes since it was scanned.'));
  if (earlier) box.append(el('p', 'meta', `and ${earlier} earlier`));
}

export async function openScan(id) {
  let response;
  try { response = await api(`/api/scans/${id}`); } catch (e) { showBanner('The computer does not answer.'); return; }
  if (!response.ok) { showBanner(await errorText(response)); return; }
  const scan = await response.json();
  const log = el('section', 'changes');
  const saved = () => { loadHistory(); changeLog(id, log); };
  const yours = el('figure', 'your-photo');
  yours.append(artImage(photoPath(id), 'photo', 'Your photo', 'No photo kept'), el('figcaption', 'meta', 'Your photo'));
  const fixed = el('p', 'saved corrected');
  const fix = wrongAlbum(scan, async (corrected, words) => {
    await openScan(id);
    $('#detail-body .corrected').textContent = words;
  });
  const body = $('#detail-body');
  body.replaceChildren(card(scan, false), verificationNote(scan), fixed, yours, fix, reviewView(scan), gradeForm(scan, saved));
  const remove = el('button', 'danger', 'Delete this scan');
  remove.addEventListener('click', async () => {
    if (!confirm('Delete this scan from the catalogue?')) return;
    const answer = await api(`/api/scans/${id}`, { method: 'DELETE' });
    if (answer.status === 204) { $('#detail').close(); loadHistory(); } else showBanner(await errorText(answer));
  });
  body.append(log, el('p', 'meta', scanLine(scan)), remove);
  await changeLog(id, log);
  if (!$('#detail').open) $('#detail').showModal();
}
