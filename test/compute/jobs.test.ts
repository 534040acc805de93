// What a worker answers about a misère search cut short: whether another try could get further
// (`stopped`) follows the engine's stop cause, not the wording of its reason.
import * as assert from 'node:assert/strict';
import { runJob } from '../../server/src/compute/jobs';
import { createEngineCache } from '../../server/src/engine';
import type { GameInput } from '../../server/src/engine/gameTypes';

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
