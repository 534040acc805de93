// `node test/bench.mjs aloneTogether` (after `node esbuild.mjs --tests`): issue 55's harness at full size. A
// generated document of ALONE_TOGETHER_GAMES games (default 500) of every family, with the games that take tens of
// seconds alone (misère Kayles beside Nim 4 or Lasker's Nim with a heap of 39 digits: the joint quotient stops at
// its limit of work; a 5 × 9 Cram board), and the issue's own case, 100 random Wythoff positions with heaps to 1,000,
// each run whole (idle), in reversed order, each game alone (2 at a time), and
// whole again beside two busy processes. Prints how many games were compared and every difference; exits 1 when
// any game differs. The CI size is test/cli/aloneTogether.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { integer, random } from '../engine/oracles/random';
import {
  aloneTogether,
  describeDifference,
  loadedDifferences,
  type Source,
  seconds,
  snapshotCli,
} from '../helpers/aloneTogether';
import { mixedGamesDocument } from '../helpers/mixedGames';

const GAMES = Number(process.env.ALONE_TOGETHER_GAMES ?? 500);
const SEED = Number(process.env.ALONE_TOGETHER_SEED ?? 55);
/** Per run: a game past every limit must still stop by itself well within this. */
const RUN_TIMEOUT_MS = Number(process.env.ALONE_TOGETHER_RUN_TIMEOUT_MS ?? 20 * 60_000);

async function main(): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'grundy-alone-bench-'));
  const started = Date.now();
  const cli = snapshotCli(folder);
  try {
    const next = random(SEED);
    const sources: Source[] = [
      {
        label: `generated seed ${SEED} (${GAMES} games, heavy)`,
        text: mixedGamesDocument({ seed: SEED, games: GAMES, heavy: true }).text,
      },
      {
        label: '100 random Wythoff positions to 1,000',
        text: Array.from(
          { length: 100 },
          (_, i) => `game w${i} = wythoff (${integer(next, 0, 1000)}, ${integer(next, 0, 1000)})\n`,
        ).join(''),
      },
    ];
    const log = (line: string) => console.log(line);
    const reports = await aloneTogether(sources, {
      folder,
      concurrency: 2,
      runTimeoutMs: RUN_TIMEOUT_MS,
      cli,
      log,
    });
    const loaded = await loadedDifferences(reports, RUN_TIMEOUT_MS, cli, log);
    const all = [...reports.flatMap((r) => r.differences), ...loaded.differences];
    const problems = [...reports.flatMap((r) => r.problems), ...loaded.problems];
    reports.forEach((report, i) => {
      const count = (against: string) => all.filter((d) => d.file === report.label && d.against === against).length;
      console.log(
        `${report.label}: ${report.comparedAlone} games compared alone (${count('alone')} differ), ` +
          `${report.comparedReversed} in reverse order (${count('reversed')} differ), ` +
          `${loaded.compared[i]} idle and loaded (${count('loaded')} differ)`,
      );
    });
    for (const problem of problems) console.log(`problem: ${problem}`);
    for (const difference of all) console.log(describeDifference(difference));
    console.log(`in ${seconds(Date.now() - started)}`);
    return all.length > 0 || problems.length > 0 ? 1 : 0;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
