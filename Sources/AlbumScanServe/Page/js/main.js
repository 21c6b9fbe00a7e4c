// albumscan's phone page: photos go up the moment they are taken, scans come back as events, and everything the
// page shows can be rebuilt from the server (GET /api/jobs) after iOS reloads the tab or drops its connections.
// This module wires the page; the modules it imports do the work (the DOM-free ones are unit-tested in Tests/Page).

import { api, onUnauthorized } from './api.js';
import { loadHistory } from './catalogue.js';
import { loadDefaults, renderDefaults } from './defaults-form.js';
import { $, showBanner } from './dom.js';
import { resync } from './live.js';
import { page } from './page-state.js';
import { takePhotos } from './queue.js';

async function start() {
  onUnauthorized(() => showBanner('This phone is not paired: open the link or QR code albumscan serve printed.'));
  for (const input of ['#scan-input', '#library-input']) {
    $(input).addEventListener('change', (event) => { takePhotos([...event.target.files]); event.target.value = ''; });
  }
  let searchTimer;
  $('#history-filter').addEventListener('input', () => { clearTimeout(searchTimer); searchTimer = setTimeout(loadHistory, 250); });
  $('#history-filter').addEventListener('submit', (event) => { event.preventDefault(); loadHistory(); });
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') resync(); });
  window.addEventListener('pageshow', (event) => { if (event.persisted) resync(); });
  const response = await api('/api/session');
  if (response.ok) {
    page.session = await response.json();
    page.defaults = loadDefaults(page.session);
  }
  renderDefaults();
  await resync();
  loadHistory();
}

start();
