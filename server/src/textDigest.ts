// SHA-256 of a string, in plain JavaScript: the server names computations by digests of their
// input (a graph's body, a request's key), and must do it the same way in Node and in a browser's
// web worker, where `node:crypto` does not exist and Web Crypto's digest is asynchronous only.
//
// The string is hashed as its UTF-16 code units, big-endian (two bytes each), so no encoded copy
// of a 45 MB graph body is made: the digest is SHA-256 of the UTF-16BE bytes, which the tests check
// against `node:crypto`. It names keys inside one server; nothing outside ever compares it.

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const w = new Int32Array(64);

/** One 64-byte block (the first 16 entries of `w`) into the state `h`. */
function compress(h: Int32Array): void {
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15];
    const b = w[i - 2];
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
  }
  let a = h[0];
  let b = h[1];
  let c = h[2];
  let d = h[3];
  let e = h[4];
  let f = h[5];
  let g = h[6];
  let k = h[7];
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (k + S1 + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    k = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0] + a) | 0;
  h[1] = (h[1] + b) | 0;
  h[2] = (h[2] + c) | 0;
  h[3] = (h[3] + d) | 0;
  h[4] = (h[4] + e) | 0;
  h[5] = (h[5] + f) | 0;
  h[6] = (h[6] + g) | 0;
  h[7] = (h[7] + k) | 0;
}

/** SHA-256 of `text`'s UTF-16BE bytes, as 32 bytes. */
export function utf16Sha256(text: string): Uint8Array {
  const h = new Int32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const n = text.length;
  // Whole blocks: 32 code units, two to a word.
  let i = 0;
  for (; i + 32 <= n; i += 32) {
    for (let j = 0; j < 16; j++) w[j] = (text.charCodeAt(i + 2 * j) << 16) | text.charCodeAt(i + 2 * j + 1);
    compress(h);
  }
  // The rest, the 0x80 byte, zeros, and the length in bits (at most 2^53: one or two blocks).
  const tail = new Uint8Array(128);
  let t = 0;
  for (; i < n; i++) {
    const unit = text.charCodeAt(i);
    tail[t++] = unit >>> 8;
    tail[t++] = unit & 0xff;
  }
  tail[t++] = 0x80;
  const blocks = t + 8 <= 64 ? 1 : 2;
  const bits = n * 16;
  const end = blocks * 64;
  const high = Math.floor(bits / 2 ** 32);
  tail[end - 8] = high >>> 24;
  tail[end - 7] = (high >>> 16) & 0xff;
  tail[end - 6] = (high >>> 8) & 0xff;
  tail[end - 5] = high & 0xff;
  tail[end - 4] = bits >>> 24;
  tail[end - 3] = (bits >>> 16) & 0xff;
  tail[end - 2] = (bits >>> 8) & 0xff;
  tail[end - 1] = bits & 0xff;
  for (let b = 0; b < blocks; b++) {
    for (let j = 0; j < 16; j++) {
      const at = b * 64 + 4 * j;
      w[j] = (tail[at] << 24) | (tail[at + 1] << 16) | (tail[at + 2] << 8) | tail[at + 3];
    }
    compress(h);
  }
  const out = new Uint8Array(32);
  for (let j = 0; j < 8; j++) {
    out[4 * j] = h[j] >>> 24;
    out[4 * j + 1] = (h[j] >>> 16) & 0xff;
    out[4 * j + 2] = (h[j] >>> 8) & 0xff;
    out[4 * j + 3] = h[j] & 0xff;
  }
  return out;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Bytes as base64url without padding (as Node's `digest('base64url')` writes them). */
export function base64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i];
    const b = i + 1 < bytes.length ? bytes[i + 1] : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2] : 0;
    out += BASE64URL[a >> 2] + BASE64URL[((a & 3) << 4) | (b >> 4)];
    if (i + 1 < bytes.length) out += BASE64URL[((b & 15) << 2) | (c >> 6)];
    if (i + 2 < bytes.length) out += BASE64URL[c & 63];
  }
  return out;
}

/** The digest that names a text's computation: SHA-256 of its UTF-16BE bytes, base64url (43 characters). */
export function textDigest(text: string): string {
  return base64url(utf16Sha256(text));
}
