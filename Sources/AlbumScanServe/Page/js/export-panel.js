// The downloads panel: a form's report first (what the file lists and what it leaves out, and why), then the file and
// the button that marks exactly those scans downloaded. While the server fills pending Discogs links it answers 202
// {job}; the panel shows the fill's progress (its `links` stage events) and asks again until the report comes.

import { api, errorText } from './api.js';
import { $, el } from './dom.js';
import { exportQuery, fillLine, FORMATS, marksBody, reportLines } from './exports.js';

const state = { format: null, onlyNew: false, fillJob: null, progress: null, timer: null };

/// Handles a links fill's stage event; false for any other event.
export function onLinksEvent(data) {
  if (data.stage !== 'links' && data.job !== state.fillJob) return false;
  if (data.job === state.fillJob && data.stage === 'links') {
    state.progress = data;
    status(fillLine(data));
  }
  return true;
}

function status(text, className = 'stage') {
  const line = $('#export-status');
  line.className = className;
  line.textContent = text;
}

/// Asks for the chosen form's report, again while the links fill runs.
async function loadReport() {
  clearTimeout(state.timer);
  const { format, onlyNew } = state;
  const body = $('#export-body');
  body.replaceChildren();
  const response = await api(`/api/export/report?${exportQuery(format, onlyNew)}`).catch(() => null);
  if (!response) { status('The computer is not answering; try again when it is.', 'stage error'); return; }
  if (response.status === 202) {
    state.fillJob = (await response.json()).job;
    status(fillLine(state.progress));
    state.timer = setTimeout(loadReport, 2000);
    return;
  }
  state.fillJob = null;
  state.progress = null;
  if (!response.ok) { status(await errorText(response), 'stage error'); return; }
  const report = await response.json();
  const lines = reportLines(report);
  status(lines.listed, 'stage');
  for (const line of lines.leftOut) body.append(el('p', 'left-out', line));
  if (report.listed.length === 0) return;
  const download = el('a', 'button', 'Download');
  download.href = `/api/export?${exportQuery(format, onlyNew)}`;
  download.setAttribute('download', `albumscan-${format}.csv`);
  const mark = el('button', 'secondary', `Mark these ${report.listed.length} as downloaded`);
  mark.type = 'button';
  mark.addEventListener('click', async () => {
    mark.disabled = true;
    const answer = await api('/api/export/marks', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: marksBody(format, report),
    }).catch(() => null);
    if (answer && answer.ok) {
      mark.textContent = 'Marked: "Only new scans" leaves them out next time';
    } else {
      mark.disabled = false;
      body.append(el('p', 'stage error', answer ? await errorText(answer) : 'The computer is not answering.'));
    }
  });
  body.append(download, mark);
}

/// Draws the form buttons and the "only new scans" switch.
export function setUpExports() {
  const buttons = $('#export-formats');
  for (const { format, label } of FORMATS) {
    const button = el('button', 'secondary', label);
    button.type = 'button';
    button.addEventListener('click', () => { state.format = format; $('#export-panel').hidden = false; loadReport(); });
    buttons.append(button);
  }
  $('#export-only-new').addEventListener('change', (event) => {
    state.onlyNew = event.target.checked;
    if (state.format) loadReport();
  });
}
