// Issue 55, one game, one answer, for tuple rules of one's own (engine/families/movesTuples.ts): a
// position's value, or its reason, is the same whether it is analysed alone with a fresh engine cache,
// after or before the others through one cache, in reverse or shuffled order, or beside them in one
// game, for rules that stay in their box (corner: Nim written as moves; Wythoff), that split, whose
// options leave any box, of three numbers, that break well-foundedness, and whose loops outlast any
// limit. Small limits (passed as parameters) put positions past the table's limit and past the
// search's, so that "unknown" is checked with its reason, to the letter; the values are checked
// against the brute force written from the contract (test/engine/oracles/movesBrute.ts). Then the
// table's work by level, the fact the determinism rests on: the same whatever box it was filled in,
// and whatever filled a box before it.
import * as assert from 'node:assert/strict';
import { createEngineCache, type EngineCache, MoveList } from '../../../server/src/engine/components';
import {
  MOVES_TUPLE_LIMITS,
  type MovesTupleLimits,
  movesTuplesFamily,
  movesTuplesValueWithin,
} from '../../../server/src/engine/families/movesTuples';
import type { ComponentInput } from '../../../server/src/engine/gameTypes';
import { fillBox } from '../../../server/src/engine/heaps/movesBox';
import { LIMITS } from '../../../server/src/engine/limits';
import type { Budget, Rule } from '../../../server/src/engine/types';
import { analyzeText } from '../../../server/src/language/analyze';
import { bruteValue, Violation } from '../oracles/movesBrute';

type TupleRule = Extract<Rule, { kind: 'movesTuple' }>;
type Component = Extract<ComponentInput, { kind: 'moves-tuples' }>;

function ruleOf(text: string): TupleRule {
  const name = text.split(' ')[1];
  const symbol = analyzeText(text).model.symbols.get(name);
  assert.ok(symbol?.kind === 'rule' && symbol.rule?.kind === 'movesTuple', text);
  return symbol.rule;
}

/** Numbers from a fixed seed (mulberry32): the same positions every run. */
function numbers(seed: number): (below: number) => number {
  let a = seed >>> 0;
  return (below) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * below);
  };
}

/** Nim on two heaps written as moves: the brief's `corner`. */
const corner = ruleOf('rule corner = moves (a, b) -> (a - k, b) for k in 1..a | (a, b - k) for k in 1..b');
const queen = ruleOf(
  'rule queen = moves (x, y) -> (x - k, y) for k in 1..x | (x, y - k) for k in 1..y ' +
    '| (x - k, y - k) for k in 1..min(x, y)',
);
/** A split: the move leaves two positions, whose values are XORed. */
const pairs = ruleOf('rule pairs = moves (x, y) -> [(x - k, y), (k - 1, 0)] for k in 1..x | (x, y - 1) | (x, y - 2)');
/** Options that leave any box: one number grows as the other falls by more. */
const leave = ruleOf('rule leave = moves (x, y) -> (x - 1, y) | (x, y - 1) | (x + 1, y - 2) | (x - 3, y + 1)');
const cube = ruleOf(
  'rule cube = moves (x, y, z) -> (x - k, y, z) for k in 1..x | (x + 1, y - 1, z - 1) | (x, y, z - 1)',
);
/** Breaks well-foundedness at (x odd, 21), which only positions of odd numbers both, y ≥ 21, reach. */
const bad = ruleOf('rule bad = moves (x, y) -> (x - 2, y) | (x, y - 2) | (x + 1, y) if x % 2 == 1 and y == 21');
/** Loops that outlast any limit wherever x > 0. */
const slow = ruleOf('rule slow = moves (x, y) -> (x, y - 1) | (x - 1, y) for k in 1..x * 100000000000 if k == 1');

/**
 * Limits small enough that the table stops short of the larger positions (its box at most 128² or
 * 25³ cells: positions of larger sums are searched alone) and some searches stop too.
 */
const small: MovesTupleLimits = { table: 150_000, search: 120_000, tableCells: 2 ** 14 };

/** One position's result as a game sees it: its value, or its reason (the same text every time). */
interface Result {
  readonly value: bigint | null;
  readonly reason?: string;
  readonly moves: readonly string[];
}

function analysed(rule: TupleRule, position: readonly bigint[], cache: EngineCache, limits: MovesTupleLimits): Result {
  const component: Component = { kind: 'moves-tuples', rule, positions: [position] };
  const analysis = movesTuplesValueWithin(component, {}, cache, limits);
  const moves: string[] = [];
  if (analysis.nimber !== null) {
    // The moves to a total of 0, and to 1 (a P-position has none of the first).
    for (const total of [0n, 1n]) {
      const list = new MoveList(100_000);
      movesTuplesFamily.movesTo(component, analysis, 0, analysis.nimber ^ total, list, {});
      for (const move of list.moves)
        moves.push(`${total}: ${JSON.stringify(move, (_, v) => (typeof v === 'bigint' ? `${v}` : v))}`);
    }
  }
  return { value: analysis.nimber, ...(analysis.reason ? { reason: analysis.reason } : {}), moves };
}

