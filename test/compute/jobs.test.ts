// What a worker answers about a misère search cut short: whether another try could get further
// (`stopped`) follows the engine's stop cause, not the wording of its reason. And the computer's
// move in play mode on graphs with cycles (replyChoice), against an independent oracle.
import * as assert from 'node:assert/strict';
import { replyChoice, runJob, type TokenMoved } from '../../server/src/compute/jobs';
import { createEngineCache, type GraphData } from '../../server/src/engine';
import { loopyValues } from '../../server/src/engine/families/loopyGraph';
import type { GameInput, GameMove } from '../../server/src/engine/gameTypes';
import { gameAfter, gameMoves, gameOver } from '../../server/src/engine/search';
import { type Outcome, retrogradeOutcomes, TokenSum } from '../engine/oracles/loopy';
import { integer, random } from '../engine/oracles/random';
import { graphOf, randomSuccessors } from '../engine/oracles/randomGames';

// Two rules in one sum: no one quotient covers it, so the exact search decides it (or stops).
const misereMixed: GameInput = {
  play: 'misere',
  components: [
    { kind: 'heaps', rule: { kind: 'octal', digits: [0, 7, 7] }, heaps: [600n] },
    { kind: 'heaps', rule: { kind: 'octal', digits: [0, 0, 7] }, heaps: [700n] },
  ],
};
const job = { kind: 'game', input: misereMixed, maxMoves: 10 } as const;

function gameOf(result: ReturnType<typeof runJob>) {
  assert.equal(result.kind, 'game');
  return result.game;
}

describe('worker jobs', () => {
  it('a misère search stopped by the clock, a cancellation or a value budget is marked stopped', () => {
    const late = gameOf(runJob(job, { deadline: Date.now() - 1 }, createEngineCache()));
    assert.equal(late.outcome, null);
    assert.match(late.reason!, /time limit/);
    assert.equal(late.stopped, true);
    const cancelled = gameOf(runJob(job, { isCancelled: () => true }, createEngineCache()));
    assert.equal(cancelled.reason, 'cancelled');
    assert.equal(cancelled.stopped, true);
    const small = gameOf(runJob(job, { maxValues: 5000 }, createEngineCache()));
    assert.match(small.reason!, /misère search limit \(5,000 positions\)/);
    assert.equal(small.stopped, true);
  });

  it('a misère game decided, or beyond the fixed heap limit, is not', () => {
    const decided = gameOf(
      runJob(
        {
          kind: 'game',
          input: {
            play: 'misere',
            components: [{ kind: 'heaps', rule: { kind: 'octal', digits: [0, 7, 7] }, heaps: [4n] }],
          },
          maxMoves: 10,
        },
        {},
        createEngineCache(),
      ),
    );
    assert.equal(decided.outcome, 'P'); // misère Kayles: 1, 4, 9, 12, … are P-positions
    assert.equal(decided.stopped, false);
    const huge = gameOf(
      runJob(
        {
          kind: 'game',
          input: {
            play: 'misere',
            // Every take but 1: no largest take, so no period of its quotient can be proved, and
            // 2^40 heaps are past computing one by one.
            components: [{ kind: 'heaps', rule: { kind: 'subtractAllExcept', except: [1n] }, heaps: [2n ** 40n] }],
          },
          maxMoves: 10,
        },
        {},
        createEngineCache(),
      ),
    );
    assert.match(huge.reason!, /heaps of at most 10,000/);
    assert.equal(huge.stopped, false);
  });
});

// The computer's move where positions may repeat (compute/reply.ts): tokens on random graphs with
// cycles beside a Nim heap, judged by retrograde analysis of the whole sum (test/engine/oracles/loopy.ts,
// which shares no code with the engine). From a won position the computer must end the game against
// any opponent, also where the remoteness search does not reach (NO_SEARCH: the values and the user's
// last move decide, so raises are undone); from a drawn one it must keep the draw.
const NIM = { kind: 'subtractAllExcept', except: [] } as const;
/** Limits the remoteness search cannot meet: it reaches no game, and the reply goes by the values. */
const NO_SEARCH = { positions: 1, moves: 1 };

