// The compute layer's bookkeeping (compute/computations.ts, compute/pool.ts) with a fake pool
// whose jobs finish when the test says: what is kept, what is cancelled, what progress sees.
// How it scales is measured in test/server/scale.bench.ts, not timed here.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { type Computation, type ComputationRequest, Computations } from '../../server/src/compute/computations';
import type { GameResult, Job, JobResult } from '../../server/src/compute/jobs';
import { nodeWorkers } from '../../server/src/compute/nodeWorkers';
import {
  CANCEL_GRACE_MS,
  CANCELLED_BY_ENDING_WORKER,
  type JobOutcome,
  PIPELINE,
  WorkerPool,
  type WorkerStarter,
} from '../../server/src/compute/pool';
import type { GameInput } from '../../server/src/engine/gameTypes';
import { gameRemoteness } from '../../server/src/engine/search/remoteness';
import type { HeapRule } from '../../server/src/engine/types';
import { repositoryPath } from '../helpers/paths';

interface FakeJob {
  readonly key: string;
  readonly finish: (outcome: JobOutcome) => void;
  cancelled: boolean;
}

/** A pool that runs nothing: the test finishes each job by hand. */
class FakePool {
  readonly jobs: FakeJob[] = [];
  run(job: { key: string }): { outcome: Promise<JobOutcome>; cancel(): void } {
    let finish!: (outcome: JobOutcome) => void;
    const outcome = new Promise<JobOutcome>((resolve) => (finish = resolve));
    const fake: FakeJob = { key: job.key, finish, cancelled: false };
    this.jobs.push(fake);
    return { outcome, cancel: () => (fake.cancelled = true) };
  }
  job(key: string): FakeJob {
    const found = this.jobs.filter((j) => j.key === key).at(-1);
    assert.ok(found, `a job for ${key}`);
    return found;
  }
}

const ruleResult = (key: string): JobResult => ({
  kind: 'rule',
  rule: { key, firstValues: [0, 1], computedUpTo: 1, reason: 'test' },
});

function request(key: string, label = key): ComputationRequest {
  return { key, label, job: () => ({ key }) as never, affinity: [] };
}

function setup(): { pool: FakePool; computations: Computations; finished: string[] } {
  const pool = new FakePool();
  const computations = new Computations(pool as unknown as WorkerPool, 1000);
  const finished: string[] = [];
  computations.onDidFinish((key) => finished.push(key));
  return { pool, computations, finished };
}

/** Lets the outcome promises' callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Keys k0 … k(count − 1), wanted by `owner`, started and finished. */
async function finishedFor(
  owner: string,
  count: number,
  pool: FakePool,
  computations: Computations,
): Promise<string[]> {
  const keys = Array.from({ length: count }, (_, i) => `k${i}`);
  computations.want(owner, keys);
  for (const key of keys) computations.ensure(request(key));
  for (const key of keys) pool.job(key).finish({ status: 'done', result: ruleResult(key), cancelled: false });
  await settle();
  return keys;
}

/** A pool that keeps every job it is given, to be finished by hand (quotient growths have no key). */
class JobPool {
  readonly started: { job: Job; finish: (outcome: JobOutcome) => void; cancelled: boolean; background: boolean }[] = [];
  run(job: Job, _budgetMs?: number, _affinity?: readonly string[], background = false) {
    let finish!: (outcome: JobOutcome) => void;
    const outcome = new Promise<JobOutcome>((resolve) => (finish = resolve));
    const started = { job, finish, cancelled: false, background };
    this.started.push(started);
    return { outcome, cancel: () => (started.cancelled = true) };
  }
  last(kind: Job['kind']) {
    const found = this.started.filter((s) => s.job.kind === kind).at(-1);
    assert.ok(found, `a ${kind} job`);
    return found;
  }
}

