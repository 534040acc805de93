// Every file in test/fixtures/diagnostics/ is a case: its annotations are exactly the
// diagnostics the front end must report, no more and no fewer.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { analyzeText } from '../../server/src/language/analyze';
import { DIAGNOSTIC_CODES, MAX_DIAGNOSTICS } from '../../server/src/language/diagnostics';
import { annotationFor, describeDiagnostic, splitAnnotations } from '../helpers/annotations';
import { gameFilesIn, repositoryPath } from '../helpers/paths';

function render(lines: { line: number; text: string }[]): string {
  return lines.map(({ line, text }) => `line ${line}: ${text}`).join('\n');
}

describe('diagnostics fixtures', () => {
  for (const file of gameFilesIn('test', 'fixtures', 'diagnostics')) {
    it(basename(file), () => {
      const { source, expected } = splitAnnotations(readFileSync(file, 'utf8'));
      assert.ok(expected.length > 0, 'a diagnostics fixture must expect at least one diagnostic');
      const document = analyzeText(source);
      const actual = document.diagnostics.map((d) => describeDiagnostic(d, document.lines));
      const show = (list: typeof expected) => render(list.map((e) => ({ line: e.line, text: annotationFor(e) })));
      assert.equal(show(actual), show(expected));
    });
  }

  it('every diagnostic code has a fixture', () => {
    const covered = new Set<string>();
    for (const file of gameFilesIn('test', 'fixtures', 'diagnostics')) {
      const { source } = splitAnnotations(readFileSync(file, 'utf8'));
      for (const diagnostic of analyzeText(source).diagnostics) covered.add(diagnostic.code);
    }
    assert.deepEqual(
      DIAGNOSTIC_CODES.filter((code) => !covered.has(code) && !GENERATED_ONLY.includes(code)),
      [],
    );
  });

  it('examples/mistakes.game shows every diagnostic code', () => {
    const text = readFileSync(repositoryPath('examples', 'mistakes.game'), 'utf8');
    const shown = new Set(analyzeText(text).diagnostics.map((d) => d.code));
    assert.deepEqual(
      DIAGNOSTIC_CODES.filter((code) => !shown.has(code) && !GENERATED_ONLY.includes(code)),
      [],
    );
  });
});

/** Codes that only a document too large to annotate gives: each has its generated test below. */
const GENERATED_ONLY: readonly string[] = ['too-many-problems'];

describe('diagnostics are capped per document', () => {
  it(`past ${MAX_DIAGNOSTICS.toLocaleString('en-US')}: the first ones by position, and one that says how many more and where they start`, () => {
    const extra = 1234;
    const lines = Array.from({ length: MAX_DIAGNOSTICS + extra }, (_, i) => `game g${i} = nosuch${i} 3`);
    const document = analyzeText(lines.join('\n'));
    assert.equal(document.diagnostics.length, MAX_DIAGNOSTICS + 1);
    document.diagnostics.slice(0, MAX_DIAGNOSTICS).forEach((d, i) => {
      assert.equal(d.code, 'unknown-name');
      assert.equal(document.lines.positionAt(d.span.start).line, i);
    });
    const last = document.diagnostics.at(-1)!;
    assert.equal(last.code, 'too-many-problems');
    assert.equal(last.message, `…and ${extra.toLocaleString('en-US')} more problems from here on, not shown: only the first 1,000 are listed`);
    assert.equal(document.lines.positionAt(last.span.start).line, MAX_DIAGNOSTICS);
  });

  it('up to the cap, all of them and nothing more', () => {
    const lines = Array.from({ length: MAX_DIAGNOSTICS }, (_, i) => `game g${i} = nosuch${i} 3`);
    const document = analyzeText(lines.join('\n'));
    assert.equal(document.diagnostics.length, MAX_DIAGNOSTICS);
    assert.ok(document.diagnostics.every((d) => d.code === 'unknown-name'));
  });
});

describe('valid files have no diagnostics', () => {
  const files = [...gameFilesIn('examples').filter((file) => basename(file) !== 'mistakes.game'), ...gameFilesIn('test', 'fixtures', 'valid')];
  for (const file of files) {
    it(file.slice(repositoryPath().length + 1), () => {
      const document = analyzeText(readFileSync(file, 'utf8'));
      const found = document.diagnostics.map((d) => annotationFor(describeDiagnostic(d, document.lines)));
      assert.deepEqual(found, []);
      assert.ok(document.model.games.length + document.file.declarations.length > 0, 'the file declares something');
      for (const game of document.model.games) assert.ok(game.valid, `game ${game.name} is valid`);
    });
  }
});
