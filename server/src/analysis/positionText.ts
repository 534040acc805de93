// A position of a game written as text, as the game tree shows it: a position deep in the tree is
// in no document, so it is written from the engine's data (a worker's TreeComponent) with the
// names of the game as written: each component's head (its rule or graph), a token game's vertex
// names, a picture's vertex names. And a move written as a short label (`5 → 2`, `5 → 1+2`,
// `a → c`). Bounded: a component's text stops past TEXT_LIMIT characters with `…`, and long numbers
// are abbreviated (numberText), never printed whole (printing a million digits is a third of a second).
import type { TreeComponent } from '../compute/gameTree';
import type { GameMove } from '../engine/gameTypes';
import type { CheckedComponent } from '../language/model';
import { numberText } from '../language/numberText';

/** Characters of a component's text past which it is cut short. */
export const TEXT_LIMIT = 160;

/** The names a component's text needs, read from the game as written. */
export interface ComponentNames {
  readonly head: string;
  /** A token's vertex name (token games). */
  vertex(v: number): string;
  /** A picture's vertex name (Hackenbush, Node and Arc Kayles). */
  pictureVertex(picture: number, v: number): string;
}

export function componentNames(c: CheckedComponent): ComponentNames {
  const head = c.syntax.kind === 'tokens' ? c.syntax.graph.text : c.syntax.rule.text;
  return {
    head,
    vertex: (v) => (c.kind === 'tokens' ? c.graph.vertexIndex.nameOf(v) : `#${v}`),
    pictureVertex: (picture, v) =>
      c.kind === 'hackenbush' || c.kind === 'graph-kayles' ? (c.vertexNames[picture]?.[v] ?? `#${v}`) : `#${v}`,
  };
}

/** Items joined by `separator`, stopping with `…` once the text passes TEXT_LIMIT. */
function bounded<T>(items: readonly T[], write: (item: T, index: number) => string, separator: string): string {
  let text = '';
  for (let i = 0; i < items.length; i++) {
    if (text.length > TEXT_LIMIT) return `${text}${separator}…`;
    text += (i === 0 ? '' : separator) + write(items[i], i);
  }
  return text;
}

const quoted = (text: string) => JSON.stringify(text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT)}…` : text);
const tupleText = (numbers: readonly bigint[]) => `(${numbers.map((n) => numberText(n)).join(', ')})`;
/** A Cram board as written: a string a row, `.` empty, `#` filled. */
function cramBoardText(board: { readonly width: number; readonly height: number; readonly empty: Uint8Array }): string {
  const rows = Array.from({ length: board.height }, (_, r) =>
    quoted(Array.from(board.empty.subarray(r * board.width, (r + 1) * board.width), (e) => (e ? '.' : '#')).join('')),
  );
  return `[${bounded(rows, (row) => row, ', ')}]`;
}
const list = (numbers: readonly bigint[]) => `[${bounded(numbers, (n) => numberText(n), ', ')}]`;

/** One component, written as in a game: `nim 3 1 5`, `g at a, c`, `wythoff (3, 5)`, … */
export function componentText(c: TreeComponent, names: ComponentNames): string {
  const body = ((): string => {
    switch (c.kind) {
      case 'heaps':
        return c.heaps.length === 0 ? '0' : bounded(c.heaps, (n) => numberText(n), ' ');
      case 'tokens':
        return `at ${bounded(c.vertices, (v) => names.vertex(v), ', ')}`;
      case 'treblecross':
      case 'octal-row':
        return quoted(c.cells);
      case 'wythoff':
        return bounded(c.positions, ([a, b]) => `(${numberText(a)}, ${numberText(b)})`, ' ');
      case 'moves-tuples':
        return bounded(c.positions, tupleText, ' ');
      case 'leftmost':
        return bounded(c.rows, list, ' ');
      case 'staircase':
        return bounded(c.stairs, list, ' ');
      case 'hackenbush':
        return bounded(
          c.pictures,
          (picture, p) => {
            const edges = Array.from({ length: picture.ends.length / 2 }, (_, e) => e);
            const written = bounded(
              edges,
              (e) =>
                `${names.pictureVertex(p, picture.ends[2 * e])} - ${names.pictureVertex(p, picture.ends[2 * e + 1])}`,
              ', ',
            );
            return edges.length === 0 ? '{ }' : `{ ${written} }`;
          },
          ' ',
        );
      case 'words':
        return c.pieces.length === 0 ? '""' : bounded(c.pieces, quoted, ' ');
      case 'chomp':
        return bounded(c.boards, list, ' ');
      case 'cram':
        return bounded(c.boards, cramBoardText, ' ');
      case 'graph-kayles':
        return bounded(
          c.positions,
          (position, g) => {
            const name = (v: number) => names.pictureVertex(g, v);
            const joined = new Set(position.edges.flat());
            const items = [
              ...position.edges.map(([a, b]) => `${name(a)} - ${name(b)}`),
              ...position.vertices.filter((v) => !joined.has(v)).map(name),
            ];
            return items.length === 0 ? '{ }' : `{ ${bounded(items, (item) => item, ', ')} }`;
          },
          ' ',
        );
      default: {
        const unwritten: never = c;
        throw new Error(`internal: no text for ${(unwritten as { kind: string }).kind}`);
      }
    }
  })();
  return `${names.head} ${body}`;
}

