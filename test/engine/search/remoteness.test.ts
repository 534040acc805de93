// Remoteness and playing games out, against the product-graph oracle: the sum played directly from
// the rules' definitions (gameOracle.ts), with who wins and how long the game lasts worked out
// there from the definition (the winner takes the shortest win, the loser the longest loss), not
// by the parity rule the engine uses. Then every move the engine lists, the position after it,
// and the recognition of a hand edit as one legal move.
import * as assert from 'node:assert/strict';
import { gameResult, remotenessApart } from '../../../server/src/compute/jobs';
import type { ComponentInput, GameInput, GameMove } from '../../../server/src/engine';
import { analyzeGame, createEngineCache } from '../../../server/src/engine';
import { gameAfter, gameMoves, moveBetween, positionKey } from '../../../server/src/engine/search/gamePositions';
import { gameUnits } from '../../../server/src/engine/search/gameUnits';
import {
  bestMove,
  DEFAULT_REMOTENESS_LIMITS,
  GAME_REMOTENESS_LIMITS,
  type GameRemoteness,
  gameRemoteness,
  positionsAtLeast,
  remotenessSearch,
  searchMovesAtLeast,
} from '../../../server/src/engine/search/remoteness';
import type { HeapRule } from '../../../server/src/engine/types';
import {
  applyMove,
  bigints,
  bruteRemoteness,
  type ComponentState,
  ProductGame,
  stateKey,
  stateOf,
} from '../oracles/gameOracle';
import { integer, random } from '../oracles/random';
import {
  chompComponent,
  classicComponent,
  cramComponent,
  kaylesComponent,
  randomComponent,
  v3Component,
} from '../oracles/randomGames';

const nim: HeapRule = { kind: 'subtractAllExcept', except: [] };
const KAYLES: HeapRule = { kind: 'octal', digits: [0, 7, 7] };
const outcomeOf = (r: ReturnType<typeof gameRemoteness>) => (r.remoteness === null ? null : r.outcome);

const describeInput = (input: GameInput) =>
  `${input.play} ${JSON.stringify(input.components, (key, value) => (key === 'graph' ? '…' : bigints(key, value)))}`;

/** The engine's remoteness, outcome and every move's remoteness against the oracle; returns the outcome. */
function expectAgainstProduct(input: GameInput): 'N' | 'P' {
  const what = describeInput(input);
  const product = new ProductGame(input);
  const start = input.components.map(stateOf);
  const memo = new Map<string, { wins: boolean; moves: number }>();
  const expected = bruteRemoteness(product, input.play, start, memo);
  const result = gameRemoteness(input);
  assert.ok(result.remoteness !== null, `${what}: ${'reason' in result ? result.reason : ''}`);
  assert.equal(result.remoteness, expected.moves, `remoteness of ${what}`);
  assert.equal(result.outcome, expected.wins ? 'N' : 'P', `outcome of ${what}`);
  // Every distinct option once, each with the remoteness of the position it leaves.
  const reached = new Set<string>();
  for (const { move, remoteness } of result.moves) {
    const after = start.map((s, i) => (i === move.component ? applyMove(input.components[i], s, move.move) : s));
    reached.add(stateKey(after));
    const there = bruteRemoteness(product, input.play, after, memo);
    assert.equal(remoteness, there.moves, `${what}: after ${JSON.stringify(move, bigints)}`);
  }
  const options = new Set(product.options(start).map(stateKey));
  assert.deepEqual([...reached].sort(), [...options].sort(), `${what}: the moves reach every option`);
  // The computer's choice: the quickest win, or the longest loss.
  const best = bestMove(input.play, result.moves);
  if (options.size === 0) assert.equal(best, undefined);
  else {
    assert.ok(best, what);
    const after = start.map((s, i) =>
      i === best.move.component ? applyMove(input.components[i], s, best.move.move) : s,
    );
    const there = bruteRemoteness(product, input.play, after, memo);
    if (expected.wins) {
      assert.equal(there.wins, false, `${what}: the reply from an N-position leaves a P-position`);
      assert.equal(there.moves + 1, expected.moves, `${what}: and wins as fast as possible`);
    } else assert.equal(there.moves + 1, expected.moves, `${what}: the reply from a P-position holds on longest`);
  }
  return result.outcome;
}

