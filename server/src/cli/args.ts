// The command line as the commands receive it: the options every command shares (one parser, so
// that a flag means the same and is refused in the same words whatever the command) and the RULE
// argument of sequence and quotient, read as a .game file would read it. A mistake in either is a
// UsageError: exit 2, with a pointer to the help.
import { type Budget, type HeapRule, isHeapRule } from '../engine/types';
import { analyzeText } from '../language/analyze';
import { keywordSet } from '../language/lexer';
import { BUILTIN_RULES } from '../language/model';
import { RULE_KINDS } from '../language/ruleBodies';
import { MIN_MEMORY_MB } from './memory';

/** The command line is wrong: the message says how; the exit code is 2. */
export class UsageError extends Error {}

export interface Options {
  readonly json: boolean;
  /** --budget-ms: a cap on the whole run's time, given only explicitly (limits count work, not time). */
  readonly budgetMs?: number;
  readonly maxMoves: number;
  readonly maxMemoryMb?: number;
  readonly to?: bigint;
  readonly positional: string[];
}

export function parseOptions(argv: string[]): Options {
  let json = false;
  let budgetMs: number | undefined;
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
    ...(budgetMs !== undefined ? { budgetMs } : {}),
    maxMoves,
    ...(maxMemoryMb !== undefined ? { maxMemoryMb } : {}),
    ...(to !== undefined ? { to } : {}),
    positional,
  };
}

/**
 * The budget of a whole run: no time at all unless --budget-ms was given (every computation stops at its
 * limit of work, engine/limits.ts); with it, the run is cut there, and says where.
 */
export function runBudget(options: Options): Budget {
  return options.budgetMs === undefined ? {} : { deadline: Date.now() + options.budgetMs };
}

/** Whether the run's explicit --budget-ms has passed. */
export function pastBudget(budget: Budget): boolean {
  return budget.deadline !== undefined && Date.now() > budget.deadline;
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

/** The built-in rules that are heap rules, by name: what RULE may name. */
export const heapBuiltinNames = (): string[] =>
  [...BUILTIN_RULES].filter(([, rule]) => isHeapRule(rule)).map(([name]) => name);

/** A rule as written after `rule NAME =`, or a built-in rule's name. */
export function parseRule(source: string): { rule: HeapRule; name: string } {
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
  const heapBuiltins = heapBuiltinNames();
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
  if (symbol?.kind === 'rule' && symbol.rule?.kind === 'movesTuple')
    throw new UsageError(
      `not a heap rule: ${source.trim()} has positions of ${symbol.rule.moves.arity} numbers; write its positions ` +
        'in a .game file (`grundy analyze`), or open it in the editor for a table of its values',
    );
  if (symbol?.kind !== 'rule' || !isHeapRule(symbol.rule)) throw new UsageError(`not a heap rule: ${source}`);
  return { rule: symbol.rule, name: source.trim() };
}
