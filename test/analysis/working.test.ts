// A heap's working (analysis/working.ts) against the rules' definitions and the engine: the options
// it lists are exactly unitOptions' (the misère search's plain listing), the values it reads from a
// rule's summary are the engine's, and the mex it shows is the nimber the engine gives, in the
// working itself and in the hover that shows both. Listing is bounded for heaps of any size.
import * as assert from 'node:assert/strict';
import { heapOptions, heapWorking, summaryValue, WORKING_DIGITS } from '../../server/src/analysis/working';
import { summarizeSequence } from '../../server/src/compute/jobs';
import { heapNimber, ruleSequence } from '../../server/src/engine';
import { unitOptions } from '../../server/src/engine/search/unitOptions';
import type { HeapRule } from '../../server/src/engine/types';
import { hover } from '../../server/src/features/hover';
import { analyzeText } from '../../server/src/language/analyze';
import { viewOf } from '../helpers/features';

const RULES = [
  'subtract {1, 2, 5}',
  'subtract {2, 3, 7}',
  'subtract {3, 1, 3}',
  'subtract all',
  'subtract all except {1}',
  'subtract all except {2, 5}',
  'subtract squares',
  'subtract squares | {2, 3}',
  'subtract powers of 2',
  'subtract primes',
  'subtract fibonacci',
  'subtract all except squares',
  'subtract all except multiples of 3',
  'octal 0.77',
  'octal 0.137',
  'octal 0.07',
  'octal 4!.0',
  'octal 0.4!',
  'octal 4.[3]',
  'octal 0.1[37]',
  'octal 0.[2]',
  'hex 0.8',
  'hex 0.F',
  'hex 8.4',
];

/** The rule `text` declares, as the checker builds it. */
function ruleOf(text: string): HeapRule {
  const symbol = analyzeText(`rule r = ${text}\n`).model.symbols.get('r');
  assert.ok(symbol?.kind === 'rule' && symbol.rule, `rule r = ${text} has no errors`);
  return symbol.rule as HeapRule;
}

const byValue = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

