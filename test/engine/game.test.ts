// Whole games against the product-graph oracle: the sum's nimber (the XOR theorem, checked by
// building the sum's whole game graph), its outcome, and its winning moves — exactly the moves to
// P-positions, no more and no fewer — in normal and misère play.
import * as assert from 'node:assert/strict';
import type { ComponentInput, GameInput, HeapRule } from '../../server/src/engine';
import { analyzeGame, createEngineCache, ruleSequence } from '../../server/src/engine';
import { applyMove, bigints, type ComponentState, inputOf, ProductGame, stateKey, stateOf } from './oracles/gameOracle';
import { KAYLES } from './oracles/published';
import { integer, random } from './oracles/random';
import {
  chompComponent,
  classicComponent,
  cramComponent,
  kaylesComponent,
  randomComponent,
  v3Component,
} from './oracles/randomGames';

const nim: HeapRule = { kind: 'subtractAllExcept', except: [] };

const describeInput = (input: GameInput) =>
  JSON.stringify(input, (k, v) =>
    k === 'graph' ? `${v.vertexNames.length} vertices: ${Array.from(v.succ)}` : bigints(k, v),
  );

/** The positions the engine's winning moves lead to, each once; fails on a move that does not fit. */
function resultsOf(input: GameInput, moves: ReturnType<typeof analyzeGame>['winningMoves']): string[] {
  const start = input.components.map(stateOf);
  return moves.map(({ component, move }) =>
    stateKey(start.map((s, i) => (i === component ? applyMove(input.components[i], s, move) : s))),
  );
}

/**
 * Checks a normal-play analysis against the sum's whole product graph: the nimber, the outcome,
 * and exactly the winning moves (each reaching a different P-position). Returns the nimber.
 */
function expectNormalAgainstProduct(input: GameInput, analysis = analyzeGame(input)): number {
  const what = describeInput(input);
  const product = new ProductGame(input);
  const start = input.components.map(stateOf);
  const nimber = product.nimber(start);
  assert.equal(analysis.nimber, BigInt(nimber), what);
  assert.equal(analysis.outcome, nimber === 0 ? 'P' : 'N', what);
  const expected = new Set(
    product
      .options(start)
      .filter((option) => product.nimber(option) === 0)
      .map(stateKey),
  );
  const found = resultsOf(input, analysis.winningMoves);
  assert.equal(new Set(found).size, found.length, `${what}: a position is reached by two listed moves`);
  assert.deepEqual(new Set(found), expected, what);
  assert.equal(analysis.winningMoveCount, BigInt(found.length), what);
  return nimber;
}

/**
 * Checks a misère analysis against the product graph: the outcome, and exactly the winning moves
 * (each reaching a different position the player to move loses). Returns whether the first player wins.
 */
function expectMisereAgainstProduct(input: GameInput, analysis = analyzeGame(input)): boolean {
  const what = describeInput(input);
  const product = new ProductGame(input);
  const memo = new Map<string, boolean>();
  const start = input.components.map(stateOf);
  const wins = misereWins(product, start, memo);
  assert.equal(analysis.outcome, wins ? 'N' : 'P', what);
  assert.equal(analysis.nimber, null);
  const expected = new Set(
    product
      .options(start)
      .filter((option) => !misereWins(product, option, memo))
      .map(stateKey),
  );
  const found = resultsOf(input, analysis.winningMoves);
  assert.equal(new Set(found).size, found.length, `${what}: a position is reached by two listed moves`);
  assert.deepEqual(new Set(found), expected, what);
  return wins;
}

