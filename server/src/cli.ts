// `grundy`: the command line, a second front door onto the front end and the engine.
//   grundy check FILE [--json]              the file's diagnostics
//   grundy analyze FILE [--json]            every game: nimber, outcome, winning moves
//   grundy sequence RULE [--to N] [--json]  a rule's nimbers, preperiod and period
//   grundy quotient RULE [--to N] [--json]  a rule's misère quotient: presentation, P-portion, proof
//
// Bounds (README, "Limits"): check and analyze read and analyse a file of any size in a worker
// thread whose heap is the memory ceiling (--max-memory-mb; by default this Node's heap limit, at
// most three quarters of the machine's memory), and stop when that ceiling is really reached, not
// on a guess from the file's size; analyze reports every game it finished first. Sequence streams
// its values and stops at --budget-ms; Ctrl-C stops any of them. A stop says on stderr which
// limit was reached: exit code 3 for a limit, 130 for Ctrl-C. Output is written as it is made,
// never built whole.
import { observedWords, proofNames, remotenessWords, reportOutcomeWords, THEOREM_PROOFS } from './analysis/wording';
import './cliHeap';
import { isAscii } from 'node:buffer';
import { once } from 'node:events';
import { readFileSync, writeSync } from 'node:fs';
import { totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type GameReport, INVALID_GAME_REASON, reportGame, shownNimber } from './analysis/gameReport';
import { createEngineCache, ruleKey, ruleSequence, sequenceNimber, trimCache } from './engine';
import { sequenceLengthLimit } from './engine/budget';
import { observedRegularity } from './engine/heaps';
import { misereQuotient, quotientImage, quotientWorkFor } from './engine/misere';
import { type Budget, type HeapRule, type HeapSequence, isHeapRule } from './engine/types';
import { type AnalyzedDocument, analyzeStreaming, analyzeText, StreamedText } from './language/analyze';
import { keywordSet } from './language/lexer';
import { BUILTIN_RULES, type GameSymbol } from './language/model';
import { RULE_KINDS } from './language/parser';
import type { LineIndex } from './language/text';

const LIMIT_EXIT = 3;
/**
 * The young generation of the worker that reads a file (3 semi-spaces of 64 MB: see cliHeap.ts), at most a quarter of
 * the ceiling.
 */
const YOUNG_GENERATION_MB = 192;
const youngGenerationMb = (memoryMb: number) => Math.min(YOUNG_GENERATION_MB, Math.floor(memoryMb / 4));
/** The smallest ceiling: a worker with less cannot even load its code. */
const MIN_MEMORY_MB = 64;

/**
 * The memory ceiling when --max-memory-mb is not given: the heap this Node would give a program
 * by default (V8 sizes it from the machine's memory: 4 GB on a machine of 16 GB or more), young
 * generation included, and never more than three quarters of the memory the process may use
 * (the machine's, or its container's when that is less).
 */
function defaultMemoryMb(): number {
  const constrained = typeof process.constrainedMemory === 'function' ? process.constrainedMemory() : 0;
  const machine = constrained && constrained > 0 && constrained < totalmem() ? constrained : totalmem();
  const heap = getHeapStatistics().heap_size_limit / 2 ** 20 + YOUNG_GENERATION_MB;
  return Math.max(MIN_MEMORY_MB, Math.floor(Math.min(heap, (0.75 * machine) / 2 ** 20)));
}
const INTERRUPTED_EXIT = 130;

