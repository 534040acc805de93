// `npm run bench -- rows`: a 100,000-cell empty Treblecross row through `grundy analyze` against
// `grundy sequence 'octal 0.007' --to 100000`, the same game (a row of n empty cells is the 0.007 heap
// of n + 2), both as a user runs them, with default flags, in the same run (issue 39: within 1.5×,
// and within 300 MB). Each command runs ROUNDS times, alternately, and the medians are compared.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CliRun, cli } from '../../resource/guards';

const CELLS = 100_000;
const ROUNDS = 3;
const TARGET_RATIO = 1.5;
const TARGET_MB = 300;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const folder = mkdtempSync(join(tmpdir(), 'grundy-rows-bench-'));
try {
  const file = join(folder, 'row.game');
  writeFileSync(file, `game row = treblecross "${'.'.repeat(CELLS)}"\n`);
  const analyzed: CliRun[] = [];
  const sequenced: CliRun[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    sequenced.push(cli(['sequence', 'octal 0.007', '--to', String(CELLS)]));
    analyzed.push(cli(['analyze', file]));
  }
  const analyze = median(analyzed.map((r) => r.ms));
  const sequence = median(sequenced.map((r) => r.ms));
  const peak = Math.max(...analyzed.map((r) => r.peakMb));
  const ratio = analyze / sequence;
  const last = analyzed[analyzed.length - 1].stdout;
  const value = /game row \(line 1\): ([^\n]*)/.exec(last)?.[1] ?? '(no value line)';
  const moves = /winning moves \((\d+)\)/.exec(last)?.[1] ?? '0';
  console.log(
    `100,000-cell Treblecross row, grundy analyze: ${(analyze / 1000).toFixed(2)} s (median of ${ROUNDS}), ` +
      `peak ${peak.toFixed(0)} MiB (target ≤ ${TARGET_MB}); ${value.slice(0, 60)}, ${moves} winning cells`,
  );
  console.log(
    `grundy sequence 'octal 0.007' --to 100000: ${(sequence / 1000).toFixed(2)} s (median of ${ROUNDS}), ` +
      `peak ${Math.max(...sequenced.map((r) => r.peakMb)).toFixed(0)} MiB`,
  );
  console.log(`ratio analyze / sequence: ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×)`);
  const failed = analyzed.some((r) => r.status !== 0) || sequenced.some((r) => r.status !== 0) || !/^\*\d+/.test(value);
  if (failed || ratio > TARGET_RATIO || !(peak <= TARGET_MB)) process.exitCode = 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
