// The front end against a recording of itself: what it made of 3,000 documents (the examples, the
// fixtures, mutations of them and generated graphs with mistakes in them) when the recording was
// made, as one digest per document: every diagnostic with its range, the tree's declarations (a
// graph's lines and names), each game's checked components and validity, each graph's vertices and
// edges. A rewrite of the front end (graph bodies read into arrays, incremental parsing) must not
// change any of it. `RECORD=1` writes the recording again, after a change meant to change meaning.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { type AnalyzedDocument, analyzeText } from '../../server/src/language/analyze';
import type { SetExpression } from '../../server/src/language/ast';
import { componentReferences } from '../../server/src/language/checker';
import { fuzzSeeds, mutate, random } from '../helpers/mutate';
import { gameFilesIn, repositoryPath } from '../helpers/paths';

const RECORDING = repositoryPath('test', 'fixtures', 'recorded', 'frontEnd.json');

/** A graph with plain lines, odd lines (comments, blank lines, CRLF, numbers as vertices) and, sometimes, mistakes. */
function generatedGraph(next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const vertices = 3 + Math.floor(next() * 30);
  const name = () => pick(['v', 'a-b', 'x_', 'n', '7', 'at', 'game', 'q1-2']) + Math.floor(next() * vertices);
  const lines = [`graph g${Math.floor(next() * 3)} ${pick(['{', '', '\n{'])}`];
  for (let i = 0; i < vertices; i++) {
    const targets = Array.from({ length: Math.floor(next() * 4) }, name);
    const space = () => pick(['', ' ', '  ', '\t']);
    // In this order: the recording was made from the random numbers drawn so.
    const head = `${space()}${name()}`;
    const edges = targets.length ? `${space()}->${space()}${targets.join(`${space()},${space()}`)}` : '';
    let line = `${head}${edges}`;
    if (next() < 0.1) line += ` # ${pick(['note', 'a -> b', ''])}`;
    if (next() < 0.05)
      line = pick([
        '',
        '# comment',
        'a -> b,',
        'a ->',
        'a b',
        '-> b',
        'a -> b -> c',
        'a → b',
        'a -> 3x',
        'a -> b }',
        '}',
        'rule r = nim',
      ]);
    lines.push(line);
  }
  lines.push(pick(['}', '', '} # end']), `game t = g0 at ${name()}, ${name()}`);
  return lines.join(pick(['\n', '\n', '\r\n']));
}

function documents(): string[] {
  const next = random(1123);
  const seeds = [...fuzzSeeds(), ...gameFilesIn('test', 'fixtures', 'diagnostics').map((f) => readFileSync(f, 'utf8'))];
  const texts = [...seeds];
  while (texts.length < 3000)
    texts.push(texts.length % 3 === 0 ? generatedGraph(next) : mutate(seeds[texts.length % seeds.length], next));
  return texts;
}

/**
 * A subtraction set as the recording has it: the tree held a set's braces and numbers before sets
 * became expressions (`squares | {2}`), and a set of numbers alone means what it meant then.
 */
function recordedSet(v: unknown): unknown {
  const node = v as { kind?: string; set?: SetExpression; except?: SetExpression; start: number; end: number };
  const old = (set: SetExpression) => {
    const term = set.terms[0];
    if (set.terms.length !== 1 || term.kind !== 'numbers') return set;
    return { set: { start: term.start, end: term.end }, numbers: term.numbers, malformed: set.malformed };
  };
  if (node?.kind === 'subtract' && node.set && 'terms' in node.set) {
    const shaped = old(node.set);
    return shaped === node.set ? v : { kind: node.kind, start: node.start, end: node.end, ...shaped };
  }
  if (node?.kind === 'subtract-all' && node.except && 'terms' in node.except)
    return { kind: node.kind, start: node.start, end: node.end, except: old(node.except) };
  return v;
}

/** What the analysis means, from fields every version of the front end has. */
function canonical(document: AnalyzedDocument): string {
  const span = (s: { start: number; end: number }) => [s.start, s.end];
  const name = (n: { start: number; end: number; text: string } | undefined) => n && [...span(n), n.text];
  const declarations = document.file.declarations.map((d) => {
    if (d.kind === 'graph')
      return ['graph', ...span(d), name(d.name), d.lines.map((l) => [...span(l), name(l.from), l.to.map(name)])];
    return [
      d.kind,
      ...span(d),
      name(d.name),
      JSON.stringify(d, (_, v) => (typeof v === 'bigint' ? `${v}n` : recordedSet(v))),
    ];
  });
  const graphs = [...document.model.symbols.values()].flatMap((s) =>
    s.kind === 'graph'
      ? [
          [
            s.name,
            s.acyclic,
            [...s.vertexIndex.keys()].map((k) => [k, s.vertexIndex.get(k)]),
            s.data.vertexNames,
            [...s.data.succStart],
            [...s.data.succ],
          ],
        ]
      : [],
  );
  const games = document.model.games.map((g) => [
    g.name,
    g.valid,
    g.play,
    // A heaps component's heaps are a getter (read from its syntax), which JSON leaves out.
    JSON.stringify(
      g.components.map((c) => (c.kind === 'heaps' ? { ...c, heaps: c.heaps } : c)),
      (key, v) => (typeof v === 'bigint' ? `${v}n` : key === 'syntax' ? undefined : key === 'graph' ? v.name : v),
    ),
  ]);
  const diagnostics = document.diagnostics.map((d) => [
    ...span(d.span),
    d.severity,
    d.code,
    d.message,
    d.replacement ?? null,
    (d.related ?? []).map((r) => [...span(r.span), r.message]),
  ]);
  return JSON.stringify({
    declarations,
    graphs,
    games,
    diagnostics,
    references: componentReferences(document.file, document.model).map((r) => [...span(r.name), r.symbol.name]),
  });
}

describe('front end against its recording', () => {
  it('3,000 documents mean what they meant when recorded', function () {
    this.timeout(60_000);
    const digests = documents().map((text) =>
      createHash('sha256')
        .update(canonical(analyzeText(text)))
        .digest('base64url')
        .slice(0, 16),
    );
    if (process.env.RECORD) writeFileSync(RECORDING, `${JSON.stringify(digests, null, 0)}\n`);
    const recorded = JSON.parse(readFileSync(RECORDING, 'utf8')) as string[];
    assert.equal(digests.length, recorded.length);
    const changed = digests.flatMap((digest, i) => (digest === recorded[i] ? [] : [i]));
    assert.deepEqual(changed, [], `documents whose meaning changed: ${changed.slice(0, 20).join(', ')}`);
  });
});
