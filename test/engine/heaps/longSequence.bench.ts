// `npm run bench -- longSequence`: a sequence past the old cap of 2^25 values, through the CLI as a
// user runs it, with its peak memory. Target: 2^26 values with peak memory ≤ 4 bytes per value +
// 200 MB. The rule has no period within reach (max S = 10^9), so every value is computed.
import { spawnSync } from 'node:child_process';
import { repositoryPath } from '../../helpers/paths';

const COUNT = 2 ** 26;
const started = performance.now();
const run = spawnSync(
  process.execPath,
  [
    '--require',
    repositoryPath('test', 'helpers', 'reportPeakMemory.cjs'),
    repositoryPath('out', 'cli', 'grundy.js'),
    'sequence',
    'subtract {1, 3, 1000000000}',
    '--to',
    String(COUNT - 1),
    '--budget-ms',
    '600000',
  ],
  { encoding: 'utf8', maxBuffer: 2 ** 31 },
);
const seconds = (performance.now() - started) / 1000;
const peakMiB = Number(/peak-rss-kib (\d+)/.exec(run.stderr)?.[1] ?? Number.NaN) / 1024;
const lastLine = run.stdout.trimEnd().split('\n').pop() ?? '';
const allowedMiB = (4 * COUNT) / 2 ** 20 + 200;
const printed = Number(lastLine.split(':')[0]) + lastLine.split(':')[1]?.trim().split(/\s+/).length;
console.log(
  `subtract {1, 3, 10^9} to 2^26 through grundy sequence: ${seconds.toFixed(1)} s, ` +
    `${printed.toLocaleString('en-US')} values printed, exit ${run.status}; peak ${peakMiB.toFixed(0)} MiB, target ` +
    `≤ ${allowedMiB.toFixed(0)} MiB (4 bytes a value + 200 MB): ${(peakMiB / allowedMiB).toFixed(2)} of it`,
);
if (run.status !== 0 || printed !== COUNT || !(peakMiB <= allowedMiB)) process.exitCode = 1;
