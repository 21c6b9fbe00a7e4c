// A scan drawn: its card, its review, and its grading form (PATCH /api/scans/ID, the same store as albumscan edit).

import { api, errorText } from './api.js';
import { $, el } from './dom.js';
import { page } from './page-state.js';
import { cardFacts, reviewFacts, scanIdOf, shopValues, artworkPath } from './scan-result.js';
import { SHOP_FIELDS, changedFields, drawnValues } from './shop-fields.js';

export function card(result, big) {
  const node = $('#card-template').content.firstElementChild.cloneNode(true);
  const facts = cardFacts(result, big);
  if (facts.scanId) { $('.art', node).src = artworkPath(facts.scanId); $('.art', node).alt = facts.artAlt; }
  $('.headline', node).textContent = facts.headline;
  $('.badges', node).append(...facts.badges.map((badge) => el('span', badge.className, badge.text)));
  $('.meta', node).textContent = facts.meta;
  return node;
}

export function reviewView(result) {
  const review = reviewFacts(result);
  const details = el('details', 'review');
  details.append(el('summary', '', 'Review and key tracks'));
  if (review.summary) details.append(el('p', '', review.summary));
  if (review.bullets.length) { const ul = el('ul'); review.bullets.forEach((b) => ul.append(el('li', '', b))); details.append(ul); }
  if (review.rating) details.append(el('p', 'meta', review.rating));
  if (review.keyTracks) details.append(el('p', '', review.keyTracks));
  if (!review.summary) details.append(el('p', 'meta', 'No review for this album.'));
  return details;
}

/// The shop fields' inputs, drawn with `values`; the grades are the session's.
export function fieldInputs(form, values) {
  const grades = page.session || { mediaGrades: [], sleeveGrades: [] };
  // The grades take a whole row: Discogs' words ("Near Mint (NM or M-)") do not fit half a phone's width.
  const wide = ['mediaCondition', 'sleeveCondition', 'comments'];
  const make = (name, label, control) => {
    const l = el('label', wide.includes(name) ? 'wide' : ''); l.append(label, control); control.name = name; form.append(l);
    return control;
  };
  const select = (options, value) => {
    const s = el('select'); s.append(new Option('not graded', ''));
    options.forEach((g) => s.append(new Option(g, g)));
    s.value = value || '';
    return s;
  };
  make('mediaCondition', 'Media', select(grades.mediaGrades, values.mediaCondition));
  make('sleeveCondition', 'Sleeve', select(grades.sleeveGrades, values.sleeveCondition));
  for (const [name, label, mode] of [['location', 'Location', 'text'], ['sku', 'SKU', 'text'], ['price', 'Price', 'decimal'], ['comments', 'Comments', 'text']]) {
    const input = el('input'); input.type = 'text'; input.inputMode = mode; input.value = values[name] || ''; make(name, label, input);
  }
}

/// The values a form's shop-field inputs hold now.
export function formValues(form) {
  const values = {};
  for (const field of SHOP_FIELDS) values[field] = form.elements[field].value;
  return values;
}

/// The grading form of a scan; it sends only the fields changed since it was drawn (or last saved), and calls
/// `onSaved` with the edited scan.
export function gradeForm(result, onSaved) {
  const scanId = scanIdOf(result);
  let drawn = drawnValues(shopValues(result));
  const form = el('form', 'fields grade-form');
  fieldInputs(form, drawn);
  const actions = el('div', 'actions wide');
  const save = el('button', 'primary save', 'Save grading'); save.type = 'submit';
  const said = el('span', 'saved');
  actions.append(save, said);
  form.append(actions);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const changes = changedFields(drawn, formValues(form));
    if (!Object.keys(changes).length) { said.textContent = 'Nothing changed'; return; }
    const response = await api(`/api/scans/${scanId}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(changes) });
    if (response.ok) {
      const edited = await response.json();
      page.edited.set(scanIdOf(edited), edited);
      drawn = drawnValues(shopValues(edited));
      said.textContent = 'Saved';
      onSaved(edited);
    } else {
      said.textContent = await errorText(response);
    }
  });
  return form;
}
