// Nimbers worked out here, from the document's text, by the definition (mex of the options' values) and Bouton's
// theorem (a sum's value is the XOR of its components'): what the web suite checks the extension's answers against,
// with nothing shared with the engine (mex and the subtraction game's values are the unit tests' own brute forces,
// test/engine/oracles/oracles.ts). Only the plain forms the suite reads: `rule r = subtract {a, b, …}`,
// `game x = r n m + s k`, a graph's `v -> w, …` lines, and small boards and graph games (`cram`, `chomp`,
// `node-kayles`, `arc-kayles`, beside `nim` heaps).
import { bruteSubtraction, mex } from '../engine/oracles/oracles';

/** Each `rule name = subtract {a, b, …}` of `text`: its moves. */
export function subtractionRules(text: string): Map<string, number[]> {
  const rules = new Map<string, number[]>();
  for (const [, name, moves] of text.matchAll(/^rule\s+(\w+)\s*=\s*subtract\s*\{([\d,\s]+)\}/gm))
    rules.set(
      name,
      moves.split(',').map((s) => Number(s.trim())),
    );
  return rules;
}

export interface Component {
  readonly rule: string;
  readonly heaps: readonly number[];
}

/** The components of a game's right-hand side `onetwo 5 + upto3 7 + evens 7` (a comment after `#` ignored). */
export function components(sum: string): Component[] {
  return sum
    .replace(/#.*/, '')
    .split('+')
    .map((part) => {
      const [rule, ...heaps] = part.trim().split(/\s+/);
      return { rule, heaps: heaps.map(Number) };
    });
}

/** A component's value: the XOR of its heaps' nimbers under its rule (which must be one of `rules`). */
export function componentNimber(component: Component, rules: Map<string, number[]>): number {
  const moves = rules.get(component.rule);
  if (!moves) throw new Error(`no subtraction rule ${component.rule} in the document`);
  const values = bruteSubtraction(moves, Math.max(0, ...component.heaps) + 1);
  return component.heaps.reduce((sum, heap) => sum ^ values[heap], 0);
}

/** The XOR of the components' values: 0 exactly when the player to move loses. */
export function nimSum(parts: readonly Component[], rules: Map<string, number[]>): number {
  return parts.reduce((sum, part) => sum ^ componentNimber(part, rules), 0);
}

/** How the extension writes a nimber: `0`, `*1`, `*2`… */
export function nimberLabel(nimber: number): string {
  return nimber === 0 ? '0' : `*${nimber}`;
}

/** Each vertex's nimber in the acyclic graph `name { a -> b, c … }` of `text`. */
export function graphNimbers(text: string, name: string): Map<string, number> {
  const body = new RegExp(`^graph\\s+${name}\\s*\\{([^}]*)\\}`, 'm').exec(text)?.[1];
  if (body === undefined) throw new Error(`no graph ${name} in the document`);
  const successors = new Map<string, string[]>();
  for (const [, from, to] of body.matchAll(/^\s*(\w+)\s*->\s*([\w,\s]+?)\s*$/gm)) {
    const targets = to.split(',').map((v) => v.trim());
    successors.set(from, [...(successors.get(from) ?? []), ...targets]);
    for (const target of targets) if (!successors.has(target)) successors.set(target, []);
  }
  const nimbers = new Map<string, number>();
  const nimberOf = (vertex: string): number => {
    const known = nimbers.get(vertex);
    if (known !== undefined) return known;
    const value = mex((successors.get(vertex) ?? []).map(nimberOf));
    nimbers.set(vertex, value);
    return value;
  };
  for (const vertex of successors.keys()) nimberOf(vertex);
  return nimbers;
}

/**
 * Who wins with one token on each vertex of the graph `name { … }` of `text`, cycles allowed, by
 * retrograde analysis (no value theory): a vertex with no move loses; one with a move to a lost
 * vertex wins; one whose moves all reach won vertices loses; the rest are draws.
 */
export function graphOutcomes(text: string, name: string): Map<string, 'win' | 'lose' | 'draw'> {
  const body = new RegExp(`^graph\\s+${name}\\s*\\{([^}]*)\\}`, 'm').exec(text)?.[1];
  if (body === undefined) throw new Error(`no graph ${name} in the document`);
  const successors = new Map<string, string[]>();
  for (const line of body.split(/\r?\n/).map((l) => l.replace(/#.*/, '').trim())) {
    const [from, to] = line.split('->').map((part) => part.trim());
    if (!from) continue;
    const targets = to ? to.split(',').map((v) => v.trim()) : [];
    successors.set(from, [...(successors.get(from) ?? []), ...targets]);
    for (const target of targets) if (!successors.has(target)) successors.set(target, []);
  }
  const outcome = new Map<string, 'win' | 'lose' | 'draw'>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [vertex, moves] of successors) {
      if (outcome.has(vertex)) continue;
      if (moves.some((w) => outcome.get(w) === 'lose')) outcome.set(vertex, 'win');
      else if (moves.every((w) => outcome.get(w) === 'win')) outcome.set(vertex, 'lose');
      else continue;
      changed = true;
    }
  }
  for (const vertex of successors.keys()) if (!outcome.has(vertex)) outcome.set(vertex, 'draw');
  return outcome;
}

/**
 * A board or graph game's component as written (`cram ["..", "#."]`, `chomp [3, 2]`, `node-kayles { a - b, c }`,
 * `arc-kayles { … }`, or `nim 3`), its nimber by the definition alone: every move tried, no regions, no symmetry,
 * no theorem (small boards only). Several boards in one component add by XOR.
 */
export function boardComponentNimber(written: string): number {
  const text = written.trim();
  const kind = text.split(/[\s[{]/)[0];
  if (kind === 'nim')
    return text
      .split(/\s+/)
      .slice(1)
      .map(Number)
      .reduce((x, n) => x ^ n, 0);
  if (kind === 'cram')
    return [...text.matchAll(/\[([^\]]*)\]/g)]
      .map(([, rows]) => cramNimber([...rows.matchAll(/"([.#]*)"/g)].map(([, row]) => row)))
      .reduce((x, g) => x ^ g, 0);
  if (kind === 'chomp')
    return [...text.matchAll(/\[([^\]]*)\]/g)]
      .map(([, rows]) => chompNimber(rows.split(',').map((r) => Number(r.trim()))))
      .reduce((x, g) => x ^ g, 0);
  if (kind === 'node-kayles' || kind === 'arc-kayles')
    return [...text.matchAll(/\{([^}]*)\}/g)]
      .map(([, body]) => kaylesNimber(kind === 'node-kayles', body))
      .reduce((x, g) => x ^ g, 0);
  throw new Error(`not a board the brute force reads: ${text}`);
}

