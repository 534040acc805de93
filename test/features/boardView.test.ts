// The board view's answer (BoardRequest) on a view: a Cram board's cells, a Chomp staircase, the graph
// of Node or Arc Kayles, each with the game's winning moves on it. Every drawn board is checked against
// a brute force written here from the rules alone, on the drawn data itself (the cells, the rows, the
// vertices and edges sent): its nimber, and the moves on it that leave the whole game lost (a board's
// value against the rest of the sum; misère play by its own search). Each winning move's label is the
// one the CLI's report writes at its index, and playing it from the answer's data (index, version, key)
// writes what its lens writes and leaves a lost game. Big boards summarised, refusals, positions; over
// the wire: the request and its bad params, the lenses, the command's summary, a move played.
import * as assert from 'node:assert/strict';
import { reportGames } from '../../server/src/analysis/gameReport';
import { moveEdit } from '../../server/src/features/applyMove';
import { boardRequestAnswer } from '../../server/src/features/boardView';
import { codeLenses } from '../../server/src/features/codeLens';
import { analyzeText } from '../../server/src/language/analyze';
import {
  APPLY_MOVE_COMMAND,
  type ApplyMoveArguments,
  BOARD_DRAWN_CELLS,
  type BoardAnswer,
  type BoardDrawing,
  BoardRequest,
  GRAPH_DRAWN_VERTICES,
  isApplyMoveArguments,
  SHOW_BOARD_COMMAND,
} from '../../server/src/protocol';
import { viewOf } from '../helpers/features';
import { LanguageServerSession } from '../helpers/languageServer';

type Drawn = Extract<BoardAnswer, { game: string }>;

// ---- brute forces from the rules, on the drawn data ----

const mex = (values: Iterable<number>) => {
  const seen = new Set(values);
  let g = 0;
  while (seen.has(g)) g++;
  return g;
};

/** A position's options and a key for it: the whole of what a brute force needs. */
interface Rules<P, M> {
  readonly moves: (position: P) => { move: M; after: P }[];
  readonly key: (position: P) => string;
}

/** The nimber of a position by the mex over its options (memoised). */
function nimberOf<P, M>(rules: Rules<P, M>, position: P, memo = new Map<string, number>()): number {
  const key = rules.key(position);
  let g = memo.get(key);
  if (g === undefined) {
    g = mex(rules.moves(position).map(({ after }) => nimberOf(rules, after, memo)));
    memo.set(key, g);
  }
  return g;
}

/** Misère play: whether the player to move wins (no move left: the last mover lost, so yes). */
function misereWins<P, M>(rules: Rules<P, M>, position: P, memo = new Map<string, boolean>()): boolean {
  const key = rules.key(position);
  let wins = memo.get(key);
  if (wins === undefined) {
    const options = rules.moves(position);
    wins = options.length === 0 || options.some(({ after }) => !misereWins(rules, after, memo));
    memo.set(key, wins);
  }
  return wins;
}

/** Cram: cells [row, column] from 1; a move fills two empty neighbours. */
const cram: Rules<string[], string> = {
  key: (rows) => rows.join('/'),
  moves: (rows) => {
    const moves: { move: string; after: string[] }[] = [];
    const fill = (r: number, c: number, r2: number, c2: number) =>
      rows.map((row, i) =>
        [...row].map((cell, j) => ((i === r && j === c) || (i === r2 && j === c2) ? '#' : cell)).join(''),
      );
    rows.forEach((row, r) => {
      for (let c = 0; c < row.length; c++) {
        if (row[c] !== '.') continue;
        if (row[c + 1] === '.')
          moves.push({ move: `${r + 1},${c + 1} ${r + 1},${c + 2}`, after: fill(r, c, r, c + 1) });
        if (rows[r + 1]?.[c] === '.')
          moves.push({ move: `${r + 1},${c + 1} ${r + 2},${c + 1}`, after: fill(r, c, r + 1, c) });
      }
    });
    return moves;
  },
};

/** Chomp: rows from the bottom; taking (row, column), not (1, 1), cuts that row and those above to column − 1. */
const chomp: Rules<number[], string> = {
  key: (rows) => rows.join(','),
  moves: (rows) =>
    rows.flatMap((length, r) =>
      Array.from({ length }, (_, c) => c).flatMap((c) =>
        r === 0 && c === 0
          ? []
          : [
              {
                move: `${r + 1},${c + 1}`,
                after: rows.map((l, i) => (i >= r ? Math.min(l, c) : l)).filter((l) => l > 0),
              },
            ],
      ),
    ),
};

