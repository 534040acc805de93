// `npm run bench language`: the front end on hostile documents (many unknown names, a huge
// misspelt name, megabyte lines of junk). Each case runs in a fresh process of its own, so its
// peak memory is its own; the time is the median of a few runs of `analyzeText` followed by the
// LSP conversion and JSON encoding of the diagnostics, which is what the server does on the
// main thread for every change.
import { spawnSync } from 'node:child_process';
import { lspDiagnostics } from '../../server/src/features/diagnostics';
import { analyzeText } from '../../server/src/language/analyze';
import { random } from '../engine/random';

interface Case {
  readonly name: string;
  readonly runs: number;
  readonly text: () => string;
}

/** `count` rules declared with long names, and `count` games each naming a misspelt one. */
function unknownNames(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(`rule subtraction-rule-${i} = subtract {1, 2}`);
  for (let i = 0; i < count; i++) lines.push(`game g${i} = subtraktion-rulle-${i}x 3`);
  return lines.join('\n') + '\n';
}

/** A graph of `vertices` vertices and `count` games each placing a token on a misspelt vertex. */
function unknownVertices(vertices: number, count: number): string {
  const lines = ['graph g {'];
  for (let v = 0; v + 1 < vertices; v++) lines.push(`  vertex-${v} -> vertex-${v + 1}`);
  lines.push('}');
  for (let i = 0; i < count; i++) lines.push(`game t${i} = g at vertx-${i}q`);
  return lines.join('\n') + '\n';
}

function randomLine(length: number): string {
  const next = random(7);
  let line = '';
  for (let i = 0; i < length; i++) line += String.fromCharCode(33 + Math.floor(next() * 94));
  return line;
}

const megabyte = 1 << 20;

const cases: Case[] = [
  { name: '1,000 unknown names beside 1,000 rules (~96 KB)', runs: 3, text: () => unknownNames(1_000) },
  { name: '3,000 unknown names beside 3,000 rules', runs: 1, text: () => unknownNames(3_000) },
  { name: '1,000 unknown vertices in a graph of 20,000', runs: 1, text: () => unknownVertices(20_000, 1_000) },
  {
    name: 'one misspelt rule name of 20,000 characters',
    runs: 3,
    text: () => `rule ${'a'.repeat(20_000)} = subtract {1}\ngame g = ${'a'.repeat(19_999)}b 3\n`,
  },
  { name: '1 MB line of `; ` (stray characters between spaces)', runs: 3, text: () => '; '.repeat(megabyte / 2) + '\n' },
  { name: '1 MB line of random printable ASCII', runs: 3, text: () => randomLine(megabyte) + '\n' },
  { name: '1 MB subtraction set `{1 1 1 …` (a missing comma each)', runs: 3, text: () => `rule r = subtract {${'1 '.repeat(megabyte / 2)}}\n` },
  { name: '1 MB row of bad cells `"a.a.a…"`', runs: 3, text: () => `game g = treblecross "${'a.'.repeat(megabyte / 2)}"\n` },
];

function runCase(index: number): void {
  const c = cases[index];
  const text = c.text();
  const times: number[] = [];
  let result = '';
  for (let run = 0; run < c.runs; run++) {
    const start = process.hrtime.bigint();
    const document = analyzeText(text);
    const published = JSON.stringify(lspDiagnostics(document));
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    const last = document.diagnostics[document.diagnostics.length - 1];
    const suggested = document.diagnostics.filter((d) => d.message.includes('did you mean')).length;
    result = `${(text.length / 1024).toFixed(0)} KB: ${document.diagnostics.length} diagnostics (${suggested} with a suggestion), ${(published.length / 1024).toFixed(0)} KB published; last: ${last ? last.message.slice(0, 60) : '-'}`;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ median, runs: c.runs, peakMiB, result }));
}

function main(): void {
  const only = process.env.BENCH_CASE;
  if (only !== undefined) return runCase(Number(only));
  console.log('front-end benchmarks: median time of analysis and publishing, peak resident memory of the process');
  cases.forEach((c, index) => {
    const child = spawnSync(process.execPath, [__filename], { env: { ...process.env, BENCH_CASE: String(index) }, encoding: 'utf8' });
    const line = child.stdout.trim().split('\n').pop() ?? '';
    if (child.status !== 0 || !line.startsWith('{')) {
      console.log(`${c.name}: FAILED (exit ${child.status})\n${child.stderr}`);
      process.exitCode = 1;
      return;
    }
    const { median, runs, peakMiB, result } = JSON.parse(line);
    const time = median >= 1000 ? `${(median / 1000).toFixed(2)} s` : `${median.toFixed(median < 10 ? 2 : 1)} ms`;
    console.log(`${c.name.padEnd(58)} ${time.padStart(10)} (${runs} run${runs > 1 ? 's' : ''})  ${peakMiB.toFixed(0).padStart(5)} MiB   ${result}`);
  });
}

main();
