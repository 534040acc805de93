// Rules of one's own (engine/heaps/movesRule.ts) against a brute force written from the contract's words alone
// (oracles/movesBrute.ts): a tree-walking evaluation in BigInt (so exact by construction), nested loops as written,
// each option checked (negative numbers no move, nothing left from the position of zeros no move, a part not smaller
// than its position a violation), values by the mex over a memoised recursion. Random rules of one and two
// variables; the contract's examples; rules that restate built-ins equal the built-ins; rules whose loops never end
// stop with the budget (its deadline, its cancellation).
import * as assert from 'node:assert/strict';
import { ruleSequence } from '../../../server/src/engine';
import {
  type MovesCondition,
  type MovesExpr,
  type MovesHeapValues,
  type MovesRule,
  type MovesTupleValues,
  type MovesValue,
  movesHeapValues,
  movesTupleValue,
  movesTupleValues,
} from '../../../server/src/engine/heaps/movesRule';
import type { Budget, StopCause } from '../../../server/src/engine/types';
import { bin, bruteValue, int, loop, randomRule, Violation, v } from '../oracles/movesBrute';
import { random } from '../oracles/random';

// ---- rules ----

/** The contract's examples (LANGUAGE.md, version 4). */
const half: MovesRule = {
  kind: 'moves',
  arity: 1,
  slots: 2,
  clauses: [
    {
      option: { kind: 'position', position: [bin('-', v(0), v(1))] },
      loops: [loop(1, int(1), bin('/', v(0), int(2)))],
    },
  ],
};
const divs: MovesRule = {
  kind: 'moves',
  arity: 1,
  slots: 2,
  clauses: [
    {
      option: { kind: 'position', position: [bin('-', v(0), v(1))] },
      loops: [loop(1, int(1), bin('-', v(0), int(1)))],
      condition: { kind: 'compare', op: '==', left: bin('%', v(0), v(1)), right: int(0) },
    },
  ],
};
const split2: MovesRule = {
  kind: 'moves',
  arity: 1,
  slots: 2,
  clauses: [
    {
      option: { kind: 'split', parts: [[v(1)], [bin('-', v(0), v(1))]] },
      loops: [loop(1, int(1), bin('/', bin('-', v(0), int(1)), int(2)))],
    },
  ],
};
const corner: MovesRule = {
  kind: 'moves',
  arity: 2,
  slots: 3,
  clauses: [
    { option: { kind: 'position', position: [bin('-', v(0), v(2)), v(1)] }, loops: [loop(2, int(1), v(0))] },
    { option: { kind: 'position', position: [v(0), bin('-', v(1), v(2))] }, loops: [loop(2, int(1), v(1))] },
    {
      option: { kind: 'position', position: [bin('-', v(0), v(2)), bin('-', v(1), v(2))] },
      loops: [loop(2, int(1), { kind: 'call', fn: 'min', args: [v(0), v(1)] })],
    },
  ],
};

