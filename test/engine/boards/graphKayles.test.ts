// Node Kayles and Arc Kayles (server/src/engine/boards/graphKayles.ts) against oracles, in one file that reads best
// whole (the oracles below are shared by every case):
//  - a brute force written here from the rules alone (plain recursion over vertex subsets as
//    bitmasks, no splitting into components, no canonical forms, memo by the subset): values and
//    every winning move, both kinds, on 800 random graphs of up to 10 vertices; the two-word and
//    many-word searches driven alone on 600 more, their vertices spread across words; and values
//    on random graphs of 19 (Arc) and 24 (Node) vertices;
//  - identities: paths are the octal games 0.137 (Node) and 0.07 (Arc) of the heaps room's engine,
//    and the rules on a row give them too; cycles are the mex of their one option; stars, complete
//    and complete bipartite graphs the length of a play;
//  - published values: OEIS sequences of Node Kayles on grids and linked graphs (Brown, Daugherty,
//    Fiorini, Maldonado, Manzano-Ruiz, Rainville, Waechter and Wong, "Nimber sequences of Node-Kayles
//    games", J. Integer Sequences 23 (2020), art. 20.3.5) and CGSuite's Arc Kayles test on paths;
//  - the canonical labelling: equal keys exactly for isomorphic graphs (all permutations checked);
//  - budgets: a 200-vertex graph stops at an explicit deadline, a 10^5-vertex one at once, a search at its
//    limit of positions with the limit in the reason, memory bounded.
import * as assert from 'node:assert/strict';
import { ruleSequence, sequenceNimber } from '../../../server/src/engine';
import {
  type KaylesGraph,
  type KaylesKind,
  KaylesMemo,
  kaylesOptions,
  kaylesValue,
  kaylesWinningMoves,
} from '../../../server/src/engine/boards/graphKayles';
import { Canonizer } from '../../../server/src/engine/boards/graphKaylesCanon';
import { knownTables } from '../../../server/src/engine/boards/graphKaylesKnown';
import { LargeSearch } from '../../../server/src/engine/boards/graphKaylesLarge';
import { SmallSearch } from '../../../server/src/engine/boards/graphKaylesSmall';
import { WideSearch } from '../../../server/src/engine/boards/graphKaylesWide';
import { SearchResults } from '../../../server/src/engine/boards/searchResults';
import { Meter } from '../../../server/src/engine/budget';
import { integer, random } from '../oracles/random';

type Edge = [number, number];
const graph = (vertices: number, edges: Edge[]): KaylesGraph => ({ vertices, edges });

/** Each vertex's neighbours, as a bitmask. */
const rowsOf = (g: KaylesGraph) => {
  const rows = new Array<number>(g.vertices).fill(0);
  for (const [u, v] of g.edges)
    if (u !== v) {
      rows[u] |= 1 << v;
      rows[v] |= 1 << u;
    }
  return rows;
};

/** The moves of a position `set` (a bitmask): the move, and the set it leaves. */
function bruteMoves(kind: KaylesKind, g: KaylesGraph, set: number): { move: number | Edge; left: number }[] {
  const near = rowsOf(g);
  const moves: { move: number | Edge; left: number }[] = [];
  if (kind === 'node') {
    for (let v = 0; v < g.vertices; v++) if (set & (1 << v)) moves.push({ move: v, left: set & ~near[v] & ~(1 << v) });
  } else {
    for (let u = 0; u < g.vertices; u++)
      for (let v = u + 1; v < g.vertices; v++)
        if (set & (1 << u) && set & (1 << v) && near[u] & (1 << v))
          moves.push({ move: [u, v], left: set & ~(1 << u) & ~(1 << v) });
  }
  return moves;
}

/** The value of every position reached, by the rules alone. */
function bruteValue(
  kind: KaylesKind,
  g: KaylesGraph,
  set = (1 << g.vertices) - 1,
  memo = new Map<number, number>(),
): number {
  const known = memo.get(set);
  if (known !== undefined) return known;
  const seen = new Set(bruteMoves(kind, g, set).map(({ left }) => bruteValue(kind, g, left, memo)));
  let value = 0;
  while (seen.has(value)) value++;
  memo.set(set, value);
  return value;
}