const usage = `usage: grundy check FILE [--json] [--max-memory-mb MB]
       grundy analyze FILE [--json] [--budget-ms MS] [--max-moves N] [--max-memory-mb MB]
       grundy sequence RULE [--to N] [--json] [--budget-ms MS]
       grundy quotient RULE [--to N] [--json] [--budget-ms MS]

  check FILE       report the mistakes in a .game file (exit 1 when it has errors)
  analyze FILE     every game's nimber, outcome (N: the player to move wins, P: loses) and
                   winning moves, plus the diagnostics (exit 1 when the file has errors)
  sequence RULE    a heap rule's nimbers G(0..N) with its proved preperiod and period; RULE is
                   written as in a .game file:
                     ${RULE_KINDS.join(', ')}
                   or a built-in heap rule: ${[...BUILTIN_RULES]
                     .filter(([, rule]) => isHeapRule(rule))
                     .map(([name]) => name)
                     .join(', ')}
  quotient RULE    a heap rule's misère quotient (Plambeck–Siegel): its size, generators and
                   relations, P-portion, pretending function (heap → element) and whether it is
                   proved for every heap; --to N prints the pretending function to heap N
                   (any size once the quotient is proved periodic)
  --json           machine-readable output
  --budget-ms MS   time the computations may take (default 10000); past it, results say how far
                   they got. analyze gives each game its share of the time left
  --max-moves N    list at most N winning moves per game (default 1000; the count is exact)
  --to N           the last heap to print (default: two periods past the preperiod, at least 30);
                   any size (10^20 may be written so): past the computed values, the proved period
                   gives them; the values are written as they are found, and --budget-ms stops it
  --max-memory-mb MB
                   the memory reading and analysing FILE may take (default here:
                   ${defaultMemoryMb().toLocaleString('en-US')} MB, this Node's heap limit, at most three
                   quarters of the machine's memory; at least ${MIN_MEMORY_MB}). Files of any size are
                   read; only reaching this stops the work, and says so (exit 3), analyze after
                   writing every game it finished

  Exit codes: 0 done, 1 the file has errors, 2 bad command line, 3 a limit was reached (stderr
  says which), 130 interrupted (Ctrl-C).`;

/** A limit was reached: the message says which; the exit code is LIMIT_EXIT. */
class LimitReached extends Error {}

/** Set by Ctrl-C; long loops look at it between chunks of work. */
let interrupted = false;

/**
 * Standard output, written in chunks with back-pressure (a slow reader never makes the output pile
 * up in memory) and a turn of the event loop between chunks (so that Ctrl-C is seen).
 */
class Output {
  private chunks: string[] = [];
  private size = 0;