function randomSums(
  seed: number,
  count: number,
  play: GameInput['play'],
  component: (next: () => number) => ComponentInput,
  most: number,
) {
  const next = random(seed);
  return Array.from(
    { length: count },
    (): GameInput => ({
      play,
      components: Array.from({ length: integer(next, 1, most) }, () => component(next)),
    }),
  );
}

describe('remoteness against the product graph', () => {
  it('single heaps, tokens and rows, normal and misère play', () => {
    for (const play of ['normal', 'misere'] as const) {
      const outcomes = new Set<string>();
      for (const input of randomSums(81, 300, play, (next) => randomComponent(next, 7), 1))
        outcomes.add(expectAgainstProduct(input));
      assert.deepEqual([...outcomes].sort(), ['N', 'P'], `${play}: both outcomes met`);
    }
  });

  it('small sums of heaps, tokens and rows, normal and misère play', () => {
    for (const play of ['normal', 'misere'] as const)
      for (const input of randomSums(83, 250, play, (next) => randomComponent(next, 4), 3)) expectAgainstProduct(input);
  });

  it('the classics and version 3 (Wythoff, leftmost, words, staircases, pictures), alone and in sums', () => {
    for (const play of ['normal', 'misere'] as const) {
      for (const input of randomSums(85, 200, play, classicComponent, 2)) expectAgainstProduct(input);
      for (const input of randomSums(87, 200, play, v3Component, 2)) expectAgainstProduct(input);
    }
  });

  it('agrees with the engine on who wins (the XOR rule; misère by its own theories)', () => {
    for (const play of ['normal', 'misere'] as const)
      for (const input of randomSums(89, 200, play, (next) => randomComponent(next, 5), 3)) {
        const result = gameRemoteness(input);
        const value = analyzeGame(input);
        if (result.remoteness === null || value.outcome === null) continue;
        assert.equal(result.outcome, value.outcome, describeInput(input));
      }
  });

  it('known values: Nim, misère Nim, Kayles', () => {
    const heaps = (rule: HeapRule, play: GameInput['play'], ...sizes: number[]) =>
      gameRemoteness({ play, components: [{ kind: 'heaps', rule, heaps: sizes.map(BigInt) }] });
    // A lone Nim heap is taken whole at once; two equal heaps: the loser takes one at a time, the winner copies.
    assert.equal(heaps(nim, 'normal', 9).remoteness, 1);
    assert.equal(heaps(nim, 'normal', 3, 3).remoteness, 6);
    assert.equal(heaps(nim, 'normal').remoteness, 0);
    // Misère: no move left is a win; a lone heap of 1 must be taken (and loses); of 9, 8 are taken.
    assert.deepEqual(heaps(nim, 'misere'), { remoteness: 0, outcome: 'N', moves: [] });
    assert.equal(outcomeOf(heaps(nim, 'misere', 1)), 'P');
    assert.equal(heaps(nim, 'misere', 9).remoteness, 2);
    // Kayles: a row of n pins is won at once by knocking the middle (1 or 2 pins) when n ≤ 2; else by symmetry.
    assert.equal(heaps(KAYLES, 'normal', 2).remoteness, 1);
    assert.equal(outcomeOf(heaps(KAYLES, 'normal', 7)), 'N');
  });

  it('Treblecross rows: a move completing three in a row ends the game, in a sum too', () => {
    const row = (cells: string): ComponentInput => ({ kind: 'treblecross', cells });
    /** The oracle for rows: mark an empty cell; three in a row wins at once. */
    const brute = (cells: readonly string[], memo = new Map<string, { wins: boolean; moves: number }>()) => {
      const key = cells.join('|');
      const known = memo.get(key);
      if (known) return known;
      const options: { wins: boolean; moves: number }[] = [];
      cells.forEach((c, i) => {
        for (let j = 0; j < c.length; j++) {
          if (c[j] !== '.') continue;
          const after = `${c.slice(0, j)}X${c.slice(j + 1)}`;
          if (after.includes('XXX')) options.push({ wins: false, moves: 0 });
          else
            options.push(
              brute(
                cells.map((d, k) => (k === i ? after : d)),
                memo,
              ),
            );
        }
      });
      const losing = options.filter((o) => !o.wins);
      const result =
        options.length === 0
          ? { wins: false, moves: 0 }
          : losing.length > 0
            ? { wins: true, moves: 1 + Math.min(...losing.map((o) => o.moves)) }
            : { wins: false, moves: 1 + Math.max(...options.map((o) => o.moves)) };
      memo.set(key, result);
      return result;
    };
    const next = random(91);
    for (let trial = 0; trial < 150; trial++) {
      const cells = Array.from({ length: integer(next, 1, 2) }, () =>
        Array.from({ length: integer(next, 1, 7) }, () => (next() < 0.2 ? 'X' : '.')).join(''),
      ).filter((c) => !c.includes('XXX'));
      if (cells.length === 0) continue;
      const result = gameRemoteness({ play: 'normal', components: cells.map(row) });
      const expected = brute(cells);
      assert.equal(result.remoteness, expected.moves, cells.join(' + '));
      assert.equal(result.remoteness !== null && result.outcome, expected.wins ? 'N' : 'P', cells.join(' + '));
    }
    assert.deepEqual(gameRemoteness({ play: 'normal', components: [row('.XXX.'), row('...')] }), {
      remoteness: 0,
      outcome: 'P',
      moves: [],
    });
    assert.match(String(gameRemoteness({ play: 'misere', components: [row('...')] }).remoteness), /null/);
  });

  it('is bounded: a budget of positions, a deadline, a cancellation, and heaps past the search', () => {
    const big: GameInput = { play: 'normal', components: [{ kind: 'heaps', rule: KAYLES, heaps: [40n, 41n, 43n] }] };
    const limited = gameRemoteness(big, { maxValues: 5000 });
    assert.equal(limited.remoteness, null);
    assert.equal(
      'reason' in limited && limited.reason,
      'beyond the remoteness search limit (5,000 positions): the game has at least 14,060',
    );
    assert.equal('stop' in limited && limited.stop, 'max-values');
    const late = gameRemoteness(big, { deadline: Date.now() - 1 });
    assert.equal('stop' in late && late.stop, 'deadline');
    assert.match(
      'reason' in late ? late.reason : '',
      /^beyond the remoteness search time limit \([\d,]+ positions met\)$/,
    );
    const cancelled = gameRemoteness(big, { isCancelled: () => true });
    assert.equal('stop' in cancelled && cancelled.stop, 'cancelled');
    const huge = gameRemoteness({ play: 'normal', components: [{ kind: 'heaps', rule: nim, heaps: [10n ** 6n] }] });
    assert.match('reason' in huge ? huge.reason : '', /heaps of at most 10,000/);
    // Deep games do not overflow the stack: a heap of 10,000 taken one at a time.
    const deep = remotenessSearch([{ kind: 'heap', rule: { kind: 'subtract', set: [1n] }, size: 10_000 }], 'normal');
    assert.equal(deep.remoteness, 10_000);
  });
});

