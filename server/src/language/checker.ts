// Names and checks: resolves every name, checks what the grammar cannot (sets, octal codes,
// rows, cycles, what kind of thing a component names), and builds the engine's plain data.

import { isFiniteSet, normalizeCode, type SubtractionSet } from '../engine/heaps';
import type { GraphData, HeapRule, Rule } from '../engine/types';
import {
  type Component,
  type Declaration,
  type GameDeclaration,
  type GraphDeclaration,
  type Name,
  type NumberLiteral,
  type RuleBody,
  type SetExpression,
  type SourceFile,
  setNumbers,
} from './ast';
import { type Diagnostic, type DiagnosticSink, error, quoted, warning } from './diagnostics';
import { noMisere, ruleFamily } from './families';
import type { ComponentShape } from './families/family';
import { checkTokens } from './families/tokens';
import { checkRow } from './families/treblecross';
import { checkWordsBody } from './families/words';
import { vertexName } from './graphBody';
import {
  BUILTIN_RULES,
  type CheckedComponent,
  CONTEXTUAL_BUILTINS,
  type DeclaredSymbol,
  type GameSymbol,
  type GraphSymbol,
  type RuleSymbol,
  type SemanticModel,
} from './model';
import { MAX_RECORDED_PROBLEMS, movedDiagnostic, NONE } from './parser';
import type { Suggester } from './suggest';
import { type LineIndex, type Span, spanAt } from './text';

/** How many cycles one graph reports: one is enough to act on, a few show the pattern. */
const maxCyclesReported = 3;
/** How many of a cycle's edges its diagnostic points to (each one a quick fix): a cycle may be a million long. */
const maxCycleEdgesRelated = 50;

/** Where diagnostics go: all that the checker needs of the sink. */
type Diagnostics = Pick<DiagnosticSink, 'push' | 'errors'>;

/**
 * The sink a declaration's check reports to while the check records its entries: each problem goes
 * on to the analysis's sink, and a copy (at offset 0 from the declaration) to `keeping`, up to
 * MAX_RECORDED_PROBLEMS in the whole check. A class, not an object literal with a getter: V8 gives
 * such a literal a map of its own, made in the old generation and holding the getter, whose
 * closure held the whole check (symbols, games, entries). Every check then outlived itself into
 * the old generation, as garbage found only by a full collection: a 2,000-line document's
 * analyses promoted about 3 MB per scavenge and set off a mark-compact every twentieth analysis.
 */
class RecordingSink implements Diagnostics {
  /** Problems recorded (and replayed) in this check so far. */
  recorded = 0;
  /** The copies of what the current declaration reported; made on the first (most report nothing). */
  keeping: Diagnostic[] | undefined;
  /** A problem was reported past the cap: this check keeps no entries. */
  overflowed = false;

  constructor(private readonly sink: Diagnostics) {}

  get errors(): number {
    return this.sink.errors;
  }

  push(diagnostic: Diagnostic): void {
    this.sink.push(diagnostic);
    if (++this.recorded > MAX_RECORDED_PROBLEMS) {
      this.overflowed = true;
      return;
    }
    this.keeping ??= [];
    this.keeping.push(movedDiagnostic(diagnostic, 0));
  }
}

/** How a game finds what its component names name: all that checking a game needs of the symbols. */
type Lookup = Pick<ReadonlyMap<string, DeclaredSymbol>, 'get'>;

/**
 * What checking one declaration gave, kept for the next analysis (incremental.ts): a declaration
 * the next parse reuses (the same object, moved with its text) is not checked again unless what it
 * depends on changed. Rules and graphs depend on their own text only; a game on its text, on the
 * symbols its component names resolve to (compared by identity: a rule or graph checked again is
 * a new symbol) and on whether a syntax error lies within it. The claim of a name (duplicates,
 * built-ins) depends on other declarations and is made on every check.
 */
export type CheckEntry =
  | { readonly kind: 'rule'; base: number; diagnostics: Diagnostic[]; readonly symbol: RuleSymbol }
  | { readonly kind: 'graph'; base: number; diagnostics: Diagnostic[]; readonly symbol: GraphSymbol }
  | {
      readonly kind: 'game';
      base: number;
      diagnostics: Diagnostic[];
      readonly symbol: GameSymbol;
      readonly syntaxError: boolean;
      /**
       * Each name the game looked up, then what it found (pairs, flat): lookups[lookupsStart,
       * lookupsEnd) of its check's list of every game's lookups (one list, not one per game). A
       * check that keeps the entry copies them to its own list and moves these fields there.
       */
      lookups: readonly (string | DeclaredSymbol | undefined)[];
      lookupsStart: number;
      lookupsEnd: number;
      /**
       * When it asked for a suggestion: the rules and graphs it was suggested from (see `check`'s `candidates`), and
       * the work that took.
       */
      readonly candidates?: readonly DeclaredSymbol[];
      readonly suggestionCells: number;
    };

