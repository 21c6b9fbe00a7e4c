// What the page says when something goes wrong, in words for a phone: no shell commands, no terminal wording, the
// photo named, one plain sentence. The server's own message is shown only when it reads as a sentence for a phone.

/// Words a message meant for a terminal gives itself away by: a backticked command, an option, the CLI's name.
const TERMINAL_WORDS = /`|(^|\s)--[a-z]|\balbumscan\s+[a-z]|\$ALBUMSCAN|\bexit \d/i;

/// Whether `message` reads as meant for a terminal (a shell command, an option, an exit code).
export const soundsLikeATerminal = (message) => TERMINAL_WORDS.test(message || '');

/// What a failed scan's card says for the error `{code, message}` (null when the card's headline says it all).
export function failureWords(error) {
  const code = error ? error.code : 'failed';
  const message = error ? error.message : '';
  switch (code) {
    case 'unidentified': return null;
    case 'quota-exhausted':
      return "The computer's scan allowance is used up for now. Ask whoever looks after the computer to raise it, then try again.";
    case 'rate-limited':
      return 'The identification service asked for a pause. Try again in a minute.';
    case 'photo-quality':
      return soundsLikeATerminal(message) ? 'This photo looks too blurred or dark to read. Take it again, or send it anyway.' : message;
    case 'invalid-image': case 'not-an-image':
      return 'This file is not a photo the computer can read. Take a photo with the camera instead.';
    case 'interrupted':
      return 'The computer stopped before this photo was scanned. Try again.';
    default:
      if (!message) return 'The scan failed. Try again.';
      return soundsLikeATerminal(message) ? 'The scan failed on the computer. Try again.' : message;
  }
}

/// Why the computer refused a photo it was sent, naming it: a non-image (415), too large (413), else the server's
/// message when it reads well on a phone.
export function refusalWords(name, status, code, message) {
  const photo = name || 'This photo';
  if (status === 415 || code === 'not-an-image' || code === 'invalid-image') {
    return `${photo} is not a photo the computer can read: send a JPEG, PNG or HEIC photo.`;
  }
  if (status === 413 || code === 'too-large') return `${photo} is too large to send: take the photo again with the camera.`;
  if (!message || soundsLikeATerminal(message)) return `${photo} was not taken by the computer. Try again.`;
  return `${photo}: ${message}`;
}

/// What the artwork check means, in words, under a scan's card.
export function verificationWords(status) {
  switch (status) {
    case 'verified': return "Your photo matches this album's cover.";
    case 'mismatch': return "Your photo does not look like this album's cover: this may be the wrong album. Use “Wrong album?” to fix it.";
    case 'unsure': return "The check could not tell whether your photo matches this album's cover: compare them before you sell it.";
    default: return "This album's cover could not be compared with your photo.";
  }
}

/// A review that could not be written: what the card says instead (no command to run).
export function missingReviewWords(reason) {
  if (reason && reason.message && !soundsLikeATerminal(reason.message)) return `No review for this album: ${reason.message}`;
  return 'No review for this album yet.';
}