describe("computations: a game's remoteness searched apart", () => {
  const input: GameInput = {
    play: 'normal',
    components: [{ kind: 'heaps', rule: { kind: 'subtractAllExcept', except: [] }, heaps: [10n, 20n, 30n] }],
  };
  const gameRequest: ComputationRequest = {
    key: 'game n',
    label: 'n',
    job: () => ({ kind: 'game', input, maxMoves: 3 }),
    affinity: [],
  };
  const pending: JobResult = {
    kind: 'game',
    game: {
      play: 'normal',
      nimber: 0n,
      outcome: 'P',
      components: [],
      winningMoves: [],
      winningMoveCount: 0n,
      stopped: false,
      elapsedMs: 1,
      remotenessPending: true,
    },
  };

  it('starts when asked, in the background, completes the result, and stops when the game is let go', async () => {
    const pool = new JobPool();
    const computations = new Computations(pool as unknown as WorkerPool, 1000);
    const told: Computation[] = [];
    computations.onDidFinish((key, c) => key === 'game n' && told.push(c));
    computations.want('doc', ['game n']);
    computations.ensure(gameRequest);
    const game = pool.last('game');
    assert.equal((game.job as { remotenessApart?: boolean }).remotenessApart, true);
    game.finish({ status: 'done', result: pending, cancelled: false });
    await settle();
    assert.equal(pool.started.filter((s) => s.job.kind === 'remoteness').length, 0, 'not searched unless asked');
    computations.searchRemoteness(gameRequest);
    computations.searchRemoteness(gameRequest);
    assert.equal(pool.started.filter((s) => s.job.kind === 'remoteness').length, 1, 'once, however often asked');
    const search = pool.last('remoteness');
    assert.equal(search.background, true, 'after every value');
    assert.deepEqual(search.job, { kind: 'remoteness', input });
    assert.equal(computations.pendingCount, 1, 'the status counts it');
    search.finish({ status: 'done', result: { kind: 'remoteness', remoteness: { moves: 60 } }, cancelled: false });
    await settle();
    assert.equal(computations.pendingCount, 0);
    const done = computations.ensure(gameRequest);
    assert.ok(done.state === 'done' && done.result.kind === 'game');
    assert.equal(done.result.game.remoteness, 60);
    assert.equal(done.result.game.remotenessPending, undefined);
    assert.equal(told.length, 2, 'listeners told of the value, then of its remoteness');

    // Another game: let go while its search runs, the search stops; wanted again, it starts again.
    const other: ComputationRequest = { ...gameRequest, key: 'game m', label: 'm' };
    computations.want('doc', ['game m']);
    computations.ensure(other);
    pool.last('game').finish({ status: 'done', result: pending, cancelled: false });
    await settle();
    computations.searchRemoteness(other);
    const first = pool.last('remoteness');
    computations.want('doc', []);
    assert.equal(first.cancelled, true, 'nobody wants the game');
    assert.equal(computations.pendingCount, 0);
    computations.want('doc', ['game m']);
    const again = pool.last('remoteness');
    assert.notEqual(again, first, 'searched again');
    assert.equal(computations.pendingCount, 1);
  });
});

