// Folding ranges: a graph's body (its `}` stays in sight), a rule of one's own over several lines (its
// first line stays in sight), a board or a picture written over several lines (a Cram board a row a line, a
// graph of Node Kayles an edge a line: its `]` or `}` stays in sight, like a graph's), and blocks of two or
// more comment lines.
import { type FoldingRange, FoldingRangeKind } from 'vscode-languageserver';
import type { AnalyzedDocument } from '../language/analyze';
import { textLines } from '../language/format';
import type { Span } from '../language/text';
import { textDocumentParams } from '../params';
import type { Feature } from './feature';
import type { DocumentView } from './view';

/** The lines a bracketed span folds, its closing bracket left in sight when it starts its line; none on one line. */
function bracketed(document: AnalyzedDocument, span: Span, close: string): FoldingRange | undefined {
  const { lines } = document;
  const startLine = lines.positionAt(span.start).line;
  const end = lines.positionAt(span.end);
  const closing =
    document.file.text[span.end - 1] === close &&
    document.file.text.slice(lines.lineStart(end.line), span.end - 1).trim() === '';
  const endLine = closing ? end.line - 1 : end.line;
  return endLine > startLine ? { startLine, endLine } : undefined;
}

export function foldingRanges(view: DocumentView): FoldingRange[] {
  const { document } = view;
  const ranges: FoldingRange[] = [];
  for (const declaration of document.file.declarations) {
    if (declaration.kind === 'game') {
      for (const component of declaration.components) {
        const spans =
          component.kind === 'boards' ? component.boards : component.kind === 'pictures' ? component.pictures : [];
        for (const span of spans) {
          const range = bracketed(document, span, component.kind === 'boards' ? ']' : '}');
          if (range) ranges.push(range);
        }
      }
      continue;
    }
    if (declaration.kind === 'rule' && declaration.body?.kind === 'moves') {
      const startLine = document.lines.positionAt(declaration.start).line;
      const endLine = document.lines.positionAt(declaration.end).line;
      if (endLine > startLine) ranges.push({ startLine, endLine });
      continue;
    }
    if (declaration.kind !== 'graph') continue;
    // `}` at the start of its line stays visible: fold up to the line before it.
    const range = bracketed(document, declaration, '}');
    if (range) ranges.push(range);
  }
  const lines = textLines(document.file.text);
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j < lines.length && lines[j].trimStart().startsWith('#')) j++;
    if (j - i >= 2) ranges.push({ startLine: i, endLine: j - 1, kind: FoldingRangeKind.Comment });
    i = Math.max(j, i + 1);
  }
  return ranges.sort((a, b) => a.startLine - b.startLine);
}

export const foldingFeature: Feature = {
  name: 'folding',
  capabilities: () => ({ foldingRangeProvider: true }),
  handlers: (context) => ({
    requests: {
      'textDocument/foldingRange': (raw) => {
        const view = context.view(textDocumentParams(raw).uri);
        return view ? foldingRanges(view) : [];
      },
    },
  }),
};
