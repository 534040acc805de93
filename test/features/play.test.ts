// Playing a game out against the computer, through the server: `grundy.reply` from an N-position
// leaves a P-position, from a P-position makes a move of largest remoteness (both checked against
// the product-graph oracle, which plays the games from the rules' definitions); in play mode a hand
// edit that is one legal move is answered, one that is not is refused and the text kept; a lens
// move is answered at once, a save answers a hand edit, and a game is played to its end. On a graph
// with cycles: a raise is undone where the search does not reach, a draw is kept (checked against
// retrograde analysis), and a position met again is offered as a draw by repetition.
import * as assert from 'node:assert/strict';
import { gameInput } from '../../server/src/analysis/gameReport';
import type { GameInput } from '../../server/src/engine';
import { analyzeText } from '../../server/src/language/analyze';
import { PLAY_COMMAND, REPLY_COMMAND, type ReplyAnswer, STOP_PLAY_COMMAND } from '../../server/src/protocol';
import { bruteRemoteness, type ComponentState, ProductGame, stateOf } from '../engine/oracles/gameOracle';
import { retrogradeOutcomes, TokenSum } from '../engine/oracles/loopy';
import { LanguageServerSession } from '../helpers/languageServer';

/** The game's input as the test reads the text (the engine's plain data, from the front end). */
function inputOf(text: string, name: string): GameInput {
  const game = analyzeText(text).model.games.find((g) => g.name === name);
  assert.ok(game?.valid, `game ${name} is valid in:\n${text}`);
  return gameInput(game);
}

/** Who wins and in how many moves, by the product-graph oracle (the definition, not the engine). */
function oracle(input: GameInput): { wins: boolean; moves: number; optionMoves: number[] } {
  const product = new ProductGame(input);
  const memo = new Map<string, { wins: boolean; moves: number }>();
  const start = input.components.map(stateOf);
  const solve = (states: readonly ComponentState[]) => bruteRemoteness(product, input.play, states, memo);
  return { ...solve(start), optionMoves: product.options(start).map((o) => solve(o).moves) };
}

const rules = [
  'rule onetwo = subtract {1, 2}',
  'rule fives = subtract {1, 3, 4}',
  'graph g {',
  '  a -> b, c',
  '  b -> d',
  '  c -> d, e',
  '  d -> e',
  '}',
].join('\n');

/** Positions of both kinds, normal and misère, of several families. */
const GAMES = [
  'nim 3 4 5',
  'nim 2 2',
  'onetwo 3 4 4',
  'onetwo 4 5',
  'kayles 3 4',
  'kayles 2 2 1',
  'fives 6 + nim 2',
  'g at a, c',
  'g at a, a + nim 1',
  'misere nim 1 1 1',
  'misere nim 2 3',
  'misere kayles 4 + onetwo 2',
  'misere onetwo 2 2',
  'misere fives 5 + nim 1',
];