/** The moves to a position of value `target`, in the order kaylesOptions lists them. */
function bruteMovesTo(kind: KaylesKind, g: KaylesGraph, target: number): (number | Edge)[] {
  const memo = new Map<number, number>();
  return bruteMoves(kind, g, (1 << g.vertices) - 1)
    .filter(({ left }) => bruteValue(kind, g, left, memo) === target)
    .map(({ move }) => move);
}

/** A random graph, with now and then a loop or a repeated edge (which change nothing). */
function randomGraph(next: () => number, vertices: number, density: number): KaylesGraph {
  const edges: Edge[] = [];
  for (let u = 0; u < vertices; u++)
    for (let v = u + 1; v < vertices; v++) if (next() < density) edges.push(next() < 0.5 ? [u, v] : [v, u]);
  if (vertices > 0 && next() < 0.2) edges.push([integer(next, 0, vertices - 1), integer(next, 0, vertices - 1)]);
  if (edges.length > 0 && next() < 0.2) edges.push(edges[integer(next, 0, edges.length - 1)]);
  return graph(vertices, edges);
}

/** The graph of the edges edge(0), edge(1), …, edge(count - 1) (each a list). */
const graphOf = (vertices: number, count: number, edge: (i: number) => Edge[]) =>
  graph(vertices, Array.from({ length: count }, (_, i) => edge(i)).flat());
const path = (n: number) => graphOf(n, n - 1, (i) => [[i, i + 1]]);
const cycle = (n: number) => graphOf(n, n, (i) => [[i, (i + 1) % n]]);
const complete = (n: number) => graphOf(n, n * n, (i) => (i % n < i / n ? [[i % n, (i / n) | 0]] : []));
const bipartite = (a: number, b: number) => graphOf(a + b, a * b, (i) => [[i % a, a + ((i / a) | 0)]]);
/** The rows × columns grid, vertex r·columns + c. */
const grid = (rows: number, columns: number) => {
  const edges: Edge[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      if (c + 1 < columns) edges.push([r * columns + c, r * columns + c + 1]);
      if (r + 1 < rows) edges.push([r * columns + c, (r + 1) * columns + c]);
    }
  return graph(rows * columns, edges);
};
/** The same graph with its vertices renamed by a random permutation. */
function shuffled(next: () => number, g: KaylesGraph): KaylesGraph {
  const names = Array.from({ length: g.vertices }, (_, i) => i);
  for (let i = names.length - 1; i > 0; i--) {
    const j = integer(next, 0, i);
    [names[i], names[j]] = [names[j], names[i]];
  }
  const edges = g.edges.map(([u, v]): Edge => [names[u], names[v]]);
  return graph(g.vertices, edges);
}

const mex = (values: number[]) => [...Array(values.length + 1).keys()].find((value) => !values.includes(value))!;
/** An octal game's values for heaps 0..length, read through its proved period where needed. */
const octal = (digits: number[], length: number) => {
  const sequence = ruleSequence({ kind: 'octal', digits }, {});
  return Array.from({ length: length + 1 }, (_, n) => Number(sequenceNimber(sequence, n)));
};
const DAWSONS_CHESS = octal([0, 1, 3, 7], 200);
const DAWSONS_KAYLES = octal([0, 0, 7], 200);
const KINDS: KaylesKind[] = ['node', 'arc'];

/** The value, checked to be known and the XOR of its parts, which cover every vertex once. */
function kaylesOf(kind: KaylesKind, g: KaylesGraph, results?: SearchResults): number {
  const analysis = kaylesValue(kind, g, {}, results);
  assert.notEqual(analysis.value, null, analysis.reason);
  let xor = 0;
  const covered: number[] = [];
  for (const part of analysis.parts) {
    xor ^= part.value!;
    covered.push(...part.vertices);
    assert.ok(part.why, 'every part says why');
  }
  assert.equal(xor, analysis.value);
  assert.deepEqual(
    covered.sort((a, b) => a - b),
    [...Array(g.vertices).keys()],
  );
  return analysis.value!;
}

