// The version 3 subtraction sets (engine/subtractionSets.ts): each named set's members up to a
// limit against its definition tested number by number, unions, finite sets, and the values of
// `subtract powers of 2` (G(n) = n mod 3, the known closed form) and of other infinite sets from
// the sequence engine fed the members up to the heap, against brute force from the definition.
import * as assert from 'node:assert/strict';
import { ruleSequence, sequenceNimber } from '../../../server/src/engine';
import { mexKernelSwitch, residueClassesProve } from '../../../server/src/engine/heaps/infiniteSubtraction';
import {
  firstMembersByResidue,
  isFiniteSet,
  membersAscending,
  membersUpTo,
  type SubtractionSet,
  setKey,
  setText,
} from '../../../server/src/engine/heaps/subtractionSets';
import { bruteSubtractionWhere } from '../oracles/oracles';

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
      assert.deepEqual(Array.from(sequence.values.subarray(0, length)), bruteSubtractionWhere(has, length), name);
    }
  });

  it('subtract powers of 2: G(n) = n mod 3 (no power of 2 is a multiple of 3; 1 and 2 are powers)', () => {
    const g = bruteSubtractionWhere((n) => n > 0 && isPower(n, 2), 3000);
    assert.deepEqual(
      g,
      g.map((_, n) => n % 3),
    );
  });

  it('subtract S for each infinite set: the engine agrees with brute force on heaps 0..1499', () => {
    const length = 1500;
    for (const [name, set, has] of definitions) {
      if (isFiniteSet(set)) continue;
      const sequence = ruleSequence({ kind: 'subtractSet', set }, {}, { stopAt: length - 1 });
      const known = Array.from({ length }, (_, n) => Number(sequenceNimber(sequence, n)));
      assert.deepEqual(known, bruteSubtractionWhere(has, length), name);
    }
  });

  it('the JavaScript loop (past 2^16 - 1 members) agrees with the WebAssembly kernel and brute force', () => {
    const length = 1500;
    mexKernelSwitch.enabled = false;
    try {
      for (const [name, set, has] of definitions) {
        if (isFiniteSet(set)) continue;
        const sequence = ruleSequence({ kind: 'subtractSet', set }, {}, { stopAt: length - 1, findPeriod: false });
        assert.deepEqual(Array.from(sequence.values.subarray(0, length)), bruteSubtractionWhere(has, length), name);
      }
    } finally {
      mexKernelSwitch.enabled = true;
    }
  });

  it('subtract all except S for each infinite set: the engine agrees with brute force', () => {
    const length = 700;
    for (const [name, set, has] of definitions) {
      if (isFiniteSet(set)) continue;
      const sequence = ruleSequence({ kind: 'subtractAllExceptSet', except: set }, {}, { stopAt: length - 1 });
      const known = Array.from({ length }, (_, n) => Number(sequenceNimber(sequence, n)));
      assert.deepEqual(
        known,
        bruteSubtractionWhere((n) => !has(n), length),
        name,
      );
    }
  });

  it('periods proved by residue classes: powers of K (K odd: n mod 2; K even: period K + 1)', () => {
    for (const base of [2n, 3n, 4n, 5n, 6n, 10n]) {
      const rule = { kind: 'subtractSet' as const, set: { kind: 'powers' as const, base } };
      const sequence = ruleSequence(rule, { maxValues: 100_000 });
      assert.ok(sequence.complete, `powers of ${base}: ${sequence.reason}`);
      const k = Number(base);
      assert.equal(sequence.periodicity?.period, k % 2 === 1 ? 2 : k + 1);
      assert.equal(sequence.periodicity?.proof, 'residue-classes');
      const brute = bruteSubtractionWhere((n) => isPower(n, k), 4000);
      for (let n = 0; n < brute.length; n++) assert.equal(sequenceNimber(sequence, n), BigInt(brute[n]));
      // Far beyond: the closed form (K even: 2 at n ≡ K, else n mod (K + 1) mod 2).
      const far = 10n ** 30n + 7n;
      const r = far % (base + 1n);
      const expected = k % 2 === 1 ? far % 2n : r === base ? 2n : r % 2n;
      assert.equal(sequenceNimber(sequence, far), expected);
    }
  });

  it('unions and multiples: proved where residue classes apply (powers of 2 | {3, 5}), brute force agrees', () => {
    const cases: [SubtractionSet, (n: number) => boolean][] = [
      [
        {
          kind: 'union',
          parts: [
            { kind: 'multiples', of: 3n },
            { kind: 'finite', members: [1n] },
          ],
        },
        (n) => n === 1 || n % 3 === 0,
      ],
      [
        {
          kind: 'union',
          parts: [
            { kind: 'powers', base: 2n },
            { kind: 'finite', members: [3n, 5n] },
          ],
        },
        (n) => n === 3 || n === 5 || isPower(n, 2),
      ],
      [{ kind: 'multiples', of: 4n }, (n) => n % 4 === 0],
    ];
    for (const [set, has] of cases) {
      const sequence = ruleSequence({ kind: 'subtractSet', set }, { maxValues: 4000 });
      const brute = bruteSubtractionWhere((n) => n > 0 && has(n), 3000);
      for (let n = 0; n < brute.length; n++) assert.equal(sequenceNimber(sequence, n) ?? -1n, BigInt(brute[n]));
      if (sequence.complete) assert.equal(sequence.periodicity?.proof, 'residue-classes');
    }
    // powers of 2 | {3, 5}: the residues mod 6 are 1, 2, 3, 4, 5, and G(n) = n mod 6.
    const proved = ruleSequence({ kind: 'subtractSet', set: cases[1][0] }, { maxValues: 4000 });
    assert.deepEqual(proved.periodicity && [proved.periodicity.preperiod, proved.periodicity.period], [0, 6]);
  });

  it('the residue argument refuses a false period and values it has not checked', () => {
    const squares: SubtractionSet = { kind: 'squares' };
    const g = bruteSubtractionWhere((n) => n > 0 && Number.isInteger(Math.sqrt(n)), 400);
    // Claim the first 5 values repeat with period 5: the computed values already refute it.
    assert.equal(residueClassesProve(g, g.length, squares, 0, 5), undefined);
    // n mod 3 for powers of 2 is proved; the same values under another set are not.
    const mod3 = Array.from({ length: 60 }, (_, n) => n % 3);
    // The certificate: heaps 0 .. q + max(M, p) - 1, M = 2 the largest first member of a class (1 and 2).
    assert.equal(residueClassesProve(mod3, mod3.length, { kind: 'powers', base: 2n }, 0, 3), 3);
    assert.equal(residueClassesProve(mod3, mod3.length, { kind: 'powers', base: 4n }, 0, 3), undefined);
    assert.equal(residueClassesProve(mod3, 2, { kind: 'powers', base: 2n }, 0, 3), undefined);
  });

  it('first members by residue: each class settled exactly, against a scan of the members', () => {
    for (const [name, set] of definitions) {
      for (const p of [1, 2, 3, 5, 6, 7, 12]) {
        const first = firstMembersByResidue(set, p, 100_000);
        assert.ok(first, `${name} mod ${p}`);
        const scan = new Array<number>(p).fill(-1);
        for (const m of membersUpTo(set, 100_000)) if (scan[m % p] < 0) scan[m % p] = m;
        assert.deepEqual(first, scan, `${name} mod ${p}`);
      }
    }
  });

  it('members ascending (bigints, without end) begin as the members up to a limit do', () => {
    for (const [name, set] of definitions) {
      const expected = Array.from(membersUpTo(set, 5000));
      const got: number[] = [];
      for (const m of membersAscending(set)) {
        if (m > 5000n) break;
        got.push(Number(m));
      }
      assert.deepEqual(got, expected, name);
    }
  });

  it('set keys: the same members, the same key, however written', () => {
    const a: SubtractionSet = {
      kind: 'union',
      parts: [{ kind: 'finite', members: [3n, 2n] }, { kind: 'squares' }],
    };
    const b: SubtractionSet = {
      kind: 'union',
      parts: [{ kind: 'squares' }, { kind: 'finite', members: [2n] }, { kind: 'finite', members: [3n, 3n] }],
    };
    assert.equal(setKey(a), setKey(b));
    assert.notEqual(setKey(a), setKey({ kind: 'squares' }));
    assert.equal(setText(a), '{3, 2} | squares');
  });
});
