// `grundy sequence RULE`: a heap rule's nimbers, its proved preperiod and period, and its values
// streamed to --to (of any size: past the computed values, the proved period gives them). The
// values are computed in a worker thread (this same script, re-executed), so that this thread
// hears Ctrl-C and shows progress while a computation of minutes runs; both halves are here, as
// the messages between them are this command's alone.
//
// What it computes is a function of the rule and --to alone, never of the machine's speed: there is
// no time limit unless --budget-ms is given (then a cap that cuts the run, says where, exit 3). A
// run is bounded by the memory its values may take (sequenceLengthLimit; --max-memory-mb sets it)
// and ends at a proved period; with --to, when the values to --to prove no period, it looks past
// --to for one with a share of the work those values took (LOOK_PAST_SHARE), and says how far.

import { parentPort, Worker } from 'node:worker_threads';
import { observedWords, proofNames, THEOREM_PROOFS } from '../analysis/wording';
import { ruleSequence, sequenceNimber } from '../engine';
import { describeStop, sequenceLengthLimit } from '../engine/budget';
import { observedRegularity } from '../engine/heaps';
import { sequenceValueLimit } from '../engine/limits';
import type { Budget, HeapRule, HeapSequence, StopCause, WorkAccount } from '../engine/types';
import { type Options, parseRule } from './args';
import { INTERRUPTED_EXIT, isInterrupted, LIMIT_EXIT, type Output } from './output';

/**
 * The share of the work of the values to --to that looking past --to for a period may spend. The
 * values to --to may prove no period while a few more would (a proof needs some values past the
 * preperiod and two periods), or the period may be out of any reach (0.007 has none in reach): a
 * look bounded by the work already done costs at most a quarter more than what was asked, whatever
 * the rule. Work, not time: how far it looks, and so whether it finds a period, is a function of
 * the rule and --to alone, the same on any machine however busy.
 */
export const LOOK_PAST_SHARE = 1 / 4;

/** How `sequence` looked past --to for a period: only with --to, when the values to --to proved none. */
export interface LookPast {
  /** The last heap computed past --to; null when nothing past it was computed. */
  readonly to: number | null;
  /** Why the look stopped; 'unprovable': no look, as no period of this rule can be proved. */
  readonly stoppedBy: 'proved' | 'unprovable' | StopCause;
  /** The work (the engine's units) of the values to --to, the look's share of it, and what the look spent. */
  readonly workToN?: number;
  readonly workLimit?: number;
  readonly work?: number;
}

