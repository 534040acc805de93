// `grundy sequence` bounded by work, not time: how far it looks past --to for a period is a quarter of
// the work of the values to --to, the same in every run and beside busy processes; a run resumed
// from anywhere proves the same period at the same length as one computed in one go; without
// --budget-ms there is no time limit, only the values' memory and a proved period.
import * as assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { parseRule } from '../../server/src/cli/args';
import { ruleSequence } from '../../server/src/engine/heaps/heap';
import type { HeapSequence, WorkAccount } from '../../server/src/engine/types';
import { repositoryPath } from '../helpers/paths';

function grundy(...args: string[]) {
  const result = spawnSync(process.execPath, [repositoryPath('out', 'cli', 'grundy.js'), ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The --json document without its values (the head says how far it computed and looked). */
function jsonHead(...args: string[]) {
  const result = grundy(...args, '--json');
  assert.equal(result.status, 0, result.stderr);
  const { values, ...head } = JSON.parse(result.stdout);
  return { head, values: values as string[] };
}

/** The work a computation spends: `ruleSequence` with a counting, never stopping, account. */
function counted(
  source: string,
  options: Parameters<typeof ruleSequence>[2],
): { sequence: HeapSequence; work: number } {
  const work: WorkAccount = { spent: 0, limit: Number.POSITIVE_INFINITY };
  const sequence = ruleSequence(parseRule(source).rule, { work }, options);
  return { sequence, work: work.spent };
}

describe('grundy sequence: the look past --to is bounded by work', function () {
  this.timeout(60_000);
  const dawdler = 'octal 0.007'; // no period in reach
  const ownRule = 'moves n -> n - k for k in 1..n/2';
  const to = 3000;
  // The first runs, compared with runs beside busy processes below.
  const runs = new Map<string, ReturnType<typeof jsonHead>>();

  it('subtract {1, 2, 3}: a period proved from the values to --to, nothing looked past', () => {
    const { head, values } = jsonHead('sequence', 'subtract {1, 2, 3}', '--to', String(to));
    assert.deepEqual([head.preperiod, head.period, head.proof], [0, 4, 'subtraction-window']);
    assert.equal(head.lookedPastTo, null);
    assert.equal(head.lookPast, undefined);
    assert.ok(head.computedUpTo <= to, `computed to ${head.computedUpTo}`);
    assert.equal(values.length, to + 1);
  });

  it('octal 0.007: looks past --to for a quarter of the work of the values to --to, at the same n twice', () => {
    const run = jsonHead('sequence', dawdler, '--to', String(to));
    runs.set(dawdler, run);
    const { head } = run;
    assert.equal(head.period, null);
    const look = head.lookPast;
    assert.equal(look.stoppedBy, 'work-limit');
    assert.ok(head.lookedPastTo > to, `looked past to ${head.lookedPastTo}`);
    assert.equal(head.computedUpTo, head.lookedPastTo);
    // The work is counted here again, in this process: the look's limit is a quarter of the work of
    // the values to --to, the values before the last one fit in it, and the last one passes it.
    const first = counted(dawdler, { stopAt: to });
    assert.equal(look.workToN, first.work);
    assert.equal(look.workLimit, first.work / 4);
    const beforeLast = counted(dawdler, { resume: first.sequence, stopAt: head.lookedPastTo - 1 });
    assert.ok(beforeLast.work <= look.workLimit, `${beforeLast.work} > ${look.workLimit}`);
    const toLast = counted(dawdler, { resume: first.sequence, stopAt: head.lookedPastTo });
    assert.equal(toLast.work, look.work);
    assert.ok(look.work > look.workLimit);
    assert.deepEqual(jsonHead('sequence', dawdler, '--to', String(to)).head, head);
    const text = grundy('sequence', dawdler, '--to', String(to));
    assert.equal(text.status, 0, text.stderr);
    assert.match(
      text.stdout,
      new RegExp(
        `^looked past --to up to n = ${head.lookedPastTo} for a period \\(a quarter of the work of the values to ` +
          '--to\\); none proved$',
        'm',
      ),
    );
  });

  it('a rule of one’s own: no period of it can be proved, so nothing past --to is computed', () => {
    const run = jsonHead('sequence', ownRule, '--to', String(to));
    runs.set(ownRule, run);
    const { head, values } = run;
    assert.deepEqual([head.computedUpTo, head.lookedPastTo, head.lookPast], [to, null, { stoppedBy: 'unprovable' }]);
    assert.equal(values.length, to + 1);
    assert.match(
      grundy('sequence', ownRule, '--to', '30').stdout,
      /^no period of this rule can be proved: nothing past --to was computed$/m,
    );
  });

  it('kayles --to 165: the values to 165 prove no period, a few more do; said so', () => {
    // Kayles' period is proved from G(0..167) (168 values): the look past --to reaches it.
    const { head } = jsonHead('sequence', 'kayles', '--to', '165');
    assert.deepEqual([head.preperiod, head.period, head.provedAt], [71, 12, 167]);
    assert.equal(head.lookPast.stoppedBy, 'proved');
    assert.ok(head.lookedPastTo > 165);
    assert.equal(head.lookedPastTo, head.computedUpTo);
    assert.equal(head.lookPast.workLimit, head.lookPast.workToN / 4);
    assert.match(
      grundy('sequence', 'kayles', '--to', '165').stdout,
      new RegExp(`^the period was proved by looking past --to, up to n = ${head.lookedPastTo} \\(with a quarter `, 'm'),
    );
  });

  describe('beside two busy processes', () => {
    const busy: ChildProcess[] = [];
    before(() => {
      for (let i = 0; i < 2; i++) busy.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
    });
    after(() => {
      for (const child of busy) child.kill('SIGKILL');
    });

    for (const rule of [dawdler, ownRule])
      it(`${rule}: the same values, as far, and the same look past --to`, () => {
        const alone = runs.get(rule);
        assert.ok(alone, 'the run without busy processes came first');
        const loaded = jsonHead('sequence', rule, '--to', String(to));
        assert.deepEqual(loaded.head, alone.head);
        assert.deepEqual(loaded.values, alone.values);
      });
  });
});

describe('heap sequences: a resumed computation proves what one computed in one go proves', () => {
  // Each rule's proof comes at a length past its stop points (kayles: provedAt 167, octal 0.156: 7658).
  const cases: [string, number[]][] = [
    ['kayles', [70, 101, 131, 150]],
    ['dawson', [65, 99, 140]],
    ['octal 0.156', [100, 1000, 2345, 5000, 7000]],
  ];
  for (const [source, stops] of cases) {
    it(`${source}: in one go, and resumed from ${stops.join(', ')}`, () => {
      const { rule } = parseRule(source);
      const whole = ruleSequence(rule);
      assert.ok(whole.complete && whole.periodicity, `${source} is proved`);
      let resumed: HeapSequence | undefined;
      for (const stopAt of stops) {
        resumed = ruleSequence(rule, {}, { stopAt, resume: resumed });
        assert.equal(resumed.computedUpTo, stopAt);
        assert.ok(!resumed.complete, `${source} stopped at ${stopAt} unproved`);
      }
      const last = ruleSequence(rule, {}, { resume: resumed });
      assert.equal(last.computedUpTo, whole.computedUpTo);
      assert.deepEqual(last.periodicity, whole.periodicity);
      assert.deepEqual([...last.values], [...whole.values]);
    });
  }
});

describe('grundy sequence: no time limit unless --budget-ms is given', function () {
  this.timeout(120_000);

  it('a huge --to on a rule without a period ends at the values’ memory limit (exit 3, said why)', () => {
    // --max-memory-mb 64: 2^24 values (4 bytes each at most). No --budget-ms: nothing but that limit stops it.
    const result = spawnSync(
      process.execPath,
      [
        repositoryPath('out', 'cli', 'grundy.js'),
        'sequence',
        'moves n -> n - 1',
        '--to',
        '10^20',
        '--max-memory-mb',
        '64',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
    );
    assert.equal(result.status, 3, result.stderr);
    assert.match(
      result.stderr,
      /^grundy: stopped after heap 16777215: no period was proved, .*stopped at the memory limit\)$/m,
    );
    assert.doesNotMatch(result.stderr, /budget/);
  });
});
