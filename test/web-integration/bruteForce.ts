// Nimbers worked out here, from the document's text, by the definition (mex of the options' values) and Bouton's
// theorem (a sum's value is the XOR of its components'): what the web suite checks the extension's answers against,
// with nothing shared with the engine (mex and the subtraction game's values are the unit tests' own brute forces,
// test/engine/oracles/oracles.ts). Only the plain forms the suite reads: `rule r = subtract {a, b, …}`,
// `game x = r n m + s k`, and a graph's `v -> w, …` lines.
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