/** The two-word and the many-word searches of one kind, on one memo, to be driven directly. */
function searches(kind: KaylesKind): { wide: WideSearch; large: LargeSearch } {
  const memo = new KaylesMemo();
  const meter = new Meter({});
  const tables = knownTables(kind, memo);
  const counter = new SmallSearch(kind, memo, meter, tables, 10);
  const wide = new WideSearch(kind, memo, meter, tables, counter, 10);
  return { wide, large: new LargeSearch(kind, memo, meter, tables, counter, wide, 0) };
}

/** g's value with vertex v placed at at(v) of `size` (at most 64: the two-word search, else the many-word one). */
function placedValue(
  engines: { wide: WideSearch; large: LargeSearch },
  g: KaylesGraph,
  size: number,
  at: (v: number) => number,
): number {
  const near = Array.from({ length: size }, () => new Set<number>());
  for (const [u, v] of g.edges)
    if (u !== v) {
      near[at(u)].add(at(v));
      near[at(v)].add(at(u));
    }
  const members = [...Array(g.vertices).keys()].map(at);
  if (size <= 64) {
    const word = (vertices: Iterable<number>, high: boolean) =>
      [...vertices].reduce((row, u) => (u >= 32 === high ? row | (1 << (u & 31)) : row), 0);
    engines.wide.setGraph(
      near.map((vertices) => word(vertices, false)),
      near.map((vertices) => word(vertices, true)),
      size,
    );
    return engines.wide.setValue(word(members, false), word(members, true));
  }
  const start = new Int32Array(size + 1);
  near.forEach((vertices, v) => {
    start[v + 1] = start[v] + vertices.size;
  });
  engines.large.setGraph(size, start, Int32Array.from(near.flatMap((vertices) => [...vertices])));
  const set = engines.large.emptySet();
  for (const v of members) set[v >>> 5] |= 1 << (v & 31);
  return engines.large.setValue(set);
}

/** A published sequence, checked term by term: valueAt(i) is the value its i-th term gives. */
const agrees = (published: number[], valueAt: (i: number) => number) =>
  assert.deepEqual(
    published.map((_, i) => valueAt(i)),
    published,
  );