/** The canonical positions the oracle reaches from a game's start: heaps with no move left out, as the search does. */
function reachablePositions(input: GameInput): number {
  const product = new ProductGame(input);
  const dead = new Map<string, boolean>();
  const isDead = (component: number, size: number) => {
    const key = `${component}:${size}`;
    let known = dead.get(key);
    if (known === undefined) {
      const alone = { ...input, components: [{ ...input.components[component], heaps: [BigInt(size)] }] };
      known = new ProductGame(alone).options([{ kind: 'heaps', sizes: [size] }]).length === 0;
      dead.set(key, known);
    }
    return known;
  };
  const canonical = (states: readonly ComponentState[]) =>
    stateKey(
      states.map((state, component) =>
        state.kind === 'heaps' ? { ...state, sizes: state.sizes.filter((h) => !isDead(component, h)) } : state,
      ),
    );
  const seen = new Set<string>();
  const all = new Set<string>();
  const stack = [input.components.map(stateOf)];
  while (stack.length > 0) {
    const states = stack.pop()!;
    const key = stateKey(states);
    if (seen.has(key)) continue;
    seen.add(key);
    all.add(canonical(states));
    stack.push(...product.options(states));
  }
  return all.size;
}

describe('remoteness beside every value: counted in positions', () => {
  const heaps = (rule: HeapRule, ...sizes: number[]): GameInput => ({
    play: 'normal',
    components: [{ kind: 'heaps', rule, heaps: sizes.map(BigInt) }],
  });
  const one: HeapRule = { kind: 'subtract', set: [1n] };
  const reasonOf = (r: GameRemoteness) => (r.remoteness === null ? r.reason : '');

  it('kayles 6 7 7 and nim 10 20 30 get their remoteness beside the value, as the oracle has it', () => {
    for (const input of [heaps(KAYLES, 6, 7, 7), heaps(nim, 10, 20, 30)]) {
      const expected = bruteRemoteness(new ProductGame(input), 'normal', input.components.map(stateOf));
      const game = gameResult(input, { cache: createEngineCache(), remoteness: 'full' });
      assert.equal(game.remotenessReason, undefined, describeInput(input));
      assert.equal(game.remoteness, expected.moves, describeInput(input));
      const limited = gameRemoteness(input, {}, GAME_REMOTENESS_LIMITS);
      assert.equal(limited.remoteness, expected.moves);
    }
    // The counts: 701 positions (it said "beyond the limit (5,000 positions)"), and 3,311 of Nim's.
    assert.equal(reachablePositions(heaps(KAYLES, 6, 7, 7)), 701);
    assert.equal(reachablePositions(heaps(nim, 10, 20, 30)), 3311);
  });

  it('the quick search beside a value leaves a game that needs more moves pending apart, or says so', () => {
    // nim 10 20 30: 3,311 positions, about 114,000 moves: past the quick search's 20,000, within the longer one's.
    const input = heaps(nim, 10, 20, 30);
    const quick = gameResult(input, {});
    assert.equal(quick.remoteness, undefined);
    assert.match(quick.remotenessReason ?? '', /beyond the remoteness search limit \(20,000 moves generated/);
    const apart = gameResult(input, { remoteness: 'apart' });
    assert.equal(apart.remotenessPending, true);
    assert.equal(apart.remotenessReason, undefined);
    const full = remotenessApart(input, {});
    assert.deepEqual(full, {
      kind: 'remoteness',
      remoteness: { moves: gameResult(input, { remoteness: 'full' }).remoteness },
    });
    // A game its heaps prove past the positions is not left pending: the longer search would meet them too.
    const past = gameResult(heaps(KAYLES, 30, 31, 32, 33), { remoteness: 'apart' });
    assert.equal(past.remotenessPending, undefined);
    assert.match(past.remotenessReason ?? '', /20,000 positions\): the game has at least/);
  });

  it("the search's count of distinct positions is the oracle's count of reachable canonical positions", () => {
    const rules: HeapRule[] = [
      nim,
      KAYLES,
      one,
      { kind: 'subtract', set: [1n, 2n] },
      { kind: 'subtract', set: [2n, 3n] }, // heaps of 1 have no move: left out of a position
      { kind: 'subtract', set: [1n, 3n, 4n] },
      { kind: 'octal', digits: [0, 0, 7] }, // Dawson's Kayles
      { kind: 'octal', digits: [4, 3, 7] }, // a heap may also be split without removing anything
    ];
    const next = random(99);
    let counted = 0;
    let bounded = 0;
    for (let trial = 0; trial < 120; trial++) {
      const rule = rules[trial % rules.length];
      const input = heaps(rule, ...Array.from({ length: integer(next, 1, 3) }, () => integer(next, 0, 9)));
      const game = gameUnits(input);
      assert.ok('units' in game);
      const search = remotenessSearch(game.units, 'normal', {}, GAME_REMOTENESS_LIMITS);
      assert.ok(search.remoteness !== null, describeInput(input));
      assert.equal(search.states, reachablePositions(input), describeInput(input));
      // The bound that skips a search is a lower bound on these positions.
      const atLeast = positionsAtLeast(game.units);
      assert.ok(atLeast <= search.states, `${describeInput(input)}: at least ${atLeast}, ${search.states} met`);
      bounded += atLeast > 1 ? 1 : 0;
      const movesAtLeast = searchMovesAtLeast(game.units);
      assert.ok(
        movesAtLeast <= search.moves,
        `${describeInput(input)}: at least ${movesAtLeast} moves, ${search.moves}`,
      );
      counted += search.states;
    }
    assert.ok(counted > 2000, `positions counted in all: ${counted}`);
    assert.ok(bounded > 60, `games with a bound above 1: ${bounded}`);
  });

  it("boards and graphs: the bound that skips a search is a lower bound on their positions, Chomp's exact", () => {
    const next = random(43);
    const makers = [chompComponent, cramComponent, kaylesComponent];
    let bounded = 0;
    for (let trial = 0; trial < 90; trial++) {
      const components = [makers[trial % 3](next), ...(trial % 2 ? [makers[(trial + 1) % 3](next)] : [])];
      const input: GameInput = { play: 'normal', components };
      const game = gameUnits(input);
      assert.ok('units' in game);
      const search = remotenessSearch(game.units, 'normal', {}, DEFAULT_REMOTENESS_LIMITS);
      assert.ok(search.remoteness !== null, describeInput(input));
      const atLeast = positionsAtLeast(game.units);
      assert.ok(atLeast <= search.states, `${describeInput(input)}: at least ${atLeast}, ${search.states} met`);
      if (atLeast > 1) bounded++;
      // One Chomp board: its positions are the staircases inside it, counted exactly.
      if (game.units.length === 1 && game.units[0].kind === 'chomp')
        assert.equal(atLeast, search.states, describeInput(input));
    }
    assert.ok(bounded > 60, `games with a bound above 1: ${bounded}`);
    // Chomp [100, 100, 100]: 176,850 positions, past the game's limit, refused at once (it took 3 s to find out).
    const big = gameUnits({ play: 'normal', components: [{ kind: 'chomp', boards: [[100n, 100n, 100n]] }] });
    assert.ok('units' in big);
    assert.equal(positionsAtLeast(big.units), 176_850);
  });

  it('a game of exactly the limit is searched; one position more says the limit, in positions', () => {
    // Heaps taken one at a time: {x, y} with x ≤ 4001, y ≤ 4 is 20,000 positions; x ≤ 10,000, y ≤ 1 is 20,001.
    const at = heaps(one, 4001, 4);
    const over = heaps(one, 10_000, 1);
    assert.equal(reachablePositions(at), GAME_REMOTENESS_LIMITS.positions);
    assert.equal(reachablePositions(over), GAME_REMOTENESS_LIMITS.positions + 1);
    const searched = gameResult(at, { remoteness: 'full' });
    assert.equal(searched.remoteness, 4005);
    const stopped = gameResult(over, { remoteness: 'full' });
    assert.equal(stopped.remoteness, undefined);
    assert.equal(stopped.remotenessReason, 'beyond the remoteness search limit (20,000 positions)');
  });

  it('a search that generates too many moves before it meets its positions says so in moves, not positions', () => {
    // Nim heaps of 10,000: each has 10,000 options, and each option's own are listed to know whether it has moves.
    const wideGame = gameUnits(heaps(nim, 10_000, 9_999));
    assert.ok('units' in wideGame);
    const wide = remotenessSearch(wideGame.units, 'normal', {}, { positions: 10 ** 8, moves: 500_000 });
    assert.match(
      'reason' in wide ? wide.reason : '',
      /^beyond the remoteness search limit \(500,000 moves generated; [\d,]+ positions? met\)$/,
    );
    assert.equal('stop' in wide && wide.stop, 'size-limit');
    // Kayles heaps of 30 and more: many positions, few moves each; a limit of positions stops it.
    const manyGame = gameUnits(heaps(KAYLES, 30, 31, 32, 33));
    assert.ok('units' in manyGame);
    const many = remotenessSearch(manyGame.units, 'normal', {}, { positions: 20_000, moves: 10_000_000 });
    assert.equal('reason' in many && many.reason, 'beyond the remoteness search limit (20,000 positions)');
    // Beside a value, both are known to be past the limit before any search: their heaps' chains prove it.
    assert.equal(
      reasonOf(gameRemoteness(heaps(nim, 10_000, 9_999), {}, GAME_REMOTENESS_LIMITS)),
      'beyond the remoteness search limit (20,000 positions): the game has at least 50,004,999',
    );
    assert.equal(
      reasonOf(gameRemoteness(heaps(KAYLES, 30, 31, 32, 33), {}, GAME_REMOTENESS_LIMITS)),
      'beyond the remoteness search limit (20,000 positions): the game has at least 58,275',
    );
    // The moves are counted as generated: a search that ends reports them with its positions.
    const game = gameUnits(heaps(nim, 10, 20, 30));
    assert.ok('units' in game);
    const search = remotenessSearch(game.units, 'normal', {}, { positions: 3311, moves: 1_000_000 });
    assert.equal(search.states, 3311);
    assert.ok(search.moves > search.states, `${search.moves} moves`);
    const short = remotenessSearch(game.units, 'normal', {}, { positions: 3311, moves: search.moves - 1 });
    assert.match('reason' in short ? short.reason : '', /\([\d,]+ moves generated; [\d,]+ positions met\)$/);
    const fewer = remotenessSearch(game.units, 'normal', {}, { positions: 3310, moves: 1_000_000 });
    assert.equal('reason' in fewer && fewer.reason, 'beyond the remoteness search limit (3,310 positions)');
  });
});

