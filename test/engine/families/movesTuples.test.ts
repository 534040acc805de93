// Tuple rules of one's own in sums (engine/families/movesTuples.ts): a component's values read from a
// box of values (movesTupleValues) against the same values found by the search alone (movesTupleValue,
// the path a budget with no memory for a box takes), on random positions of rules that stay in the
// box, whose options leave it, whose options split, of three numbers, that break well-foundedness,
// and whose loops outlast the budget: the same values, parts, reasons and winning moves, to the letter.
// Then the explorer's table (movesTable) by both paths, a stop that leaves a whole square, and the
// engine cache: a box kept and grown, positions far out searched beside it, the boxes' memory ceiling.
import * as assert from 'node:assert/strict';
import { createEngineCache, type EngineCache, MoveList, trimCache } from '../../../server/src/engine/components';
import { movesTable, movesTuplesFamily } from '../../../server/src/engine/families/movesTuples';
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
function played(component: Component, budget: Budget, cache: EngineCache, totals: readonly bigint[]) {
  const analysis = movesTuplesFamily.value(component, budget, cache);
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

describe('families: tuple rules of one’s own, by a box of values and by the search', () => {
  const cases: [TupleRule, number, (cache: EngineCache) => void][] = [
    [corner, 48, (cache) => assert.ok(cache.movesTuples.get(corner.text)?.box, 'corner: a box was kept')],
    [leave, 48, (cache) => assert.ok(cache.movesTuples.get(leave.text)?.box, 'leave: a box was kept')],
    [pairs, 48, (cache) => assert.ok(cache.movesTuples.get(pairs.text)?.box, 'pairs: a box was kept')],
    [cube, 14, (cache) => assert.ok(cache.movesTuples.get(cube.text)?.box, 'cube: a box was kept')],
    [bad, 40, (cache) => assert.equal(cache.movesTuples.get(bad.text)?.box?.stoppedByRule, true, 'bad')],
  ];
  for (const [rule, most, kept] of cases)
    it(`${names.get(rule)}: the same values, reasons and winning moves by both paths, 16 random games`, () => {
      const next = numbers(most * rule.moves.arity + rule.text.length);
      // One cache each for all the games, as a document's analyses share one: boxes kept, grown and reused.
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
        // A new cache for each game too: the box filled for its positions alone.
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
      assert.equal(bySearch.movesTuples.get(rule.text)?.box, undefined, 'no box without its memory');
      if (rule !== bad) assert.equal(valued, 16);
      else assert.ok(valued > 0 && valued < 16, `bad: ${valued} of 16 games valued, the others stopped by the rule`);
    });

  it('a budget that stops: the same values and reasons by both paths, and a box it stopped is not kept', () => {
    const next = numbers(7);
    const cache = createEngineCache();
    let stopped = 0;
    let partsValued = 0;
    for (let game = 0; game < 12; game++) {
      const positions = randomPositions(next, 2, 40);
      if (game % 3 === 0) positions.push([0n, BigInt(next(30))]); // x = 0: no loop, valued by both
      const component: Component = { kind: 'moves-tuples', rule: slow, positions };
      const work = () => ({ work: { spent: 0, limit: 300_000 } });
      const box = played(component, work(), cache, [0n]);
      const search = played(component, searchOnly(work()), createEngineCache(), [0n]);
      assert.deepEqual(box, search, positions.map((p) => `(${p.join(', ')})`).join(' '));
      partsValued += box.analysis.parts.filter((g) => g !== null).length;
      if (box.analysis.status === 'unknown') {
        stopped++;
        assert.match(box.analysis.reason ?? '', /is unknown: stopped because its work limit was reached$/);
      }
    }
    assert.equal(stopped, 12);
    assert.ok(partsValued >= 4, `${partsValued} positions valued (x = 0)`);
    assert.equal(cache.movesTuples.get(slow.text)?.box, undefined);
  });

  it('a box the positions barely need, stopped by its share of the time: the search values them in the rest', () => {
    // From (2047, 2047) the moves reach 9 positions; its box holds 2^22, with long loops at each.
    const sparse = ruleOf(
      'rule sparse = moves (x, y) -> (x - k, y) for k in 1..x if k % 1000 == 0 ' +
        '| (x, y - k) for k in 1..y if k % 1000 == 0',
    );
    const cache = createEngineCache();
    const component: Component = { kind: 'moves-tuples', rule: sparse, positions: [[2047n, 2047n]] };
    const started = Date.now();
    const found = movesTuplesFamily.value(component, { deadline: started + 2000 }, cache);
    assert.equal(found.status, 'value', found.reason);
    assert.deepEqual(found, movesTuplesFamily.value(component, searchOnly(), createEngineCache()));
    assert.equal(cache.movesTuples.get(sparse.text)?.box, undefined, 'the box it stopped is not kept');
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

  it('the cache: a box is kept and reused, grown by a quarter at least, and positions far out are searched', () => {
    const cache = createEngineCache();
    const value = (positions: bigint[][], rule = corner) =>
      movesTuplesFamily.value({ kind: 'moves-tuples', rule, positions }, {}, cache);
    value([[40n, 40n]]);
    const first = cache.movesTuples.get(corner.text)?.box;
    assert.deepEqual(first?.bounds, [40, 40]);
    value([
      [10n, 3n],
      [40n, 0n],
    ]);
    assert.equal(cache.movesTuples.get(corner.text)?.box, first, 'positions inside it: no new box');
    value([[45n, 41n]]);
    assert.deepEqual(cache.movesTuples.get(corner.text)?.box?.bounds, [50, 50]);
    // Too few positions for a box of their own (244): the search, beside the box kept.
    const grown = cache.movesTuples.get(corner.text)?.box;
    assert.equal(value([[60n, 3n]]).parts[0], BigInt(movesTable(corner.moves, 60, {}).values[60 * 61 + 3]));
    assert.equal(cache.movesTuples.get(corner.text)?.box, grown);
    // A position whose box is past the memory cap, searched (x halves), beside one in a box.
    const halves = ruleOf('rule halves = moves (x, y) -> (x / 2, y) if x > 0 | (x, y - 1)');
    const far = [10n ** 9n, 3n];
    const both = value([far, [40n, 40n]], halves);
    assert.deepEqual(cache.movesTuples.get(halves.text)?.box?.bounds, [40, 40]);
    const alone = movesTuplesFamily.value(
      { kind: 'moves-tuples', rule: halves, positions: [far, [40n, 40n]] },
      searchOnly(),
      createEngineCache(),
    );
    assert.deepEqual(both, alone);
    assert.equal(both.status, 'value');
  });

  it('the cache: boxes of every rule kept under 64 MiB together, the oldest dropped; trimCache drops them too', () => {
    const cache = createEngineCache();
    const rules = [1, 2, 3, 4, 5].map((c) => ruleOf(`rule step${c} = moves (x, y) -> (x - 1, y) | (x, y - ${c})`));
    for (const rule of rules)
      movesTuplesFamily.value({ kind: 'moves-tuples', rule, positions: [[2047n, 2047n]] }, {}, cache);
    const boxes = rules.map((rule) => cache.movesTuples.get(rule.text)?.box);
    assert.equal(boxes[0], undefined, 'the oldest box dropped');
    for (const box of boxes.slice(1)) assert.equal(box?.values.length, 2 ** 22);
    const bytes = trimCache(cache, 0);
    assert.equal(bytes, 0);
    for (const rule of rules) {
      assert.equal(cache.movesTuples.get(rule.text)?.box, undefined);
      assert.ok(cache.movesTuples.get(rule.text)?.memo, 'the memos stay');
    }
  });
});
