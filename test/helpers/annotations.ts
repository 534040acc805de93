// Diagnostic fixtures are `.game` files with the expected diagnostics written under the line
// they concern, carets marking the columns:
//
//   rule onetwo subtract {1, 2}
//               ^^^^^^^^ error: expected `=` after `onetwo`, found `subtract`
//
// A line whose first non-blank character is `^` is an annotation: it is removed before parsing,
// so it never shifts the lines it describes. One caret marks a point (a zero-width range).
import type { Diagnostic } from '../../server/src/language/diagnostics';
import type { LineIndex } from '../../server/src/language/text';

export interface ExpectedDiagnostic {
  readonly line: number; // 1-based, in the source without annotations
  readonly column: number; // 1-based
  readonly width: number; // caret count: the range's length, at least 1
  readonly severity: string;
  readonly message: string;
}

const annotationPattern = /^(\s*)(\^+)\s+(error|warning|info|hint):\s(.*)$/;

export function splitAnnotations(fixture: string): { source: string; expected: ExpectedDiagnostic[] } {
  const sourceLines: string[] = [];
  const expected: ExpectedDiagnostic[] = [];
  for (const line of fixture.split('\n')) {
    const match = annotationPattern.exec(line);
    if (match) {
      if (sourceLines.length === 0) throw new Error(`annotation before any source line: ${line}`);
      expected.push({
        line: sourceLines.length,
        column: match[1].length + 1,
        width: match[2].length,
        severity: match[3],
        message: match[4].trimEnd(),
      });
    } else if (/^\s*\^/.test(line)) {
      throw new Error(`malformed annotation (want "^^^ error: message"): ${line}`);
    } else {
      sourceLines.push(line);
    }
  }
  return { source: sourceLines.join('\n'), expected };
}

/** A diagnostic in the same terms as an annotation, for comparison. */
export function describeDiagnostic(diagnostic: Diagnostic, lines: LineIndex): ExpectedDiagnostic {
  const start = lines.positionAt(diagnostic.span.start);
  const end = lines.positionAt(diagnostic.span.end);
  const width =
    end.line === start.line ? end.character - start.character : lines.lineEnd(start.line) - diagnostic.span.start;
  return {
    line: start.line + 1,
    column: start.character + 1,
    width: Math.max(1, width),
    severity: diagnostic.severity,
    message: diagnostic.message,
  };
}

/** The annotation line that would expect this diagnostic (used to print failures readably). */
export function annotationFor(expected: ExpectedDiagnostic): string {
  return `${' '.repeat(expected.column - 1)}${'^'.repeat(expected.width)} ${expected.severity}: ${expected.message}`;
}
