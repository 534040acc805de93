// Misère sums of heaps of several rules decided by their joint quotient (misere/jointQuotient.ts,
// quotientPlay.ts), against the brute force of mixedMisere.ts (plain recursion, no quotient): every mixed
// multiset of small heaps, its outcome and every winning move; rows of X's beside Nim heaps; heaps past the
// computed ones where the period is proved; huge heaps, whose splits are counted per residue; and what a
// sum past the quotient's reach says.
import * as assert from 'node:assert/strict';
import { analyzeGame, createEngineCache, type EngineCache, xRuns } from '../../../server/src/engine/game';
import type { ComponentInput, GameInput } from '../../../server/src/engine/gameTypes';
import { ruleKey } from '../../../server/src/engine/heaps/heap';
import {
  type JointMisereQuotient,
  type JointRuleQuotient,
  jointMisereQuotient,
} from '../../../server/src/engine/misere/jointQuotient';
import { quotientImage } from '../../../server/src/engine/misere/quotient';
import { heapReachAtMost } from '../../../server/src/engine/misere/searchBound';
import type { HeapRule } from '../../../server/src/engine/types';
import { integer, random } from '../oracles/random';
import { type MixedHeap, MixedMisere, mixedMultisets, positionText } from './mixedMisere';

const octal = (code: string): HeapRule => ({ kind: 'octal', digits: [...code.replace('.', '')].map(Number) });
const nim: HeapRule = { kind: 'subtractAllExcept', except: [] };
const kayles = octal('0.77');
const dawsonKayles = octal('0.07');
const subtract12: HeapRule = { kind: 'subtract', set: [1n, 2n] };
const octal075 = octal('0.75');

interface RuleSet {
  readonly names: readonly string[];
  readonly rules: readonly HeapRule[];
  /** Each rule's largest heap walked. */
  readonly max: readonly number[];
}

/** The game of a mixed multiset: one heaps component per rule present. */
function gameOf(set: RuleSet, heaps: readonly MixedHeap[]): { input: GameInput; owners: number[] } {
  const owners: number[] = [];
  const components: ComponentInput[] = [];
  set.rules.forEach((rule, r) => {
    const sizes = heaps.filter(([owner]) => owner === r).map(([, size]) => BigInt(size));
    if (sizes.length === 0) return;
    owners.push(r);
    components.push({ kind: 'heaps', rule, heaps: sizes });
  });
  return { input: { play: 'misere', components }, owners };
}

const keyOf = (heaps: readonly MixedHeap[]) =>
  heaps
    .map(([rule, size]) => rule * 256 + size)
    .sort((a, b) => a - b)
    .join(',');

/**
 * The game's outcome is the brute force's, each winning move listed reaches a P-position, and every
 * P-position one move away is reached by exactly one listed move (equal heaps of a component move once).
 */
function checkGame(set: RuleSet, brute: MixedMisere, heaps: readonly MixedHeap[], cache: EngineCache): string {
  const text = positionText(set.names, heaps);
  const { input, owners } = gameOf(set, heaps);
  const analysis = analyzeGame(input, { cache, maxMoves: 100_000 });
  assert.equal(analysis.outcome, brute.isP(heaps) ? 'P' : 'N', text);
  const reached = new Set<string>();
  for (const { component, move } of analysis.winningMoves) {
    assert.equal(move.kind, 'heap', text);
    if (move.kind !== 'heap') continue;
    const rule = owners[component];
    let index = -1;
    // The heap moved: the move.heap-th heap of its component.
    const after = heaps.filter(([r]) => {
      if (r !== rule) return true;
      index++;
      return index !== move.heap;
    });
    const next = [...after, ...move.leaves.map((size): MixedHeap => [rule, Number(size)])];
    assert.ok(brute.isP(next), `${text} → ${positionText(set.names, next)}`);
    reached.add(keyOf(next));
  }
  assert.equal(reached.size, analysis.winningMoves.length, `${text}: a P-position reached twice`);
  assert.equal(analysis.winningMoveCount, BigInt(analysis.winningMoves.length), text);
  const expected = new Set<string>();
  heaps.forEach(([rule, size], i) => {
    const rest = heaps.filter((_, j) => j !== i);
    for (const parts of brute.heapMoves(rule, size)) {
      const next = [...rest, ...parts.map((p): MixedHeap => [rule, p])];
      if (brute.isP(next)) expected.add(keyOf(next));
    }
  });
  assert.deepEqual([...reached].sort(), [...expected].sort(), `${text}: the winning moves`);
  const decider = analysis.decidedBy?.text ?? '';
  return /^the misère quotient of |^tame: the heaps of /.test(decider)
    ? 'joint'
    : analysis.decidedBy?.theory === 'search'
      ? 'search'
      : 'one rule';
}

