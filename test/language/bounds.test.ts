// The front end does bounded work on the server's main thread whatever the text: suggestions
// share one budget per analysis, and at most MAX_DIAGNOSTICS diagnostics are kept, followed by
// one that says how many more there were. Work is asserted by counters, never by wall time.
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/language/analyze';
import { MAX_DIAGNOSTICS } from '../../server/src/language/diagnostics';
import { editDistance, MAX_SUGGESTED_LENGTH, SUGGESTION_BUDGET, Suggester } from '../../server/src/language/suggest';
import { random } from '../engine/oracles/random';

/** Optimal-string-alignment distance by the full table: the oracle for the banded one. */
function fullDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

const summaryPattern = /^…and ([\d,]+) more problems? not shown/;

/** `count` rules, and `count` games each naming one of them misspelt (within 3 edits). */
function misspeltNames(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(`rule subtraction-rule-${i} = subtract {1, 2}`);
  for (let i = 0; i < count; i++) lines.push(`game g${i} = subtraktion-rulle-${i}x 3`);
  return `${lines.join('\n')}\n`;
}

describe('bounded suggestions', () => {
  it('the banded edit distance agrees with the full table (clamped to limit + 1) and computes only the band', () => {
    const next = random(12);
    const word = () => Array.from({ length: Math.floor(next() * 10) }, () => 'abc'[Math.floor(next() * 3)]).join('');
    for (let n = 0; n < 5000; n++) {
      const a = word();
      const b = word();
      const limit = 1 + Math.floor(next() * 3);
      const work = { cells: 0 };
      assert.equal(
        editDistance(a, b, limit, work),
        Math.min(fullDistance(a, b), limit + 1),
        `${a} ~ ${b} within ${limit}`,
      );
      assert.ok(work.cells <= (2 * limit + 1) * a.length, `${work.cells} cells for ${a} ~ ${b}`);
    }
  });

  it('1,000 unknown names: each is reported; the first ones get a suggestion, none past the budget', () => {
    const count = 1000;
    const document = analyzeText(misspeltNames(count));
    const unknown = document.diagnostics.filter((d) => d.code === 'unknown-name');
    assert.equal(unknown.length, count, 'every unknown name has its diagnostic');
    assert.equal(document.diagnostics.length, count);
    unknown.forEach((d, i) => assert.ok(d.message.startsWith(`unknown rule \`subtraktion-rulle-${i}x\``), d.message));
    const suggested = unknown.filter((d) => d.message.includes('did you mean')).length;
    assert.ok(suggested >= 5, `${suggested} names got a suggestion`);
    assert.ok(suggested < count, 'the budget ran out before the last name');
    // The budget is spent in document order: a prefix of the names has suggestions, the rest none.
    unknown.forEach((d, i) => assert.equal(d.message.includes('did you mean'), i < suggested, d.message));
    assert.equal(unknown[0].message, 'unknown rule `subtraktion-rulle-0x`; did you mean `subtraction-rule-0`?');
    // One word's last comparison may overrun the budget by at most one table's band.
    assert.ok(
      document.work.suggestionCells <= SUGGESTION_BUDGET + 7 * MAX_SUGGESTED_LENGTH,
      `${document.work.suggestionCells} cells`,
    );
    // Each of those names has a suggestion when the budget allows (the cut is the budget's).
    const generous = analyzeText(misspeltNames(50), { suggestionBudget: Infinity });
    assert.ok(generous.diagnostics.every((d) => d.message.includes('did you mean')));
  });

  it('past the budget an unknown name and an unknown vertex are reported without a suggestion', () => {
    const text =
      'rule onetwo = subtract {1, 2}\ngraph g {\n  start -> end\n}\ngame a = onetow 3\ngame b = g at strat\n';
    const normal = analyzeText(text);
    assert.deepEqual(
      normal.diagnostics.map((d) => d.message),
      ['unknown rule `onetow`; did you mean `onetwo`?', 'graph `g` has no vertex `strat`; did you mean `start`?'],
    );
    const spent = analyzeText(text, { suggestionBudget: 0 });
    assert.deepEqual(
      spent.diagnostics.map((d) => d.message),
      ['unknown rule `onetow`', 'graph `g` has no vertex `strat`'],
    );
    assert.equal(spent.work.suggestionCells, 0);
  });

  it('a misspelt name of 20,000 characters: its diagnostic, no suggestion, and no work spent on it', () => {
    const long = 'a'.repeat(20_000);
    const document = analyzeText(`rule ${long} = subtract {1}\ngame g = ${long.slice(1)}b 3\n`);
    assert.equal(document.diagnostics.length, 1);
    const [d] = document.diagnostics;
    assert.equal(d.code, 'unknown-name');
    assert.doesNotMatch(d.message, /did you mean/);
    assert.ok(d.message.length < 200, 'the name is shortened in the message');
    assert.deepEqual(document.lines.positionAt(d.span.start), { line: 1, character: 9 });
    assert.equal(d.span.end - d.span.start, 20_000);
    assert.equal(document.work.suggestionCells, 0);
    assert.equal(
      new Suggester().closestMatch('x'.repeat(MAX_SUGGESTED_LENGTH + 1), ['x'.repeat(MAX_SUGGESTED_LENGTH)]),
      undefined,
    );
    assert.equal(
      new Suggester().closestMatch('x'.repeat(MAX_SUGGESTED_LENGTH), ['x'.repeat(MAX_SUGGESTED_LENGTH - 1)]),
      'x'.repeat(MAX_SUGGESTED_LENGTH - 1),
    );
  });
});

