// Graph nimbers against the sweep-until-stable oracle, on random DAGs and on graphs with cycles,
// and on a chain of a million vertices (no recursion anywhere).
import * as assert from 'node:assert/strict';
import { graphNimbers } from '../../../server/src/engine';
import { findCycles } from '../../../server/src/language/graphCheck';
import { bruteGraphNimbers, onCycle } from '../oracles/oracles';
import { integer, random } from '../oracles/random';
import { graphOf, randomSuccessors } from '../oracles/randomGames';

describe('graph nimbers', () => {
  it('agree with the oracle on 2,000 random DAGs', () => {
    const next = random(21);
    for (let trial = 0; trial < 2000; trial++) {
      const count = integer(next, 1, 40);
      const successors = randomSuccessors(next, count, integer(next, 0, 4 * count), true);
      const result = graphNimbers(graphOf(successors));
      assert.equal(result.status, 'complete');
      assert.deepEqual(Array.from(result.nimbers), bruteGraphNimbers(successors), JSON.stringify(successors));
    }
  });

  it('with cycles: the cycle reported is real, and exactly the vertices that can reach one lack a nimber', () => {
    const next = random(22);
    let cyclic = 0;
    for (let trial = 0; trial < 1000; trial++) {
      const count = integer(next, 1, 25);
      const successors = randomSuccessors(next, count, integer(next, 0, 2 * count), false);
      const result = graphNimbers(graphOf(successors));
      const brute = bruteGraphNimbers(successors);
      assert.deepEqual(Array.from(result.nimbers), brute, JSON.stringify(successors));
      const hasCycle = successors.some((_, v) => onCycle(successors, v));
      assert.equal(result.status, hasCycle ? 'cyclic' : 'complete');
      if (hasCycle) {
        cyclic++;
        const cycle = result.cycle!;
        cycle.forEach((v, i) =>
          assert.ok(
            successors[v].includes(cycle[(i + 1) % cycle.length]),
            `${v} -> ${cycle[(i + 1) % cycle.length]} is an edge`,
          ),
        );
      }
    }
    assert.ok(cyclic > 200, `${cyclic} cyclic graphs`);
  });

  it('a chain of 1,000,000 vertices: alternating 1 and 0 from the end, without recursion', () => {
    const count = 1_000_000;
    const succStart = Int32Array.from({ length: count + 1 }, (_, v) => Math.min(v, count - 1));
    const succ = Int32Array.from({ length: count - 1 }, (_, v) => v + 1);
    const result = graphNimbers({ vertexNames: Array.from({ length: count }, (_, v) => `v${v}`), succStart, succ });
    assert.equal(result.status, 'complete');
    for (const v of [0, 1, 2, 500_000, count - 2, count - 1])
      assert.equal(result.nimbers[v], (count - 1 - v) % 2, `v${v}`);
  });

  it('stops on its budget and on cancellation, keeping exact values for what it finished', () => {
    const next = random(23);
    const successors = randomSuccessors(next, 20_000, 60_000, true);
    const brute = bruteGraphNimbers(successors);
    const partial = graphNimbers(graphOf(successors), { maxValues: 5000 });
    assert.equal(partial.status, 'over-budget');
    assert.match(partial.reason!, /stopped after 5000 of 20000 vertices because it reached its limit of values/);
    let known = 0;
    partial.nimbers.forEach((g, v) => {
      if (g < 0) return;
      known++;
      assert.equal(g, brute[v]);
    });
    assert.ok(known >= 4000);
    const cancelled = graphNimbers(graphOf(successors), { isCancelled: () => true });
    assert.equal(cancelled.stop, 'cancelled');
  });

  it('a given finish order: the same nimbers; a wrong one (late successor, twice, out of range) falls back', () => {
    const next = random(24);
    let fellBack = 0;
    for (let trial = 0; trial < 1000; trial++) {
      const count = integer(next, 1, 30);
      const successors = randomSuccessors(next, count, integer(next, 0, 3 * count), true);
      const graph = graphOf(successors);
      const brute = bruteGraphNimbers(successors);
      const { cycles, finishOrder } = findCycles(graph, 1);
      assert.equal(cycles.length, 0);
      const ordered = graphNimbers({ ...graph, finishOrder });
      assert.equal(ordered.status, 'complete');
      assert.deepEqual(Array.from(ordered.nimbers), brute);
      const wrong = Int32Array.from(finishOrder);
      const kind = trial % 3;
      if (kind === 0) wrong.reverse();
      else if (kind === 1) wrong[count - 1] = wrong[0];
      else wrong[integer(next, 0, count - 1)] = count + integer(next, 0, 5);
      const reordered = graphNimbers({ ...graph, finishOrder: wrong });
      assert.equal(reordered.status, 'complete');
      assert.deepEqual(
        Array.from(reordered.nimbers),
        brute,
        `${JSON.stringify(successors)} in the order ${wrong.join(' ')}`,
      );
      if (successors.some((s) => s.length > 0)) fellBack++;
    }
    assert.ok(fellBack > 500, `${fellBack} graphs with edges`);
    // On a cyclic graph an order cannot be right: the search reports the cycle all the same.
    const cyclic = graphOf([[1], [2], [0], []]);
    const result = graphNimbers({ ...cyclic, finishOrder: Int32Array.from([3, 2, 1, 0]) });
    assert.equal(result.status, 'cyclic');
    assert.deepEqual(Array.from(result.nimbers), [-1, -1, -1, 0]);
  });

  it('given a finish order: stops on its budget with exact values for what it finished', () => {
    const successors = randomSuccessors(random(25), 20_000, 60_000, true);
    const graph = graphOf(successors);
    const brute = bruteGraphNimbers(successors);
    const partial = graphNimbers({ ...graph, finishOrder: findCycles(graph, 1).finishOrder }, { maxValues: 5000 });
    assert.equal(partial.status, 'over-budget');
    assert.equal(partial.computed, 5000);
    let known = 0;
    partial.nimbers.forEach((g, v) => {
      if (g < 0) return;
      known++;
      assert.equal(g, brute[v]);
    });
    assert.equal(known, 5000);
  });

  it('rejects malformed arrays instead of reading out of bounds', () => {
    const result = graphNimbers({
      vertexNames: ['a', 'b'],
      succStart: Int32Array.from([0, 1, 1]),
      succ: Int32Array.from([5]),
    });
    assert.equal(result.status, 'invalid');
  });
});
