// Tuple rules of one's own in sums (engine/families/movesTuples.ts): a component's values read from the
// rule's table of values (filled level by level, by sum) against the same values found by the search
// alone (movesTupleValue, the path a budget with no memory for a table takes), on random positions of
// rules that stay in their box, whose options leave it, whose options split, of three numbers, that
// break well-foundedness, and whose loops outlast any limit: the same values, parts, reasons and
// winning moves, to the letter. Then the explorer's table (movesTable) by both paths, a stop that
// leaves a whole square, and the engine cache: a table kept and grown, positions far out searched
// beside it, the tables' memory ceiling. (movesTuplesAlone.test.ts: each position the same alone.)
import * as assert from 'node:assert/strict';
import { createEngineCache, type EngineCache, MoveList, trimCache } from '../../../server/src/engine/components';
import {
  MOVES_TUPLE_LIMITS,
  type MovesTupleLimits,
  movesTable,
  movesTuplesFamily,
  movesTuplesValueWithin,
} from '../../../server/src/engine/families/movesTuples';
import type { ComponentInput } from '../../../server/src/engine/gameTypes';
import type { Budget, Rule } from '../../../server/src/engine/types';
import { analyzeText } from '../../../server/src/language/analyze';

type TupleRule = Extract<Rule, { kind: 'movesTuple' }>;
type Component = Extract<ComponentInput, { kind: 'moves-tuples' }>;

/** Each rule's name, for the messages. */
const names = new Map<TupleRule, string>();

