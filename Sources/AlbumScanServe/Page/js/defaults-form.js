// The session's defaults: the shop fields each photo taken next is sent with, kept on this phone.

import { $ } from './dom.js';
import { page } from './page-state.js';
import { fieldInputs, formValues } from './scan-views.js';
import { defaultsFrom, defaultsSummary } from './shop-fields.js';

const SAVED = 'albumscan-defaults';

/// The session's defaults under the ones this phone saved.
export function loadDefaults(session) {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(SAVED) || '{}'); } catch (e) { saved = {}; }
  return { ...session.defaults, ...saved };
}

export function renderDefaults() {
  const form = $('#defaults-form'); form.replaceChildren();
  fieldInputs(form, page.defaults);
  form.addEventListener('change', () => {
    page.defaults = defaultsFrom(formValues(form));
    localStorage.setItem(SAVED, JSON.stringify(page.defaults));
    summarize();
  });
  summarize();
}

function summarize() {
  $('#defaults-summary').textContent = defaultsSummary(page.defaults);
}
