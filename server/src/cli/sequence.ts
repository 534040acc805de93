// `grundy sequence RULE`: a heap rule's nimbers, its proved preperiod and period, and its values
// streamed to --to (of any size: past the computed values, the proved period gives them). The
// values are computed in a worker thread (this same script, re-executed), so that this thread
// hears Ctrl-C and shows progress while a computation of minutes runs; both halves are here, as
// the messages between them are this command's alone.

import { parentPort, Worker } from 'node:worker_threads';
import { observedWords, proofNames, THEOREM_PROOFS } from '../analysis/wording';
import { ruleSequence, sequenceNimber } from '../engine';
import { sequenceLengthLimit } from '../engine/budget';
import { observedRegularity } from '../engine/heaps';
import type { Budget, HeapRule, HeapSequence } from '../engine/types';
import { type Options, parseRule } from './args';
import { INTERRUPTED_EXIT, isInterrupted, LIMIT_EXIT, type Output } from './output';

export async function sequence(source: string, options: Options, out: Output): Promise<number> {
  const { rule, name } = parseRule(source);
  const deadline = Date.now() + options.budgetMs;
  const budget: Budget = { deadline };
  // Values are computed up to --to or until a period is proved, whichever comes first; past the
  // longest sequence the memory limit allows, only a proved period can give them.
  const stopAt =
    options.to !== undefined && options.to < BigInt(sequenceLengthLimit(budget)) ? Number(options.to) : undefined;
  const computed = await computeInWorker({ rule, deadline, stopAt });
  if (computed === 'interrupted') {
    process.stderr.write('grundy: interrupted while computing, before any value was written\n');
    return INTERRUPTED_EXIT;
  }
  const result = computed;
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
    else if (Date.now() > deadline) stoppedAt = { next, why: 'budget' };
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
    } else {
      await out.line(`no period proved: ${result.reason}`);
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
      `grundy: stopped before heap ${stoppedAt.next}: the budget of ${options.budgetMs} ms was reached (--budget-ms)\n`,
    );
    return LIMIT_EXIT;
  }
  if (stoppedAt?.why === 'interrupted') {
    process.stderr.write(`grundy: interrupted before heap ${stoppedAt.next}\n`);
    return INTERRUPTED_EXIT;
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

/**
 * Progress of a long computation on stderr: after two seconds, a line every two seconds (rewritten
 * in place on a terminal, one line each ten seconds otherwise), then a last one.
 */
function progressReporter(target: number | undefined): { report: (computed: number) => void; done: () => void } {
  const started = Date.now();
  const tty = process.stderr.isTTY === true;
  let last = started;
  let shown = false;
  const line = (computed: number) => {
    const of =
      target !== undefined
        ? ` of ${(target + 1).toLocaleString('en-US')} (${Math.floor((100 * computed) / (target + 1))}%)`
        : '';
    return (
      `grundy: computed ${computed.toLocaleString('en-US')} values${of} in ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s`
    );
  };
  return {
    report: (computed) => {
      const now = Date.now();
      if (now - started < 2000 || now - last < (tty ? 2000 : 10_000)) return;
      last = now;
      shown = true;
      process.stderr.write(tty ? `\r${line(computed)}` : `${line(computed)}\n`);
    },
    done: () => {
      if (shown && tty) process.stderr.write('\n');
    },
  };
}

export interface SequenceWork {
  readonly rule: HeapRule;
  readonly deadline: number;
  readonly stopAt: number | undefined;
}

type FromSequenceWorker = { readonly progress: number } | { readonly note: string } | { readonly result: HeapSequence };

/**
 * The sequence, computed in a worker thread: this thread stays free to hear Ctrl-C (a signal is
 * handled between turns of the event loop, and a computation of minutes would otherwise keep it
 * from being heard until the end) and to show progress. 'interrupted' when Ctrl-C came first.
 */
function computeInWorker(work: SequenceWork): Promise<HeapSequence | 'interrupted'> {
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
      if ('progress' in message) progress.report(message.progress);
      else if ('note' in message) process.stderr.write(message.note);
      else {
        process.off('SIGINT', onInterrupt);
        progress.done();
        void worker.terminate();
        resolve(message.result);
      }
    });
    worker.on('error', (error) => {
      process.off('SIGINT', onInterrupt);
      reject(error);
    });
  });
}

/** In the worker: computes the sequence and posts it back (progress and notes on the way). */
export function sequenceWorker(work: SequenceWork): void {
  const post = (message: FromSequenceWorker, transfer: ArrayBuffer[] = []) =>
    parentPort!.postMessage(message, transfer);
  const { rule, deadline, stopAt } = work;
  const budget: Budget = { deadline };
  let result = ruleSequence(rule, budget, {
    ...(stopAt !== undefined ? { stopAt } : {}),
    onProgress: (computed) => post({ progress: computed }),
  });
  // --to may stop the computation before a period is proved. Looking further costs more than
  // what was asked (0.007 has no period in reach): only a little further (to twice --to), only
  // within a quarter of the time left, and said so.
  if (!result.complete && stopAt !== undefined && !result.stop && Date.now() < deadline) {
    const started = Date.now();
    const searchDeadline = started + (deadline - started) / 4;
    const further = ruleSequence(
      rule,
      { ...budget, deadline: searchDeadline, maxValues: Math.max(2 * (stopAt + 1), 10_000) },
      { resume: result },
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    post({
      note: further.complete
        ? `grundy: a period was proved by computing past --to, to n = ${further.computedUpTo} (${seconds} s)\n`
        : `grundy: no period proved; looked past --to up to n = ${further.computedUpTo} (${seconds} s, at most a ` +
          `quarter of the time left)\n`,
    });
    result = further;
  }
  // The values' memory moves to the main thread rather than being copied (2^26 values are 64 MB or more).
  post({ result }, [result.values.buffer as ArrayBuffer]);
}