/** The rule declared by `text` (`rule NAME = moves …`), as the language gives it to the engine. */
function ruleOf(text: string): TupleRule {
  const name = text.split(' ')[1];
  const symbol = analyzeText(text).model.symbols.get(name);
  assert.ok(symbol?.kind === 'rule' && symbol.rule?.kind === 'movesTuple', text);
  names.set(symbol.rule, name);
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

/** No memory for a box: every position by the search, as before boxes. */
const searchOnly = (budget: Budget = {}): Budget => ({ ...budget, maxSequenceBytes: 0 });

/** A component's analysis and, when it has a value, its moves to each of a few totals. */
function played(
  component: Component,
  budget: Budget,
  cache: EngineCache,
  totals: readonly bigint[],
  limits = MOVES_TUPLE_LIMITS,
) {
  const analysis = movesTuplesValueWithin(component, budget, cache, limits);
  const moves = totals.map((t) => {
    if (analysis.nimber === null) return null;
    const list = new MoveList(100_000);
    movesTuplesFamily.movesTo(component, analysis, 0, analysis.nimber ^ t, list, budget);
    return { moves: list.moves, count: list.count };
  });
  const { status, nimber, parts, reason } = analysis;
  return { analysis: { status, nimber, parts, reason }, moves };
}

const corner = ruleOf(
  'rule corner = moves (x, y) -> (x - k, y) for k in 1..x | (x, y - k) for k in 1..y ' +
    '| (x - k, y - k) for k in 1..min(x, y)',
);
/** Options that leave any box: one number grows as the other falls by more. */
const leave = ruleOf('rule leave = moves (x, y) -> (x - 1, y) | (x, y - 1) | (x + 1, y - 2) | (x - 3, y + 1)');
/** A split: the move leaves two positions, whose values are XORed. */
const pairs = ruleOf('rule pairs = moves (x, y) -> [(x - k, y), (k - 1, 0)] for k in 1..x | (x, y - 1) | (x, y - 2)');
const cube = ruleOf(
  'rule cube = moves (x, y, z) -> (x - k, y, z) for k in 1..x | (x + 1, y - 1, z - 1) | (x, y, z - 1)',
);
/**
 * Breaks well-foundedness at (x odd, 21) (a part larger than its position), which only positions of
 * odd numbers both, y at least 21, reach (a move keeps both numbers' parities).
 */
const bad = ruleOf('rule bad = moves (x, y) -> (x - 2, y) | (x, y - 2) | (x + 1, y) if x % 2 == 1 and y == 21');
/** Loops that outlast any budget wherever x > 0. */
const slow = ruleOf('rule slow = moves (x, y) -> (x, y - 1) | (x - 1, y) for k in 1..x * 100000000000 if k == 1');

/** A game's positions: up to four, one of them past 32 in each number (a box of at least 1024 positions). */
function randomPositions(next: (below: number) => number, arity: number, most: number): bigint[][] {
  const big = Array.from({ length: arity }, () => BigInt(most - next(most / 4)));
  const others = Array.from({ length: next(4) }, () => Array.from({ length: arity }, () => BigInt(next(most + 1))));
  const positions = [...others, big];
  return positions.map((_, i) => positions[(i + next(positions.length)) % positions.length]);
}

describe('families: tuple rules of one’s own, by the rule’s table and by the search', () => {
  const cases: [TupleRule, number, (cache: EngineCache) => void][] = [
    [corner, 48, (cache) => assert.ok(cache.movesTuples.get(corner.text)?.box, 'corner: a table was kept')],
    [leave, 48, (cache) => assert.ok(cache.movesTuples.get(leave.text)?.box, 'leave: a table was kept')],
    [pairs, 48, (cache) => assert.ok(cache.movesTuples.get(pairs.text)?.box, 'pairs: a table was kept')],
    [cube, 14, (cache) => assert.ok(cache.movesTuples.get(cube.text)?.box, 'cube: a table was kept')],
    [bad, 40, (cache) => assert.equal(cache.movesTuples.get(bad.text)?.box?.stoppedByRule, true, 'bad')],
  ];
  for (const [rule, most, kept] of cases)
    it(`${names.get(rule)}: the same values, reasons and winning moves by both paths, 16 random games`, function () {
      this.timeout(60_000); // each position searched from nothing on the search's path
      const next = numbers(most * rule.moves.arity + rule.text.length);
      // One cache each for all the games, as a document's analyses share one: tables kept, grown and reused.
      const [byBox, bySearch] = [createEngineCache(), createEngineCache()];
      let valued = 0;
      let moves = 0;
      for (let game = 0; game < 16; game++) {
        const component: Component = {
          kind: 'moves-tuples',
          rule,
          positions: randomPositions(next, rule.moves.arity, most),
        };
        const totals = [0n, BigInt(next(4)), BigInt(next(8))];
        // A new cache for each game too: the table filled for its positions alone.
        const alone = played(component, {}, createEngineCache(), totals);
        const box = played(component, {}, byBox, totals);
        const search = played(component, searchOnly(), bySearch, totals);
        const what = `${names.get(rule)} ${component.positions.map((p) => `(${p.join(', ')})`).join(' ')}`;
        assert.deepEqual(box, search, what);
        assert.deepEqual(alone, search, what);
        if (search.analysis.status === 'value') valued++;
        for (const found of search.moves) moves += Number(found?.count ?? 0n);
      }
      assert.ok(rule === bad || moves > 16, `${names.get(rule)}: ${moves} moves listed in all`);
      kept(byBox);
      assert.equal(bySearch.movesTuples.get(rule.text)?.box, undefined, 'no table without its memory');
      if (rule !== bad) assert.equal(valued, 16);
      else assert.ok(valued > 0 && valued < 16, `bad: ${valued} of 16 games valued, the others stopped by the rule`);
    });

  // A position's limits are its rule's (LIMITS, here smaller ones given), not the budget's: the table's
  // levels within its limit, then the search's, each named in the reason, the same shared as alone.
  it('loops that outlast the limits: stopped by them, in their words, the same shared or alone', function () {
    this.timeout(60_000);
    const limits: MovesTupleLimits = { ...MOVES_TUPLE_LIMITS, table: 3_000_000, search: 300_000 };
    const next = numbers(7);
    const cache = createEngineCache();
    let stopped = 0;
    let partsValued = 0;
    for (let game = 0; game < 6; game++) {
      const positions = randomPositions(next, 2, 40);
      if (game % 3 === 0) positions.push([0n, BigInt(next(30))]); // x = 0: no loop, valued by both
      const component: Component = { kind: 'moves-tuples', rule: slow, positions };
      const shared = played(component, {}, cache, [0n], limits);
      const alone = played(component, {}, createEngineCache(), [0n], limits);
      assert.deepEqual(shared, alone, positions.map((p) => `(${p.join(', ')})`).join(' '));
      partsValued += shared.analysis.parts.filter((g) => g !== null).length;
      if (shared.analysis.status === 'unknown') {
        stopped++;
        assert.match(
          shared.analysis.reason ?? '',
          new RegExp(
            "is unknown: its search( from the rule's table of the positions of sum below \\d+ \\(past them: " +
              "its limit of 3,000,000 steps, or the rule's stop\\))? passed its limit of 300,000 steps " +
              "\\(positions searched and steps of the rule's loops\\)$",
          ),
        );
      }
    }
    assert.equal(stopped, 6);
    assert.ok(partsValued >= 2, `${partsValued} positions valued (x = 0)`);
  });

  it('a position whose table would be past the cap, its moves few: searched alone, the table untouched', () => {
    // From (2047, 2047) the moves reach 9 positions; its table would hold the positions of sum ≤ 4094.
    const sparse = ruleOf(
      'rule sparse = moves (x, y) -> (x - k, y) for k in 1..x if k % 1000 == 0 ' +
        '| (x, y - k) for k in 1..y if k % 1000 == 0',
    );
    const cache = createEngineCache();
    const component: Component = { kind: 'moves-tuples', rule: sparse, positions: [[2047n, 2047n]] };
    const found = movesTuplesFamily.value(component, {}, cache);
    assert.equal(found.status, 'value', found.reason);
    assert.deepEqual(found, movesTuplesFamily.value(component, searchOnly(), createEngineCache()));
    assert.equal(cache.movesTuples.get(sparse.text)?.box, undefined, 'no table filled for it');
  });

  it('the table: the same square by a box and by the search, the rule’s stop included', () => {
    for (const rule of [corner, leave, pairs, bad]) {
      const box = movesTable(rule.moves, 40, {});
      const search = movesTable(rule.moves, 40, searchOnly());
      assert.deepEqual(box, search, names.get(rule));
      if (rule === bad) {
        // Stopped where the search meets the violation: (1, 21), in the square of side 21.
        assert.equal(box.size, 20);
        assert.match(box.reason ?? '', /of position \(1, 21\) is not smaller than it/);
      } else assert.equal(box.size, 40);
    }
  });

  it('the table: a budget that stops the box leaves a whole square, its values those of the whole table', () => {
    const whole = movesTable(corner.moves, 120, {});
    assert.equal(whole.size, 120);
    const sizes: number[] = [];
    for (const limit of [0, 5_000, 200_000, 1_000_000]) {
      const table = movesTable(corner.moves, 120, { work: { spent: 0, limit } });
      sizes.push(table.size);
      assert.ok(table.size < 120, `limit ${limit}: ${table.size}`);
      assert.equal(table.stop, 'work-limit');
      assert.equal(table.reason, 'stopped because its work limit was reached');
      const w = table.size + 1;
      assert.equal(table.values.length, w * w);
      for (let a = 0; a < w; a++)
        for (let b = 0; b < w; b++) assert.equal(table.values[a * w + b], whole.values[a * 121 + b], `(${a}, ${b})`);
    }
    assert.ok(sizes[3] > sizes[1] && sizes[3] >= 40, `sides ${sizes.join(', ')}`);
  });

  it('the cache: a table is kept and reused, grown to twice its levels at least, positions far out searched', () => {
    const cache = createEngineCache();
    const value = (positions: bigint[][], rule = corner) =>
      movesTuplesFamily.value({ kind: 'moves-tuples', rule, positions }, {}, cache);
    value([[40n, 40n]]);
    const first = cache.movesTuples.get(corner.text)?.box;
    assert.deepEqual(first?.bounds, [80, 80], 'the positions of sum ≤ 80, in a square that holds them');
    value([
      [10n, 3n],
      [40n, 0n],
      [50n, 30n],
    ]);
    assert.equal(cache.movesTuples.get(corner.text)?.box, first, 'positions within its levels: no new table');
    value([[45n, 41n]]);
    assert.deepEqual(cache.movesTuples.get(corner.text)?.box?.bounds, [162, 162]);
    // Too few positions for the table (244): the search, beside the table kept.
    const grown = cache.movesTuples.get(corner.text)?.box;
    assert.equal(value([[60n, 3n]]).parts[0], BigInt(movesTable(corner.moves, 60, {}).values[60 * 61 + 3]));
    assert.equal(cache.movesTuples.get(corner.text)?.box, grown);
    // A position whose table is past the memory cap, searched (x halves), beside one in the table.
    const halves = ruleOf('rule halves = moves (x, y) -> (x / 2, y) if x > 0 | (x, y - 1)');
    const far = [10n ** 9n, 3n];
    const both = value([far, [40n, 40n]], halves);
    assert.deepEqual(cache.movesTuples.get(halves.text)?.box?.bounds, [80, 80]);
    const alone = movesTuplesFamily.value(
      { kind: 'moves-tuples', rule: halves, positions: [far, [40n, 40n]] },
      searchOnly(),
      createEngineCache(),
    );
    assert.deepEqual(both, alone);
    assert.equal(both.status, 'value');
  });

  it('the cache: tables of every rule kept under 64 MiB together, the oldest dropped; trimCache too', function () {
    this.timeout(60_000);
    const cache = createEngineCache();
    const rules = [1, 2, 3, 4, 5].map((c) => ruleOf(`rule step${c} = moves (x, y) -> (x - 1, y) | (x, y - ${c})`));
    // Sum 2046: a table of the positions of sum ≤ 2046, in a square of 2047² cells (16 MiB).
    for (const rule of rules)
      movesTuplesFamily.value({ kind: 'moves-tuples', rule, positions: [[1023n, 1023n]] }, {}, cache);
    const boxes = rules.map((rule) => cache.movesTuples.get(rule.text)?.box);
    assert.equal(boxes[0], undefined, 'the oldest box dropped');
    for (const box of boxes.slice(1)) assert.equal(box?.values.length, 2047 ** 2);
    const bytes = trimCache(cache, 0);
    assert.equal(bytes, 0);
    for (const rule of rules) {
      assert.equal(cache.movesTuples.get(rule.text)?.box, undefined);
      assert.ok(cache.movesTuples.get(rule.text), 'the rule stays, its searched results with it');
    }
  });
});