describe('Node Kayles and Arc Kayles against brute force', () => {
  for (const kind of KINDS)
    it(`${kind}: values and every winning move on 400 random graphs of up to 10 vertices`, () => {
      const next = random(kind === 'node' ? 43 : 44);
      const shared = new SearchResults();
      let checked = 0;
      for (let trial = 0; trial < 400; trial++) {
        const g = randomGraph(next, integer(next, 0, 10), [0.15, 0.3, 0.5, 0.8][trial % 4]);
        const expected = bruteValue(kind, g);
        const memo = trial % 2 === 0 ? shared : undefined;
        assert.equal(kaylesOf(kind, g, memo), expected, `${kind} on ${JSON.stringify(g)}`);
        const moves = bruteMoves(kind, g, (1 << g.vertices) - 1).map(({ move }) => move);
        assert.deepEqual(
          kaylesOptions(kind, g).map(({ move }) => move),
          moves,
        );
        for (const target of [0, expected, integer(next, 1, 4)]) {
          const found = kaylesWinningMoves(kind, g, target, {}, memo);
          assert.ok(found.complete, found.reason);
          assert.deepEqual(found.moves, bruteMovesTo(kind, g, target), `${kind} to ${target} on ${JSON.stringify(g)}`);
          checked++;
        }
      }
      assert.equal(checked, 1200);
    });

  for (const kind of KINDS)
    it(`${kind}: the 64-vertex and the larger searches alone, on 300 graphs spread over their words`, () => {
      // kaylesValue sends graphs of at most 32 vertices to the 32-bit search; here the two-word
      // search and the many-word one (handing nothing over) take the same random graphs, their
      // vertices placed among 40 and 100 so that a set spans words.
      const next = random(kind === 'node' ? 56 : 57);
      const engines = searches(kind);
      for (let trial = 0; trial < 300; trial++) {
        const g = randomGraph(next, integer(next, 1, 10), [0.2, 0.4, 0.7][trial % 3]);
        const expected = bruteValue(kind, g);
        for (const size of [40, 100]) {
          const offset = integer(next, 0, size - g.vertices);
          const place = [...Array(g.vertices).keys()].sort(() => next() - 0.5);
          const value = placedValue(engines, g, size, (v) => offset + place[v]);
          assert.equal(value, expected, `${size}, ${JSON.stringify(g)} at ${offset}`);
        }
      }
    });

  it('the 32-bit and the two-word searches agree with brute force on graphs of 19 and 24 vertices', () => {
    const next = random(59);
    for (let trial = 0; trial < 8; trial++) {
      const kind = KINDS[trial % 2];
      const g = randomGraph(next, kind === 'node' ? 24 : 19, kind === 'node' ? 0.11 : 0.16);
      const expected = bruteValue(kind, g);
      assert.equal(kaylesOf(kind, g), expected, JSON.stringify(g));
      // Vertex v is vertex v + 20 of a 60-vertex graph: sets span both words.
      assert.equal(
        placedValue(searches(kind), g, 60, (v) => v + 20),
        expected,
        JSON.stringify(g),
      );
    }
  });

  it('the same values whatever the vertices are called', () => {
    const next = random(45);
    for (let trial = 0; trial < 60; trial++) {
      const g = randomGraph(next, integer(next, 8, 10), 0.35);
      for (const kind of KINDS) assert.equal(kaylesOf(kind, shuffled(next, g)), bruteValue(kind, g));
    }
  });

  it("the contract's examples: { a - b, b - c, c - d, d - a, a - e } is 3 (Node) and 0 (Arc)", () => {
    const g = graph(5, [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 0],
      [0, 4],
    ]);
    assert.equal(kaylesOf('node', g), 3);
    assert.equal(kaylesOf('arc', g), 0);
    assert.deepEqual(kaylesWinningMoves('node', g, 0, {}).moves, [1, 3]);
    assert.deepEqual(kaylesWinningMoves('arc', g, 0, {}).moves, []);
  });
});

/** Dawson's chess and Dawson's Kayles from the games' definitions on rows, not their octal codes. */
function rowValues(kind: KaylesKind, length: number): number[] {
  const values: number[] = [];
  for (let n = 0; n <= length; n++) {
    const options: number[] = [];
    // Node Kayles takes a vertex and its neighbours, Arc Kayles two neighbours: the runs either side.
    const taken = kind === 'node' ? 3 : 2;
    for (let i = 0; i < n; i++) {
      const start = kind === 'node' ? Math.max(0, i - 1) : i;
      const end = Math.min(n, start + taken - (kind === 'node' && i === 0 ? 1 : 0));
      if (kind === 'arc' && i + 1 >= n) continue;
      options.push(values[start] ^ values[n - end]);
    }
    values.push(mex(options));
  }
  return values;
}

