// Take-and-break codes in full (`!` after a digit, a repeating group at the end): one form per
// code, values against brute force from the definition, Grundy's game against its published
// sequence (OEIS A002188) and Flammenkamp's table of its rare values, Lasker's Nim against its
// formula, and the periods claimed holding far past their certificates.
import * as assert from 'node:assert/strict';
import type { HeapSequence } from '../../../server/src/engine';
import { heapNimber, ruleKey, ruleSequence, sequenceNimber } from '../../../server/src/engine';
import { laskerSplits, laskerValue } from '../../../server/src/engine/heaps/infiniteCode';
import { observedRegularity } from '../../../server/src/engine/heaps/period';
import { type CodeRule, codeText, normalizeCode } from '../../../server/src/engine/heaps/takeBreakCode';
import { bruteCode, type WrittenCode } from '../oracles/oracles';
import { integer, random } from '../oracles/random';

const code = (digits: readonly number[], extra: Omit<WrittenCode, 'digits'> = {}): CodeRule => ({
  kind: 'octal',
  digits,
  ...(extra.distinct ? { distinct: extra.distinct } : {}),
  ...(extra.repeat ? { repeat: extra.repeat } : {}),
});

/** Every heap 0..length-1 read through the sequence, computed or from its period. */
function readAll(sequence: HeapSequence, length: number): number[] {
  return Array.from({ length }, (_, n) => {
    const nimber = sequenceNimber(sequence, n);
    assert.notEqual(nimber, undefined, `heap ${n} unknown`);
    return Number(nimber);
  });
}

/** A002188, n = 0..104, as published. */
const GRUNDYS_GAME = [
  0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2,
  4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3,
  2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
];

/**
 * Flammenkamp's table of Grundy's game's sparse values (those whose bits above the lowest have an
 * even count), every one for heaps 0..231: the heaps and their values.
 */
const GRUNDY_SPARSE: [number, number][] = [
  [0, 0],
  [1, 0],
  [2, 0],
  [3, 1],
  [4, 0],
  [6, 1],
  [7, 0],
  [9, 1],
  [10, 0],
  [12, 1],
  [15, 1],
  [20, 0],
  [23, 0],
  [26, 0],
  [28, 1],
  [31, 1],
  [34, 1],
  [37, 1],
  [40, 1],
  [43, 1],
  [46, 1],
  [49, 1],
  [50, 0],
  [52, 1],
  [53, 0],
  [55, 1],
  [58, 1],
  [61, 1],
  [87, 7],
  [90, 7],
  [93, 7],
  [146, 6],
  [149, 6],
  [152, 6],
  [158, 11],
  [161, 11],
  [164, 11],
  [167, 11],
  [176, 7],
  [179, 7],
  [181, 12],
  [182, 7],
  [185, 7],
  [188, 7],
  [190, 12],
  [193, 12],
  [196, 10],
  [231, 10],
];