describe('games: the XOR theorem against the whole product graph', () => {
  const title =
    '2,000 random sums of heaps, graph tokens and octal rows: nimber, outcome and exactly the winning moves';
  it(title, function () {
    // About 32 s alone on this machine: the suite's 60 s timed it out once beside other loads. Not a speed test.
    this.timeout(300_000);
    const next = random(11);
    let nPositions = 0;
    let moves = 0;
    for (let trial = 0; trial < 2000; trial++) {
      const input: GameInput = {
        play: 'normal',
        components: Array.from({ length: integer(next, 1, 3) }, () => randomComponent(next, 7)),
      };
      const what = describeInput(input);
      const analysis = analyzeGame(input);
      const nimber = expectNormalAgainstProduct(input, analysis);
      // Each component alone, as its own product game.
      input.components.forEach((component, i) => {
        const alone = new ProductGame({ play: 'normal', components: [component] });
        assert.equal(
          analysis.components[i].nimber,
          BigInt(alone.nimber([stateOf(component)])),
          `${what}: component ${i}`,
        );
      });
      if (nimber !== 0) nPositions++;
      moves += analysis.winningMoves.length;
    }
    assert.ok(nPositions > 1000 && nPositions < 1950, `both outcomes are exercised (${nPositions} N-positions)`);
    assert.ok(moves > 2000, `${moves} winning moves checked`);
  });

  it('a winning move leads to a P-position, checked by asking the engine again', () => {
    const next = random(12);
    for (let trial = 0; trial < 300; trial++) {
      const input: GameInput = {
        play: 'normal',
        components: Array.from({ length: integer(next, 2, 3) }, () => randomComponent(next, 30)),
      };
      const analysis = analyzeGame(input);
      if (analysis.outcome === 'P') assert.equal(analysis.winningMoves.length, 0);
      const start = input.components.map(stateOf);
      for (const { component, move } of analysis.winningMoves) {
        const after = start.map((s, i) => (i === component ? applyMove(input.components[i], s, move) : s));
        const reply = analyzeGame(inputOf(input, after));
        assert.equal(reply.outcome, 'P', `${describeInput(input)} after ${JSON.stringify(move, bigints)}`);
        assert.equal(reply.winningMoveCount, 0n);
      }
    }
  });

  it('the reference examples', () => {
    const onetwo: HeapRule = { kind: 'subtract', set: [1n, 2n] };
    const coins = analyzeGame({ play: 'normal', components: [{ kind: 'heaps', rule: onetwo, heaps: [3n, 4n, 5n] }] });
    assert.deepEqual([coins.nimber, coins.outcome, coins.components[0].parts], [3n, 'N', [0n, 1n, 2n]]);
    const lost = analyzeGame({ play: 'normal', components: [{ kind: 'heaps', rule: onetwo, heaps: [3n, 4n, 4n] }] });
    assert.deepEqual([lost.nimber, lost.outcome, lost.winningMoves], [0n, 'P', []]);
  });
});