describe('identities', () => {
  it('the rules on a row are 0.137 (Node Kayles) and 0.07 (Arc Kayles), 200 vertices', () => {
    assert.deepEqual(rowValues('node', 200), DAWSONS_CHESS);
    assert.deepEqual(rowValues('arc', 200), DAWSONS_KAYLES);
  });

  for (const kind of KINDS)
    it(`${kind}: paths of n ≤ 40 vertices are ${kind === 'node' ? '0.137' : '0.07'}, every winning move too`, () => {
      const sequence = kind === 'node' ? DAWSONS_CHESS : DAWSONS_KAYLES;
      const next = random(kind === 'node' ? 46 : 47);
      for (let n = 0; n <= 40; n++) {
        const g = shuffled(next, path(n));
        assert.equal(kaylesOf(kind, g), sequence[n], `path of ${n}`);
        if (n <= 14) assert.equal(bruteValue(kind, g), sequence[n], `brute force, path of ${n}`);
        if (n <= 14)
          for (const target of [0, 1, 2])
            assert.deepEqual(kaylesWinningMoves(kind, g, target, {}).moves, bruteMovesTo(kind, g, target));
      }
    });

  it("Arc Kayles on paths: CGSuite's test (game.graph.ArcKayles(Graph.Path(n)).NimValue, n = 1..50)", () => {
    // aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/GameGraphTest.scala
    const cgsuite = [
      0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2,
      0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5,
    ];
    agrees(cgsuite, (i) => kaylesOf('arc', path(i + 1)));
  });

  for (const kind of KINDS)
    it(`${kind}: a cycle of n is the mex of its one option, a path of n − ${kind === 'node' ? 3 : 2}`, () => {
      const sequence = kind === 'node' ? DAWSONS_CHESS : DAWSONS_KAYLES;
      const next = random(kind === 'node' ? 48 : 49);
      for (let n = 3; n <= 40; n++) {
        const expected = mex([sequence[n - (kind === 'node' ? 3 : 2)]]);
        const g = shuffled(next, cycle(n));
        assert.equal(kaylesOf(kind, g), expected, `cycle of ${n}`);
        if (n <= 14) assert.equal(bruteValue(kind, g), expected, `brute force, cycle of ${n}`);
        if (n <= 12) assert.deepEqual(kaylesWinningMoves(kind, g, 0, {}).moves, bruteMovesTo(kind, g, 0));
      }
    });

  it('stars: Node Kayles K(1, m) is 1 for m odd, 2 for m ≥ 2 even; Arc Kayles 1', () => {
    for (let m = 1; m <= 30; m++) {
      const star = bipartite(1, m);
      assert.equal(kaylesOf('node', star), m % 2 === 1 ? 1 : 2, `node, star of ${m}`);
      assert.equal(kaylesOf('arc', star), 1, `arc, star of ${m}`);
      if (m <= 12) for (const kind of KINDS) assert.equal(bruteValue(kind, star), kaylesOf(kind, star));
    }
  });

  it('complete graphs: Node Kayles K_n is 1, Arc Kayles floor(n / 2) mod 2 (every play lasts as long)', () => {
    for (let n = 1; n <= 30; n++) {
      assert.equal(kaylesOf('node', complete(n)), 1, `node, K_${n}`);
      assert.equal(kaylesOf('arc', complete(n)), Math.floor(n / 2) % 2, `arc, K_${n}`);
      if (n <= 9) for (const kind of KINDS) assert.equal(bruteValue(kind, complete(n)), kaylesOf(kind, complete(n)));
    }
  });

  it('complete bipartite: Node Kayles K(a, b) is mex{(a − 1) mod 2, (b − 1) mod 2}, Arc Kayles min(a, b) mod 2', () => {
    for (let a = 1; a <= 12; a++)
      for (let b = a; b <= 12; b++) {
        const g = bipartite(a, b);
        assert.equal(kaylesOf('node', g), mex([(a - 1) % 2, (b - 1) % 2]), `node, K(${a}, ${b})`);
        assert.equal(kaylesOf('arc', g), Math.min(a, b) % 2, `arc, K(${a}, ${b})`);
        if (a + b <= 12)
          for (const kind of KINDS) {
            assert.equal(bruteValue(kind, g), kaylesOf(kind, g));
            assert.deepEqual(kaylesWinningMoves(kind, g, 0, {}).moves, bruteMovesTo(kind, g, 0));
          }
      }
  });

  it('paths and cycles of 10^5 vertices are read off the sequences, winning moves too', () => {
    const n = 100_000;
    const longPath = path(n);
    const period = (sequence: number[], at: number) => sequence[at < 100 ? at : 52 + ((at - 52) % 34)];
    assert.equal(kaylesOf('node', longPath), period(DAWSONS_CHESS, n));
    assert.equal(kaylesOf('arc', longPath), period(DAWSONS_KAYLES, n));
    assert.equal(kaylesOf('node', cycle(n)), mex([period(DAWSONS_CHESS, n - 3)]));
    assert.equal(kaylesOf('arc', cycle(n)), mex([period(DAWSONS_KAYLES, n - 2)]));
    const moves = kaylesWinningMoves('node', longPath, 0, {});
    assert.ok(moves.complete && moves.moves.length > 0);
    for (const move of (moves.moves as number[]).slice(0, 20)) {
      // Taking vertex i leaves rows of i − 1 and n − i − 2 (or n − 2 at an end).
      const left = Math.max(0, move - 1);
      const right = Math.max(0, n - move - 2);
      assert.equal(period(DAWSONS_CHESS, left) ^ period(DAWSONS_CHESS, right), 0);
    }
  });
});