describe("computations: a rule's misère quotient grown apart", () => {
  const kayles: HeapRule = { kind: 'octal', digits: [0, 7, 7] };
  const input: GameInput = { play: 'misere', components: [{ kind: 'heaps', rule: kayles, heaps: [20000n] }] };
  const gameRequest: ComputationRequest = {
    key: 'game g',
    label: 'g',
    job: () => ({ kind: 'game', input, maxMoves: 3 }),
    affinity: [],
    ruleName: () => 'kayles',
  };
  const gameResult = (wanted?: GameResult['quotientWanted']): JobResult => ({
    kind: 'game',
    game: {
      play: 'misere',
      nimber: null,
      outcome: wanted ? null : 'N',
      components: [],
      winningMoves: [],
      winningMoveCount: 0n,
      stopped: false,
      elapsedMs: 1,
      ...(wanted ? { reason: 'not yet', quotientWanted: wanted } : {}),
    },
  });
  const growth = (heaps: number, reached = false): JobResult => ({
    kind: 'quotientGrowth',
    growth: { ruleKey: 'octal 0.77', heaps, size: 40, reached },
  });
  const wanted = { ruleKey: 'octal 0.77', rule: kayles, to: 20000, heaps: 0 };

  it('a game past the quotient stays pending, named, while slices grow it; it runs again once covered', async () => {
    const pool = new JobPool();
    const computations = new Computations(pool as unknown as WorkerPool, 50);
    computations.want('doc', [gameRequest.key]);
    computations.ensure(gameRequest);
    const first = pool.last('game');
    assert.equal(first.job.kind === 'game' && first.job.quotientsGrowApart, true);
    first.finish({ status: 'done', result: gameResult(wanted), cancelled: false });
    await settle();
    const waiting = computations.ensure(gameRequest);
    assert.equal(waiting.state, 'pending');
    assert.equal(waiting.state === 'pending' && waiting.quotient?.ruleName, 'kayles');
    assert.deepEqual(computations.pendingSummary()?.labels, [
      'g',
      'misère quotient of kayles, for game g (heap 0 so far)',
    ]);
    // Slices until it is covered: each one is a job of its own, resumed by the next.
    for (const heaps of [20, 40, 87]) {
      pool.last('quotientGrowth').finish({ status: 'done', result: growth(heaps), cancelled: false });
      await settle();
    }
    assert.equal(pool.started.filter((s) => s.job.kind === 'quotientGrowth').length, 4);
    assert.match(computations.pendingSummary()?.labels.join() ?? '', /heap 87 so far/);
    pool.last('quotientGrowth').finish({ status: 'done', result: growth(167, true), cancelled: false });
    await settle();
    assert.equal(pool.started.filter((s) => s.job.kind === 'game').length, 2, 'the game runs again');
    pool.last('game').finish({ status: 'done', result: gameResult(), cancelled: false });
    await settle();
    const done = computations.ensure(gameRequest);
    assert.ok(done.state === 'done' && done.result.kind === 'game' && done.result.game.outcome === 'N');
    assert.equal(computations.pendingCount, 0);
  });

  it("the user's cancel ends the growth, queued or running, and the game says where it stopped", async () => {
    for (const how of ['dropped', 'stopped'] as const) {
      const pool = new JobPool();
      const computations = new Computations(pool as unknown as WorkerPool, 50);
      computations.want('doc', [gameRequest.key]);
      computations.ensure(gameRequest);
      pool.last('game').finish({ status: 'done', result: gameResult(wanted), cancelled: false });
      await settle();
      pool.last('quotientGrowth').finish({ status: 'done', result: growth(33), cancelled: false });
      await settle();
      computations.cancelAll();
      const slice = pool.last('quotientGrowth');
      assert.equal(slice.cancelled, true);
      slice.finish(how === 'dropped' ? { status: 'dropped' } : { status: 'done', result: growth(35), cancelled: true });
      await settle();
      const done = computations.ensure(gameRequest);
      assert.ok(done.state === 'done' && done.cancelled && done.result.kind === 'game', how);
      const heap = how === 'dropped' ? 33 : 35;
      assert.match(done.result.game.reason ?? '', new RegExp(`quotient of kayles was cancelled at heap ${heap}`));
      assert.equal(computations.pendingCount, 0, how);
    }
  });

  it('an edit that drops the waiting game stops the growth', async () => {
    const pool = new JobPool();
    const computations = new Computations(pool as unknown as WorkerPool, 50);
    computations.want('doc', [gameRequest.key]);
    computations.ensure(gameRequest);
    pool.last('game').finish({ status: 'done', result: gameResult(wanted), cancelled: false });
    await settle();
    computations.want('doc', []);
    assert.equal(pool.last('quotientGrowth').cancelled, true);
    assert.equal(computations.pendingCount, 0);
  });
});