interface LoopySum {
  readonly successors: number[][];
  readonly graph: GraphData;
  readonly sum: TokenSum;
  readonly outcomes: readonly Outcome[];
}

/** Whether the successor lists have a cycle: some vertex is left when those with no successor left are peeled off. */
function hasCycle(successors: readonly (readonly number[])[]): boolean {
  const left = successors.map((s) => s.length);
  const peeled = left.flatMap((n, v) => (n === 0 ? [v] : []));
  for (let i = 0; i < peeled.length; i++)
    successors.forEach((s, v) => {
      for (const w of s) if (w === peeled[i] && --left[v] === 0) peeled.push(v);
    });
  return peeled.length < successors.length;
}

/** A sum of 1 or 2 tokens on a random graph with a cycle (2 to 8 vertices) and a Nim heap of at most 2. */
function randomLoopySum(next: () => number, play: 'normal' | 'misere'): LoopySum {
  let successors: number[][];
  do {
    const count = integer(next, 2, 8);
    successors = randomSuccessors(next, count, integer(next, count, 3 * count));
  } while (!hasCycle(successors));
  const sum = new TokenSum(successors, integer(next, 1, 2), integer(next, 0, 2));
  return { successors, graph: graphOf(successors), sum, outcomes: retrogradeOutcomes(sum.count, sum.options, play) };
}

function inputAt({ graph, sum }: LoopySum, p: number, play: 'normal' | 'misere'): GameInput {
  const { vertices, heap } = sum.decode(p);
  return {
    play,
    components: [
      { kind: 'tokens', graph, vertices },
      { kind: 'heaps', rule: NIM, heaps: [BigInt(heap)] },
    ],
  };
}

/** The oracle's position of a game made by inputAt and moves. */
function positionOf({ sum }: LoopySum, input: GameInput): number {
  const [tokens, heaps] = input.components;
  assert.ok(tokens.kind === 'tokens' && heaps.kind === 'heaps');
  return sum.encode(tokens.vertices, Number(heaps.heaps.reduce((x, h) => x + h, 0n)));
}

/** Tokens are alike: a position is its vertices in any order, and the heap. */
function canonical({ sum }: LoopySum, p: number): string {
  const { vertices, heap } = sum.decode(p);
  return `${vertices.sort((a, b) => a - b)} + ${heap}`;
}

/**
 * The user's move: half the games a raiser (a token to an infinite vertex or a larger value, three
 * times in four when it can: the moves a memoryless winner goes round on), the others at random.
 */
function userMoveIn(input: GameInput, values: Int32Array, raiser: boolean, next: () => number): GameMove {
  const listed = gameMoves(input);
  assert.ok('moves' in listed && listed.moves.length > 0);
  const tokens = input.components[0];
  const raises = listed.moves.filter(({ move }) => {
    if (move.kind !== 'token' || tokens.kind !== 'tokens') return false;
    const from = values[tokens.vertices[move.token]];
    return from >= 0 && (values[move.to] < 0 || values[move.to] > from);
  });
  const from = raiser && raises.length > 0 && next() < 0.75 ? raises : listed.moves;
  return from[integer(next, 0, from.length - 1)];
}

