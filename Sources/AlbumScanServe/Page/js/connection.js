// Whether the computer answers: the pill in the bar, and the page's re-sync (live.js) once it answers again after
// a loss, found by the event stream reconnecting, or by asking again after a while (a failed upload while the event
// stream stays open, or a stream the browser gave up on).

import { $ } from './dom.js';
import { page } from './page-state.js';

const FIRST_WAIT_MS = 3000;
const LONGEST_WAIT_MS = 30000;
let resync = () => {};
let changed = () => {};
let timer = null;
let wait = FIRST_WAIT_MS;

/// What runs when the computer answers again after a loss.
export function whenBack(run) {
  resync = run;
}

/// What runs when the computer stops or starts answering (the cards still waiting say so).
export function whenOnlineChanges(run) {
  changed = run;
}

function pill(live) {
  const connection = $('#connection');
  connection.textContent = live ? 'live' : 'reconnecting…';
  connection.classList.toggle('live', live);
}

/// The computer answered: `stream` when the event stream opened (the pill says live: events reach the page), else
/// the re-sync's own request. After a loss, the stream's opening re-syncs the page.
export function answered(stream) {
  if (stream) pill(true);
  clearTimeout(timer); timer = null; wait = FIRST_WAIT_MS;
  if (!page.reconnecting) return;
  page.reconnecting = false;
  changed();
  if (stream) resync();
}

/// The computer did not answer: the pill says so, and the page asks again in a while (3 s, doubling to 30 s).
export function lost() {
  pill(false);
  if (!page.reconnecting) { page.reconnecting = true; changed(); }
  if (timer) return;
  timer = setTimeout(() => { timer = null; resync(); }, wait);
  wait = Math.min(wait * 2, LONGEST_WAIT_MS);
}
