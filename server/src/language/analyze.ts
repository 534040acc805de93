// The front end in one call: text in, syntax tree, meaning and every diagnostic out. Never throws.
// Its work is bounded whatever the text: suggestions share one budget per analysis
// (`SUGGESTION_BUDGET`), and at most `MAX_DIAGNOSTICS` diagnostics are kept, plus one that says
// how many more there are.
//
// While a document is edited, each analysis may start from the one before (`previous`): the
// parse keeps the declarations the edit did not touch (incremental.ts) and the check keeps what
// they gave (checker.ts's CheckEntry), so a keystroke costs about one declaration's work, not the
// document's. The result is the same as analysing the text from scratch, to the diagnostic.
import type { Declaration, SourceFile } from './ast';
import { type CheckEntry, check, type GameStream } from './checker';
import { type Diagnostic, DiagnosticSink, MAX_DIAGNOSTICS } from './diagnostics';
import { reparse } from './incremental';
import type { DeclaredSymbol, GameSymbol, SemanticModel } from './model';
import { parse } from './parser';
import type { ParseUnit } from './parseUnits';
import { SUGGESTION_BUDGET, Suggester } from './suggest';
import { LineIndex } from './text';

export interface AnalyzedDocument {
  readonly file: SourceFile;
  readonly model: SemanticModel;
  /**
   * Sorted by position; at most `MAX_DIAGNOSTICS` of them, then, when there were more, one
   * `too-many-problems` diagnostic saying how many more.
   */
  readonly diagnostics: readonly Diagnostic[];
  readonly lines: LineIndex;
  /**
   * What the analysis spent: every problem found (shown or not), and suggestion work (edit-distance cells and
   * candidates).
   */
  readonly work: { readonly problems: number; readonly suggestionCells: number };
  /** With `reusable`: what the next analysis of the same document may start from. */
  readonly reusable?: Reusable;
}

/** An analysis's parts that the next one reuses. Used once: the next analysis moves its syntax nodes. */
export interface Reusable {
  readonly units: ParseUnit[];
  readonly entries: ReadonlyMap<Declaration, CheckEntry>;
  readonly candidates: readonly DeclaredSymbol[];
  used: boolean;
}

export interface AnalysisLimits {
  readonly maxDiagnostics?: number;
  readonly suggestionBudget?: number;
  /** Keep what the next analysis may reuse (the server does, for documents being edited; the CLI does not). */
  readonly reusable?: boolean;
}

/**
 * Analyses `text`. With `previous` (an analysis of the same document with `reusable`, not used
 * before), reuses its unchanged declarations: `previous` is then used up, and its syntax nodes may
 * have moved to their offsets in `text`.
 */
export function analyzeText(text: string, limits: AnalysisLimits = {}, previous?: AnalyzedDocument): AnalyzedDocument {
  const base = previous?.reusable;
  if (base && !base.used && limits.reusable) {
    base.used = true;
    const incremental = analyzeFrom(previous.file.text, base, text, limits);
    if (incremental) return incremental;
  }
  const lines = new LineIndex(text);
  const sink = new DiagnosticSink(limits.maxDiagnostics ?? MAX_DIAGNOSTICS);
  const suggester = new Suggester(limits.suggestionBudget ?? SUGGESTION_BUDGET);
  const parsed = parse(text, sink, suggester, { record: limits.reusable });
  const checked = check(
    parsed.file,
    lines,
    parsed.errorStarts,
    sink,
    suggester,
    limits.reusable ? { record: true } : undefined,
  );
  const reusable =
    parsed.units && checked.entries
      ? { units: parsed.units, entries: checked.entries, candidates: checked.candidates, used: false }
      : undefined;
  return {
    file: parsed.file,
    model: checked.model,
    diagnostics: sink.result(),
    lines,
    work: { problems: sink.total, suggestionCells: suggester.work.cells },
    reusable,
  };
}

/**
 * A file too big to hold whole, as `grundy` reads files: its rules and graphs are held, and its
 * games read as a stream, each handed on once checked and let go. The text is parsed once for
 * every syntax diagnostic and the rules and graphs (which games may use from above or below
 * them), then again for the games only (the rules and graphs are skipped, from where the first
 * parse went on after each), each time they are streamed.
 */
