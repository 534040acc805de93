// Long numbers for people (language/numberText.ts): the abbreviation made without printing the
// number agrees with the one made from its printed digits, at and around every power of ten.
import * as assert from 'node:assert/strict';
import {
  countText,
  digitCount,
  digitsText,
  LONG_NUMBER_DIGITS,
  numberText,
  withShortNumbers,
} from '../../server/src/language/numberText';
import { random } from '../engine/oracles/random';

describe('long numbers', () => {
  it('numbers up to the limit are written whole', () => {
    const limit = 10n ** BigInt(LONG_NUMBER_DIGITS) - 1n;
    assert.equal(numberText(limit), limit.toString());
    assert.equal(numberText(-limit), limit.toString().replace(/^/, '-'));
    assert.equal(numberText(0n), '0');
    assert.equal(numberText(42), '42');
    assert.equal(countText(1234567n), '1,234,567');
  });

  it('past the limit: first and last 20 digits and the count, the same as from the printed digits', () => {
    const next = random(3);
    for (let k = LONG_NUMBER_DIGITS; k < 700; k += 1 + Math.floor(next() * 7)) {
      const p = 10n ** BigInt(k);
      for (const n of [p, p - 1n, p + 1n, 3n * p + 987654321n, 9n * p + p - 1n]) {
        if (n.toString().length <= LONG_NUMBER_DIGITS) continue;
        assert.equal(numberText(n), digitsText(n.toString()), `10^${k} and around it`);
      }
    }
    assert.equal(numberText(10n ** 100n), `1${'0'.repeat(19)}…${'0'.repeat(20)} (101 digits)`);
  });

  it('digit counts without printing, at and around every power of ten, and when powers of ten are reused', () => {
    const next = random(5);
    // Twice over the same lengths: the second pass reads the powers of ten kept by the first.
    for (const pass of [1, 2])
      for (let k = 1; k < 900; k += 1 + Math.floor(next() * 13)) {
        const p = 10n ** BigInt(k);
        for (const n of [p - 1n, p, p + 1n, 5n * p, 10n * p - 1n]) {
          assert.equal(digitCount(n), n.toString().length, `pass ${pass}: 10^${k} and around it`);
          assert.equal(digitCount(-n), n.toString().length);
          if (n.toString().length > LONG_NUMBER_DIGITS) assert.equal(numberText(n), digitsText(n.toString()));
        }
      }
    assert.equal(digitCount(0n), 1);
  });

  it('a million digits', () => {
    const text = `7${'1234567890'.repeat(100_000)}`;
    assert.equal(numberText(BigInt(text)), '71234567890123456789…12345678901234567890 (1,000,001 digits)');
  });

  it('long runs of digits in text are abbreviated, short ones left alone', () => {
    const long = '9'.repeat(200);
    assert.equal(withShortNumbers(`nim 12 ${long} 3`), `nim 12 ${'9'.repeat(20)}…${'9'.repeat(20)} (200 digits) 3`);
    assert.equal(withShortNumbers('nim 1 2 3'), 'nim 1 2 3');
  });
});