/** Tallies who decided the mixed sums (heaps of two rules or more): most must be the joint quotient. */
class Deciders {
  private readonly counts = new Map<string, number>();
  add(heaps: readonly MixedHeap[], decider: string): void {
    if (new Set(heaps.map(([rule]) => rule)).size > 1) this.counts.set(decider, (this.counts.get(decider) ?? 0) + 1);
  }
  check(label: string, least: number): void {
    const mixed = [...this.counts.values()].reduce((x, y) => x + y, 0);
    const joint = this.counts.get('joint') ?? 0;
    assert.ok(mixed >= least, `${label}: ${mixed} mixed sums`);
    // The rest: small sums searched before the quotient at hand reached them (game.ts), never undecided.
    assert.ok(joint >= 0.9 * mixed, `${label}: ${JSON.stringify([...this.counts])}`);
  }
}

/** The joint quotient's verdict from its images alone: the product in P. */
function predictsP(q: JointMisereQuotient, set: RuleSet, heaps: readonly MixedHeap[]): boolean {
  let x = 0;
  for (const [rule, size] of heaps) {
    const view = q.rules.find((r) => r.ruleKey === ruleKey(set.rules[rule]));
    const image = view && quotientImage(view, BigInt(size));
    assert.ok(image !== undefined, `${positionText(set.names, heaps)}: heap ${size} is beyond the quotient`);
    x = q.mul[x * q.size + image];
  }
  return q.isP[x] === 1;
}

function jointOf(set: RuleSet): JointMisereQuotient {
  const to = new Map(set.rules.map((rule, r) => [ruleKey(rule), set.max[r]]));
  const { quotient } = jointMisereQuotient(set.rules, {}, { to });
  assert.equal(quotient.stop, undefined, quotient.stop?.reason);
  return quotient;
}

