// Conway's genus of heaps against the values published in On Numbers and Games (ch. 12) and
// Winning Ways (ch. 13): Nim heaps *0 = 0^(120), *1 = 1^(031), *n = n^(n, n⊕2); and a rule is tame
// (every heap's genus that of a misère Nim position) exactly when its misère quotient is tame, for
// the rules below (misere/quotient.ts decides tameness from the monoid, not from the genus).
import * as assert from 'node:assert/strict';
import { genusSymbol, heapGenera } from '../../../server/src/engine/misere/genus';
import { misereQuotient } from '../../../server/src/engine/misere/quotient';
import type { HeapRule } from '../../../server/src/engine/types';

const octal = (code: string): HeapRule => ({ kind: 'octal', digits: [...code.replace('.', '')].map(Number) });

describe('genus', () => {
  it('Nim heaps: 0^(120), 1^(031), 2^(20), 3^(31), 4^(46), 5^(57), 6^(64), 7^(75)', () => {
    const { genera } = heapGenera({ kind: 'subtractAllExcept', except: [] }, 7);
    assert.deepEqual(
      genera.map((g) => g.symbol),
      ['0^(120)', '1^(031)', '2^(20)', '3^(31)', '4^(46)', '5^(57)', '6^(64)', '7^(75)'],
    );
    assert.ok(genera.every((g) => g.tame));
  });

  it('the symbol stops two terms into the alternation', () => {
    assert.equal(genusSymbol(0, [1, 2, 0, 2, 0, 2]), '0^(120)');
    assert.equal(genusSymbol(2, [2, 0, 2, 0]), '2^(20)');
    assert.equal(genusSymbol(0, [0, 1, 3, 0, 2, 0, 2]), '0^(01302)');
  });

  it("Kayles' heaps: Kayles' nimbers, and the quotient is tame exactly while every genus is", () => {
    const { genera } = heapGenera(octal('0.77'), 12);
    assert.deepEqual(
      genera.map((g) => g.normal),
      [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4],
    );
    const { quotient } = misereQuotient(octal('0.77'), '0.77', {}, { to: 12 });
    // The quotient is tame exactly as long as every heap so far is.
    for (let n = 1; n <= 12; n++) {
      const q = misereQuotient(octal('0.77'), '0.77', {}, { to: n }).quotient;
      assert.equal(
        q.tame,
        genera.slice(0, n + 1).every((g) => g.tame),
        `heaps to ${n}`,
      );
    }
    assert.equal(quotient.tame, false);
  });

  it('a budget stops it with a reason, keeping the heaps done', () => {
    const { genera, stop } = heapGenera(octal('0.77'), 1000, { deadline: Date.now() + 50 });
    assert.ok(genera.length < 1001);
    assert.equal(stop, 'the time budget ran out');
  });
});