describe('the computer replies (grundy.reply)', () => {
  let session: LanguageServerSession;
  before(async () => {
    session = (await LanguageServerSession.inProcess()).session;
  });
  after(async () => {
    await session?.stop();
  });

  it('from an N-position it leaves a P-position at once; from a P-position it holds on longest', async () => {
    let winning = 0;
    let losing = 0;
    for (const [i, game] of GAMES.entries()) {
      const uri = `file:///play/reply${i}.game`;
      const text = `${rules}\ngame x = ${game}   # kept\n`;
      await session.open(uri, text);
      const before = oracle(inputOf(text, 'x'));
      const answer = (await session.executeCommand(REPLY_COMMAND, [
        { uri, version: session.version(uri), game: 'x' },
      ])) as ReplyAnswer;
      assert.equal(answer.status, 'moved', `${game}: ${answer.message}`);
      const afterText = session.text(uri);
      assert.match(afterText, /# kept/, 'the rest of the line is kept');
      const after = oracle(inputOf(afterText, 'x'));
      assert.equal(answer.status === 'moved' && answer.remoteness, after.moves, `${game}: the remoteness told`);
      if (before.wins) {
        winning++;
        assert.equal(after.wins, false, `${game}: the computer leaves a P-position`);
        assert.equal(after.moves + 1, before.moves, `${game}: by a quickest win`);
      } else {
        losing++;
        assert.equal(after.moves, Math.max(...before.optionMoves), `${game}: a move of largest remoteness`);
      }
      await session.close(uri);
    }
    assert.ok(winning >= 4 && losing >= 4, `both kinds of position (${winning} N, ${losing} P)`);
  });

  it('a reply to another version, or to a game that is not there, is refused and writes nothing', async () => {
    const uri = 'file:///play/refused.game';
    await session.open(uri, 'game x = nim 3 4 5\n');
    await assert.rejects(
      session.executeCommand(REPLY_COMMAND, [{ uri, version: session.version(uri) + 1, game: 'x' }]),
      /document changed/,
    );
    await assert.rejects(
      session.executeCommand(REPLY_COMMAND, [{ uri, version: session.version(uri), game: 'y' }]),
      /no game `y`/,
    );
    await assert.rejects(session.executeCommand(REPLY_COMMAND, [{ uri, game: 'x' }]), /needs \{ uri, version, game \}/);
    assert.equal(session.text(uri), 'game x = nim 3 4 5\n');
    await session.close(uri);
  });
});

describe('play mode', () => {
  let session: LanguageServerSession;
  before(async () => {
    session = (await LanguageServerSession.inProcess()).session;
  });
  after(async () => {
    await session?.stop();
  });

  async function lensTitles(uri: string): Promise<string[]> {
    await session.settledCodeLenses(uri);
    return (await session.playLenses(uri)).map((lens) => lens.command!.title.replace(/^\$\([^)]*\) /, ''));
  }

  it('a lens starts it; a hand edit of one legal move is answered; any other is refused, the text kept', async () => {
    const uri = 'file:///play/hand.game';
    await session.open(uri, 'game x = nim 3 4 5\n');
    assert.deepEqual(await lensTitles(uri), ['play against the computer']);
    const [start] = await session.playLenses(uri);
    await session.executeCommand(start.command!.command, start.command!.arguments);
    assert.deepEqual(await lensTitles(uri), ["computer's move", 'stop playing']);
    // Not a move: a heap made larger. Refused, and the text is the user's.
    await session.change(uri, 'game x = nim 3 9 5\n');
    await assert.rejects(
      session.executeCommand(REPLY_COMMAND, [{ uri, version: session.version(uri), game: 'x' }]),
      /not one legal move from the position before.*The text is kept/,
    );
    assert.equal(session.text(uri), 'game x = nim 3 9 5\n');
    // Two heaps changed: not one move either.
    await session.change(uri, 'game x = nim 2 4 4\n');
    await assert.rejects(
      session.executeCommand(REPLY_COMMAND, [{ uri, version: session.version(uri), game: 'x' }]),
      /not one legal move/,
    );
    // One legal move (3 → 1, a P-position: 1 ⊕ 4 ⊕ 5 = 0): the computer must move from a lost position.
    await session.change(uri, 'game x = nim 1 4 5   # my move\n');
    const answer = (await session.executeCommand(REPLY_COMMAND, [
      { uri, version: session.version(uri), game: 'x' },
    ])) as ReplyAnswer;
    assert.equal(answer.status, 'moved', answer.message);
    assert.equal(answer.status === 'moved' && answer.userOutcome, 'win', 'the user, to move, can win');
    assert.match(session.text(uri), /^game x = nim \d \d \d {3}# my move\n$/);
    // Now it is the user's turn: asking again without a move is refused.
    await assert.rejects(
      session.executeCommand(REPLY_COMMAND, [{ uri, version: session.version(uri), game: 'x' }]),
      /It is your move/,
    );
    // Stopped from the palette: the game at the cursor.
    await session.executeCommand(STOP_PLAY_COMMAND, [{ uri, position: { line: 0, character: 12 } }]);
    assert.deepEqual(await lensTitles(uri), ['play against the computer']);
    await session.close(uri);
  });

  it('a winning-move lens is answered at once, as a second edit; a save answers a hand edit', async () => {
    const uri = 'file:///play/lens.game';
    await session.open(uri, 'game x = nim 3 4 6\n');
    // Started from the palette: the game at the cursor.
    await session.executeCommand(PLAY_COMMAND, [{ uri, position: { line: 0, character: 3 } }]);
    const [move] = await session.settledCodeLenses(uri);
    session.appliedEdits.clear();
    const applied = (await session.executeCommand(move.command!.command, move.command!.arguments)) as {
      applied: boolean;
      reply?: ReplyAnswer;
    };
    assert.equal(applied.applied, true);
    assert.equal(applied.reply?.status, 'moved', JSON.stringify(applied));
    await session.appliedEdits.next((edit) => /^Play /.test(edit.label ?? ''), "the user's move");
    await session.appliedEdits.next((edit) => /^Computer: /.test(edit.label ?? ''), "the computer's move");
    // The computer moved from a P-position: the user wins again by a hand edit, saved.
    const input = inputOf(session.text(uri), 'x');
    assert.equal(oracle(input).wins, true);
    const heaps = input.components[0].kind === 'heaps' ? input.components[0].heaps.map(Number) : [];
    const total = heaps.reduce((x, h) => x ^ h, 0);
    const which = heaps.findIndex((h) => (h ^ total) < h);
    heaps[which] ^= total;
    session.messages.clear();
    await session.change(uri, `game x = nim ${heaps.join(' ')}\n`);
    await session.save(uri);
    const told = await session.messages.next((m) => /^Computer: |No move is left/.test(m.message), 'the reply');
    // The user left a P-position again: the computer holds on, and the user can still win.
    assert.match(told.message, /You can win in \d+ moves|No move is left/);
    await session.close(uri);
  });

  it('a game played to the end: the user plays badly and the computer wins; then the user wins', async () => {
    for (const [game, userWins] of [
      ['nim 2 3', false],
      ['nim 2 2', true],
      ['misere nim 1 2', false],
    ] as const) {
      const uri = `file:///play/end-${userWins}-${game.length}.game`;
      await session.open(uri, `game x = ${game}\n`);
      await session.executeCommand(PLAY_COMMAND, [{ uri, game: 'x' }]);
      let over: ReplyAnswer | undefined;
      for (let turn = 0; turn < 20 && !over; turn++) {
        // The user's move: take one from the first heap that has any (bad play), or, to win, copy
        // the computer (nim 2 2 is lost for whoever moves first; the user here moves second).
        const input = inputOf(session.text(uri), 'x');
        const heaps = input.components[0].kind === 'heaps' ? input.components[0].heaps.map(Number) : [];
        if (!(userWins && turn === 0)) {
          if (userWins) {
            const [a, b] = heaps;
            if (a !== b) heaps[a > b ? 0 : 1] = Math.min(a, b);
          } else heaps[heaps.findIndex((h) => h > 0)]--;
          await session.change(uri, `game x = ${input.play === 'misere' ? 'misere ' : ''}nim ${heaps.join(' ')}\n`);
        }
        const answer = (await session.executeCommand(REPLY_COMMAND, [
          { uri, version: session.version(uri), game: 'x' },
        ])) as ReplyAnswer;
        if (answer.status === 'over' || (answer.status === 'moved' && answer.winner)) over = answer;
      }
      assert.ok(over, `${game} ended`);
      assert.equal(
        over.status === 'over' || over.status === 'moved' ? over.winner : undefined,
        userWins ? 'you' : 'computer',
        `${game}: ${over.message}`,
      );
      assert.deepEqual(await lensTitles(uri), ['play against the computer'], 'play mode ends with the game');
      await session.close(uri);
    }
  });
  it('a board played to the end: the user plays Chomp badly from a lost board, and the computer wins', async () => {
    // chomp [3, 2] is 0 (two rows, the top one shorter by one): whatever the user does, the computer wins. The
    // user's move: the top row's last square (a legal move while more than the poisoned square is left).
    const uri = 'file:///play/chomp.game';
    await session.open(uri, 'game x = chomp [3, 2]\n');
    await session.executeCommand(PLAY_COMMAND, [{ uri, game: 'x' }]);
    let over: ReplyAnswer | undefined;
    for (let turn = 0; turn < 10 && !over; turn++) {
      const input = inputOf(session.text(uri), 'x');
      const board = input.components[0].kind === 'chomp' ? input.components[0].boards[0].map(Number) : [];
      assert.ok(board.length > 0, session.text(uri));
      board[board.length - 1]--;
      const rows = board.filter((length) => length > 0);
      await session.change(uri, `game x = chomp [${rows.join(', ')}]\n`);
      const answer = (await session.executeCommand(REPLY_COMMAND, [
        { uri, version: session.version(uri), game: 'x' },
      ])) as ReplyAnswer;
      if (answer.status === 'over' || (answer.status === 'moved' && answer.winner)) over = answer;
    }
    assert.ok(over, 'the game ended');
    assert.equal(over.status === 'over' || over.status === 'moved' ? over.winner : undefined, 'computer', over.message);
    assert.match(session.text(uri), /^game x = chomp \[1\]/, 'only the poisoned square is left');
    await session.close(uri);
  });
});

describe('play mode on a graph with cycles', () => {
  let session: LanguageServerSession;
  before(async () => {
    // No clock decides a reply here: the remoteness search stops at its own limit, the same on any machine.
    session = (await LanguageServerSession.inProcess({ settings: { computation: { budgetMs: 3_600_000 } } })).session;
  });
  after(async () => {
    await session?.stop();
  });

  async function reply(uri: string): Promise<ReplyAnswer> {
    return (await session.executeCommand(REPLY_COMMAND, [
      { uri, version: session.version(uri), game: 'x' },
    ])) as ReplyAnswer;
  }

  async function playTitles(uri: string): Promise<string[]> {
    await session.settledCodeLenses(uri);
    return (await session.playLenses(uri)).map((lens) => lens.command!.title.replace(/^\$\([^)]*\) /, ''));
  }

  it('where the search does not reach, a raise is undone: the token that rose goes back, counter lower', async () => {
    // Values: z 0, o 1, A 0, R 2 (its followers 0, 1 and 0), h 3. h + A + h + 600 heaps of 2: nim-sum 0.
    // The user raises A to R (0 to 2). The remoteness search does not reach the game: its positions are
    // keys of 600 units, and it stops at its limit for so wide a key, within about a second.
    const graph = 'graph g {\n  z\n  o -> z\n  A -> R\n  R -> A, o, z\n  h -> z, o, R\n}\n';
    const heaps = `nim${' 2'.repeat(600)}`;
    const uri = 'file:///play/loops-raise.game';
    await session.open(uri, `${graph}game x = g at h, A, h + ${heaps}\n`);
    await session.executeCommand(PLAY_COMMAND, [{ uri, game: 'x' }]);
    // The raise written with the tokens in another order: the same move, found by its position.
    await session.change(uri, `${graph}game x = g at h, h, R + ${heaps}\n`);
    const answer = await reply(uri);
    assert.equal(answer.status, 'moved', answer.message);
    assert.match(answer.message, /Chosen without looking to the end: beyond the remoteness search limit/);
    // Undone: R back to value 0, to z (counter below A's), not another token lowered (h to o, 3 to 1).
    assert.equal(session.text(uri).replace(heaps, 'nim …'), `${graph}game x = g at h, h, z + nim …\n`);
    await session.close(uri);
  });

  it('from a drawn position the computer keeps the draw; a position met again may be called a draw', async () => {
    // u is ∞(0), v and s, t ∞(): u + nim 1 is ∞(1), a draw. Moving u to e, or taking the heap, would
    // hand the user a win (the first move listed is u to e); u to v keeps the draw.
    const graph = 'graph d {\n  u -> e, v\n  v -> s, u\n  s -> t\n  t -> s\n}\n';
    const [u, e, v, s, t] = [0, 1, 2, 3, 4];
    const sum = new TokenSum([[e, v], [], [s, u], [t], [s]], 1, 1);
    const outcomes = retrogradeOutcomes(sum.count, sum.options);
    assert.equal(outcomes[sum.encode([u], 1)], 'D', 'the oracle: u + nim 1 is drawn');
    assert.equal(outcomes[sum.encode([v], 1)], 'D', 'the oracle: v + nim 1 is drawn');
    assert.equal(outcomes[sum.encode([e], 1)], 'W', 'the oracle: e + nim 1 is won');
    const uri = 'file:///play/loops-draw.game';
    await session.open(uri, `${graph}game x = d at u + nim 1\n`);
    await session.executeCommand(PLAY_COMMAND, [{ uri, game: 'x' }]);
    const asked: string[] = [];
    let choice: string | null = null;
    session.answerChoice = (params) => {
      asked.push(`${params.message} [${(params.actions ?? []).map((a) => a.title).join(', ')}]`);
      return choice === null ? null : { title: choice };
    };
    try {
      const first = await reply(uri); // the computer begins
      assert.equal(first.status, 'moved', first.message);
      assert.equal(first.status === 'moved' && first.userOutcome, 'draw');
      assert.match(first.message, /A draw with best play: the computer keeps it/);
      assert.equal(session.text(uri), `${graph}game x = d at v + nim 1\n`);
      assert.deepEqual(asked, [], 'nothing repeats yet');
      // The user goes back (v to u), and the computer to v again: a position met before. No answer, then
      // "Play on": the game goes on; "Draw": play mode stops with a drawn end.
      for (const answerWith of [null, 'Play on', 'Draw']) {
        choice = answerWith;
        await session.change(uri, `${graph}game x = d at u + nim 1\n`);
        const answer = await reply(uri);
        assert.equal(session.text(uri), `${graph}game x = d at v + nim 1\n`, 'the draw kept again');
        assert.equal(asked.length, answerWith === null ? 1 : answerWith === 'Play on' ? 2 : 3);
        assert.match(
          asked[asked.length - 1],
          /^`x`: this position has been reached before: call the game a draw by repetition\? \[Draw, Play on\]$/,
        );
        if (answerWith === 'Draw') {
          assert.equal(answer.status, 'over', answer.message);
          assert.equal(answer.status === 'over' && answer.winner, 'draw');
          assert.match(answer.message, /^`x` is a draw by repetition .*play mode has stopped\.$/);
          assert.deepEqual(await playTitles(uri), ['play against the computer'], 'play mode has stopped');
        } else {
          assert.equal(answer.status, 'moved', answer.message);
          assert.deepEqual(await playTitles(uri), ["computer's move", 'stop playing'], 'play goes on');
        }
      }
    } finally {
      session.answerChoice = () => null;
    }
    await session.close(uri);
  });

  it("a pass along a self-loop, by its lens, is the user's move: the text kept, the computer replies", async () => {
    // a is ∞(0): a + nim 1 is ∞(1), a draw, kept only by passing (a to a); the computer passes back, and the
    // position met again is offered as a draw by repetition (answered "Draw" here).
    const graph = 'graph h {\n  a -> a, e\n}\n';
    const uri = 'file:///play/loops-pass.game';
    const text = `${graph}game x = h at a + nim 1\n`;
    await session.open(uri, text);
    await session.executeCommand(PLAY_COMMAND, [{ uri, game: 'x' }]);
    const asked: string[] = [];
    session.answerChoice = (params) => {
      asked.push(params.message);
      return { title: 'Draw' };
    };
    try {
      const lenses = await session.settledCodeLenses(uri);
      const pass = lenses.find((l) => l.command?.title === '▶ h a → a (keeps the draw)');
      assert.ok(pass, lenses.map((l) => l.command?.title).join(' | '));
      const applied = (await session.executeCommand(pass.command!.command, pass.command!.arguments)) as {
        applied: boolean;
        reply?: ReplyAnswer;
      };
      assert.equal(applied.applied, true);
      assert.ok(applied.reply, 'the computer answered the pass');
      assert.equal(session.text(uri), text, 'both passed: the text is as it was');
      assert.equal(asked.length, 1, 'the position came back: a draw by repetition is offered');
      assert.equal(applied.reply.status === 'over' && applied.reply.winner, 'draw', applied.reply.message);
    } finally {
      session.answerChoice = () => null;
    }
    await session.close(uri);
  });
});
