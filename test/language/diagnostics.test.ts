// Every file in test/fixtures/diagnostics/ is a case: its annotations are exactly the
// diagnostics the front end must report, no more and no fewer.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { analyzeText } from '../../server/src/language/analyze';
import { DIAGNOSTIC_CODES } from '../../server/src/language/diagnostics';
import { annotationFor, describeDiagnostic, splitAnnotations } from '../helpers/annotations';
import { gameFilesIn, repositoryPath } from '../helpers/paths';

/**
 * Codes that only a document with more than `MAX_DIAGNOSTICS` problems shows: too big for a
 * fixture or the mistakes example; test/language/bounds.test.ts covers them.
 */
const codesPastTheCap: readonly string[] = ['too-many-problems'];

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
      DIAGNOSTIC_CODES.filter((code) => !covered.has(code) && !codesPastTheCap.includes(code)),
      [],
    );
  });

  it('examples/mistakes.game shows every diagnostic code', () => {
    const text = readFileSync(repositoryPath('examples', 'mistakes.game'), 'utf8');
    const shown = new Set(analyzeText(text).diagnostics.map((d) => d.code));
    assert.deepEqual(
      DIAGNOSTIC_CODES.filter((code) => !shown.has(code) && !codesPastTheCap.includes(code)),
      [],
    );
  });
});

describe('valid files have no diagnostics', () => {
  const files = [
    ...gameFilesIn('examples').filter((file) => basename(file) !== 'mistakes.game'),
    ...gameFilesIn('test', 'fixtures', 'valid'),
  ];
  for (const file of files) {
    it(file.slice(repositoryPath().length + 1), () => {
      const document = analyzeText(readFileSync(file, 'utf8'));
      // A hint is no problem (a graph's cycle: why its values may be infinite).
      const problems = document.diagnostics.filter((d) => d.severity !== 'hint');
      const found = problems.map((d) => annotationFor(describeDiagnostic(d, document.lines)));
      assert.deepEqual(found, []);
      assert.ok(document.model.games.length + document.file.declarations.length > 0, 'the file declares something');
      for (const game of document.model.games) assert.ok(game.valid, `game ${game.name} is valid`);
    });
  }
});
