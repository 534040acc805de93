// Misère quotients against brute force: every sum of up to eight small heaps (and of a few large
// ones) played out from the rules' definitions (oracles/misere.ts, no engine code) must be P
// exactly when the product of its heaps' images lies in the P-portion; and the published
// quotients come out as published.
import * as assert from 'node:assert/strict';
import { analyzeGame, createEngineCache, type EngineCache } from '../../../server/src/engine/game';
import type { GameInput } from '../../../server/src/engine/gameTypes';
import { ruleKey } from '../../../server/src/engine/heaps/heap';
import {
  cachedMisereQuotient,
  type MisereQuotient,
  misereQuotient,
  quotientImage,
} from '../../../server/src/engine/misere/quotient';
import type { HeapRule } from '../../../server/src/engine/types';
import { withDateNow } from '../../helpers/manualClock';
import { bruteMisereIsP, heapMovesOf } from '../oracles/misere';
import { random } from '../oracles/random';

const octal = (code: string): HeapRule => ({ kind: 'octal', digits: [...code.replace('.', '')].map(Number) });
const subtract = (...set: number[]): HeapRule => ({ kind: 'subtract', set: set.map(BigInt) });

/** Every multiset of at most `count` heaps of sizes 1..max. */
function* multisets(count: number, max: number, least = 1): Generator<number[]> {
  yield [];
  if (count === 0) return;
  for (let h = least; h <= max; h++) for (const rest of multisets(count - 1, max, h)) yield [h, ...rest];
}

function predictsP(q: MisereQuotient, heaps: readonly number[]): boolean {
  let x = 0;
  for (const h of heaps) {
    const image = quotientImage(q, BigInt(h));
    assert.ok(image !== undefined, `heap ${h} is beyond the quotient (heaps ≤ ${q.heaps})`);
    x = q.mul[x * q.size + image];
  }
  return q.isP[x] === 1;
}

function checkAgainstBruteForce(rule: HeapRule, name: string, heaps: number, small: number, large: number[][]) {
  const { quotient: q } = misereQuotient(rule, name, {}, { to: heaps, pastProof: true });
  assert.equal(q.stop, undefined, `${name}: ${q.stop?.reason}`);
  assert.equal(q.heaps, heaps);
  const memo = new Map<string, boolean>();
  let checked = 0;
  for (const position of [...multisets(8, small), ...large]) {
    assert.equal(predictsP(q, position), bruteMisereIsP(rule, position, memo), `${name}: ${position.join(' ')}`);
    checked++;
  }
  return { q, checked };
}