  async line(text: string): Promise<void> {
    this.chunks.push(text, '\n');
    this.size += text.length + 1;
    if (this.size >= 1 << 16) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.size > 0) {
      const data = this.chunks.join('');
      this.chunks = [];
      this.size = 0;
      if (!process.stdout.write(data)) await once(process.stdout, 'drain');
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Standard output for check and analyze, in their worker thread: written in chunks straight to
 * the file descriptor, blocking while the reader is behind (back-pressure without an event loop:
 * the games are reported from inside the analysis, one at a time). A reader gone (EPIPE) ends the
 * work as done.
 */
class SyncOutput {
  private chunks: string[] = [];
  private size = 0;

  line(text: string): void {
    this.chunks.push(text, '\n');
    this.size += text.length + 1;
    if (this.size >= 1 << 16) this.flush();
  }

  flush(): void {
    if (this.size === 0) return;
    const data = Buffer.from(this.chunks.join(''), 'utf8');
    this.chunks = [];
    this.size = 0;
    for (let written = 0; written < data.length; ) {
      try {
        written += writeSync(1, data, written);
      } catch (cause) {
        const code = (cause as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') continue; // a non-blocking pipe that is full: try again
        if (code === 'EPIPE') throw new ReaderGone();
        throw cause;
      }
    }
  }
}

/** The reader of standard output went away: the work ends as done. */
class ReaderGone extends Error {}

class UsageError extends Error {}

interface Options {
  readonly json: boolean;
  readonly budgetMs: number;
  readonly maxMoves: number;
  readonly maxMemoryMb?: number;
  readonly to?: bigint;
  readonly positional: string[];
}

function parseOptions(argv: string[]): Options {
  let json = false;
  let budgetMs = 10_000;
  let maxMoves = 1000;
  let maxMemoryMb: number | undefined;
  let to: bigint | undefined;
  const positional: string[] = [];
  const count = (flag: string, value: string | undefined): number => {
    if (value === undefined || !/^\d+$/.test(value)) throw new UsageError(`${flag} needs a non-negative whole number`);
    return Number(value);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') json = true;
    else if (arg === '--budget-ms') budgetMs = count(arg, argv[++i]);
    else if (arg === '--max-moves') maxMoves = count(arg, argv[++i]);
    else if (arg === '--max-memory-mb') {
      maxMemoryMb = count(arg, argv[++i]);
      if (maxMemoryMb < MIN_MEMORY_MB) throw new UsageError(`--max-memory-mb needs at least ${MIN_MEMORY_MB}`);
    } else if (arg === '--to') to = heapNumber(arg, argv[++i]);
    else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  return {
    json,
    budgetMs,
    maxMoves,
    ...(maxMemoryMb !== undefined ? { maxMemoryMb } : {}),
    ...(to !== undefined ? { to } : {}),
    positional,
  };
}

/** A whole number of any size: digits, or a power written `B^E` (`10^20`). */
function heapNumber(flag: string, value: string | undefined): bigint {
  const power = value === undefined ? null : /^(\d{1,6})\^(\d{1,6})$/.exec(value);
  if (power) {
    const [base, exponent] = [BigInt(power[1]), BigInt(power[2])];
    if (base > 1n && exponent * BigInt(power[1].length) > 100_000n)
      throw new UsageError(`${flag} ${value}: more than 100,000 digits`);
    return base ** exponent;
  }
  if (value === undefined || !/^\d{1,100000}$/.test(value))
    throw new UsageError(`${flag} needs a non-negative whole number (digits, or a power such as 10^20)`);
  return BigInt(value);
}

function readDocumentText(file: string): string {
  try {
    return readText(file);
  } catch (cause) {
    throw new UsageError(`cannot read ${file}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * A file's text: an ASCII file (most are) copied as it is, without UTF-8 decoding (a third of the time on a 47 MB
 * file).
 */
function readText(file: string): string {
  const bytes = readFileSync(file);
  return typeof isAscii === 'function' && isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

function diagnosticsOf(document: AnalyzedDocument) {
  return document.diagnostics.map((diagnostic) => {
    const position = document.lines.positionAt(diagnostic.span.start);
    return {
      line: position.line + 1,
      column: position.character + 1,
      severity: diagnostic.severity,
      message: diagnostic.message,
      code: diagnostic.code,
    };
  });
}

type CliDiagnostic = ReturnType<typeof diagnosticsOf>[number];

const hasErrors = (diagnostics: readonly CliDiagnostic[]) => diagnostics.some((d) => d.severity === 'error');

// check and analyze read the file as a stream of games (analyzeStreaming): only the rules and
// graphs are held, so a file of any size is read within memory of the order of its text.

function check(file: string, options: Options, out: SyncOutput): number {
  const diagnostics = diagnosticsOf(analyzeStreaming(readDocumentText(file), () => {}));
  if (options.json) out.line(JSON.stringify({ diagnostics }));
  else printDiagnostics(file, diagnostics, out);
  return hasErrors(diagnostics) ? 1 : 0;
}

function printDiagnostics(file: string, diagnostics: readonly CliDiagnostic[], out: SyncOutput): void {
  if (diagnostics.length === 0) out.line(`${file}: no problems`);
  for (const d of diagnostics) out.line(`${file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`);
}

function analyze(file: string, options: Options, out: SyncOutput): number {
  const text = readDocumentText(file);
  // The diagnostics come first, so the games are read once for them, then again to be reported.
  const streamed = new StreamedText(text);
  let games = 0;
  const diagnostics = diagnosticsOf(streamed.analyze(() => games++));
  const lines = streamed.lines;
  const deadline = Date.now() + options.budgetMs;
  // Each game gets its share of the time left (what an earlier game did not use goes to the later
  // ones), so that one game's endless computation (a wild rule's misère quotient) cannot starve
  // the next; a rule's quotient grown for one game is resumed, from the cache, by the next.
  const shareOf = (left: number): Budget => {
    const now = Date.now();
    return { deadline: now + Math.max(0, deadline - now) / Math.max(1, left) };
  };
  const cache = createEngineCache();
  // Every misère game's quotient grows within the work of one budget: the answer does not depend on the machine.
  const quotientWork = quotientWorkFor(options.budgetMs);
  const document = { file: { text } };
  let done = 0;
  // This thread's heap is the ceiling (see runInWorker): the computed values are let go first
  // (the engine's cache, oldest first), and the games stop only when that is not enough.
  const stopBetweenGames = () => {
    const heap = getHeapStatistics();
    if (heap.used_heap_size < 0.6 * heap.heap_size_limit) return;
    trimCache(cache, 0);
    const after = getHeapStatistics();
    if (after.used_heap_size > 0.85 * after.heap_size_limit) {
      out.line(options.json ? ']}' : '');
      throw new LimitReached(
        `${memoryLimitWords()} after ${done.toLocaleString('en-US')} games, every one of which is written above`,
      );
    }
  };
  // One game at a time, written as soon as it is known, from inside the analysis: neither the
  // games nor their reports are ever all held.
  const report = (game: GameSymbol) => {
    if (done % 64 === 0) stopBetweenGames();
    const r = reportGame(document, game, {
      budget: shareOf(games - done),
      cache,
      maxMoves: options.maxMoves,
      quotientWork,
      remoteness: 'full',
    });
    if (options.json) {
      const result = r.result;
      const reason = result ? result.reason : INVALID_GAME_REASON;
      const entry = {
        name: r.game.name,
        line: lines.positionAt(r.game.declaration.start).line + 1,
        play: r.game.play,
        nimber: result?.nimber == null ? null : result.nimber.toString(),
        outcome: result?.outcome ?? null,
        ...(reason ? { reason } : {}),
        ...(result?.decidedBy ? { decidedBy: result.decidedBy } : {}),
        ...(result?.remoteness !== undefined ? { remoteness: result.remoteness } : {}),
        components: r.componentTexts.map((text, i) => {
          const nimber = shownNimber(r.game, result, i);
          return { text, nimber: nimber === null ? null : nimber.toString() };
        }),
        winningMoves: r.winningMoves.map((m) => ({ description: m.description, after: m.after })),
        winningMoveCount: (result?.winningMoveCount ?? 0n).toString(),
      };
      out.line(`${done === 0 ? '' : ','}${JSON.stringify(entry)}`);
    } else printGame(lines, r, out);
    done++;
  };
  if (options.json) out.line(`{"diagnostics":${JSON.stringify(diagnostics)},"games":[`);
  else if (diagnostics.length > 0) printDiagnostics(file, diagnostics, out);
  streamed.gamesAgain(report);
  if (options.json) out.line(']}');
  else if (done === 0) out.line(`${file}: no games`);
  return hasErrors(diagnostics) ? 1 : 0;
}

/**
 * Texts longer than this (a big picture, a heap of a million digits) are shortened in the text
 * output; --json has them whole.
 */
const SHOWN_TEXT = 200;

/** A text for people, bounded: its start and end, and how long it is. */
function shownText(text: string): string {
  if (text.length <= SHOWN_TEXT) return text;
  return `${text.slice(0, 120)} … ${text.slice(-60)} (${text.length.toLocaleString('en-US')} characters)`;
}

function printGame(lines: LineIndex, report: GameReport, out: SyncOutput): void {
  const { game, result } = report;
  const line = lines.positionAt(game.declaration.start).line + 1;
  const nimber = result?.nimber ?? null;
  const value = nimber !== null ? `*${nimber}` : game.play === 'misere' ? 'misère' : 'no nimber';
  const outcome = result?.outcome ?? null;
  out.line(`\ngame ${game.name} (line ${line}): ${value}, ${outcome ?? '?'}: ${reportOutcomeWords(report)}`);
  if (!result) return;
  if (result.reason && outcome !== null) out.line(`  (${result.reason})`);
  if (result.decidedBy) out.line(`  decided by ${result.decidedBy.text}`);
  const lasts = remotenessWords(result);
  if (lasts) out.line(`  with best play ${lasts} (remoteness ${result.remoteness})`);
  else if (result.remotenessReason) out.line(`  remoteness not found: ${result.remotenessReason}`);
  const texts = report.componentTexts.map(shownText);
  const width = Math.max(...texts.map((text) => text.length));
  texts.forEach((text, i) => {
    const shown = shownNimber(game, result, i);
    out.line(`  ${text.padEnd(width)}  ${shown === null ? '' : `*${shown}`}`);
  });
  if (outcome !== 'N') return;
  const count = result.winningMoveCount;
  out.line(`  winning move${count === 1n ? '' : 's'} (${count}):`);
  for (const m of report.winningMoves) out.line(`    ${m.description}  →  ${shownText(m.after)}`);
  const more = count - BigInt(report.winningMoves.length);
  if (more > 0n) out.line(`    … and ${more} more`);
}

/** A rule as written after `rule NAME =`, or a built-in rule's name. */
function parseRule(source: string): { rule: HeapRule; name: string } {
  const builtin = BUILTIN_RULES.get(source.trim());
  if (builtin) {
    if (builtin.kind === 'treblecross')
      throw new UsageError(
        'treblecross is a row rule; its heap form is `octal 0.007` (a run of m safe cells is a heap of m + 2)',
      );
    if (!isHeapRule(builtin))
      throw new UsageError(`${source.trim()} is not a heap rule: a sequence is a heap rule's nimbers G(0), G(1), …`);
    return { rule: builtin, name: source.trim() };
  }
  const heapBuiltins = [...BUILTIN_RULES].filter(([, rule]) => isHeapRule(rule)).map(([name]) => name);
  const word = source.trim();
  if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(word) && !keywordSet.has(word)) {
    throw new UsageError(
      `\`${word}\` is not a rule: write a heap rule as in a .game file (${RULE_KINDS.join(', ')}) or name a ` +
        `built-in one (${heapBuiltins.join(', ')})`,
    );
  }
  const prefix = 'rule sequence = ';
  const document = analyzeText(`${prefix + source}\n`);
  const error = document.diagnostics.find((d) => d.severity === 'error');
  if (error) {
    const column = Math.max(1, error.span.start - prefix.length + 1);
    throw new UsageError(`RULE, column ${column}: ${error.message}`);
  }
  const symbol = document.model.symbols.get('sequence');
  if (symbol?.kind !== 'rule' || !isHeapRule(symbol.rule)) throw new UsageError(`not a heap rule: ${source}`);
  return { rule: symbol.rule, name: source.trim() };
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

interface SequenceWork {
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
function sequenceWorker(work: SequenceWork): void {
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

async function sequence(source: string, options: Options, out: Output): Promise<number> {
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
    if (interrupted) stoppedAt = { next, why: 'interrupted' };
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

/** Heaps a quotient is computed to one by one (an array's indices); past them, only a proof helps. */
const QUOTIENT_INDEXABLE = 2 ** 31 - 1;

async function quotient(source: string, options: Options, out: Output): Promise<number> {
  const { rule, name } = parseRule(source);
  // The computation runs on this thread: Ctrl-C ends the process at once.
  process.removeAllListeners('SIGINT');
  const budget: Budget = { deadline: Date.now() + options.budgetMs };
  // Computed to --to or to a proof, whichever comes first; the pretending function is printed to
  // --to (of any size) from the computed heaps and the proved period.
  const to =
    options.to === undefined
      ? undefined
      : options.to > BigInt(QUOTIENT_INDEXABLE)
        ? QUOTIENT_INDEXABLE
        : Number(options.to);
  const { quotient: q } = misereQuotient(rule, ruleKey(rule), budget, { to });
  const period = q.periodicity;
  const last = options.to ?? BigInt(period?.proved ? Math.max(q.heaps, period.start + 2 * period.period - 1) : q.heaps);
  const lastKnown = period?.proved ? last : BigInt(q.heaps) < last ? BigInt(q.heaps) : last;
  const imageName = (n: bigint) => {
    const image = quotientImage(q, n);
    return image === undefined ? '?' : q.names[image];
  };
  const pPortion = q.names.filter((_, x) => q.isP[x]);
  let stoppedAt: bigint | undefined;
  if (options.json) {
    const head = {
      rule: name,
      key: q.ruleKey,
      size: q.size,
      heaps: q.heaps,
      tame: q.tame,
      generators: q.generators.map((g) => ({ name: g.name, heap: g.heap })),
      relations: q.relations,
      pPortion,
      periodicity: period ?? null,
      ...(q.stop ? { stop: q.stop.reason } : {}),
      ...(q.size <= 64 ? { table: q.names.map((_, x) => q.names.map((__, y) => q.names[q.mul[x * q.size + y]])) } : {}),
    };
    await out.line(`${JSON.stringify(head).slice(0, -1)},"pretending":[`);
    for (let n = 0n; n <= lastKnown; n++) {
      if (n % 4096n === 0n && n > 0n && Date.now() > budget.deadline!) {
        stoppedAt = n;
        break;
      }
      await out.line(`${n === 0n ? '' : ','}${JSON.stringify(imageName(n))}`);
    }
    await out.line(']}');
  } else {
    await out.line(`${name}  (${q.ruleKey})`);
    await out.line(
      `misère quotient of heaps up to ${q.heaps}: ${q.size} elements, ${pPortion.length} of them P; ` +
        (q.tame ? 'tame (as misère Nim: genus theory applies)' : 'wild'),
    );
    if (period?.proved) await out.line(`the same for every heap: ${period.ground}`);
    else if (period) await out.line(`not proved for larger heaps: ${period.ground}`);
    else await out.line('not proved for larger heaps (no period of the pretending function seen yet)');
    if (q.stop) await out.line(`stopped at heap ${q.heaps}: ${q.stop.reason}`);
    await out.line(`generators: ${q.generators.map((g) => `${g.name} = heap ${g.heap}`).join(', ') || 'none'}`);
    await out.line(`relations: ${q.relations.join(', ') || 'none'}`);
    await out.line(`P-portion: ${pPortion.join(', ')}`);
    await out.line('pretending function (heap: element):');
    const width = last.toString().length;
    for (let n = 0n; n <= lastKnown; n += 10n) {
      if (n % 4000n === 0n && n > 0n && Date.now() > budget.deadline!) {
        stoppedAt = n;
        break;
      }
      const row: string[] = [];
      for (let k = n; k < n + 10n && k <= lastKnown; k++) row.push(imageName(k).padEnd(7));
      await out.line(`${n.toString().padStart(width)}: ${row.join('')}`.trimEnd());
    }
  }
  await out.flush();
  if (q.stop && q.stop.cause !== 'method') {
    process.stderr.write(`grundy: stopped at heap ${q.heaps}: ${q.stop.reason} (--budget-ms ${options.budgetMs})\n`);
    return LIMIT_EXIT;
  }
  if (stoppedAt !== undefined) {
    process.stderr.write(
      `grundy: stopped before heap ${stoppedAt}: the budget of ${options.budgetMs} ms was reached\n`,
    );
    return LIMIT_EXIT;
  }
  if (lastKnown < last) {
    process.stderr.write(
      `grundy: stopped after heap ${lastKnown}: the quotient is not proved periodic, so larger heaps are not known\n`,
    );
    return LIMIT_EXIT;
  }
  return 0;
}

/** What a check or analyze worker tells the main thread at its end. */
type FromFileWorker =
  | { readonly code: number }
  | { readonly limit: string }
  | { readonly usage: string }
  | { readonly crash: string };

interface FileWork {
  readonly command: 'check' | 'analyze';
  readonly file: string;
  readonly options: Options;
}

/** The ceiling, as said to the user. */
function memoryLimitWords(): string {
  const mb = (workerData as { memoryMb?: number } | null)?.memoryMb;
  return `stopped at the memory limit${mb ? ` of ${mb.toLocaleString('en-US')} MB` : ''} (--max-memory-mb)`;
}

/**
 * Check or analyze, in a worker thread whose heap is the memory ceiling: a file of any size is
 * read, and only the ceiling, really reached, stops the work (V8 stops a worker that outgrows its
 * heap cleanly, where the main thread would crash). Its output reaches stdout through this thread.
 * Ctrl-C ends the worker at once.
 */
function runInWorker(work: FileWork): Promise<number> {
  const memoryMb = work.options.maxMemoryMb ?? defaultMemoryMb();
  const worker = new Worker(__filename, {
    workerData: { file: work, memoryMb },
    resourceLimits: {
      maxOldGenerationSizeMb: memoryMb - youngGenerationMb(memoryMb),
      maxYoungGenerationSizeMb: youngGenerationMb(memoryMb),
    },
  });
  return new Promise((resolve) => {
    let outcome: FromFileWorker | undefined;
    const onInterrupt = () => {
      void worker.terminate();
      process.stderr.write('grundy: interrupted\n');
      resolve(INTERRUPTED_EXIT);
    };
    process.once('SIGINT', onInterrupt);
    worker.on('message', (message: FromFileWorker) => {
      outcome = message;
    });
    worker.on('error', (error: Error & { code?: string }) => {
      outcome =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? {
              limit:
                `${memoryLimitWordsFor(memoryMb)}: ` +
                `${work.command === 'analyze' ? 'the games written above are finished; ' : ''}raise ` +
                `--max-memory-mb if the machine has more`,
            }
          : { crash: error.stack ?? error.message };
    });
    worker.on('exit', () => {
      process.off('SIGINT', onInterrupt);
      if (outcome === undefined) return resolve(INTERRUPTED_EXIT);
      if ('code' in outcome) return resolve(outcome.code);
      if ('crash' in outcome) {
        process.stderr.write(`${outcome.crash}\n`);
        return resolve(1);
      }
      if ('limit' in outcome) {
        process.stderr.write(`grundy: ${outcome.limit}\n`);
        return resolve(LIMIT_EXIT);
      }
      process.stderr.write(`grundy: ${outcome.usage}\n${HELP_POINTER}\n`);
      resolve(2);
    });
  });
}

const memoryLimitWordsFor = (memoryMb: number) =>
  `stopped at the memory limit of ${memoryMb.toLocaleString('en-US')} MB (--max-memory-mb)`;

/** In the worker: the command, its output written to stdout, its end posted back. */
function fileWorker(work: FileWork): void {
  const out = new SyncOutput();
  let outcome: FromFileWorker;
  try {
    try {
      outcome = {
        code: work.command === 'check' ? check(work.file, work.options, out) : analyze(work.file, work.options, out),
      };
    } catch (error) {
      if (error instanceof LimitReached) outcome = { limit: error.message };
      else if (error instanceof UsageError) outcome = { usage: error.message };
      else throw error;
    }
    out.flush();
  } catch (error) {
    if (!(error instanceof ReaderGone)) throw error;
    outcome = { code: 0 };
  }
  parentPort!.postMessage(outcome);
}

const HELP_POINTER = 'Run grundy --help for usage.';

async function main(argv: string[]): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    console.log(usage);
    return 0;
  }
  // A reader that goes away (`grundy sequence nim --to 10^20 | head`) ends the output, not in a crash.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  process.on('SIGINT', () => {
    if (interrupted) process.exit(INTERRUPTED_EXIT); // a second Ctrl-C does not wait
    interrupted = true;
  });
  const out = new Output();
  try {
    const options = parseOptions(argv);
    const [command, argument, ...extra] = options.positional;
    if (argument === undefined || extra.length > 0)
      throw new UsageError(command ? `${command} takes one argument` : 'no command');
    let code: number;
    switch (command) {
      case 'check':
      case 'analyze':
        code = await runInWorker({ command, file: argument, options });
        break;
      case 'sequence':
        code = await sequence(argument, options, out);
        break;
      case 'quotient':
        code = await quotient(argument, options, out);
        break;
      default:
        throw new UsageError(`unknown command ${command}`);
    }
    await out.flush();
    return code;
  } catch (error) {
    await out.flush();
    if (error instanceof LimitReached) {
      console.error(`grundy: ${error.message}`);
      return LIMIT_EXIT;
    }
    if (!(error instanceof UsageError)) throw error;
    console.error(`grundy: ${error.message}\n${HELP_POINTER}`);
    return 2;
  }
}

if (!isMainThread && workerData?.sequence) sequenceWorker(workerData.sequence as SequenceWork);
else if (!isMainThread && workerData?.file) fileWorker(workerData.file as FileWork);
else {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
