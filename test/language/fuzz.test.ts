// The front end must never throw and never hang, whatever it is given: thousands of documents
// made by mutating the examples (deleting, duplicating and swapping characters and lines) and
// by gluing random tokens together (a rule of one's own's words and signs among them; boards' and
// graph games' tokens in a soup of their own, test/helpers/boardSoup.ts).
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/language/analyze';
import { boardDocument, boardSoup } from '../helpers/boardSoup';
import { fuzzSeeds, mutate, random, tokenSoup, typingEdit } from '../helpers/mutate';

describe('front end fuzzing', () => {
  const examples = fuzzSeeds();

  it('10,000 mutated and random documents analyse without an exception', () => {
    const next = random(20261122);
    let slowest = 0;
    let diagnosticsSeen = 0;
    for (let i = 0; i < 10_000; i++) {
      const text = i % 5 === 4 ? tokenSoup(next) : mutate(examples[i % examples.length], next);
      const started = performance.now();
      let document: ReturnType<typeof analyzeText>;
      try {
        document = analyzeText(text);
      } catch (cause) {
        assert.fail(`document ${i} threw ${String(cause)}:\n${JSON.stringify(text)}`);
      }
      slowest = Math.max(slowest, performance.now() - started);
      for (const diagnostic of document.diagnostics) {
        diagnosticsSeen++;
        const { start, end } = diagnostic.span;
        assert.ok(
          0 <= start && start <= end && end <= text.length,
          `span ${start}-${end} inside document ${i} (${text.length} chars)`,
        );
        assert.ok(diagnostic.message.length > 0);
      }
    }
    assert.ok(diagnosticsSeen > 1000, 'the mutations do produce mistakes');
    // Said, not asserted: a verdict must not depend on the machine's load (the slowest was a warm-up's
    // 133 ms beside two busy processes, against 20 ms alone). Speed is the bench's (frontEnd.bench.ts);
    // a document that hung would stop the test at its timeout.
    console.log(`      the slowest of 10,000 documents: ${slowest.toFixed(1)} ms`);
  });

  it("10,000 documents of boards' tokens and mutated boards analyse without an exception, incrementally alike", () => {
    // Issue 43's shapes: Cram's rows (cells and characters that are none, rows over lines), Chomp's lists, graphs of
    // Node and Arc Kayles (dashes, chains, `;`, pasted dashes); each document analysed whole and after an edit.
    const next = random(43);
    let diagnosticsSeen = 0;
    let valid = 0;
    for (let i = 0; i < 10_000; i++) {
      const text = i % 2 === 0 ? boardSoup(next) : boardDocument(next);
      let document: ReturnType<typeof analyzeText>;
      try {
        document = analyzeText(text, { reusable: true });
      } catch (cause) {
        assert.fail(`document ${i} threw ${String(cause)}:\n${JSON.stringify(text)}`);
      }
      for (const diagnostic of document.diagnostics) {
        diagnosticsSeen++;
        for (const span of [diagnostic.span, diagnostic.replacementSpan ?? diagnostic.span]) {
          const { start, end } = span;
          assert.ok(
            0 <= start && start <= end && end <= text.length,
            `span ${start}-${end} in ${JSON.stringify(text)}`,
          );
        }
      }
      valid += document.model.games.filter((g) => g.valid).length;
      // Analysed again after an edit, from this analysis: the same diagnostics as from scratch.
      const edited = typingEdit(text, next);
      const again = analyzeText(edited, { reusable: true }, document);
      const fresh = analyzeText(edited);
      const meaning = (analysis: typeof again) =>
        JSON.stringify(
          [
            analysis.file.declarations,
            analysis.diagnostics.map((d) => [
              d.span.start,
              d.span.end,
              d.code,
              d.message,
              d.replacement,
              d.replacementSpan,
            ]),
          ],
          (_, v) => (typeof v === 'bigint' ? `${v}n` : v),
        );
      assert.equal(meaning(again), meaning(fresh), `document ${i}, edited: ${JSON.stringify(edited)}`);
    }
    assert.ok(diagnosticsSeen > 5000 && valid > 2000, `${diagnosticsSeen} diagnostics, ${valid} valid games`);
  });

  it('a 200,000-vertex chain is parsed and checked for cycles without recursion', () => {
    const lines = ['graph chain {'];
    for (let v = 0; v < 200_000; v++) lines.push(`  v${v} -> v${v + 1}`);
    lines.push('}', 'game far = chain at v0');
    const document = analyzeText(lines.join('\n'));
    assert.deepEqual(document.diagnostics, []);
    assert.equal(document.model.games[0].valid, true);
  });

  it('a cycle through 100,000 vertices is found and shown shortened', () => {
    const lines = ['graph ring {'];
    for (let v = 0; v < 100_000; v++) lines.push(`  v${v} -> v${(v + 1) % 100_000}`);
    lines.push('}');
    const document = analyzeText(lines.join('\n'));
    assert.equal(document.diagnostics.length, 1);
    assert.equal(document.diagnostics[0].severity, 'hint');
    assert.equal(
      document.diagnostics[0].message,
      'graph `ring` has a cycle: v0 -> v1 -> v2 -> v3 -> v4 -> … -> v99997 -> v99998 -> v99999 -> v0; positions ' +
        'may repeat, so a value may be infinite, ∞(K), and a game drawn',
    );
    assert.equal(document.diagnostics[0].related?.length, 50, 'its first 50 edges related');
  });
});
