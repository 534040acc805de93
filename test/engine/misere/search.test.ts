// Misère play: Bouton's rule for Nim against the exact search, and the exact search against an
// independent brute force that plays the sum directly from the rules' definitions.
import * as assert from 'node:assert/strict';
import { misereNim, misereSearch } from '../../../server/src/engine/misere/search';
import { type Unit, unitOptions } from '../../../server/src/engine/search/unitOptions';
import type { GraphData, HeapRule } from '../../../server/src/engine/types';
import { bruteMisereIsP } from '../oracles/misere';
import { random } from '../oracles/random';

const nim: HeapRule = { kind: 'subtractAllExcept', except: [] };

/** Every heap tuple with `count` heaps of at most `max`. */
function* tuples(count: number, max: number): Generator<number[]> {
  if (count === 0) {
    yield [];
    return;
  }
  for (const rest of tuples(count - 1, max)) for (let h = 0; h <= max; h++) yield [...rest, h];
}

describe('misère Nim (Bouton) agrees with the exact search', () => {
  it('on every position of up to 4 heaps of at most 5', () => {
    let checked = 0;
    for (let count = 0; count <= 4; count++) {
      for (const heaps of tuples(count, 5)) {
        const rule = misereNim(heaps.map(BigInt));
        const search = misereSearch(heaps.map((size) => ({ kind: 'heap', rule: nim, size })));
        assert.equal(search.outcome, rule.outcome, `nim ${heaps.join(' ')}`);
        assert.equal(search.outcome, bruteMisereIsP(nim, heaps) ? 'P' : 'N', `brute force on nim ${heaps.join(' ')}`);
        // Winning moves: the search's (heap, option) pairs; option o of a nim heap n leaves n - o - 1.
        const fromSearch =
          search.outcome === null
            ? []
            : search.winning.map(({ unit, option }) => `${unit}->${heaps[unit] - option - 1}`);
        assert.deepEqual(
          fromSearch.sort(),
          rule.winningMoves.map((m) => `${m.heap}->${m.to}`).sort(),
          `moves of nim ${heaps.join(' ')}`,
        );
        checked++;
      }
    }
    assert.equal(checked, 1 + 6 + 36 + 216 + 1296);
  });

  it('the reference examples', () => {
    assert.equal(misereNim([1n, 1n, 1n]).outcome, 'P'); // three 1-heaps: the player to move loses
    assert.equal(misereNim([1n, 1n]).outcome, 'N');
    assert.equal(misereNim([2n, 2n]).outcome, 'P');
    assert.equal(misereNim([]).outcome, 'N'); // nothing to move: the opponent moved last
    assert.deepEqual(misereNim([5n, 1n, 1n]).winningMoves, [{ heap: 0, to: 1n }]); // leave three 1-heaps
    assert.deepEqual(misereNim([10n ** 30n, 10n ** 30n]).outcome, 'P');
  });
});