describe('games: huge heaps', () => {
  /** Kayles from the published values and period (12 from heap 71), independent of the engine. */
  const kayles = (n: number) => (n < KAYLES.length ? KAYLES[n] : KAYLES[71 + ((n - 71) % 12)]);
  const kaylesRule: HeapRule = { kind: 'octal', digits: [0, 7, 7] };

  it('Kayles heaps of 10^5 + j: the winning splits are counted exactly and listed in order', () => {
    for (const n of [100_001, 100_002, 100_003, 100_005]) {
      // A Nim heap of 3 beside it: the Kayles heap must move to nimber 3, which in the periodic
      // part (values 1, 2, 4, 7, 8) only splits reach, as 1 ⊕ 2 or 4 ⊕ 7: many of them.
      const input: GameInput = {
        play: 'normal',
        components: [
          { kind: 'heaps', rule: kaylesRule, heaps: [BigInt(n)] },
          { kind: 'heaps', rule: nim, heaps: [3n] },
        ],
      };
      const analysis = analyzeGame(input, { maxMoves: 50 });
      if (kayles(n) === 3) assert.fail(`kayles ${n} + nim 3 is a P-position: choose another heap`);
      const target = 3;
      const expected: string[] = [];
      for (const k of [1, 2]) {
        if (kayles(n - k) === target) expected.push(`${k}:${n - k}`);
        for (let a = 1; 2 * a <= n - k; a++)
          if ((kayles(a) ^ kayles(n - k - a)) === target) expected.push(`${k}:${a},${n - k - a}`);
      }
      if (kayles(n) < 3) expected.push('nim'); // the Nim heap of 3 down to kayles(n)
      assert.equal(analysis.winningMoveCount, BigInt(expected.length), `kayles ${n}`);
      assert.ok(expected.length > 5000, `${expected.length} winning moves`);
      const listed = analysis.winningMoves.map(({ component, move }) =>
        component === 0 && move.kind === 'heap' ? `${move.take}:${move.leaves.join(',')}` : 'nim',
      );
      const heapMoves = listed.filter((m) => m !== 'nim');
      assert.equal(analysis.winningMoves.length, 50);
      assert.deepEqual(heapMoves, expected.filter((m) => m !== 'nim').slice(0, heapMoves.length), `kayles ${n}`);
    }
  });

  it('a Kayles heap of 10^18 has its nimber and ~10^17 winning moves, counted without listing them', () => {
    const n = 10n ** 18n;
    const input: GameInput = {
      play: 'normal',
      components: [
        { kind: 'heaps', rule: kaylesRule, heaps: [n] },
        { kind: 'heaps', rule: nim, heaps: [3n] },
      ],
    };
    const analysis = analyzeGame(input, { maxMoves: 10 });
    const g = kayles(Number(71n + ((n - 71n) % 12n)));
    assert.equal(analysis.components[0].nimber, BigInt(g));
    assert.equal(analysis.winningMoves.length, 10);
    assert.ok(
      analysis.winningMoveCount > 10n ** 16n && analysis.winningMoveCount < 10n ** 18n,
      `${analysis.winningMoveCount}`,
    );
    // Every listed move is winning: the heaps it leaves XOR (with the Nim heap) to 0.
    for (const { move } of analysis.winningMoves) {
      if (move.kind !== 'heap' || move.heap !== 0) continue;
      const left = move.leaves.reduce((x, h) => x ^ kayles(Number(h < 200n ? h : 71n + ((h - 71n) % 12n))), 0);
      assert.equal(left ^ 3, 0, JSON.stringify(move, bigints));
    }
  });

  it('Nim heaps of 10^30: one winning move, from the XOR', () => {
    const heaps = [10n ** 30n, 12345678901234567890n, 7n];
    const analysis = analyzeGame({ play: 'normal', components: [{ kind: 'heaps', rule: nim, heaps }] });
    const total = heaps.reduce((x, h) => x ^ h, 0n);
    assert.equal(analysis.nimber, total);
    const moves = heaps.flatMap((h, i) => ((h ^ total) < h ? [i] : []));
    assert.deepEqual(
      analysis.winningMoves.map(({ move }) => move.kind === 'heap' && move.heap),
      moves,
    );
  });

  it('subtract all except {2, 5} on a heap of 10^20: the moves to the target come from the arithmetic period', () => {
    const rule: HeapRule = { kind: 'subtractAllExcept', except: [2n, 5n] };
    const sequence = ruleSequence(rule);
    assert.ok(sequence.complete);
    const n = 10n ** 20n;
    const analysis = analyzeGame({
      play: 'normal',
      components: [
        { kind: 'heaps', rule, heaps: [n] },
        { kind: 'heaps', rule: nim, heaps: [5n] },
      ],
    });
    assert.equal(analysis.outcome, 'N');
    assert.ok(analysis.winningMoves.length > 0);
    for (const { component, move } of analysis.winningMoves) {
      if (component !== 0 || move.kind !== 'heap') continue;
      assert.ok(move.take !== 2n && move.take !== 5n && move.take > 0n);
      const left = move.leaves[0] ?? 0n;
      const { nimber } = analyzeGame({ play: 'normal', components: [{ kind: 'heaps', rule, heaps: [left] }] });
      assert.equal(nimber! ^ 5n, 0n);
    }
  });
});

/** Misère outcome on the explicit graph: no move left means the opponent moved last, and lost. */
function misereWins(product: ProductGame, states: readonly ComponentState[], memo: Map<string, boolean>): boolean {
  const key = stateKey(states);
  const known = memo.get(key);
  if (known !== undefined) return known;
  const options = product.options(states);
  const wins = options.length === 0 || options.some((option) => !misereWins(product, option, memo));
  memo.set(key, wins);
  return wins;
}

