// `grundy check FILE`: a .game file's diagnostics. Reading the file and writing its diagnostics are
// here too, because analyze begins with the same report before its games: the two commands read a
// file alike and list its mistakes alike.
//
// check and analyze read the file as a stream of games (analyzeStreaming): only the rules and
// graphs are held, so a file of any size is read within memory of the order of its text.
import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { type AnalyzedDocument, analyzeStreaming } from '../language/analyze';
import { type Options, UsageError } from './args';
import type { SyncOutput } from './output';

export function readDocumentText(file: string): string {
  try {
    return readText(file);
  } catch (cause) {
    throw new UsageError(`cannot read ${file}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * A file's text: an ASCII file (most are) copied as it is, without UTF-8 decoding (a third of the time on a 47 MB
 * file).
 */
function readText(file: string): string {
  const bytes = readFileSync(file);
  return typeof isAscii === 'function' && isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

export function diagnosticsOf(document: AnalyzedDocument) {
  return document.diagnostics.map((diagnostic) => {
    const position = document.lines.positionAt(diagnostic.span.start);
    return {
      line: position.line + 1,
      column: position.character + 1,
      severity: diagnostic.severity,
      message: diagnostic.message,
      code: diagnostic.code,
    };
  });
}

type CliDiagnostic = ReturnType<typeof diagnosticsOf>[number];

export const hasErrors = (diagnostics: readonly CliDiagnostic[]) => diagnostics.some((d) => d.severity === 'error');

export function check(file: string, options: Options, out: SyncOutput): number {
  const diagnostics = diagnosticsOf(analyzeStreaming(readDocumentText(file), () => {}));
  if (options.json) out.line(JSON.stringify({ diagnostics }));
  else printDiagnostics(file, diagnostics, out);
  return hasErrors(diagnostics) ? 1 : 0;
}

export function printDiagnostics(file: string, diagnostics: readonly CliDiagnostic[], out: SyncOutput): void {
  if (diagnostics.length === 0) out.line(`${file}: no problems`);
  for (const d of diagnostics) out.line(`${file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`);
}