describe("the computer's move where positions repeat (replyChoice)", () => {
  for (const [play, limits] of [
    ['normal', NO_SEARCH],
    ['normal', undefined],
    ['misere', undefined],
  ] as const)
    it(`from every won position it ends the game against any user: ${play} play, ${
      limits ? 'by the values and the last move' : 'by remoteness'
    }`, () => {
      const next = random(play === 'normal' ? (limits ? 61 : 62) : 63);
      let games = 0;
      let reversals = 0;
      let raisesAnswered = 0;
      let longest = 0;
      for (let trial = 0; trial < (limits ? 400 : 150); trial++) {
        const loopy = randomLoopySum(next, play);
        const { sum, outcomes, graph } = loopy;
        const values = loopyValues(graph, {}).values;
        const cache = createEngineCache();
        for (let p = 0; p < sum.count; p++) {
          if (outcomes[p] !== 'W') continue;
          games++;
          const raiser = games % 2 === 0;
          const where = () => `${canonical(loopy, p)} on ${JSON.stringify(loopy.successors)} (${play})`;
          let input = inputAt(loopy, p, play);
          let userMove: TokenMoved | undefined;
          let raised = false;
          const userTurns = new Set<string>();
          for (let moves = 0; ; ) {
            // Misère play: a position with no move is won, the user having made the last move.
            if (play === 'misere' && gameOver(input)) {
              longest = Math.max(longest, moves);
              break;
            }
            const choice = replyChoice(input, {}, cache, { userMove, ...(limits ? { limits } : {}) });
            assert.equal(choice.kind, 'move', where());
            if (choice.kind !== 'move') break;
            assert.equal(choice.how, limits ? (userMove ? choice.how : 'winning') : 'remoteness', where());
            if (choice.how === 'reversal') reversals++;
            if (raised) raisesAnswered++;
            input = gameAfter(input, choice.move);
            moves++;
            const q = positionOf(loopy, input);
            assert.equal(outcomes[q], 'L', `the computer leaves a lost position: ${where()}`);
            if (gameOver(input)) {
              longest = Math.max(longest, moves);
              break;
            }
            // Each position at the user's turn once: the game cannot go round.
            assert.ok(!userTurns.has(canonical(loopy, q)), `${canonical(loopy, q)} again: ${where()}`);
            userTurns.add(canonical(loopy, q));
            const move = userMoveIn(input, values, raiser, next);
            const tokens = input.components[0];
            userMove =
              move.move.kind === 'token' && tokens.kind === 'tokens'
                ? { component: 0, token: move.move.token, from: tokens.vertices[move.move.token] }
                : undefined;
            raised =
              userMove !== undefined &&
              move.move.kind === 'token' &&
              (values[move.move.to] < 0 || values[move.move.to] > values[userMove.from]);
            input = gameAfter(input, move);
            moves++;
            assert.ok(moves <= 4 * sum.count, `over ${4 * sum.count} moves: ${where()}`);
          }
        }
      }
      assert.ok(games > (limits ? 2000 : 300), `${games} games`);
      // Every raise is undone (Smith's (B): a follower of the value it left, with a smaller counter).
      if (limits && play === 'normal') {
        assert.equal(reversals, raisesAnswered);
        assert.ok(reversals > 1000, `${reversals} reversals`);
      } else assert.equal(reversals, 0);
      assert.ok(longest >= 5, `the longest game: ${longest} moves`);
    });

  for (const [play, limits] of [
    ['normal', NO_SEARCH],
    ['normal', undefined],
    ['misere', NO_SEARCH],
    ['misere', undefined],
  ] as const)
    it(`from every drawn position it keeps the draw: ${play} play${limits ? ', without the search' : ''}`, () => {
      const next = random(play === 'normal' ? 64 : 65);
      let draws = 0;
      for (let trial = 0; trial < 60; trial++) {
        const loopy = randomLoopySum(next, play);
        const cache = createEngineCache();
        for (let p = 0; p < loopy.sum.count; p++) {
          if (loopy.outcomes[p] !== 'D') continue;
          const where = `${canonical(loopy, p)} on ${JSON.stringify(loopy.successors)}`;
          const input = inputAt(loopy, p, play);
          const choice = replyChoice(input, {}, cache, limits ? { limits } : {});
          assert.ok(choice.kind === 'move' && choice.how === 'draw', where);
          assert.equal(loopy.outcomes[positionOf(loopy, gameAfter(input, choice.move))], 'D', where);
          draws++;
        }
      }
      assert.ok(draws > 1000, `${draws} drawn positions`);
    });
});