/** The Petersen graph: an outer 5-cycle, an inner pentagram, spokes. */
const PETERSEN = graphOf(10, 5, (i) => [
  [i, (i + 1) % 5],
  [5 + i, 5 + ((i + 2) % 5)],
  [i, 5 + i],
]);

describe('published values (Node Kayles, OEIS, from Brown et al., J. Integer Sequences 23, 2020)', () => {
  it('A316632: the 3 × n grid, n = 1..14 (42 vertices; the entry goes to 16)', () => {
    const A316632 = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4];
    const results = new SearchResults();
    agrees(A316632, (i) => kaylesOf('node', grid(3, i + 1), results));
  });

  it("A316632's comments: the 2 × n ladder alternates 1, 0 (n ≤ 30), the 4 × n grid is 0 (n ≤ 8)", () => {
    for (let n = 1; n <= 30; n++) assert.equal(kaylesOf('node', grid(2, n)), n % 2, `2 × ${n}`);
    for (let n = 1; n <= 8; n++) assert.equal(kaylesOf('node', grid(4, n)), 0, `4 × ${n}`);
  });

  it('A316629: n linked 4-cycles u_i - v_i - w_i - u_(i+1) on the path u_1..u_(n+1), n = 1..22 (67 vertices)', () => {
    const A316629 = [0, 1, 3, 4, 2, 3, 1, 2, 0, 4, 6, 5, 7, 3, 2, 7, 6, 2, 0, 2, 1, 3];
    const linked = (n: number) => {
      // u_i is i - 1, v_i and w_i are n + 2i - 1 and n + 2i.
      const edges: Edge[] = [];
      for (let i = 0; i < n; i++) edges.push([i, i + 1]);
      for (let i = 1; i <= n; i++) edges.push([i - 1, n + 2 * i - 1], [n + 2 * i - 1, n + 2 * i], [n + 2 * i, i]);
      return graph(3 * n + 1, edges);
    };
    agrees(A316629, (i) => kaylesOf('node', linked(i + 1)));
    // Its comment: the 4-cycles u_i - v_i - u_(i+1) - w_i - u_i alone (no path) are 0 for n odd, 1 for n even.
    const cycles = (n: number) => {
      const edges: Edge[] = [];
      for (let i = 1; i <= n; i++)
        edges.push([i - 1, n + 2 * i - 1], [i - 1, n + 2 * i], [n + 2 * i - 1, i], [n + 2 * i, i]);
      return graph(3 * n + 1, edges);
    };
    for (let n = 1; n <= 20; n++) assert.equal(kaylesOf('node', cycles(n)), n % 2 === 1 ? 0 : 1, `${n} cycles`);
  });

  it('A317367: the scalloped path P_n(3) (edges i - i+1 and i - i+3), n = 4..47', () => {
    const A317367 = [
      0, 2, 1, 3, 0, 1, 1, 3, 0, 2, 3, 3, 2, 2, 3, 4, 2, 4, 0, 4, 2, 5, 3, 2, 2, 3, 3, 2, 0, 3, 1, 1, 0, 3, 1, 2, 0, 3,
      1, 2, 0, 1, 1, 4,
    ];
    const scalloped = (n: number) => {
      const edges: Edge[] = [];
      for (let i = 0; i + 1 < n; i++) edges.push([i, i + 1]);
      for (let i = 0; i + 3 < n; i++) edges.push([i, i + 3]);
      return graph(n, edges);
    };
    agrees(A317367, (i) => kaylesOf('node', scalloped(i + 4)));
  });

  it('A316781: n diamonds linked at their vertices of degree three, n = 1..30 (91 vertices)', () => {
    const A316781 = [2, 1, 0, 3, 3, 1, 4, 2, 6, 5, 0, 2, 7, 1, 4, 3, 3, 1, 4, 7, 7, 5, 0, 2, 8, 4, 4, 6, 3, 1];
    const diamonds = (n: number) => {
      // v_0..v_n are 0..n; u_i and w_i, joined to v_(i-1) and v_i, are n + 2i - 1 and n + 2i.
      const edges: Edge[] = [];
      for (let i = 1; i <= n; i++)
        edges.push([i - 1, i], [i - 1, n + 2 * i - 1], [i - 1, n + 2 * i], [n + 2 * i - 1, i], [n + 2 * i, i]);
      return graph(3 * n + 1, edges);
    };
    agrees(A316781, (i) => kaylesOf('node', diamonds(i + 1)));
  });

  it('the Petersen graph, and the 3-cube, by brute force', () => {
    const cube = graphOf(8, 8, (v) => [1, 2, 4].filter((bit) => !(v & bit)).map((bit): Edge => [v, v | bit]));
    for (const kind of KINDS)
      for (const g of [PETERSEN, cube]) {
        assert.equal(kaylesOf(kind, g), bruteValue(kind, g));
        assert.deepEqual(kaylesWinningMoves(kind, g, 0, {}).moves, bruteMovesTo(kind, g, 0));
      }
  });
});

