// Issue 55's harness: a game's result is a function of the game alone. For a `.game` document, `grundy analyze
// --json` is run on the whole document, on the document with its games in reversed order, and, for each game, on
// the document with every other game taken out (its rules, graphs and comments kept); each game's entry must be
// the same in all of them, but for its `name` and `line`. The CLI runs in processes of its own (its caches live
// as long as one run), several at a time. Used by test/cli/aloneTogether.test.ts (CI's size) and
// test/cli/aloneTogether.bench.ts (the full size).
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeText } from '../../server/src/language/analyze';
import { repositoryPath } from './paths';

/** The bundled CLI (GRUNDY_CLI may name another build of it, say one of an older commit). */
export const GRUNDY_CLI = process.env.GRUNDY_CLI ?? repositoryPath('out', 'cli', 'grundy.js');

/**
 * A copy of the CLI's bundle in `folder` (one file: its worker threads run the same script), so that every run of a
 * comparison is of one build even when the tree is rebuilt meanwhile.
 */
export function snapshotCli(folder: string): string {
  mkdirSync(folder, { recursive: true });
  const copy = join(folder, 'grundy.js');
  copyFileSync(GRUNDY_CLI, copy);
  return copy;
}

/** One run of the CLI. */
export interface CliRun {
  readonly args: readonly string[];
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
  /** Killed at its time limit: what it wrote is not its answer. */
  readonly timedOut: boolean;
}

/** Runs `grundy ARGS`, killed after `timeoutMs` (SIGKILL, so its worker thread goes with it). */
export function runGrundy(args: readonly string[], timeoutMs: number, cli = GRUNDY_CLI): Promise<CliRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({
        args,
        status,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        ms: Date.now() - started,
        timedOut,
      });
    });
  });
}

