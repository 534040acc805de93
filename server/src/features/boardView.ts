// The board view's data (BoardRequest): a board of a game (a Cram board, a Chomp staircase, the graph
// of Node or Arc Kayles) as the view draws it, with the game's winning moves on it, each carrying its
// index among the game's listed winning moves, so that a click in the view plays it through
// APPLY_MOVE_COMMAND exactly as its lens does (the same versioned edit, refused the same way when the
// game changed); or a summary when it is too big to draw. And the lens above every game with boards
// (SHOW_BOARD_COMMAND): VS Code's client opens its board view; the server, for any other editor,
// tells a summary. Bounded: a board is drawn only up to BOARD_DRAWN_CELLS cells or squares (graphs:
// GRAPH_DRAWN_VERTICES vertices), and only the moves the game's computation listed are read.
import type { CodeLens, Position } from 'vscode-languageserver';
import type { GameMove } from '../engine/gameTypes';
import type { CheckedComponent, GameSymbol } from '../language/model';
import { countText, numberText } from '../language/numberText';
import { type Span, spanContains } from '../language/text';
import { writeMove } from '../language/writeMove';
import {
  BOARD_DRAWN_CELLS,
  type BoardAnswer,
  type BoardDrawing,
  type BoardMove,
  BoardRequest,
  boardParams,
  GRAPH_DRAWN_VERTICES,
  SHOW_BOARD_COMMAND,
  type ShowBoardArguments,
  showBoardArguments,
} from '../protocol';
import type { Feature, FeatureContext } from './feature';
import { type DocumentView, gameAt } from './view';

type BoardComponent = Extract<CheckedComponent, { kind: 'cram' | 'chomp' | 'graph-kayles' }>;

/** One board of a game: its component (checked, and its index in the game) and its index in the component. */
interface FoundBoard {
  readonly component: number;
  readonly checked: BoardComponent;
  readonly index: number;
}

/** A game's boards in order, over all its Cram, Chomp and Kayles components. */
function boardsOf(game: GameSymbol): FoundBoard[] {
  const found: FoundBoard[] = [];
  game.components.forEach((checked, component) => {
    if (checked.kind !== 'cram' && checked.kind !== 'chomp' && checked.kind !== 'graph-kayles') return;
    const count = checked.kind === 'graph-kayles' ? checked.positions.length : checked.boards.length;
    for (let index = 0; index < count; index++) found.push({ component, checked, index });
  });
  return found;
}

/** Where a board is written: its bracketed rows, its list, or its braces. */
function boardSyntax({ checked, index }: FoundBoard): Span | undefined {
  const syntax = checked.syntax;
  if (syntax.kind === 'boards') return syntax.boards[index];
  if (syntax.kind === 'lists') return syntax.lists[index];
  if (syntax.kind === 'pictures') return syntax.pictures[index];
  return undefined;
}

/** The game and board at `offset`: a board's text, or a game with boards (its first). */
function boardAt(view: DocumentView, offset: number): { game: string; board: number } | undefined {
  const game = gameAt(view, offset);
  if (!game) return undefined;
  const boards = boardsOf(game);
  if (boards.length === 0) return undefined;
  const at = boards.findIndex((b) => {
    const span = boardSyntax(b);
    return span !== undefined && spanContains(span, offset);
  });
  return { game: game.name, board: Math.max(0, at) };
}

function kindOf({ checked }: FoundBoard): BoardDrawing['kind'] {
  return checked.kind === 'graph-kayles' ? (checked.game === 'node' ? 'node-kayles' : 'arc-kayles') : checked.kind;
}

const plural = (n: bigint | number, one: string, many = `${one}s`) =>
  `${countText(n)} ${n === 1 || n === 1n ? one : many}`;

/** The board's size in words, and whether it is small enough to draw (no number of it is printed whole). */
function sizeOf({ checked, index }: FoundBoard): { size: string; drawable: boolean; limit: string } {
  if (checked.kind === 'cram') {
    const { width, height, empty } = checked.boards[index];
    const filled = empty.reduce((n, cell) => n + (cell ? 0 : 1), 0);
    return {
      size: `${height} × ${width} cells, ${filled} filled`,
      drawable: width * height <= BOARD_DRAWN_CELLS,
      limit: `${countText(BOARD_DRAWN_CELLS)} cells`,
    };
  }
  if (checked.kind === 'chomp') {
    const rows = checked.boards[index];
    const squares = rows.reduce((n, row) => n + row, 0n);
    return {
      size: `${plural(rows.length, 'row')}, ${plural(squares, 'square')}`,
      drawable: squares <= BigInt(BOARD_DRAWN_CELLS),
      limit: `${countText(BOARD_DRAWN_CELLS)} squares`,
    };
  }
  const { vertices, edges } = checked.positions[index];
  return {
    size: `${plural(vertices.length, 'vertex', 'vertices')}, ${plural(edges.length, 'edge')}`,
    drawable: vertices.length <= GRAPH_DRAWN_VERTICES,
    limit: `${countText(GRAPH_DRAWN_VERTICES)} vertices`,
  };
}

