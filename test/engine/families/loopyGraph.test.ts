// Smith's values of graphs with cycles (engine/families/loopyGraph.ts) against the definition and
// against retrograde analysis. The definition: the values and counters found satisfy Smith's
// conditions (A), (B) and (C) on every vertex, and the function that satisfies them is unique, so
// they are the values. The outcomes: win, lose or draw of sums of tokens (and a Nim heap) read from
// the values by the sum rule agree with retrograde analysis of the whole sum's graph, written
// independently (test/engine/oracles/loopy.ts).
import * as assert from 'node:assert/strict';
import type { GameMove, GraphData } from '../../../server/src/engine';
import { analyzeGame, graphNimbers } from '../../../server/src/engine';
import {
  finiteFollowerValues,
  INFINITE,
  leastCounterFollower,
  loopyValues,
  reversal,
} from '../../../server/src/engine/families/loopyGraph';
import { gameRemoteness } from '../../../server/src/engine/search';
import type { LoopyValues } from '../../../server/src/engine/types';
import { type Outcome, remotenessByDefinition, retrogradeOutcomes, TokenSum } from '../oracles/loopy';
import { mex } from '../oracles/oracles';
import { integer, random } from '../oracles/random';
import { graphOf, randomSuccessors } from '../oracles/randomGames';

const NO_LIMIT = {};

/** The first vertex that breaks Smith's conditions, with why; undefined when none does. */
function brokenCondition(successors: readonly (readonly number[])[], result: LoopyValues): string | undefined {
  const { values, counters } = result;
  for (let u = 0; u < successors.length; u++) {
    const finite = successors[u].map((v) => values[v]).filter((x) => x >= 0);
    const m = mex(finite);
    if (values[u] >= 0) {
      if (values[u] !== m) return `(A) at v${u}: value ${values[u]}, mex ${m}`;
      for (const v of successors[u]) {
        if (values[v] !== INFINITE && values[v] <= values[u]) continue;
        const answer = successors[v].some((w) => values[w] === values[u] && counters[w] < counters[u]);
        if (!answer) return `(B) at v${u}: follower v${v} has no answer of value ${values[u]} with a smaller counter`;
      }
    } else {
      if (values[u] !== INFINITE) return `v${u} has no value`;
      const keepsLooping = successors[u].some(
        (v) => values[v] === INFINITE && !successors[v].some((w) => values[w] === m),
      );
      if (!keepsLooping) return `(C) at v${u}: every infinite follower has a follower of value ${m}`;
    }
  }
  return undefined;
}

/** The outcome the values say for tokens at `vertices` beside a Nim heap of `heap`, by the sum rule. */
function predicted(graph: GraphData, values: Int32Array, vertices: readonly number[], heap: number): Outcome {
  let nimSum = heap;
  const infinite: number[] = [];
  for (const v of vertices) {
    if (values[v] === INFINITE) infinite.push(v);
    else nimSum ^= values[v];
  }
  if (infinite.length === 0) return nimSum === 0 ? 'L' : 'W';
  if (infinite.length > 1) return 'D';
  return finiteFollowerValues(graph, values, infinite[0]).includes(nimSum) ? 'W' : 'D';
}