describe('exact misère search agrees with a brute force', () => {
  it('on 1,500 random sums under random subtraction and octal rules', () => {
    const next = random(7);
    let nPositions = 0;
    for (let trial = 0; trial < 1500; trial++) {
      let rule: HeapRule;
      if (trial % 2 === 0) {
        const set = new Set<bigint>();
        const size = 1 + Math.floor(next() * 3);
        while (set.size < size) set.add(BigInt(1 + Math.floor(next() * 5)));
        rule = { kind: 'subtract', set: [...set].sort((a, b) => Number(a - b)) };
      } else {
        const digits = [0];
        const length = 1 + Math.floor(next() * 3);
        for (let k = 0; k < length; k++) digits.push(Math.floor(next() * 8));
        rule = { kind: 'octal', digits };
      }
      const heaps = Array.from({ length: 1 + Math.floor(next() * 3) }, () => Math.floor(next() * 9));
      const search = misereSearch(heaps.map((size) => ({ kind: 'heap', rule, size })));
      const expected = bruteMisereIsP(rule, heaps) ? 'P' : 'N';
      assert.equal(
        search.outcome,
        expected,
        `${JSON.stringify(rule, (_, v) => (typeof v === 'bigint' ? Number(v) : v))} ${heaps.join(' ')}`,
      );
      if (expected === 'N') nPositions++;
    }
    assert.ok(nPositions > 300 && nPositions < 1400, 'both outcomes are exercised');
  });

  it('winning moves lead to P-positions, and a P-position has none', () => {
    const rule: HeapRule = { kind: 'octal', digits: [0, 7, 7] }; // Kayles
    for (const heaps of tuples(2, 7)) {
      const units: Unit[] = heaps.map((size) => ({ kind: 'heap', rule, size }));
      const search = misereSearch(units);
      if (search.outcome === null) assert.fail(search.reason);
      if (search.outcome === 'P') assert.deepEqual(search.winning, [], `kayles ${heaps.join(' ')}`);
      else if (heaps.some((h) => h > 0))
        assert.ok(search.winning.length > 0, `kayles ${heaps.join(' ')} has a winning move`);
      for (const { unit, option } of search.winning) {
        const after = units.filter((_, i) => i !== unit).concat(unitOptions(units[unit])[option]);
        const sizes = after.map((u) => (u.kind === 'heap' ? u.size : -1));
        assert.equal(
          bruteMisereIsP(rule, sizes),
          true,
          `kayles ${heaps.join(' ')} -> ${sizes.join(' ')} is a P-position`,
        );
      }
    }
  });

  it('on sums of a graph token and heaps, against the product game played directly', () => {
    // a -> b, c; b -> d; c -> d, e; d -> e
    const graph: GraphData = {
      vertexNames: ['a', 'b', 'c', 'd', 'e'],
      succStart: Int32Array.from([0, 2, 3, 5, 6, 6]),
      succ: Int32Array.from([1, 2, 3, 3, 4, 4]),
    };
    const rule: HeapRule = { kind: 'subtract', set: [1n, 2n] };
    const brute = (vertex: number, heap: number): boolean => {
      const next: [number, number][] = [];
      for (let s = graph.succStart[vertex]; s < graph.succStart[vertex + 1]; s++) next.push([graph.succ[s], heap]);
      for (const take of [1, 2]) if (take <= heap) next.push([vertex, heap - take]);
      return next.length === 0 ? true : next.some(([v, h]) => !brute(v, h));
    };
    for (let vertex = 0; vertex < 5; vertex++) {
      for (let heap = 0; heap < 8; heap++) {
        const search = misereSearch([
          { kind: 'vertex', graph, vertex },
          { kind: 'heap', rule, size: heap },
        ]);
        assert.equal(search.outcome, brute(vertex, heap) ? 'N' : 'P', `${graph.vertexNames[vertex]} + onetwo ${heap}`);
      }
    }
  });

  it('a search over budget says so instead of answering, counting what it says', () => {
    const kayles = (...sizes: number[]): Unit[] =>
      sizes.map((size) => ({ kind: 'heap', rule: { kind: 'octal', digits: [0, 7, 7] }, size }));
    // Many positions, few moves each: the budget's positions stop it, when it has met one more.
    const many = misereSearch(kayles(40, 41, 43), { maxValues: 10_000 });
    assert.equal(many.outcome, null);
    assert.equal(many.outcome === null && many.reason, 'beyond the misère search limit (10,000 positions)');
    assert.equal(many.states, 10_001);
    // Heaps of thousands: every option's options are listed (to know whether it has moves), so the
    // moves it generates stop it first, and it says moves.
    const wide = misereSearch(kayles(5000, 4000, 3000), {}, { positions: 10_000, moves: 100_000 });
    assert.equal(wide.outcome, null);
    assert.match(
      wide.outcome === null ? wide.reason : '',
      /^beyond the misère search limit \(100,000 moves generated; [\d,]+ positions? met\)$/,
    );
    assert.ok(wide.states < 10_000, `${wide.states} positions`);
  });

  it('a cancelled search stops', () => {
    const units: Unit[] = [400, 300].map((size) => ({
      kind: 'heap',
      rule: { kind: 'octal', digits: [0, 7, 7] },
      size,
    }));
    const result = misereSearch(units, { isCancelled: () => true });
    assert.deepEqual(result.outcome === null && result.reason, 'cancelled');
  });
});