/** The winning moves listed on this board (with their indices among the game's), drawn as the view draws them. */
function drawing(found: FoundBoard, moves: readonly { move: GameMove; board: BoardMove }[]): BoardDrawing {
  const { checked, index } = found;
  if (checked.kind === 'cram') {
    const { width, height, empty } = checked.boards[index];
    const rows = Array.from({ length: height }, (_, r) =>
      Array.from(empty.subarray(r * width, (r + 1) * width), (cell) => (cell ? '.' : '#')).join(''),
    );
    const cell = (i: number) => [Math.floor(i / width) + 1, (i % width) + 1] as const;
    return {
      kind: 'cram',
      rows,
      winning: moves.flatMap(({ move: { move }, board }) =>
        move.kind === 'cram' ? [{ ...board, cells: [cell(move.cells[0]), cell(move.cells[1])] as const }] : [],
      ),
    };
  }
  if (checked.kind === 'chomp')
    return {
      kind: 'chomp',
      rows: checked.boards[index].map(Number),
      winning: moves.flatMap(({ move: { move }, board }) =>
        move.kind === 'chomp' ? [{ ...board, row: move.row, column: move.column }] : [],
      ),
    };
  const { vertices, edges } = checked.positions[index];
  const names = checked.vertexNames[index];
  // The position's vertices by number: a board not yet played holds them all, in order.
  const at = new Map(vertices.map((v, i) => [v, i]));
  const drawnEdges = edges.map(([u, v]) => [at.get(u)!, at.get(v)!] as const);
  const taken = moves.flatMap(({ move: { move }, board }) => (move.kind === 'graph-kayles' ? [{ move, board }] : []));
  if (checked.game === 'node')
    return {
      kind: 'node-kayles',
      vertices: vertices.map((v) => names[v]),
      edges: drawnEdges,
      winning: taken.map(({ move, board }) => ({ ...board, vertex: at.get(move.taken[0])! })),
    };
  const edgeOf = (ends: readonly number[]) =>
    edges.findIndex(([u, v]) => (u === ends[0] && v === ends[1]) || (u === ends[1] && v === ends[0]));
  return {
    kind: 'arc-kayles',
    vertices: vertices.map((v) => names[v]),
    edges: drawnEdges,
    winning: taken.map(({ move, board }) => ({ ...board, edge: edgeOf(move.taken) })),
  };
}

/** Whether a game's move is on this board. */
function onBoard({ component, index }: FoundBoard, { component: c, move }: GameMove): boolean {
  if (c !== component) return false;
  if (move.kind === 'cram' || move.kind === 'chomp') return move.board === index;
  return move.kind === 'graph-kayles' && move.graph === index;
}

/** A reason's first line, at most PROBLEM_CHARS long: an engine's reason may write out a whole board of 10^5 rows. */
const PROBLEM_CHARS = 300;
function shortened(reason: string): string {
  const line = reason.split('\n', 1)[0];
  return line.length <= PROBLEM_CHARS ? line : `${line.slice(0, PROBLEM_CHARS)}…`;
}