/** Checks kept from the last analysis, by declaration; `record` says to keep this one's. */
export interface CheckReuse {
  readonly previous?: ReadonlyMap<Declaration, CheckEntry>;
  /** The last check's `candidates`. */
  readonly previousCandidates?: readonly DeclaredSymbol[];
  readonly record: boolean;
}

export interface CheckResult {
  readonly model: SemanticModel;
  /** With `reuse.record`: this check's entries (absent when it reported too many problems to keep). */
  readonly entries?: Map<Declaration, CheckEntry>;
  /**
   * Every rule and graph symbol in order: what "did you mean" suggestions choose from. The last check's array when they
   * are the same symbols.
   */
  readonly candidates: readonly DeclaredSymbol[];
  /** Suggestion work of the games whose check was kept. */
  readonly keptSuggestionCells: number;
}

/**
 * `syntaxErrorStarts` are where the parser's errors start: a game with a syntax error anywhere
 * in its text is not evaluated, because what was parsed of it is not what the user meant.
 * Diagnostics go to `diagnostics`; "did you mean" suggestions spend `suggester`'s budget.
 * With `reuse`, unchanged declarations take their last check (see CheckEntry), and the result
 * carries this check's entries (unless it reported too many problems to keep).
 */
export function check(
  file: SourceFile,
  lines: LineIndex,
  syntaxErrorStarts: readonly number[],
  diagnostics: Diagnostics,
  suggester: Suggester,
  reuse?: CheckReuse,
  stream?: GameStream,
): CheckResult {
  const symbols = new Map<string, DeclaredSymbol>();
  for (const [name, symbol] of builtinSymbols) symbols.set(name, symbol);
  let entries = reuse?.record ? new Map<Declaration, CheckEntry>() : undefined;
  const previous = reuse?.previous;

  // What one declaration's check reports goes to the sink and, while recording, as copies to
  // the recorder (see RecordingSink). One recorder for the whole check: a closure per
  // declaration was a tenth of opening a document of 10,000 games.
  const recorder = new RecordingSink(diagnostics);
  /** Runs one declaration's check, keeping copies of what it reports when recording. */
  // (The copies are left in `kept`: no pair object per declaration.)
  let kept: Diagnostic[] = NONE;
  const recording = <T>(run: (sink: Diagnostics) => T): T => {
    if (!entries) {
      kept = NONE;
      return run(diagnostics);
    }
    recorder.keeping = undefined;
    const value = run(recorder);
    // Past the cap, this check keeps no entries (and the copies are let go).
    if (recorder.overflowed) entries = undefined;
    kept = recorder.keeping ?? NONE;
    return value;
  };
  /** An entry's diagnostics again, where its declaration now is. */
  const replay = (entry: CheckEntry, start: number): void => {
    if (entry.base !== start) {
      if (entry.diagnostics.length > 0)
        entry.diagnostics = entry.diagnostics.map((d) => movedDiagnostic(d, start - entry.base));
      entry.base = start;
    }
    for (const diagnostic of entry.diagnostics) diagnostics.push(diagnostic);
    recorder.recorded += entry.diagnostics.length;
  };

  /** Claims a name; false when it is taken (the diagnostic is given here). */
  const claim = (name: Name): boolean => {
    if (BUILTIN_RULES.has(name.text) && !CONTEXTUAL_BUILTINS.has(name.text)) {
      diagnostics.push(error('builtin-redeclared', name, `\`${name.text}\` is a built-in rule; choose another name`));
      return false;
    }
    // Every name claimed so far is a symbol's (built-ins were refused above, or are contextual:
    // a built-in symbol has no declaration, so the file's own takes the name).
    const earlier = symbols.get(name.text)?.declaration?.name;
    if (earlier) {
      const line = lines.positionAt(earlier.start).line + 1;
      diagnostics.push(
        error('duplicate-declaration', name, `\`${name.text}\` is already declared on line ${line}`, {
          related: [{ span: earlier, message: `\`${name.text}\` is first declared here` }],
        }),
      );
      return false;
    }
    return true;
  };

  // Rules and graphs first: games may use names declared below them.
  for (const declaration of file.declarations) {
    if (declaration.kind === 'game') continue;
    let entry = previous?.get(declaration);
    if (entry?.kind === declaration.kind) replay(entry, declaration.start);
    else if (declaration.kind === 'rule') {
      const rule = recording((sink) => (declaration.body ? checkRuleBody(declaration.body, sink) : undefined));
      const symbol: RuleSymbol = { kind: 'rule', name: declaration.name?.text ?? '', declaration, rule };
      entry = { kind: 'rule', base: declaration.start, diagnostics: kept, symbol };
    } else {
      const symbol = recording((sink) => checkGraph(declaration, sink));
      entry = { kind: 'graph', base: declaration.start, diagnostics: kept, symbol };
    }
    entries?.set(declaration, entry);
    if (declaration.name && claim(declaration.name)) symbols.set(declaration.name.text, entry.symbol);
  }
  const games: GameSymbol[] = [];
  // Sorted once, searched per game: a linear scan per game would be quadratic on a file of
  // many games with many syntax errors.
  const errorStarts = Float64Array.from(syntaxErrorStarts);
  if (!errorStarts.every((start, i) => i === 0 || errorStarts[i - 1] <= start)) errorStarts.sort();
  // What suggestions are made from (every symbol so far: rules and graphs): the same symbols in
  // the same order give the same suggestions.
  let candidates: readonly DeclaredSymbol[] = [...symbols.values()];
  const previousCandidates = reuse?.previousCandidates;
  if (
    previousCandidates &&
    previousCandidates.length === candidates.length &&
    previousCandidates.every((symbol, i) => symbol === candidates[i])
  )
    candidates = previousCandidates;
  const suggestions = new Suggestions(candidates, suggester);
  /** A game's checked components while they are checked (checkGame copies them out at their length). */
  const checkedScratch: CheckedComponent[] = [];
  let keptSuggestionCells = 0;
  // Each name a game looks up, with what it found, in pairs (CheckEntry.lookups): every game's in
  // one list (a list per game kept 17 slots for its 2, and was a tenth of the analysis's memory).
  const lookups: (string | DeclaredSymbol | undefined)[] = [];
  const lookingUp: Lookup = {
    get: (name) => {
      const symbol = symbols.get(name);
      lookups.push(name, symbol);
      return symbol;
    },
  };
  const checkOneGame = (declaration: GameDeclaration) => {
    // Without entries to keep, a game's lookups are needed only while it is checked.
    if (!entries) lookups.length = 0;
    // Every error checkGame reports lies within the declaration.
    const syntaxError = hasStartWithin(errorStarts, declaration.start, declaration.end);
    let entry = previous?.get(declaration);
    if (
      entry?.kind === 'game' &&
      entry.syntaxError === syntaxError &&
      (entry.candidates === undefined || entry.candidates === candidates) &&
      sameLookups(entry, symbols)
    ) {
      replay(entry, declaration.start);
      const lookupsStart = lookups.length;
      for (let i = entry.lookupsStart; i < entry.lookupsEnd; i++) lookups.push(entry.lookups[i]);
      entry.lookups = lookups;
      entry.lookupsStart = lookupsStart;
      entry.lookupsEnd = lookups.length;
      keptSuggestionCells += entry.suggestionCells;
    } else {
      const errorsBefore = diagnostics.errors;
      const cellsBefore = suggester.work.cells;
      const lookupsStart = lookups.length;
      const symbol = recording((sink) => checkGame(declaration, lookingUp, sink, suggestions, checkedScratch));
      // Made by checkGame just now and held by nothing else yet: set in place, not copied.
      if (syntaxError || diagnostics.errors !== errorsBefore) (symbol as { valid: boolean }).valid = false;
      // A game that asked for a suggestion (or looked up a name in vain, which asks for one)
      // depends on every rule and graph name too.
      const suggestionCells = suggester.work.cells - cellsBefore;
      let suggested = suggestionCells > 0;
      for (let i = lookupsStart + 1; i < lookups.length; i += 2) if (lookups[i] === undefined) suggested = true;
      entry = {
        kind: 'game',
        base: declaration.start,
        diagnostics: kept,
        symbol,
        syntaxError,
        lookups,
        lookupsStart,
        lookupsEnd: lookups.length,
        candidates: suggested ? candidates : undefined,
        suggestionCells,
      };
    }
    // A streamed game is let go: only rules and graphs are kept for the next check.
    if (!stream) entries?.set(declaration, entry);
    if (declaration.name && claim(declaration.name)) {
      if (!stream) {
        symbols.set(declaration.name.text, entry.symbol);
        games.push(entry.symbol);
        return;
      }
      // Streamed: the game goes to its reader, and only its name stays (for the games below it).
      symbols.set(declaration.name.text, gameStub(entry.symbol));
      stream.onGame(entry.symbol);
    }
  };
  if (stream) stream.games(checkOneGame);
  else for (const declaration of file.declarations) if (declaration.kind === 'game') checkOneGame(declaration);
  return { model: { symbols, games }, entries, candidates, keptSuggestionCells };
}

