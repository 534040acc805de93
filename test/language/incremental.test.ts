// The incremental front end against the whole one: after every edit of a long run of edits,
// analysing from the previous analysis (which reuses the declarations the edit left alone) must
// give exactly what analysing the new text from scratch gives: the same tree, offsets included,
// the same diagnostics in the same order, the same games and references.
import * as assert from 'node:assert/strict';
import { type AnalyzedDocument, analyzeText } from '../../server/src/language/analyze';
import { componentReferences } from '../../server/src/language/checker';
import { changedRegion } from '../../server/src/language/incremental';
import type { CheckedComponent } from '../../server/src/language/model';
import { generatedDocument } from '../helpers/generated';
import { fuzzSeeds, random, typingEdit } from '../helpers/mutate';

const withHeaps = (c: CheckedComponent) => (c.kind === 'heaps' ? { ...c, heaps: c.heaps } : c);

/** Everything an analysis means, as plain data (bigints as text, symbols by kind and name). */
function meaning(document: AnalyzedDocument): unknown {
  const labels = new Set(['declaration', 'symbol', 'graph']);
  const plain = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value, (key, v) => {
        if (typeof v === 'bigint') return `${v}n`;
        // A symbol or declaration referred to from elsewhere: by name (it is compared where it is declared).
        if (labels.has(key) && v && typeof v === 'object' && ['rule', 'graph', 'game'].includes(v.kind))
          return `${v.kind} ${v.name?.text ?? v.name ?? ''}`;
        if (ArrayBuffer.isView(v)) return Array.from(v as Int32Array);
        if (v instanceof Map) return [...v.entries()];
        return v;
      }),
    );
  return {
    declarations: plain(document.file.declarations),
    // A graph's lines are made from its body when asked for (a getter, which JSON leaves out).
    graphLines: plain(document.file.declarations.map((d) => (d.kind === 'graph' ? d.lines : null))),
    // A span is its offsets (the whole analysis may use a token, with more fields, as one).
    diagnostics: plain(
      document.diagnostics.map(({ span, related, ...rest }) => ({
        ...rest,
        span: [span.start, span.end],
        related: related?.map((r) => ({ span: [r.span.start, r.span.end], message: r.message })),
      })),
    ),
    // A heaps component's heaps are read from its syntax when asked (a getter too).
    games: plain(
      document.model.games.map((g) => ({ ...g, components: g.components.map(withHeaps), at: g.declaration.start })),
    ),
    symbols: [...document.model.symbols].map(([name, s]) => `${name}: ${s.kind}`),
    graphs: plain(
      [...document.model.symbols.values()].filter((s) => s.kind === 'graph').map(({ declaration, ...graph }) => graph),
    ),
    references: componentReferences(document.file, document.model).map(
      (r) => `${r.name.start}-${r.name.end} ${r.name.text} -> ${r.symbol.kind} ${r.symbol.name}`,
    ),
    work: document.work,
  };
}