/** BoardRequest's answer for a game's board. Bounded: a big board is summarised, not drawn. */
export function boardAnswer(view: DocumentView, name: string, board: number): BoardAnswer {
  const game = view.document.model.games.find((g) => g.name === name);
  if (!game) return { refused: `There is no game \`${name}\` in this document.` };
  const boards = boardsOf(game);
  const found = boards[board];
  if (!found)
    return {
      refused:
        boards.length === 0
          ? `Game \`${name}\` has no board (Cram, Chomp) or graph of Node or Arc Kayles.`
          : `Game \`${name}\` has ${plural(boards.length, 'board')}, not ${board + 1}.`,
    };
  const value = game.valid ? view.game(game) : undefined;
  const result = value?.state === 'done' ? value.value : undefined;
  const problem = !game.valid
    ? 'The game has errors: fix them to see its values.'
    : value?.state === 'failed'
      ? `Computing its value failed: ${shortened(value.message)}`
      : result && result.outcome === null
        ? shortened(result.reason ?? 'Who wins is not known.')
        : undefined;
  const part = result?.play === 'normal' ? result.components[found.component]?.parts[found.index] : undefined;
  const { size, drawable, limit } = sizeOf(found);
  const listed = result?.winningMoves ?? [];
  const mine = listed.flatMap((move, index) => (onBoard(found, move) ? [{ move, index }] : []));
  const key = result ? view.gameKey(game) : undefined;
  const answer = {
    game: name,
    board,
    boards: boards.length,
    kind: kindOf(found),
    size,
    play: game.play,
    version: view.version,
    computing: value?.state === 'pending',
    ...(problem ? { problem } : {}),
    nimber: part === undefined || part === null ? null : numberText(part),
    gameNimber: result?.nimber === null || result?.nimber === undefined ? null : numberText(result.nimber),
    outcome: result?.outcome ?? null,
    ...(key === undefined ? {} : { key }),
    elsewhere: listed.length - mine.length,
    unlisted: result ? (result.winningMoveCount - BigInt(listed.length)).toString() : '0',
  };
  if (!drawable) return { ...answer, tooLarge: `the view draws boards of at most ${limit}` };
  const text = view.document.file.text;
  const moves = mine.map(({ move, index }) => {
    const written = writeMove(text, game, move);
    return { move, board: { index, label: written.label, description: written.description } };
  });
  return { ...answer, drawn: drawing(found, moves) };
}

/** A lens above every game with boards: one per board, to open the board view. */
export function boardLenses(view: DocumentView): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const game of view.document.model.games) {
    const boards = boardsOf(game);
    if (boards.length === 0) continue;
    const start = view.document.lines.positionAt(game.declaration.start);
    boards.forEach((_, board) => {
      const args: ShowBoardArguments = { uri: view.uri, game: game.name, board };
      lenses.push({
        range: { start, end: start },
        command: {
          title:
            `${view.icons ? '$(table) ' : ''}show the board` +
            (boards.length > 1 ? ` ${board + 1}` : '') +
            ` of ${game.name}`,
          command: SHOW_BOARD_COMMAND,
          arguments: [args],
        },
      });
    });
  }
  return lenses;
}

const OUTCOME_WORDS = {
  N: 'the player to move wins',
  P: 'the player to move loses',
  D: 'a draw with best play',
} as const;

/** The summary SHOW_BOARD_COMMAND tells in editors without the view. */
export function boardSummary(answer: BoardAnswer): string {
  if ('refused' in answer) return answer.refused;
  const what = `board ${answer.board + 1} of ${answer.game} (${answer.kind}): ${answer.size}.`;
  const value =
    answer.problem ??
    (answer.computing
      ? 'its value is being computed'
      : answer.nimber !== null
        ? `nimber ${answer.nimber}`
        : answer.outcome
          ? `${answer.play === 'misere' ? 'misère play: ' : ''}${OUTCOME_WORDS[answer.outcome]}`
          : '');
  const moves = answer.drawn ? `; ${answer.drawn.winning.length} winning move(s) on it` : '';
  const large = answer.tooLarge ? ` Not drawn: ${answer.tooLarge}.` : '';
  return `${what} ${value}${moves}`.trim() + large;
}

/** SHOW_BOARD_COMMAND as the server runs it (editors other than VS Code): a summary, as a message. */
function showBoard(context: FeatureContext, args: ShowBoardArguments): string {
  const view = context.view(args.uri);
  const message = boardSummary(
    view ? boardAnswer(view, args.game, args.board) : { refused: 'The document is not open.' },
  );
  context.tell(message, 'info');
  return message;
}

/** The board view's answer for a board named (game and index), or found at a position. */
export function boardRequestAnswer(
  view: DocumentView,
  params: { readonly game?: string; readonly board?: number; readonly position?: Position },
): BoardAnswer {
  const named =
    params.game !== undefined
      ? { game: params.game, board: params.board ?? 0 }
      : boardAt(view, view.document.lines.offsetAt(params.position!));
  if (!named) return { refused: 'Put the cursor on a game with a board: Cram, Chomp, Node or Arc Kayles.' };
  return boardAnswer(view, named.game, named.board);
}

export const boardViewFeature: Feature = {
  name: 'board view',
  handlers: (context) => ({
    requests: {
      [BoardRequest.method]: (raw) => {
        const params = boardParams(raw);
        const view = context.view(params.uri);
        if (!view) return { refused: 'The document is not open.' } satisfies BoardAnswer;
        return boardRequestAnswer(view, params);
      },
    },
    commands: { [SHOW_BOARD_COMMAND]: (args) => showBoard(context, showBoardArguments(args[0])) },
  }),
};
