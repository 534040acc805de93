// Brute forces the engine is checked against: each one follows a game's definition in the most
// direct way, shares no code with server/src/engine/, and is only ever run on small cases.
import type { HackenbushPicture } from '../../../server/src/engine/families/hackenbush';

/** The smallest non-negative integer not in `options`. */
export function mex(options: Iterable<number>): number {
  const present = new Set(options);
  let value = 0;
  while (present.has(value)) value++;
  return value;
}

/** Subtraction game: remove s ∈ set tokens. */
export function bruteSubtraction(set: readonly number[], length: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < length; n++) g.push(mex(set.filter((s) => s <= n).map((s) => g[n - s])));
  return g;
}

/** G(0..length-1) of the subtraction game whose set is `has`, straight from the definition. */
export function bruteSubtractionWhere(has: (n: number) => boolean, length: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < length; n++) {
    const options: number[] = [];
    for (let s = 1; s <= n; s++) if (has(s)) options.push(g[n - s]);
    g.push(mex(options));
  }
  return g;
}

/** Remove any positive number of tokens except the listed ones. */
export function bruteAllBut(except: readonly number[], length: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < length; n++) {
    const options: number[] = [];
    for (let left = 0; left < n; left++) if (!except.includes(n - left)) options.push(g[left]);
    g.push(mex(options));
  }
  return g;
}

/**
 * The positions a heap of n can move to in the octal game with these digits (digits[0] is the one
 * before the point), each as the list of heaps it leaves.
 */
export function octalMoves(digits: readonly number[], n: number): number[][] {
  const moves: number[][] = [];
  // k = 0: the digit before the point; only its bit 4 means a move (split without taking).
  for (let k = 0; k < digits.length; k++) {
    const d = k === 0 ? digits[0] & 12 : digits[k];
    if (d & 1 && n === k) moves.push([]);
    if (d & 2 && n > k) moves.push([n - k]);
    if (d & 4) for (let a = 1; a < n - k; a++) moves.push([a, n - k - a]);
    if (d & 8) for (let a = 1; a < n - k; a++) for (let b = 1; a + b < n - k; b++) moves.push([a, b, n - k - a - b]);
  }
  return moves;
}

/**
 * The same definition as octalMoves, without building the lists: each option's nimber is marked in
 * a stamped table, so the quadratic sweep over splits stays cheap enough for heaps in the thousands.
 */
export function bruteOctal(digits: readonly number[], length: number): number[] {
  const g: number[] = [];
  const seen: number[] = [];
  const mark = (value: number, n: number) => {
    seen[value] = n + 1;
  };
  for (let n = 0; n < length; n++) {
    for (let k = 0; k < digits.length; k++) {
      const d = k === 0 ? digits[0] & 12 : digits[k];
      if (d & 1 && n === k) mark(0, n);
      if (d & 2 && n > k) mark(g[n - k], n);
      if (d & 4) for (let a = 1; a < n - k; a++) mark(g[a] ^ g[n - k - a], n);
      if (d & 8)
        for (let a = 1; a < n - k; a++) for (let b = 1; a + b < n - k; b++) mark(g[a] ^ g[b] ^ g[n - k - a - b], n);
    }
    let value = 0;
    while (seen[value] === n + 1) value++;
    g.push(value);
  }
  return g;
}

/**
 * Nimbers of a DAG given as successor lists, by sweeping until nothing changes: a vertex gets its
 * nimber once all its successors have one. Vertices on or leading to a cycle never do (-1).
 */
export function bruteGraphNimbers(successors: readonly (readonly number[])[]): number[] {
  const nimbers = successors.map(() => -1);
  for (let changed = true; changed; ) {
    changed = false;
    successors.forEach((next, v) => {
      if (nimbers[v] >= 0 || next.some((w) => nimbers[w] < 0)) return;
      nimbers[v] = mex(next.map((w) => nimbers[w]));
      changed = true;
    });
  }
  return nimbers;
}

/** Whether vertex v lies on a directed cycle: v can reach itself. */
export function onCycle(successors: readonly (readonly number[])[], v: number): boolean {
  const seen = new Set<number>();
  const frontier = [...successors[v]];
  while (frontier.length > 0) {
    const w = frontier.pop()!;
    if (w === v) return true;
    if (seen.has(w)) continue;
    seen.add(w);
    frontier.push(...successors[w]);
  }
  return false;
}

/**
 * Treblecross on the raw rules, in a sum with one Nim heap of size `heap`: the player to move marks
 * an empty cell or takes from the heap; whoever completes three marked cells in a row wins at once;
 * a player with no move at all loses. Returns whether the player to move wins, for every
 * (row, heap ≤ maxHeap) reachable from `row`, by deciding positions with more marks first.
 */
export class TreblecrossOracle {
  private readonly wins = new Map<string, boolean>();

  constructor(private readonly maxHeap: number) {}

  static threeInARow(row: string): boolean {
    return row.includes('XXX');
  }

  /** Whether the player to move wins row + *heap. */
  moverWins(row: string, heap: number): boolean {
    this.solve(row);
    return this.wins.get(`${row}|${heap}`)!;
  }

  /** The nimber of the row as a component: the heap h for which row + *h is lost by the mover. */
  nimber(row: string): number | undefined {
    for (let h = 0; h <= this.maxHeap; h++) if (!this.moverWins(row, h)) return h;
    return undefined;
  }