/** The results of `positions` analysed in `order` through one cache, by position. */
function inOrder(rule: TupleRule, positions: readonly bigint[][], order: readonly number[], limits: MovesTupleLimits) {
  const cache = createEngineCache();
  const results = new Map<number, Result>();
  for (const i of order) results.set(i, analysed(rule, positions[i], cache, limits));
  return positions.map((_, i) => results.get(i)!);
}

const shuffled = (n: number, next: (below: number) => number) => {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = next(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
};

/** Positions of a rule: a few fixed ones (small, balanced, far from balanced, large) and random ones. */
function positionsFor(rule: TupleRule, fixed: readonly number[][], count: number, most: number): bigint[][] {
  const next = numbers(rule.text.length * 31 + count);
  const arity = rule.moves.arity;
  const random = Array.from({ length: count }, () => Array.from({ length: arity }, () => next(most + 1)));
  return [...fixed, ...random].map((p) => p.map(BigInt));
}

describe('families: a tuple rule’s positions, each the same alone or beside others (issue 55)', () => {
  const cases: [string, TupleRule, number[][], number][] = [
    [
      'corner',
      corner,
      [
        [3, 5],
        [20, 30],
        [40, 40],
        [60, 60],
        [100, 20],
        [200, 3],
        [90, 90],
        [63, 64],
      ],
      100,
    ],
    [
      'queen',
      queen,
      [
        [3, 5],
        [40, 40],
        [60, 60],
        [100, 20],
        [90, 90],
      ],
      100,
    ],
    [
      'pairs',
      pairs,
      [
        [3, 5],
        [40, 40],
        [60, 60],
        [120, 7],
        [90, 90],
      ],
      100,
    ],
    [
      'leave',
      leave,
      [
        [3, 5],
        [40, 40],
        [63, 64],
        [100, 20],
        [150, 150],
        [400, 400],
      ],
      150,
    ],
    [
      'cube',
      cube,
      [
        [2, 3, 4],
        [10, 10, 10],
        [20, 15, 10],
        [30, 30, 30],
      ],
      30,
    ],
    [
      'bad',
      bad,
      [
        [3, 20],
        [40, 40],
        [41, 41],
        [60, 60],
        [5, 23],
      ],
      80,
    ],
    [
      'slow',
      slow,
      [
        [0, 40],
        [0, 3],
        [0, 100],
        [3, 5],
        [40, 40],
        [60, 60],
      ],
      60,
    ],
  ];
  for (const [name, rule, fixed, most] of cases)
    it(`${name}: one order, each alone, reversed, shuffled, all in one game: same values, reasons, moves`, function () {
      this.timeout(120_000);
      const positions = positionsFor(rule, fixed, 24, most);
      const n = positions.length;
      const forward = inOrder(rule, positions, [...positions.keys()], small);
      const alone = positions.map((p) => analysed(rule, p, createEngineCache(), small));
      const reverse = inOrder(rule, positions, [...positions.keys()].reverse(), small);
      const random = inOrder(rule, positions, shuffled(n, numbers(n + most)), small);
      for (let i = 0; i < n; i++) {
        const what = `${name} (${positions[i].join(', ')})`;
        assert.deepEqual(forward[i], alone[i], `${what}: in order / alone`);
        assert.deepEqual(reverse[i], alone[i], `${what}: reversed / alone`);
        assert.deepEqual(random[i], alone[i], `${what}: shuffled / alone`);
      }
      // All of them as one game, after a warm cache and in a fresh one: each part the position's own.
      const warm = createEngineCache();
      for (const p of [...positions].reverse()) analysed(rule, p, warm, small);
      for (const cache of [warm, createEngineCache()]) {
        const game = movesTuplesValueWithin({ kind: 'moves-tuples', rule, positions }, {}, cache, small);
        assert.deepEqual(
          game.parts,
          alone.map((r) => r.value),
          `${name}: one game's parts`,
        );
        assert.equal(
          game.reason,
          alone.find((r) => r.reason)?.reason,
          `${name}: one game's reason, its first unknown's`,
        );
      }
      // The valued ones as one game (its positions' results kept in the warm cache): the same winning moves.
      const valuedGame: Component = {
        kind: 'moves-tuples',
        rule,
        positions: positions.filter((_, i) => alone[i].value !== null),
      };
      const gameMoves = (cache: EngineCache) => {
        const analysis = movesTuplesValueWithin(valuedGame, {}, cache, small);
        assert.equal(analysis.status, 'value', analysis.reason);
        const list = new MoveList(1_000_000);
        movesTuplesFamily.movesTo(valuedGame, analysis, 0, analysis.nimber!, list, {});
        return { nimber: analysis.nimber, count: list.count, moves: list.moves };
      };
      assert.deepEqual(gameMoves(warm), gameMoves(createEngineCache()), `${name}: the valued positions' game's moves`);
      // Values against the brute force; unknowns said in the limits' own words (or the rule's).
      const memo = new Map<string, number>();
      let [valued, unknown, checked] = [0, 0, 0];
      for (let i = 0; i < n; i++) {
        const { value, reason } = alone[i];
        const p = positions[i].map(Number);
        if (value === null) {
          unknown++;
          assert.match(
            reason ?? '',
            new RegExp(
              "is unknown: (its search( from the rule's table of the positions of sum below \\d+ \\(past them: its " +
                "limit of 150,000 steps, or the rule's stop\\))? passed its limit of 120,000 steps \\(positions " +
                "searched and steps of the rule's loops\\)|the option .* is not smaller than it)",
            ),
            `${name} (${p.join(', ')})`,
          );
          continue;
        }
        valued++;
        if (p.reduce((s, x) => s + x, 0) > 130 || rule === slow) continue; // the brute force is slow
        try {
          assert.equal(value, BigInt(bruteValue(rule.moves, p, memo)), `${name} (${p.join(', ')}): the brute force`);
          checked++;
        } catch (error) {
          if (!(error instanceof Violation)) throw error;
          assert.fail(`${name} (${p.join(', ')}): valued, but the brute force meets the rule's violation`);
        }
      }
      assert.ok(valued >= (rule === slow ? 3 : 4) && unknown >= 1, `${name}: ${valued} valued, ${unknown} unknown`);
      assert.ok(rule === slow || checked >= 4, `${name}: ${checked} checked by the brute force`);
    });

  it('corner and queen (Wythoff) at their default limits: small and table positions as by brute force', function () {
    this.timeout(120_000);
    for (const rule of [corner, queen]) {
      const positions = [
        [3, 5],
        [31, 40],
        [64, 64],
        [100, 3],
        [70, 90],
      ].map((p) => p.map(BigInt));
      const together = inOrder(rule, positions, [4, 0, 3, 1, 2], MOVES_TUPLE_LIMITS);
      const memo = new Map<string, number>();
      positions.forEach((p, i) => {
        assert.deepEqual(together[i], analysed(rule, p, createEngineCache(), MOVES_TUPLE_LIMITS));
        const n = p.map(Number);
        assert.equal(together[i].value, BigInt(bruteValue(rule.moves, n, memo)), `(${n.join(', ')})`);
      });
    }
    // Nim: the value is the XOR of the heaps.
    assert.equal(analysed(corner, [300n, 77n], createEngineCache(), MOVES_TUPLE_LIMITS).value, 300n ^ 77n);
  });

  it('a cancel mid-table decides nothing: the same cache then answers as a fresh one', function () {
    this.timeout(60_000);
    const cache = createEngineCache();
    let polls = 0;
    const cancelling: Budget = { isCancelled: () => ++polls > 3 };
    const component: Component = { kind: 'moves-tuples', rule: corner, positions: [[70n, 50n]] };
    const cut = movesTuplesValueWithin(component, cancelling, cache, small);
    assert.equal(cut.status, 'unknown');
    assert.match(cut.reason ?? '', /stopped because cancelled$/);
    const after = movesTuplesValueWithin(component, {}, cache, small);
    const fresh = movesTuplesValueWithin(component, {}, createEngineCache(), small);
    assert.deepEqual(after, fresh);
  });

  it('the table’s work at the end of each level: the same in any box holding it, both paths, again', function () {
    this.timeout(60_000);
    // Long loops that end (slow's would not): their steps counted in whole runs between the budget's questions.
    const long = ruleOf('rule long = moves (x, y) -> (x, y - 1) | (x - 1, y) for k in 1..x * 1000 if k == 1');
    for (const rule of [corner, pairs, leave, cube, long]) {
      for (const how of ['generated', 'closures'] as const) {
        const profile = (side: number) => {
          const account = { spent: 0, limit: 2 ** 50 };
          const work: number[] = [];
          const bounds = Array<number>(rule.moves.arity).fill(side);
          fillBox(rule.moves, bounds, { work: account }, how, new Map(), {
            upTo: side,
            level: () => work.push(account.spent),
          });
          return work;
        };
        const sides = rule.moves.arity === 3 ? [12, 20, 20] : [30, 45, 45]; // the last twice: its closures kept
        const [a, b, c] = sides.map(profile);
        assert.equal(a.length, sides[0] + 1);
        assert.deepEqual(b.slice(0, a.length), a, `${rule.text} ${how}`);
        assert.deepEqual(c, b, `${rule.text} ${how}: filled again`);
      }
    }
  });

  it('the limits are LIMITS’ (work, not time)', () => {
    assert.deepEqual(MOVES_TUPLE_LIMITS, {
      table: LIMITS.movesTupleTableWork,
      search: LIMITS.movesTupleSearchWork,
      tableCells: LIMITS.movesTupleTableCells,
    });
  });
});
