// The board view's page, inside VS Code's webview: a Cram board as a grid (filled cells dark, each
// winning placement a highlighted domino over its two cells), a Chomp staircase (the poisoned square
// marked, the winning squares highlighted; pointing at one shades what it takes), the graph of Node or
// Arc Kayles on a circle (the winning vertices or edges highlighted; pointing at one shades what goes
// with it). Every winning move is a button saying the move ("fill (1, 1) and (1, 2): wins"); a click
// asks the host to play it (by its index among the game's winning moves, with the version and key of
// the answer drawn), and the buttons wait until the host's next answer redraws the board. A board too
// big to draw is summarised: its size, its value, and the view's limit.
/// <reference lib="dom" />
import type { BoardAnswer, BoardDrawing, BoardMove } from '../../server/src/protocol';
import { element } from './dom';

declare function acquireVsCodeApi(): {
  postMessage(message: { type: 'ready' } | { type: 'play'; index: number; version: number; key: string }): void;
};

const vscode = acquireVsCodeApi();
const root = document.getElementById('board')!;
const SVG = 'http://www.w3.org/2000/svg';

type Shown = Extract<BoardAnswer, { game: string }>;

function svg(tag: string, attributes: Record<string, string | number> = {}, text?: string): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Places an element in its drawing (the page's style sheet cannot: each board has its own geometry). */
function place<T extends HTMLElement>(node: T, left: number, top: number, width: number, height: number): T {
  Object.assign(node.style, { left: `${left}px`, top: `${top}px`, width: `${width}px`, height: `${height}px` });
  return node;
}

const star = (g: string) => (g === '0' ? '0' : `*${g}`);

/** A cell's or square's size: smaller for bigger boards, so that a board of up to BOARD_DRAWN_CELLS fits a panel. */
const cellSize = (across: number) => Math.max(14, Math.min(52, Math.floor(640 / Math.max(1, across))));

/**
 * A winning move's button: its words for a screen reader and a tooltip, and a click that plays it. Every button of the
 * board waits once one is clicked: the next answer draws the board after the move.
 */
function moveButton(answer: Shown, move: BoardMove, words: string, classes: string): HTMLButtonElement {
  const button = element('button', {
    type: 'button',
    class: `move ${classes}`,
    'aria-label': `${words}: wins`,
    title: `${words}: wins. Click to play it: ${move.label}`,
    'data-index': String(move.index),
  });
  button.addEventListener('click', () => {
    if (answer.key === undefined || root.getAttribute('aria-busy') === 'true') return;
    root.setAttribute('aria-busy', 'true');
    for (const other of root.querySelectorAll<HTMLButtonElement>('button.move')) other.disabled = true;
    status(`Playing ${move.label}…`);
    vscode.postMessage({ type: 'play', index: move.index, version: answer.version, key: answer.key });
  });
  return button;
}

function status(text: string): void {
  root.querySelector('#moves-status')!.textContent = text;
}

// ---- Cram ----

function cramDrawing(answer: Shown, drawn: Extract<BoardDrawing, { kind: 'cram' }>): HTMLElement {
  const height = drawn.rows.length;
  const width = drawn.rows[0]?.length ?? 0;
  const size = cellSize(Math.max(width, height));
  const board = place(element('div', { class: 'grid cram', role: 'group' }), 0, 0, width * size, height * size);
  board.setAttribute('aria-label', `a Cram board of ${height} × ${width} cells`);
  drawn.rows.forEach((row, r) => {
    [...row].forEach((cell, c) => {
      const filled = cell === '#';
      const node = element('div', {
        class: filled ? 'cell filled' : 'cell',
        'data-cell': `${r + 1},${c + 1}`,
        title: `(${r + 1}, ${c + 1}) ${filled ? 'filled' : 'empty'}`,
      });
      board.append(place(node, c * size, r * size, size, size));
    });
  });
  // A domino over its two cells, thin: two placements in one line that share a cell lie in two lanes (by the
  // parity of their first cell), so that each stays a target of its own; an across and a down one cross.
  for (const move of drawn.winning) {
    const [[r1, c1], [r2, c2]] = move.cells;
    const across = r1 === r2;
    const words = `fill (${r1}, ${c1}) and (${r2}, ${c2})`;
    const button = moveButton(answer, move, words, `domino ${across ? 'across' : 'down'}`);
    button.setAttribute('data-cells', `${r1},${c1} ${r2},${c2}`);
    const [long, thin] = [size * 1.7, size * 0.3];
    const lane = ((across ? c1 : r1) % 2 === 1 ? 0.17 : 0.53) * size;
    const [x, y] = [(c1 - 1) * size, (r1 - 1) * size];
    if (across) place(button, x + size * 0.15, y + lane, long, thin);
    else place(button, x + lane, y + size * 0.15, thin, long);
    board.append(button);
  }
  return board;
}

// ---- Chomp ----

function chompDrawing(answer: Shown, drawn: Extract<BoardDrawing, { kind: 'chomp' }>): HTMLElement {
  const height = drawn.rows.length;
  const width = drawn.rows[0] ?? 0;
  const size = cellSize(Math.max(width, height));
  const board = place(element('div', { class: 'grid chomp', role: 'group' }), 0, 0, width * size, height * size);
  board.setAttribute('aria-label', `a Chomp staircase of ${height} rows, row 1 at the bottom`);
  const winning = new Map(drawn.winning.map((move) => [`${move.row},${move.column}`, move]));
  /** Shades the squares a move at (row, column) takes: that one and every one above it and to its right. */
  const bite = (row: number, column: number, on: boolean) => {
    for (const square of board.querySelectorAll<HTMLElement>('[data-square]')) {
      const [r, c] = square.dataset.square!.split(',').map(Number);
      square.classList.toggle('bitten', on && r >= row && c >= column);
    }
  };
  drawn.rows.forEach((length, i) => {
    const row = i + 1;
    for (let column = 1; column <= length; column++) {
      const move = winning.get(`${row},${column}`);
      const poisoned = row === 1 && column === 1;
      const node = move
        ? moveButton(answer, move, `take (${row}, ${column}) and every square above it and to its right`, 'square')
        : element('div', {
            class: poisoned ? 'square poisoned' : 'square',
            title: poisoned ? '(1, 1): the poisoned square, never taken' : `(${row}, ${column})`,
            ...(poisoned ? { text: '☠' } : {}),
          });
      node.setAttribute('data-square', `${row},${column}`);
      if (move) {
        for (const [on, events] of [
          [true, ['mouseenter', 'focus']],
          [false, ['mouseleave', 'blur']],
        ] as const)
          for (const event of events) node.addEventListener(event, () => bite(row, column, on));
      }
      board.append(place(node, (column - 1) * size, (height - row) * size, size, size));
    }
  });
  return board;
}

// ---- Node and Arc Kayles ----

/** The vertex's radius, and the room around the circle the vertices stand on. */
const VERTEX_R = 17;
const MARGIN = 28;

function graphDrawing(
  answer: Shown,
  drawn: Extract<BoardDrawing, { kind: 'node-kayles' | 'arc-kayles' }>,
): HTMLElement {
  const n = drawn.vertices.length;
  // The vertices on a circle, the first at the top, 90 px apart along it (closer on a bigger graph).
  const spacing = n <= 16 ? 90 : n <= 60 ? 64 : 44;
  const radius = n <= 1 ? 0 : Math.max(80, (spacing * n) / (2 * Math.PI));
  const side = 2 * (radius + VERTEX_R + MARGIN);
  const at = drawn.vertices.map((_, v) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * v) / Math.max(1, n);
    return { x: side / 2 + radius * Math.cos(angle), y: side / 2 + radius * Math.sin(angle) };
  });
  const board = place(element('div', { class: 'graph', role: 'group' }), 0, 0, side, side);
  const node = drawn.kind === 'node-kayles';
  board.setAttribute('aria-label', `the graph of ${node ? 'Node' : 'Arc'} Kayles: ${n} vertices`);
  const picture = svg('svg', { width: side, height: side, class: 'edges' });
  const winningEdges = new Set(drawn.kind === 'arc-kayles' ? drawn.winning.map((m) => m.edge) : []);
  const lines = drawn.edges.map(([u, v], e) => {
    const line = svg('line', {
      x1: at[u].x,
      y1: at[u].y,
      x2: at[v].x,
      y2: at[v].y,
      class: winningEdges.has(e) ? 'edge winning' : 'edge',
      'data-edge': `${drawn.vertices[u]} - ${drawn.vertices[v]}`,
    });
    line.append(svg('title', {}, `${drawn.vertices[u]} - ${drawn.vertices[v]}`));
    picture.append(line);
    return line;
  });
  board.append(picture);
  const vertexNodes: HTMLElement[] = [];
  /** Shades what a move takes with it: the vertices it removes and every edge touching them. */
  const shade = (gone: ReadonlySet<number>, on: boolean) => {
    vertexNodes.forEach((vertex, v) => vertex.classList.toggle('goes', on && gone.has(v)));
    drawn.edges.forEach(([u, v], e) => lines[e].classList.toggle('goes', on && (gone.has(u) || gone.has(v))));
  };
  const hoverShades = (target: HTMLElement, gone: ReadonlySet<number>) => {
    for (const [on, events] of [
      [true, ['mouseenter', 'focus']],
      [false, ['mouseleave', 'blur']],
    ] as const)
      for (const event of events) target.addEventListener(event, () => shade(gone, on));
  };
  const winningVertices = new Map(drawn.kind === 'node-kayles' ? drawn.winning.map((m) => [m.vertex, m]) : []);
  drawn.vertices.forEach((name, v) => {
    const move = winningVertices.get(v);
    const vertex = move
      ? moveButton(answer, move, `take ${name} and its neighbours`, 'vertex')
      : element('div', { class: 'vertex', title: name });
    vertex.append(element('span', { text: name }));
    vertex.setAttribute('data-name', name);
    if (move) {
      const gone = new Set([v]);
      for (const [a, b] of drawn.edges) if (a === v || b === v) gone.add(a === v ? b : a);
      hoverShades(vertex, gone);
    }
    vertexNodes.push(vertex);
    board.append(place(vertex, at[v].x - VERTEX_R, at[v].y - VERTEX_R, 2 * VERTEX_R, 2 * VERTEX_R));
  });
  if (drawn.kind === 'arc-kayles')
    for (const move of drawn.winning) {
      const [u, v] = drawn.edges[move.edge];
      const [a, b] = [drawn.vertices[u], drawn.vertices[v]];
      const button = moveButton(answer, move, `take ${a} - ${b} and both its ends`, 'edge-move');
      button.setAttribute('data-edge', `${a} - ${b}`);
      hoverShades(button, new Set([u, v]));
      const mark = 12;
      const [x, y] = [(at[u].x + at[v].x) / 2, (at[u].y + at[v].y) / 2];
      board.append(place(button, x - mark, y - mark, 2 * mark, 2 * mark));
    }
  return board;
}

