// Front-end diagnostics in LSP terms.
import { type Diagnostic as LspDiagnostic, DiagnosticSeverity } from 'vscode-languageserver';
import type { AnalyzedDocument } from '../language/analyze';
import type { Severity } from '../language/diagnostics';

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

export function lspDiagnostics(document: AnalyzedDocument): LspDiagnostic[] {
  return document.diagnostics.map((diagnostic) => ({
    range: { start: document.lines.positionAt(diagnostic.span.start), end: document.lines.positionAt(diagnostic.span.end) },
    severity: severities[diagnostic.severity],
    code: diagnostic.code,
    source: 'grundy',
    message: diagnostic.message,
  }));
}