describe('games: misère play against the product graph', () => {
  it('800 random sums: outcome and exactly the winning moves (Bouton for Nim, the search otherwise)', () => {
    const next = random(13);
    for (let trial = 0; trial < 800; trial++) {
      const allNim = trial % 4 === 0;
      const components: ComponentInput[] = Array.from({ length: integer(next, 1, 3) }, () =>
        allNim
          ? {
              kind: 'heaps',
              rule: nim,
              heaps: Array.from({ length: integer(next, 1, 3) }, () => BigInt(integer(next, 0, 5))),
            }
          : randomComponent(next, 6),
      );
      expectMisereAgainstProduct({ play: 'misere', components });
    }
  });

  it('misère sums of heaps or rows of one octal rule go by its quotient: outcome and exactly the winning moves', () => {
    const next = random(26);
    const codes = [
      [0, 7, 7],
      [0, 0, 7],
      [0, 1, 3, 7],
      [0, 6],
      [0, 7, 5],
    ];
    let byQuotient = 0;
    for (let trial = 0; trial < 150; trial++) {
      const rule: HeapRule = { kind: 'octal', digits: codes[trial % codes.length] };
      const components: ComponentInput[] = Array.from({ length: integer(next, 1, 2) }, () =>
        next() < 0.5
          ? {
              kind: 'heaps',
              rule,
              heaps: Array.from({ length: integer(next, 1, 3) }, () => BigInt(integer(next, 0, 7))),
            }
          : {
              kind: 'octal-row',
              rule,
              cells: Array.from({ length: integer(next, 1, 9) }, () => (next() < 0.7 ? 'X' : '.')).join(''),
            },
      );
      const analysis = analyzeGame({ play: 'misere', components });
      if (analysis.decidedBy?.theory === 'quotient' || analysis.decidedBy?.theory === 'genus') byQuotient++;
      expectMisereAgainstProduct({ play: 'misere', components }, analysis);
    }
    assert.ok(byQuotient > 100, `${byQuotient} decided by the quotient`);
  });

  it('misère Nim of huge heaps uses Bouton, and other huge misère sums say they are beyond the search', () => {
    const big = analyzeGame({
      play: 'misere',
      components: [{ kind: 'heaps', rule: nim, heaps: [10n ** 20n, 10n ** 20n, 1n] }],
    });
    assert.equal(big.outcome, 'N');
    // Kayles' quotient is proved periodic: any heap. Every move but none-left under `subtract all
    // except 1` has no largest take, so no period is proved and a huge heap is beyond both.
    const kayles = analyzeGame({
      play: 'misere',
      components: [{ kind: 'heaps', rule: { kind: 'octal', digits: [0, 7, 7] }, heaps: [10n ** 20n, 10n ** 20n] }],
    });
    assert.equal(kayles.outcome, 'P');
    assert.equal(kayles.decidedBy?.theory, 'quotient');
    const beyond = analyzeGame({
      play: 'misere',
      components: [{ kind: 'heaps', rule: { kind: 'subtractAllExcept', except: [1n] }, heaps: [10n ** 20n] }],
    });
    assert.equal(beyond.outcome, null);
    assert.match(beyond.reason!, /beyond the misère search limit.*cannot be proved periodic/);
  });

  it('an exact misère search of heaps is kept in the cache, not done again; one under a value limit is not', () => {
    const cache = createEngineCache();
    const notone = (heap: bigint): GameInput => ({
      play: 'misere',
      components: [{ kind: 'heaps', rule: { kind: 'subtractAllExcept', except: [1n] }, heaps: [heap] }],
    });
    const input = notone(343n);
    const first = analyzeGame(input, { cache });
    assert.equal(first.decidedBy?.theory, 'search');
    assert.equal(cache.misereSearches.size, 1);
    const [kept] = cache.misereSearches.values();
    const again = analyzeGame(input, { cache });
    assert.deepEqual(again, first);
    assert.equal(cache.misereSearches.size, 1);
    assert.equal([...cache.misereSearches.values()][0], kept, 'the same search, not a new one');
    analyzeGame(notone(200n), { cache, budget: { maxValues: 10 ** 6 } });
    assert.equal(cache.misereSearches.size, 1, 'a search under a value limit depends on it: not kept');
  });

  it('a misère staircase of too many coins, or a picture of too many edges, is beyond the search by its size', () => {
    const stairs = analyzeGame({
      play: 'misere',
      components: [{ kind: 'staircase', stairs: [Array.from({ length: 3000 }, () => 5n)] }],
    });
    assert.equal(stairs.outcome, null);
    assert.match(
      stairs.reason!,
      /staircases of at most 10,000 coins and steps; this one has 15000 coins on 3000 steps/,
    );
    const n = 20_000;
    const ring = {
      vertexCount: n,
      ends: Int32Array.from({ length: 2 * n }, (_, i) => (i % 2 ? (i + 1) / 2 : i / 2) % n),
    };
    const picture = analyzeGame({ play: 'misere', components: [{ kind: 'hackenbush', pictures: [ring] }] });
    assert.equal(picture.outcome, null);
    assert.match(picture.reason!, /pictures of at most 10,000 edges; this one has 20000/);
  });
});

