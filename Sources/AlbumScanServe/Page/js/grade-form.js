// A scan's grading form (PATCH /api/scans/ID, the same store as albumscan edit): it sends only the fields changed
// since it was drawn, with If-Match naming the version it was drawn from. When someone else saved first (412) it
// shows what is saved now beside what the clerk typed, with "Keep mine" and "Use theirs" (scan-edits.js).

import { api, errorText } from './api.js';
import { el } from './dom.js';
import { page } from './page-state.js';
import { conflictOf, resolveConflict, saveRequest, staleCurrent } from './scan-edits.js';
import { scanIdOf, shopValues, versionOf } from './scan-result.js';
import { fieldInputs, formValues } from './scan-views.js';
import { SHOP_FIELDS, drawnValues } from './shop-fields.js';

/// The grading form of scan `result`; `onSaved` is called with the scan once saved (or once the clerk takes the
/// saved values).
export function gradeForm(result, onSaved) {
  const scanId = scanIdOf(result);
  let drawn = drawnValues(shopValues(result));
  let version = versionOf(result);
  const form = el('form', 'fields grade-form');
  form.dataset.scanId = scanId;
  fieldInputs(form, drawn);
  const conflictBox = el('div', 'conflict wide');
  conflictBox.hidden = true;
  const actions = el('div', 'actions wide');
  const save = el('button', 'primary save', 'Save grading'); save.type = 'submit';
  const said = el('span', 'saved');
  actions.append(save, said);
  form.append(conflictBox, actions);
  form.dataset.version = version === null ? '' : String(version);

  const draw = (values) => { for (const field of SHOP_FIELDS) form.elements[field].value = values[field] || ''; };
  const settle = (scan) => {
    page.edited.set(scanId, scan);
    drawn = drawnValues(shopValues(scan));
    version = versionOf(scan);
    form.dataset.version = version === null ? '' : String(version);
    conflictBox.hidden = true; conflictBox.replaceChildren();
    onSaved(scan);
  };
  const busy = (yes) => { for (const button of form.querySelectorAll('button')) button.disabled = yes; };

  /// Sends `request` (scan-edits.js); `typed` is what the clerk's form holds, for a conflict.
  async function send(request, typed) {
    busy(true);
    try {
      const response = await api(request.path, request.init);
      if (response.ok) {
        settle(await response.json());
        said.textContent = 'Saved';
        return;
      }
      if (response.status === 412) {
        const current = staleCurrent(await response.json().catch(() => null));
        if (current) { showConflict(conflictOf(drawn, typed, current)); said.textContent = ''; return; }
      }
      said.textContent = await errorText(response);
    } catch (e) {
      said.textContent = 'Not saved: the computer does not answer. Try again once it is back.';
    } finally {
      busy(false);
    }
  }

  function showConflict(conflict) {
    const table = el('table', 'conflict-table');
    const head = el('tr');
    head.append(el('th', '', ''), el('th', '', 'You typed'), el('th', '', 'Saved now'));
    table.append(el('thead'), el('tbody'));
    table.tHead.append(head);
    for (const row of conflict.rows) {
      const tr = el('tr', row.touched ? 'touched' : 'theirs-only');
      tr.dataset.field = row.field;
      tr.append(el('th', '', row.label),
        el('td', row.touched ? 'mine' : 'mine untouched', row.touched ? row.mine || '—' : 'not changed'),
        el('td', 'theirs', row.theirs || '—'));
      table.tBodies[0].append(tr);
    }
    const note = el('p', 'note', `This scan was changed elsewhere since you opened it (it is at version ${conflict.version} now). Which values should it keep?`);
    const keep = el('button', 'primary keep-mine', 'Keep mine'); keep.type = 'button';
    const theirs = el('button', 'use-theirs', 'Use theirs'); theirs.type = 'button';
    keep.addEventListener('click', () => {
      const choice = resolveConflict(conflict, 'mine');
      drawn = { ...conflict.theirs }; version = choice.version;
      draw(choice.draw);
      if (choice.send) send(choice.send, choice.draw);
      else { settle(conflict.current); said.textContent = 'Saved'; }
    });
    theirs.addEventListener('click', () => {
      draw(resolveConflict(conflict, 'theirs').draw);
      settle(conflict.current);
      said.textContent = 'Showing the saved values';
    });
    const buttons = el('div', 'actions');
    buttons.append(keep, theirs);
    conflictBox.replaceChildren(note, table, buttons);
    conflictBox.hidden = false;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const typed = formValues(form);
    const request = saveRequest(scanId, version, drawn, typed);
    if (!request) { said.textContent = 'Nothing changed'; return; }
    said.textContent = '';
    send(request, typed);
  });
  return form;
}