describe('take-and-break codes in full', () => {
  it('have one form: flags only on splitting digits, groups short and early, zeros dropped', () => {
    const cases: [WrittenCode, string][] = [
      [{ digits: [4], distinct: [0] }, '4!.0'],
      [{ digits: [4, 0], distinct: [0] }, '4!.0'],
      [{ digits: [0, 3, 3], distinct: [1] }, '0.33'], // `!` on a digit that never splits means nothing
      [{ digits: [4, 3], repeat: 1 }, '4.[3]'],
      [{ digits: [4, 3, 3], repeat: 2 }, '4.[3]'], // [33] is [3]
      [{ digits: [0, 3, 3], repeat: 1 }, '0.[3]'], // 0.3[3] is 0.[3]
      [{ digits: [0, 1, 3, 1], repeat: 2 }, '0.[13]'], // 0.1[31] is 0.1313… = 0.[13]
      [{ digits: [0, 1, 3, 7], repeat: 2 }, '0.1[37]'],
      [{ digits: [0, 7, 0, 0], repeat: 2 }, '0.7'], // a group of zeros adds nothing
      [{ digits: [0, 4, 4], distinct: [2], repeat: 1 }, '0.4[4!]'], // flags differ: not the same digit
      [{ digits: [0, 12], repeat: 1 }, '0.[C]'],
    ];
    for (const [written, text] of cases) assert.equal(codeText(normalizeCode(code(written.digits, written))), text);
    assert.equal(ruleKey(code([4], { distinct: [0] })), 'octal 4!.0');
    assert.equal(ruleKey(code([4, 3, 3], { repeat: 1 })), 'octal 4.[3]');
    assert.equal(ruleKey(code([0, 9], { repeat: 1 })), 'hex 0.[9]');
  });

  it('Grundy game (4!.0) is A002188, and its sparse values are those of Flammenkamp table', () => {
    const sequence = ruleSequence(code([4], { distinct: [0] }), {}, { stopAt: 400 });
    assert.deepEqual(Array.from(sequence.values.subarray(0, GRUNDYS_GAME.length)), GRUNDYS_GAME);
    const sparse: [number, number][] = [];
    for (let n = 0; n <= 231; n++) {
      const v = sequence.values[n];
      let bits = 0;
      for (let x = v >> 1; x; x &= x - 1) bits++;
      if (bits % 2 === 0) sparse.push([n, v]);
    }
    assert.deepEqual(sparse, GRUNDY_SPARSE);
    assert.equal(sequence.complete, false, 'no period is known for Grundy game');
  });

  it('Grundy game to 20,000 agrees with brute force from the definition (the sparse method with `!`)', function () {
    this.timeout(60_000);
    const length = 3000;
    const sequence = ruleSequence(code([4], { distinct: [0] }), {}, { stopAt: 19_999, findPeriod: false });
    assert.deepEqual(
      Array.from(sequence.values.subarray(0, length)),
      bruteCode({ digits: [4], distinct: [0] }, length),
    );
    // Past the brute force: each value is the mex of its options, read from the values themselves.
    for (let n = length; n < 20_000; n += 997) {
      const options = new Set<number>();
      for (let a = 1; 2 * a < n; a++) options.add(sequence.values[a] ^ sequence.values[n - a]);
      let mex = 0;
      while (options.has(mex)) mex++;
      assert.equal(sequence.values[n], mex, `G(${n})`);
    }
  });

  it('Lasker Nim (4.[3]) follows its formula, proved for every heap with period 4 and saltus 4', () => {
    const sequence = ruleSequence(code([4, 3], { repeat: 1 }));
    assert.equal(sequence.complete, true);
    assert.deepEqual(
      { ...sequence.periodicity, provedAt: 0 },
      { preperiod: 1, period: 4, saltus: 4, provedAt: 0, proof: 'lasker' },
    );
    const brute = bruteCode({ digits: [4, 3], repeat: 1 }, 120);
    assert.deepEqual(
      brute,
      brute.map((_, n) => laskerValue(n)),
    );
    assert.deepEqual(
      readAll(sequence, 400),
      Array.from({ length: 400 }, (_, n) => laskerValue(n)),
    );
    assert.equal(heapNimber(code([4, 3], { repeat: 1 }), 10n ** 30n + 3n).nimber, 10n ** 30n + 4n);
    assert.equal(heapNimber(code([4, 3], { repeat: 1 }), 6n).nimber, 6n); // the contract: lasker 6 has nimber 6
    assert.equal(heapNimber(code([4], { distinct: [0] }), 7n).nimber, 0n); // and grundy 7 has nimber 0
  });

  it('count the splits of Lasker heaps of any size: against enumeration for every heap to 300 and every target', () => {
    for (let n = 0; n <= 300; n++) {
      const byTarget = new Map<number, [bigint, bigint][]>();
      for (let a = 1; 2 * a <= n; a++) {
        const t = laskerValue(a) ^ laskerValue(n - a);
        byTarget.set(t, [...(byTarget.get(t) ?? []), [BigInt(a), BigInt(n - a)]]);
      }
      for (let t = 0; t <= 2 * n + 4; t++) {
        const expected = byTarget.get(t) ?? [];
        const { count, first } = laskerSplits(BigInt(n), BigInt(t), 3);
        assert.equal(count, BigInt(expected.length), `n = ${n}, target ${t}`);
        assert.deepEqual(first, expected.slice(0, 3), `n = ${n}, target ${t}`);
      }
    }
    // A heap of 10^30 + 6 (≡ 6 mod 8): split into a ≡ 2 and b ≡ 0 (mod 4) with values 4j + 2 and
    // 4j + 3, whose XOR is 1.
    const huge = 10n ** 30n + 6n;
    const { count, first } = laskerSplits(huge, 1n, 2);
    assert.equal(count, 1n);
    assert.equal(first.length, 1);
    for (const [a, b] of first) {
      assert.equal(a + b, huge);
      const lasker = code([4, 3], { repeat: 1 });
      assert.equal(heapNimber(lasker, a).nimber! ^ heapNimber(lasker, b).nimber!, 1n);
    }
  });

  it('codes whose every digit takes any number (0.[3], 0.[7], 0.3[7], 0.[B]) have G(n) = n, proved', () => {
    for (const written of [
      { digits: [0, 3], repeat: 1 },
      { digits: [0, 7], repeat: 1 },
      { digits: [0, 3, 7], repeat: 1 },
      { digits: [0, 11], repeat: 1 },
      { digits: [0, 7, 3], distinct: [1], repeat: 2 },
    ]) {
      const sequence = ruleSequence(code(written.digits, written));
      assert.equal(sequence.periodicity?.proof, 'every-smaller-heap', JSON.stringify(written));
      const brute = bruteCode(written, 60);
      assert.deepEqual(readAll(sequence, 60), brute);
      assert.deepEqual(
        brute,
        brute.map((_, n) => n),
      );
    }
  });

  it('agree with brute force on 300 random codes with `!` (octal and hexadecimal); periods hold 10x past', () => {
    const next = random(251);
    let proved = 0;
    for (let trial = 0; trial < 300; trial++) {
      const hex = trial % 4 === 0;
      const digits = [
        [0, 4, 8, 12][integer(next, 0, hex ? 3 : 1)],
        ...Array.from({ length: integer(next, 1, 3) }, () => integer(next, 0, hex ? 15 : 7)),
      ];
      const distinct = digits.flatMap((d, k) => (d & 12 && integer(next, 0, 1) === 1 ? [k] : []));
      const written = { digits, distinct };
      const name = codeText(normalizeCode(code(digits, written)));
      const sequence = ruleSequence(code(digits, written), { maxValues: hex ? 150 : 600 });
      const known = sequence.complete ? 10 * (sequence.periodicity!.provedAt + 1) : sequence.computedUpTo + 1;
      const length = Math.min(known, hex ? 150 : 1500);
      const brute = bruteCode(written, length);
      assert.deepEqual(readAll(sequence, length), brute, name);
      if (!sequence.complete) continue;
      proved++;
      const { preperiod, period } = sequence.periodicity!;
      for (let n = preperiod; n + period < length; n++) assert.equal(brute[n + period], brute[n], `${name} at ${n}`);
    }
    assert.ok(proved >= 60, `only ${proved} periods proved`);
  });

  it('agree with brute force on 200 random codes with a repeating group (some with `!`)', () => {
    const next = random(257);
    for (let trial = 0; trial < 200; trial++) {
      const hex = trial % 5 === 0;
      const written: WrittenCode = {
        digits: [
          [0, 4][integer(next, 0, 1)],
          ...Array.from({ length: integer(next, 1, 4) }, () => integer(next, 0, hex ? 15 : 7)),
        ],
        repeat: 0,
      };
      const digits = [...written.digits];
      const repeat = integer(next, 1, digits.length - 1);
      const distinct = digits.flatMap((d, k) => (d & 12 && integer(next, 0, 2) === 0 ? [k] : []));
      const full = { digits, distinct, repeat };
      const length = hex ? 40 : 90;
      const sequence = ruleSequence(code(digits, full), {}, { stopAt: length - 1 });
      assert.deepEqual(readAll(sequence, length), bruteCode(full, length), codeText(normalizeCode(code(digits, full))));
    }
  });

  it('an unproved regularity is reported as seen, never as proved: 0.1[37] looks arithmetic, Grundy game not', () => {
    const odd = ruleSequence(code([0, 1, 3, 7], { repeat: 2 }), { maxValues: 2000 });
    assert.equal(odd.complete, false);
    assert.deepEqual(observedRegularity(odd.values, odd.computedUpTo + 1), { preperiod: 0, period: 2, saltus: 1 });
    const grundy = ruleSequence(code([4], { distinct: [0] }), { maxValues: 5000 });
    assert.equal(observedRegularity(grundy.values, grundy.computedUpTo + 1), undefined);
    // A plain period that starts late is found with its preperiod (Dawson's chess, 0.137: from 52).
    const dawson = ruleSequence(code([0, 1, 3, 7]), {}, { stopAt: 999, findPeriod: false });
    assert.deepEqual(observedRegularity(dawson.values, 1000), { preperiod: 52, period: 34, saltus: 0 });
  });

  it('say why an infinite code has no period, and resume where they stopped', () => {
    const rule = code([0, 1, 3, 7], { repeat: 2 }); // 0.1[37]
    const first = ruleSequence(rule, {}, { stopAt: 80 });
    assert.equal(first.complete, false);
    const more = ruleSequence(rule, {}, { stopAt: 200, resume: first });
    assert.deepEqual(Array.from(more.values.subarray(0, 201)), bruteCode({ digits: [0, 1, 3, 7], repeat: 2 }, 201));
    const stopped = ruleSequence(rule, { maxValues: 150 });
    assert.match(stopped.reason ?? '', /0\.1\[37\]` goes on forever and no theorem here gives its period/);
  });
});