describe('misère quotients', () => {
  // Up to eight heaps of 1..5, and up to three heaps of 1..heaps: several thousand sums each.
  const cases: [string, HeapRule, number][] = [
    ['0.77 (Kayles)', octal('0.77'), 14],
    ["0.07 (Dawson's Kayles)", octal('0.07'), 14],
    ["0.137 (Dawson's chess)", octal('0.137'), 13],
    ['0.75', octal('0.75'), 14],
    ['0.6', octal('0.6'), 14],
    ['0.156', octal('0.156'), 12],
    ['4.7 (daisies)', octal('4.7'), 12],
    ['subtract 1,2,5', subtract(1, 2, 5), 16],
    ['subtract 2,3', subtract(2, 3), 16],
  ];
  for (const [name, rule, heaps] of cases)
    it(`${name}: sums of up to eight heaps decided as brute force decides them`, () => {
      const large = [...multisets(3, heaps)].filter((p) => p.some((h) => h > 5));
      const { q, checked } = checkAgainstBruteForce(rule, name, heaps, 5, large);
      assert.ok(checked > 1000);
      // Plambeck–Siegel 2008, Theorem (parity): every misère quotient has even order.
      assert.equal(q.size % 2, 0, `${name}: order ${q.size}`);
    });

  // Where a class of the smaller heaps splits (Kayles at heap 9: {1} and {1, 1, 1, 5, 5} are alike
  // among heaps to 8, but not beside two heaps of 9), only sums with several copies of the new
  // heap and many small ones tell: sampled sums of up to seven heaps to 14, at most 36 tokens.
  for (const [name, rule] of [
    ['0.77', octal('0.77')],
    ['0.07', octal('0.07')],
  ] as const)
    it(`${name}: sampled sums of many heaps to 14, and the split at heap 9, as brute force decides them`, () => {
      const { quotient: q } = misereQuotient(rule, name, {}, { to: 14 });
      const memo = new Map<string, boolean>();
      const next = random(9);
      const positions: number[][] = [
        [1, 9, 9],
        [1, 1, 1, 5, 5, 9, 9],
      ];
      while (positions.length < 400) {
        const heaps = Array.from({ length: 2 + Math.floor(next() * 6) }, () => 1 + Math.floor(next() * 14));
        if (heaps.reduce((x, y) => x + y, 0) <= 36) positions.push(heaps);
      }
      for (const position of positions)
        assert.equal(predictsP(q, position), bruteMisereIsP(rule, position, memo), `${name}: ${position.join(' ')}`);
    });

  it('where periodicity is proved, heaps past the computed ones are decided too (0.75, up to heap 34)', () => {
    const rule = octal('0.75');
    const { quotient: q } = misereQuotient(rule, '0.75');
    assert.equal(q.periodicity?.proved, true);
    assert.ok(q.heaps < 24, `computed to ${q.heaps}`);
    const memo = new Map<string, boolean>();
    const beyond = [...multisets(2, 24)].concat(Array.from({ length: 10 }, (_, i) => [i + 25]));
    for (const position of beyond)
      assert.equal(predictsP(q, position), bruteMisereIsP(rule, position, memo), `${position}`);
  });

  // Published quotients.
  it('0.75 is R8, the one quotient of order 8 with |P| = 2 (Plambeck, "Taming the wild", 2005)', () => {
    const { quotient: q } = misereQuotient(octal('0.75'), '0.75');
    assert.equal(q.size, 8);
    assert.equal(
      q.isP.reduce((a, b) => a + b, 0),
      2,
    );
    assert.equal(q.tame, false);
    assert.deepEqual(q.relations, ['a² = 1', 'bc = ab', 'c² = b²', 'b³ = b']);
  });

  it("Dawson's Kayles: Q_30(0.07) has 360 elements (Siegel, MisereSolver, 2007)", () => {
    const { quotient: q } = misereQuotient(octal('0.07'), '0.07', {}, { to: 30 });
    assert.equal(q.size, 360);
  });

  it("Dawson's chess is Dawson's Kayles one heap along (0.137's heap n is 0.07's n + 1): same quotients", () => {
    for (let n = 1; n <= 22; n++) {
      const chess = misereQuotient(octal('0.137'), '0.137', {}, { to: n }).quotient;
      const kayles = misereQuotient(octal('0.07'), '0.07', {}, { to: n + 1 }).quotient;
      assert.equal(chess.size, kayles.size, `heaps to ${n}`);
      assert.deepEqual(chess.relations, kayles.relations, `heaps to ${n}`);
      for (let k = 1; k <= n; k++) assert.equal(chess.names[chess.images[k]], kayles.names[kayles.images[k + 1]]);
    }
  });

  it('misère Nim: heaps to 3 give T2 (order 6), to 7 give T3 (order 10), both tame (Plambeck–Siegel 2008)', () => {
    const nim: HeapRule = { kind: 'subtractAllExcept', except: [] };
    const t2 = misereQuotient(nim, 'nim', {}, { to: 3 }).quotient;
    assert.equal(t2.size, 6);
    assert.ok(t2.tame);
    assert.deepEqual(t2.relations, ['a² = 1', 'b³ = b']);
    const t3 = misereQuotient(nim, 'nim', {}, { to: 7 }).quotient;
    assert.equal(t3.size, 10);
    assert.ok(t3.tame);
    assert.equal(t3.generators.map((g) => g.heap).join(' '), '1 2 4');
  });

  it('Kayles: the pretending function is proved periodic (period 12), by the window theorem', () => {
    const { quotient: q } = misereQuotient(octal('0.77'), '0.77');
    assert.equal(q.periodicity?.proved, true);
    assert.equal(q.periodicity?.period, 12);
    assert.equal(q.tame, false);
  });

  it('a quotient grown in slices cut anywhere (mid-heap too) equals one grown at once (Kayles, Dawson)', () => {
    for (const [code, to] of [
      ['0.77', 90],
      ['0.07', 26],
    ] as const) {
      const whole = misereQuotient(octal(code), code, {}, { to }).quotient;
      // A slice stops after `polls` polls of the budget (counted, not timed): wherever that falls,
      // inside a heap's growth or its check, the next slice resumes from the state kept. A slice
      // that adds no heap gets twice the polls next time (as the server's slices get twice the time).
      const cache = createEngineCache();
      let polls = 3;
      let slices = 0;
      let last: MisereQuotient | undefined;
      for (;;) {
        let left = polls;
        const before = cache.quotients.get(code)?.heaps ?? 0;
        last = cachedMisereQuotient(cache, octal(code), code, { isCancelled: () => left-- <= 0 }, { to });
        slices++;
        if (last.heaps >= to || last.periodicity?.proved) break;
        assert.equal(last.stop?.cause, 'cancelled');
        polls = last.heaps > before ? 3 : 2 * polls;
      }
      assert.ok(slices > 10, `${code}: ${slices} slices`);
      assert.equal(last.size, whole.size, code);
      assert.equal(last.heaps, whole.heaps, code);
      assert.deepEqual(Array.from(last.images), Array.from(whole.images), code);
      assert.deepEqual(Array.from(last.mul), Array.from(whole.mul), code);
      assert.deepEqual(Array.from(last.isP), Array.from(whole.isP), code);
      assert.deepEqual(last.periodicity, whole.periodicity, code);
    }
  });

  it('a work limit stops at the same heap however the time is sliced, and a game past it ends (Dawson)', () => {
    // Dawson's Kayles reads about 10^7 elements to heap 29 and 3.6·10^7 to heap 30 (counted, not timed).
    const code = '0.07';
    const key = ruleKey(octal(code)); // the cache's key, as games find it
    const workLimit = 20_000_000;
    const whole = misereQuotient(octal(code), code, {}, { to: 40, workLimit });
    assert.equal(whole.quotient.stop?.cause, 'work-limit');
    assert.match(whole.quotient.stop?.reason ?? '', /^heap 30 was not reached within the 20,000,000 steps/);
    assert.equal(whole.quotient.heaps, 29);
    // The same limit in slices cut anywhere: the heaps cut short are not counted, so it stops at the same heap.
    const cache = createEngineCache();
    let polls = 3;
    let last: MisereQuotient | undefined;
    for (let slices = 0; ; slices++) {
      let left = polls;
      const before = cache.quotients.get(key)?.heaps ?? 0;
      last = cachedMisereQuotient(cache, octal(code), key, { isCancelled: () => left-- <= 0 }, { to: 40, workLimit });
      if (last.stop?.cause !== 'cancelled') {
        assert.ok(slices > 10, `${slices} slices`);
        break;
      }
      polls = last.heaps > before ? 3 : 2 * polls;
    }
    assert.equal(last.stop?.cause, 'work-limit');
    assert.equal(last.heaps, 29);
    assert.deepEqual(Array.from(last.images), Array.from(whole.quotient.images));
    // Asked again within the same limit, it does no work; a higher limit goes on (the stop is no property of the rule).
    const state = cache.quotients.get(key);
    const work = state?.work;
    assert.equal(cachedMisereQuotient(cache, octal(code), key, {}, { to: 40, workLimit }).heaps, 29);
    assert.equal(state?.work, work);
    // A game of heaps past its reach: while the quotient may still grow, the game (which only reads it where it
    // grows apart) wants it grown; once the limit is met, it ends unknown with the reason, and wants no more.
    const game = (cache: EngineCache) =>
      analyzeGame(
        { play: 'misere', components: [{ kind: 'heaps', rule: octal(code), heaps: [30n, 45n] }] },
        { cache, quotientsGrowApart: true, quotientWork: workLimit, budget: { maxValues: 10_000 } },
      );
    const early = game(createEngineCache());
    assert.equal(early.outcome, null);
    assert.equal(early.quotientWanted?.to, 45);
    const late = game(cache);
    assert.equal(late.outcome, null);
    assert.equal(late.quotientWanted, undefined);
    assert.match(late.reason ?? '', /the misère quotient stops at heap 29: heap 30 was not reached within the 20,0/);
    assert.equal(cachedMisereQuotient(cache, octal(code), key, {}, { to: 30 }).heaps, 30);
  });

  it('a game whose quotient grows apart says how far it must grow, and is decided once it has', () => {
    const cache = createEngineCache();
    const input: GameInput = {
      play: 'misere',
      components: [{ kind: 'heaps', rule: octal('0.77'), heaps: [20000n, 5n] }],
    };
    // Its own share of the time is gone at once: the quotient stays at heap 0.
    const waiting = analyzeGame(input, { cache, quotientsGrowApart: true, budget: { deadline: Date.now() - 1 } });
    assert.equal(waiting.outcome, null);
    assert.deepEqual(waiting.quotientWanted && { ...waiting.quotientWanted, rule: undefined }, {
      ruleKey: ruleKey(octal('0.77')),
      rule: undefined,
      to: 20000,
      heaps: 0,
    });
    cachedMisereQuotient(cache, octal('0.77'), ruleKey(octal('0.77')), {}, { to: 20000 });
    const decided = analyzeGame(input, { cache, quotientsGrowApart: true, budget: { deadline: Date.now() - 1 } });
    const grown = analyzeGame(input, {});
    assert.equal(decided.quotientWanted, undefined);
    assert.notEqual(decided.outcome, null);
    assert.equal(decided.outcome, grown.outcome);
    assert.equal(decided.winningMoveCount, grown.winningMoveCount);
  });

  it('a quotient stops at the budget and resumes where it stopped', () => {
    const first = misereQuotient(octal('0.07'), '0.07', { maxValues: 12 });
    assert.equal(first.quotient.heaps, 12);
    const next = misereQuotient(octal('0.07'), '0.07', {}, { to: 20, resume: first.state });
    const fresh = misereQuotient(octal('0.07'), '0.07', {}, { to: 20 });
    assert.equal(next.quotient.size, fresh.quotient.size);
    assert.deepEqual(Array.from(next.quotient.images), Array.from(fresh.quotient.images));
  });

  it('past its soft end a slice begins no heap, but finishes the one in progress (Dawson, heap 29)', () => {
    const start = misereQuotient(octal('0.07'), '0.07', {}, { to: 28 });
    assert.equal(start.quotient.heaps, 28);
    const work = start.state.work;
    // Heap 29 is begun before the soft end, finished after it, and no more. The clock is the test's: it reads 0 when
    // the slice begins heap 29 and 1000 ever after (the soft end, 20, passes while heap 29 is computed), so a busy
    // machine's pause before the slice begins cannot pass the soft end first.
    const slice = withDateNow(
      (reading) => (reading === 0 ? 0 : 1000),
      () => misereQuotient(octal('0.07'), '0.07', {}, { to: 40, resume: start.state, noHeapAfter: 20 }),
    );
    assert.equal(slice.quotient.heaps, 29);
    assert.ok(slice.state.work > work, 'its work is counted');
    assert.equal(slice.state.stop, undefined, 'a stop of the clock: resumable');
    const past = misereQuotient(
      octal('0.07'),
      '0.07',
      {},
      { to: 40, resume: slice.state, noHeapAfter: Date.now() - 1 },
    );
    assert.equal(past.quotient.heaps, 29, 'past its soft end: no heap is begun');
  });
});