describe('rules of your own: compiled moves against their meaning', () => {
  it("the contract's examples: half 10 = 5, divs 12 = 2, split2 7 = 0, corner (3, 5) = 0; mine = 7", () => {
    const at = (rule: MovesRule, n: number) => movesHeapValues(rule, n).values[n];
    const corner35 = movesTupleValue(corner, [3, 5]);
    assert.deepEqual([at(half, 10), at(divs, 12), at(split2, 7), corner35.value], [5, 2, 0, 0]);
    assert.equal(at(half, 10) ^ at(divs, 12) ^ at(split2, 7) ^ (corner35.value as number), 7);
  });

  it("built-ins restated: split2 is Grundy's game to 2,000; corner is Wythoff (P-positions: Beatty pairs)", () => {
    // The built-in `grundy`: octal 4!.0 (language/model.ts).
    const builtIn = ruleSequence({ kind: 'octal', digits: [4], distinct: [0] }, {}, { stopAt: 2000 });
    const ours = movesHeapValues(split2, 2000);
    assert.equal(ours.computedUpTo, 2000);
    assert.deepEqual(Array.from(ours.values.subarray(0, 2001)), Array.from(builtIn.values.subarray(0, 2001)));
    const memo = new Map<string, number>();
    const phi = (1 + Math.sqrt(5)) / 2;
    const beatty = new Set<string>();
    for (let k = 0; k < 40; k++) {
      const a = Math.floor(k * phi);
      beatty.add(`${a},${a + k}`);
      beatty.add(`${a + k},${a}`);
    }
    for (let x = 0; x <= 40; x++)
      for (let y = 0; y <= 40; y++) {
        const value = movesTupleValue(corner, [x, y], {}, memo).value;
        assert.equal(value === 0, beatty.has(`${x},${y}`), `(${x}, ${y})`);
      }
  });

  it('200 random heap rules: as the brute force (generated code, closures); a violation at the same heap', () => {
    const next = random(4242);
    let violations = 0;
    let values = 0;
    for (let trial = 0; trial < 200; trial++) {
      const rule = randomRule(next, 1);
      // Generated code and closures alike (the browser may forbid the first).
      const computed = movesHeapValues(rule, 40);
      const closures = movesHeapValues(rule, 40, {}, 'closures');
      assert.deepEqual(
        [closures.computedUpTo, Array.from(closures.values), closures.reason],
        [computed.computedUpTo, Array.from(computed.values), computed.reason],
        JSON.stringify(rule),
      );
      const memo = new Map<string, number>();
      let expectedUpTo = 40;
      const expected: number[] = [];
      for (let n = 0; n <= 40; n++) {
        try {
          expected.push(bruteValue(rule, [n], memo));
        } catch (error) {
          if (!(error instanceof Violation)) throw error;
          expectedUpTo = n - 1;
          break;
        }
      }
      const where = JSON.stringify(rule);
      assert.equal(computed.computedUpTo, expectedUpTo, where);
      assert.deepEqual(Array.from(computed.values.subarray(0, expectedUpTo + 1)), expected, where);
      if (expectedUpTo < 40) {
        violations++;
        assert.ok(computed.violation, where);
        assert.match(computed.reason ?? '', /is not smaller than it/);
      }
      values += expected.length;
    }
    assert.ok(violations > 10 && violations < 190, `${violations} rules broke the contract`);
    assert.ok(values > 3000, `${values} values checked`);
  });

  it('200 random two-variable rules: each position up to (8, 8) valued as the brute force does, one or all', () => {
    const next = random(4343);
    let checked = 0;
    let tables = 0;
    for (let trial = 0; trial < 200; trial++) {
      const rule = randomRule(next, 2);
      const expectedTable: (number | 'violation')[] = [];
      const memo = new Map<string, number>();
      const bruteMemo = new Map<string, number>();
      for (let x = 0; x <= 8; x++)
        for (let y = 0; y <= 8; y++) {
          let expected: number | 'violation';
          try {
            expected = bruteValue(rule, [x, y], bruteMemo);
          } catch (error) {
            if (!(error instanceof Violation)) throw error;
            expected = 'violation';
          }
          const got = movesTupleValue(rule, [x, y], {}, memo);
          const where = `(${x}, ${y}) of ${JSON.stringify(rule)}`;
          if (expected === 'violation') assert.ok(got.value === null && got.violation, where);
          else assert.equal(got.value, expected, where);
          expectedTable.push(expected);
          checked++;
        }
      // Every position of the box at once (by generated code and by closures): the same values, and a
      // violation found in it (or outside it, from an option that leaves the box) stops it.
      const table = movesTupleValues(rule, [8, 8]);
      const closures = movesTupleValues(rule, [8, 8], {}, 'closures');
      const where = JSON.stringify(rule);
      assert.deepEqual([Array.from(closures.values), closures.reason], [Array.from(table.values), table.reason], where);
      assert.equal(table.complete, !expectedTable.includes('violation'), where);
      if (!table.complete) assert.ok(table.violation, where);
      table.values.forEach((value, i) => {
        if (value >= 0) assert.equal(value, expectedTable[i], `${where} at ${i}`);
      });
      tables += table.complete ? 1 : 0;
    }
    assert.equal(checked, 200 * 81);
    assert.ok(tables > 20 && tables < 190, `${tables} complete tables`);
  });

  it('exact or refused: a value past 2^53 stops with a reason; division by zero is no move', () => {
    const big: MovesRule = {
      kind: 'moves',
      arity: 1,
      slots: 1,
      // n - 1 - n·2^52·4: no move at 0 (negative), past 2^53 from 1 on.
      clauses: [
        {
          option: {
            kind: 'position',
            position: [bin('-', bin('-', v(0), int(1)), bin('*', bin('*', v(0), int(2 ** 52)), int(4)))],
          },
          loops: [],
        },
      ],
    };
    const stopped = movesHeapValues(big, 10);
    assert.match(stopped.reason ?? '', /passed 2\^53 - 1 .* at heap 1$/);
    assert.equal(stopped.computedUpTo, 0);
    const byZero: MovesRule = {
      kind: 'moves',
      arity: 1,
      slots: 1,
      clauses: [{ option: { kind: 'position', position: [bin('/', v(0), bin('-', v(0), v(0)))] }, loops: [] }],
    };
    assert.deepEqual(Array.from(movesHeapValues(byZero, 5).values), [0, 0, 0, 0, 0, 0]);
  });

  it('unchecked only where proved: a value reaching 2^53 - 1 is computed, one past it refused, on every path', () => {
    // n - 1 + (n·K - n·K), K = (2^53 - 1) / 6361: n·K is 2^53 - 1 at heap 6361 and past it at 6362.
    const K = (2 ** 53 - 1) / 6361;
    assert.ok(Number.isSafeInteger(K));
    const product = bin('*', v(0), int(K));
    const lessOne = bin('+', bin('-', v(0), int(1)), bin('-', product, product));
    const edge: MovesRule = {
      kind: 'moves',
      arity: 1,
      slots: 1,
      clauses: [{ option: { kind: 'position', position: [lessOne] }, loops: [] }],
    };
    const parity = Array.from({ length: 6362 }, (_, n) => n % 2);
    for (const how of ['generated', 'closures'] as const) {
      // To 6361 the ranges prove every value exact (no check runs); to 6362 they do not, and the check stops it.
      const within = movesHeapValues(edge, 6361, {}, how);
      assert.deepEqual([within.computedUpTo, within.reason], [6361, undefined], how);
      assert.deepEqual(Array.from(within.values), parity, how);
      const past = movesHeapValues(edge, 6362, {}, how);
      assert.equal(past.computedUpTo, 6361, how);
      assert.match(past.reason ?? '', /passed 2\^53 - 1 .* at heap 6362$/, how);
      const table = movesTupleValues(edge, [6362], {}, how);
      assert.equal(table.complete, false, how);
      assert.deepEqual(Array.from(table.values.subarray(0, 6362)), parity, how);
    }
    // The same in two numbers, every position up to (6362, 2) by increasing sum: it stops at (6362, 0).
    const pair: MovesRule = {
      kind: 'moves',
      arity: 2,
      slots: 2,
      clauses: [{ option: { kind: 'position', position: [lessOne, v(1)] }, loops: [] }],
    };
    for (const how of ['generated', 'closures'] as const) {
      const table = movesTupleValues(pair, [6362, 2], {}, how);
      assert.match(table.reason ?? '', /passed 2\^53 - 1 .* at position \(6362, 0\)$/, how);
      assert.deepEqual([table.values[6361 * 3 + 1], table.values[6362 * 3]], [1, -1], how); // (6361, 1) is before it
    }
    assert.equal(movesTupleValue(edge, [6361]).value, 1);
    // Checks left out only where the bounds prove them needless: `n - k` for k in 0..n/2 leaves n itself
    // (a violation, at heap 0), for k in 1..n/2 + 1 a negative number at heap 0 and 1 (no move there).
    const halfFrom = (from: number, extra: number): MovesRule => ({
      kind: 'moves',
      arity: 1,
      slots: 2,
      clauses: [
        {
          option: { kind: 'position', position: [bin('-', v(0), v(1))] },
          loops: [loop(1, int(from), bin('+', bin('/', v(0), int(2)), int(extra)))],
        },
      ],
    });
    for (const how of ['generated', 'closures'] as const) {
      const violated = movesHeapValues(halfFrom(0, 0), 100, {}, how);
      assert.deepEqual([violated.computedUpTo, violated.violation?.position], [-1, [0]], how);
      const memo = new Map<string, number>();
      const expected = Array.from({ length: 101 }, (_, n) => bruteValue(halfFrom(1, 1), [n], memo));
      assert.deepEqual(Array.from(movesHeapValues(halfFrom(1, 1), 100, {}, how).values), expected, how);
    }
    assert.match((movesTupleValue(edge, [6362]) as { reason: string }).reason, /passed 2\^53 - 1/);
  });

  it('exact near 2^53: / and % as BigInt has them where a double product would round; 32-bit and wider alike', () => {
    // Quotients and remainders whose b·q is odd and past 2^53 (a − b·q computed in doubles is one off).
    const cases = [
      [-7205759403792797, 1801439850948199],
      [-6004799503160663, 3002399751580331],
      [-6004799503160667, 3002399751580333],
      [-7720456504063711, 1286742750677285],
      [7205759403792797, -1801439850948199],
    ];
    const compare = (op: '/' | '%', a: number, b: number): MovesCondition => {
      const [x, y] = [BigInt(a), BigInt(b)];
      const q = x / y - (x % y !== 0n && x < 0n !== y < 0n ? 1n : 0n);
      const value = op === '/' ? q : x - y * q;
      return { kind: 'compare', op: '==', left: bin(op, int(a), int(b)), right: int(Number(value)) };
    };
    for (const [a, b] of cases)
      for (const op of ['/', '%'] as const) {
        // One move from each heap (to the one below) exactly when the operation gives BigInt's answer.
        const rule: MovesRule = {
          kind: 'moves',
          arity: 1,
          slots: 1,
          clauses: [
            {
              option: { kind: 'position', position: [bin('-', v(0), int(1))] },
              loops: [],
              condition: compare(op, a, b),
            },
          ],
        };
        for (const how of ['generated', 'closures'] as const)
          assert.deepEqual(
            Array.from(movesHeapValues(rule, 3, {}, how).values),
            [0, 1, 0, 1],
            `${a} ${op} ${b} (${how})`,
          );
      }
    // Operations whose values pass 2^31 within the heaps asked (computed as doubles there, as 32-bit
    // integers where proved to fit), negative operands of / and %: generated code and closures agree
    // with the brute force.
    const wide: MovesRule = {
      kind: 'moves',
      arity: 1,
      slots: 2,
      clauses: [
        {
          option: { kind: 'position', position: [bin('-', v(0), v(1))] },
          loops: [loop(1, int(1), bin('%', bin('-', int(5), v(0)), int(4)))],
          condition: {
            kind: 'compare',
            op: '!=',
            left: bin('%', bin('-', bin('*', v(0), int(65_537)), int(2 ** 31)), int(3)),
            right: bin('/', bin('-', int(7), bin('*', v(1), v(0))), int(-5)),
          },
        },
        {
          option: { kind: 'position', position: [bin('-', v(0), int(2))] },
          loops: [],
          condition: { kind: 'compare', op: '<', left: bin('*', v(0), v(0)), right: int(2 ** 31 + 17) },
        },
      ],
    };
    const generated = movesHeapValues(wide, 60_000);
    assert.equal(generated.computedUpTo, 60_000);
    assert.deepEqual(Array.from(movesHeapValues(wide, 60_000, {}, 'closures').values), Array.from(generated.values));
    // Heap by heap from 0, so that the brute force's recursion stays shallow.
    const memo = new Map<string, number>();
    const expected = Array.from({ length: 60_001 }, (_, n) => bruteValue(wide, [n], memo));
    assert.deepEqual(Array.from(generated.values), expected);
  });

  it('a budget stops the values where it ran out, exact so far; a long chain of positions needs no deep stack', () => {
    const stopped = movesHeapValues(half, 1_000_000, { maxValues: 0, deadline: Date.now() - 1 });
    assert.ok(stopped.stop, 'stopped');
    assert.ok(stopped.computedUpTo < 1_000_000);
    // One move, n to n - 1, from 10^5: the depth-first valuation walks 10^5 positions down.
    const chain: MovesRule = {
      kind: 'moves',
      arity: 2,
      slots: 2,
      clauses: [{ option: { kind: 'position', position: [bin('-', v(0), int(1)), v(1)] }, loops: [] }],
    };
    assert.equal(movesTupleValue(chain, [100_000, 0]).value, 0);
    assert.equal(movesTupleValue(chain, [99_999, 3]).value, 1);
  });
});

