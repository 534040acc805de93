// Document and range formatting (language/format.ts): one edit per line that changes, so that
// the cursor and the undo history keep their place in every editor, not only in those that
// shorten edits themselves.
import type { Range, TextEdit } from 'vscode-languageserver';
import { formatLinesChecked } from '../language/format';
import { formattingParams, textDocumentRangeParams } from '../params';
import type { Feature } from './feature';
import type { DocumentView } from './view';

/** The edits that format lines first..last (all by default); none when the text is already formatted. */
export function formattingEdits(view: DocumentView, first = 0, last = Number.POSITIVE_INFINITY): TextEdit[] {
  const text = view.document.file.text;
  const { lines } = view.document;
  // Only whitespace may change: anything else means a bug there, and the text stays as it is.
  const checked = formatLinesChecked(text, first, last);
  if (!checked) return [];
  const { formatted } = checked;
  const eol = /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
  const whole = first === 0 && last === Number.POSITIVE_INFINITY;
  const kept = formatted.some((l) => l.text !== null);
  const edits: TextEdit[] = [];
  const lineStart = (line: number) => lines.lineStart(line);
  for (const { line, text: after } of formatted) {
    const start = lineStart(line);
    const next = line + 1 < lines.lineCount ? lineStart(line + 1) : text.length;
    const before = text.slice(start, next).replace(/(\r\n|\r|\n)$/, '');
    if (after === null) edits.push({ range: lines.rangeOf({ start, end: next }), newText: '' });
    else if (after !== before)
      edits.push({ range: lines.rangeOf({ start, end: start + before.length }), newText: after });
  }
  // The file ends with one line break.
  if (whole && kept && !/[\r\n]$/.test(text)) {
    const end = lines.positionAt(text.length);
    edits.push({ range: { start: end, end }, newText: eol });
  }
  return edits;
}

/** Range formatting: the lines of `range`; a range that ends at the start of a line does not take that line in. */
export function rangeFormattingEdits(view: DocumentView, range: Range): TextEdit[] {
  const end = range.end.character === 0 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line;
  return formattingEdits(view, range.start.line, end);
}

export const formattingFeature: Feature = {
  name: 'formatting',
  capabilities: () => ({ documentFormattingProvider: true, documentRangeFormattingProvider: true }),
  handlers: (context) => ({
    requests: {
      'textDocument/formatting': (raw) => {
        const view = context.view(formattingParams(raw).uri);
        return view ? formattingEdits(view) : [];
      },
      'textDocument/rangeFormatting': (raw) => {
        const params = textDocumentRangeParams(raw);
        const view = context.view(params.uri);
        return view ? rangeFormattingEdits(view, params.range) : [];
      },
    },
  }),
};