/**
 * Games given one at a time instead of from the file's declarations (which then hold only its
 * rules and graphs), each handed on once checked and not kept: `grundy` reads files of any
 * size this way (analyze.ts's analyzeStreaming).
 */
export interface GameStream {
  /** Calls `check` on each game declaration of the file, in order. */
  games(check: (declaration: GameDeclaration) => void): void;
  /** A game checked and claimed its name (a game whose name was taken is reported and not given). */
  onGame(game: GameSymbol): void;
}

/** What a streamed game leaves behind: its name and where it is declared, without its syntax or components. */
function gameStub(game: GameSymbol): GameSymbol {
  const declaration = game.declaration;
  return {
    kind: 'game',
    name: game.name,
    declaration: {
      kind: 'game',
      start: declaration.start,
      end: declaration.end,
      name: declaration.name,
      components: NONE,
    },
    play: game.play,
    components: NONE,
    valid: false,
  };
}

/**
 * What a component's head names: the symbol its check found. Not kept by the check (a reference
 * object per component was a tenth of an analysis's memory) but found again the same way: rules
 * and graphs were all declared before any game was checked, and a game only once the games
 * before it were (so a component finds the first game of its name only when that one is above).
 */
export function referencedSymbol(model: SemanticModel, game: GameDeclaration, head: Name): DeclaredSymbol | undefined {
  const symbol = model.symbols.get(head.text);
  if (symbol?.kind === 'game' && symbol.declaration.start >= game.start) return undefined;
  return symbol;
}

