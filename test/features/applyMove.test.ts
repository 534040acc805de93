// Playing winning moves from code lenses, through the server (`workspace/executeCommand` →
// `workspace/applyEdit`), checked by the engine: after the move the game is a P-position.
import * as assert from 'node:assert/strict';
import type { CodeLens } from 'vscode-languageserver-protocol';
import { reportGame } from '../../server/src/analysis/gameReport';
import { analyzeText } from '../../server/src/language/analyze';
import { APPLY_MOVE_COMMAND } from '../../server/src/protocol';
import { LanguageServerSession } from '../helpers/languageServer';

const source = [
  'rule onetwo = subtract {1, 2}',
  'graph g {',
  '  a -> b, c',
  '  b -> d',
  '  c -> d, e',
  '  d -> e',
  '}',
  'game coins = onetwo 3 4 5   # a comment the move must keep',
  'game pebbles = g at a, c',
  'game cells = treblecross ".....X."',
  'game pins = kayles "XXX.XX" + nim 3',
  'game big = dawson 1000000000000000000 + onetwo 1000000000000000000',
  'game pair = misere nim 1 1',
  'game lost = onetwo 3 4 4',
  '',
].join('\n');

/** The engine's verdict on one game of a text, computed here in the test process. */
function outcomeOf(text: string, name: string): 'N' | 'P' | 'D' | null {
  const document = analyzeText(text);
  const game = document.model.games.find((g) => g.name === name);
  assert.ok(game?.valid, `game ${name} is missing or invalid in:\n${text}`);
  return reportGame(document, game).result!.outcome;
}

const gameOf = (text: string, lens: CodeLens) => /^game\s+(\S+)/.exec(text.split('\n')[lens.range.start.line])![1];

