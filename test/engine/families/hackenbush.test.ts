// Green Hackenbush (contract version 3), engine side: the colon and fusion principles and every
// winning cut against brute force over edge subsets (a position is the set of edges still
// standing; a cut removes one and everything no longer joined to the ground; the value is the
// mex over every cut), on random small pictures with trees, cycles, loops and multiple edges.
import * as assert from 'node:assert/strict';
import { analyzeGame } from '../../../server/src/engine';
import {
  type HackenbushPicture,
  hackenbushCutsTo,
  hackenbushKeptAfterCut,
  hackenbushNimber,
  hackenbushSummary,
} from '../../../server/src/engine/families/hackenbush';
import { bruteHackenbush, randomPicture, standing } from '../oracles/oracles';
import { random } from '../oracles/random';

const picture = (vertexCount: number, pairs: [number, number][]): HackenbushPicture => ({
  vertexCount,
  ends: Int32Array.from(pairs.flat()),
});

describe('classics: Green Hackenbush', () => {
  it('the contract: the tree is 4 (colon principle), the triangle on the ground is 1 (fusion)', () => {
    // ground - a, a - b, a - c, c - d (ground 0, a 1, b 2, c 3, d 4)
    const tree = picture(5, [
      [0, 1],
      [1, 2],
      [1, 3],
      [3, 4],
    ]);
    assert.equal(hackenbushNimber(tree), 4);
    const loop = picture(3, [
      [0, 1],
      [1, 2],
      [2, 0],
    ]);
    assert.equal(hackenbushNimber(loop), 1);
    assert.deepEqual(hackenbushSummary(tree).stalks, undefined);
    assert.deepEqual(
      hackenbushSummary(
        picture(4, [
          [0, 1],
          [1, 2],
          [0, 3],
        ]),
      ).stalks,
      [2, 1],
    );
  });

  it('values and every winning cut agree with brute force on 1,500 random pictures of up to 11 edges', () => {
    const next = random(401);
    let withCycles = 0;
    let cutsChecked = 0;
    for (let trial = 0; trial < 1500; trial++) {
      const p = randomPicture(next, 2 + Math.floor(next() * 6), 1 + Math.floor(next() * 11));
      const m = p.ends.length >> 1;
      const brute = bruteHackenbush(p);
      const all = standing(p, (1 << m) - 1);
      const g = brute(all);
      const what = `picture ${Array.from(p.ends)}`;
      assert.equal(hackenbushNimber(p), g, what);
      if (hackenbushSummary(p).fused.length > 0) withCycles++;
      for (let target = 0; target <= 6; target++) {
        const expected: number[] = [];
        for (let e = 0; e < m; e++)
          if (all & (1 << e) && brute(standing(p, all & ~(1 << e))) === target) expected.push(e);
        assert.deepEqual(hackenbushCutsTo(p, target), expected, `${what} to ${target}`);
        cutsChecked += expected.length;
      }
      for (let e = 0; e < m; e++) {
        if (!(all & (1 << e))) continue;
        const kept = Array.from(hackenbushKeptAfterCut(p, e)).reduce((mask, x) => mask | (1 << x), 0);
        assert.equal(kept, standing(p, all & ~(1 << e)), `${what} cut ${e}`);
      }
    }
    assert.ok(withCycles > 500, `${withCycles} pictures with cycles`);
    assert.ok(cutsChecked > 3000, `${cutsChecked} cuts checked`);
  });

  it('a cycle of 60,000 edges: its value at once; its cuts (quadratic) stop at the deadline, and say so', () => {
    const n = 60_000;
    const ring = picture(
      n,
      Array.from({ length: n }, (_, i) => [i, (i + 1) % n] as [number, number]),
    );
    const started = Date.now();
    const analysis = analyzeGame(
      {
        play: 'normal',
        components: [
          { kind: 'hackenbush', pictures: [ring] },
          { kind: 'heaps', rule: { kind: 'subtractAllExcept', except: [] }, heaps: [1n] },
        ],
      },
      { budget: { deadline: Date.now() + 200 } },
    );
    const elapsed = Date.now() - started;
    // n loops fused into the ground: n mod 2 = 0; beside a Nim heap of 1, the nim-sum is 1.
    assert.deepEqual([analysis.nimber, analysis.outcome, analysis.stop], [1n, 'N', 'deadline']);
    assert.match(analysis.reason!, /the winning moves listed are those found before the time budget ran out/);
    // A guard that the deadline is heard at all (it is 200 ms; a loaded machine may take much longer to notice).
    assert.ok(elapsed < 60_000, `stopped after ${elapsed} ms`);
    // Each cut listed is right: a cut at i leaves stalks of i and n − 1 − i edges, i ⊕ (n − 1 − i) = 1.
    for (const { move } of analysis.winningMoves) {
      if (move.kind !== 'hackenbush') continue;
      assert.equal(move.edge ^ (n - 1 - move.edge), 1, `cut ${move.edge}`);
    }
  });
});