/** The component heads at or around `offset` that name something, with what they name. */
export function referenceAt(
  file: SourceFile,
  model: SemanticModel,
  offset: number,
): { name: Name; symbol: DeclaredSymbol } | undefined {
  const declaration = spanAt(file.declarations, offset);
  if (declaration?.kind !== 'game') return undefined;
  for (const component of declaration.components) {
    const head = headOf(component);
    if (head.start <= offset && offset <= head.end) {
      const symbol = referencedSymbol(model, declaration, head);
      return symbol && { name: head, symbol };
    }
  }
  return undefined;
}

/** Every component head that names something, in order, with what it names (for tests and tools). */
export function componentReferences(file: SourceFile, model: SemanticModel): { name: Name; symbol: DeclaredSymbol }[] {
  const references: { name: Name; symbol: DeclaredSymbol }[] = [];
  for (const declaration of file.declarations) {
    if (declaration.kind !== 'game') continue;
    for (const component of declaration.components) {
      const head = headOf(component);
      const symbol = referencedSymbol(model, declaration, head);
      if (symbol) references.push({ name: head, symbol });
    }
  }
  return references;
}

/** Whether every name a game looked up still finds what it found. */
function sameLookups(
  entry: Extract<CheckEntry, { kind: 'game' }>,
  symbols: ReadonlyMap<string, DeclaredSymbol>,
): boolean {
  const lookups = entry.lookups;
  for (let i = entry.lookupsStart; i < entry.lookupsEnd; i += 2)
    if (symbols.get(lookups[i] as string) !== lookups[i + 1]) return false;
  return true;
}

/** The built-in rules' symbols, made once: games that use them compare them by identity (CheckEntry). */
const builtinSymbols = new Map<string, RuleSymbol>(
  [...BUILTIN_RULES].map(([name, rule]) => [name, { kind: 'rule', name, rule }]),
);

/** Whether a sorted array holds a value in [start, end]. */
function hasStartWithin(sorted: Float64Array, start: number, end: number): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid] < start) low = mid + 1;
    else high = mid;
  }
  return low < sorted.length && sorted[low] <= end;
}

// ---- rules ----

function checkRuleBody(body: RuleBody, diagnostics: Diagnostics): Rule | undefined {
  switch (body.kind) {
    case 'subtract': {
      const set = checkSet(body.set, 'subtract', diagnostics);
      if (!set) return undefined;
      return isFiniteSet(set) ? { kind: 'subtract', set: finiteMembers(set) } : { kind: 'subtractSet', set };
    }
    case 'subtract-all': {
      if (!body.except) return { kind: 'subtractAllExcept', except: [] };
      const except = checkSet(body.except, 'except', diagnostics);
      if (!except) return undefined;
      return isFiniteSet(except)
        ? { kind: 'subtractAllExcept', except: finiteMembers(except).filter((value) => value > 0n) }
        : { kind: 'subtractAllExceptSet', except };
    }
    case 'octal':
      return body.code ? checkOctalCode(body.code, diagnostics, body.base) : undefined;
    case 'words':
      return checkWordsBody(body, diagnostics);
  }
}

/**
 * A set as the engine takes it, or undefined when it has no meaning (errors reported). In a
 * subtraction set 0 is an error (no move removes nothing); after `except` it is only a warning.
 */
