// The compute layer's bookkeeping (compute/computations.ts, compute/quotientGrowths.ts) with a fake pool
// whose jobs finish when the test says: what is kept, what is cancelled, what progress sees.
// How it scales is measured in test/server/scale.bench.ts, not timed here.
import * as assert from 'node:assert/strict';
import { Computations } from '../../server/src/compute/computations';
import type { Computation, ComputationRequest } from '../../server/src/compute/computationTypes';
import type { GameResult, Job, JobResult } from '../../server/src/compute/jobs';
import type { JobOutcome, WorkerPool } from '../../server/src/compute/pool';
import type { GameInput } from '../../server/src/engine/gameTypes';
import type { HeapRule } from '../../server/src/engine/types';

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