describe('capped diagnostics', () => {
  it('a 1 MB line of bad row cells: the first MAX_DIAGNOSTICS, then one saying exactly how many more', () => {
    const runs = 1 << 19; // `a.` each: 1 MB
    const document = analyzeText(`game g = treblecross "${'a.'.repeat(runs)}"\n`);
    assert.equal(document.diagnostics.length, MAX_DIAGNOSTICS + 1);
    const shown = document.diagnostics.slice(0, -1);
    assert.ok(shown.every((d) => d.code === 'bad-row-character'));
    // The first ones by position: the row starts at character 22.
    shown.forEach((d, i) => assert.equal(d.span.start, 22 + 2 * i));
    const summary = document.diagnostics[MAX_DIAGNOSTICS];
    assert.equal(summary.code, 'too-many-problems');
    assert.equal(summary.severity, 'error');
    assert.equal(
      summary.message,
      `…and ${(runs - MAX_DIAGNOSTICS).toLocaleString('en-US')} more problems not shown (only the first ` +
        `${MAX_DIAGNOSTICS.toLocaleString('en-US')} are listed)`,
    );
    assert.equal(summary.span.start, 22 + 2 * MAX_DIAGNOSTICS, 'at the first problem not shown');
    assert.equal(document.work.problems, runs);
    assert.equal(document.model.games[0].valid, false);
  });

  it('a 1 MB subtraction set missing every comma: capped, with the exact count', () => {
    const numbers = 1 << 19;
    const document = analyzeText(`rule r = subtract {${'1 '.repeat(numbers)}}\n`);
    assert.equal(document.diagnostics.length, MAX_DIAGNOSTICS + 1);
    const summary = document.diagnostics[MAX_DIAGNOSTICS];
    assert.equal(Number(summaryPattern.exec(summary.message)?.[1].replaceAll(',', '')), numbers - 1 - MAX_DIAGNOSTICS);
  });

  it('a 1 MB line of stray characters between spaces is one diagnostic', () => {
    const document = analyzeText(`${'; '.repeat(1 << 19)}\n# still read\ngame g = nim 1\n`);
    assert.equal(document.diagnostics.length, 1);
    const [d] = document.diagnostics;
    assert.equal(d.code, 'unknown-token');
    assert.deepEqual([d.span.start, d.span.end], [0, (1 << 20) - 1]);
    assert.ok(d.message.length < 200, d.message);
    assert.equal(document.model.games[0]?.valid, true);
  });

  it('keeps the first diagnostics by position, whichever pass found them, and counts every error', () => {
    // Unknown names (the checker's, found after the parse) interleaved with stray characters
    // (the lexer's, found first), and duplicate edges (warnings) at the end.
    const lines: string[] = [];
    for (let i = 0; i < 30; i++) lines.push(`game g${i} = nosuch${i} 1`, `game h${i} = nim 1 @`);
    lines.push('graph dup {', ...Array.from({ length: 10 }, () => '  a -> b'), '}');
    const text = `${lines.join('\n')}\n`;
    const all = analyzeText(text, { maxDiagnostics: Infinity }).diagnostics;
    assert.equal(all.length, 60 + 9);
    for (const cap of [1, 7, 25, 59, 60, 61]) {
      const capped = analyzeText(text, { maxDiagnostics: cap }).diagnostics;
      assert.deepEqual(capped.slice(0, cap), all.slice(0, cap), `cap ${cap}`);
      const summary = capped[cap];
      assert.equal(summary.code, 'too-many-problems');
      assert.equal(Number(summaryPattern.exec(summary.message)?.[1].replaceAll(',', '')), all.length - cap);
      assert.deepEqual([summary.span.start, summary.span.end], [all[cap].span.start, all[cap].span.end]);
      // Errors among the omitted: the summary is an error, so the file still counts as broken.
      assert.equal(summary.severity, cap < 60 ? 'error' : 'warning', `cap ${cap}`);
    }
    // Only one omitted: singular.
    assert.match(analyzeText(text, { maxDiagnostics: 68 }).diagnostics[68].message, /^…and 1 more problem not shown/);
    // No diagnostic kept or not, no game with an error counts as valid.
    const games = analyzeText(text, { maxDiagnostics: 1 }).model.games;
    assert.equal(games.length, 60);
    assert.ok(games.every((game) => !game.valid));
  });

  it('many games with syntax errors: each game invalid, the work linear', () => {
    const count = 20_000;
    const text = Array.from({ length: count }, (_, i) => `game g${i} = nim 1 @\ngame v${i} = nim ${i + 1}`).join('\n');
    const document = analyzeText(text);
    assert.equal(document.work.problems, count);
    assert.equal(document.diagnostics.length, MAX_DIAGNOSTICS + 1);
    const valid = new Map(document.model.games.map((game) => [game.name, game.valid]));
    for (let i = 0; i < count; i += 997) {
      assert.equal(valid.get(`g${i}`), false);
      assert.equal(valid.get(`v${i}`), true);
    }
  });

  it('positions stay right with mixed line ends (\\r\\n, \\r, \\n), the summary included', () => {
    const lines = ['game a = nim 1 @', 'game b = nim 2 @', 'game c = nim 3 @', 'game d = nim 4 @', 'game e = nim 5 @'];
    const text = `${lines[0]}\r\n${lines[1]}\r${lines[2]}\n${lines[3]}\r\n\r${lines[4]}`;
    const positions = (maxDiagnostics: number) => {
      const document = analyzeText(text, { maxDiagnostics });
      return document.diagnostics.map((d) => [document.lines.positionAt(d.span.start), d.code, d.message] as const);
    };
    const at = (line: number) => ({ line, character: 15 });
    assert.deepEqual(
      positions(Infinity).map(([position]) => position),
      [at(0), at(1), at(2), at(3), at(5)],
    );
    assert.deepEqual(positions(2), [
      [at(0), 'unknown-token', 'unexpected character `@`'],
      [at(1), 'unknown-token', 'unexpected character `@`'],
      [at(2), 'too-many-problems', '…and 3 more problems not shown (only the first 2 are listed)'],
    ]);
  });
});

