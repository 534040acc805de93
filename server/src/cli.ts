// `grundy`: the command line, a second front door onto the front end and the engine.
//   grundy check FILE [--json]              the file's diagnostics
//   grundy analyze FILE [--json]            every game: nimber, outcome, winning moves
//   grundy sequence RULE [--to N] [--json]  a rule's nimbers, preperiod and period
import { readFileSync } from 'node:fs';
import { reportGames, type GameReport } from './analysis/gameReport';
import { createEngineCache, ruleSequence, sequenceNimber } from './engine';
import type { Budget, HeapRule, HeapSequence } from './engine/types';
import { analyzeText, type AnalyzedDocument } from './language/analyze';
import { BUILTIN_RULES } from './language/model';

const usage = `usage: grundy check FILE [--json]
       grundy analyze FILE [--json] [--budget-ms MS] [--max-moves N]
       grundy sequence RULE [--to N] [--json] [--budget-ms MS]

  check FILE       report the mistakes in a .game file (exit 1 when it has errors)
  analyze FILE     every game's nimber, outcome (N: the player to move wins, P: loses) and
                   winning moves, plus the diagnostics (exit 1 when the file has errors)
  sequence RULE    a heap rule's nimbers G(0..N) with its proved preperiod and period; RULE is
                   written as in a .game file: 'subtract {1, 2}', 'octal 0.137', 'kayles', …
  --json           machine-readable output
  --budget-ms MS   time the computations may take (default 10000); past it, results say how far
                   they got
  --max-moves N    list at most N winning moves per game (default 1000; the count is exact)
  --to N           the last heap to print (default: two periods past the preperiod, at least 30)`;

class UsageError extends Error {}

interface Options {
  readonly json: boolean;
  readonly budgetMs: number;
  readonly maxMoves: number;
  readonly to?: number;
  readonly positional: string[];
}

function parseOptions(argv: string[]): Options {
  let json = false;
  let budgetMs = 10_000;
  let maxMoves = 1000;
  let to: number | undefined;
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
    else if (arg === '--to') to = count(arg, argv[++i]);
    else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  return { json, budgetMs, maxMoves, ...(to !== undefined ? { to } : {}), positional };
}

