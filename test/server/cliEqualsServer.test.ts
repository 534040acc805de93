// Issue 55: the editor and the CLI give a game the same answer. A generated document of every family
// (test/helpers/mixedGames.ts) is opened in the bundled language server (out/server/server.js, a process of its
// own, with the default settings) and, once no game is computing (waited for by the server's inlay hint refreshes,
// never a fixed sleep), each game's inlay hints (its value and outcome, and in a normal
// sum each component's value) are compared with what `grundy analyze --json` says of the same game.
//
// Size: ALONE_TOGETHER_GAMES games (default 60), seed CLI_SERVER_SEED (default 1).
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InlayHint } from 'vscode-languageserver-protocol';
import { star } from '../../server/src/analysis/wording';
import { type Entry, entriesOf, gameDeclarations, runGrundy, seconds, truncate } from '../helpers/aloneTogether';
import { LanguageServerSession } from '../helpers/languageServer';
import { mixedGamesDocument } from '../helpers/mixedGames';

const GAMES = Number(process.env.ALONE_TOGETHER_GAMES ?? 60);
const SEED = Number(process.env.CLI_SERVER_SEED ?? 1);
/** How long the whole document may take to settle in the server: a bound on a hang, not a verdict. */
const SETTLE_MS = 20 * 60_000;

const short = (outcome: unknown) => (outcome === 'N' ? 'win' : outcome === 'P' ? 'lose' : 'draw');

/**
 * A game hint's label reduced to what it says of the game: `misère · win`, `= *3 · lose`, `= ∞(1) · draw`,
 * `= ? (not known)`, and `= (no nimber) · win` for a normal game decided without a nimber (a Treblecross row won at
 * once, a Wythoff position past the table), whatever its words.
 */
function meaning(label: string): string {
  const match = /^(⊕ )?= (.*) · (win|lose|draw)$/.exec(label);
  if (!match) return label;
  const [, sum = '', value, outcome] = match;
  const shownValue = /^(\*[\d…]+|0)$/.test(value) || value.startsWith('∞') ? value : '(no nimber)';
  return `${sum}= ${shownValue} · ${outcome}`;
}

/** What the editor shows for a game, from the CLI's entry: each component's value (normal play), then the sum's. */
function expectedLabels(entry: Entry): string[] {
  const components = entry.components as { nimber: string | null; value: string | null }[];
  const normalSum = components.length > 1 && entry.play === 'normal';
  const sum = normalSum ? '⊕ ' : '';
  const labels: string[] = [];
  if (normalSum)
    for (const c of components) {
      if (c.nimber !== null) labels.push(star(BigInt(c.nimber)));
      else if (c.value?.startsWith('∞')) labels.push(c.value);
    }
  const value = entry.value as string | null;
  if (entry.outcome === null) labels.push(`${sum}= ? (not known)`);
  else if (entry.play === 'misere') labels.push(`misère · ${short(entry.outcome)}`);
  else if (value?.startsWith('∞')) labels.push(`${sum}= ${value} · ${short(entry.outcome)}`);
  else if (entry.nimber === null) labels.push(`${sum}= (no nimber) · ${short(entry.outcome)}`);
  else labels.push(`${sum}= ${star(BigInt(entry.nimber as string))} · ${short(entry.outcome)}`);
  return labels;
}

const labelOf = (hint: InlayHint) =>
  typeof hint.label === 'string' ? hint.label : hint.label.map((part) => part.value).join('');

describe('issue 55: the language server gives each game the value and outcome the CLI gives it', function () {
  this.timeout(SETTLE_MS + 5 * 60_000);
  let folder: string;
  let session: LanguageServerSession | undefined;

  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'grundy-cli-server-'));
  });
  after(async () => {
    await session?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it(`a generated document of ${GAMES} games: every game's inlay hints match grundy analyze --json`, async () => {
    const { text } = mixedGamesDocument({ seed: SEED, games: GAMES });
    const file = join(folder, 'mixed.game');
    writeFileSync(file, text);
    const declarations = gameDeclarations(text);
    assert.equal(declarations.length, GAMES);

    let started = Date.now();
    const cli = entriesOf(await runGrundy(['analyze', file, '--json'], SETTLE_MS));
    assert.equal(cli.problem, undefined, cli.problem);
    const byLine = new Map(cli.entries.map((e) => [e.line, e]));
    console.log(`      the CLI: ${cli.entries.length} games in ${seconds(Date.now() - started)}`);

    started = Date.now();
    ({ session } = await LanguageServerSession.start());
    const uri = 'file:///issue55/mixed.game';
    const lines = new Set(declarations.map((d) => d.line - 1));
    await session.open(uri, text);
    // Ask for the hints; while a game is computing (or has none yet), wait for the server's next refresh of the
    // hints, then ask again.
    let hints: InlayHint[] = [];
    const deadline = Date.now() + SETTLE_MS;
    for (;;) {
      const refreshesBefore = session.refreshes.seen.length;
      hints = (await session.inlayHints(uri)) ?? [];
      const computing = hints.filter((h) => labelOf(h).includes('computing'));
      const hinted = new Set(hints.map((h) => h.position.line));
      if (computing.length === 0 && [...lines].every((line) => hinted.has(line))) break;
      const left = deadline - Date.now();
      assert.ok(left > 0, `still computing after ${SETTLE_MS} ms: lines ${computing.map((h) => h.position.line + 1)}`);
      // The next refresh after this request; a quiet spell (no refresh for half a minute) only asks again.
      const s = session;
      await s.refreshes
        .next(
          (r) => r.method === 'workspace/inlayHint/refresh' && s.refreshes.seen.indexOf(r) >= refreshesBefore,
          'an inlay hint refresh',
          Math.min(left, 30_000),
        )
        .catch(() => undefined);
    }
    console.log(`      the server: every game settled in ${seconds(Date.now() - started)}`);

    const differences: string[] = [];
    let compared = 0;
    for (const game of declarations) {
      const entry = byLine.get(game.line);
      const shown = hints
        .filter((h) => h.position.line === game.line - 1)
        .sort((a, b) => a.position.character - b.position.character)
        .map((hint) => meaning(labelOf(hint)));
      if (!entry) {
        differences.push(`\`${game.text}\`: no entry from the CLI; the server shows ${JSON.stringify(shown)}`);
        continue;
      }
      compared++;
      const expected = expectedLabels(entry);
      if (JSON.stringify(shown) !== JSON.stringify(expected))
        differences.push(
          `\`${truncate(game.text, 160)}\`: server ${JSON.stringify(shown)} | CLI ${JSON.stringify(expected)}` +
            ` (CLI entry: ${truncate(JSON.stringify({ ...entry, winningMoves: undefined }), 300)})`,
        );
    }
    console.log(`      ${compared} games compared, ${differences.length} differ`);
    assert.ok(compared > 0, 'no game compared');
    if (differences.length > 0)
      assert.fail(`${differences.length} of ${compared} games differ:\n${differences.join('\n')}`);
  });
});