/** Runs `tasks` with at most `concurrency` at once; the results in the tasks' order. */
export async function inParallel<T>(tasks: readonly (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let nextTask = 0;
  const lane = async () => {
    while (nextTask < tasks.length) {
      const index = nextTask++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, lane));
  return results;
}

/** A game's entry in `analyze --json`: name, line, play, nimber, value, outcome, reason, decidedBy, … */
export type Entry = Record<string, unknown> & { readonly name: string; readonly line: number };

/** The entries of an `analyze --json` run, or why there are none. */
export function entriesOf(run: CliRun): { entries: Entry[]; problem?: string } {
  const what = `grundy ${run.args.join(' ')}`;
  if (run.timedOut) return { entries: [], problem: `${what} did not finish within ${run.ms} ms (killed)` };
  try {
    const parsed = JSON.parse(run.stdout) as { games: Entry[] };
    const problem =
      run.status === 0 || run.status === 1 ? undefined : `${what} exited ${run.status}: ${run.stderr.trim()}`;
    return { entries: parsed.games, ...(problem ? { problem } : {}) };
  } catch {
    return {
      entries: [],
      problem: `${what} exited ${run.status} without JSON: ${truncate(run.stderr.trim() || run.stdout, 300)}`,
    };
  }
}

/** A game declaration of a document: its name, its text and where it is. */
export interface GameDeclaration {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  /** 1-based, as `analyze --json` writes it. */
  readonly line: number;
  readonly text: string;
}

/** The game declarations of a document, in order (as the language's parser sees them). */
export function gameDeclarations(text: string): GameDeclaration[] {
  const document = analyzeText(text);
  return document.file.declarations
    .filter((d) => d.kind === 'game')
    .map((d) => ({
      name: d.kind === 'game' && d.name ? d.name.text : '',
      start: d.start,
      end: d.end,
      line: document.lines.positionAt(d.start).line + 1,
      text: text.slice(d.start, d.end),
    }));
}

/** The text with the given games blanked out (each character but line breaks a space: every line stays where it is). */
function withoutGames(text: string, games: readonly GameDeclaration[]): string {
  let result = '';
  let at = 0;
  for (const game of games) {
    result += text.slice(at, game.start) + text.slice(game.start, game.end).replace(/[^\r\n]/g, ' ');
    at = game.end;
  }
  return result + text.slice(at);
}

/** Everything of the document but its games (rules, graphs, comments), plus game `index` where it was. */
export function aloneText(text: string, games: readonly GameDeclaration[], index: number): string {
  return withoutGames(
    text,
    games.filter((_, i) => i !== index),
  );
}

/** Everything of the document but its games, then its games in reversed order, one after another. */
export function reversedText(text: string, games: readonly GameDeclaration[]): string {
  const body = withoutGames(text, games);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return `${body}${body.endsWith('\n') ? '' : eol}${[...games]
    .reverse()
    .map((game) => game.text)
    .join(eol)}${eol}`;
}

/** An entry without what depends on where the game is written (`name`, `line`), its keys sorted. */
export function comparable(entry: Entry): string {
  const { name: _name, line: _line, ...rest } = entry;
  return JSON.stringify(rest, (_, value) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

export function truncate(text: string, most = 300): string {
  return text.length <= most ? text : `${text.slice(0, most - 60)} … ${text.slice(-50)} (${text.length} chars)`;
}

/** The fields of two entries that differ (`name` and `line` aside), each with both values. */
export function differingFields(a: Entry, b: Entry): { field: string; a: string; b: string }[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const fields: { field: string; a: string; b: string }[] = [];
  for (const key of keys) {
    if (key === 'name' || key === 'line') continue;
    const [x, y] = [JSON.stringify(a[key]), JSON.stringify(b[key])];
    if (x !== y) fields.push({ field: key, a: x ?? '(absent)', b: y ?? '(absent)' });
  }
  return fields;
}

/** A difference found: which document, which game, which comparison, and the two entries. */
export interface Difference {
  readonly file: string;
  readonly game: string;
  /** `alone`, `reversed` or `loaded`, against the whole document's run (idle). */
  readonly against: string;
  readonly fields: readonly { field: string; a: string; b: string }[];
  /** When one side has no entry at all (a run that failed, timed out or wrote none). */
  readonly problem?: string;
}

/** A difference in words: the file, the game, each field with both values (truncated). */
export function describeDifference(difference: Difference): string {
  const head = `${difference.file}: \`${truncate(difference.game, 160)}\` (${difference.against} vs whole file)`;
  if (difference.problem) return `${head}: ${difference.problem}`;
  return `${head}:\n${difference.fields
    .map((f) => `    ${f.field}: ${difference.against} ${truncate(f.b, 300)} | whole ${truncate(f.a, 300)}`)
    .join('\n')}`;
}

/** A document to check: a label (its path, or a generated document's name) and its text. */
export interface Source {
  readonly label: string;
  readonly text: string;
}

/** What was found for one document. */
export interface SourceReport {
  readonly label: string;
  readonly games: number;
  /** Games whose alone entry was compared (a game the CLI writes no entry for is not). */
  readonly comparedAlone: number;
  readonly comparedReversed: number;
  readonly differences: Difference[];
  /** Problems that are not a game's difference (a whole run that failed). */
  readonly problems: string[];
  /** The whole document's entries, by line (for the comparisons that follow: loaded, the server). */
  readonly whole: Map<number, Entry>;
  readonly wholeFile: string;
  readonly declarations: readonly GameDeclaration[];
}

export interface AloneTogetherOptions {
  /** Where the documents are written. */
  readonly folder: string;
  /** Runs at once (2 on a 2-core machine). */
  readonly concurrency: number;
  /** A limit on each run, past which it is killed and reported. */
  readonly runTimeoutMs: number;
  /** Progress lines (stage times). */
  readonly log?: (line: string) => void;
  /** The CLI's bundle (snapshotCli's copy). */
  readonly cli: string;
}

/**
 * Every document's whole run (one at a time, nothing of ours beside it: the idle run), then its reversed run and
 * each game's alone run (`concurrency` at a time), compared.
 */
export async function aloneTogether(
  sources: readonly Source[],
  options: AloneTogetherOptions,
): Promise<SourceReport[]> {
  const log = options.log ?? (() => {});
  mkdirSync(options.folder, { recursive: true });
  // Documents of the same text are run once (the fixtures repeat examples, and many alone documents are alike):
  // a run's answer is a function of its input.
  const unique: string[] = [];
  const byText = new Map<string, number>();
  const once = (file: string, text: string): number => {
    let index = byText.get(text);
    if (index === undefined) {
      index = unique.length;
      byText.set(text, index);
      unique.push(file);
      writeFileSync(file, text);
    }
    return index;
  };
  const prepared = sources.map((source, s) => {
    const declarations = gameDeclarations(source.text);
    const base = join(options.folder, `${s}-${source.label.replace(/[^A-Za-z0-9.-]+/g, '_')}`);
    const wholeFile = `${base}.game`;
    writeFileSync(wholeFile, source.text);
    const reversed = reversedText(source.text, declarations);
    const reversedRun = once(`${base}.reversed.game`, reversed);
    const reversedLines = gameDeclarations(reversed).map((d) => d.line);
    const aloneRuns = declarations.map((_, i) =>
      once(`${base}.alone-${i}.game`, aloneText(source.text, declarations, i)),
    );
    return { source, declarations, wholeFile, reversedRun, reversedLines, aloneRuns };
  });

  let started = Date.now();
  const wholeRuns: CliRun[] = [];
  const wholeByText = new Map<string, CliRun>();
  for (const p of prepared) {
    const known = wholeByText.get(p.source.text);
    const run = known ?? (await runGrundy(['analyze', p.wholeFile, '--json'], options.runTimeoutMs, options.cli));
    wholeByText.set(p.source.text, run);
    wholeRuns.push(run);
  }
  log(`whole documents, one at a time: ${wholeByText.size} runs in ${seconds(Date.now() - started)}`);

  started = Date.now();
  const runs = await inParallel(
    unique.map((file) => () => runGrundy(['analyze', file, '--json'], options.runTimeoutMs, options.cli)),
    options.concurrency,
  );
  const slowest = [...runs].sort((a, b) => b.ms - a.ms).slice(0, 3);
  log(
    `reversed documents and games alone, ${options.concurrency} at a time: ${runs.length} runs in ` +
      `${seconds(Date.now() - started)} (slowest: ${slowest.map((r) => `${seconds(r.ms)} ${r.args[1]}`).join(', ')})`,
  );

  const reports: SourceReport[] = [];
  prepared.forEach((p, s) => {
    const reversedRun = runs[p.reversedRun];
    const aloneRuns = p.aloneRuns.map((index) => runs[index]);
    const differences: Difference[] = [];
    const problems: string[] = [];
    const whole = entriesOf(wholeRuns[s]);
    if (whole.problem) problems.push(`whole: ${whole.problem}`);
    const wholeByLine = new Map(whole.entries.map((e) => [e.line, e]));
    let comparedAlone = 0;
    let comparedReversed = 0;
    const compare = (game: GameDeclaration, against: string, theirs: Entry | undefined, problem?: string) => {
      const ours = wholeByLine.get(game.line);
      if (!ours && !theirs) return false;
      if (!ours || !theirs) {
        differences.push({
          file: p.source.label,
          game: game.text,
          against,
          fields: [],
          problem: problem ?? (ours ? `no entry ${against}` : 'no entry in the whole document'),
        });
        return true;
      }
      if (comparable(ours) !== comparable(theirs))
        differences.push({ file: p.source.label, game: game.text, against, fields: differingFields(ours, theirs) });
      return true;
    };
    const reversed = entriesOf(reversedRun);
    if (reversed.problem) problems.push(`reversed: ${reversed.problem}`);
    const reversedByLine = new Map(reversed.entries.map((e) => [e.line, e]));
    if (p.reversedLines.length !== p.declarations.length)
      problems.push(`the reversed document has ${p.reversedLines.length} games, not ${p.declarations.length}`);
    p.declarations.forEach((game, i) => {
      const alone = entriesOf(aloneRuns[i]);
      const entry = alone.entries.find((e) => e.line === game.line);
      if (alone.entries.length > 1) problems.push(`${game.name} alone gave ${alone.entries.length} entries`);
      if (compare(game, 'alone', entry, alone.problem)) comparedAlone++;
      const line = p.reversedLines[p.declarations.length - 1 - i];
      if (compare(game, 'reversed', reversedByLine.get(line), reversed.problem)) comparedReversed++;
    });
    reports.push({
      label: p.source.label,
      games: p.declarations.length,
      comparedAlone,
      comparedReversed,
      differences,
      problems,
      whole: wholeByLine,
      wholeFile: p.wholeFile,
      declarations: p.declarations,
    });
  });
  return reports;
}

/** Two processes that keep both cores busy, for `run`'s length; always killed after. */
export async function underLoad<T>(run: () => Promise<T>, spinners = 2): Promise<T> {
  const busy: ChildProcess[] = [];
  const killAll = () => {
    for (const child of busy) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  try {
    for (let i = 0; i < spinners; i++) busy.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
    return await run();
  } finally {
    killAll();
    await Promise.all(
      busy.map((child) =>
        child.exitCode !== null || child.signalCode !== null
          ? Promise.resolve()
          : new Promise<void>((resolve) => child.once('exit', () => resolve())),
      ),
    );
    process.removeListener('exit', killAll);
  }
}

/** Each document's whole run again under load, against its idle entries. */
export async function loadedDifferences(
  reports: readonly SourceReport[],
  runTimeoutMs: number,
  cli: string,
  log: (line: string) => void = () => {},
): Promise<{ compared: number[]; differences: Difference[]; problems: string[] }> {
  const started = Date.now();
  const runs = await underLoad(async () => {
    const done: CliRun[] = [];
    for (const r of reports) done.push(await runGrundy(['analyze', r.wholeFile, '--json'], runTimeoutMs, cli));
    return done;
  });
  log(`whole documents beside two busy processes: ${runs.length} runs in ${seconds(Date.now() - started)}`);
  const differences: Difference[] = [];
  const problems: string[] = [];
  const compared: number[] = [];
  reports.forEach((report, i) => {
    const loaded = entriesOf(runs[i]);
    if (loaded.problem) problems.push(`${report.label} loaded: ${loaded.problem}`);
    const byLine = new Map(loaded.entries.map((e) => [e.line, e]));
    let count = 0;
    for (const game of report.declarations) {
      const idle = report.whole.get(game.line);
      const busy = byLine.get(game.line);
      if (!idle && !busy) continue;
      count++;
      if (!idle || !busy)
        differences.push({
          file: report.label,
          game: game.text,
          against: 'loaded',
          fields: [],
          problem: idle ? 'no entry when loaded' : 'no entry when idle',
        });
      else if (comparable(idle) !== comparable(busy))
        differences.push({
          file: report.label,
          game: game.text,
          against: 'loaded',
          fields: differingFields(idle, busy),
        });
    }
    compared.push(count);
  });
  return { compared, differences, problems };
}

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