// ---- the page ----

/** The board's value and the game's, in words. */
function valueWords(answer: Shown): string {
  if (answer.play === 'misere') {
    const who = answer.outcome === 'N' ? 'wins' : answer.outcome === 'P' ? 'loses' : 'draws';
    return answer.outcome === null ? '' : `misère play: the player to move ${who}`;
  }
  if (answer.nimber === null) return '';
  // The game's own value where it is more than this board.
  const game =
    answer.gameNimber !== null && (answer.boards > 1 || answer.gameNimber !== answer.nimber)
      ? `, the game ${star(answer.gameNimber)}`
      : '';
  return `nimber ${star(answer.nimber)}${game}`;
}

/** What the moves on the board are, or why there are none. */
function movesWords(answer: Shown): string {
  if (answer.computing) return 'Computing the winning moves…';
  if (answer.problem || answer.outcome === null) return '';
  if (answer.outcome === 'P') return 'The player to move loses: no move wins.';
  const unlisted = BigInt(answer.unlisted);
  const more =
    unlisted > 0n ? ` (${unlisted.toLocaleString('en-US')} more winning moves of the game are not listed)` : '';
  const count = answer.drawn?.winning.length ?? 0;
  if (count > 0)
    return `${count} winning move${count === 1 ? '' : 's'} on this board, highlighted: click one to play it.${more}`;
  if (answer.elsewhere > 0)
    return `No winning move on this board: the game's ${answer.elsewhere} listed winning move${
      answer.elsewhere === 1 ? ' is' : 's are'
    } elsewhere in the game.${more}`;
  return `No winning move on this board is listed.${more}`;
}