describe('computations: bookkeeping', () => {
  it('starts each key once, however often it is asked for, and tells listeners when it finishes', async () => {
    const { pool, computations, finished } = setup();
    computations.want('doc', ['a']);
    assert.equal(computations.ensure(request('a')).state, 'pending');
    assert.equal(computations.ensure(request('a')).state, 'pending');
    assert.equal(pool.jobs.length, 1);
    pool.job('a').finish({ status: 'done', result: ruleResult('a'), cancelled: false });
    await settle();
    assert.deepEqual(finished, ['a']);
    assert.equal(computations.ensure(request('a')).state, 'done');
    assert.equal(pool.jobs.length, 1, 'a finished key is not started again');
  });

  it('progress sees the pending count, the oldest first, and the labels of a few', async () => {
    const { pool, computations } = setup();
    const keys = Array.from({ length: 10 }, (_, i) => `k${i}`);
    computations.want('doc', keys);
    for (const key of keys) computations.ensure(request(key, `game ${key}`));
    let summary = computations.pendingSummary()!;
    assert.equal(summary.count, 10);
    assert.deepEqual(summary.labels, ['game k0', 'game k1', 'game k2']);
    for (const key of keys.slice(0, 4))
      pool.job(key).finish({ status: 'done', result: ruleResult(key), cancelled: false });
    await settle();
    summary = computations.pendingSummary()!;
    assert.equal(summary.count, 6);
    assert.equal(computations.pendingCount, 6);
    assert.deepEqual(summary.labels, ['game k4', 'game k5', 'game k6']);
    for (const key of keys.slice(4)) pool.job(key).finish({ status: 'failed', message: 'test' });
    await settle();
    assert.equal(computations.pendingSummary(), undefined);
  });

  it('an edit cancels pending work nobody wants any more, and keeps what another document wants', async () => {
    const { pool, computations } = setup();
    computations.want('one', ['a', 'b']);
    computations.want('two', ['b']);
    computations.ensure(request('a'));
    computations.ensure(request('b'));
    computations.want('one', ['c']);
    assert.equal(pool.job('a').cancelled, true, 'nobody wants a');
    assert.equal(pool.job('b').cancelled, false, 'two still wants b');
    assert.equal(computations.pendingCount, 1);
    computations.release('two');
    assert.equal(pool.job('b').cancelled, true);
    assert.equal(computations.pendingCount, 0);
    // The cancelled job's late answer is ignored: the key starts afresh when wanted again.
    pool.job('a').finish({ status: 'done', result: ruleResult('a'), cancelled: true });
    await settle();
    computations.want('one', ['a']);
    assert.equal(computations.ensure(request('a')).state, 'pending');
    assert.equal(pool.jobs.filter((j) => j.key === 'a').length, 2);
  });

  it("an edit's changes count each key's requests: two games alike, one edited away, keep the key wanted", () => {
    const { pool, computations } = setup();
    computations.want('one', ['a', 'a', 'b']);
    computations.ensure(request('a'));
    computations.ensure(request('b'));
    computations.wantChanges('one', ['c'], ['a']);
    computations.ensure(request('c'));
    assert.equal(pool.job('a').cancelled, false, 'the other game alike still wants a');
    computations.wantChanges('one', [], ['a', 'b']);
    assert.equal(pool.job('a').cancelled, true);
    assert.equal(pool.job('b').cancelled, true);
    assert.equal(pool.job('c').cancelled, false, 'c is wanted still');
    // A key a hover asked for is wanted until the next edit.
    computations.wantAlso('one', 'd');
    computations.ensure(request('d'));
    computations.wantChanges('one', ['c'], ['c']);
    assert.equal(pool.job('c').cancelled, false, 'added and removed at once: never let go');
    assert.equal(pool.job('d').cancelled, true, "the hover's key is let go by the edit");
    assert.deepEqual(computations.ownersOf('c'), ['one']);
  });

  it('keeps at most 500 unwanted results, forgetting the longest unwanted first, never a wanted one', async () => {
    const { pool, computations } = setup();
    const keys = await finishedFor('doc', 800, pool, computations);
    // The document now wants only the last 100: 700 are unwanted, 200 of them are forgotten.
    computations.want('doc', keys.slice(700));
    const started = pool.jobs.length;
    const known = keys.filter((key) => computations.ensure(request(key)).state === 'done');
    const restarted = pool.jobs.length - started;
    assert.equal(restarted, 200, 'the 200 forgotten ones start again when asked for');
    assert.equal(known.length, 600);
    assert.deepEqual(
      keys.filter((key) => !known.includes(key)),
      keys.slice(0, 200),
      'the first unwanted are forgotten first',
    );
  });

  it('a key wanted again before it is forgotten is kept however many others become unwanted', async () => {
    const { pool, computations } = setup();
    await finishedFor('doc', 1200, pool, computations);
    computations.want('doc', []);
    computations.want('other', ['k1199']); // the newest unwanted: kept, now wanted
    const started = pool.jobs.length;
    assert.equal(computations.ensure(request('k1199')).state, 'done');
    assert.equal(pool.jobs.length, started);
  });

  it('equal rule summaries in different results become one object', async () => {
    const { pool, computations } = setup();
    computations.want('doc', ['a', 'b']);
    computations.ensure(request('a'));
    computations.ensure(request('b'));
    pool.job('a').finish({ status: 'done', result: ruleResult('r'), cancelled: false });
    pool.job('b').finish({ status: 'done', result: ruleResult('r'), cancelled: false });
    await settle();
    const a = computations.ensure(request('a'));
    const b = computations.ensure(request('b'));
    assert.ok(a.state === 'done' && b.state === 'done' && a.result.kind === 'rule' && b.result.kind === 'rule');
    assert.equal(a.result.rule, b.result.rule);
  });
});

