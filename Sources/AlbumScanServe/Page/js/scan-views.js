// A scan drawn: its card, its review, and the shop fields' inputs (the grading form: grade-form.js).

import { $, el } from './dom.js';
import { page } from './page-state.js';
import { missingReviewWords, verificationWords } from './messages.js';
import { artSource, cardFacts, reviewFacts, versionOf } from './scan-result.js';
import { SHOP_FIELDS } from './shop-fields.js';

/// An image of `src`, or the placeholder a scan without it shows: a 404 is remembered in `page.missingArt`, so the
/// next drawing shows the placeholder without asking again.
export function artImage(src, className, alt, missing = 'No artwork') {
  const placeholder = () => { const box = el('div', `${className} placeholder`); box.setAttribute('role', 'img'); box.setAttribute('aria-label', missing); return box; };
  if (!src) return placeholder();
  const img = el('img', className); img.alt = alt; img.src = src;
  img.addEventListener('error', () => { page.missingArt.add(src); img.replaceWith(placeholder()); }, { once: true });
  return img;
}

export function card(result, big) {
  const node = $('#card-template').content.firstElementChild.cloneNode(true);
  const facts = cardFacts(result, big);
  $('.art', node).replaceWith(artImage(artSource(facts.scanId, page.missingArt, versionOf(result)), 'art', facts.artAlt));
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
  if (!review.summary) details.append(el('p', 'meta', missingReviewWords(result.review && result.review.reason)));
  return details;
}

/// What the artwork check ("Artwork differs", …) means, in words.
export function verificationNote(result) {
  const status = result.verification ? result.verification.status : 'unchecked';
  return el('p', `verification-note ${status}`, verificationWords(status));
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
