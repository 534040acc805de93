// The front end in one call: text in, syntax tree, meaning and every diagnostic out. Never throws.
import type { SourceFile } from './ast';
import { check } from './checker';
import { capDiagnostics, type Diagnostic } from './diagnostics';
import type { SemanticModel } from './model';
import { parse } from './parser';
import { LineIndex } from './text';

export interface AnalyzedDocument {
  readonly file: SourceFile;
  readonly model: SemanticModel;
  /** Sorted by position; at most MAX_DIAGNOSTICS and one that says how many more (diagnostics.ts). */
  readonly diagnostics: readonly Diagnostic[];
  readonly lines: LineIndex;
}

export function analyzeText(text: string): AnalyzedDocument {
  const lines = new LineIndex(text);
  const parsed = parse(text);
  const checked = check(parsed.file, lines, parsed.diagnostics);
  const diagnostics = capDiagnostics([...parsed.diagnostics, ...checked.diagnostics].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end));
  return { file: parsed.file, model: checked.model, diagnostics, lines };
}