function readDocument(file: string): AnalyzedDocument {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (cause) {
    throw new UsageError(`cannot read ${file}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
  return analyzeText(text);
}

function diagnosticsOf(document: AnalyzedDocument) {
  return document.diagnostics.map((diagnostic) => {
    const position = document.lines.positionAt(diagnostic.span.start);
    return { line: position.line + 1, column: position.character + 1, severity: diagnostic.severity, message: diagnostic.message, code: diagnostic.code };
  });
}

type CliDiagnostic = ReturnType<typeof diagnosticsOf>[number];

const hasErrors = (diagnostics: readonly CliDiagnostic[]) => diagnostics.some((d) => d.severity === 'error');

function check(file: string, options: Options): number {
  const diagnostics = diagnosticsOf(readDocument(file));
  if (options.json) console.log(JSON.stringify({ diagnostics }));
  else printDiagnostics(file, diagnostics);
  return hasErrors(diagnostics) ? 1 : 0;
}

function printDiagnostics(file: string, diagnostics: readonly CliDiagnostic[]): void {
  if (diagnostics.length === 0) console.log(`${file}: no problems`);
  for (const d of diagnostics) console.log(`${file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`);
}

const outcomeWords = (report: GameReport) =>
  report.outcome === 'N' ? 'the player to move wins' : report.outcome === 'P' ? 'the player to move loses' : `unknown: ${report.reason}`;

function analyze(file: string, options: Options): number {
  const document = readDocument(file);
  const diagnostics = diagnosticsOf(document);
  const budget: Budget = { deadline: Date.now() + options.budgetMs };
  const reports = reportGames(document, { budget, cache: createEngineCache(), maxMoves: options.maxMoves });
  if (options.json) {
    const games = reports.map((r) => ({
      name: r.game.name,
      line: document.lines.positionAt(r.game.declaration.start).line + 1,
      play: r.game.play,
      nimber: r.nimber === null ? null : r.nimber.toString(),
      outcome: r.outcome,
      ...(r.reason ? { reason: r.reason } : {}),
      components: r.components.map((c) => ({ text: c.text, nimber: c.nimber === null ? null : c.nimber.toString() })),
      winningMoves: r.winningMoves.map((m) => ({ description: m.description, after: m.after })),
      winningMoveCount: r.winningMoveCount.toString(),
    }));
    console.log(JSON.stringify({ diagnostics, games }));
  } else {
    if (diagnostics.length > 0) printDiagnostics(file, diagnostics);
    for (const r of reports) printGame(document, r);
    if (reports.length === 0) console.log(`${file}: no games`);
  }
  return hasErrors(diagnostics) ? 1 : 0;
}

function printGame(document: AnalyzedDocument, report: GameReport): void {
  const line = document.lines.positionAt(report.game.declaration.start).line + 1;
  const value = report.nimber !== null ? `*${report.nimber}` : report.game.play === 'misere' ? 'misère' : 'no nimber';
  console.log(`\ngame ${report.game.name} (line ${line}): ${value}, ${report.outcome ?? '?'}: ${outcomeWords(report)}`);
  if (!report.valid) return;
  if (report.reason && report.outcome !== null) console.log(`  (${report.reason})`);
  const width = Math.max(...report.components.map((c) => c.text.length));
  for (const c of report.components) console.log(`  ${c.text.padEnd(width)}  ${c.nimber === null ? '' : `*${c.nimber}`}`);
  if (report.outcome !== 'N') return;
  const count = report.winningMoveCount;
  console.log(`  winning move${count === 1n ? '' : 's'} (${count}):`);
  for (const m of report.winningMoves) console.log(`    ${m.description}  →  ${m.after}`);
  const more = count - BigInt(report.winningMoves.length);
  if (more > 0n) console.log(`    … and ${more} more`);
}

/** A rule as written after `rule NAME =`, or a built-in rule's name. */
function parseRule(source: string): { rule: HeapRule; name: string } {
  const builtin = BUILTIN_RULES.get(source.trim());
  if (builtin) {
    if (builtin.kind === 'treblecross') throw new UsageError('treblecross is a row rule; its heap form is `octal 0.007` (a run of m safe cells is a heap of m + 2)');
    return { rule: builtin, name: source.trim() };
  }
  const prefix = 'rule sequence = ';
  const document = analyzeText(prefix + source + '\n');
  const error = document.diagnostics.find((d) => d.severity === 'error');
  if (error) {
    const column = Math.max(1, error.span.start - prefix.length + 1);
    throw new UsageError(`RULE, column ${column}: ${error.message}`);
  }
  const symbol = document.model.symbols.get('sequence');
  if (symbol?.kind !== 'rule' || !symbol.rule || symbol.rule.kind === 'treblecross') throw new UsageError(`not a heap rule: ${source}`);
  return { rule: symbol.rule, name: source.trim() };
}

const proofWords: Record<string, string> = {
  'closed-form': 'G(n) = n',
  'subtraction-window': 'a window of max S values repeats',
  'guy-smith': 'the Guy–Smith theorem',
  'all-but-window': 'a window of max E first-occurrence gaps repeats',
};

function sequence(source: string, options: Options): number {
  const { rule, name } = parseRule(source);
  const budget: Budget = { deadline: Date.now() + options.budgetMs };
  let result: HeapSequence = ruleSequence(rule, budget, options.to !== undefined ? { stopAt: options.to } : {});
  // --to may stop the computation before a period is proved: look a little further for one (a
  // rule with no period in reach, such as 0.007, would otherwise run to the end of the budget).
  if (!result.complete && options.to !== undefined && !result.stop) {
    result = ruleSequence(rule, { ...budget, maxValues: Math.max(4 * (options.to + 1), 10_000) }, { resume: result });
  }
  const period = result.periodicity;
  const last = options.to ?? (period ? Math.max(30, period.preperiod + 2 * period.period - 1) : Math.min(result.computedUpTo, 99));
  const values: (string | null)[] = [];
  for (let n = 0; n <= last; n++) values.push(sequenceNimber(result, n)?.toString() ?? null);
  if (options.json) {
    console.log(
      JSON.stringify({
        rule: name,
        key: result.key,
        values,
        computedUpTo: result.computedUpTo,
        ...(period
          ? { preperiod: period.preperiod, period: period.period, saltus: period.saltus, provedAt: period.provedAt, proof: period.proof }
          : { preperiod: null, period: null, reason: result.reason }),
      }),
    );
  } else {
    console.log(`${name}  (${result.key})`);
    if (period) {
      const saltus = period.saltus ? `, saltus ${period.saltus} (G(n + ${period.period}) = G(n) + ${period.saltus})` : '';
      console.log(`preperiod ${period.preperiod}, period ${period.period}${saltus}: proved from G(0..${period.provedAt}) by ${proofWords[period.proof]}`);
    } else {
      console.log(`no period proved: ${result.reason}`);
    }
    for (let n = 0; n <= last; n += 10) {
      const row = values.slice(n, n + 10).map((v) => (v ?? '?').padStart(3));
      console.log(`${String(n).padStart(6)}: ${row.join('')}`);
    }
  }
  return 0;
}

function main(argv: string[]): number {
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    console.log(usage);
    return 0;
  }
  try {
    const options = parseOptions(argv);
    const [command, argument, ...extra] = options.positional;
    if (argument === undefined || extra.length > 0) throw new UsageError(command ? `${command} takes one argument` : 'no command');
    switch (command) {
      case 'check':
        return check(argument, options);
      case 'analyze':
        return analyze(argument, options);
      case 'sequence':
        return sequence(argument, options);
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`grundy: ${error.message}\n\n${usage}`);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
