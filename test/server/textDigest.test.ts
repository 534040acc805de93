// The server's digest (server/src/textDigest.ts, plain JavaScript for the browser) against Node's
// own SHA-256 of the same UTF-16BE bytes.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { textDigest } from '../../server/src/textDigest';

function nodeDigest(text: string): string {
  return createHash('sha256').update(Buffer.from(text, 'utf16le').swap16()).digest('base64url');
}

describe('textDigest', () => {
  it('is SHA-256 of the UTF-16BE bytes, for every length around the block boundaries', () => {
    for (let n = 0; n < 140; n++) {
      const text = Array.from({ length: n }, (_, i) => String.fromCharCode((i * 7919 + n) % 0xffff)).join('');
      assert.equal(textDigest(text), nodeDigest(text), `length ${n}`);
    }
  });

  it('agrees on random texts of every alphabet, long ones included', () => {
    let seed = 7;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (let k = 0; k < 200; k++) {
      const length = Math.floor(random() ** 3 * 20_000);
      const wide = random() < 0.5;
      let text = '';
      for (let i = 0; i < length; i++) text += String.fromCharCode(Math.floor(random() * (wide ? 0x10000 : 128)));
      assert.equal(textDigest(text), nodeDigest(text));
    }
    assert.equal(textDigest('graph g { a -> b }'), nodeDigest('graph g { a -> b }'));
  });
});
