// `npm run bench language`: the front end on hostile documents (many unknown names, a huge
// misspelt name, megabyte lines of junk). Each case runs in a fresh process of its own, so its
// peak memory is its own; the time is the median of a few runs of `analyzeText` followed by the
// LSP conversion and JSON encoding of the diagnostics, which is what the server does on the
// main thread for every change.
import { lspDiagnostics } from '../../server/src/features/diagnostics';
import { analyzeText } from '../../server/src/language/analyze';
import { random } from '../engine/oracles/random';
import { type BenchCase, runBenchmarks } from '../helpers/benchCases';

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
  return `${lines.join('\n')}\n`;
}

/** A graph of `vertices` vertices and `count` games each placing a token on a misspelt vertex. */
function unknownVertices(vertices: number, count: number): string {
  const lines = ['graph g {'];
  for (let v = 0; v + 1 < vertices; v++) lines.push(`  vertex-${v} -> vertex-${v + 1}`);
  lines.push('}');
  for (let i = 0; i < count; i++) lines.push(`game t${i} = g at vertx-${i}q`);
  return `${lines.join('\n')}\n`;
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
  {
    name: '1 MB line of `; ` (stray characters between spaces)',
    runs: 3,
    text: () => `${'; '.repeat(megabyte / 2)}\n`,
  },
  { name: '1 MB line of random printable ASCII', runs: 3, text: () => `${randomLine(megabyte)}\n` },
  {
    name: '1 MB subtraction set `{1 1 1 …` (a missing comma each)',
    runs: 3,
    text: () => `rule r = subtract {${'1 '.repeat(megabyte / 2)}}\n`,
  },
  {
    name: '1 MB row of bad cells `"a.a.a…"`',
    runs: 3,
    text: () => `game g = treblecross "${'a.'.repeat(megabyte / 2)}"\n`,
  },
];

/** The timed work of a case: analysis, then the diagnostics as the server publishes them. */
const benchCase = (c: Case): BenchCase => ({
  name: c.name,
  runs: c.runs,
  prepare: () => {
    const text = c.text();
    return () => {
      const document = analyzeText(text);
      const published = JSON.stringify(lspDiagnostics(document, 'file:///bench.game', true));
      const last = document.diagnostics[document.diagnostics.length - 1];
      const suggested = document.diagnostics.filter((d) => d.message.includes('did you mean')).length;
      return (
        `${(text.length / 1024).toFixed(0)} KB: ${document.diagnostics.length} diagnostics (${suggested} with ` +
        `a suggestion), ${(published.length / 1024).toFixed(0)} KB published; last: ` +
        `${last ? last.message.slice(0, 60) : '-'}`
      );
    };
  },
});

runBenchmarks(
  'front-end benchmarks: median time of analysis and publishing, peak resident memory of the process',
  cases.map(benchCase),
  58,
);