/** Cram by the definition: each domino (two empty cells side by side or one above the other) filled in turn. */
function cramNimber(rows: readonly string[]): number {
  const width = rows[0]?.length ?? 0;
  const memo = new Map<string, number>();
  const value = (cells: string): number => {
    const known = memo.get(cells);
    if (known !== undefined) return known;
    const options: number[] = [];
    for (let i = 0; i < cells.length; i++) {
      if (cells[i] !== '.') continue;
      for (const j of [(i % width) + 1 < width ? i + 1 : -1, i + width])
        if (j >= 0 && j < cells.length && cells[j] === '.')
          options.push(value(`${cells.slice(0, i)}#${cells.slice(i + 1, j)}#${cells.slice(j + 1)}`));
    }
    const g = mex(options);
    memo.set(cells, g);
    return g;
  };
  return value(rows.join(''));
}

/** Chomp by the definition: rows from the bottom; a move takes (r, c) ≠ (0, 0) and all above and right of it. */
function chompNimber(rows: readonly number[]): number {
  const memo = new Map<string, number>();
  const value = (board: readonly number[]): number => {
    const key = board.join(',');
    const known = memo.get(key);
    if (known !== undefined) return known;
    const options: number[] = [];
    for (let r = 0; r < board.length; r++)
      for (let c = 0; c < board[r]; c++) {
        if (r === 0 && c === 0) continue;
        const after = board.map((length, i) => (i >= r ? Math.min(length, c) : length)).filter((length) => length > 0);
        options.push(value(after));
      }
    const g = mex(options);
    memo.set(key, g);
    return g;
  };
  return value(rows);
}

/** Node Kayles (a vertex goes with its neighbours) or Arc Kayles (an edge goes with its two ends) by the definition. */
function kaylesNimber(node: boolean, body: string): number {
  const names: string[] = [];
  const index = (name: string) => (names.includes(name) ? names.indexOf(name) : names.push(name) - 1);
  const edges: [number, number][] = [];
  for (const item of body
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const ends = item.split('-').map((s) => s.trim());
    if (ends.length === 2) edges.push([index(ends[0]), index(ends[1])]);
    else index(ends[0]);
  }
  const memo = new Map<number, number>();
  const value = (left: number): number => {
    const known = memo.get(left);
    if (known !== undefined) return known;
    const options: number[] = [];
    const has = (v: number) => (left & (1 << v)) !== 0;
    if (node)
      for (let v = 0; v < names.length; v++) {
        if (!has(v)) continue;
        let gone = 1 << v;
        for (const [a, b] of edges) if (a === v || b === v) gone |= (1 << a) | (1 << b);
        options.push(value(left & ~gone));
      }
    else for (const [a, b] of edges) if (has(a) && has(b)) options.push(value(left & ~((1 << a) | (1 << b))));
    const g = mex(options);
    memo.set(left, g);
    return g;
  };
  return value((1 << names.length) - 1);
}
