// Node Kayles and Arc Kayles (language version 4, part 3): `node-kayles { a - b, b - c, c }`, a graph written like a
// picture, an edge `A - B`, a vertex alone where it has no edge. Vertices are numbered in the order they are first
// written; a loop or a repeated edge changes nothing. A move is written as the graph after it: the edges left in
// the order written, then each vertex left with no edge alone; `{ }` when nothing is left.
import type { KaylesKind } from '../../engine/boards';
import type { ComponentMove, KaylesPosition } from '../../engine/gameTypes';
import type { Rule } from '../../engine/types';
import type { Picture, PicturesComponent } from '../ast';
import { warning } from '../diagnostics';
import type { CheckedComponent } from '../model';
import { type Diagnostics, type LanguageFamily, type RuleFamily, wrongShape } from './family';
import { type MoveText, mismatch } from './moveText';

/** A picture as a graph: its vertices' names by number, and what is left of it (all of it). */
function graphOf(picture: Picture): { position: KaylesPosition; names: string[] } {
  const numbers = new Map<string, number>();
  const names: string[] = [];
  const number = (name: string) => {
    let v = numbers.get(name);
    if (v === undefined) {
      v = names.length;
      numbers.set(name, v);
      names.push(name);
    }
    return v;
  };
  // Every end numbered first, so that an edge's key, low · n + high, is a number (a string per edge was most of the
  // check of a graph of 10^5 edges).
  const ends = new Int32Array(2 * picture.edges.length);
  picture.edges.forEach((item, i) => {
    ends[2 * i] = number(item.from.text);
    ends[2 * i + 1] = item.to ? number(item.to.text) : -1;
  });
  const n = names.length;
  /** Keys low · n + high are exact below 2^53: up to 94,906,265 vertices (a longer text takes strings). */
  const exact = n <= 94_906_265;
  const seen = new Set<number | string>();
  const edges: [number, number][] = [];
  for (let i = 0; i < picture.edges.length; i++) {
    const [a, b] = [ends[2 * i], ends[2 * i + 1]];
    if (b < 0) continue;
    const [low, high] = a < b ? [a, b] : [b, a];
    const key = exact ? low * n + high : `${low}-${high}`;
    if (low === high || seen.has(key)) continue; // a loop or a repeated edge changes nothing
    seen.add(key);
    edges.push([low, high]);
  }
  return { position: { vertices: names.map((_, v) => v), edges }, names };
}

function checkGraphs(component: PicturesComponent, game: KaylesKind, diagnostics: Diagnostics): CheckedComponent {
  const positions: KaylesPosition[] = [];
  const vertexNames: string[][] = [];
  for (const picture of component.pictures) {
    const { position, names } = graphOf(picture);
    positions.push(position);
    vertexNames.push(names);
    // `a-b` alone is one vertex's name, but most often the edge `a - b` without its spaces.
    for (const { from, to } of picture.edges) {
      if (to) continue;
      const parts = from.text.split('-');
      if (parts.length === 2 && parts[0] && parts[1])
        diagnostics.push(
          warning(
            'expected-dash',
            from,
            `\`${from.text}\` is one vertex: an edge is \`A - B\`, with spaces around \`-\``,
            { replacement: parts.join(' - ') },
          ),
        );
    }
  }
  return { kind: 'graph-kayles', syntax: component, game, positions, vertexNames };
}

/** A move: the graph written again without the vertices that go. */
export function writeKaylesMove(
  move: Extract<ComponentMove, { kind: 'graph-kayles' }>,
  component: CheckedComponent,
): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'pictures' || component.kind !== 'graph-kayles') throw mismatch(move, syntax);
  const picture = syntax.pictures[move.graph];
  const names = component.vertexNames[move.graph];
  const gone = new Set(move.removed.map((v) => names[v]));
  const kept = new Set(picture.edges.filter((item) => item.to && !gone.has(item.from.text) && !gone.has(item.to.text)));
  const joined = new Set([...kept].flatMap((item) => [item.from.text, item.to!.text]));
  const written: string[] = [];
  const alone = new Set<string>();
  for (const item of picture.edges) {
    // A set, not a list: a graph of 10^5 edges was written in 10^10 steps.
    if (item.to && kept.has(item)) written.push(`${item.from.text} - ${item.to.text}`);
    for (const end of item.to ? [item.from.text, item.to.text] : [item.from.text])
      if (!gone.has(end) && !joined.has(end) && !alone.has(end)) {
        alone.add(end);
        written.push(end);
      }
  }
  const taken = move.taken.map((v) => names[v]);
  const where = syntax.pictures.length > 1 ? ` in graph ${move.graph + 1}` : '';
  const what = taken.length === 1 ? `\`${taken[0]}\`` : `\`${taken[0]} - ${taken[1]}\``;
  return {
    span: picture,
    newText: written.length === 0 ? '{ }' : `{ ${written.join(', ')} }`,
    label: `${syntax.rule.text}: take ${taken.join(' - ')}${where}`,
    description:
      component.game === 'node'
        ? `take the vertex ${what}${where} and its neighbours (${move.removed.length} vertices go)`
        : `take the edge ${what}${where} and both its ends (every edge touching them goes)`,
  };
}

function rules(game: KaylesKind): RuleFamily<Extract<Rule, { kind: 'node-kayles' | 'arc-kayles' }>> {
  const family: RuleFamily<Extract<Rule, { kind: 'node-kayles' | 'arc-kayles' }>> = {
    shapes: ['pictures'],
    writtenForm: (name) =>
      `graphs in braces, an edge \`A - B\`, a vertex alone where it has none, as in \`${name} { a - b, c }\``,
    check: (component, head, _rule, diagnostics) =>
      component.kind === 'pictures' ? checkGraphs(component, game, diagnostics) : wrongShape(head, family, diagnostics),
  };
  return family;
}

export const graphKaylesFamily = {
  rules: { 'node-kayles': rules('node'), 'arc-kayles': rules('arc') },
  components: {
    'graph-kayles': {
      input: (c) => ({ kind: 'graph-kayles', game: c.game, positions: c.positions }),
      key: (c, parts) => {
        parts.push(`${c.game}-kayles:`);
        for (const p of c.positions)
          parts.push(` {${p.vertices.length};${p.edges.map(([a, b]) => `${a}-${b}`).join(',')}}`);
      },
      affinity: () => undefined,
    },
  },
  moves: { 'graph-kayles': writeKaylesMove },
} satisfies LanguageFamily;
