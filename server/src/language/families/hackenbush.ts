// Green Hackenbush pictures: vertex names become numbers (`ground` is 0), and a move is written as
// the picture after the cut: the cut edge and everything that fell deleted, each with a comma
// beside it, and the rest as written (`hackenbush { ground - a, a - b }` → cut `ground - a` →
// `hackenbush { }`).

import { GROUND, type HackenbushPicture, hackenbushKeptAfterCut, joinedEdges } from '../../engine/families';
import type { ComponentMove } from '../../engine/gameTypes';
import type { Rule } from '../../engine/types';
import type { Picture, PicturesComponent } from '../ast';
import { error, warning } from '../diagnostics';
import type { CheckedComponent } from '../model';
import { type Diagnostics, type LanguageFamily, type RuleFamily, wrongShape } from './family';
import { type MoveText, mismatch } from './moveText';

/** The ground's name in a picture. */
export const GROUND_NAME = 'ground';

/** Pictures of at most this many edges say in a move's description how many edges fall with the cut. */
const FALL_COUNTED_UP_TO = 5000;

/** A picture as the engine takes it, and its vertices' names (index 0: `ground`). */
export function pictureData(picture: Picture): { data: HackenbushPicture; names: string[] } {
  const numbers = new Map<string, number>([[GROUND_NAME, GROUND]]);
  const names = [GROUND_NAME];
  const number = (name: string) => {
    let v = numbers.get(name);
    if (v === undefined) {
      v = names.length;
      numbers.set(name, v);
      names.push(name);
    }
    return v;
  };
  // A lone vertex (an error in a Hackenbush picture: reportLoneVertices) is no edge.
  const edges = picture.edges.filter((edge) => edge.to);
  const ends = new Int32Array(2 * edges.length);
  edges.forEach((edge, i) => {
    ends[2 * i] = number(edge.from.text);
    ends[2 * i + 1] = number(edge.to!.text);
  });
  return { data: { vertexCount: names.length, ends }, names };
}

/**
 * A Hackenbush picture is made of edges: each vertex written alone (which the graphs of Node and Arc
 * Kayles may have) is an error; `a-b` alone is the edge `a - b` without its spaces. True when there is none.
 */
function reportLoneVertices(component: PicturesComponent, diagnostics: Diagnostics): boolean {
  let none = true;
  for (const picture of component.pictures)
    for (const { from, to } of picture.edges) {
      if (to) continue;
      none = false;
      const parts = from.text.split('-');
      if (parts.length === 2 && parts[0] && parts[1])
        diagnostics.push(
          error('expected-dash', from, `\`${from.text}\` is one name: an edge is \`A - B\`, with spaces around \`-\``, {
            replacement: parts.join(' - '),
          }),
        );
      else
        diagnostics.push(
          error(
            'expected-dash',
            from,
            `\`${from.text}\` stands alone: a Hackenbush picture is made of edges, ` +
              `as in \`${from.text === GROUND_NAME ? 'ground - a' : `ground - ${from.text}`}\``,
          ),
        );
    }
  return none;
}

/** `hackenbush { … } …`: each picture's edges; a warning for edges not joined to the ground. */
export function checkPictures(component: PicturesComponent, diagnostics: Diagnostics): CheckedComponent {
  // Reported, and left out of the picture: the game is not evaluated (it has an error), as when the
  // parser read them as mistakes.
  reportLoneVertices(component, diagnostics);
  const pictures: HackenbushPicture[] = [];
  const vertexNames: string[][] = [];
  for (const picture of component.pictures) {
    const { data, names } = pictureData(picture);
    pictures.push(data);
    vertexNames.push(names);
    const joined = joinedEdges(data);
    const loose = picture.edges.filter((edge) => edge.to).filter((_, i) => joined[i] === 0);
    if (loose.length > 0) {
      const first = loose[0];
      const others = loose.length - 1;
      diagnostics.push(
        warning(
          'picture-not-joined',
          first,
          `\`${first.from.text} - ${first.to!.text}\`` +
            `${others > 0 ? ` and ${others} other edge${others > 1 ? 's' : ''}` : ''} ` +
            `${loose.length > 1 ? 'are' : 'is'} not joined to the \`ground\`: ` +
            `${loose.length > 1 ? 'they fell before play began and take' : 'it fell before play began and takes'} ` +
            'no part in the game',
          { related: loose.slice(1, 20).map((edge) => ({ span: edge, message: 'not joined to the ground' })) },
        ),
      );
    }
  }
  return { kind: 'hackenbush', syntax: component, pictures, vertexNames };
}

