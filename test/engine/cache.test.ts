// The engine cache within a memory share (the worker trims it before each job, compute/worker.ts):
// the oldest sequences go first, a sequence remembered again counts as new, and the Wythoff table
// goes after them, then the misère quotients.
import * as assert from 'node:assert/strict';
import { createEngineCache, rememberSequence, ruleSequence, trimCache } from '../../server/src/engine';
import { misereQuotient } from '../../server/src/engine/misere/quotient';
import type { HeapRule } from '../../server/src/engine/types';

const subtract = (...set: number[]): HeapRule => ({ kind: 'subtract', set: set.map(BigInt) });

describe('the engine cache within a memory share', () => {
  it('drops the oldest sequences first until what is left fits, and says what is left', () => {
    const cache = createEngineCache();
    const rules = [
      subtract(1, 2),
      subtract(2, 3, 7),
      subtract(1, 4, 9),
      { kind: 'octal', digits: [0, 7, 7] } as HeapRule,
    ];
    const sequences = rules.map((rule) => ruleSequence(rule, {}, { stopAt: 5000 }));
    for (const sequence of sequences) rememberSequence(cache, sequence);
    const bytes = sequences.map((s) => s.values.byteLength);
    const all = bytes.reduce((a, b) => a + b, 0);
    assert.equal(trimCache(cache, all), all, 'everything fits: nothing dropped');
    assert.equal(cache.sequences.size, 4);
    // Room for the last two only.
    assert.equal(trimCache(cache, bytes[2] + bytes[3]), bytes[2] + bytes[3]);
    assert.deepEqual([...cache.sequences.values()], sequences.slice(2));
    assert.equal(trimCache(cache, 0), 0);
    assert.equal(cache.sequences.size, 0);
  });

  it('a sequence remembered again (longer) is the newest', () => {
    const cache = createEngineCache();
    const a = ruleSequence(subtract(1, 999_999), {}, { stopAt: 1000 });
    const b = ruleSequence(subtract(2, 5), {}, { stopAt: 1000 });
    rememberSequence(cache, a);
    rememberSequence(cache, b);
    const longerA = ruleSequence(subtract(1, 999_999), {}, { stopAt: 2000, resume: a });
    rememberSequence(cache, longerA);
    trimCache(cache, longerA.values.byteLength);
    assert.deepEqual([...cache.sequences.values()], [longerA]);
  });

  it('misère quotients are counted too, after the sequences, oldest first', () => {
    const cache = createEngineCache();
    for (const [key, rule] of [
      ['0.75', { kind: 'octal', digits: [0, 7, 5] }],
      ['0.77', { kind: 'octal', digits: [0, 7, 7] }],
    ] as const)
      cache.quotients.set(key, misereQuotient(rule as HeapRule, key, {}, { to: 30 }).state);
    const [small, large] = [...cache.quotients.values()].map((state) => state.mul.byteLength);
    assert.equal(trimCache(cache, small + large), small + large);
    assert.equal(trimCache(cache, large), large);
    assert.deepEqual([...cache.quotients.keys()], ['0.77']);
  });
});
