// The session's defaults: the shop fields each photo taken next is sent with, kept on this phone.

import { api } from './api.js';
import { $ } from './dom.js';
import { page } from './page-state.js';
import { fieldInputs, formValues } from './scan-views.js';
import { defaultsFrom, defaultsSummary, mergedDefaults } from './shop-fields.js';

const SAVED = 'albumscan-defaults';

/// The session's defaults under the ones this phone saved (a field cleared on this phone stays cleared).
export function loadDefaults(session) {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(SAVED) || '{}'); } catch (e) { saved = {}; }
  return mergedDefaults(session.defaults, saved);
}

/// GET /api/session (the grades, the defaults, this page's client id), then the defaults form drawn with them; a
/// page opened while the computer does not answer asks again once it does (live.js).
export async function loadSession() {
  const response = await api('/api/session').catch(() => null);
  if (response && response.ok) {
    page.session = await response.json();
    page.defaults = loadDefaults(page.session);
  }
  renderDefaults();
}

let listening = false;

export function renderDefaults() {
  const form = $('#defaults-form'); form.replaceChildren();
  fieldInputs(form, page.defaults);
  if (!listening) {
    listening = true;
    form.addEventListener('change', () => {
      page.defaults = defaultsFrom(formValues(form));
      localStorage.setItem(SAVED, JSON.stringify(page.defaults));
      summarize();
    });
  }
  summarize();
}

function summarize() {
  $('#defaults-summary').textContent = defaultsSummary(page.defaults);
}
