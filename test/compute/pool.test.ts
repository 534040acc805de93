// The worker pool (compute/pool.ts) with real workers on the bundled worker script: the queue and its
// pipelines, pins and time-sharing, cancellation, a worker's death, the memory budget, and workers that
// share no memory (a browser page not cross-origin isolated).
//
// No verdict here depends on how fast the machine is: where the pool decides by time (taking jobs back
// from behind a slow one, a quick worker's pipeline, a quotient's share of time, the cancel grace), its
// clock is a ManualClock the test moves; a job that must still be running when the test acts computes
// Officers (0.6, no known period) under a budget of an hour, and ends only when the test cancels it.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { jobLoop } from '../../server/src/compute/jobLoop';
import { nodeWorkers } from '../../server/src/compute/nodeWorkers';
import {
  CANCEL_GRACE_MS,
  CANCELLED_BY_ENDING_WORKER,
  type FromWorker,
  type JobOutcome,
  PIPELINE,
  type PoolOptions,
  type ToWorker,
  WorkerPool,
  type WorkerStarter,
} from '../../server/src/compute/pool';
import type { GameInput } from '../../server/src/engine/gameTypes';
import { gameRemoteness } from '../../server/src/engine/search/remoteness';
import type { HeapRule } from '../../server/src/engine/types';
import { ManualClock, settle } from '../helpers/manualClock';
import { repositoryPath } from '../helpers/paths';

/** A budget no run of these tests reaches: such a job ends when the test cancels it. */
const HOUR = 3_600_000;
/** Officers (0.6) has no known period: it computes until its budget (or a cancel). */
const officers = { kind: 'rule' as const, rule: { kind: 'octal' as const, digits: [0, 6] } };

/** Runs `test` with a pool of `size` workers on the bundled worker script, disposed of after. */
async function withPool(
  size: number,
  test: (pool: WorkerPool) => Promise<void>,
  options: Partial<PoolOptions> = {},
): Promise<void> {
  const pool = new WorkerPool({
    size,
    workers: nodeWorkers({ script: repositoryPath('out', 'server', 'worker.js') }),
    ...options,
  });
  try {
    await test(pool);
  } finally {
    await pool.dispose();
  }
}