  private solve(row: string): void {
    if (this.wins.has(`${row}|0`)) return;
    // Every row reachable by marking cells, grouped by how many cells are marked.
    const byMarks = new Map<number, Set<string>>();
    const stack = [row];
    const found = new Set<string>([row]);
    while (stack.length > 0) {
      const r = stack.pop()!;
      const marks = [...r].filter((c) => c === 'X').length;
      if (!byMarks.has(marks)) byMarks.set(marks, new Set());
      byMarks.get(marks)!.add(r);
      if (TreblecrossOracle.threeInARow(r)) continue;
      for (let i = 0; i < r.length; i++) {
        if (r[i] !== '.') continue;
        const next = `${r.slice(0, i)}X${r.slice(i + 1)}`;
        if (!found.has(next)) {
          found.add(next);
          stack.push(next);
        }
      }
    }
    const counts = [...byMarks.keys()].sort((a, b) => b - a);
    for (const marks of counts) {
      for (const r of byMarks.get(marks)!) {
        for (let h = 0; h <= this.maxHeap; h++) {
          if (this.wins.has(`${r}|${h}`)) continue;
          let wins = false;
          for (let i = 0; i < r.length && !wins; i++) {
            if (r[i] !== '.') continue;
            const next = `${r.slice(0, i)}X${r.slice(i + 1)}`;
            wins = TreblecrossOracle.threeInARow(next) || !this.wins.get(`${next}|${h}`);
          }
          for (let smaller = 0; smaller < h && !wins; smaller++) wins = !this.wins.get(`${r}|${smaller}`);
          this.wins.set(`${r}|${h}`, wins);
        }
      }
    }
  }
}

/**
 * A take-and-break code in full, for bruteCode: `digits` as written (digits[0] before the point),
 * the positions written with `!`, and how many of the last digits repeat forever.
 */
export interface WrittenCode {
  readonly digits: readonly number[];
  readonly distinct?: readonly number[];
  readonly repeat?: number;
}

/** Where digit k of a written code is: k, its place in the repeating group, or -1 past a finite code's end. */
function writtenAt(code: WrittenCode, k: number): number {
  const { digits, repeat = 0 } = code;
  const start = digits.length - repeat;
  return k < digits.length ? k : repeat > 0 ? start + ((k - start) % repeat) : -1;
}

/**
 * Nimbers of heaps 0 .. length - 1 under a code, straight from its definition: the mex of the
 * nim-sums of codeOptions.
 */
export function bruteCode(code: WrittenCode, length: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < length; n++)
    g.push(mex(codeOptions(code, n).map((heaps) => heaps.reduce((x, m) => x ^ g[m], 0))));
  return g;
}

/**
 * Every option of a heap of n under a code, as the heaps it leaves (unordered: a ≤ b ≤ c), from the
 * definition: digit k is read from the written digits or the repeating group; its bits allow
 * leaving no heap (1), one (2), two (4) or three (8) non-empty heaps after taking k, and with `!`
 * only heaps of pairwise different sizes.
 */
export function codeOptions(code: WrittenCode, n: number): number[][] {
  const { digits } = code;
  const options: number[][] = [];
  for (let k = 0; k <= n; k++) {
    const at = writtenAt(code, k);
    if (at < 0) break;
    const d = k === 0 ? digits[0] & 12 : digits[at];
    const different = code.distinct?.includes(at) ?? false;
    const rest = n - k;
    if (d & 1 && rest === 0 && k > 0) options.push([]);
    if (d & 2 && rest > 0 && k > 0) options.push([rest]);
    if (d & 4) for (let a = 1; 2 * a <= rest; a++) if (!different || 2 * a !== rest) options.push([a, rest - a]);
    if (d & 8)
      for (let a = 1; 3 * a <= rest; a++)
        for (let b = a; a + 2 * b <= rest; b++) {
          const c = rest - a - b;
          if (!different || (a !== b && b !== c)) options.push([a, b, c]);
        }
  }
  return options;
}

/** A random Hackenbush picture (vertex 0 the ground): mostly edges to a vertex drawn before, some loops and repeats. */
export function randomPicture(next: () => number, vertices: number, edges: number): HackenbushPicture {
  const ends = new Int32Array(2 * edges);
  for (let e = 0; e < edges; e++) {
    const v = 1 + Math.floor(next() * (vertices - 1));
    const u = next() < 0.1 ? v : Math.floor(next() * Math.min(vertices, v + 1));
    ends[2 * e] = next() < 0.5 ? u : v;
    ends[2 * e + 1] = ends[2 * e] === u ? v : u;
  }
  return { vertexCount: vertices, ends };
}

/** The edges of `alive` (a bit mask) still joined to the ground, by search from it (vertex 0). */
export function standing(picture: HackenbushPicture, alive: number): number {
  const m = picture.ends.length >> 1;
  const seen = new Set([0]);
  let grew = true;
  while (grew) {
    grew = false;
    for (let e = 0; e < m; e++) {
      if (!(alive & (1 << e))) continue;
      const [u, v] = [picture.ends[2 * e], picture.ends[2 * e + 1]];
      if (seen.has(u) !== seen.has(v)) {
        seen.add(u);
        seen.add(v);
        grew = true;
      }
    }
  }
  let kept = 0;
  for (let e = 0; e < m; e++) if (alive & (1 << e) && seen.has(picture.ends[2 * e])) kept |= 1 << e;
  return kept;
}

/** Values of every position reachable from the whole picture, by mex over cuts. */
export function bruteHackenbush(picture: HackenbushPicture): (alive: number) => number {
  const memo = new Map<number, number>();
  const value = (alive: number): number => {
    const known = memo.get(alive);
    if (known !== undefined) return known;
    const options: number[] = [];
    for (let e = 0; alive >> e; e++) if (alive & (1 << e)) options.push(value(standing(picture, alive & ~(1 << e))));
    const g = mex(options);
    memo.set(alive, g);
    return g;
  };
  return value;
}
