// Front-end diagnostics in LSP terms.

import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { MEMORY_LIMIT_FAILURE } from '../compute/jobs';
import type { AnalyzedDocument } from '../language/analyze';
import type { Severity } from '../language/diagnostics';
import type { DocumentView } from './view';

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** What an LSP diagnostic carries in `data`: the quick fix's replacement, when there is one. */
export interface DiagnosticData {
  readonly replacement?: string;
}

/**
 * `related`: the client shows relatedInformation (it declared so); the places are then links
 * under the message, and otherwise not sent (the message names them already).
 */
export function lspDiagnostics(document: AnalyzedDocument, uri: string, related: boolean): LspDiagnostic[] {
  return document.diagnostics.map((diagnostic) => ({
    range: document.lines.rangeOf(diagnostic.span),
    severity: severities[diagnostic.severity],
    code: diagnostic.code,
    source: 'grundy',
    message: diagnostic.message,
    ...(diagnostic.replacement === undefined
      ? {}
      : { data: { replacement: diagnostic.replacement } satisfies DiagnosticData }),
    ...(related && diagnostic.related?.length
      ? {
          relatedInformation: diagnostic.related.map((r) => ({
            location: { uri, range: document.lines.rangeOf(r.span) },
            message: r.message,
          })),
        }
      : {}),
  }));
}

/**
 * What the computations found that the user should act on, as diagnostics on the game's name: a
 * value the budget did not reach ("computed up to n = …"), a computation that failed.
 */
export function computationDiagnostics(view: DocumentView): LspDiagnostic[] {
  const found: LspDiagnostic[] = [];
  const lines = view.document.lines;
  for (const game of view.document.model.games) {
    const value = view.game(game);
    if (value?.state !== 'failed' && !(value?.state === 'done' && value.value.outcome === null)) continue;
    // Only the few games with something to say are placed (every keystroke walks all of them).
    const range = lines.rangeOf(game.declaration.name ?? game.declaration);
    if (value.state === 'failed') {
      found.push({
        range,
        severity: DiagnosticSeverity.Warning,
        code: 'computation-failed',
        source: 'grundy',
        message: value.message.startsWith(MEMORY_LIMIT_FAILURE)
          ? `computing \`${game.name}\` ${value.message.split('\n')[0]}; raise the setting ` +
            `\`grundy.computation.memoryMb\` to compute further`
          : `computing \`${game.name}\` failed: ${value.message.split('\n')[0]}`,
      });
    } else {
      const result = value.value;
      const advice = value.cancelled
        ? ' (cancelled; edit the game to compute again)'
        : result.memoryLimited
          ? '; raise the setting `grundy.computation.memoryMb` to compute further'
          : '';
      found.push({
        range,
        severity: DiagnosticSeverity.Information,
        code: 'value-unknown',
        source: 'grundy',
        message: `the value of \`${game.name}\` is not known: ${result.reason ?? 'not computed'}${advice}`,
      });
    }
  }
  return found;
}