describe('misère sums of several rules, decided by their joint quotient', () => {
  // Every multiset of up to six heaps, each rule's to 8 (0.75's Nim to 7: with Nim's heap 8 beside 0.75's
  // heaps to 8 the joint quotient passes 4,096 elements), outcome and every winning move by analyzeGame.
  const pairs: RuleSet[] = [
    { names: ['kayles', 'nim'], rules: [kayles, nim], max: [8, 8] },
    { names: ['dawson-kayles', 'nim'], rules: [dawsonKayles, nim], max: [8, 8] },
    { names: ['octal 0.75', 'nim'], rules: [octal075, nim], max: [8, 7] },
  ];
  for (const set of pairs)
    it(`${set.names.join(' + ')}: every sum of up to six heaps to ${set.max.join('/')}, every winning move`, () => {
      const brute = new MixedMisere(set.rules);
      const cache = createEngineCache();
      const deciders = new Deciders();
      for (const heaps of mixedMultisets(6, set.max))
        if (heaps.length > 0) deciders.add(heaps, checkGame(set, brute, heaps, cache));
      deciders.check(set.names.join(' + '), 40_000);
    });

  // Three rules: every multiset of up to five heaps by the quotient's images, and the games of up to four heaps
  // (and 1,500 of five) with every winning move; then 300 sums of six heaps, sampled (every six-heap sum, by
  // brute force, is 3 to 12 million positions here: minutes).
  const triples: RuleSet[] = [
    { names: ['subtract {1,2}', 'octal 0.75', 'nim'], rules: [subtract12, octal075, nim], max: [8, 8, 7] },
    { names: ['kayles', 'octal 0.75', 'subtract {1,2}'], rules: [kayles, octal075, subtract12], max: [8, 8, 8] },
  ];
  for (const set of triples)
    it(`${set.names.join(' + ')}: every sum of up to five heaps by the images, of up to four with every move`, () => {
      const brute = new MixedMisere(set.rules);
      const q = jointOf(set);
      const cache = createEngineCache();
      const next = random(44);
      let checked = 0;
      const deciders = new Deciders();
      const check = (heaps: readonly MixedHeap[], moves: boolean) => {
        assert.equal(predictsP(q, set, heaps), brute.isP(heaps), positionText(set.names, heaps));
        checked++;
        if (moves && heaps.length > 0) deciders.add(heaps, checkGame(set, brute, heaps, cache));
      };
      for (const heaps of mixedMultisets(5, set.max)) check(heaps, heaps.length <= 4 || next() < 1_500 / 90_000);
      for (let sample = 0; sample < 300; sample++) {
        const heaps = Array.from({ length: 6 }, (): MixedHeap => {
          const rule = integer(next, 0, set.rules.length - 1);
          return [rule, integer(next, 1, set.max[rule])];
        });
        check(heaps, true);
      }
      assert.ok(checked > 90_000, `${checked} sums`);
      deciders.check(set.names.join(' + '), 15_000);
    });

  it('rows of X (Kayles, Dawson-Kayles) beside Nim heaps: every knock that wins, and no other', () => {
    const next = random(7);
    const cache = createEngineCache();
    for (const [name, rule] of [
      ['kayles', kayles],
      ['dawson-kayles', dawsonKayles],
    ] as const) {
      const brute = new MixedMisere([rule, nim]);
      for (let trial = 0; trial < 300; trial++) {
        const cells = Array.from({ length: integer(next, 1, 9) }, () => (next() < 0.7 ? 'X' : '.')).join('');
        const nimHeaps = Array.from({ length: integer(next, 1, 2) }, () => integer(next, 1, 5));
        const runs = xRuns(cells).map(([, length]): MixedHeap => [0, length]);
        const heaps = [...runs, ...nimHeaps.map((size): MixedHeap => [1, size])];
        const text = `${name} row ${cells} + nim ${nimHeaps.join(' ')}`;
        const analysis = analyzeGame(
          {
            play: 'misere',
            components: [
              { kind: 'octal-row', rule, cells },
              { kind: 'heaps', rule: nim, heaps: nimHeaps.map(BigInt) },
            ],
          },
          { cache, maxMoves: 100_000 },
        );
        assert.equal(analysis.outcome, brute.isP(heaps) ? 'P' : 'N', text);
        if (runs.length > 0) assert.match(analysis.decidedBy?.text ?? '', /quotient of|tame/, text);
        // Each move as the game after it: the row's cells, and the Nim heaps.
        const nimText = (sizes: number[]) => sizes.sort((a, b) => a - b).join(' ');
        const after = new Set<string>();
        for (const { component, move } of analysis.winningMoves) {
          if (move.kind === 'knock') {
            const row = cells.slice(0, move.start) + '.'.repeat(move.count) + cells.slice(move.start + move.count);
            assert.equal(cells.slice(move.start, move.start + move.count), 'X'.repeat(move.count), text);
            after.add(`${row}|${nimText([...nimHeaps])}`);
          } else if (move.kind === 'heap' && component === 1) {
            const left = nimHeaps.filter((_, i) => i !== move.heap).concat(move.leaves.map(Number));
            after.add(`${cells}|${nimText(left)}`);
          } else assert.fail(`${text}: a move of kind ${move.kind}`);
        }
        assert.equal(after.size, analysis.winningMoves.length, `${text}: a move listed twice`);
        // Every winning move, from the rules: a knock of 1 (Kayles also 2) adjacent X's anywhere in a run, or a
        // Nim heap lowered; kept when the game after it is P.
        const expected = new Set<string>();
        const rowHeaps = (row: string) => xRuns(row).map(([, length]): MixedHeap => [0, length]);
        const nimOf = (sizes: number[]) => sizes.map((size): MixedHeap => [1, size]);
        const counts = name === 'kayles' ? [1, 2] : [2];
        for (const count of counts)
          for (let start = 0; start + count <= cells.length; start++) {
            if (cells.slice(start, start + count) !== 'X'.repeat(count)) continue;
            const row = cells.slice(0, start) + '.'.repeat(count) + cells.slice(start + count);
            if (brute.isP([...rowHeaps(row), ...nimOf(nimHeaps)])) expected.add(`${row}|${nimText([...nimHeaps])}`);
          }
        nimHeaps.forEach((size, i) => {
          for (let to = 0; to < size; to++) {
            const left = nimHeaps.filter((_, j) => j !== i).concat(to > 0 ? [to] : []);
            if (brute.isP([...runs, ...nimOf(left)])) expected.add(`${cells}|${nimText(left)}`);
          }
        });
        assert.deepEqual([...after].sort(), [...expected].sort(), `${text}: the winning moves`);
      }
    }
  });

  it('heaps past the computed ones, each rule proved periodic, as brute force decides them (0.75, subtract)', () => {
    const set: RuleSet = {
      names: ['octal 0.75', 'subtract {1,2}', 'nim'],
      rules: [octal075, subtract12, nim],
      max: [0, 0, 3],
    };
    const { quotient: q } = jointMisereQuotient(set.rules, {}, { to: new Map([[ruleKey(nim), 3]]) });
    for (const rule of [octal075, subtract12]) {
      const view = q.rules.find((r) => r.ruleKey === ruleKey(rule));
      assert.equal(view?.periodicity?.proved, true, ruleKey(rule));
    }
    const computed = (rule: HeapRule) => q.rules.find((r) => r.ruleKey === ruleKey(rule))?.heaps as number;
    const brute = new MixedMisere(set.rules);
    const next = random(3);
    const cache = createEngineCache();
    for (let sample = 0; sample < 60; sample++) {
      // A 0.75 heap a little past its computed ones (its splits make larger ones slow to brute-force), a
      // subtract {1,2} heap far past, and Nim heaps to 3.
      const heaps: MixedHeap[] = [
        [0, integer(next, computed(octal075) + 1, computed(octal075) + 4)],
        [1, integer(next, computed(subtract12) + 1, 60)],
        ...Array.from({ length: integer(next, 0, 2) }, (): MixedHeap => [2, integer(next, 1, 3)]),
      ];
      if (next() < 0.5) heaps.push([integer(next, 0, 1), integer(next, 1, 6)]);
      assert.equal(predictsP(q, set, heaps), brute.isP(heaps), positionText(set.names, heaps));
      if (sample < 20) checkGame(set, brute, heaps, cache);
    }
  });

  it("a huge heap's splits counted per residue agree with every split's image (kayles, 0.75 beside nim 3)", () => {
    const rules = [kayles, octal075, nim];
    const { quotient: q } = jointMisereQuotient(rules, {}, { to: new Map([[ruleKey(nim), 3]]) });
    const imageOf = (rule: HeapRule, n: number) =>
      quotientImage(q.rules.find((r) => r.ruleKey === ruleKey(rule)) as JointRuleQuotient, BigInt(n)) as number;
    const cache = createEngineCache();
    const brute = new MixedMisere(rules);
    for (const [r, n] of [
      [0, 5000],
      [0, 6011],
      [1, 5001],
      [1, 5008],
    ])
      for (const others of [
        [[2, 1]],
        [
          [2, 3],
          [0, 4],
        ],
        [
          [1, 5],
          [2, 2],
        ],
      ] as MixedHeap[][]) {
        const heaps: MixedHeap[] = [[r, n], ...others];
        const set: RuleSet = { names: ['kayles', 'octal 0.75', 'nim'], rules, max: [0, 0, 0] };
        const analysis = analyzeGame(gameOf(set, heaps).input, { cache, maxMoves: 10_000_000 });
        assert.match(analysis.decidedBy?.text ?? '', /^the misère quotient of /);
        // Every move of every heap, one by one: the product after it in P.
        let count = 0;
        heaps.forEach(([rule, size], i) => {
          const rest = heaps.filter((_, j) => j !== i);
          for (const parts of brute.heapMoves(rule, size)) {
            const after = [...rest, ...parts.map((p): MixedHeap => [rule, p])];
            const x = after.reduce((y, [owner, h]) => q.mul[y * q.size + imageOf(rules[owner], h)], 0);
            if (q.isP[x]) count++;
          }
        });
        assert.equal(analysis.winningMoveCount, BigInt(count), positionText(set.names, heaps));
        assert.equal(analysis.winningMoves.length, count);
      }
  });

  it("says which quotient decided a mixed sum, its size from the quotient itself, and the rules' periods", () => {
    const input: GameInput = {
      play: 'misere',
      components: [
        { kind: 'heaps', rule: kayles, heaps: [20n, 30n] },
        { kind: 'heaps', rule: nim, heaps: [5n] },
      ],
    };
    const analysis = analyzeGame(input);
    const { quotient } = jointMisereQuotient(
      [kayles, nim],
      {},
      {
        to: new Map([
          [ruleKey(kayles), 30],
          [ruleKey(nim), 5],
        ]),
      },
    );
    const pCount = quotient.isP.reduce((x, y) => x + y, 0);
    assert.equal(
      analysis.decidedBy?.text,
      `the misère quotient of kayles and nim: ${quotient.size} elements, ${pCount} of them P ` +
        '(exact for kayles heaps up to 30 and nim heaps up to 5)',
    );
    assert.equal(analysis.decidedBy?.theory, 'quotient');
    assert.notEqual(analysis.outcome, null);
    // Kayles to every heap beside Nim heaps to 3: its period, proved in the joint quotient.
    const huge = analyzeGame({
      play: 'misere',
      components: [
        { kind: 'heaps', rule: kayles, heaps: [10n ** 20n, 12n] },
        { kind: 'heaps', rule: nim, heaps: [3n, 1n] },
      ],
    });
    assert.notEqual(huge.outcome, null);
    const joint = jointMisereQuotient([kayles, nim], {}, { to: new Map([[ruleKey(nim), 3]]) }).quotient;
    const period = joint.rules.find((r) => r.name === 'kayles')?.periodicity;
    assert.equal(period?.proved, true);
    assert.equal(
      huge.decidedBy?.text,
      `the misère quotient of kayles and nim: ${joint.size} elements, ${joint.isP.reduce((x, y) => x + y, 0)} of ` +
        'them P (exact for kayles heaps of every size and nim heaps up to 3; kayles heaps repeat with period ' +
        `${period?.period} from heap ${period?.start})`,
    );
    // Tame rules together: genus theory's words.
    const tame = analyzeGame({
      play: 'misere',
      components: [
        { kind: 'heaps', rule: subtract12, heaps: [7n, 4n] },
        { kind: 'heaps', rule: nim, heaps: [6n] },
      ],
    });
    assert.match(tame.decidedBy?.text ?? '', /^tame: the heaps of nim and subtract \{1,2\} play as misère Nim heaps/);
    assert.equal(tame.decidedBy?.theory, 'genus');
  });

  it("past the quotient's reach: says which rule's heap, why, and where the exact search stopped", () => {
    // A Nim heap too large to grow a quotient to, heap by heap (Nim has no period a theorem proves).
    const huge = analyzeGame({
      play: 'misere',
      components: [
        { kind: 'heaps', rule: kayles, heaps: [5n] },
        { kind: 'heaps', rule: nim, heaps: [10n ** 20n] },
      ],
    });
    assert.equal(huge.outcome, null);
    assert.match(huge.reason ?? '', /; a nim heap of 10{20} is past what a misère quotient computes heap by heap/);
    // A work limit (as the server sets one) stops the quotient short of Kayles' heap 30; a value limit stops the
    // search: both said.
    const input: GameInput = {
      play: 'misere',
      components: [
        { kind: 'heaps', rule: kayles, heaps: [20n, 30n] },
        { kind: 'heaps', rule: nim, heaps: [5n] },
      ],
    };
    const short = analyzeGame(input, { quotientWork: 1_000_000, budget: { maxValues: 10_000 } });
    assert.equal(short.outcome, null);
    const match = new RegExp(
      '^beyond the misère search limit .*; the misère quotient of kayles and nim stops at kayles heaps up to ' +
        '(\\d+) and nim heaps up to (\\d+): (kayles|nim) heap (\\d+) was not reached within the 1,000,000 ' +
        'steps a quotient may take for games; a kayles heap of (20|30) is past it$',
    ).exec(short.reason ?? '');
    assert.ok(match, short.reason);
    const [, kaylesHeaps, , next, nextHeap, past] = match;
    if (next === 'kayles') assert.equal(Number(nextHeap), Number(kaylesHeaps) + 1);
    assert.ok(Number(kaylesHeaps) < Number(past));
    assert.equal(short.quotientWanted, undefined, 'a joint quotient is not grown apart');
  });

  it("a search tried first is bounded by a splitting heap's positions (multisets, not n + 1 sizes)", () => {
    for (const rule of [kayles, octal075, dawsonKayles, subtract12, nim, octal('0.156'), octal('4.7')]) {
      const brute = new MixedMisere([rule]);
      for (let n = 1; n <= 12; n++) {
        // Every position the heap reaches, by a search from the definition.
        const seen = new Set<string>([String(n)]);
        const queue: number[][] = [[n]];
        let options = 0;
        for (let i = 0; i < queue.length; i++) {
          let here = 0;
          queue[i].forEach((size, j) => {
            for (const parts of brute.heapMoves(0, size)) {
              here++;
              const next = [...queue[i].filter((_, k) => k !== j), ...parts].sort((a, b) => a - b);
              if (!seen.has(next.join(' '))) {
                seen.add(next.join(' '));
                queue.push(next);
              }
            }
          });
          options = Math.max(options, here);
        }
        const bound = heapReachAtMost(rule, n, 500_000);
        assert.ok(bound, `${ruleKey(rule)} ${n}`);
        assert.ok(bound.positions >= seen.size, `${ruleKey(rule)} ${n}: ${bound.positions} < ${seen.size} positions`);
        assert.ok(bound.options >= options, `${ruleKey(rule)} ${n}: ${bound.options} < ${options} options`);
      }
    }
  });
});
