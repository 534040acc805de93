// Names and checks: resolves every name, checks what the grammar cannot, and builds the engine's
// plain data. Here: declarations claim names, each rule, graph and game is checked once and its
// check kept for the next analysis (incremental re-checking), what a component names is resolved
// (with "did you mean"). What a rule's body means is checked in ruleBodies.ts, a graph's edges and
// cycles in graphCheck.ts, and a component by its family's descriptor (families/).

import type { Component, Declaration, GameDeclaration, Name, SourceFile } from './ast';
import { type Diagnostic, type DiagnosticSink, error, quoted } from './diagnostics';
import { checkWithoutRule, noMisere, ON_GRAPH_CHECKS, ruleFamily } from './families';
import type { ComponentShape } from './families/family';
import { checkGraph } from './graphCheck';
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
import { MAX_RECORDED_PROBLEMS, movedDiagnostic, NONE } from './parseUnits';
import { checkRuleBody } from './ruleBodies';
import type { Suggester } from './suggest';
import { type LineIndex, spanAt } from './text';

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
    return ON_GRAPH_CHECKS[component.kind](component, head, symbol, diagnostics, suggestions.suggester);
  }
  if (symbol.kind !== 'rule') return undefined;
  // A rule whose definition has errors (reported there): only what its shape's family checks without it.
  if (!symbol.rule) return checkWithoutRule(component, head, diagnostics);
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
        boards: [],
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
