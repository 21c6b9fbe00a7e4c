// A scan's grading form (PATCH /api/scans/ID, the same store as albumscan edit): it sends only the fields changed
// since it was drawn, with If-Match naming the version it was drawn from. When someone else saved first (412) it
// shows what is saved now beside what the clerk typed, with "Keep mine" and "Use theirs" (scan-edits.js).
// Drawn for a job whose album is found but whose scan is not saved yet, it saves to PATCH /api/jobs/ID, and once the
// scan comes (`form.attachScan`) it turns into the scan's form, keeping what the clerk is typing (job-grading.js).

import { api, errorText } from './api.js';
import { el } from './dom.js';
import { attachedValues, jobSaveRequest } from './job-grading.js';
import { page } from './page-state.js';
import { conflictOf, resolveConflict, saveRequest, staleCurrent } from './scan-edits.js';
import { scanIdOf, shopValues, versionOf } from './scan-result.js';
import { fieldInputs, formValues } from './scan-views.js';
import { SHOP_FIELDS, drawnValues } from './shop-fields.js';

/// The grading form of scan `result`, or with `job` ({job, values}) of a job still running; `onSaved` is called with
/// the scan once saved (or once the clerk takes the saved values).
export function gradeForm(result, onSaved, job = null) {
  let scanId = result ? scanIdOf(result) : null;
  let drawn = drawnValues(result ? shopValues(result) : job.values);
  let version = result ? versionOf(result) : null;
  const form = el('form', 'fields grade-form');
  if (scanId) form.dataset.scanId = scanId;
  if (job) form.dataset.job = job.job;
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
  /// What a save says: a success in the success colour, an error in the error colour, read out (role="alert").
  const say = (text, error = false) => {
    said.textContent = text;
    said.className = error ? 'save-error' : 'saved';
    if (error) said.setAttribute('role', 'alert'); else said.removeAttribute('role');
  };

  /// The job's scan is saved: the form saves to it from now on; fields the clerk changed and did not save keep
  /// what they typed, the others show the scan's.
  form.attachScan = (scan) => {
    if (scanId) return;
    const next = attachedValues(drawn, formValues(form), shopValues(scan));
    draw(next.draw);
    drawn = next.drawn;
    scanId = scanIdOf(scan);
    version = versionOf(scan);
    form.dataset.scanId = scanId;
    form.dataset.version = version === null ? '' : String(version);
  };

  /// Sends `request` (scan-edits.js); `typed` is what the clerk's form holds, for a conflict.
  async function send(request, typed) {
    busy(true);
    try {
      const response = await api(request.path, request.init);
      if (response.ok) {
        const body = await response.json();
        if (scanIdOf(body) === undefined) {
          // Kept with the job: saved with its scan when it is saved.
          drawn = drawnValues(typed);
          say('Saved');
          return;
        }
        if (!scanId) form.attachScan(body);
        settle(body);
        say('Saved');
        return;
      }
      if (response.status === 412) {
        const current = staleCurrent(await response.json().catch(() => null));
        if (current) { showConflict(conflictOf(drawn, typed, current)); say(''); return; }
      }
      say(`Not saved: ${await errorText(response)}`, true);
    } catch (e) {
      say('Not saved: the computer does not answer. Try again once it is back.', true);
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
      else { settle(conflict.current); say('Saved'); }
    });
    theirs.addEventListener('click', () => {
      draw(resolveConflict(conflict, 'theirs').draw);
      settle(conflict.current);
      say('Showing the saved values');
    });
    const buttons = el('div', 'actions');
    buttons.append(keep, theirs);
    conflictBox.replaceChildren(note, table, buttons);
    conflictBox.hidden = false;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const typed = formValues(form);
    const request = scanId ? saveRequest(scanId, version, drawn, typed) : jobSaveRequest(form.dataset.job, drawn, typed);
    if (!request) { say('Nothing changed'); return; }
    say('');
    send(request, typed);
  });
  return form;
}
