// The version 3 subtraction sets (engine/subtractionSets.ts): each named set's members up to a
// limit against its definition tested number by number, unions, finite sets, and the values of
// `subtract powers of 2` (G(n) = n mod 3, the known closed form) and of other infinite sets from
// the sequence engine fed the members up to the heap, against brute force from the definition.
import * as assert from 'node:assert/strict';
import { ruleSequence } from '../../server/src/engine';
import { isFiniteSet, membersUpTo, type SubtractionSet } from '../../server/src/engine/subtractionSets';
import { mex } from './oracles';

const isPrime = (n: number) => {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
};
const isPower = (n: number, k: number) => {
  let p = 1;
  while (p < n) p *= k;
  return p === n;
};
const fibonacci = new Set<number>();
for (let a = 1, b = 1; a < 1e7; [a, b] = [b, a + b]) fibonacci.add(a);

/** Each set with the test of membership that defines it. */
const definitions: [string, SubtractionSet, (n: number) => boolean][] = [
  ['squares', { kind: 'squares' }, (n) => Number.isInteger(Math.sqrt(n)) && n > 0],
  ['cubes', { kind: 'cubes' }, (n) => n > 0 && Math.round(Math.cbrt(n)) ** 3 === n],
  ['triangular', { kind: 'triangular' }, (n) => n > 0 && Number.isInteger((Math.sqrt(8 * n + 1) - 1) / 2)],
  ['primes', { kind: 'primes' }, isPrime],
  ['fibonacci', { kind: 'fibonacci' }, (n) => fibonacci.has(n)],
  ['powers of 2', { kind: 'powers', base: 2n }, (n) => n > 0 && isPower(n, 2)],
  ['powers of 10', { kind: 'powers', base: 10n }, (n) => n > 0 && isPower(n, 10)],
  ['multiples of 3', { kind: 'multiples', of: 3n }, (n) => n > 0 && n % 3 === 0],
  ['multiples of 1', { kind: 'multiples', of: 1n }, (n) => n > 0],
  ['{7, 2, 2, 0, 30000}', { kind: 'finite', members: [7n, 2n, 2n, 0n, 30_000n] }, (n) => n === 2 || n === 7],
  [
    'squares | {2, 3}',
    { kind: 'union', parts: [{ kind: 'squares' }, { kind: 'finite', members: [2n, 3n] }] },
    (n) => (n > 0 && Number.isInteger(Math.sqrt(n))) || n === 2 || n === 3,
  ],
  [
    'multiples of 3 | {1} | primes',
    {
      kind: 'union',
      parts: [{ kind: 'multiples', of: 3n }, { kind: 'finite', members: [1n] }, { kind: 'primes' }],
    },
    (n) => (n > 0 && n % 3 === 0) || n === 1 || isPrime(n),
  ],
];

/** G(0..length-1) of the subtraction game whose set is `has`, straight from the definition. */
function bruteValues(has: (n: number) => boolean, length: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < length; n++) {
    const options: number[] = [];
    for (let s = 1; s <= n; s++) if (has(s)) options.push(g[n - s]);
    g.push(mex(options));
  }
  return g;
}

describe('subtraction sets (version 3)', () => {
  for (const [name, set, has] of definitions) {
    it(`${name}: the members up to 20,000 are exactly the numbers of the set`, () => {
      const members = membersUpTo(set, 20_000);
      const expected = Array.from({ length: 20_000 }, (_, i) => i + 1).filter(has);
      assert.deepEqual(Array.from(members), expected);
    });
  }

  it('limits at the edges: 0, 1, 2 and a member exactly at the limit', () => {
    assert.deepEqual(Array.from(membersUpTo({ kind: 'primes' }, 0)), []);
    assert.deepEqual(Array.from(membersUpTo({ kind: 'primes' }, 2)), [2]);
    assert.deepEqual(Array.from(membersUpTo({ kind: 'squares' }, 1)), [1]);
    assert.deepEqual(Array.from(membersUpTo({ kind: 'fibonacci' }, 13)), [1, 2, 3, 5, 8, 13]);
    assert.deepEqual(Array.from(membersUpTo({ kind: 'powers', base: 3n }, 81)), [1, 3, 9, 27, 81]);
    assert.throws(() => membersUpTo({ kind: 'squares' }, -1), RangeError);
    assert.throws(() => membersUpTo({ kind: 'squares' }, 2 ** 31), RangeError);
  });

  it('finite or not: finite sets and their unions only', () => {
    assert.equal(isFiniteSet({ kind: 'finite', members: [1n] }), true);
    assert.equal(isFiniteSet({ kind: 'union', parts: [{ kind: 'finite', members: [1n] }] }), true);
    assert.equal(isFiniteSet({ kind: 'union', parts: [{ kind: 'finite', members: [] }, { kind: 'cubes' }] }), false);
    assert.equal(isFiniteSet({ kind: 'multiples', of: 5n }), false);
  });

  it('values: the sequence engine fed the members up to the heap agrees with brute force on every set', () => {
    const length = 1500;
    for (const [name, set, has] of definitions) {
      // Members past the largest heap never apply: a finite rule with the members up to it is the same game there.
      const rule = { kind: 'subtract' as const, set: Array.from(membersUpTo(set, length), BigInt) };
      const sequence = ruleSequence(rule, {}, { stopAt: length - 1, findPeriod: false });
      assert.deepEqual(Array.from(sequence.values.subarray(0, length)), bruteValues(has, length), name);
    }
  });

  it('subtract powers of 2: G(n) = n mod 3 (no power of 2 is a multiple of 3; 1 and 2 are powers)', () => {
    const g = bruteValues((n) => n > 0 && isPower(n, 2), 3000);
    assert.deepEqual(
      g,
      g.map((_, n) => n % 3),
    );
  });
});
