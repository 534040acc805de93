// Issue 55: a game's result is a function of the game alone. `grundy analyze --json` on every `.game` file of
// examples/, test/fixtures/valid/ and test/fixtures/editor/ (its decorations taken out) and on generated documents
// of every family (test/helpers/mixedGames.ts), whole; then with its games in reversed order; then each game alone
// with the document's rules and graphs. Every game's entry (but its name and line) must be the same in all of them,
// and the generated documents' entries the same again with two busy processes beside the run. The full size is
// test/cli/aloneTogether.bench.ts.
//
// Sizes: ALONE_TOGETHER_FILES generated documents (default 2) of ALONE_TOGETHER_GAMES games (default 60).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { sourceOf } from '../features/render';
import {
  aloneTogether,
  type Difference,
  describeDifference,
  GRUNDY_CLI,
  loadedDifferences,
  type Source,
  type SourceReport,
  seconds,
  snapshotCli,
} from '../helpers/aloneTogether';
import { mixedGamesDocument } from '../helpers/mixedGames';
import { gameFilesIn } from '../helpers/paths';

const FILES = Number(process.env.ALONE_TOGETHER_FILES ?? 2);
const GAMES = Number(process.env.ALONE_TOGETHER_GAMES ?? 60);
/** Differences listed in one assertion's message (all are counted). */
const SHOWN = 40;

const generated: Source[] = Array.from({ length: FILES }, (_, i) => ({
  label: `generated seed ${i + 1} (${GAMES} games)`,
  text: mixedGamesDocument({ seed: i + 1, games: GAMES }).text,
}));

const sources: Source[] = [
  ...gameFilesIn('examples').map((file) => ({ label: `examples/${basename(file)}`, text: readFileSync(file, 'utf8') })),
  ...gameFilesIn('test', 'fixtures', 'valid').map((file) => ({
    label: `test/fixtures/valid/${basename(file)}`,
    text: readFileSync(file, 'utf8'),
  })),
  ...gameFilesIn('test', 'fixtures', 'editor').map((file) => ({
    label: `test/fixtures/editor/${basename(file)}`,
    text: sourceOf(readFileSync(file, 'utf8')),
  })),
  ...generated,
];

function failureMessage(label: string, differences: readonly Difference[], problems: readonly string[]): string {
  const lines = [
    `${label}: ${differences.length} difference${differences.length === 1 ? '' : 's'}, ${problems.length} problem(s)`,
    ...problems,
    ...differences.slice(0, SHOWN).map(describeDifference),
  ];
  if (differences.length > SHOWN) lines.push(`… and ${differences.length - SHOWN} more`);
  return lines.join('\n');
}

describe('issue 55: a game gets the same answer alone, beside others, in any order, idle or loaded', function () {
  // The stages' own times are printed; this is only the bound past which something hangs.
  this.timeout(60 * 60_000);
  let folder: string;
  let cli: string;
  let reports: SourceReport[] = [];
  const byLabel = new Map<string, SourceReport>();

  before(async () => {
    assert.ok(existsSync(GRUNDY_CLI), `${GRUNDY_CLI} is missing: build with node esbuild.mjs --tests`);
    folder = mkdtempSync(join(tmpdir(), 'grundy-alone-'));
    cli = snapshotCli(folder);
    const started = Date.now();
    reports = await aloneTogether(sources, {
      folder,
      concurrency: 2,
      runTimeoutMs: 10 * 60_000,
      cli,
      log: (line) => console.log(`      ${line}`),
    });
    for (const report of reports) byLabel.set(report.label, report);
    console.log(`      alone and together: ${seconds(Date.now() - started)} in all`);
    for (const r of reports) {
      const alone = r.differences.filter((d) => d.against === 'alone').length;
      const reversed = r.differences.filter((d) => d.against === 'reversed').length;
      console.log(
        `      ${r.label}: ${r.comparedAlone} games compared alone (${alone} differ), ` +
          `${r.comparedReversed} in reverse order (${reversed} differ)`,
      );
    }
  });

  after(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('the generated documents have no error diagnostics and every family', () => {
    for (const source of generated) {
      const file = join(folder, `check-${generated.indexOf(source)}.game`);
      writeFileSync(file, source.text);
      const run = spawnSync(process.execPath, [cli, 'check', file, '--json'], { encoding: 'utf8' });
      const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { severity: string; message: string }[] };
      const errors = diagnostics.filter((d) => d.severity === 'error');
      assert.deepEqual(errors, [], `${source.label}:\n${source.text}`);
      assert.equal(run.status, 0, run.stderr);
      assert.equal(byLabel.get(source.label)?.games, GAMES, `${source.label}: the games the parser sees`);
    }
    const families = new Set(
      mixedGamesDocument({ seed: 1, games: GAMES }).games.flatMap((game) => game.families.map((f) => f.split(':')[0])),
    );
    for (const family of ['wythoff', 'graph with cycles', 'cram', 'misère several rules', 'big numbers', 'past limits'])
      assert.ok(families.has(family), `no ${family} game in the generated document`);
  });

  for (const source of sources) {
    it(`${source.label}: each game alone and in reverse order as in the whole file`, () => {
      const report = byLabel.get(source.label);
      assert.ok(report, `${source.label} was not run`);
      // A document with games must have had them compared: nothing passes by comparing nothing.
      if (report.games > 0) assert.ok(report.comparedAlone > 0, `${source.label}: no game compared`);
      if (report.differences.length > 0 || report.problems.length > 0)
        assert.fail(failureMessage(source.label, report.differences, report.problems));
    });
  }

  it('the generated documents give the same entries beside two busy processes as idle', async () => {
    const mine = generated.map((g) => byLabel.get(g.label)).filter((r) => r !== undefined);
    assert.equal(mine.length, generated.length);
    const { compared, differences, problems } = await loadedDifferences(mine, 10 * 60_000, cli, (line) =>
      console.log(`      ${line}`),
    );
    mine.forEach((report, i) => {
      const differ = differences.filter((d) => d.file === report.label).length;
      console.log(`      ${report.label}: ${compared[i]} games compared idle and loaded (${differ} differ)`);
      assert.ok(compared[i] > 0, `${report.label}: no game compared`);
    });
    if (differences.length > 0 || problems.length > 0)
      assert.fail(failureMessage('idle vs loaded', differences, problems));
  });
});