describe('misère sums decided by the quotient', () => {
  const kayles = octal('0.77');
  const heaps = (...sizes: number[]): GameInput => ({
    play: 'misere',
    components: [{ kind: 'heaps', rule: kayles, heaps: sizes.map(BigInt) }],
  });

  it('every listed winning move of a small Kayles sum reaches a P-position by brute force, and none is missed', () => {
    const memo = new Map<string, boolean>();
    const cache = createEngineCache();
    for (const position of multisets(4, 9)) {
      if (position.length === 0) continue;
      const analysis = analyzeGame(heaps(...position), { maxMoves: 10_000, cache });
      assert.ok(['quotient', 'genus'].includes(analysis.decidedBy?.theory ?? ''), `${position}`);
      assert.equal(analysis.outcome, bruteMisereIsP(kayles, position, memo) ? 'P' : 'N', `${position}`);
      const reached = new Set(
        analysis.winningMoves.map(({ move }) => {
          assert.equal(move.kind, 'heap');
          if (move.kind !== 'heap') return '';
          const after = position.filter((_, i) => i !== move.heap).concat(move.leaves.map(Number));
          assert.ok(bruteMisereIsP(kayles, after, memo), `${position} → ${after}`);
          return after.sort((a, b) => a - b).join(',');
        }),
      );
      // Every P-position one move away is listed (equal heaps once).
      let expected = 0;
      const seen = new Set<string>();
      position.forEach((n, i) => {
        for (const parts of heapMovesOf(kayles, n)) {
          const after = position
            .filter((_, j) => j !== i)
            .concat(parts)
            .sort((a, b) => a - b)
            .join(',');
          if (!seen.has(after) && bruteMisereIsP(kayles, after.split(',').filter(Boolean).map(Number), memo))
            expected++;
          seen.add(after);
        }
      });
      assert.equal(reached.size, expected, `${position}`);
    }
  });

  it("a heap past the listing limit: its splits counted per residue agree with every split's image", () => {
    const { quotient: q } = misereQuotient(kayles, '0.77');
    const cache = createEngineCache();
    for (const n of [5000, 5001, 5007, 6011]) {
      for (const other of [1, 2, 3, 4, 5, 7, 8]) {
        const analysis = analyzeGame(heaps(n, other), { maxMoves: 10_000_000, cache });
        // The moves of heap n, one by one: the product with the other heap's image in P.
        let count = 0;
        // A split a + b is one move (octalMoves lists both orders).
        const unordered = (k: number) => heapMovesOf(kayles, k).filter((p) => p.length < 2 || p[0] <= p[1]);
        for (const parts of unordered(n)) {
          const x = [...parts, other].reduce((y, h) => q.mul[y * q.size + (quotientImage(q, BigInt(h)) as number)], 0);
          if (q.isP[x]) count++;
        }
        for (const parts of unordered(other)) {
          const x = [...parts, n].reduce((y, h) => q.mul[y * q.size + (quotientImage(q, BigInt(h)) as number)], 0);
          if (q.isP[x]) count++;
        }
        assert.equal(analysis.winningMoveCount, BigInt(count), `${n} ${other}`);
        assert.equal(analysis.winningMoves.length, count);
      }
    }
  });

  it('misère Kayles 12 15 20 31 40 and sums of heaps up to 10^20 are decided', () => {
    const some = analyzeGame(heaps(12, 15, 20, 31, 40));
    assert.equal(some.outcome, 'N');
    assert.ok(some.winningMoves.length > 0);
    const huge = analyzeGame({
      play: 'misere',
      components: [{ kind: 'heaps', rule: kayles, heaps: [10n ** 20n, 10n ** 20n + 1n, 10n ** 6n] }],
    });
    assert.notEqual(huge.outcome, null);
    assert.match(huge.decidedBy?.text ?? '', /proved for every heap/);
  });
});