/** A whole position: its components joined with ` + `. */
export function positionText(components: readonly TreeComponent[], names: readonly ComponentNames[]): string {
  return components.map((c, i) => componentText(c, names[i])).join(' + ');
}

/**
 * A move as a short label, from the component before it: `5 → 2` (a heap), `5 → 1+2` (a split),
 * `a → c` (a token), `(3, 5) → (3, 2)`, `X at 4`, `cut a - b`, … With `head`, the component's head first.
 */
export function moveLabel(before: TreeComponent, { move }: GameMove, names: ComponentNames, head: boolean): string {
  const label = ((): string => {
    switch (move.kind) {
      case 'heap': {
        const from = before.kind === 'heaps' ? numberText(before.heaps[move.heap]) : '?';
        return `${from} → ${move.leaves.length === 0 ? '0' : move.leaves.map((n) => numberText(n)).join('+')}`;
      }
      case 'token': {
        const from = before.kind === 'tokens' ? names.vertex(before.vertices[move.token]) : '?';
        return `${from} → ${names.vertex(move.to)}`;
      }
      case 'mark':
        return `X at ${move.cell + 1}${move.winsAtOnce ? ' (three in a row)' : ''}`;
      case 'knock':
        return move.count === 1 ? `knock ${move.start + 1}` : `knock ${move.start + 1}–${move.start + move.count}`;
      case 'wythoff': {
        const from = before.kind === 'wythoff' ? before.positions[move.position] : undefined;
        const pair = ([a, b]: readonly [bigint, bigint]) => `(${numberText(a)}, ${numberText(b)})`;
        return `${from ? pair(from) : '?'} → ${pair(move.to)}`;
      }
      case 'moves-tuple': {
        const from = before.kind === 'moves-tuples' ? before.positions[move.position] : undefined;
        const to = move.leaves.length === 1 ? tupleText(move.leaves[0]) : `[${move.leaves.map(tupleText).join(', ')}]`;
        return `${from ? tupleText(from) : '?'} → ${to}`;
      }
      case 'leftmost': {
        const from = before.kind === 'leftmost' ? before.rows[move.row]?.[move.pile] : undefined;
        const rows = before.kind === 'leftmost' ? before.rows.length : 1;
        const was = from === undefined ? '?' : numberText(from);
        return `${rows > 1 ? `row ${move.row + 1}: ` : ''}${was} → ${numberText(move.to)}`;
      }
      case 'staircase': {
        const to = move.step === 0 ? 'off' : `step ${move.step}`;
        return `${numberText(move.count)} from step ${move.step + 1} → ${to}`;
      }
      case 'hackenbush': {
        const ends = before.kind === 'hackenbush' ? before.pictures[move.picture]?.ends : undefined;
        const end = (k: number) => (ends ? names.pictureVertex(move.picture, ends[2 * move.edge + k]) : '?');
        return `cut ${end(0)} - ${end(1)}`;
      }
      case 'word': {
        const piece = before.kind === 'words' ? before.pieces[move.piece] : undefined;
        const word =
          piece === undefined ? '?' : quoted([...piece].slice(move.start, move.start + move.length).join(''));
        return `delete ${word}`;
      }
      case 'graph-kayles': {
        const graphs = before.kind === 'graph-kayles' ? before.positions.length : 1;
        const taken = move.taken.map((v) => names.pictureVertex(move.graph, v)).join(' - ');
        return `${graphs > 1 ? `graph ${move.graph + 1}: ` : ''}take ${taken}`;
      }
      case 'cram': {
        const boards = before.kind === 'cram' ? before.boards.length : 1;
        const width = before.kind === 'cram' ? before.boards[move.board]?.width : undefined;
        const cell = (i: number) => (width ? `(${Math.floor(i / width) + 1}, ${(i % width) + 1})` : '?');
        return `${boards > 1 ? `board ${move.board + 1}: ` : ''}fill ${cell(move.cells[0])} ${cell(move.cells[1])}`;
      }
      case 'chomp': {
        const boards = before.kind === 'chomp' ? before.boards.length : 1;
        return `${boards > 1 ? `board ${move.board + 1}: ` : ''}take (${move.row}, ${move.column})`;
      }
      default: {
        const unwritten: never = move;
        throw new Error(`internal: no label for ${(unwritten as { kind: string }).kind}`);
      }
    }
  })();
  return head ? `${names.head} ${label}` : label;
}