export async function sequence(source: string, options: Options, out: Output): Promise<number> {
  const { rule, name } = parseRule(source);
  // No time limit unless --budget-ms is given: what is computed is a function of the rule and --to.
  const budgetMs: number | undefined = options.budgetMs;
  const deadline = budgetMs === undefined ? undefined : Date.now() + budgetMs;
  // The values' memory: --max-memory-mb when given (a value takes at most 4 bytes), else the engine's default.
  const maxSequenceBytes = options.maxMemoryMb === undefined ? undefined : options.maxMemoryMb * 2 ** 20;
  const budget: Budget = maxSequenceBytes === undefined ? {} : { maxSequenceBytes };
  // Values are computed up to --to or until a period is proved, whichever comes first; past the
  // longest sequence the memory limit allows, only a proved period can give them.
  const stopAt =
    options.to !== undefined && options.to < BigInt(sequenceLengthLimit(budget)) ? Number(options.to) : undefined;
  const computed = await computeInWorker({ rule, deadline, stopAt, asked: options.to !== undefined, maxSequenceBytes });
  if (computed === 'interrupted') {
    process.stderr.write('grundy: interrupted while computing, before any value was written\n');
    return INTERRUPTED_EXIT;
  }
  const { result, lookPast } = computed;
  const period = result.periodicity;
  const last =
    options.to ??
    BigInt(period ? Math.max(30, period.preperiod + 2 * period.period - 1) : Math.min(result.computedUpTo, 99));
  // Without a period, nothing past the computed values is known: stop there and say so.
  const lastKnown = period
    ? last
    : BigInt(
        Math.min(result.computedUpTo, Number(last > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : last)),
      );
  const value = (n: bigint): string => {
    if (n <= BigInt(result.computedUpTo)) return String(result.values[Number(n)]);
    return sequenceNimber(result, n)?.toString() ?? '?';
  };
  let stoppedAt: { next: bigint; why: 'budget' | 'interrupted' } | undefined;
  const stopHere = (next: bigint): boolean => {
    if (isInterrupted()) stoppedAt = { next, why: 'interrupted' };
    else if (deadline !== undefined && Date.now() > deadline) stoppedAt = { next, why: 'budget' };
    return stoppedAt !== undefined;
  };
  if (options.json) {
    const head = {
      rule: name,
      key: result.key,
      computedUpTo: result.computedUpTo,
      ...(period
        ? {
            preperiod: period.preperiod,
            period: period.period,
            saltus: period.saltus,
            provedAt: period.provedAt,
            proof: period.proof,
          }
        : { preperiod: null, period: null, reason: result.reason }),
      // With --to: how far past it a period was looked for (null: not at all), and why it stopped there.
      ...(stopAt !== undefined ? { lookedPastTo: lookPast?.to ?? null } : {}),
      ...(lookPast ? { lookPast: { stoppedBy: lookPast.stoppedBy, ...lookPastWork(lookPast) } } : {}),
    };
    await out.line(`${JSON.stringify(head).slice(0, -1)},"values":[`);
    for (let n = 0n; n <= last; n++) {
      if (n % 4096n === 0n && n > 0n && stopHere(n)) break;
      if (n > lastKnown) break;
      await out.line(`${n === 0n ? '' : ','}"${value(n)}"`);
    }
    const ended = stoppedAt
      ? { stoppedAt: stoppedAt.next.toString(), stoppedBy: stoppedAt.why }
      : lastKnown < last
        ? { stoppedAt: (lastKnown + 1n).toString(), stoppedBy: 'unknown' }
        : {};
    await out.line(Object.keys(ended).length === 0 ? ']}' : `],${JSON.stringify(ended).slice(1)}`);
  } else {
    await out.line(`${name}  (${result.key})`);
    if (period) {
      const saltus = period.saltus
        ? `, saltus ${period.saltus} (G(n + ${period.period}) = G(n) + ${period.saltus})`
        : '';
      // A theorem about the code proves every value; the others turn a finite check into all of them.
      const how = THEOREM_PROOFS.includes(period.proof)
        ? `proved for every n by ${proofNames[period.proof]} (G(0..${period.provedAt}) checked against it)`
        : `proved from G(0..${period.provedAt}) by ${proofNames[period.proof]}`;
      await out.line(`preperiod ${period.preperiod}, period ${period.period}${saltus}: ${how}`);
      if (lookPast) await out.line(lookPastWords(lookPast, budgetMs));
    } else {
      await out.line(`no period proved: ${result.reason}`);
      if (lookPast) await out.line(lookPastWords(lookPast, budgetMs));
      const observed = observedRegularity(result.values, result.computedUpTo + 1);
      if (observed) await out.line(`not proved, only seen: ${observedWords(observed, result.computedUpTo)}`);
    }
    const width = Math.max(6, last.toString().length);
    for (let n = 0n; n <= last && n <= lastKnown; n += 10n) {
      if (n % 4000n === 0n && n > 0n && stopHere(n)) break;
      const row: string[] = [];
      for (let k = n; k < n + 10n && k <= last; k++) {
        const v = k <= lastKnown ? value(k) : '?';
        row.push(v.padStart(Math.max(3, v.length + 1))); // values of 100 and more keep a space between them
      }
      await out.line(`${n.toString().padStart(width)}: ${row.join('')}`);
    }
  }
  await out.flush();
  if (stoppedAt?.why === 'budget') {
    process.stderr.write(
      `grundy: stopped before heap ${stoppedAt.next}: the budget of ${budgetMs} ms was reached (--budget-ms)\n`,
    );
    return LIMIT_EXIT;
  }
  if (stoppedAt?.why === 'interrupted') {
    process.stderr.write(`grundy: interrupted before heap ${stoppedAt.next}\n`);
    return INTERRUPTED_EXIT;
  }
  if (lookPast?.stoppedBy === 'deadline') {
    // Every value to --to was written; whether a period lies a little past it was cut short by the clock.
    process.stderr.write(
      `grundy: the look past --to for a period stopped at n = ${lookPast.to}: the budget of ${budgetMs} ms was ` +
        'reached (--budget-ms)\n',
    );
    return LIMIT_EXIT;
  }
  if (lastKnown < last) {
    process.stderr.write(
      `grundy: stopped after heap ${lastKnown}: no period was proved, so the values past G(${result.computedUpTo}) ` +
        `are not known (${result.reason ?? 'no period proved'})\n`,
    );
    return LIMIT_EXIT;
  }
  return 0;
}

