// "Did you mean" with bounded work (language/suggest.ts): the banded distance agrees with the
// full table; the budget, the length limit and the memo bound the work; documents full of
// unknown names still get every diagnostic.
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/language/analyze';
import { editDistance, MAX_SUGGESTED_LENGTH, SUGGESTION_BUDGET, SuggestionBudget } from '../../server/src/language/suggest';
import { random } from '../engine/random';

/** Optimal string alignment distance, the whole table: the oracle. */
function fullDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

describe('suggestions: bounded work', () => {
  it('the banded distance agrees with the full table on 5,000 random pairs', () => {
    const next = random(17);
    const word = (length: number) => Array.from({ length }, () => 'abc'[Math.floor(next() * 3)]).join('');
    for (let k = 0; k < 5000; k++) {
      const a = word(Math.floor(next() * 9));
      const b = next() < 0.5 ? word(Math.floor(next() * 9)) : a.slice(0, Math.floor(next() * 8)) + word(2) + a.slice(Math.floor(next() * 8));
      const limit = 1 + Math.floor(next() * 3);
      const full = fullDistance(a, b);
      assert.equal(editDistance(a, b, limit), full <= limit ? full : limit + 1, `${a} / ${b}, limit ${limit}`);
    }
  });

  it('words longer than the limit get no suggestion and cost nothing', () => {
    const budget = new SuggestionBudget();
    const long = 'x'.repeat(MAX_SUGGESTED_LENGTH + 1);
    assert.equal(budget.closestMatch(long, 'list', () => [long.slice(1)]), undefined);
    assert.equal(budget.remaining, SUGGESTION_BUDGET);
  });

  it('a spent budget stops the searches, not the answers; a repeated question is answered from the memo', () => {
    const budget = new SuggestionBudget(500);
    const candidates = Array.from({ length: 100 }, (_, i) => `rule${i}`);
    assert.equal(budget.closestMatch('rlue7', 'rules', () => candidates), 'rule7');
    const afterOne = budget.remaining;
    assert.ok(afterOne < 500);
    assert.equal(budget.closestMatch('rlue7', 'rules', () => candidates), 'rule7');
    assert.equal(budget.remaining, afterOne, 'the memo answered');
    let answered = 0;
    for (let i = 0; i < 50; i++) if (budget.closestMatch(`rlue${i}x`, 'rules', () => candidates)) answered++;
    assert.ok(budget.remaining <= 0, 'spent');
    assert.ok(budget.skipped > 0, 'later questions were skipped');
    assert.ok(answered < 50);
  });

  it('1,000 unknown names among 1,000 rules: every one reported; suggestions while the budget lasts', () => {
    const rules = Array.from({ length: 1000 }, (_, i) => `rule r${i}x = subtract {1, ${i + 2}}`);
    const games = Array.from({ length: 1000 }, (_, i) => `game g${i} = r${i}y 3`);
    const document = analyzeText([...rules, ...games].join('\n'));
    const unknown = document.diagnostics.filter((d) => d.code === 'unknown-name');
    assert.equal(unknown.length, 1000);
    const suggested = unknown.filter((d) => /did you mean `r\d+x`/.test(d.message)).length;
    assert.ok(suggested > 0, 'the first ones get suggestions');
    // Each search looks at 1,000 candidates; the budget stops them well before 1,000 searches.
    assert.ok(suggested < 1000, `${suggested} suggested`);
    assert.match(unknown[0].message, /^unknown rule `r0y`; did you mean `r0x`\?$/);
  });
});
