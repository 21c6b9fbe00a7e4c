// albumscan's phone page: photos go up the moment they are taken (or once the computer answers), scans come back as
// events, and everything the page shows can be rebuilt from the server (GET /api/jobs) and the photos kept on the
// phone after iOS reloads the tab, drops its connections, or the computer restarts.
// This module wires the page; the modules it imports do the work (the DOM-free ones are unit-tested in Tests/Page).

import { onUnauthorized } from './api.js';
import { loadHistory } from './catalogue.js';
import { loadSession } from './defaults-form.js';
import { $, showBanner } from './dom.js';
import { setUpExports } from './export-panel.js';
import { resync } from './live.js';
import { loadDismissed, takePhotos } from './queue.js';

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
  setUpExports();
  loadDismissed();
  await loadSession();
  await resync();
  loadHistory();
}

start();