/** A graph's canonical form by brute force: the smallest adjacency matrix over every order of its vertices. */
function bruteCanonical(rows: number[]): string {
  let best = '';
  const visit = (order: number[]): void => {
    if (order.length === rows.length) {
      const matrix = order.map((v) => order.map((u) => (rows[v] >> u) & 1).join('')).join('|');
      if (best === '' || matrix < best) best = matrix;
    } else for (let v = 0; v < rows.length; v++) if (!order.includes(v)) visit([...order, v]);
  };
  visit([]);
  return best;
}

describe('the canonical labelling', () => {
  it('gives two graphs of up to 7 vertices one key exactly when they are isomorphic (every order tried)', () => {
    const next = random(50);
    const canonizer = new Canonizer();
    const byKey = new Map<string, string>();
    const byForm = new Map<string, string>();
    for (let trial = 0; trial < 400; trial++) {
      const n = integer(next, 1, 7);
      const rows = rowsOf(randomGraph(next, n, [0.2, 0.4, 0.6][trial % 3]));
      const key = canonizer.key(rows, n);
      assert.notEqual(key, undefined);
      const form = bruteCanonical(rows);
      // One key per isomorphism class, and one class per key.
      assert.equal(byKey.get(key!) ?? form, form, `key ${JSON.stringify(key)} for two forms`);
      assert.equal(byForm.get(form) ?? key, key, `form ${form} with two keys`);
      byKey.set(key!, form);
      byForm.set(form, key!);
    }
    assert.ok(byKey.size > 100, `${byKey.size} classes met`);
  });

  it('gives renamed copies one key, symmetric graphs included, up to 32 vertices', () => {
    const next = random(51);
    const canonizer = new Canonizer();
    const graphs = [PETERSEN, cycle(32), complete(12), bipartite(7, 9), grid(4, 8), grid(5, 5)];
    for (let trial = 0; trial < 40; trial++) graphs.push(randomGraph(next, integer(next, 10, 32), 0.15));
    for (const g of graphs) {
      const key = canonizer.key(rowsOf(g), g.vertices);
      assert.notEqual(key, undefined, `${g.vertices} vertices, ${g.edges.length} edges`);
      for (let copy = 0; copy < 5; copy++) assert.equal(canonizer.key(rowsOf(shuffled(next, g)), g.vertices), key);
    }
  });
});

