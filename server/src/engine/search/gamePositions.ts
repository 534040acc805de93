// Positions of whole games, for playing a game out: every move of a game, the game after a move,
// and a key that is equal for two games exactly when they are the same position (the same rules
// and graphs, the same heaps in any order, …), so that a hand edit of a game's text can be
// recognised as one legal move: the game after it has the key of the game after some move.

import { chompBoardAfter } from '../families/chomp';
import { cramBoardAfter, hasCramMove } from '../families/cram';
import { hasKaylesMove, kaylesPositionAfter, kaylesPositionText } from '../families/graphKayles';
import { hackenbushKeptAfterCut, subPicture } from '../families/hackenbush';
import type { ComponentInput, GameInput, GameMove } from '../gameTypes';
import { ruleKey } from '../heaps/heap';
import type { GraphData } from '../types';
import { gameUnits, unitMoves } from './gameUnits';
import { treblecrossOver, unitOptionCount } from './unitOptions';

/** Every move of a game (moves leaving equal positions listed once), or why they are not listed. */
export function gameMoves(input: GameInput): { moves: GameMove[] } | { reason: string } {
  const game = gameUnits(input, 'move listing', true);
  if ('reason' in game) return game;
  return {
    moves: Array.from(
      unitMoves(game, (unit) => unitOptionCount(game.units[unit])),
      ({ move }) => move,
    ),
  };
}

/**
 * Whether no move is left (or a row holds three in a row). A game too large to list its moves has
 * some: every unit the listing refuses is a heap, pile, staircase or picture past 10,000, a row past
 * LISTING_MAX_ROW cells or a word piece past MAX_PIECE_LENGTH characters, none of them empty.
 */
export function gameOver(input: GameInput): boolean {
  const game = gameUnits(input, 'move listing', true);
  if ('reason' in game) return false;
  if (game.units.some(treblecrossOver)) return true;
  return game.units.every((unit) => unitOptionCount(unit) === 0);
}

/** The game after one of its moves. */
export function gameAfter(input: GameInput, { component: index, move }: GameMove): GameInput {
  const components = input.components.slice();
  components[index] = componentAfter(input.components[index], move);
  return { play: input.play, components };
}

function replaced<T>(list: readonly T[], index: number, ...items: T[]): T[] {
  return [...list.slice(0, index), ...items, ...list.slice(index + 1)];
}

function componentAfter(c: ComponentInput, move: GameMove['move']): ComponentInput {
  const mismatch = () => new Error(`internal: a ${move.kind} move on a ${c.kind} component`);
  switch (move.kind) {
    case 'heap':
      if (c.kind !== 'heaps') throw mismatch();
      return { ...c, heaps: replaced(c.heaps, move.heap, ...move.leaves) };
    case 'token':
      if (c.kind !== 'tokens') throw mismatch();
      return { ...c, vertices: replaced(c.vertices, move.token, move.to) };
    case 'mark':
      if (c.kind !== 'treblecross') throw mismatch();
      return { ...c, cells: `${c.cells.slice(0, move.cell)}X${c.cells.slice(move.cell + 1)}` };
    case 'knock':
      if (c.kind !== 'octal-row') throw mismatch();
      return {
        ...c,
        cells: c.cells.slice(0, move.start) + '.'.repeat(move.count) + c.cells.slice(move.start + move.count),
      };
    case 'wythoff':
      if (c.kind !== 'wythoff') throw mismatch();
      return { ...c, positions: replaced(c.positions, move.position, move.to) };
    case 'moves-tuple':
      if (c.kind !== 'moves-tuples') throw mismatch();
      return { ...c, positions: replaced(c.positions, move.position, ...move.leaves) };
    case 'leftmost': {
      if (c.kind !== 'leftmost') throw mismatch();
      const row = replaced(c.rows[move.row], move.pile, move.to);
      return { ...c, rows: replaced(c.rows, move.row, row) };
    }
    case 'staircase': {
      if (c.kind !== 'staircase') throw mismatch();
      const coins = c.stairs[move.stair].slice();
      coins[move.step] -= move.count;
      if (move.step > 0) coins[move.step - 1] += move.count;
      return { ...c, stairs: replaced(c.stairs, move.stair, coins) };
    }
    case 'hackenbush': {
      if (c.kind !== 'hackenbush') throw mismatch();
      const picture = c.pictures[move.picture];
      return {
        ...c,
        pictures: replaced(c.pictures, move.picture, subPicture(picture, hackenbushKeptAfterCut(picture, move.edge))),
      };
    }
    case 'word':
      if (c.kind !== 'words') throw mismatch();
      return { ...c, pieces: replaced(c.pieces, move.piece, ...move.leaves) };
    case 'chomp':
      if (c.kind !== 'chomp') throw mismatch();
      return {
        ...c,
        boards: replaced(c.boards, move.board, chompBoardAfter(c.boards[move.board], move.row, move.column)),
      };
    case 'graph-kayles':
      if (c.kind !== 'graph-kayles') throw mismatch();
      return {
        ...c,
        positions: replaced(c.positions, move.graph, kaylesPositionAfter(c.positions[move.graph], move.removed)),
      };
    case 'cram':
      if (c.kind !== 'cram') throw mismatch();
      return { ...c, boards: replaced(c.boards, move.board, cramBoardAfter(c.boards[move.board], move.cells)) };
    default: {
      const unwritten: never = move;
      throw new Error(`internal: no position after a ${(unwritten as { kind: string }).kind} move`);
    }
  }
}

