// Issue 55, one game, one answer, for the boards and graph games: a Cram board's, a Node or Arc Kayles graph's
// and a Chomp board's answer is a function of the board alone, the same whether it is computed first in a fresh
// engine cache or after any sequence of other boards through the same cache, and right.
//  (a) Random small boards through the engine's face (analyzeGame, createEngineCache): Cram boards up to 4×5
//      with random filled cells, random graphs of at most 12 vertices for Node and Arc Kayles, random staircases
//      inside 6 × 6. Each game's whole analysis (value, outcome, winning moves, every part's words) alone in a
//      fresh cache equals its analysis in one shared cache after a random sequence of other boards, and again in
//      another order; its nimber and its winning moves equal the product oracle's (test/engine/oracles, a plain
//      mex over every move of the rules, no code of the engine's), for Cram a brute force of the same kind here
//      (the product oracle's states are too slow for boards of 20 cells).
//  (b) A board just past its limit (a limit given to the engine function: the smallest that the board does not
//      fit) says the identical reason alone and after other boards went through the same shared results: its
//      own options' boards, boards that share its regions, and the board itself under a larger limit. And a
//      board just within its limit is valued the same both ways. Through the engine's face, a Chomp board
//      past the default limits is refused with the same reason alone and after others.
//  (c) Nothing here reads the clock: no deadline, no timing.
import * as assert from 'node:assert/strict';
import {
  analyzeGame,
  type ComponentInput,
  createEngineCache,
  type EngineCache,
  type GameInput,
} from '../../../server/src/engine';
import { ChompMemo, chompCount, chompValue, chompWinningMoves } from '../../../server/src/engine/boards/chomp';
import {
  type CramBoard,
  type CramLimits,
  cramOptions,
  cramValue,
  cramWinningMoves,
  SearchResults,
} from '../../../server/src/engine/boards/cram';
import {
  type KaylesGraph,
  type KaylesLimits,
  kaylesOptions,
  kaylesValue,
  kaylesWinningMoves,
} from '../../../server/src/engine/boards/graphKayles';
import type { KaylesKind } from '../../../server/src/engine/boards/graphKaylesKnown';
import { bigints, ProductGame, stateKey, stateOf } from '../oracles/gameOracle';
import { integer, random } from '../oracles/random';

const UNLIMITED_CRAM: CramLimits = { positions: 1e12, boardPositions: 1e12 };
const UNLIMITED_KAYLES: KaylesLimits = { positions: 1e12, graphPositions: 1e12 };
const UNLIMITED_CHOMP = { positions: 1e12, moves: 1e15 };

// Random boards ------------------------------------------------------------------------------------

/** A Cram board up to 4×5, each cell empty with a probability of its own board's. */
function randomCram(next: () => number): CramBoard {
  const height = integer(next, 1, 4);
  const width = integer(next, 1, 5);
  const p = [0.5, 0.65, 0.8][integer(next, 0, 2)];
  return { width, height, empty: Uint8Array.from({ length: width * height }, () => (next() < p ? 1 : 0)) };
}

/** A graph of at most 12 vertices (vertices 0 … n − 1), each pair an edge with a probability of its own graph's. */
function randomGraph(next: () => number, most = 12): KaylesGraph {
  const vertices = integer(next, 0, most);
  const p = [0.15, 0.3, 0.5][integer(next, 0, 2)];
  const edges: [number, number][] = [];
  for (let u = 0; u < vertices; u++) for (let v = u + 1; v < vertices; v++) if (next() < p) edges.push([u, v]);
  return { vertices, edges };
}

/** A staircase inside 6 × 6: rows from the bottom up, non-increasing. */
function randomStaircase(next: () => number): number[] {
  const rows: number[] = [];
  let longest = integer(next, 1, 6);
  for (let r = integer(next, 1, 6); r > 0; r--) {
    rows.push(longest);
    longest = integer(next, 1, longest);
  }
  return rows;
}

const cramGame = (boards: readonly CramBoard[]): GameInput => ({
  play: 'normal',
  components: [{ kind: 'cram', boards } as ComponentInput],
});
const kaylesGame = (game: KaylesKind, graphs: readonly KaylesGraph[]): GameInput => ({
  play: 'normal',
  components: [
    {
      kind: 'graph-kayles',
      game,
      positions: graphs.map((g) => ({ vertices: [...Array(g.vertices).keys()], edges: g.edges })),
    } as ComponentInput,
  ],
});
const chompGame = (boards: readonly (readonly number[])[]): GameInput => ({
  play: 'normal',
  components: [{ kind: 'chomp', boards: boards.map((rows) => rows.map(BigInt)) } as ComponentInput],
});