describe('games: the classics in sums (Wythoff, leftmost rows, word pieces) against the product graph', () => {
  it('600 random sums, normal play: nimber (the XOR theorem), outcome and exactly the winning moves', () => {
    const next = random(61);
    let nPositions = 0;
    for (let trial = 0; trial < 600; trial++) {
      const input: GameInput = {
        play: 'normal',
        components: Array.from({ length: integer(next, 1, 3) }, () => classicComponent(next)),
      };
      if (expectNormalAgainstProduct(input) !== 0) nPositions++;
    }
    assert.ok(nPositions > 200 && nPositions < 590, `both outcomes (${nPositions} N-positions)`);
  });

  it('300 random sums, misère play: outcome and exactly the winning moves, by the exact search', () => {
    const next = random(67);
    for (let trial = 0; trial < 300; trial++) {
      const input: GameInput = {
        play: 'misere',
        components: Array.from({ length: integer(next, 1, 2) }, () => classicComponent(next)),
      };
      expectMisereAgainstProduct(input);
    }
  });

  it('a lone Wythoff position of any size: outcome and moves by Beatty pairs; in a sum past the table, unknown', () => {
    const a = 10n ** 30n;
    const lone = analyzeGame({ play: 'normal', components: [{ kind: 'wythoff', positions: [[a, 2n * a]] }] });
    assert.equal(lone.outcome, 'N');
    assert.equal(lone.nimber, null);
    assert.ok(lone.winningMoves.length > 0);
    for (const { move } of lone.winningMoves) {
      assert.ok(move.kind === 'wythoff');
      const reply = analyzeGame({ play: 'normal', components: [{ kind: 'wythoff', positions: [move.to] }] });
      assert.equal(reply.outcome, 'P', `(${move.to}) is a P-position`);
    }
    const sum = analyzeGame({
      play: 'normal',
      components: [
        { kind: 'wythoff', positions: [[a, 2n * a]] },
        { kind: 'heaps', rule: nim, heaps: [3n] },
      ],
    });
    assert.equal(sum.outcome, null);
    assert.match(sum.reason!, /Wythoff nimbers have no known formula/);
    // The contract's examples.
    assert.equal(
      analyzeGame({ play: 'normal', components: [{ kind: 'wythoff', positions: [[3n, 5n]] }] }).outcome,
      'P',
    );
    assert.equal(
      analyzeGame({
        play: 'normal',
        components: [
          {
            kind: 'wythoff',
            positions: [
              [1n, 2n],
              [4n, 4n],
            ],
          },
        ],
      }).nimber,
      7n,
    );
    assert.equal(
      analyzeGame({
        play: 'normal',
        components: [
          {
            kind: 'leftmost',
            rows: [
              [1n, 2n],
              [3n, 0n, 1n],
            ],
          },
        ],
      }).nimber,
      3n,
    );
    assert.equal(
      analyzeGame({ play: 'normal', components: [{ kind: 'words', words: ['ab', 'ba', 'c'], pieces: ['abcab'] }] })
        .nimber,
      1n,
    );
  });
});

describe('games: version 3 components (staircases, Hackenbush pictures) in sums, against the product graph', () => {
  it('400 random sums, normal play: nimber, outcome and exactly the winning moves', () => {
    const next = random(71);
    let nPositions = 0;
    for (let trial = 0; trial < 400; trial++) {
      const input: GameInput = {
        play: 'normal',
        components: Array.from({ length: integer(next, 1, 3) }, () => v3Component(next)),
      };
      if (expectNormalAgainstProduct(input) !== 0) nPositions++;
    }
    assert.ok(nPositions > 150 && nPositions < 390, `both outcomes (${nPositions} N-positions)`);
  });

  it('200 random sums, misère play: outcome and exactly the winning moves, by the exact search', () => {
    const next = random(73);
    let pPositions = 0;
    for (let trial = 0; trial < 200; trial++) {
      const input: GameInput = {
        play: 'misere',
        components: Array.from({ length: integer(next, 1, 2) }, () => v3Component(next)),
      };
      if (!expectMisereAgainstProduct(input)) pPositions++;
    }
    assert.ok(pPositions > 10 && pPositions < 190, `both outcomes (${pPositions} P-positions)`);
  });
});