/**
 * FNV-1a in two 32-bit lanes over numbers (a string: its UTF-16 code units), written in base 36: a
 * short key for equal data, not a defence against collisions made on purpose.
 */
export function shortDigest(...parts: (ArrayLike<number> | string)[]): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (const part of parts)
    for (let i = 0; i < part.length; i++) {
      const x = typeof part === 'string' ? part.charCodeAt(i) : part[i];
      a = Math.imul(a ^ x, 0x01000193) >>> 0;
      b = Math.imul(b ^ (x + 0x9e3779b9), 0x85ebca6b) >>> 0;
    }
  return `${a.toString(36)}.${b.toString(36)}`;
}

/** Graphs from two analyses of one text are different objects: a graph is known by its edges. */
const graphKeys = new WeakMap<GraphData, string>();

function graphKey(graph: GraphData): string {
  let key = graphKeys.get(graph);
  if (key === undefined) {
    key = `${graph.succ.length}.${shortDigest([graph.succStart.length], graph.succStart, graph.succ)}`;
    graphKeys.set(graph, key);
  }
  return key;
}

const sortedText = (items: readonly string[]) => [...items].sort().join(' ');

/**
 * A Hackenbush picture by the edges joined to the ground, its vertices numbered by where they
 * first occur in them (the ground 0): a picture written again without a cut edge and what fell
 * has the same key as the picture after the cut.
 */
function pictureKey(picture: ComponentInput & { kind: 'hackenbush' }, index: number): string {
  const data = picture.pictures[index];
  const kept = hackenbushKeptAfterCut(data, -1);
  const numbers = new Map<number, number>([[0, 0]]);
  const number = (v: number) => {
    let n = numbers.get(v);
    if (n === undefined) {
      n = numbers.size;
      numbers.set(v, n);
    }
    return n;
  };
  return Array.from(kept, (e) => `${number(data.ends[2 * e])}-${number(data.ends[2 * e + 1])}`).join(',');
}

/** The component's key, empty when it has nothing left to play with. */
function componentKey(c: ComponentInput): string {
  switch (c.kind) {
    case 'heaps': {
      const heaps = c.heaps.filter((h) => h > 0n).map(String);
      return heaps.length === 0 ? '' : `H${ruleKey(c.rule)}|${sortedText(heaps)}`;
    }
    case 'octal-row':
      return c.cells.includes('X') ? `R${ruleKey(c.rule)}|${c.cells}` : '';
    case 'tokens':
      return `T${graphKey(c.graph)}|${sortedText(c.vertices.map(String))}`;
    case 'treblecross':
      return `X${c.cells}`;
    case 'wythoff': {
      const pairs = c.positions.filter(([a, b]) => a > 0n || b > 0n).map(([a, b]) => `${a},${b}`);
      return pairs.length === 0 ? '' : `W${sortedText(pairs)}`;
    }
    case 'moves-tuples': {
      // (0, …, 0) has no move (every part is smaller: a negative sum): no game, as a heap of 0.
      const tuples = c.positions.filter((p) => p.some((x) => x > 0n)).map((p) => p.join(','));
      return tuples.length === 0 ? '' : `M${encodeURIComponent(c.rule.text)}|${sortedText(tuples)}`;
    }
    case 'leftmost': {
      const rows = c.rows.filter((row) => row.some((a) => a > 0n)).map((row) => row.join(','));
      return rows.length === 0 ? '' : `L${sortedText(rows)}`;
    }
    case 'staircase': {
      const stairs = c.stairs.filter((coins) => coins.some((x) => x > 0n)).map((coins) => coins.join(','));
      return stairs.length === 0 ? '' : `C${sortedText(stairs)}`;
    }
    case 'hackenbush': {
      const pictures = c.pictures.map((_, i) => pictureKey(c, i)).filter((key) => key !== '');
      return pictures.length === 0 ? '' : `K${sortedText(pictures)}`;
    }
    case 'chomp': {
      // The poisoned square alone has no move: no game, as a heap of 0.
      const boards = c.boards.filter((rows) => rows.length > 1 || rows[0] > 1n).map((rows) => rows.join(','));
      return boards.length === 0 ? '' : `P${sortedText(boards)}`;
    }
    case 'graph-kayles': {
      // A graph without a move is no game. Positions of one component are of one graph: their vertices name them.
      const graphs = c.positions.filter((p) => hasKaylesMove(c.game, p)).map(kaylesPositionText);
      return graphs.length === 0 ? '' : `G${c.game}|${sortedText(graphs)}`;
    }
    case 'cram': {
      // A board without two empty neighbours has no move: no game, as a heap of 0.
      const boards = c.boards.filter(hasCramMove).map((b) => `${b.width}:${b.empty.join('')}`);
      return boards.length === 0 ? '' : `Q${sortedText(boards)}`;
    }
    case 'words': {
      const pieces = c.pieces.filter((piece) => piece.length > 0).map((piece) => encodeURIComponent(piece));
      return pieces.length === 0 ? '' : `S${c.words.map((w) => encodeURIComponent(w)).join(',')}|${sortedText(pieces)}`;
    }
    default: {
      const unwritten: never = c;
      throw new Error(`internal: no key for ${(unwritten as { kind: string }).kind}`);
    }
  }
}