describe('duplicate edges, found with integers', () => {
  it('a star with every edge written twice: each second one is a duplicate, the first ones are kept in order', () => {
    const targets = Array.from({ length: 20_000 }, (_, i) => `t${(i * 7919) % 20_000}`);
    const edges = `  hub -> ${targets.join(', ')}`;
    const text = `graph star {\n${edges}\n${edges}\n  t1 -> t2, t2, t3\n}\n`;
    const document = analyzeText(text);
    assert.equal(document.work.problems, 20_001, 'every duplicate found, and t1 -> t2 once more');
    const graph = document.model.symbols.get('star');
    assert.ok(graph?.kind === 'graph');
    const { succStart, succ, vertexNames } = graph.data;
    const hub = graph.vertexIndex.get('hub')!;
    const written = Array.from(succ.subarray(succStart[hub], succStart[hub + 1]), (v) => vertexNames[v]);
    assert.deepEqual(written, targets, 'the first occurrences, in the order written');
    const t1 = graph.vertexIndex.get('t1')!;
    assert.deepEqual(
      Array.from(succ.subarray(succStart[t1], succStart[t1 + 1]), (v) => vertexNames[v]),
      ['t2', 't3'],
    );
    const first = document.diagnostics.find((d) => d.code === 'duplicate-edge')!;
    assert.equal(text.slice(first.span.start, first.span.end), targets[0]);
    assert.equal(
      first.span.start,
      text.indexOf(`hub -> ${targets[0]}`, 20) + 'hub -> '.length,
      'on the second line, the repeated one',
    );
  });
});