describe("loopy graphs: Smith's values", () => {
  it('satisfy the definition on 3,000 random graphs of up to 12 vertices, self-loops and cycles included', () => {
    const next = random(41);
    let infinite = 0;
    for (let trial = 0; trial < 3000; trial++) {
      const count = integer(next, 1, 12);
      const successors = randomSuccessors(next, count, integer(next, 0, 3 * count));
      const result = loopyValues(graphOf(successors), NO_LIMIT);
      assert.equal(result.status, 'complete');
      assert.equal(brokenCondition(successors, result), undefined, JSON.stringify(successors));
      infinite += result.values.filter((x) => x === INFINITE).length;
    }
    assert.ok(infinite > 1000, `infinite vertices exercised: ${infinite}`);
  });

  it('the definition check fails on a wrong value (the check can fail)', () => {
    const successors = [[1], [0, 2], []]; // v2 = 0, v1 = 1, v0: its follower v1 (1) answers to 0 → v0 = 0
    const result = loopyValues(graphOf(successors), NO_LIMIT);
    assert.deepEqual(Array.from(result.values), [0, 1, 0]);
    const wrong = { ...result, values: Int32Array.from([INFINITE, 1, 0]) };
    assert.match(brokenCondition(successors, wrong) ?? '', /\(C\) at v0/);
  });

  it('one token: win, lose or draw as retrograde analysis says, on 2,000 random graphs', () => {
    const next = random(42);
    const seen = new Set<Outcome>();
    for (let trial = 0; trial < 2000; trial++) {
      const count = integer(next, 1, 12);
      const successors = randomSuccessors(next, count, integer(next, 0, 3 * count));
      const graph = graphOf(successors);
      const { values } = loopyValues(graph, NO_LIMIT);
      const outcomes = retrogradeOutcomes(count, (v) => successors[v]);
      for (let v = 0; v < count; v++) {
        assert.equal(predicted(graph, values, [v], 0), outcomes[v], `v${v} of ${JSON.stringify(successors)}`);
        seen.add(outcomes[v]);
      }
    }
    assert.deepEqual([...seen].sort(), ['D', 'L', 'W']);
  });

  it('sums of 2 to 4 tokens and a Nim heap: the sum rule agrees with retrograde analysis of the whole sum', () => {
    const next = random(43);
    let positions = 0;
    const seen = new Set<Outcome>();
    for (let trial = 0; trial < 400; trial++) {
      const tokens = integer(next, 2, 4);
      const count = integer(next, 1, tokens === 2 ? 10 : tokens === 3 ? 6 : 4);
      const successors = randomSuccessors(next, count, integer(next, 0, 3 * count));
      const graph = graphOf(successors);
      const { values } = loopyValues(graph, NO_LIMIT);
      const sum = new TokenSum(successors, tokens, integer(next, 0, 3));
      const outcomes = retrogradeOutcomes(sum.count, sum.options);
      for (let p = 0; p < sum.count; p++) {
        const { vertices, heap } = sum.decode(p);
        assert.equal(predicted(graph, values, vertices, heap), outcomes[p], `${vertices} + nim ${heap}`);
        seen.add(outcomes[p]);
        positions++;
      }
    }
    assert.deepEqual([...seen].sort(), ['D', 'L', 'W']);
    assert.ok(positions > 50_000, `${positions} positions`);
  });

  it("the winner's strategy (undo a raise with a smaller counter, else lower a value) wins and ends", () => {
    // Two tokens and a Nim heap. Our turn: the position and the position before the opponent's move
    // (the strategy reads the move it answers); their turn: any move. From every won position, the
    // positions this play can reach must hold no cycle, and each of our moves must leave a lost one.
    const next = random(46);
    let won = 0;
    let reversals = 0;
    for (let trial = 0; trial < 1500; trial++) {
      const count = integer(next, 1, 7);
      const successors = randomSuccessors(next, count, integer(next, 0, 3 * count));
      const graph = graphOf(successors);
      const loopy = loopyValues(graph, NO_LIMIT);
      const { values } = loopy;
      const sum = new TokenSum(successors, 2, integer(next, 0, 3));
      const outcomes = retrogradeOutcomes(sum.count, sum.options);
      const ours = (p: number, before: number): number => {
        const { vertices, heap } = sum.decode(p);
        const moveTo = (token: number, w: number) => {
          const moved = vertices.slice();
          moved[token] = w;
          return sum.encode(moved, heap);
        };
        if (before >= 0) {
          const previous = sum.decode(before).vertices;
          const token = vertices.findIndex((v, t) => v !== previous[t]);
          const back = token < 0 ? -1 : reversal(graph, loopy, previous[token], vertices[token]);
          if (back >= 0) {
            reversals++;
            return moveTo(token, back);
          }
        }
        const infinite = vertices.findIndex((v) => values[v] === INFINITE);
        let t = heap;
        for (const v of vertices) if (values[v] >= 0) t ^= values[v];
        if (infinite >= 0) return moveTo(infinite, leastCounterFollower(graph, loopy, vertices[infinite], t));
        for (let token = 0; token < vertices.length; token++)
          if ((values[vertices[token]] ^ t) < values[vertices[token]])
            return moveTo(token, leastCounterFollower(graph, loopy, vertices[token], values[vertices[token]] ^ t));
        return sum.encode(vertices, heap ^ t);
      };
      // Depth-first over (our position, the one before it) and their positions; 1 on the path, 2 done.
      const state = new Map<string, number>();
      const play = (start: number) => {
        const stack: { key: string; nexts: (() => [string, number, number, boolean])[]; at: number }[] = [];
        const enter = (key: string, p: number, before: number, oursToMove: boolean) => {
          state.set(key, 1);
          const nexts: (() => [string, number, number, boolean])[] = [];
          if (oursToMove) {
            const q = ours(p, before);
            assert.equal(outcomes[q], 'L', `our move from ${sum.decode(p).vertices} leaves a lost position`);
            nexts.push(() => [`t${q}`, q, -1, false]);
          } else for (const q of sum.options(p)) nexts.push(() => [`o${q}:${p}`, q, p, true]);
          stack.push({ key, nexts, at: 0 });
        };
        enter(`o${start}:-1`, start, -1, true);
        while (stack.length > 0) {
          const top = stack[stack.length - 1];
          if (top.at === top.nexts.length) {
            state.set(top.key, 2);
            stack.pop();
            continue;
          }
          const [key, p, before, oursToMove] = top.nexts[top.at++]();
          assert.notEqual(state.get(key), 1, 'the play goes round in a circle');
          if (!state.has(key)) enter(key, p, before, oursToMove);
        }
      };
      for (let p = 0; p < sum.count; p++)
        if (outcomes[p] === 'W') {
          play(p);
          won++;
        }
    }
    assert.ok(won > 10_000 && reversals > 1000, `${won} won positions, ${reversals} reversals`);
  });

  for (const play of ['normal', 'misere'] as const)
    it(`whole games, ${play} play: the outcome, winning moves those to lost positions, a draw's to drawn`, () => {
      // Two tokens on a graph with cycles, in one tokens component, beside a Nim heap (a heaps
      // component): the engine's analyzeGame against retrograde analysis of the whole sum.
      const next = random(play === 'normal' ? 47 : 48);
      const nim = { kind: 'subtractAllExcept', except: [] } as const;
      let moves = 0;
      let backwards = 0; // misère play on a graph with cycles: decided by the retrograde search
      let drawMoves = 0;
      const seen = new Set<string>();
      for (let trial = 0; trial < 300; trial++) {
        const count = integer(next, 1, 8);
        const successors = randomSuccessors(next, count, integer(next, 0, 3 * count));
        const graph = graphOf(successors);
        const sum = new TokenSum(successors, 2, integer(next, 0, 3));
        const outcomes = retrogradeOutcomes(sum.count, sum.options, play);
        for (let p = 0; p < sum.count; p++) {
          const { vertices, heap } = sum.decode(p);
          const analysis = analyzeGame({
            play,
            components: [
              { kind: 'tokens', graph, vertices },
              { kind: 'heaps', rule: nim, heaps: [BigInt(heap)] },
            ],
          });
          const expected = { W: 'N', L: 'P', D: 'D' }[outcomes[p]];
          const where = `${vertices} + nim ${heap} on ${JSON.stringify(successors)}`;
          assert.equal(analysis.outcome, expected, where);
          seen.add(`${analysis.outcome}${analysis.infinite ? '∞' : ''}`);
          if (/backwards/.test(analysis.decidedBy?.text ?? '')) backwards++;
          // Each move listed leads to a lost position, and every move to a lost position is listed.
          // Positions as the game sees them: tokens on one graph are alike, so their order does not count.
          const position = (q: number) => {
            const decoded = sum.decode(q);
            return `${decoded.vertices.sort((a, b) => a - b)} + ${decoded.heap}`;
          };
          const after = ({ component, move }: GameMove) => {
            if (move.kind === 'token') {
              const moved = vertices.slice();
              moved[move.token] = move.to;
              return position(sum.encode(moved, heap));
            }
            assert.ok(component === 1 && move.kind === 'heap');
            return position(sum.encode(vertices, heap - Number(move.take)));
          };
          const listed = analysis.winningMoves.map(after);
          const optionsWhere = (outcome: 'L' | 'D') =>
            new Set(
              sum
                .options(p)
                .filter((q) => outcomes[q] === outcome)
                .map(position),
            );
          assert.deepEqual([...listed].sort(), [...optionsWhere('L')].sort(), where);
          // A drawn game lists the moves that keep the draw: exactly those to drawn positions.
          if (analysis.outcome === 'D') {
            const keeping = (analysis.drawMoves ?? []).map(after);
            assert.deepEqual([...new Set(keeping)].sort(), [...optionsWhere('D')].sort(), `draw: ${where}`);
            drawMoves += keeping.length;
          }
          assert.equal(analysis.winningMoveCount, BigInt(analysis.winningMoves.length));
          moves += listed.length;
        }
      }
      // Normal play: a draw is always an infinite value. Misère play: outcomes only (no values).
      assert.deepEqual([...seen].sort(), play === 'normal' ? ['D∞', 'N', 'N∞', 'P'] : ['D', 'N', 'P']);
      assert.ok(moves > (play === 'normal' ? 4000 : 3000), `${moves} winning moves checked`);
      if (play === 'misere') assert.ok(backwards > 1000, `${backwards} decided backwards`);
      assert.ok(drawMoves > 1000, `${drawMoves} draw-keeping moves checked`);
    });

  for (const play of ['normal', 'misere'] as const)
    it(`remoteness, ${play} play: as its definition says where positions repeat, none for a draw`, () => {
      const next = random(play === 'normal' ? 49 : 50);
      const nim = { kind: 'subtractAllExcept', except: [] } as const;
      let finite = 0;
      let draws = 0;
      for (let trial = 0; trial < 200; trial++) {
        const count = integer(next, 1, 7);
        const successors = randomSuccessors(next, count, integer(next, 0, 3 * count));
        const graph = graphOf(successors);
        const sum = new TokenSum(successors, 2, integer(next, 0, 2));
        const outcomes = retrogradeOutcomes(sum.count, sum.options, play);
        const expected = remotenessByDefinition(sum.count, sum.options, outcomes);
        for (let p = 0; p < sum.count; p++) {
          const { vertices, heap } = sum.decode(p);
          const found = gameRemoteness({
            play,
            components: [
              { kind: 'tokens', graph, vertices },
              { kind: 'heaps', rule: nim, heaps: [BigInt(heap)] },
            ],
          });
          const where = `${vertices} + nim ${heap} on ${JSON.stringify(successors)}`;
          if (expected[p] === null) {
            assert.equal(found.remoteness, null, where);
            if (found.remoteness === null) assert.match(found.reason, /draw/, where);
            draws++;
          } else {
            assert.equal(found.remoteness, expected[p], where);
            finite++;
          }
        }
      }
      assert.ok(finite > 2000 && draws > 1000, `${finite} finite, ${draws} draws`);
    });

  it("the contract's example: a wins (∞(0)), c loses (0), b + nim 1 loses, a + nim 1 and s draw", () => {
    // a -> a, e; b -> c, e; c -> b; s -> t; t -> s (a b c e s t = 0 1 2 3 4 5)
    const successors = [[0, 3], [2, 3], [1], [], [5], [4]];
    const graph = graphOf(successors);
    const { values } = loopyValues(graph, NO_LIMIT);
    assert.equal(values[0], INFINITE);
    assert.deepEqual(finiteFollowerValues(graph, values, 0), [0]);
    assert.equal(values[2], 0);
    assert.equal(values[1], 1);
    assert.equal(values[4], INFINITE);
    assert.deepEqual(finiteFollowerValues(graph, values, 4), []);
    assert.equal(predicted(graph, values, [0], 0), 'W'); // g1
    assert.equal(predicted(graph, values, [2], 0), 'L'); // g2
    assert.equal(predicted(graph, values, [1], 1), 'L'); // g3
    assert.equal(predicted(graph, values, [0], 1), 'D'); // g4
    assert.equal(predicted(graph, values, [4], 0), 'D'); // g5
  });

  it('on an acyclic graph, the ordinary nimbers', () => {
    const next = random(44);
    for (let trial = 0; trial < 300; trial++) {
      const count = integer(next, 1, 40);
      const successors = Array.from({ length: count }, (_, v) =>
        Array.from({ length: count - v - 1 }, (_, i) => v + 1 + i).filter(() => next() < 0.3),
      );
      const graph = graphOf(successors);
      assert.deepEqual(Array.from(loopyValues(graph, NO_LIMIT).values), Array.from(graphNimbers(graph).nimbers));
    }
  });

  it('a cycle of 100,000 vertices and a chain of 100,000 self-loops finish, with their values', () => {
    const n = 100_000;
    const cycle = graphOf(Array.from({ length: n }, (_, v) => [(v + 1) % n]));
    const onCycle = loopyValues(cycle, NO_LIMIT);
    assert.equal(onCycle.status, 'complete');
    assert.ok(
      onCycle.values.every((x) => x === INFINITE),
      'a cycle with no way out: every vertex ∞()',
    );
    // v -> v, v + 1; the last vertex has no move: it is 0, the one before ∞(0), the rest ∞().
    const loops = Array.from({ length: n }, (_, v) => (v === n - 1 ? [] : [v, v + 1]));
    const chain = loopyValues(graphOf(loops), NO_LIMIT);
    assert.equal(chain.status, 'complete');
    assert.equal(chain.values[n - 1], 0);
    assert.ok(chain.values.subarray(0, n - 1).every((x) => x === INFINITE));
    assert.deepEqual(finiteFollowerValues(graphOf(loops), chain.values, n - 2), [0]);
    assert.equal(brokenCondition(loops, chain), undefined);
  });

  it('stops within its budget, and what it gave is exact', () => {
    const next = random(45);
    const successors = randomSuccessors(next, 2000, 8000);
    const full = loopyValues(graphOf(successors), NO_LIMIT);
    const cut = loopyValues(graphOf(successors), { work: { spent: 0, limit: 5000 } });
    assert.equal(cut.status, 'over-budget');
    assert.match(cut.reason ?? '', /^stopped after \d+ of 2000 vertices/);
    let given = 0;
    for (let v = 0; v < 2000; v++)
      if (cut.values[v] !== -2) {
        assert.equal(cut.values[v], full.values[v]);
        given++;
      }
    assert.ok(given < 2000);
  });
});