function checkSet(
  set: SetExpression,
  context: 'subtract' | 'except',
  diagnostics: Diagnostics,
): SubtractionSet | undefined {
  if (set.malformed) return undefined;
  let ok = true;
  const parts: SubtractionSet[] = [];
  for (const term of set.terms) {
    switch (term.kind) {
      case 'numbers':
        for (const number of term.numbers) {
          if (number.value !== 0n) continue;
          if (context === 'except')
            diagnostics.push(
              warning('zero-subtraction', number, 'removing 0 is never a move, so excepting it changes nothing'),
            );
          else {
            diagnostics.push(
              error(
                'zero-subtraction',
                number,
                '0 cannot be in a subtraction set: every move removes at least one token',
              ),
            );
            ok = false;
          }
        }
        parts.push({ kind: 'finite', members: term.numbers.map((n) => n.value) });
        break;
      case 'named':
        parts.push({ kind: term.name });
        break;
      case 'powers':
      case 'multiples': {
        const k = term.parameter;
        if (!k) return undefined;
        const least = term.kind === 'powers' ? 2n : 1n;
        if (k.value < least) {
          const why =
            term.kind === 'powers'
              ? 'the base must be at least 2 (the only power of 1 is 1: write `{1}`)'
              : 'the multiples of 0 are only 0, never a move';
          diagnostics.push(error('bad-set-parameter', k, `\`${term.kind} of ${k.text}\`: ${why}`));
          ok = false;
        } else
          parts.push(term.kind === 'powers' ? { kind: 'powers', base: k.value } : { kind: 'multiples', of: k.value });
        break;
      }
    }
  }
  const numbers = setNumbers(set);
  distinctValues(numbers, diagnostics);
  if (context === 'subtract' && set.terms.every((t) => t.kind === 'numbers') && numbers.length === 0) {
    diagnostics.push(
      error(
        'empty-subtraction-set',
        set,
        'a subtraction set needs at least one number: with none, no move is possible',
      ),
    );
    return undefined;
  }
  if (!ok) return undefined;
  return parts.length === 1 ? parts[0] : { kind: 'union', parts };
}

/** The members of a finite set (finite sets and unions of them), each once, in the order written. */
function finiteMembers(set: SubtractionSet): bigint[] {
  const all = set.kind === 'finite' ? set.members : set.kind === 'union' ? set.parts.flatMap(finiteMembers) : [];
  return [...new Set(all)];
}