/** A game's whole analysis as text: everything it says (values, words, moves): two are equal only when all is. */
const said = (game: GameInput, cache: EngineCache) => JSON.stringify(analyzeGame(game, { cache }), bigints);

/** The Fisher–Yates shuffle of a copy, by `next`. */
function shuffled<T>(next: () => number, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = integer(next, 0, i);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** What the oracle says of a game: its nimber, and how many moves win (each to a different position). */
type Oracle = (game: GameInput) => { readonly nimber: number; readonly winning: number };

/** The product oracle (test/engine/oracles/gameOracle.ts): the sum's whole game graph, a mex at every position. */
const productOracle: Oracle = (game) => {
  const product = new ProductGame(game);
  const start = game.components.map(stateOf);
  const winning = product.options(start).filter((option) => product.nimber(option) === 0);
  return { nimber: product.nimber(start), winning: new Set(winning.map(stateKey)).size };
};

/**
 * Every game alone in a fresh cache, then all of them (and `others` among them) through one shared cache in two
 * random orders: each game's analysis the same every time, and its nimber and winning moves the oracle's.
 */
function aloneOrAfterOthers(
  seed: number,
  games: readonly GameInput[],
  others: readonly GameInput[],
  oracle: Oracle = productOracle,
): void {
  const next = random(seed);
  const alone = games.map((game) => said(game, createEngineCache()));
  const shared = createEngineCache();
  for (let round = 0; round < 2; round++) {
    const order = shuffled(next, [...games.keys(), ...others.map((_, k) => -1 - k)]);
    for (const i of order) {
      if (i < 0) {
        said(others[-1 - i], shared);
        continue;
      }
      assert.equal(said(games[i], shared), alone[i], `game ${i}, round ${round}: not the same after other boards`);
    }
  }
  for (const [i, game] of games.entries()) {
    const analysis = JSON.parse(alone[i]);
    const expected = oracle(game);
    assert.equal(analysis.nimber, String(expected.nimber), `game ${i}: ${alone[i].slice(0, 300)}`);
    assert.equal(analysis.winningMoveCount, String(expected.winning), `game ${i}`);
  }
}

/**
 * Cram by the rules alone, for boards of at most 20 cells (the product oracle's states are too slow there): a
 * board is a bit set of its empty cells, its value the mex over every domino's, memo by the set. A game of
 * several boards is their sum: its nimber the XOR of theirs (Sprague–Grundy), a move winning when it leaves 0.
 */
function cramOracle(): Oracle {
  const memos = new Map<number, Map<number, number>>();
  const dominoes = (width: number, height: number) => {
    const found: number[] = [];
    for (let i = 0; i < width * height; i++) {
      if ((i % width) + 1 < width) found.push((1 << i) | (1 << (i + 1)));
      if (i + width < width * height) found.push((1 << i) | (1 << (i + width)));
    }
    return found;
  };
  const value = (set: number, all: readonly number[], memo: Map<number, number>): number => {
    const known = memo.get(set);
    if (known !== undefined) return known;
    const reached = new Set<number>();
    for (const d of all) if ((set & d) === d) reached.add(value(set & ~d, all, memo));
    let mex = 0;
    while (reached.has(mex)) mex++;
    memo.set(set, mex);
    return mex;
  };
  return (game) => {
    const boards = (game.components[0] as { boards: readonly CramBoard[] }).boards;
    const each = boards.map((b) => {
      const key = b.width * 8 + b.height;
      if (!memos.has(key)) memos.set(key, new Map());
      const all = dominoes(b.width, b.height);
      const set = b.empty.reduce((bits, e, i) => (e ? bits | (1 << i) : bits), 0);
      const options = all.filter((d) => (set & d) === d).map((d) => value(set & ~d, all, memos.get(key)!));
      return { value: value(set, all, memos.get(key)!), options };
    });
    const nimber = each.reduce((x, b) => x ^ b.value, 0);
    const winning = each.reduce((n, b) => n + b.options.filter((g) => (g ^ b.value ^ nimber) === 0).length, 0);
    return { nimber, winning };
  };
}

describe('one game, one answer: boards alone or after others through the same cache (issue 55)', () => {
  it('Cram: 80 random boards up to 4×5 (and 20 games of two boards), against the brute force', () => {
    const next = random(5501);
    const games = [
      ...Array.from({ length: 80 }, () => cramGame([randomCram(next)])),
      ...Array.from({ length: 20 }, () => cramGame([randomCram(next), randomCram(next)])),
    ];
    const others = Array.from({ length: 60 }, () => cramGame([randomCram(next)]));
    aloneOrAfterOthers(5502, games, others, cramOracle());
  });

  for (const game of ['node', 'arc'] as const)
    it(`${game} Kayles: 80 random graphs of at most 12 vertices (20 of two graphs), against the product oracle`, () => {
      const next = random(game === 'node' ? 5511 : 5512);
      const games = [
        ...Array.from({ length: 80 }, () => kaylesGame(game, [randomGraph(next)])),
        ...Array.from({ length: 20 }, () => kaylesGame(game, [randomGraph(next, 7), randomGraph(next, 7)])),
      ];
      const others = Array.from({ length: 60 }, () => kaylesGame(game, [randomGraph(next)]));
      aloneOrAfterOthers(game === 'node' ? 5513 : 5514, games, others);
    });

  it('Chomp: 100 random staircases inside 6 × 6 (and 20 games of two), against the product oracle', () => {
    const next = random(5521);
    const games = [
      ...Array.from({ length: 100 }, () => chompGame([randomStaircase(next)])),
      ...Array.from({ length: 20 }, () => chompGame([randomStaircase(next), randomStaircase(next)])),
    ];
    // Others that hold the games' boards (6 × 6 and larger tables) and others inside them.
    const others = [
      chompGame([[6, 6, 6, 6, 6, 6]]),
      chompGame([[9, 9, 9, 9, 9, 9, 9]]),
      ...Array.from({ length: 40 }, () => chompGame([randomStaircase(next)])),
    ];
    aloneOrAfterOthers(5522, games, others);
  });
});

describe('one game, one answer: a board just past its limit says the same alone and after others (issue 55)', () => {
  const cramBoard = (rows: readonly string[]): CramBoard => ({
    width: rows[0].length,
    height: rows.length,
    empty: Uint8Array.from(rows.join(''), (ch) => (ch === '.' ? 1 : 0)),
  });

  it('Cram: a region one position past its limit, after its options, sub-boards and itself under more', () => {
    const board = cramBoard(['......', '......', '...#..', '......']);
    const needed = cramValue(board, {}, new SearchResults(), {}, UNLIMITED_CRAM);
    assert.notEqual(needed.value, null);
    const P = needed.positions;
    assert.ok(P > 100, `${P} positions`);
    for (const [limit, fits] of [
      [P - 1, false],
      [P, true],
    ] as const) {
      const limits = { positions: limit, boardPositions: 1e12 };
      const alone = cramValue(board, {}, new SearchResults(), {}, limits);
      const aloneMoves = cramWinningMoves(board, 0, {}, new SearchResults(), {}, limits);
      assert.equal(alone.value !== null, fits, alone.reason);
      if (!fits) {
        assert.equal(alone.stop, 'work-limit');
        assert.equal(
          alone.reason,
          `the search stopped at its limit of ${limit.toLocaleString('en-US')} positions ` +
            '(a region of 23 cells (at cell 0) unknown)',
        );
      }
      // Through one set of finished searches: every option's board (its regions are the board's sub-regions),
      // the board turned and with a cell less, and the board itself under a larger limit and a smaller one.
      const shared = new SearchResults();
      for (const move of cramOptions(board)) cramValue(move.after, {}, shared, {}, limits);
      cramValue(board, {}, shared, {}, UNLIMITED_CRAM);
      cramValue(board, {}, shared, {}, { positions: 10, boardPositions: 10 });
      const after = cramValue(board, {}, shared, {}, limits);
      assert.deepEqual(after, alone);
      assert.deepEqual(cramWinningMoves(board, 0, {}, shared, {}, limits), aloneMoves);
    }
  });

  it('Cram: a board whose second region is past the board’s limit, alone and after that region was searched', () => {
    // Two regions: a small one (searched first) and a larger one; the board's limit is the small one's count.
    const board = cramBoard(['...#.....', '.#.#.....', '...#..#..', '...#.....']);
    const unlimited = cramValue(board, {}, new SearchResults(), {}, UNLIMITED_CRAM);
    assert.notEqual(unlimited.value, null);
    const small = cramValue(cramBoard(['...', '.#.', '...', '...']), {}, new SearchResults(), {}, UNLIMITED_CRAM);
    const limits = { positions: 1e12, boardPositions: small.positions };
    const alone = cramValue(board, {}, new SearchResults(), {}, limits);
    assert.equal(alone.value, null);
    assert.match(
      alone.reason!,
      /was not searched: the board's region searches had taken [\d,]+ positions, past the board's limit/,
    );
    const shared = new SearchResults();
    cramValue(cramBoard(['.....', '.....', '..#..', '.....']), {}, shared, {}, UNLIMITED_CRAM); // the larger region
    cramValue(board, {}, shared, {}, UNLIMITED_CRAM);
    assert.deepEqual(cramValue(board, {}, shared, {}, limits), alone);
    assert.deepEqual(
      cramWinningMoves(board, 0, {}, shared, {}, limits),
      cramWinningMoves(board, 0, {}, new SearchResults(), {}, limits),
    );
  });

  for (const kind of ['node', 'arc'] as const)
    it(`${kind} Kayles: a component one position past its limit, after its options and itself under more`, () => {
      const next = random(kind === 'node' ? 5531 : 5532);
      let graph: KaylesGraph;
      let P: number;
      // A connected random graph whose search takes some hundreds of positions.
      let parts: number;
      do {
        graph = randomGraph(next, 22);
        const unlimited = kaylesValue(kind, graph, {}, new SearchResults(), UNLIMITED_KAYLES);
        [P, parts] = [unlimited.positions, unlimited.parts.length];
      } while (parts !== 1 || P < 200 || P > 20_000);
      for (const [limit, fits] of [
        [P - 1, false],
        [P, true],
      ] as const) {
        const limits = { positions: limit, graphPositions: 1e12 };
        const alone = kaylesValue(kind, graph, {}, new SearchResults(), limits);
        const aloneMoves = kaylesWinningMoves(kind, graph, 0, {}, new SearchResults(), limits);
        assert.equal(alone.value !== null, fits, alone.reason);
        if (!fits) {
          assert.equal(alone.stop, 'work-limit');
          assert.match(
            alone.reason!,
            new RegExp(`is unknown: the search stopped at its limit of ${limit.toLocaleString('en')} positions$`),
          );
        }
        const shared = new SearchResults();
        for (const { removed } of kaylesOptions(kind, graph)) {
          const gone = new Set(removed);
          const kept = [...Array(graph.vertices).keys()].filter((v) => !gone.has(v));
          const index = new Map(kept.map((v, i) => [v, i]));
          const edges = graph.edges
            .filter(([a, b]) => !gone.has(a) && !gone.has(b))
            .map(([a, b]) => [index.get(a)!, index.get(b)!] as [number, number]);
          kaylesValue(kind, { vertices: kept.length, edges }, {}, shared, limits);
        }
        kaylesValue(kind, graph, {}, shared, UNLIMITED_KAYLES);
        kaylesValue(kind, graph, {}, shared, { positions: 10, graphPositions: 10 });
        assert.deepEqual(kaylesValue(kind, graph, {}, shared, limits), alone);
        assert.deepEqual(kaylesWinningMoves(kind, graph, 0, {}, shared, limits), aloneMoves);
      }
    });

  it('Chomp: a board one position (or one move) past its limit, after a larger table that holds it', () => {
    const board = [7, 6, 6, 4, 2];
    const count = chompCount(board, UNLIMITED_CHOMP);
    assert.ok('positions' in count);
    const { positions, moves } = count as { positions: number; moves: number };
    for (const [limits, fits] of [
      [{ positions: positions - 1, moves: 1e15 }, false],
      [{ positions: 1e12, moves: moves - 1 }, false],
      [{ positions, moves }, true],
    ] as const) {
      const alone = chompValue(board, {}, new ChompMemo(), limits);
      const aloneMoves = chompWinningMoves(board, 0, {}, new ChompMemo(), limits);
      assert.equal(alone.value !== null, fits, alone.reason);
      if (!fits) assert.equal(alone.stop, 'work-limit');
      const memo = new ChompMemo();
      chompValue([9, 9, 9, 9, 9, 9], {}, memo, UNLIMITED_CHOMP); // holds the board and every option
      chompValue([7, 6, 6, 4, 1], {}, memo, limits);
      assert.deepEqual(chompValue(board, {}, memo, limits), alone);
      assert.deepEqual(chompWinningMoves(board, 0, {}, memo, limits), aloneMoves);
    }
  });

  it('Chomp through the engine’s face: 13 × 13 is refused at once with the same reason, alone and after others', () => {
    const big = chompGame([new Array(13).fill(13)]);
    const alone = said(big, createEngineCache());
    assert.match(alone, /more than 4,000,000 positions below it/);
    const shared = createEngineCache();
    for (const rows of [[12, 12, 12], new Array(6).fill(6), [13, 13, 12, 11, 2]]) said(chompGame([rows]), shared);
    assert.equal(said(big, shared), alone);
  });
});
