// Random small games for the oracles' tests: heap rules of every kind, DAGs, octal rows, the
// classics (Wythoff, leftmost rows, word pieces) and version 3's staircases and pictures.
import type { ComponentInput, GraphData, HeapRule } from '../../../server/src/engine';
import type { SubtractionSet } from '../../../server/src/engine/types';
import { randomPicture } from './oracles';
import { integer } from './random';

/** One of the infinite sets the language writes, or a union of two of them. */
export function randomInfiniteSet(next: () => number): SubtractionSet {
  const named: SubtractionSet[] = [
    { kind: 'squares' },
    { kind: 'cubes' },
    { kind: 'triangular' },
    { kind: 'primes' },
    { kind: 'fibonacci' },
    { kind: 'powers', base: BigInt(integer(next, 2, 3)) },
    { kind: 'multiples', of: BigInt(integer(next, 2, 3)) },
  ];
  const pick = () => named[integer(next, 0, named.length - 1)];
  return next() < 0.3
    ? { kind: 'union', parts: [pick(), { kind: 'finite', members: [BigInt(integer(next, 1, 4))] }] }
    : pick();
}

export function randomRule(next: () => number): HeapRule {
  if (next() < 0.15)
    return next() < 0.7
      ? { kind: 'subtractSet', set: randomInfiniteSet(next) }
      : { kind: 'subtractAllExceptSet', except: randomInfiniteSet(next) };
  switch (integer(next, 0, 2)) {
    case 0:
      return {
        kind: 'subtract',
        set: [...new Set(Array.from({ length: integer(next, 1, 3) }, () => BigInt(integer(next, 1, 5))))],
      };
    case 1:
      return {
        kind: 'subtractAllExcept',
        except: [...new Set(Array.from({ length: integer(next, 0, 2) }, () => BigInt(integer(next, 1, 4))))],
      };
    default:
      return randomHeapOctal(next);
  }
}

export function randomOctal(next: () => number): HeapRule {
  return { kind: 'octal', digits: [0, ...Array.from({ length: integer(next, 1, 3) }, () => integer(next, 0, 7))] };
}

/** Heap rules only (not rows): octal codes may have 4 before the point. */
export function randomHeapOctal(next: () => number): HeapRule {
  if (next() < 0.2)
    return {
      kind: 'octal',
      digits: [[0, 8][integer(next, 0, 1)], ...Array.from({ length: integer(next, 1, 2) }, () => integer(next, 0, 15))],
    }; // hexadecimal
  return {
    kind: 'octal',
    digits: [next() < 0.4 ? 4 : 0, ...Array.from({ length: integer(next, 1, 3) }, () => integer(next, 0, 7))],
  };
}

/** A random DAG: edges only from lower to higher index, so no cycles; names a, b, c, … */
export function randomDag(next: () => number, count: number, density = 0.4): GraphData {
  const successors: number[][] = Array.from({ length: count }, (_, v) =>
    Array.from({ length: count - v - 1 }, (_, i) => v + 1 + i).filter(() => next() < density),
  );
  const succStart = new Int32Array(count + 1);
  successors.forEach((s, v) => (succStart[v + 1] = succStart[v] + s.length));
  return {
    vertexNames: successors.map((_, v) => String.fromCharCode(97 + v)),
    succStart,
    succ: Int32Array.from(successors.flat()),
  };
}

export function randomComponent(next: () => number, maxHeap: number): ComponentInput {
  switch (integer(next, 0, 3)) {
    case 0:
    case 1:
      return {
        kind: 'heaps',
        rule: randomRule(next),
        heaps: Array.from({ length: integer(next, 1, 2) }, () => BigInt(integer(next, 0, maxHeap))),
      };
    case 2: {
      const graph = randomDag(next, integer(next, 2, 7));
      return {
        kind: 'tokens',
        graph,
        vertices: Array.from({ length: integer(next, 1, 2) }, () => integer(next, 0, graph.vertexNames.length - 1)),
      };
    }
    default:
      return {
        kind: 'octal-row',
        rule: randomOctal(next),
        cells: Array.from({ length: integer(next, 1, 8) }, () => (next() < 0.7 ? 'X' : '.')).join(''),
      };
  }
}

