// The server's API: requests with the pairing cookie, the text of an error answer, and query strings.

let unauthorized = () => {};

/// What to do when the server says this phone is not paired (401).
export function onUnauthorized(handler) {
  unauthorized = handler;
}

/// A query string with spaces as %20: the server reads `+` as itself, as URLs (not HTML forms) mean it. Empty
/// values are left out, unless `keepEmpty` (an upload's cleared field, `price=`, says "not this default").
export function query(pairs, keepEmpty = false) {
  return Object.entries(pairs)
    .filter(([, v]) => v !== undefined && v !== null && (keepEmpty || v !== ''))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

export async function api(path, options = {}) {
  const response = await fetch(path, { credentials: 'same-origin', ...options });
  if (response.status === 401) unauthorized();
  return response;
}

/// The message of an error answer ({"error": {"code", "message"}}), else its status text.
export async function errorText(response) {
  try {
    const body = await response.json();
    return body.error ? body.error.message : response.statusText;
  } catch (e) {
    return response.statusText;
  }
}

/// An error answer's `{code, message}` ({"error": {"code", "message"}}), else its status text as the message.
export async function errorOf(response) {
  try {
    const body = await response.json();
    return body.error ? { code: body.error.code, message: body.error.message } : { code: null, message: response.statusText };
  } catch (e) {
    return { code: null, message: response.statusText };
  }
}