describe('applying winning moves', () => {
  let session: LanguageServerSession;
  let listed: string[] = [];
  before(async () => {
    const started = await LanguageServerSession.inProcess({ settings: { codeLens: { maxMoves: 200 } } });
    session = started.session;
    listed = started.initialize.capabilities.executeCommandProvider?.commands ?? [];
  });

  it('every command a lens carries is one the server lists and executes (no client-only command)', async () => {
    const uri = 'file:///moves/commands.game';
    // A win, a loss, a game with more moves than the lenses show, a game with errors, one still computing.
    await session.open(uri, `${source}game more = kayles 1000001\ngame broken = nmi 3\n`);
    await session.settledCodeLenses(uri);
    const lenses = (await session.codeLenses(uri)) ?? [];
    const used = new Set(lenses.map((l) => l.command?.command));
    for (const command of ['grundy.applyMove', 'grundy.showMoves', 'grundy.explainGame', 'grundy.exploreSequence'])
      assert.ok(used.has(command), `a lens runs ${command}`);
    for (const command of used)
      assert.ok(
        command && listed.includes(command),
        `${command} is listed in executeCommandProvider: ${listed.join(', ')}`,
      );
    await session.close(uri);
  });
  after(async () => {
    await session?.stop();
  });

  it('every move lens leaves a P-position, as one edit that keeps the rest of the line', async () => {
    const uri = 'file:///moves/all.game';
    await session.open(uri, source);
    const lenses = (await session.settledCodeLenses(uri)).filter(
      (lens) => lens.command?.command === APPLY_MOVE_COMMAND,
    );
    const games = new Set(lenses.map((lens) => gameOf(source, lens)));
    assert.deepEqual([...games].sort(), ['big', 'cells', 'coins', 'pair', 'pebbles', 'pins']);
    assert.ok(lenses.length > 200, `${lenses.length} move lenses`); // big alone lists 200 of its ~10^17
    for (const lens of lenses) {
      await session.change(uri, source);
      const fresh = (await session.settledCodeLenses(uri)).find((l) => l.command?.title === lens.command!.title)!;
      session.appliedEdits.clear();
      const answer = (await session.executeCommand(APPLY_MOVE_COMMAND, fresh.command!.arguments)) as {
        applied: boolean;
      };
      assert.equal(answer.applied, true, lens.command!.title);
      const [edit] = session.appliedEdits.seen;
      const changes = edit.edit.documentChanges!;
      assert.equal(changes.length, 1);
      assert.equal((changes[0] as { edits: unknown[] }).edits.length, 1, 'one edit: one undo step');
      const after = session.text(uri);
      const name = gameOf(source, lens);
      assert.equal(
        outcomeOf(after, name),
        'P',
        `${lens.command!.title} leaves ${after.split('\n')[lens.range.start.line]}`,
      );
      assert.equal(after.split('\n').length, source.split('\n').length);
      assert.ok(after.includes('# a comment the move must keep'));
    }
  });

  it('a P-position gets one lens, whose command (run by the server) explains it as a message', async () => {
    const uri = 'file:///moves/lost.game';
    await session.open(uri, 'rule onetwo = subtract {1, 2}\ngame lost = onetwo 3 4 4\n');
    const lenses = await session.settledCodeLenses(uri);
    assert.equal(lenses.length, 1);
    assert.equal(lenses[0].command?.command, 'grundy.explainGame');
    assert.match(lenses[0].command!.title, /every move loses/);
    session.messages.clear();
    const explained = await session.executeCommand(lenses[0].command!.command, lenses[0].command!.arguments);
    // How long it lasts, the XOR table without its fences (plain text), then why the XOR 0 loses.
    const [title, head, lasts, table, why] = String(explained).split('\n\n');
    assert.equal(String(explained).split('\n\n').length, 5);
    assert.equal(title, 'game lost');
    assert.equal(head, 'nimber 0: the player to move loses.');
    // 11 counters taken 1 or 2 at a time: the loser takes 1s, the winner answers 2 (remoteness.test.ts checks it).
    assert.equal(
      lasts,
      'With best play the player to move loses in 8 moves, holding on as long as possible (remoteness 8).',
    );
    assert.equal(table, '  0 = 0   onetwo 3 4 4\n⊕ -----\n  0 = 0');
    assert.match(why, /^The XOR is 0: .*\.$/);
    const shown = await session.messages.next(() => true, 'a message');
    assert.equal(shown.type, 3, 'an information message, not a warning');
    assert.equal(shown.message, explained);
  });

  it('the "k more" lens: the server offers the moves as a choice and plays the one picked', async () => {
    const uri = 'file:///moves/more.game';
    await session.open(uri, 'game many = kayles 1000001\n');
    const more = (await session.settledCodeLenses(uri)).find((l) => l.command?.command === 'grundy.showMoves');
    assert.ok(more, 'a lens for the moves not shown');
    let offered: string[] = [];
    session.answerChoice = (params) => {
      offered = (params.actions ?? []).map((a) => a.title);
      return params.actions!.at(-1)!;
    };
    try {
      const answer = (await session.executeCommand(more.command!.command, more.command!.arguments)) as {
        applied: boolean;
        after: string;
      };
      assert.ok(offered.length >= 1, 'moves were offered');
      assert.equal(answer.applied, true);
      assert.equal(`▶ ${answer.after}`.length > 0, true);
      assert.equal(session.text(uri), `game many = ${answer.after}\n`);
      assert.match(offered.at(-1)!, /^▶ kayles /);
    } finally {
      session.answerChoice = () => null;
    }
  });

  it('a move computed before an edit elsewhere is written where the game is now', async () => {
    const uri = 'file:///moves/shifted.game';
    await session.open(uri, source);
    const lens = (await session.settledCodeLenses(uri)).find((l) => l.command?.title === '▶ onetwo 4 → 2')!;
    const shifted = `# a new first line\n\n${source.replace('game lost', 'game also-lost')}`;
    await session.change(uri, shifted);
    const answer = (await session.executeCommand(APPLY_MOVE_COMMAND, lens.command!.arguments)) as { applied: boolean };
    assert.equal(answer.applied, true);
    assert.ok(session.text(uri).includes('game coins = onetwo 3 2 5   # a comment'), session.text(uri));
    assert.equal(outcomeOf(session.text(uri), 'coins'), 'P');
  });

  it('a stale move (the game changed) writes nothing and says why', async () => {
    const uri = 'file:///moves/stale.game';
    await session.open(uri, source);
    const lens = (await session.settledCodeLenses(uri)).find((l) => l.command?.title === '▶ onetwo 4 → 2')!;
    const changed = source.replace('onetwo 3 4 5', 'onetwo 3 4 6');
    await session.change(uri, changed);
    session.appliedEdits.clear();
    session.messages.clear();
    const answer = (await session.executeCommand(APPLY_MOVE_COMMAND, lens.command!.arguments)) as {
      applied: boolean;
      message: string;
    };
    assert.equal(answer.applied, false);
    assert.match(answer.message, /`coins` changed since this move was computed; nothing was written/);
    assert.equal(session.appliedEdits.seen.length, 0);
    assert.equal(session.text(uri), changed);
    const shown = await session.messages.next((m) => m.message === answer.message, 'a warning');
    assert.equal(shown.type, 2 /* warning */);
  });

  it('a removed game, a closed document and malformed arguments are refused', async () => {
    const uri = 'file:///moves/removed.game';
    await session.open(uri, source);
    const lens = (await session.settledCodeLenses(uri)).find((l) => l.command?.title === '▶ onetwo 4 → 2')!;
    await session.change(uri, source.replace('game coins', 'game renamed'));
    assert.match(
      ((await session.executeCommand(APPLY_MOVE_COMMAND, lens.command!.arguments)) as { message: string }).message,
      /no game `coins`/,
    );
    await session.close(uri);
    assert.match(
      ((await session.executeCommand(APPLY_MOVE_COMMAND, lens.command!.arguments)) as { message: string }).message,
      /not open/,
    );
    await assert.rejects(
      session.executeCommand(APPLY_MOVE_COMMAND, [{ uri }]),
      /needs \{ uri, version, game, key, index \}/,
    );
  });

  it('the edit carries the version it was made for, so the editor can refuse it too', async () => {
    const uri = 'file:///moves/version.game';
    await session.open(uri, source);
    await session.change(uri, `${source}\n`);
    const lens = (await session.settledCodeLenses(uri)).find((l) => l.command?.title === '▶ onetwo 4 → 2')!;
    session.appliedEdits.clear();
    await session.executeCommand(APPLY_MOVE_COMMAND, lens.command!.arguments);
    const change = session.appliedEdits.seen[0].edit.documentChanges![0] as { textDocument: { version: number } };
    assert.equal(change.textDocument.version, 2);
  });

  it('"k more winning moves" asks the server for every listed move, each playable', async () => {
    const uri = 'file:///moves/more.game';
    await session.open(uri, 'game many = kayles 1000001\n');
    session.settings = { codeLens: { maxMoves: 2 } };
    await session.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    let lenses: CodeLens[] = [];
    // Until the new setting is read (no count of tries: a busy machine reads it later).
    while (lenses.length !== 3) {
      lenses = await session.settledCodeLenses(uri);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(lenses.length, 3);
    const more = lenses[2].command!;
    assert.equal(more.title, '83,332 more winning moves…');
    assert.equal(more.command, 'grundy.showMoves');
    const args = (await session.connection.sendRequest('grundy/winningMoves', more.arguments![0])) as {
      moves: { label: string; apply: unknown }[];
      unlisted: string;
    };
    assert.equal(args.moves.length, 200);
    assert.equal(BigInt(args.unlisted) + BigInt(args.moves.length), 83_334n);
    const answer = (await session.executeCommand(APPLY_MOVE_COMMAND, [args.moves[150].apply])) as { applied: boolean };
    assert.equal(answer.applied, true);
    assert.equal(outcomeOf(session.text(uri), 'many'), 'P');
    session.settings = { codeLens: { maxMoves: 200 } };
    await session.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
  });
});