/** A random component of the new families, or of the old ones, kept small for the product graph. */
export function classicComponent(next: () => number): ComponentInput {
  switch (integer(next, 0, 3)) {
    case 0:
      return {
        kind: 'wythoff',
        positions: Array.from(
          { length: integer(next, 1, 2) },
          () => [BigInt(integer(next, 0, 4)), BigInt(integer(next, 0, 3))] as const,
        ),
      };
    case 1:
      return {
        kind: 'leftmost',
        rows: Array.from({ length: integer(next, 1, 2) }, () =>
          Array.from({ length: integer(next, 0, 3) }, () => BigInt(integer(next, 0, 3))),
        ),
      };
    case 2: {
      const letters = 'ab';
      const word = (max: number) =>
        Array.from({ length: integer(next, 1, max) }, () => letters[integer(next, 0, 1)]).join('');
      return {
        kind: 'words',
        words: Array.from({ length: integer(next, 1, 3) }, () => word(2)),
        pieces: Array.from({ length: integer(next, 1, 2) }, () => word(5)),
      };
    }
    default:
      return randomComponent(next, 4);
  }
}

/** A random small component of version 3's kinds, or of the older ones. */
export function v3Component(next: () => number): ComponentInput {
  const kind = integer(next, 0, 3);
  if (kind === 0) return randomComponent(next, 4);
  if (kind === 1)
    return {
      kind: 'hackenbush',
      pictures: Array.from({ length: integer(next, 1, 2) }, () =>
        randomPicture(next, integer(next, 2, 5), integer(next, 0, 5)),
      ),
    };
  // At most 5 coins in all: the product graph of a staircase grows with every coin and step.
  for (;;) {
    const stairs = Array.from({ length: integer(next, 1, 2) }, () =>
      Array.from({ length: integer(next, 0, 4) }, () => BigInt(integer(next, 0, 3))),
    );
    if (stairs.flat().reduce((x, y) => x + y, 0n) <= 5n) return { kind: 'staircase', stairs };
  }
}

/** A graph's CSR arrays from successor lists (vertices named v0, v1, …). */
export function graphOf(successors: readonly (readonly number[])[]): GraphData {
  const succStart = new Int32Array(successors.length + 1);
  successors.forEach((s, v) => (succStart[v + 1] = succStart[v] + s.length));
  return { vertexNames: successors.map((_, v) => `v${v}`), succStart, succ: Int32Array.from(successors.flat()) };
}

/** Random successor lists; `acyclic` keeps edges going from a vertex to a later one in a random order. */
export function randomSuccessors(next: () => number, count: number, edges: number, acyclic = false): number[][] {
  const order = Array.from({ length: count }, (_, i) => i).sort(() => next() - 0.5);
  const rank = new Int32Array(count);
  order.forEach((v, i) => (rank[v] = i));
  const successors: number[][] = Array.from({ length: count }, () => []);
  for (let e = 0; e < edges; e++) {
    const v = integer(next, 0, count - 1);
    const w = integer(next, 0, count - 1);
    if (acyclic && rank[w] <= rank[v]) continue;
    if (!successors[v].includes(w)) successors[v].push(w);
  }
  return successors;
}

/**
 * A Chomp component of one or two boards (language version 4, part 3), small enough for the product
 * graph: at most 3 rows of at most 4 squares each.
 */
export function chompComponent(next: () => number): ComponentInput {
  const board = () => {
    const rows = Array.from({ length: integer(next, 1, 3) }, () => integer(next, 1, 4)).sort((a, b) => b - a);
    return rows.map(BigInt);
  };
  return { kind: 'chomp', boards: Array.from({ length: integer(next, 1, 2) }, board) };
}

/** A Cram component of one or two boards of at most 9 cells (some filled), small enough for the product graph. */
export function cramComponent(next: () => number): ComponentInput {
  const board = () => {
    const width = integer(next, 1, 3);
    const height = integer(next, 1, 3);
    const empty = Uint8Array.from({ length: width * height }, () => (next() < 0.8 ? 1 : 0));
    return { width, height, empty };
  };
  return { kind: 'cram', boards: Array.from({ length: integer(next, 1, 2) }, board) };
}

/** A Node or Arc Kayles component of one or two random graphs of at most 6 vertices, for the product graph. */
export function kaylesComponent(next: () => number): ComponentInput {
  const graph = () => {
    const n = integer(next, 1, 6);
    const edges: [number, number][] = [];
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (next() < 0.4) edges.push([a, b]);
    return { vertices: Array.from({ length: n }, (_, v) => v), edges };
  };
  return {
    kind: 'graph-kayles',
    game: next() < 0.5 ? 'node' : 'arc',
    positions: Array.from({ length: integer(next, 1, 2) }, graph),
  };
}