const LEGENDS: Record<BoardDrawing['kind'], string> = {
  cram: 'A move fills two empty cells side by side or one above the other; dark cells are filled. ',
  chomp:
    'A move takes a square and every square above it and to its right; ☠ the poisoned square: ' +
    'a player left with it alone has lost. ',
  'node-kayles': 'A move takes a vertex and its neighbours. ',
  'arc-kayles': 'A move takes an edge and both its ends, with every edge touching them. ',
};

function render(answer: BoardAnswer): void {
  root.replaceChildren();
  root.removeAttribute('aria-busy');
  if ('refused' in answer) {
    root.append(element('p', { class: 'refused', id: 'refused', text: answer.refused }));
    return;
  }
  const title = answer.boards > 1 ? `board ${answer.board + 1} of ${answer.game}` : `board of ${answer.game}`;
  const value = valueWords(answer);
  root.append(
    element(
      'h1',
      {},
      element('span', { class: 'name', text: title }),
      ` ${answer.kind}: ${answer.size}${value ? `; ${value}` : ''}`,
    ),
  );
  if (answer.problem) root.append(element('p', { class: 'problem', id: 'problem', text: answer.problem }));
  const moves = element('p', { id: 'moves-status', role: 'status', class: answer.computing ? 'computing' : 'hint' });
  root.append(moves);
  moves.textContent = movesWords(answer);
  if (!answer.drawn) {
    const why = answer.tooLarge ? `Too large to draw: ${answer.tooLarge}.` : 'Not drawn.';
    root.append(element('p', { class: 'hint', id: 'summarised', text: why }));
    return;
  }
  const drawn = answer.drawn;
  const drawing =
    drawn.kind === 'cram'
      ? cramDrawing(answer, drawn)
      : drawn.kind === 'chomp'
        ? chompDrawing(answer, drawn)
        : graphDrawing(answer, drawn);
  drawing.id = 'drawing';
  drawing.setAttribute('data-kind', drawn.kind);
  drawing.setAttribute('data-winning', String(drawn.winning.length));
  drawing.setAttribute('data-version', String(answer.version));
  const legend = element('p', { class: 'legend' }, LEGENDS[drawn.kind]);
  if (drawn.winning.length > 0)
    legend.append(
      element('span', { class: 'win-mark', text: 'highlighted' }),
      ': a move that wins the game (its lens plays it too).',
    );
  root.append(drawing, legend);
}

window.addEventListener('message', (event: MessageEvent<{ type: 'board'; answer: BoardAnswer }>) => {
  if (event.data.type === 'board') render(event.data.answer);
});

vscode.postMessage({ type: 'ready' });