describe('incremental analysis', () => {
  it('finds the changed region of two texts as a character-by-character comparison does', () => {
    const next = random(5);
    const naive = (a: string, b: string) => {
      const shortest = Math.min(a.length, b.length);
      let changeStart = 0;
      while (changeStart < shortest && a[changeStart] === b[changeStart]) changeStart++;
      let unchangedEnd = 0;
      while (unchangedEnd < shortest - changeStart && a[a.length - 1 - unchangedEnd] === b[b.length - 1 - unchangedEnd])
        unchangedEnd++;
      return { changeStart, unchangedEnd };
    };
    for (let i = 0; i < 2000; i++) {
      const base = Array.from({ length: Math.floor(next() * 3000) }, () => 'ab\n'[Math.floor(next() * 3)]).join('');
      const at = Math.floor(next() * (base.length + 1));
      const cut = Math.floor(next() * 600);
      const inserted = 'ab\n'.repeat(Math.floor(next() * 200)).slice(Math.floor(next() * 3));
      const edited = i % 7 === 0 ? base : base.slice(0, at) + inserted + base.slice(at + cut);
      assert.deepEqual(changedRegion(base, edited), naive(base, edited), `case ${i}`);
    }
  });

  it('after each of 6,000 edits of the examples and fixtures, equals analysing the text from scratch', function () {
    this.timeout(120_000);
    const next = random(20261123);
    let reusedDeclarations = 0;
    let analyses = 0;
    for (const [index, seed] of fuzzSeeds().entries()) {
      let text = seed;
      let previous = analyzeText(text, { reusable: true });
      for (let edit = 0; edit < 400; edit++) {
        const edited = typingEdit(text, next);
        const before = new Set(previous.file.declarations);
        const incremental = analyzeText(edited, { reusable: true }, previous);
        const whole = analyzeText(edited);
        const got = meaning(incremental) as Record<string, unknown>;
        const expected = meaning(whole) as Record<string, unknown>;
        for (const part of Object.keys(expected))
          assert.deepEqual(
            got[part],
            expected[part],
            `${part} differ; seed ${index}, edit ${edit}:\n${JSON.stringify(text)}\n→\n${JSON.stringify(edited)}`,
          );
        reusedDeclarations += incremental.file.declarations.filter((d) => before.has(d)).length;
        analyses++;
        text = edited;
        previous = incremental;
      }
    }
    assert.ok(analyses >= 6000, `${analyses} analyses`);
    assert.ok(
      reusedDeclarations > analyses,
      `declarations were reused (${reusedDeclarations} in ${analyses} analyses)`,
    );
  });

  it('an edit to a rule checks again the games that use it, and only those', () => {
    const text = [
      'rule a = subtract {1, 2}',
      'rule b = subtract {1, 3}',
      'game usesA = a 5 + nim 2',
      'game usesB = b 7',
      'game both = a 1 + b 1',
      'game neither = nim 4',
    ].join('\n');
    const before = analyzeText(text, { reusable: true });
    const games = new Map(before.model.games.map((g) => [g.name, g]));
    const edited = text.replace('subtract {1, 2}', 'subtract {1, 2, 4}');
    const after = analyzeText(edited, { reusable: true }, before);
    assert.deepEqual(meaning(after), meaning(analyzeText(edited)));
    const kept = after.model.games.filter((g) => games.get(g.name) === g).map((g) => g.name);
    assert.deepEqual(kept, ['usesB', 'neither']);
    const usesA = after.model.games.find((g) => g.name === 'usesA')?.components[0];
    assert.deepEqual(usesA?.kind === 'heaps' && usesA.rule, { kind: 'subtract', set: [1n, 2n, 4n] });
  });

  it('typing into a 400-line document parses and checks again only what was typed into', () => {
    const next = random(7);
    let text = generatedDocument(400).text;
    let previous = analyzeText(text, { reusable: true });
    let reparsed = 0;
    let rechecked = 0;
    const edits = 200;
    for (let edit = 0; edit < edits; edit++) {
      // A character typed or deleted somewhere: the kind of edit a keystroke makes.
      const at = Math.floor(next() * text.length);
      const edited =
        next() < 0.5
          ? text.slice(0, at) + 'x1 ,{"\n#'[Math.floor(next() * 9)] + text.slice(at)
          : text.slice(0, at) + text.slice(at + 1);
      const declarationsBefore = new Set(previous.file.declarations);
      const gamesBefore = new Set(previous.model.games);
      const incremental = analyzeText(edited, { reusable: true }, previous);
      assert.deepEqual(meaning(incremental), meaning(analyzeText(edited)), `edit ${edit}`);
      reparsed += incremental.file.declarations.filter((d) => !declarationsBefore.has(d)).length;
      rechecked += incremental.model.games.filter((g) => !gamesBefore.has(g)).length;
      text = edited;
      previous = incremental;
    }
    // A keystroke touches one declaration, sometimes two (a line break joins or splits lines), or
    // a rule and with it the games that use it.
    assert.ok(reparsed / edits < 2, `${(reparsed / edits).toFixed(2)} declarations parsed again per edit`);
    assert.ok(rechecked / edits < 10, `${(rechecked / edits).toFixed(2)} games checked again per edit`);
  });
});