describe('games: Chomp boards (version 4, part 3) in sums, against the product graph', () => {
  it('300 random sums, normal play: nimber, outcome and exactly the winning moves', () => {
    const next = random(81);
    let nPositions = 0;
    for (let trial = 0; trial < 300; trial++) {
      const others = integer(next, 0, 1) ? [randomComponent(next, 4)] : [];
      const input: GameInput = { play: 'normal', components: [chompComponent(next), ...others] };
      if (expectNormalAgainstProduct(input) !== 0) nPositions++;
    }
    assert.ok(nPositions > 100 && nPositions < 290, `both outcomes (${nPositions} N-positions)`);
  });

  it('200 random sums, misère play: outcome and exactly the winning moves, by the exact search', () => {
    const next = random(83);
    let pPositions = 0;
    for (let trial = 0; trial < 200; trial++) {
      const others = integer(next, 0, 1) ? [randomComponent(next, 3)] : [];
      const input: GameInput = { play: 'misere', components: [chompComponent(next), ...others] };
      if (!expectMisereAgainstProduct(input)) pPositions++;
    }
    assert.ok(pPositions > 10 && pPositions < 190, `both outcomes (${pPositions} P-positions)`);
  });
});

describe('games: Cram boards (version 4, part 3) in sums, against the product graph', () => {
  it('300 random sums, normal play: nimber, outcome and exactly the winning moves', () => {
    const next = random(91);
    let nPositions = 0;
    for (let trial = 0; trial < 300; trial++) {
      const others = integer(next, 0, 1) ? [randomComponent(next, 4)] : [];
      const input: GameInput = { play: 'normal', components: [cramComponent(next), ...others] };
      if (expectNormalAgainstProduct(input) !== 0) nPositions++;
    }
    assert.ok(nPositions > 100 && nPositions < 290, `both outcomes (${nPositions} N-positions)`);
  });

  it('200 random sums, misère play: outcome and exactly the winning moves, by the exact search', () => {
    const next = random(93);
    let pPositions = 0;
    for (let trial = 0; trial < 200; trial++) {
      const others = integer(next, 0, 1) ? [randomComponent(next, 3)] : [];
      const input: GameInput = { play: 'misere', components: [cramComponent(next), ...others] };
      if (!expectMisereAgainstProduct(input)) pPositions++;
    }
    assert.ok(pPositions > 10 && pPositions < 190, `both outcomes (${pPositions} P-positions)`);
  });
});

describe('games: Node and Arc Kayles graphs (version 4, part 3) in sums, against the product graph', () => {
  it('300 random sums, normal play: nimber, outcome and exactly the winning moves', () => {
    const next = random(101);
    let nPositions = 0;
    for (let trial = 0; trial < 300; trial++) {
      const others = integer(next, 0, 1) ? [randomComponent(next, 4)] : [];
      const input: GameInput = { play: 'normal', components: [kaylesComponent(next), ...others] };
      if (expectNormalAgainstProduct(input) !== 0) nPositions++;
    }
    assert.ok(nPositions > 100 && nPositions < 290, `both outcomes (${nPositions} N-positions)`);
  });

  it('200 random sums, misère play: outcome and exactly the winning moves, by the exact search', () => {
    const next = random(103);
    let pPositions = 0;
    for (let trial = 0; trial < 200; trial++) {
      const others = integer(next, 0, 1) ? [randomComponent(next, 3)] : [];
      const input: GameInput = { play: 'misere', components: [kaylesComponent(next), ...others] };
      if (!expectMisereAgainstProduct(input)) pPositions++;
    }
    assert.ok(pPositions > 10 && pPositions < 190, `both outcomes (${pPositions} P-positions)`);
  });
});