/** Node or Arc Kayles on the drawn graph: a position is the set of vertices left (a bit mask). */
function kayles(kind: 'node' | 'arc', vertices: readonly string[], edges: readonly (readonly [number, number])[]) {
  const neighbours = vertices.map((_, v) =>
    edges.reduce((mask, [a, b]) => (a === v ? mask | (1 << b) : b === v ? mask | (1 << a) : mask), 1 << v),
  );
  const rules: Rules<number, string> = {
    key: String,
    moves: (left) =>
      kind === 'node'
        ? vertices.flatMap((name, v) => (left & (1 << v) ? [{ move: name, after: left & ~neighbours[v] }] : []))
        : edges.flatMap(([a, b]) =>
            left & (1 << a) && left & (1 << b)
              ? [{ move: `${vertices[a]} - ${vertices[b]}`, after: left & ~(1 << a) & ~(1 << b) }]
              : [],
          ),
  };
  return { rules, start: (1 << vertices.length) - 1 };
}

/** The brute force of a drawn board: its rules and start, and how its drawn winning moves are named. */
function bruteOf(drawn: BoardDrawing): { nimber: number; misere: boolean; winningFor: (target: number) => string[] } {
  const board = <P>(rules: Rules<P, string>, start: P) => ({
    nimber: nimberOf(rules, start),
    misere: misereWins(rules, start),
    winningFor: (target: number) =>
      rules
        .moves(start)
        .filter(({ after }) => (target < 0 ? !misereWins(rules, after) : nimberOf(rules, after) === target))
        .map(({ move }) => move)
        .sort(),
  });
  if (drawn.kind === 'cram') return board(cram, [...drawn.rows]);
  if (drawn.kind === 'chomp') return board(chomp, [...drawn.rows]);
  const { rules, start } = kayles(drawn.kind === 'node-kayles' ? 'node' : 'arc', drawn.vertices, drawn.edges);
  return board(rules, start);
}

/** The drawn winning moves, named as the brute force names them. */
function drawnMoves(drawn: BoardDrawing): string[] {
  if (drawn.kind === 'cram') return drawn.winning.map(({ cells: [a, b] }) => `${a.join(',')} ${b.join(',')}`).sort();
  if (drawn.kind === 'chomp') return drawn.winning.map(({ row, column }) => `${row},${column}`).sort();
  if (drawn.kind === 'node-kayles') return drawn.winning.map(({ vertex }) => drawn.vertices[vertex]).sort();
  return drawn.winning
    .map(({ edge }) => `${drawn.vertices[drawn.edges[edge][0]]} - ${drawn.vertices[drawn.edges[edge][1]]}`)
    .sort();
}

// ---- the document ----

const uri = 'file:///board.game';
const wideRow = '.'.repeat(40);
const path = Array.from({ length: GRAPH_DRAWN_VERTICES + 5 }, (_, i) => `v${i} - v${i + 1}`).join(', ');
const text = [
  'game c1 = cram ["....", ".#..", "...."]',
  'game k1 = node-kayles { a - b, b - c, c - d, d - a, a - e }',
  'game k2 = arc-kayles { a - b, b - c, c - d, d - a, a - e }',
  'game ch = chomp [5, 3, 3, 1]',
  'game mixed = cram [".#."] ["...", "..."] + chomp [3, 1] + arc-kayles { a - b, b - c, c - d, e - c } + nim 3',
  'game lost = node-kayles { a, b - c } + chomp [3, 2]',
  'game m = misere node-kayles { a - b, b - c, c - d }',
  `game wide = cram [${Array.from({ length: 30 }, () => `"${wideRow}"`).join(', ')}]`,
  'game long = chomp [2000]',
  `game snake = node-kayles { ${path} }`,
  'game none = nim 3',
  '',
].join('\n');