/** A cut: the picture written again without the cut edge and what fell. */
export function writeHackenbushMove(
  move: Extract<ComponentMove, { kind: 'hackenbush' }>,
  component: CheckedComponent,
): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'pictures' || component.kind !== 'hackenbush') throw mismatch(move, syntax);
  const picture = syntax.pictures[move.picture];
  const data = component.pictures[move.picture];
  const edge = picture.edges[move.edge];
  const edgeText = `${edge.from.text} - ${edge.to!.text}`;
  const where = syntax.pictures.length > 1 ? ` in picture ${move.picture + 1}` : '';
  let kept: Int32Array | undefined;
  const keptEdges = () => (kept ??= hackenbushKeptAfterCut(data, move.edge));
  const standing = picture.edges.length - 1;
  const falls = picture.edges.length <= FALL_COUNTED_UP_TO ? standing - keptEdges().length : undefined;
  return {
    span: picture,
    newText: (text) => {
      const edges = picture.edges;
      const keep = keptEdges();
      if (keep.length === 0) return '{ }';
      const kept = new Uint8Array(edges.length);
      for (const e of keep) kept[e] = 1;
      // Each edge that goes is deleted with one comma beside it (the one before it on its line,
      // else the one after it); everything else (line breaks, comments, spacing) stays.
      let written = '';
      let from = picture.start;
      for (let i = 0; i < edges.length; i++) {
        if (kept[i]) continue;
        const edge = edges[i];
        let start = edge.start;
        let end = edge.end;
        const before = i > 0 ? edges[i - 1].end : -1;
        // (The comma before is taken only if the edge before it stays: else its deletion took that comma.)
        if (before >= from && /^[ \t]*,[ \t]*$/.test(text.slice(before, edge.start))) start = before;
        else {
          const after = /^[ \t]*,[ \t]*/.exec(
            text.slice(edge.end, i + 1 < edges.length ? edges[i + 1].start : picture.end),
          );
          if (after) end += after[0].length;
        }
        written += text.slice(from, Math.max(from, start));
        from = Math.max(from, end);
      }
      return written + text.slice(from, picture.end);
    },
    label: `${syntax.rule.text}: cut ${edgeText}${where}`,
    description:
      `cut \`${edgeText}\`${where}` +
      (falls === undefined || falls === 0
        ? ''
        : `: ${falls} more edge${falls === 1 ? '' : 's'} fall${falls === 1 ? 's' : ''}`),
  };
}

/** Green Hackenbush: pictures in braces (`hackenbush { ground - a, a - b }`). */
export const hackenbushRules: RuleFamily<Extract<Rule, { kind: 'hackenbush' }>> = {
  shapes: ['pictures'],
  writtenForm: (name) => `pictures of edges in braces, as in \`${name} { ground - a, a - b }\``,
  check: (component, head, _rule, diagnostics) =>
    component.kind === 'pictures'
      ? checkPictures(component, diagnostics)
      : wrongShape(head, hackenbushRules, diagnostics),
};

export const hackenbushFamily = {
  rules: { hackenbush: hackenbushRules },
  components: {
    hackenbush: {
      input: (c) => ({ kind: 'hackenbush', pictures: c.pictures }),
      key: (c, parts) => {
        parts.push('hackenbush:');
        for (const picture of c.pictures) parts.push(` {${picture.ends.join(',')}}`);
      },
      affinity: () => undefined,
    },
  },
  moves: { hackenbush: writeHackenbushMove },
} satisfies LanguageFamily;