function distinctValues(numbers: readonly NumberLiteral[], diagnostics: Diagnostics): bigint[] {
  const seen = new Set<bigint>();
  for (const number of numbers) {
    if (seen.has(number.value))
      diagnostics.push(warning('repeated-number', number, `\`${number.text}\` is listed twice`));
    seen.add(number.value);
  }
  return [...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * `0.d1d2…`: digit d_k's bits say whether removing k tokens may leave 0 (1), 1 (2) or 2 (4) heaps
 * (hexadecimal: 3 heaps, 8). A digit may be followed by `!` (the heaps left must have different
 * sizes), and the code may end with one repeating group in brackets (`0.1[37]`, `4.[3]`).
 */
function checkOctalCode(
  code: Span & { text: string },
  diagnostics: Diagnostics,
  base: 8 | 16 = 8,
): HeapRule | undefined {
  const text = code.text;
  const point = text.indexOf('.');
  const hex = base === 16;
  const example = hex
    ? 'a hexadecimal code is `0.` followed by digits 0 to F, as in `0.F` (the bit 8 of a digit leaves three heaps)'
    : 'an octal code is `0.` followed by octal digits, as in `0.77` (Kayles)';
  const at = (i: number, length = 1) => ({ start: code.start + i, end: code.start + i + length });
  // A character that is neither a digit, the point, `!` nor a bracket (`4?.0`): that is what is wrong.
  const stray = /[^0-9A-Za-z.![\]]/u.exec(text);
  if (stray) {
    diagnostics.push(
      error(
        'bad-octal-code',
        at(stray.index, stray[0].length),
        `\`${stray[0]}\` cannot be in ${hex ? 'a hexadecimal' : 'an octal'} code: ${example}`,
      ),
    );
    return undefined;
  }
  if (point < 0) {
    diagnostics.push(
      error('bad-octal-code', code, `\`${text}\` is not ${hex ? 'a hexadecimal' : 'an octal'} code: ${example}`),
    );
    return undefined;
  }
  // Before the point only splits mean anything (taking nothing, the heap becomes two or three); a
  // `!` there is Grundy's game's (`4!.0`).
  const before = text.slice(0, point).replace(/!$/, '');
  const allowedBefore = hex ? ['0', '4', '8', 'C', 'c'] : ['0', '4'];
  if (!allowedBefore.includes(before)) {
    const what = hex
      ? 'a hexadecimal code starts with `0.`, or `4.`, `8.` or `C.` for a game that may also split a heap in two, ' +
        'three, or either, without taking anything'
      : 'an octal code starts with `0.`, or `4.` for a game that may also split a heap in two without taking anything';
    diagnostics.push(error('bad-octal-code', at(0, point), `${what}; not \`${text.slice(0, point)}.\``));
    return undefined;
  }
  if (point === text.length - 1) {
    diagnostics.push(error('bad-octal-code', code, `\`${text}\` has no digits after the point: ${example}`));
    return undefined;
  }
  const digits = [Number.parseInt(before, 16)];
  const distinct = before.length < point ? [0] : [];
  let groupAt = -1; // where `[` is, in the text
  let groupStart = -1; // the first digit of the group
  let repeat = 0;
  let ok = true;
  const bad = (i: number, length: number, message: string) => {
    diagnostics.push(error('bad-octal-code', at(i, length), message));
    ok = false;
  };
  for (let i = point + 1; i < text.length && ok; i++) {
    const c = text[i];
    if (c === '!') {
      if (!/[0-9A-Za-z]/.test(text[i - 1]))
        bad(i, 1, '`!` goes right after a digit: `4!.0` is Grundy’s game (split a heap into two of different sizes)');
      else distinct.push(digits.length - 1);
    } else if (c === '[') {
      if (groupAt >= 0) bad(i, 1, 'a code has one repeating group, at its end, as in `0.1[37]`');
      groupAt = i;
      groupStart = digits.length;
    } else if (c === ']') {
      if (groupAt < 0) bad(i, 1, '`]` closes a repeating group opened by `[`, as in `0.1[37]`');
      else if (digits.length === groupStart)
        bad(groupAt, i - groupAt + 1, 'a repeating group needs at least one digit, as in `0.[3]`');
      else if (i !== text.length - 1)
        bad(i + 1, text.length - i - 1, 'the repeating group ends the code: nothing can follow `]`');
      else repeat = digits.length - groupStart;
    } else {
      const digit = /[0-9A-Fa-f]/.test(c) ? Number.parseInt(c, 16) : 99;
      if (digit >= base)
        bad(
          i,
          1,
          hex ? `\`${c}\` is not a hexadecimal digit (0 to 9, A to F)` : `\`${c}\` is not an octal digit (0 to 7)`,
        );
      digits.push(digit);
    }
  }
  if (ok && groupAt >= 0 && repeat === 0)
    bad(groupAt, text.length - groupAt, `the repeating group \`${text.slice(groupAt)}\` has no closing \`]\``);
  if (!ok) return undefined;
  // One form for every way of writing a code (trailing zeros, `0.3[3]` = `0.[3]`): equal rules, equal data.
  return normalizeCode({
    kind: 'octal',
    digits,
    ...(distinct.length > 0 ? { distinct } : {}),
    ...(repeat > 0 ? { repeat } : {}),
  });
}

// ---- graphs ----

/**
 * Where a graph's data finds its vertex table (a symbol: structured clone, which sends the data to a worker, leaves it
 * out).
 */
const VERTEX_TABLE = Symbol('vertex table');

function vertexNamesOfTable(this: {
  readonly [VERTEX_TABLE]: { readonly names: readonly string[] };
}): readonly string[] {
  return this[VERTEX_TABLE].names;
}

/**
 * A graph's data for the engine, its vertex names made only when asked for (a million names were a
 * tenth of checking a big graph). The names are an own enumerable getter, which structured clone
 * reads; the getter is one function for every graph, not a closure per graph: an object literal's
 * getter gets a map of its own in the old generation, and its closure held the check of the graph
 * (and what that closure held) past the analysis.
 */
function graphData(table: { readonly names: readonly string[] }, edges: Omit<GraphData, 'vertexNames'>): GraphData {
  Object.defineProperty(edges, VERTEX_TABLE, { value: table });
  Object.defineProperty(edges, 'vertexNames', { get: vertexNamesOfTable, enumerable: true });
  return edges as GraphData;
}

function checkGraph(declaration: GraphDeclaration, diagnostics: Diagnostics): GraphSymbol {
  // The parser has numbered the vertices and listed the edges in text order (graphBody.ts).
  const { body } = declaration;
  const vertexIndex = body.vertices;
  const { lineCount, lineFrom, lineEdges, edgeTo, edgeAt, edgeCount } = body;
  /** The name that wrote edge e's target (for a diagnostic: made only then). */
  const edgeTarget = (e: number): Name => vertexName(body, edgeTo[e], edgeAt[e]);
  const vertexCount = vertexIndex.size;
  // Names only when a message needs them (or the engine, through `data`): a million of them were a tenth of checking a
  // big graph.
  const nameOf = (v: number) => vertexIndex.nameOf(v);
  // Each vertex's edges in its slots (CSR), in text order (a line's edges are its source's).
  const succStart = new Int32Array(vertexCount + 1);
  for (let k = 0; k < lineCount; k++) succStart[lineFrom[k] + 1] += lineEdges[k + 1] - lineEdges[k];
  for (let v = 0; v < vertexCount; v++) succStart[v + 1] += succStart[v];
  const slotEdge = new Int32Array(edgeCount);
  const fill = succStart.slice(0, vertexCount);
  for (let k = 0; k < lineCount; k++) {
    let slot = fill[lineFrom[k]];
    for (let e = lineEdges[k]; e < lineEdges[k + 1]; e++) slotEdge[slot++] = e;
    fill[lineFrom[k]] = slot;
  }
  // Then duplicates out, the first kept: `latestSource[w] === v + 1` when v has an edge to w already.
  const succ = new Int32Array(edgeCount);
  const succEdge = new Int32Array(edgeCount); // which edge each slot holds
  const latestSource = fill.fill(0); // done with: reused
  let kept = 0;
  for (let v = 0; v < vertexCount; v++) {
    const first = succStart[v];
    const end = succStart[v + 1];
    succStart[v] = kept;
    for (let slot = first; slot < end; slot++) {
      const e = slotEdge[slot];
      const w = edgeTo[e];
      if (latestSource[w] === v + 1) {
        const target = edgeTarget(e);
        diagnostics.push(
          warning('duplicate-edge', target, `the edge \`${nameOf(v)} -> ${target.text}\` is already given`),
        );
        continue;
      }
      latestSource[w] = v + 1;
      succ[kept] = w;
      succEdge[kept] = e;
      kept++;
    }
  }
  succStart[vertexCount] = kept;
  const edges: Omit<GraphData, 'vertexNames'> = { succStart, succ: kept === edgeCount ? succ : succ.slice(0, kept) };
  const { cycles, finishOrder } = findCycles(edges, maxCyclesReported);
  const data = graphData(vertexIndex, cycles.length === 0 ? { ...edges, finishOrder } : edges);
  const graphName = declaration.name ? `graph \`${declaration.name.text}\`` : 'this graph';
  /** The name that wrote the edge from → to (the first such edge: duplicates were left out). */
  const edgeName = (from: number, to: number): Name | undefined => {
    for (let slot = succStart[from]; slot < succStart[from + 1]; slot++)
      if (succ[slot] === to) return edgeTarget(succEdge[slot]);
    return undefined;
  };
  for (const { vertices, closingSlot } of cycles) {
    const target = edgeTarget(succEdge[closingSlot]);
    // Every edge of the cycle, each a place to break it (a long cycle: its first ones).
    const related = vertices.slice(0, maxCycleEdgesRelated).flatMap((from, i) => {
      const to = vertices[(i + 1) % vertices.length];
      const name = edgeName(from, to);
      return name ? [{ span: name, message: `the edge \`${nameOf(from)} -> ${nameOf(to)}\` of the cycle` }] : [];
    });
    diagnostics.push(
      error(
        'graph-cycle',
        target,
        `${graphName} has a cycle: ${describeCycle(vertices.map(nameOf))}; the positions of a game must not repeat`,
        {
          related,
        },
      ),
    );
  }
  return {
    kind: 'graph',
    name: declaration.name?.text ?? '',
    declaration,
    data,
    vertexIndex,
    acyclic: cycles.length === 0,
  };
}

/** `a -> b -> a`, shortened in the middle when long. */
function describeCycle(names: string[]): string {
  const closed = [...names, names[0]];
  if (closed.length <= 12) return closed.join(' -> ');
  return [...closed.slice(0, 5), '…', ...closed.slice(-4)].join(' -> ');
}

/**
 * Cycles by an iterative depth-first search (graphs may have millions of vertices: no recursion).
 * Each back edge closes a cycle; the cycle is read off the search stack. The vertices in the order
 * the search finished them come too: when there is no cycle, each comes after all its successors.
 */
export function findCycles(
  graph: Pick<GraphData, 'succStart' | 'succ'>,
  limit: number,
): { cycles: { vertices: number[]; closingSlot: number }[]; finishOrder: Int32Array } {
  const n = graph.succStart.length - 1;
  const { succStart, succ } = graph;
  const state = new Uint8Array(n); // 0 unseen, 1 on the stack, 2 done
  const finishOrder = new Int32Array(n);
  let finished = 0;
  const stackVertex = new Int32Array(n);
  const stackNext = new Int32Array(n); // next successor slot to look at
  const stackPosition = new Int32Array(n); // where a vertex sits on the stack
  const cycles: { vertices: number[]; closingSlot: number }[] = [];
  for (let root = 0; root < n && cycles.length < limit; root++) {
    if (state[root] !== 0) continue;
    let depth = 0;
    stackVertex[0] = root;
    stackNext[0] = succStart[root];
    stackPosition[root] = 0;
    state[root] = 1;
    while (depth >= 0) {
      const v = stackVertex[depth];
      const slot = stackNext[depth];
      if (slot < succStart[v + 1]) {
        stackNext[depth] = slot + 1;
        const w = succ[slot];
        if (state[w] === 0) {
          depth++;
          stackVertex[depth] = w;
          stackNext[depth] = succStart[w];
          stackPosition[w] = depth;
          state[w] = 1;
        } else if (state[w] === 1 && cycles.length < limit) {
          cycles.push({ vertices: Array.from(stackVertex.subarray(stackPosition[w], depth + 1)), closingSlot: slot });
        }
      } else {
        state[v] = 2;
        finishOrder[finished++] = v;
        depth--;
      }
    }
  }
  return { cycles, finishOrder };
}

// ---- games ----

function checkGame(
  declaration: GameDeclaration,
  symbols: Lookup,
  diagnostics: Diagnostics,
  suggestions: Suggestions,
  scratch: CheckedComponent[],
): GameSymbol {
  let count = 0;
  let valid = declaration.sum !== undefined && declaration.components.length > 0;
  for (const component of declaration.components) {
    const checked = checkComponent(component, symbols, diagnostics, suggestions);
    if (checked) scratch[count++] = checked;
    else valid = false;
    const refused = declaration.misere && checked ? noMisere(checked) : undefined;
    if (refused) {
      diagnostics.push(error(refused.code, headOf(component), refused.message));
      valid = false;
    }
  }
  return {
    kind: 'game',
    name: declaration.name?.text ?? '',
    declaration,
    play: declaration.misere ? 'misere' : 'normal',
    components: scratch.slice(0, count),
    valid,
  };
}

function headOf(component: Component): Name {
  return component.kind === 'tokens' ? component.graph : component.rule;
}

function checkComponent(
  component: Component,
  symbols: Lookup,
  diagnostics: Diagnostics,
  suggestions: Suggestions,
): CheckedComponent | undefined {
  const head = headOf(component);
  const symbol = symbols.get(head.text);
  if (!symbol) {
    const { message, suggestion } = suggestions.unknownName(head.text, component.kind);
    diagnostics.push(error('unknown-name', head, message, suggestion === undefined ? {} : { replacement: suggestion }));
    return undefined;
  }
  if (symbol.kind === 'game') {
    diagnostics.push(error('unknown-name', head, `\`${head.text}\` is a game; a component names a rule or a graph`));
    return undefined;
  }
  if (component.kind !== 'tokens' && symbol.kind === 'graph') {
    diagnostics.push(
      error(
        'graph-used-as-rule',
        head,
        `\`${head.text}\` is a graph: place tokens on it with \`${head.text} at VERTEX\``,
      ),
    );
    return undefined;
  }
  if (component.kind === 'tokens') {
    if (symbol.kind !== 'graph') {
      diagnostics.push(
        error(
          'rule-used-as-graph',
          head,
          `\`${head.text}\` is a rule, not a graph: \`at\` places tokens on the vertices of a graph`,
        ),
      );
      return undefined;
    }
    return checkTokens(component, head, symbol, diagnostics, (word, candidates) =>
      suggestions.suggester.closestMatch(word, candidates),
    );
  }
  if (symbol.kind !== 'rule') return undefined;
  // A rule whose definition has errors (reported there): only a row's cells can still be checked.
  if (!symbol.rule) return component.kind === 'row' ? checkRow(component, head, undefined, diagnostics) : undefined;
  return ruleFamily(symbol.rule).check(component, head, symbol.rule, diagnostics);
}

/**
 * "Did you mean" for unknown component names. The candidate lists (the names of the right kind
 * for each shape, and every rule and graph) are built once per analysis, on the first unknown
 * name, not once per name: rules and graphs are all declared before any game is checked, and
 * games are never candidates.
 */
class Suggestions {
  private lists: { fitting: Record<ComponentShape, string[]>; any: string[] } | undefined;

  constructor(
    private readonly symbols: readonly DeclaredSymbol[],
    readonly suggester: Suggester,
  ) {}

  private candidates() {
    if (!this.lists) {
      const fitting: Record<ComponentShape, string[]> = {
        heaps: [],
        tokens: [],
        row: [],
        pairs: [],
        lists: [],
        pictures: [],
      };
      const any: string[] = [];
      for (const symbol of this.symbols) {
        if (symbol.kind === 'game') continue;
        any.push(symbol.name);
        if (symbol.kind === 'graph') fitting.tokens.push(symbol.name);
        else if (symbol.rule) for (const shape of ruleFamily(symbol.rule).shapes) fitting[shape].push(symbol.name);
      }
      this.lists = { fitting, any };
    }
    return this.lists;
  }

  unknownName(name: string, shape: ComponentShape): { readonly message: string; readonly suggestion?: string } {
    const { fitting, any } = this.candidates();
    const suggestion = this.suggester.closestMatch(name, fitting[shape]) ?? this.suggester.closestMatch(name, any);
    const what = shape === 'tokens' ? 'graph' : 'rule';
    return {
      message: `unknown ${what} \`${quoted(name)}\`${suggestion ? `; did you mean \`${suggestion}\`?` : ''}`,
      suggestion,
    };
  }
}