describe('the board request (the board view)', function () {
  this.timeout(120_000);
  const view = viewOf(text, {}, uri);
  const report = reportGames(view.document, { maxMoves: 1000 });
  const ask = (params: Parameters<typeof boardRequestAnswer>[1]) => boardRequestAnswer(view, params);
  const settled = (game: string, board = 0): Drawn => {
    const answer = ask({ game, board });
    assert.ok(!('refused' in answer), JSON.stringify(answer));
    assert.ok(!answer.computing, 'computed');
    return answer;
  };
  /** A drawn board checked against the brute force: its nimber, its winning moves, their labels. */
  const checked = (game: string, board = 0) => {
    const answer = settled(game, board);
    const drawn = answer.drawn!;
    const brute = bruteOf(drawn);
    const moves = report.find((r) => r.game.name === game)!.winningMoves;
    if (answer.play === 'normal') {
      assert.equal(answer.nimber, String(brute.nimber), `${game} board ${board}: its nimber`);
      // A move on the board wins when it leaves the board worth what the rest of the sum is worth.
      const rest = brute.nimber ^ Number(answer.gameNimber);
      assert.deepEqual(drawnMoves(drawn), brute.winningFor(rest), `${game} board ${board}: its winning moves`);
    } else {
      assert.equal(answer.outcome, brute.misere ? 'N' : 'P');
      assert.deepEqual(drawnMoves(drawn), brute.winningFor(-1), `${game}: its misère winning moves`);
    }
    for (const move of drawn.winning) assert.equal(move.label, moves[move.index].label, `${game}: move ${move.index}`);
    return { answer, drawn };
  };

  it('Cram: the rows as written, the 9 winning placements, each as the CLI writes it', () => {
    const { answer, drawn } = checked('c1');
    assert.equal(drawn.kind, 'cram');
    assert.deepEqual(drawn.kind === 'cram' && drawn.rows, ['....', '.#..', '....']);
    assert.equal(drawn.winning.length, 9);
    assert.deepEqual(
      [answer.kind, answer.size, answer.outcome, answer.elsewhere],
      ['cram', '3 × 4 cells, 1 filled', 'N', 0],
    );
    assert.ok(drawn.kind === 'cram' && drawn.winning.some(({ cells }) => JSON.stringify(cells) === '[[1,1],[1,2]]'));
  });

  it('Chomp: the staircase and its one winning square, row 1, column 3', () => {
    const { drawn } = checked('ch');
    assert.ok(drawn.kind === 'chomp');
    assert.deepEqual(drawn.rows, [5, 3, 3, 1]);
    assert.deepEqual(
      drawn.winning.map(({ row, column }) => [row, column]),
      [[1, 3]],
    );
  });

  it('Node Kayles: the vertices and edges as written, the winning vertices b and d; Arc Kayles lost: none', () => {
    const { drawn } = checked('k1');
    assert.ok(drawn.kind === 'node-kayles');
    assert.deepEqual(drawn.vertices, ['a', 'b', 'c', 'd', 'e']);
    assert.equal(drawn.edges.length, 5);
    assert.deepEqual(
      drawn.winning.map(({ vertex }) => drawn.vertices[vertex]),
      ['b', 'd'],
    );
    const lost = checked('k2');
    assert.deepEqual(
      [lost.answer.kind, lost.answer.outcome, lost.answer.gameNimber, lost.drawn.winning.length],
      ['arc-kayles', 'P', '0', 0],
    );
  });

  it("a sum: each board's winning moves against the rest of the game; the others counted elsewhere", () => {
    const answers = [0, 1, 2, 3].map((board) => checked('mixed', board));
    assert.deepEqual(
      answers.map(({ answer }) => [answer.board, answer.boards, answer.kind]),
      [
        [0, 4, 'cram'],
        [1, 4, 'cram'],
        [2, 4, 'chomp'],
        [3, 4, 'arc-kayles'],
      ],
    );
    // The game's nimber is the boards' and the heap's, by the brute force.
    const nimbers = answers.map(({ drawn }) => bruteOf(drawn).nimber);
    assert.equal(answers[0].answer.gameNimber, String(nimbers.reduce((x, g) => x ^ g, 3)));
    const listed = report.find((r) => r.game.name === 'mixed')!.winningMoves.length;
    for (const { answer, drawn } of answers) assert.equal(answer.elsewhere, listed - drawn.winning.length);
    // Not vacuous: the second Cram board, the Chomp board and the graph each have winning moves.
    assert.deepEqual(
      answers.map(({ drawn }) => drawn.winning.length > 0),
      [false, true, true, true],
    );
    // Every listed move is on exactly one board or on the heap, by its index.
    const onBoards = answers.flatMap(({ drawn }) => drawn.winning.map((m) => m.index));
    assert.equal(new Set(onBoards).size, onBoards.length);
    assert.ok(onBoards.length > 0);
    const lost = [0, 1].map((board) => checked('lost', board));
    assert.deepEqual(
      lost.map(({ answer, drawn }) => [answer.outcome, drawn.winning.length, answer.elsewhere]),
      [
        ['P', 0, 0],
        ['P', 0, 0],
      ],
    );
  });

  it("misère play: the winning moves of misère play, by a misère search of the board's own", () => {
    const { answer, drawn } = checked('m');
    assert.deepEqual([answer.play, answer.nimber, answer.gameNimber], ['misere', null, null]);
    assert.ok(drawn.winning.length > 0);
  });

  it('big boards are summarised, saying the limit; refusals say why; a board found by position', () => {
    const wide = settled('wide');
    assert.deepEqual([wide.drawn, wide.size, wide.nimber], [undefined, '30 × 40 cells, 0 filled', '0']);
    assert.match(wide.tooLarge!, new RegExp(`at most ${BOARD_DRAWN_CELLS.toLocaleString('en-US')} cells`));
    const long = settled('long');
    assert.deepEqual([long.drawn, long.size, long.nimber], [undefined, '1 row, 2,000 squares', '1999']);
    assert.match(long.tooLarge!, /squares/);
    const snake = settled('snake');
    assert.equal(snake.drawn, undefined);
    assert.match(snake.tooLarge!, new RegExp(`at most ${GRAPH_DRAWN_VERTICES} vertices`));
    const refused = (params: Parameters<typeof boardRequestAnswer>[1]) =>
      (ask(params) as { refused: string }).refused ?? '';
    assert.match(refused({ game: 'none' }), /has no board/);
    assert.match(refused({ game: 'nothing' }), /There is no game `nothing`/);
    assert.match(refused({ game: 'mixed', board: 4 }), /has 4 boards, not 5/);
    assert.match(refused({ position: { line: 10, character: 6 } }), /Put the cursor on a game with a board/);
    // On the second Cram board, on the Chomp list, on the game's name (its first board).
    const at = (character: number) => (ask({ position: { line: 4, character } }) as Drawn).board;
    const line = text.split('\n')[4];
    assert.deepEqual([at(line.indexOf('["...",') + 2), at(line.indexOf('[3, 1]') + 1), at(6)], [1, 2, 0]);
  });

  it("a winning move played from the answer's data writes what its lens writes, and leaves a lost game", () => {
    for (const [game, board] of [
      ['c1', 0],
      ['k1', 0],
      ['ch', 0],
      ['mixed', 1],
      ['mixed', 3],
      ['m', 0],
    ] as const) {
      const answer = settled(game, board);
      const lenses = codeLenses(view).flatMap((lens) =>
        lens.command?.command === APPLY_MOVE_COMMAND && lens.command.arguments![0].game === game
          ? [lens.command.arguments![0] as ApplyMoveArguments]
          : [],
      );
      for (const move of answer.drawn!.winning) {
        const args = { uri, version: answer.version, game, key: answer.key!, index: move.index };
        assert.ok(isApplyMoveArguments(args));
        const edit = moveEdit(view, args);
        assert.equal(edit.status, 'edit', `${game}: ${move.label}`);
        if (edit.status !== 'edit') continue;
        // The lens of the same index (the first few have one) carries the same arguments.
        const lens = lenses.find((l) => l.index === move.index);
        if (lens) assert.deepEqual(lens, args);
        assert.equal(edit.label, move.label);
        const start = view.document.lines.offsetAt(edit.edit.range.start);
        const end = view.document.lines.offsetAt(edit.edit.range.end);
        // The game's line after the edit, alone (the document's big games need not be valued again).
        const line = edit.edit.range.start.line;
        const after = (text.slice(0, start) + edit.edit.newText + text.slice(end)).split('\n')[line];
        const again = reportGames(analyzeText(after)).find((r) => r.game.name === game)!;
        assert.equal(again.result!.outcome, 'P', `${game}: ${move.label} leaves ${after}`);
      }
    }
  });

  it('over the wire: the request, its bad params refused, the lenses, the summary, a move played', async () => {
    const { session } = await LanguageServerSession.inProcess();
    try {
      await session.open(uri, text);
      await session.settledCodeLenses(uri, 60_000);
      const request = (params: Record<string, unknown>) =>
        session.request(BoardRequest, { textDocument: { uri }, ...params }) as Promise<BoardAnswer>;
      let answer = await request({ game: 'c1', board: 0 });
      while (!('refused' in answer) && answer.computing) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        answer = await request({ game: 'c1', board: 0 });
      }
      assert.deepEqual(answer, boardRequestAnswer(view, { game: 'c1', board: 0 }));
      await assert.rejects(request({}), /a game \(its name\) or a position/);
      await assert.rejects(request({ game: 'c1', board: -1 }), /params.board must be/);
      await assert.rejects(request({ game: 'c1', board: '1' }), /params.board must be/);
      await assert.rejects(request({ game: 3 }), /params.game must be/);
      await assert.rejects(
        session.executeCommand(SHOW_BOARD_COMMAND, [{ uri, game: 'c1' }]),
        /needs \{ uri, game, board \}/,
      );
      const lenses = ((await session.codeLenses(uri)) ?? []).filter(
        (lens) => lens.command?.command === SHOW_BOARD_COMMAND,
      );
      assert.deepEqual(
        lenses.slice(0, 9).map((lens) => [lens.range.start.line, lens.command!.title]),
        [
          [0, '$(table) show the board of c1'],
          [1, '$(table) show the board of k1'],
          [2, '$(table) show the board of k2'],
          [3, '$(table) show the board of ch'],
          [4, '$(table) show the board 1 of mixed'],
          [4, '$(table) show the board 2 of mixed'],
          [4, '$(table) show the board 3 of mixed'],
          [4, '$(table) show the board 4 of mixed'],
          [5, '$(table) show the board 1 of lost'],
        ],
      );
      assert.equal(lenses.length, 14); // and lost's second, m, wide, long, snake
      const told = await session.executeCommand(SHOW_BOARD_COMMAND, lenses[0].command!.arguments);
      assert.equal(told, 'board 1 of c1 (cram): 3 × 4 cells, 1 filled. nimber 1; 9 winning move(s) on it');
      const big = lenses.find((lens) => lens.command!.title.endsWith('of wide'))!;
      assert.match(
        String(await session.executeCommand(SHOW_BOARD_COMMAND, big.command!.arguments)),
        /30 × 40 cells, 0 filled\. nimber 0 Not drawn: the view draws boards of at most 1,024 cells\.$/,
      );
      // A click in the view: APPLY_MOVE_COMMAND with the answer's data. The text changes as the lens's edit says,
      // and the board asked again is the board after it.
      const drawn = answer as Drawn;
      assert.ok(drawn.drawn?.kind === 'cram');
      const move = drawn.drawn.winning[4];
      const expected = moveEdit(view, { uri, version: drawn.version, game: 'c1', key: drawn.key!, index: move.index });
      assert.ok(expected.status === 'edit');
      const played = await session.executeCommand(APPLY_MOVE_COMMAND, [
        { uri, version: drawn.version, game: 'c1', key: drawn.key, index: move.index },
      ]);
      assert.equal((played as { applied: boolean }).applied, true, JSON.stringify(played));
      assert.equal(session.text(uri).split('\n')[0], `game c1 = ${expected.after}`);
      let now = await request({ game: 'c1' });
      while (!('refused' in now) && (now.computing || now.version === drawn.version)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        now = await request({ game: 'c1' });
      }
      assert.ok(!('refused' in now) && now.drawn?.kind === 'cram');
      const [[r1, c1], [r2, c2]] = move.cells;
      assert.equal(now.drawn.rows[r1 - 1][c1 - 1], '#');
      assert.equal(now.drawn.rows[r2 - 1][c2 - 1], '#');
      assert.deepEqual([now.outcome, now.drawn.winning.length], ['P', 0]);
      // The old answer's move again: the game changed, so nothing is written.
      const stale = await session.executeCommand(APPLY_MOVE_COMMAND, [
        { uri, version: drawn.version, game: 'c1', key: drawn.key, index: move.index },
      ]);
      assert.equal((stale as { applied: boolean }).applied, false);
    } finally {
      await session.stop();
    }
  });
});