// ---- rules that never end: the budget is asked as the loops run, not only per option or position ----

/** `moves … -> OPTION for k in 1..to if k <op> than` (k the slot after the position's numbers): `to` steps each. */
function endless(option: MovesExpr[], to: number, op: '==' | '<', than: number): MovesRule {
  const k = option.length;
  const condition: MovesCondition = { kind: 'compare', op, left: v(k), right: int(than) };
  const clause = { option: { kind: 'position', position: option } as const, loops: [loop(k, int(1), int(to))] };
  return { kind: 'moves', arity: k, slots: k + 1, clauses: [{ ...clause, condition }] };
}
/** `moves n -> [] for j in 1..n for k in 1..2·10^9`: no condition, no check, loops of 32-bit numbers. */
const endlessSplits: MovesRule = {
  kind: 'moves',
  arity: 1,
  slots: 3,
  clauses: [{ option: { kind: 'split', parts: [] }, loops: [loop(1, int(1), v(0)), loop(2, int(1), int(2e9))] }],
};
const endlessHeaps: [string, MovesRule][] = [
  ['moves n -> n - 1 for k in 1..9007199254740991 if k == 1', endless([bin('-', v(0), int(1))], 2 ** 53 - 1, '==', 1)],
  ['moves n -> n - 1 for k in 1..1000000000000000 if k < 0', endless([bin('-', v(0), int(1))], 1e15, '<', 0)],
  ['moves n -> [] for j in 1..n for k in 1..2000000000', endlessSplits],
];
/** A deadline 200 ms away; a cancellation the third time it is asked; a deadline under maxValues. */
const soon = (): Budget => ({ deadline: Date.now() + 200 });
const stops = [
  [soon, 'deadline'],
  [(asked = 0): Budget => ({ isCancelled: () => ++asked > 2 }), 'cancelled'],
  [() => ({ ...soon(), maxValues: 3 }), 'deadline'],
] as const;
/** Stopped by `cause`, and saying so (whenever it returns: the machine may be loaded). */
function stoppedBy(found: MovesHeapValues | MovesTupleValues | MovesValue, cause: StopCause, where: string) {
  const { stop, reason } = found as { stop?: StopCause; reason?: string };
  assert.equal(stop, cause, `${where}: ${reason}`);
  assert.match(reason ?? '', /because (out of time|cancelled)$/, where);
}