export class StreamedText {
  readonly lines: LineIndex;
  private readonly parsed: ReturnType<typeof parse>;
  private readonly sink: DiagnosticSink;
  private readonly suggester: Suggester;
  private readonly resumePoints = new Map<number, number>();
  /** The rules' and graphs' checks, from `analyze`. */
  private entries: ReadonlyMap<Declaration, CheckEntry> | undefined;

  constructor(
    readonly text: string,
    private readonly limits: AnalysisLimits = {},
  ) {
    this.lines = new LineIndex(text);
    this.sink = new DiagnosticSink(limits.maxDiagnostics ?? MAX_DIAGNOSTICS);
    this.suggester = new Suggester(limits.suggestionBudget ?? SUGGESTION_BUDGET);
    this.parsed = parse(text, this.sink, this.suggester, {
      keep: (declaration) => declaration.kind !== 'game',
      resumePoints: this.resumePoints,
    });
  }

  /**
   * The analysis, each game handed to `onGame`: its diagnostics are analyzeText's, to the
   * diagnostic; it holds the rules and graphs, and no games. Once only: `gamesAgain` streams the
   * games another time.
   */
  analyze(onGame: (game: GameSymbol) => void): AnalyzedDocument {
    const checked = check(
      this.parsed.file,
      this.lines,
      this.parsed.errorStarts,
      this.sink,
      this.suggester,
      { record: true },
      this.stream(onGame),
    );
    this.entries = checked.entries;
    return {
      file: this.parsed.file,
      model: checked.model,
      diagnostics: this.sink.result(),
      lines: this.lines,
      work: { problems: this.sink.total, suggestionCells: this.suggester.work.cells },
    };
  }

  /** The games once more, as `analyze` gave them (what they report goes nowhere: `analyze` had it). */
  gamesAgain(onGame: (game: GameSymbol) => void): void {
    // The rules and graphs as `analyze` checked them (a big graph is not checked twice).
    const reuse = this.entries && { previous: this.entries, record: false };
    check(
      this.parsed.file,
      this.lines,
      this.parsed.errorStarts,
      new DiagnosticSink(1),
      new Suggester(this.limits.suggestionBudget ?? SUGGESTION_BUDGET),
      reuse,
      this.stream(onGame),
    );
  }

  private stream(onGame: (game: GameSymbol) => void): GameStream {
    return {
      onGame,
      games: (checkGame) => {
        // What this parse reports, the first did: its diagnostics and suggestions go nowhere.
        parse(this.text, new DiagnosticSink(1), new Suggester(this.limits.suggestionBudget ?? SUGGESTION_BUDGET), {
          skip: this.resumePoints,
          keep: (declaration) => {
            if (declaration.kind === 'game') checkGame(declaration);
            return false;
          },
        });
      },
    };
  }
}

/** analyzeText's diagnostics for `text`, its games handed to `onGame` one at a time and not kept (see StreamedText). */
export function analyzeStreaming(
  text: string,
  onGame: (game: GameSymbol) => void,
  limits: AnalysisLimits = {},
): AnalyzedDocument {
  return new StreamedText(text, limits).analyze(onGame);
}

/** The incremental analysis, or undefined when it cannot give exactly what a whole analysis would. */
function analyzeFrom(
  previousText: string,
  base: Reusable,
  text: string,
  limits: AnalysisLimits,
): AnalyzedDocument | undefined {
  const budget = limits.suggestionBudget ?? SUGGESTION_BUDGET;
  const lines = new LineIndex(text);
  const sink = new DiagnosticSink(limits.maxDiagnostics ?? MAX_DIAGNOSTICS);
  const suggester = new Suggester(budget);
  const parsed = reparse(previousText, base.units, text, sink, suggester);
  if (!parsed) return undefined;
  const file: SourceFile = { text, declarations: parsed.declarations };
  const checked = check(file, lines, parsed.errorStarts, sink, suggester, {
    previous: base.entries,
    previousCandidates: base.candidates,
    record: true,
  });
  // Kept units and checks spent suggestion work of their own. Under the budget all along, every
  // suggestion is what a whole analysis would make; otherwise that analysis is the answer.
  const cells = suggester.work.cells + parsed.keptSuggestionCells + checked.keptSuggestionCells;
  if (cells >= budget || !checked.entries) return undefined;
  return {
    file,
    model: checked.model,
    diagnostics: sink.result(),
    lines,
    work: { problems: sink.total, suggestionCells: cells },
    reusable: { units: parsed.units, entries: checked.entries, candidates: checked.candidates, used: false },
  };
}
