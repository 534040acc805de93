// Benchmarks made of cases, each run in a fresh process of its own (so its peak memory, maxRSS, is
// its own): the parent runs this same file once per case with BENCH_CASE set, reads the child's
// one JSON line and prints a table row; the time is the median of the case's runs (the first run
// included).
import { spawnSync } from 'node:child_process';

export interface BenchCase {
  readonly name: string;
  readonly runs: number;
  /** Builds the input (not timed), then returns the timed work, which returns a one-line result. */
  readonly prepare: () => () => string;
}

/** In the parent: every case in its own process, one table row each. In a child: its one case. */
export function runBenchmarks(title: string, cases: readonly BenchCase[], nameWidth: number): void {
  const only = process.env.BENCH_CASE;
  if (only !== undefined) {
    measure(cases[Number(only)]);
    return;
  }
  console.log(title);
  cases.forEach((c, index) => {
    const child = spawnSync(process.execPath, [process.argv[1]], {
      env: { ...process.env, BENCH_CASE: String(index) },
      encoding: 'utf8',
    });
    const line = child.stdout.trim().split('\n').pop() ?? '';
    if (child.status !== 0 || !line.startsWith('{')) {
      console.log(`${c.name}: FAILED (exit ${child.status})\n${child.stderr}`);
      process.exitCode = 1;
      return;
    }
    const { median, runs, peakMiB, result } = JSON.parse(line);
    const time = median >= 1000 ? `${(median / 1000).toFixed(2)} s` : `${median.toFixed(median < 10 ? 2 : 1)} ms`;
    console.log(
      `${c.name.padEnd(nameWidth)} ${time.padStart(10)} (${runs} run${runs > 1 ? 's' : ''})  ` +
        `${peakMiB.toFixed(0).padStart(5)} MiB   ${result}`,
    );
  });
}

function measure(c: BenchCase): void {
  const work = c.prepare();
  const times: number[] = [];
  let result = '';
  for (let run = 0; run < c.runs; run++) {
    const start = process.hrtime.bigint();
    result = work();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ median, runs: c.runs, peakMiB, result }));
}
