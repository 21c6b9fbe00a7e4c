// The SHA-256 of a photo's bytes, as the server computes it for the photo it receives (GET /api/jobs gives each
// job's), so the page can find its photos' jobs after a server restart. crypto.subtle exists only in a secure
// context: the page served over plain http to a phone on the LAN has none, so the digest is also done here.

// The first 32 bits of the fractional parts of the square roots of the first 8 primes (H0) and of the cube roots
// of the first 64 (K), as FIPS 180-4 defines them; the test checks the digest against node:crypto.
const PRIMES = [];
for (let n = 2; PRIMES.length < 64; n += 1) if (PRIMES.every((p) => n % p !== 0)) PRIMES.push(n);
const fraction = (x) => Math.floor((x - Math.floor(x)) * 0x100000000) >>> 0;
const H0 = Uint32Array.from(PRIMES.slice(0, 8), (p) => fraction(Math.sqrt(p)));
const K = Uint32Array.from(PRIMES, (p) => fraction(Math.cbrt(p)));

const rotr = (x, n) => (x >>> n) | (x << (32 - n));

/// The SHA-256 of `bytes` (a Uint8Array) as 64 lower-case hex digits, computed in script.
export function sha256HexOf(bytes) {
  const length = bytes.length;
  // The message, a 1 bit, zeros, and its length in bits (64 bits, big-endian), to a multiple of 64 bytes.
  const padded = new Uint8Array(Math.ceil((length + 9) / 64) * 64);
  padded.set(bytes);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
  view.setUint32(padded.length - 4, (length * 8) >>> 0);
  const h = Uint32Array.from(H0);
  const w = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i += 1) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i += 1) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, k] = h;
    for (let i = 0; i < 64; i += 1) {
      const t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      k = g; g = f; f = e; e = (d + t1) >>> 0;
      d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    [a, b, c, d, e, f, g, k].forEach((value, i) => { h[i] = (h[i] + value) >>> 0; });
  }
  return [...h].map((word) => word.toString(16).padStart(8, '0')).join('');
}

const hex = (buffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/// The SHA-256 of a Blob or Uint8Array as hex: crypto.subtle's where there is one, else `sha256HexOf`'s.
export async function sha256Hex(data) {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(await data.arrayBuffer());
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (subtle) {
    try {
      return hex(await subtle.digest('SHA-256', bytes));
    } catch (e) {
      // Fall through to the digest in script.
    }
  }
  return sha256HexOf(bytes);
}