describe("a rule of one's own's sequence asked again", () => {
  it('no further than before: read off the sequence computed before, no work done; further: computed', () => {
    const rule = { kind: 'moves', moves: half, text: 'moves n -> n - k for k in 1..n / 2' } as const;
    const first = ruleSequence(rule, {}, { stopAt: 2000 });
    const again = { spent: 0, limit: 2 ** 40 };
    const read = ruleSequence(rule, { work: again }, { stopAt: 1500, resume: first });
    assert.equal(again.spent, 0, 'computed again');
    assert.equal(read.computedUpTo, 1500);
    assert.deepEqual(Array.from(read.values.subarray(0, 1501)), Array.from(first.values.subarray(0, 1501)));
    const further = ruleSequence(rule, { work: again }, { stopAt: 2500, resume: first });
    assert.ok(again.spent > 0);
    assert.deepEqual(Array.from(further.values.subarray(0, 2001)), Array.from(first.values.subarray(0, 2001)));
  });
});

describe('rules of your own that never end still stop: the budget is asked as the loops run', () => {
  for (const [text, rule] of endlessHeaps)
    it(`${text}: every path, at the deadline, cancelled, under maxValues`, () => {
      for (const [budget, cause] of stops) {
        for (const how of ['generated', 'closures'] as const) {
          const found = movesHeapValues(rule, budget().maxValues ?? 1000, budget(), how);
          stoppedBy(found, cause, how);
          assert.ok(found.computedUpTo < 2, how);
          stoppedBy(movesTupleValues(rule, [1000], budget(), how), cause, `${how}, all at once`);
        }
        stoppedBy(movesTupleValue(rule, [7], budget()), cause, 'one position');
      }
    });

  it('moves (x, y) -> (x - 1, y) for k in 1..1000000000000000 if k == 1: one position, every one of a box', () => {
    const endlessTuple = endless([bin('-', v(0), int(1)), v(1)], 1e15, '==', 1);
    for (const [budget, cause] of stops) {
      stoppedBy(movesTupleValue(endlessTuple, [3, 2], budget()), cause, 'one position');
      for (const how of ['generated', 'closures'] as const)
        stoppedBy(movesTupleValues(endlessTuple, [4, 4], budget(), how), cause, how);
    }
  });
});