/** Runs `test` with a pool of `size` workers on the bundled worker script, disposed of after. */
async function withPool(size: number, test: (pool: WorkerPool) => Promise<void>): Promise<void> {
  const pool = new WorkerPool({ size, workers: nodeWorkers({ script: repositoryPath('out', 'server', 'worker.js') }) });
  try {
    await test(pool);
  } finally {
    await pool.dispose();
  }
}

describe('worker pool: the queue and the pipelines', function () {
  this.timeout(20_000);
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
    await withPool(1, async (pool) => {
      // The worker is busy (Officers computes until its budget) while the rest queue up, background ones first.
      const busy = pool.run({ kind: 'rule', rule: { kind: 'octal', digits: [0, 6] } }, 300);
      const order: string[] = [];
      const input: GameInput = {
        play: 'normal',
        components: [{ kind: 'heaps', rule: { kind: 'subtractAllExcept', except: [] }, heaps: [3n, 4n] }],
      };
      const background = Array.from({ length: 3 }, () => pool.run({ kind: 'remoteness', input }, 5000, [], true));
      const general = Array.from({ length: 3 }, (_, i) => pool.run(rule(i + 2), 5000));
      background.forEach((h, i) => void h.outcome.then(() => order.push(`background ${i}`)));
      general.forEach((h, i) => void h.outcome.then(() => order.push(`general ${i}`)));
      await Promise.all([busy, ...background, ...general].map((h) => h.outcome));
      assert.deepEqual(order.slice(0, 3).sort(), ['general 0', 'general 1', 'general 2'], order.join(', '));
      const found = await background[0].outcome;
      assert.ok(found.status === 'done' && found.result.kind === 'remoteness');
      assert.deepEqual(found.result.remoteness, { moves: gameRemoteness(input).remoteness }, 'as the engine has it');
    });
  });

  it('jobs sent behind a job that turns out slow are taken back and run on another worker', async () => {
    await withPool(2, async (pool) => {
      // Officers (0.6) has no known period: it computes until its budget (20 s here).
      const slow = pool.run({ kind: 'rule', rule: { kind: 'octal', digits: [0, 6] } }, 20_000);
      const quick = Array.from({ length: 12 }, (_, i) => pool.run(rule(i + 3), 5000));
      let slowDone = false;
      void slow.outcome.then(() => (slowDone = true));
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
      assert.ok(stopped.status === 'done' && stopped.cancelled);
    });
  });

  it("a rule's misère quotient jobs wait for the worker that holds it, and resume its growth there", async () => {
    const pool = new WorkerPool({
      size: 2,
      workers: nodeWorkers({ script: repositoryPath('out', 'server', 'worker.js') }),
    });
    const kayles: HeapRule = { kind: 'octal', digits: [0, 7, 7] };
    const officers: HeapRule = { kind: 'octal', digits: [0, 6] };
    const heapsOf = (outcome: JobOutcome) =>
      outcome.status === 'done' && outcome.result.kind === 'quotientGrowth' ? outcome.result.growth.heaps : -1;
    try {
      // Officers (0.6) computes until its budget or a cancel: it keeps the first worker busy.
      const first = pool.run({ kind: 'rule', rule: officers }, 60_000);
      // So the growth goes to the second, which becomes its home; then officers again keeps the home busy.
      const grown = await pool.run({ kind: 'quotientGrowth', rule: kayles, to: 30 }, 60_000).outcome;
      assert.equal(heapsOf(grown), 30);
      const second = pool.run({ kind: 'rule', rule: officers }, 60_000);
      // 1 ms could not grow Kayles' quotient to heap 30 from nothing: only its home can answer 30.
      const resumed = pool.run({ kind: 'quotientGrowth', rule: kayles, to: 30 }, 1);
      let answered = false;
      void resumed.outcome.then(() => (answered = true));
      first.cancel();
      await first.outcome;
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(answered, false, 'it waits for its home, not for the worker that is idle');
      second.cancel();
      assert.equal(heapsOf(await resumed.outcome), 30);
    } finally {
      await pool.dispose();
    }
  });

  it("a quotient's home shares its time by time, not turns: after a long pinned job, the others first", async () => {
    await withPool(1, async (pool) => {
      const dawson: HeapRule = { kind: 'octal', digits: [0, 1, 3, 7] };
      // Dawson's quotient to heap 40 takes minutes: each growth runs its whole budget.
      const order: string[] = [];
      const long = pool.run({ kind: 'quotientGrowth', rule: dawson, to: 40 }, 400);
      const next = pool.run({ kind: 'quotientGrowth', rule: dawson, to: 40 }, 400);
      const quick = Array.from({ length: 5 }, (_, i) => pool.run(rule(i + 2), 5000));
      void long.outcome.then(() => order.push('pinned 0'));
      void next.outcome.then(() => order.push('pinned 1'));
      quick.forEach((h, i) => void h.outcome.then(() => order.push(`general ${i}`)));
      await Promise.all([long, next, ...quick].map((h) => h.outcome));
      // Turns would have let one general job through between the two pinned ones.
      assert.deepEqual(
        order,
        ['pinned 0', 'general 0', 'general 1', 'general 2', 'general 3', 'general 4', 'pinned 1'],
        order.join(', '),
      );
    });
  });

  it('a worker that dies fails only its running job; the jobs sent behind it run on its replacement', async () => {
    const crashes: string[] = [];
    const workers: Worker[] = [];
    const pool = new WorkerPool({
      size: 1,
      workers: nodeWorkers({ script: repositoryPath('out', 'server', 'worker.js'), onWorker: (w) => workers.push(w) }),
      quickJobMs: 10_000,
      onCrash: (why) => crashes.push(why),
    });
    try {
      // Every job counts as quick here (quickJobMs), so the worker is sent several at once.
      await pool.run(rule(2), 5000).outcome;
      // Officers (0.6) has no known period: it computes until its budget, and is killed first.
      const slow = pool.run({ kind: 'rule', rule: { kind: 'octal', digits: [0, 6] } }, 10_000);
      const handles = Array.from({ length: 7 }, (_, i) => pool.run(rule(i + 3), 5000));
      assert.equal(pool.queuedCount, 0, 'all were sent ahead to the quick worker');
      await new Promise((resolve) => setTimeout(resolve, 100));
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
  this.timeout(20_000);
  const rule = (n: number) => ({ kind: 'rule' as const, rule: { kind: 'subtract' as const, set: [1n, BigInt(n)] } });
  const keyOf = (n: number) => `subtract {1,${n}}`;
  const sharingNothing = (onWorker?: (worker: Worker) => void): WorkerStarter => ({
    ...nodeWorkers({ script: repositoryPath('out', 'server', 'worker.js'), onWorker }),
    sharedMemory: false,
  });
  // Officers (0.6) has no known period: it computes until its budget.
  const officers = { kind: 'rule' as const, rule: { kind: 'octal' as const, digits: [0, 6] } };

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
    const pool = new WorkerPool({
      size: 1,
      workers: sharingNothing((w) => workers.push(w)),
      onCrash: (c) => crashes.push(c),
    });
    try {
      const slow = pool.run(officers, 20_000);
      const behind = pool.run(rule(5), 5000);
      await new Promise((resolve) => setTimeout(resolve, 300)); // under way
      const cancelledAt = performance.now();
      slow.cancel();
      const stopped = await slow.outcome;
      const waited = performance.now() - cancelledAt;
      assert.deepEqual(stopped, { status: 'failed', message: CANCELLED_BY_ENDING_WORKER });
      assert.ok(waited >= CANCEL_GRACE_MS - 5 && waited < CANCEL_GRACE_MS + 2000, `stopped after ${waited} ms`);
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
    const pool = new WorkerPool({ size: 1, workers: sharingNothing((w) => workers.push(w)) });
    try {
      const quick = pool.run(rule(7), 5000);
      quick.cancel();
      const outcome = await quick.outcome;
      assert.ok(outcome.status === 'done' && outcome.cancelled && outcome.result.kind === 'rule');
      await new Promise((resolve) => setTimeout(resolve, CANCEL_GRACE_MS + 100));
      const again = await pool.run(rule(8), 5000).outcome;
      assert.ok(again.status === 'done' && again.result.kind === 'rule' && again.result.rule.key === keyOf(8));
      assert.equal(workers.length, 1, 'no worker was ended');
    } finally {
      await pool.dispose();
    }
  });
});