describe('worker pool: the queue and the pipelines', function () {
  this.timeout(120_000);
  const rule = (n: number) => ({ kind: 'rule' as const, rule: { kind: 'subtract' as const, set: [1n, BigInt(n)] } });
  const keyOf = (n: number) => `subtract {1,${n}}`;

  it('cancelling jobs drops the queued ones at once and stops the sent ones; the rest run, right', async () => {
    await withPool(1, async (pool) => {
      const handles = Array.from({ length: 200 }, (_, i) => pool.run(rule(i + 2), 5000));
      const queued = pool.queuedCount;
      assert.ok(queued >= 200 - PIPELINE && queued < 200, `${queued} wait: the rest went to the worker`);
      const sent = 200 - queued;
      for (let i = 1; i < 200; i += 2) handles[i].cancel();
      const cancelledWhileQueued = Array.from({ length: 200 }, (_, i) => i).filter(
        (i) => i % 2 === 1 && i >= sent,
      ).length;
      assert.equal(pool.queuedCount, queued - cancelledWhileQueued);
      const outcomes = await Promise.all(handles.map((h) => h.outcome));
      for (let i = 0; i < 200; i++) {
        const outcome = outcomes[i];
        if (i % 2 === 1)
          assert.ok(
            i < sent
              ? outcome.status === 'dropped' || (outcome.status === 'done' && outcome.cancelled)
              : outcome.status === 'dropped',
            `job ${i} was cancelled`,
          );
        else
          assert.ok(
            outcome.status === 'done' &&
              !outcome.cancelled &&
              outcome.result.kind === 'rule' &&
              outcome.result.rule.key === keyOf(i + 2),
            `job ${i}`,
          );
      }
      assert.equal(pool.queuedCount, 0);
      assert.equal(pool.busyCount, 0);
    });
  });

  it('background jobs wait for every queued job, whenever they were given', async () => {
    const clock = new ManualClock();
    await withPool(
      1,
      async (pool) => {
        // The worker is busy (Officers, until the test cancels it) while the rest queue up, background ones first.
        const busy = pool.run(officers, HOUR);
        const order: string[] = [];
        const input: GameInput = {
          play: 'normal',
          components: [{ kind: 'heaps', rule: { kind: 'subtractAllExcept', except: [] }, heaps: [3n, 4n] }],
        };
        const background = Array.from({ length: 3 }, () => pool.run({ kind: 'remoteness', input }, HOUR, [], true));
        const general = Array.from({ length: 3 }, (_, i) => pool.run(rule(i + 2), 5000));
        background.forEach((h, i) => void h.outcome.then(() => order.push(`background ${i}`)));
        general.forEach((h, i) => void h.outcome.then(() => order.push(`general ${i}`)));
        // It runs 300 ms by the pool's clock (the jobs sent behind it meanwhile are taken back), then stops.
        clock.advance(300);
        busy.cancel();
        await Promise.all([busy, ...background, ...general].map((h) => h.outcome));
        assert.deepEqual(order.slice(0, 3).sort(), ['general 0', 'general 1', 'general 2'], order.join(', '));
        const found = await background[0].outcome;
        assert.ok(found.status === 'done' && found.result.kind === 'remoteness');
        assert.deepEqual(found.result.remoteness, { moves: gameRemoteness(input).remoteness }, 'as the engine has it');
      },
      { timers: clock },
    );
  });

  it('jobs sent behind a job that turns out slow are taken back and run on another worker', async () => {
    const clock = new ManualClock();
    await withPool(
      2,
      async (pool) => {
        // Officers runs until the test cancels it; the quick jobs are sent behind it, on both workers.
        const slow = pool.run(officers, HOUR);
        const quick = Array.from({ length: 12 }, (_, i) => pool.run(rule(i + 3), 5000));
        let slowDone = false;
        void slow.outcome.then(() => (slowDone = true));
        // A second by the pool's clock: the slow one has run long enough for the jobs behind it to be taken back.
        clock.advance(1000);
        const outcomes = await Promise.all(quick.map((h) => h.outcome));
        assert.equal(slowDone, false, 'the quick jobs did not wait for the slow one');
        outcomes.forEach((o, i) =>
          assert.ok(
            o.status === 'done' && !o.cancelled && o.result.kind === 'rule' && o.result.rule.key === keyOf(i + 3),
            `job ${i}`,
          ),
        );
        slow.cancel();
        const stopped = await slow.outcome;
        const seen =
          stopped.status === 'done'
            ? `done, cancelled ${stopped.cancelled}, ` +
              `${stopped.result.kind === 'rule' ? stopped.result.rule.reason : ''}`
            : JSON.stringify(stopped);
        assert.ok(stopped.status === 'done' && stopped.cancelled, seen);
      },
      { timers: clock },
    );
  });

  it("a rule's misère quotient jobs wait for the worker that holds it, and resume its growth there", async () => {
    const clock = new ManualClock();
    const pool = new WorkerPool({
      size: 2,
      workers: nodeWorkers({ script: repositoryPath('out', 'server', 'worker.js') }),
      timers: clock,
    });
    const kayles: HeapRule = { kind: 'octal', digits: [0, 7, 7] };
    const heapsOf = (outcome: JobOutcome) =>
      outcome.status === 'done' && outcome.result.kind === 'quotientGrowth' ? outcome.result.growth.heaps : -1;
    try {
      // Officers computes until the test cancels it: it keeps the first worker busy.
      const first = pool.run(officers, HOUR);
      // So the growth goes to the second, which becomes its home; then officers again keeps the home busy.
      const growing = pool.run({ kind: 'quotientGrowth', rule: kayles, to: 30 }, HOUR);
      // The growth takes a second by the pool's clock: its worker is not one of quick jobs (none are sent ahead to it).
      clock.advance(1000);
      const grown = await growing.outcome;
      assert.equal(heapsOf(grown), 30);
      const second = pool.run(officers, HOUR);
      // 1 ms could not grow Kayles' quotient to heap 30 from nothing: only its home can answer 30.
      const resumed = pool.run({ kind: 'quotientGrowth', rule: kayles, to: 30 }, 1);
      let answered = false;
      void resumed.outcome.then(() => (answered = true));
      first.cancel();
      // The first worker's answer is taken, and the pool has given out what it would to the idle worker.
      await first.outcome;
      assert.equal(pool.busyCount, 1, 'it waits for its home, not for the worker that is idle');
      assert.equal(answered, false, 'it waits for its home, not for the worker that is idle');
      second.cancel();
      assert.equal(heapsOf(await resumed.outcome), 30);
    } finally {
      await pool.dispose();
    }
  });

  it("a quotient's home shares its time by time, not turns: after a long pinned job, the others first", async () => {
    const clock = new ManualClock();
    await withPool(
      1,
      async (pool) => {
        const dawson: HeapRule = { kind: 'octal', digits: [0, 1, 3, 7] };
        // Dawson's quotient to heap 40 takes minutes: each growth runs its whole budget.
        const order: string[] = [];
        const long = pool.run({ kind: 'quotientGrowth', rule: dawson, to: 40 }, 400);
        const next = pool.run({ kind: 'quotientGrowth', rule: dawson, to: 40 }, 400);
        const quick = Array.from({ length: 5 }, (_, i) => pool.run(rule(i + 2), 5000));
        void long.outcome.then(() => order.push('pinned 0'));
        void next.outcome.then(() => order.push('pinned 1'));
        quick.forEach((h, i) => void h.outcome.then(() => order.push(`general ${i}`)));
        // By the pool's clock the long growth runs 400 ms (the jobs sent behind it meanwhile are taken back),
        // and the quick ones no time at all.
        clock.advance(400);
        await Promise.all([long, next, ...quick].map((h) => h.outcome));
        // Turns would have let one general job through between the two pinned ones.
        assert.deepEqual(
          order,
          ['pinned 0', 'general 0', 'general 1', 'general 2', 'general 3', 'general 4', 'pinned 1'],
          order.join(', '),
        );
      },
      { timers: clock },
    );
  });

  it('a worker that dies fails only its running job; the jobs sent behind it run on its replacement', async () => {
    const crashes: string[] = [];
    const workers: Worker[] = [];
    const pool = new WorkerPool({
      size: 1,
      workers: nodeWorkers({ script: repositoryPath('out', 'server', 'worker.js'), onWorker: (w) => workers.push(w) }),
      quickJobMs: 10_000,
      onCrash: (why) => crashes.push(why),
      // The pool's clock stands still: no job is taken back, and every one takes no time.
      timers: new ManualClock(),
    });
    try {
      // Every job counts as quick here (quickJobMs, and the clock), so the worker is sent several at once.
      await pool.run(rule(2), 5000).outcome;
      // Officers computes until the test stops it: the worker is killed while it runs.
      const slow = pool.run(officers, HOUR);
      const handles = Array.from({ length: 7 }, (_, i) => pool.run(rule(i + 3), 5000));
      assert.equal(pool.queuedCount, 0, 'all were sent ahead to the quick worker');
      // As a crash would: from outside, since a busy worker reads no messages.
      void workers[0].terminate();
      const failed = await slow.outcome;
      assert.equal(failed.status, 'failed');
      assert.match(failed.status === 'failed' ? failed.message : '', /worker stopped/);
      const outcomes = await Promise.all(handles.map((h) => h.outcome));
      assert.equal(crashes.length, 1);
      outcomes.forEach((o, i) =>
        assert.ok(
          o.status === 'done' && o.result.kind === 'rule' && o.result.rule.key === keyOf(i + 3),
          `job ${i}, sent behind the slow one, ran on the new worker`,
        ),
      );
    } finally {
      await pool.dispose();
    }
  });

  it("memory is a budget: a job over its share fails 'at the memory limit'; the pool goes on", async () => {
    // A worker of our own, so that the job can do what no engine job should: hoard objects.
    const dir = mkdtempSync(join(tmpdir(), 'grundy-pool-'));
    const script = join(dir, 'hoarder.js');
    writeFileSync(
      script,
      `const { parentPort } = require('node:worker_threads');
       parentPort.on('message', (m) => {
         if (m.job.kind === 'hoard') {
           const hoard = [];
           for (;;) hoard.push({ n: hoard.length, s: 'x' + hoard.length });
         }
         const result = { kind: 'values', valueBytes: m.valueBytes };
         parentPort.postMessage({ type: 'done', id: m.id, result, cancelled: false });
       });`,
    );
    const crashes: string[] = [];
    const pool = new WorkerPool({
      size: 2,
      workers: nodeWorkers({ script }),
      memoryMb: 128,
      onCrash: (why) => crashes.push(why),
    });
    try {
      const hoard = await pool.run({ kind: 'hoard' } as never, 60_000).outcome;
      assert.equal(hoard.status, 'failed');
      assert.match(
        hoard.status === 'failed' ? hoard.message : '',
        /^stopped at the memory limit \(32 MiB of objects for one computation\)$/,
      );
      assert.equal(crashes.length, 1);
      // Each of the two workers gets half of the 128 MiB: half of that for values.
      const share = await pool.run({ kind: 'ask' } as never, 5000).outcome;
      assert.deepEqual(share.status === 'done' ? share.result : share, { kind: 'values', valueBytes: 32 * 2 ** 20 });
      pool.setMemoryMb(512);
      const more = await pool.run({ kind: 'ask' } as never, 5000).outcome;
      assert.deepEqual(more.status === 'done' ? more.result : more, { kind: 'values', valueBytes: 128 * 2 ** 20 });
      // The restarted workers have the larger heap: the same hoard now fails at 128 MiB.
      const again = await pool.run({ kind: 'hoard' } as never, 60_000).outcome;
      assert.match(
        again.status === 'failed' ? again.message : '',
        /^stopped at the memory limit \(128 MiB of objects for one computation\)$/,
      );
    } finally {
      await pool.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A browser page that is not cross-origin isolated has no SharedArrayBuffer: its workers cannot
// be asked to stop (server/src/browser/workers.ts). The same pool logic runs here on Node workers
// told to share nothing: the cancel array is copied to them, so a cancellation never reaches one.
describe('worker pool: workers that share no memory (a browser page not cross-origin isolated)', function () {
  this.timeout(120_000);
  const rule = (n: number) => ({ kind: 'rule' as const, rule: { kind: 'subtract' as const, set: [1n, BigInt(n)] } });
  const keyOf = (n: number) => `subtract {1,${n}}`;
  const sharingNothing = (onWorker?: (worker: Worker) => void): WorkerStarter => ({
    ...nodeWorkers({ script: repositoryPath('out', 'server', 'worker.js'), onWorker }),
    sharedMemory: false,
  });

  it('each worker gets one job at a time; all of them run, right', async () => {
    const pool = new WorkerPool({ size: 2, workers: sharingNothing() });
    try {
      const handles = Array.from({ length: 40 }, (_, i) => pool.run(rule(i + 2), 5000));
      assert.equal(pool.queuedCount, 38, 'two jobs sent, one to each worker; the rest wait here');
      const outcomes = await Promise.all(handles.map((h) => h.outcome));
      outcomes.forEach((o, i) =>
        assert.ok(
          o.status === 'done' && !o.cancelled && o.result.kind === 'rule' && o.result.rule.key === keyOf(i + 2),
        ),
      );
    } finally {
      await pool.dispose();
    }
  });

  it('a cancelled job that does not stop ends its worker after the grace; the next runs on a new one', async () => {
    const workers: Worker[] = [];
    const crashes: string[] = [];
    const clock = new ManualClock();
    const pool = new WorkerPool({
      size: 1,
      workers: sharingNothing((w) => workers.push(w)),
      onCrash: (c) => crashes.push(c),
      timers: clock,
    });
    try {
      // Officers computes for an hour: the cancel cannot reach it, so it runs until its worker is ended.
      const slow = pool.run(officers, HOUR);
      const behind = pool.run(rule(5), 5000);
      let stopped: JobOutcome | undefined;
      void slow.outcome.then((outcome) => (stopped = outcome));
      slow.cancel();
      clock.advance(CANCEL_GRACE_MS - 1);
      await settle();
      assert.equal(stopped, undefined, 'not ended before the grace is over');
      clock.advance(1);
      await settle();
      assert.deepEqual(stopped, { status: 'failed', message: CANCELLED_BY_ENDING_WORKER }, 'ended when it is over');
      const next = await behind.outcome;
      assert.ok(next.status === 'done' && next.result.kind === 'rule' && next.result.rule.key === keyOf(5));
      assert.equal(workers.length, 2, 'the worker was replaced');
      assert.deepEqual(crashes, [], 'an ended worker is not a crash');
    } finally {
      await pool.dispose();
    }
  });

  it('a cancelled job that finishes within the grace period keeps its worker', async () => {
    const workers: Worker[] = [];
    const clock = new ManualClock();
    const pool = new WorkerPool({ size: 1, workers: sharingNothing((w) => workers.push(w)), timers: clock });
    try {
      const quick = pool.run(rule(7), 5000);
      quick.cancel();
      // It answers while the pool's clock stands still: within the grace, however long the machine took.
      const outcome = await quick.outcome;
      assert.ok(outcome.status === 'done' && outcome.cancelled && outcome.result.kind === 'rule');
      // Then the grace is over: the pool looks, finds the job finished, and keeps the worker.
      clock.advance(CANCEL_GRACE_MS + 100);
      const again = await pool.run(rule(8), 5000).outcome;
      assert.ok(again.status === 'done' && again.result.kind === 'rule' && again.result.rule.key === keyOf(8));
      assert.equal(workers.length, 1, 'no worker was ended');
    } finally {
      await pool.dispose();
    }
  });
});

describe('worker pool: jobs taken back from behind a slow one', function () {
  this.timeout(120_000);
  const rule = (n: number) => ({ kind: 'rule' as const, rule: { kind: 'subtract' as const, set: [1n, BigInt(n)] } });

  it("the worker's job loop skips a job taken back before its turn; one cancelled runs and stops at once", () => {
    const replies: FromWorker[] = [];
    const cancel = new Int32Array(new SharedArrayBuffer(4 * PIPELINE));
    const loop = jobLoop((reply) => replies.push(reply), cancel);
    Atomics.store(cancel, 3, -42); // taken back
    // Officers (0.6) would compute for its whole budget (a minute): skipped, it answers at once.
    const started = performance.now();
    loop({ type: 'run', id: 42, job: officers, budgetMs: 60_000, cancelIndex: 3, valueBytes: 2 ** 24 });
    assert.deepEqual(replies, [{ type: 'skipped', id: 42 }]);
    assert.ok(performance.now() - started < 30_000, 'not run');
    loop({ type: 'run', id: 43, job: rule(4), budgetMs: 5000, cancelIndex: 3, valueBytes: 2 ** 24 });
    assert.equal(replies[1].type, 'done', 'the next job at the same position runs');
    // Cancelled by its caller (the id itself): run, and stopped at once with what it has.
    Atomics.store(cancel, 5, 44);
    loop({ type: 'run', id: 44, job: officers, budgetMs: 60_000, cancelIndex: 5, valueBytes: 2 ** 24 });
    const cancelled = replies[2];
    assert.ok(cancelled.type === 'done' && cancelled.cancelled, JSON.stringify(cancelled.type));
  });

  it('skipped answers neither refill the pipeline behind a slow job nor run a job twice', async () => {
    // A worker of this test's own: `slow` jobs take 300 ms, others 1 ms, on the pool's clock (moved by the
    // test); one taken back is skipped, as jobLoop does. It records how many jobs it held each time one
    // arrived after the slow one began.
    const clock = new ManualClock();
    const runs: number[] = [];
    const heldAfterSlow: number[] = [];
    const starter: WorkerStarter = {
      sharedMemory: true,
      start({ cancel }, events) {
        const held: ToWorker[] = [];
        let slowBegun = false;
        let timer: number | undefined;
        const next = () => {
          timer = undefined;
          const message = held.shift();
          if (!message) return;
          if (Atomics.load(cancel, message.cancelIndex) === -message.id) {
            events.message({ type: 'skipped', id: message.id });
            next();
            return;
          }
          const slow = message.job.kind === 'rule' && message.job.rule.kind === 'octal';
          slowBegun ||= slow;
          timer = clock.setTimeout(
            () => {
              runs.push(message.id);
              events.message({
                type: 'done',
                id: message.id,
                result: { kind: 'decimal', decimal: { text: '' } },
                cancelled: false,
              });
              next();
            },
            slow ? 300 : 1,
          );
        };
        return {
          post(message) {
            held.push(message);
            if (slowBegun) heldAfterSlow.push(held.length);
            if (!timer) next();
          },
          terminate: async () => clock.clearTimeout(timer),
        };
      },
    };
    const pool = new WorkerPool({ size: 1, workers: starter, timers: clock });
    try {
      const first = pool.run(rule(2), 5000);
      const slow = pool.run({ kind: 'rule', rule: { kind: 'octal', digits: [0, 6] } }, 5000);
      const behind = Array.from({ length: 8 }, (_, i) => pool.run(rule(i + 3), 5000));
      // Time enough for all of them (a slow 300 ms, and 1 ms each for the rest), in the order it comes.
      clock.advance(1000);
      const outcomes = await Promise.all([first, slow, ...behind].map((h) => h.outcome));
      assert.ok(outcomes.every((o) => o.status === 'done'));
      assert.equal(runs.length, 10, 'each job ran once');
      // After the slow job, jobs go one at a time until one is quick again (then pipelined).
      assert.equal(heldAfterSlow[0], 1, `held: ${heldAfterSlow.join(', ')}`);
    } finally {
      await pool.dispose();
    }
  });
});