describe("a heap's working", () => {
  for (const text of RULES) {
    it(`${text}: heaps 0 to 30 list unitOptions' options, and their mex is the engine's nimber`, () => {
      const rule = ruleOf(text);
      const sequence = ruleSequence(rule, {}, { stopAt: 64 });
      // Nim's sequence is its closed form (few values computed): the working reads G(m) = m for it.
      assert.ok(sequence.computedUpTo >= 31 || text === 'subtract all', `${text}: values up to 31`);
      const summary = summarizeSequence(sequence);
      const engine = (m: bigint) => heapNimber(rule, m, {}, sequence).nimber!;
      for (let n = 0; n <= 30; n++) {
        const plain = unitOptions({ kind: 'heap', rule, size: n }).map((o) =>
          o.map((u) => (u.kind === 'heap' ? BigInt(u.size) : -1n)),
        );
        assert.deepEqual(heapOptions(rule, BigInt(n)), plain, `${text}, heap ${n}: the options`);
        const working = heapWorking(rule, BigInt(n), summary);
        assert.ok(working.shown, `${text}, heap ${n}: ${working.shown ? '' : working.why}`);
        // The values reached, from the engine's own sequence: each option's heaps XORed.
        const reached = new Set(plain.map((o) => o.reduce((x, h) => x ^ engine(h), 0n)));
        assert.deepEqual(working.values, [...reached].sort(byValue), `${text}, heap ${n}: the values reached`);
        assert.equal(working.count, plain.length);
        assert.equal(working.mex, engine(BigInt(n)), `${text}, heap ${n}: the mex is the nimber`);
        for (const option of working.options)
          assert.equal(
            option.value,
            option.heaps.reduce((x, h) => x ^ engine(h), 0n),
          );
      }
    });
  }

  it('huge heaps: the options read off the proved period, and their mex is the engine’s nimber', () => {
    for (const text of ['subtract {1, 2, 5}', 'subtract {2, 3, 7}', 'subtract powers of 2', 'subtract {1, 10, 11}']) {
      const rule = ruleOf(text);
      const sequence = ruleSequence(rule);
      assert.ok(sequence.periodicity, `${text}: a proved period`);
      const summary = summarizeSequence(sequence);
      for (let r = 0n; r < 12n; r++) {
        const n = 10n ** 30n + r;
        const working = heapWorking(rule, n, summary);
        assert.ok(working.shown, `${text}, heap ${n}`);
        assert.equal(working.mex, heapNimber(rule, n).nimber, `${text}, heap ${n}`);
        for (const option of working.options)
          assert.equal(option.value, heapNimber(rule, option.heaps[0]).nimber, `${text}: an option's value`);
      }
    }
  });

  it("a value is read off the period only when the period lies within the summary's first values", () => {
    const kayles = ruleOf('octal 0.77'); // period 12 from n = 71: past the 32 first values
    const summary = summarizeSequence(ruleSequence(kayles));
    assert.ok(summary.periodicity);
    assert.equal(summaryValue(summary, 31n), heapNimber(kayles, 31n).nimber);
    assert.equal(summaryValue(summary, 32n), undefined);
    assert.equal(summaryValue(summary, 10n ** 9n), undefined);
    const working = heapWorking(kayles, 40n, summary);
    assert.ok(!working.shown && /heap of 39/.test(working.why));
  });

  it('listing stops at 10,000 options or 40,000 steps, quickly, for heaps of any size', () => {
    for (const [text, n] of [
      ['subtract all', 10n ** 30n],
      ['octal 0.77', 10n ** 6n],
      ['octal 4.[3]', 10n ** 21n],
      ['octal 0.[2]', 10n ** 21n],
      ['hex 0.8', 500n],
      ['subtract all except multiples of 1', 10n ** 30n],
      ['subtract primes', 10n ** 30n],
      ['subtract multiples of 1', 10n ** 9n],
    ] as const) {
      // That it stops is the verdict; how fast is the machine's (a bound of 1 s failed beside a CI run).
      assert.equal(heapOptions(ruleOf(text), n), undefined, `${text}, heap ${n}`);
    }
  });

  it('says why there is no working: too many options, or too many steps for few options', () => {
    const summary = summarizeSequence(ruleSequence(ruleOf('octal 0.77')));
    const many = heapWorking(ruleOf('octal 0.77'), 10n ** 6n, summary);
    assert.ok(!many.shown && /more than 10,000 options/.test(many.why));
    // Taking a whole heap of any size: one option, found only after a step per size.
    const one = ruleOf('octal 0.[1]');
    const few = heapWorking(one, 10n ** 30n, summarizeSequence(ruleSequence(one, {}, { stopAt: 64 })));
    assert.ok(!few.shown && /more than 40,000 steps/.test(few.why), few.shown ? '' : few.why);
  });

  it('a heap past WORKING_DIGITS digits gets no working and says its digit count, from its text or its value', () => {
    for (const text of ['subtract all', 'subtract {1, 2, 5}', 'octal 0.77', 'subtract squares', 'octal 4.[3]']) {
      const rule = ruleOf(text);
      const summary = summarizeSequence(ruleSequence(rule, {}, { stopAt: 64 }));
      const longest = 10n ** BigInt(WORKING_DIGITS) - 1n; // WORKING_DIGITS digits: still worked (or bounded by count)
      const worked = heapWorking(rule, longest, summary);
      assert.ok(worked.shown || !/digits/.test(worked.why), `${text}: ${worked.shown ? '' : worked.why}`);
      for (const digits of [WORKING_DIGITS + 1, 1_000_000]) {
        const written = `9${'7'.repeat(digits - 2)}3`;
        const n = BigInt(written);
        for (const working of [heapWorking(rule, n, summary, written), heapWorking(rule, n, summary)]) {
          assert.ok(!working.shown, `${text}, ${digits} digits`);
          assert.equal(working.why, `the heap has ${digits.toLocaleString('en-US')} digits, too long to work here`);
        }
        // Leading zeros as written are not digits of the heap.
        const padded = heapWorking(rule, n, summary, `000${written}`);
        assert.ok(!padded.shown && padded.why.startsWith(`the heap has ${digits.toLocaleString('en-US')} digits`));
      }
    }
  });

  it('a heap of 100,002 digits: its hover gives its value, its digits from the text, and why no working', () => {
    const written = `9${'1234567890'.repeat(10_000)}3`;
    const n = BigInt(written);
    const star = (g: bigint) => (g === 0n ? '`0`' : `\`*${g}\``);
    for (const [source, nimber] of [
      [`game g = nim ${written}\n`, `\`*${written.slice(0, 20)}…${written.slice(-20)} (100,002 digits)\``],
      // Subtracting 1 or 2: G(n) = n mod 3.
      [`rule r = subtract {1, 2}\ngame g = r ${written}\n`, star(n % 3n)],
    ]) {
      const answer = hover(viewOf(source), source.indexOf(written) + 5);
      const value = (answer?.contents as { value: string } | undefined)?.value ?? '';
      assert.ok(value.includes(`**heap of ${written.slice(0, 20)}…${written.slice(-20)} (100,002 digits)**`), value);
      assert.ok(value.includes(`nimber **${nimber}**`), `${source.slice(0, 30)}: ${value}`);
      assert.ok(value.includes('Working not shown: the heap has 100,002 digits, too long to work here.'), value);
    }
  });

  it('the hover shows a mex only when it equals the nimber it shows, for every heap to 30', () => {
    for (const text of ['subtract {1, 2, 5}', 'octal 0.77', 'octal 4!.0', 'subtract all except squares', 'hex 0.F']) {
      const heaps = Array.from({ length: 31 }, (_, n) => n);
      const source = `rule r = ${text}\ngame g = r ${heaps.join(' ')}\n`;
      const view = viewOf(source);
      const line = source.indexOf('game g = r ') + 'game g = r '.length;
      let at = line;
      for (const n of heaps) {
        const answer = hover(view, at);
        const value = answer ? (answer.contents as { value: string }).value : '';
        const nimber = /nimber \*\*`(0|\*(\d+))`\*\*/.exec(value);
        const mex = /mex = (\d+), so `(0|\*\d+)`\./.exec(value);
        assert.ok(nimber && mex, `${text}, heap ${n}:\n${value}`);
        assert.equal(mex[1], nimber[2] ?? '0', `${text}, heap ${n}: the mex is the nimber shown`);
        assert.equal(mex[2], nimber[1]);
        at += String(n).length + 1;
      }
    }
  });
});