describe('playing out: every move, the position after it, and hand edits', () => {
  const inputs = [
    ...randomSums(93, 150, 'normal', (next) => randomComponent(next, 5), 2),
    ...randomSums(95, 100, 'misere', classicComponent, 2),
    ...randomSums(97, 100, 'normal', v3Component, 2),
  ];

  it('gameAfter is the oracle’s position after each move, and the moves reach every option', () => {
    for (const input of inputs) {
      const listed = gameMoves(input);
      assert.ok('moves' in listed, describeInput(input));
      const product = new ProductGame(input);
      const start = input.components.map(stateOf);
      const reached = new Set<string>();
      for (const move of listed.moves) {
        const expected = start.map((s, i) => (i === move.component ? applyMove(input.components[i], s, move.move) : s));
        const after = gameAfter(input, move);
        assert.equal(stateKey(after.components.map(stateOf)), stateKey(expected), describeInput(input));
        reached.add(stateKey(expected));
      }
      assert.deepEqual([...reached].sort(), [...new Set(product.options(start).map(stateKey))].sort());
    }
  });

  it('moveBetween recognises each move, the same position, and refuses what is not one move', () => {
    let refused = 0;
    for (const input of inputs) {
      assert.deepEqual(moveBetween(input, input), { kind: 'same' });
      const listed = gameMoves(input);
      if (!('moves' in listed)) continue;
      for (const move of listed.moves) {
        const after = gameAfter(input, move);
        const found = moveBetween(input, after);
        assert.equal(found.kind, 'move', describeInput(input));
        if (found.kind === 'move') assert.equal(positionKey(gameAfter(input, found.move)), positionKey(after));
        // Two moves in a row (when the game lasts that long) are never one move, unless the two
        // happen to leave a position one move also leaves (e.g. 5 → 3 → 1 in Nim is 5 → 1).
        const second = gameMoves(after);
        if (!('moves' in second) || second.moves.length === 0) continue;
        const twice = gameAfter(after, second.moves[0]);
        const oneMove: boolean = listed.moves.some(
          (m: GameMove) => positionKey(gameAfter(input, m)) === positionKey(twice),
        );
        const verdict = moveBetween(input, twice);
        assert.equal(verdict.kind, oneMove ? 'move' : 'not-a-move', `${describeInput(input)} two moves`);
        if (!oneMove) refused++;
      }
    }
    assert.ok(refused > 100, `two-move edits refused: ${refused}`);
    // A heap made larger, a rule changed, and misère for normal are not moves.
    const game = (rule: HeapRule, play: GameInput['play'], ...heaps: bigint[]): GameInput => ({
      play,
      components: [{ kind: 'heaps', rule, heaps }],
    });
    assert.equal(moveBetween(game(nim, 'normal', 3n, 4n), game(nim, 'normal', 3n, 5n)).kind, 'not-a-move');
    assert.equal(moveBetween(game(nim, 'normal', 3n, 4n), game(KAYLES, 'normal', 3n, 2n)).kind, 'not-a-move');
    assert.equal(moveBetween(game(nim, 'normal', 3n, 4n), game(nim, 'misere', 3n, 2n)).kind, 'not-a-move');
    // Heaps in another order are the same position; a heap taken whole may be written 0 or left out.
    assert.equal(moveBetween(game(nim, 'normal', 3n, 4n), game(nim, 'normal', 4n, 3n)).kind, 'same');
    assert.equal(moveBetween(game(nim, 'normal', 3n, 4n), game(nim, 'normal', 3n)).kind, 'move');
    assert.equal(moveBetween(game(nim, 'normal', 3n, 4n), game(nim, 'normal', 0n, 4n)).kind, 'move');
  });
});
