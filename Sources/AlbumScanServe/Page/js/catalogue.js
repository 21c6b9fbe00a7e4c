// The catalogue: the latest scans, filtered (GET /api/scans), and one scan opened in a dialog.

import { api, errorText, query } from './api.js';
import { $, el, showBanner } from './dom.js';
import { scanIdOf, scanLine } from './scan-result.js';
import { card, gradeForm, reviewView } from './scan-views.js';

export async function loadHistory() {
  const form = $('#history-filter');
  const pairs = { limit: '50' };
  for (const name of ['search', 'method', 'verification']) pairs[name] = form.elements[name].value;
  const response = await api(`/api/scans?${query(pairs)}`);
  if (!response.ok) return;
  const scans = await response.json();
  const list = $('#history-list'); list.replaceChildren();
  if (!scans.length) list.append(el('li', 'hint', form.elements.search.value ? 'No scans match.' : 'No scans yet.'));
  for (const scan of scans) {
    const id = scanIdOf(scan);
    const li = el('li'); li.dataset.scanId = id;
    li.append(card(scan, false));
    li.addEventListener('click', () => openScan(id));
    list.append(li);
  }
}

export async function openScan(id) {
  const response = await api(`/api/scans/${id}`);
  if (!response.ok) { showBanner(await errorText(response)); return; }
  const scan = await response.json();
  const body = $('#detail-body'); body.replaceChildren(card(scan, false), reviewView(scan), gradeForm(scan, loadHistory));
  const remove = el('button', 'danger', 'Delete this scan');
  remove.addEventListener('click', async () => {
    if (!confirm('Delete this scan from the catalogue?')) return;
    const answer = await api(`/api/scans/${id}`, { method: 'DELETE' });
    if (answer.status === 204) { $('#detail').close(); loadHistory(); } else showBanner(await errorText(answer));
  });
  body.append(el('p', 'meta', scanLine(scan)), remove);
  $('#detail').showModal();
}