/** The look's work, for --json: what the values to --to took, the look's share of it, and what it spent. */
function lookPastWork(look: LookPast): { workToN?: number; workLimit?: number; work?: number } {
  return look.workToN === undefined ? {} : { workToN: look.workToN, workLimit: look.workLimit, work: look.work };
}

/** The line that says how far past --to a period was looked for, and what came of it. */
function lookPastWords(look: LookPast, budgetMs: number | undefined): string {
  const share = 'a quarter of the work of the values to --to';
  switch (look.stoppedBy) {
    case 'proved':
      return `the period was proved by looking past --to, up to n = ${look.to} (with ${share})`;
    case 'work-limit':
      return `looked past --to up to n = ${look.to} for a period (${share}); none proved`;
    case 'deadline':
      return (
        `looked past --to up to n = ${look.to} for a period, cut by the budget of ${budgetMs} ms (--budget-ms); ` +
        'none proved'
      );
    case 'unprovable':
      return 'no period of this rule can be proved: nothing past --to was computed';
    default:
      return (
        `looked past --to up to n = ${look.to} for a period, stopped because ${describeStop(look.stoppedBy)}; ` +
        'none proved'
      );
  }
}

/**
 * Progress of a long computation on stderr: after two seconds, a line every two seconds (rewritten
 * in place on a terminal, one line each ten seconds otherwise), then a last one.
 */
function progressReporter(target: number | undefined): {
  report: (computed: number, pastTo?: boolean) => void;
  done: () => void;
} {
  const started = Date.now();
  const tty = process.stderr.isTTY === true;
  let last = started;
  let shown = false;
  const line = (computed: number, pastTo: boolean) => {
    const of = pastTo
      ? ' (past --to, looking for a period)'
      : target !== undefined
        ? ` of ${(target + 1).toLocaleString('en-US')} (${Math.floor((100 * computed) / (target + 1))}%)`
        : '';
    return (
      `grundy: computed ${computed.toLocaleString('en-US')} values${of} in ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s`
    );
  };
  return {
    report: (computed, pastTo = false) => {
      const now = Date.now();
      if (now - started < 2000 || now - last < (tty ? 2000 : 10_000)) return;
      last = now;
      shown = true;
      process.stderr.write(tty ? `\r${line(computed, pastTo)}\x1b[K` : `${line(computed, pastTo)}\n`);
    },
    done: () => {
      if (shown && tty) process.stderr.write('\n');
    },
  };
}

export interface SequenceWork {
  readonly rule: HeapRule;
  /** --budget-ms's end; undefined: no time limit. */
  readonly deadline: number | undefined;
  readonly stopAt: number | undefined;
  /** --to was given: its values are asked for, as far as the memory holds them. */
  readonly asked: boolean;
  readonly maxSequenceBytes: number | undefined;
}

interface Computed {
  readonly result: HeapSequence;
  readonly lookPast: LookPast | undefined;
}

type FromSequenceWorker = { readonly progress: number; readonly pastTo?: boolean } | Computed;

/**
 * The sequence, computed in a worker thread: this thread stays free to hear Ctrl-C (a signal is
 * handled between turns of the event loop, and a computation of minutes would otherwise keep it
 * from being heard until the end) and to show progress. 'interrupted' when Ctrl-C came first.
 */
