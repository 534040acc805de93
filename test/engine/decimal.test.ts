// A bigint in decimal in chunks (engine/decimal.ts), against BigInt's own toString: numbers of every
// length around the chunk's and its powers' (10^(4096·2^i)), with runs of zeros that pad the chunks,
// negative ones, and a budget that stops it.
import * as assert from 'node:assert/strict';
import { decimalText } from '../../server/src/engine/decimal';
import { random } from './oracles/random';

/** A random number of `digits` digits (the first not 0), with long runs of zeros when `zeros`. */
function randomNumber(next: () => number, digits: number, zeros: boolean): bigint {
  const parts: string[] = [String(1 + Math.floor(next() * 9))];
  let length = 1;
  while (length < digits) {
    const run = Math.min(digits - length, 1 + Math.floor(next() * (zeros ? 9000 : 50)));
    parts.push(
      zeros && next() < 0.5 ? '0'.repeat(run) : Array.from({ length: run }, () => Math.floor(next() * 10)).join(''),
    );
    length += run;
  }
  return BigInt(parts.join(''));
}

describe('decimal text in chunks', () => {
  it('agrees with toString at and around the lengths where chunks and powers change', () => {
    const next = random(11);
    for (const digits of [1, 2, 4095, 4096, 4097, 8191, 8192, 8193, 16_384, 16_385, 40_000, 65_537, 131_073]) {
      for (const zeros of [false, true]) {
        const n = randomNumber(next, digits, zeros);
        const text = decimalText(n);
        assert.ok('text' in text);
        assert.equal(text.text, n.toString(), `${digits} digits${zeros ? ' with runs of zeros' : ''}`);
        const negative = decimalText(-n);
        assert.ok('text' in negative);
        assert.equal(negative.text, `-${n}`);
      }
    }
    for (const k of [4096n, 8192n, 16_384n, 32_768n]) {
      for (const n of [10n ** k - 1n, 10n ** k, 10n ** k + 1n, 10n ** (2n * k)]) {
        const text = decimalText(n);
        assert.ok('text' in text);
        assert.equal(text.text, n.toString(), `10^${k} and around it`);
      }
    }
  });

  it('a budget stops it: cancelled, or out of time', () => {
    const n = 7n * 10n ** 200_000n + 3n;
    assert.deepEqual(decimalText(n, { isCancelled: () => true }), { stopped: 'cancelled' });
    assert.deepEqual(decimalText(n, { deadline: Date.now() - 1 }), { stopped: 'deadline' });
    // Cancelled after a few chunks: it stops there, not at the end.
    let asked = 0;
    assert.deepEqual(decimalText(n, { isCancelled: () => ++asked > 5 }), { stopped: 'cancelled' });
    assert.equal(asked, 6);
  });
});
