// The front end in one call: text in, syntax tree, meaning and every diagnostic out. Never throws.
// Its work is bounded whatever the text: suggestions share one budget per analysis
// (`SUGGESTION_BUDGET`), and at most `MAX_DIAGNOSTICS` diagnostics are kept, plus one that says
// how many more there are.
import type { SourceFile } from './ast';
import { check } from './checker';
import { type Diagnostic, DiagnosticSink, MAX_DIAGNOSTICS } from './diagnostics';
import type { SemanticModel } from './model';
import { parse } from './parser';
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
  /** What the analysis spent: every problem found (shown or not), and suggestion work (edit-distance cells and candidates). */
  readonly work: { readonly problems: number; readonly suggestionCells: number };
}

export interface AnalysisLimits {
  readonly maxDiagnostics?: number;
  readonly suggestionBudget?: number;
}

export function analyzeText(text: string, limits: AnalysisLimits = {}): AnalyzedDocument {
  const lines = new LineIndex(text);
  const sink = new DiagnosticSink(limits.maxDiagnostics ?? MAX_DIAGNOSTICS);
  const suggester = new Suggester(limits.suggestionBudget ?? SUGGESTION_BUDGET);
  const parsed = parse(text, sink, suggester);
  const checked = check(parsed.file, lines, parsed.errorStarts, sink, suggester);
  return { file: parsed.file, model: checked.model, diagnostics: sink.result(), lines, work: { problems: sink.total, suggestionCells: suggester.work.cells } };
}