function computeInWorker(work: SequenceWork): Promise<Computed | 'interrupted'> {
  const progress = progressReporter(work.stopAt);
  // __filename is the bundle (out/cli/grundy.js), not this module: main.ts sends the thread to sequenceWorker.
  const worker = new Worker(__filename, { workerData: { sequence: work } });
  return new Promise((resolve, reject) => {
    const onInterrupt = () => {
      void worker.terminate();
      progress.done();
      resolve('interrupted');
    };
    process.once('SIGINT', onInterrupt);
    worker.on('message', (message: FromSequenceWorker) => {
      if ('progress' in message) progress.report(message.progress, message.pastTo);
      else {
        process.off('SIGINT', onInterrupt);
        progress.done();
        void worker.terminate();
        resolve(message);
      }
    });
    worker.on('error', (error) => {
      process.off('SIGINT', onInterrupt);
      reject(error);
    });
  });
}

/** In the worker: computes the sequence and posts it back (progress on the way). */
export function sequenceWorker(work: SequenceWork): void {
  const post = (message: FromSequenceWorker, transfer: ArrayBuffer[] = []) =>
    parentPort!.postMessage(message, transfer);
  const { rule, deadline, stopAt, asked, maxSequenceBytes } = work;
  const budget: Budget = {
    ...(deadline !== undefined ? { deadline } : {}),
    ...(maxSequenceBytes !== undefined ? { maxSequenceBytes } : {}),
  };
  // The work of the values to --to, counted (never limited) for the look past it.
  const toN: WorkAccount = { spent: 0, limit: Number.POSITIVE_INFINITY };
  // Without --to, the values stop where a game's would (the rule's limit of values, engine/limits.ts): a rule
  // whose period is never proved (Grundy's game) ends there, not when the memory runs out hours later.
  const limited = asked ? {} : { maxValues: sequenceValueLimit(rule) };
  const result = ruleSequence(
    rule,
    { ...budget, ...limited, work: toN },
    { ...(stopAt !== undefined ? { stopAt } : {}), onProgress: (computed) => post({ progress: computed }) },
  );
  // --to may stop the computation before a period is proved: look a little past it, unless a limit
  // (the memory, --budget-ms) already stopped it short of --to.
  const computed =
    stopAt === undefined || result.complete || result.stop
      ? { result, lookPast: undefined }
      : lookPastTo(rule, budget, result, toN.spent, (n) => post({ progress: n, pastTo: true }));
  // The values' memory moves to the main thread rather than being copied (2^26 values are 64 MB or more).
  post(computed, [computed.result.values.buffer as ArrayBuffer]);
}

/**
 * Looks past the values to --to (`result`, which proved no period) for a period, with a fresh work
 * account of LOOK_PAST_SHARE of their work `workToN`: where it stops is a function of the rule and
 * --to alone (computeUntilProved stops at the value whose work passes the limit).
 */
function lookPastTo(
  rule: HeapRule,
  budget: Budget,
  result: HeapSequence,
  workToN: number,
  onProgress: (computed: number) => void,
): Computed {
  // A rule of one's own never has a proved period (moves.ts): looking further could find none.
  if (rule.kind === 'moves') return { result, lookPast: { to: null, stoppedBy: 'unprovable' } };
  const account: WorkAccount = { spent: 0, limit: workToN * LOOK_PAST_SHARE };
  const further = ruleSequence(rule, { ...budget, work: account }, { resume: result, onProgress });
  // Every other family goes on from the values it is given; a look that came back with fewer is not taken.
  if (further.computedUpTo < result.computedUpTo) return { result, lookPast: undefined };
  const stoppedBy = further.complete ? 'proved' : (further.stop ?? 'unprovable');
  return {
    result: further,
    lookPast: {
      to: further.computedUpTo > result.computedUpTo ? further.computedUpTo : null,
      stoppedBy,
      workToN,
      workLimit: account.limit,
      work: account.spent,
    },
  };
}
