// Small DOM helpers.

export const $ = (selector, root = document) => root.querySelector(selector);

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/// The banner under the scan button; empty text hides it.
export function showBanner(text) {
  const banner = $('#banner');
  banner.textContent = text;
  banner.hidden = !text;
}