describe('budgets, sizes and memory', () => {
  const sparse = (seed: number, n: number) => {
    const next = random(seed);
    const edges: Edge[] = [];
    while (edges.length < 1.5 * n) edges.push([integer(next, 0, n - 1), integer(next, 0, n - 1)]);
    return graph(n, edges);
  };

  for (const kind of KINDS)
    it(`${kind}: a 200-vertex graph stops at an explicit deadline with the value unknown and why`, () => {
      // A deadline already past: each search stops at its first look at the clock (every 1,024 options).
      const unlimited = { positions: 1e12, graphPositions: 1e12 };
      const analysis = kaylesValue(kind, sparse(52, 200), { deadline: Date.now() - 1 }, undefined, unlimited);
      assert.equal(analysis.value, null);
      assert.equal(analysis.stop, 'deadline');
      assert.match(analysis.reason!, /unknown: .*out of time after [\d,]+ positions/);
      // The small components are known all the same.
      assert.ok(analysis.parts.some((part) => part.value !== null));
    });

  it('a 10^5-vertex random graph stops at once: its giant component is beyond the search', () => {
    for (const kind of KINDS) {
      const analysis = kaylesValue(kind, sparse(53, 100_000), {});
      assert.equal(analysis.value, null);
      assert.equal(analysis.stop, 'size-limit');
      assert.match(analysis.reason!, /beyond the exact search/);
    }
  });

  it('stops on cancellation, at its limit of positions (the limit in the reason), and lists moves found so far', () => {
    const g = sparse(54, 26);
    assert.equal(kaylesValue('arc', g, { isCancelled: () => true }).stop, 'cancelled');
    const limits = { positions: 10, graphPositions: 10 };
    const counted = kaylesValue('arc', g, {}, undefined, limits);
    assert.equal(counted.stop, 'work-limit');
    assert.match(counted.reason!, /is unknown: the search stopped at its limit of 10 positions$/);
    assert.equal(counted.positions, 10);
    const moves = kaylesWinningMoves('arc', g, 0, {}, undefined, limits);
    assert.equal(moves.complete, false);
    assert.equal(moves.reason, counted.reason);
  });

  it('a search whose table is under a 1 MiB ceiling stays under it and gives the same values', () => {
    // The table is a search's own (kaylesValue makes one per component): driven here directly.
    const next = random(55);
    for (let trial = 0; trial < 6; trial++) {
      const g = randomGraph(next, 22, 0.12);
      const rows = new Int32Array(g.vertices);
      for (const [u, v] of g.edges)
        if (u !== v) {
          rows[u] |= 1 << v;
          rows[v] |= 1 << u;
        }
      for (const kind of KINDS) {
        const small = new KaylesMemo(2 ** 20);
        const search = new SmallSearch(kind, small, new Meter({}), knownTables(kind, small), 10);
        search.setGraph(rows, g.vertices);
        assert.equal(search.setValue((1 << g.vertices) - 1), kaylesOf(kind, g));
        assert.ok(small.bytes <= 2 ** 20, `${small.bytes} bytes`);
      }
    }
  });

  it('finished searches answer the same graph, renamed, with the same count and words, not searched again', () => {
    const next = random(58);
    for (const kind of KINDS) {
      const results = new SearchResults();
      const g = randomGraph(next, 24, 0.12);
      const first = kaylesValue(kind, g, {}, results);
      assert.ok(first.positions > 0);
      const kept = results.size;
      const again = kaylesValue(kind, shuffled(next, g), {}, results);
      assert.equal(again.value, first.value);
      assert.equal(again.positions, first.positions);
      assert.deepEqual(again.parts.map((part) => part.why).sort(), first.parts.map((part) => part.why).sort());
      assert.equal(results.size, kept, 'nothing searched again');
      const moves = kaylesWinningMoves(kind, g, 0, {}, results);
      assert.ok(moves.complete, moves.reason);
    }
  });

  it('says why a graph is not one', () => {
    const bad = kaylesValue('node', graph(3, [[0, 3]]), {});
    assert.equal(bad.value, null);
    assert.match(bad.reason!, /edge 0 \(0 - 3\) has an end that is not a vertex/);
    assert.match(kaylesValue('arc', graph(-1, []), {}).reason!, /whole number/);
    assert.deepEqual(kaylesOptions('node', graph(2, [[0, 5]])), []);
    assert.deepEqual(kaylesValue('node', graph(0, []), {}), { value: 0, parts: [], positions: 0 });
  });
});