/** Equal exactly when two games are the same position under the same play. */
export function positionKey(input: GameInput): string {
  const keys = input.components.map(componentKey).filter((key) => key !== '');
  return `${input.play}\n${keys.sort().join('\n')}`;
}

export type MoveBetween =
  | { readonly kind: 'same' }
  | { readonly kind: 'move'; readonly move: GameMove }
  | { readonly kind: 'not-a-move'; readonly reason?: string };

/**
 * How `after` follows from `before`: the same position, one legal move (which), or neither
 * (with a reason when the moves of `before` could not be listed). A move changes one component:
 * the components' keys say which key went and which came, and only moves of a component with the
 * key that went are compared, each by that component's key after it, or, for a row, by the cells
 * the move changes against the cells that changed (a row's key is the row: comparing it after each
 * of its n moves would take n times its length).
 */
export function moveBetween(before: GameInput, after: GameInput): MoveBetween {
  if (before.play !== after.play) return { kind: 'not-a-move' };
  const beforeKeys = before.components.map(componentKey);
  const afterKeys = after.components.map(componentKey);
  const counts = new Map<string, number>();
  for (const key of beforeKeys) if (key !== '') counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const key of afterKeys) if (key !== '') counts.set(key, (counts.get(key) ?? 0) - 1);
  const gone = [...counts].filter(([, n]) => n !== 0);
  if (gone.length === 0) return { kind: 'same' };
  const listed = gameMoves(before);
  if ('reason' in listed) return { kind: 'not-a-move', reason: listed.reason };
  // One key went (count 1) and at most one came (count -1): the moved component's, before and after.
  const went = gone.filter(([, n]) => n === 1);
  const came = gone.filter(([, n]) => n === -1);
  if (went.length !== 1 || came.length > 1 || gone.length !== went.length + came.length) return { kind: 'not-a-move' };
  const wentKey = went[0][0];
  const cameKey = came.length === 1 ? came[0][0] : '';
  const cameComponent = cameKey === '' ? undefined : after.components[afterKeys.indexOf(cameKey)];
  const rows = new Map<number, RowChange | undefined>();
  for (const move of listed.moves) {
    if (beforeKeys[move.component] !== wentKey) continue;
    const c = before.components[move.component];
    if (c.kind === 'treblecross' || c.kind === 'octal-row') {
      if (!rows.has(move.component)) rows.set(move.component, rowChange(c, cameComponent));
      if (rowMoveMatches(rows.get(move.component), move.move)) return { kind: 'move', move };
    } else if (componentKey(componentAfter(c, move.move)) === cameKey) return { kind: 'move', move };
  }
  return { kind: 'not-a-move' };
}

/** The cells a row's move changed: from `start` to `end` (exclusive), `changed` of them, and the row after. */
interface RowChange {
  readonly start: number;
  readonly end: number;
  readonly changed: number;
  readonly cells: string;
}

/** How a row became `after` (absent: an octal row with no X left, whose key is empty), in one pass. */
function rowChange(
  row: ComponentInput & { kind: 'treblecross' | 'octal-row' },
  after: ComponentInput | undefined,
): RowChange | undefined {
  const cells =
    after === undefined ? row.cells.replaceAll('X', '.') : after.kind === row.kind ? after.cells : undefined;
  if (cells === undefined || cells.length !== row.cells.length) return undefined;
  let start = -1;
  let end = -1;
  let changed = 0;
  for (let i = 0; i < cells.length; i++)
    if (cells.charCodeAt(i) !== row.cells.charCodeAt(i)) {
      if (start < 0) start = i;
      end = i + 1;
      changed++;
    }
  return { start, end, changed, cells };
}

/** Whether a row's move changes exactly the cells that changed, as they changed (a mark: to X; a knock: to `.`). */
function rowMoveMatches(change: RowChange | undefined, move: GameMove['move']): boolean {
  if (change === undefined) return false;
  if (move.kind === 'mark')
    return change.changed === 1 && change.start === move.cell && change.cells[move.cell] === 'X';
  if (move.kind !== 'knock') return false;
  if (change.changed !== move.count || change.start !== move.start || change.end !== move.start + move.count)
    return false;
  for (let i = change.start; i < change.end; i++) if (change.cells[i] !== '.') return false;
  return true;
}
