// Folding ranges: a graph's body (its `}` stays in sight), a rule of one's own over several lines (its
// first line stays in sight), and blocks of two or more comment lines.
import { type FoldingRange, FoldingRangeKind } from 'vscode-languageserver';
import { textLines } from '../language/format';
import { textDocumentParams } from '../params';
import type { Feature } from './feature';
import type { DocumentView } from './view';

export function foldingRanges(view: DocumentView): FoldingRange[] {
  const { document } = view;
  const ranges: FoldingRange[] = [];
  for (const declaration of document.file.declarations) {
    if (declaration.kind === 'rule' && declaration.body?.kind === 'moves') {
      const startLine = document.lines.positionAt(declaration.start).line;
      const endLine = document.lines.positionAt(declaration.end).line;
      if (endLine > startLine) ranges.push({ startLine, endLine });
      continue;
    }
    if (declaration.kind !== 'graph') continue;
    const startLine = document.lines.positionAt(declaration.start).line;
    const end = document.lines.positionAt(declaration.end);
    // `}` at the start of its line stays visible: fold up to the line before it.
    const closing =
      document.file.text[declaration.end - 1] === '}' &&
      document.file.text.slice(document.lines.lineStart(end.line), declaration.end - 1).trim() === '';
    const endLine = closing ? end.line - 1 : end.line;
    if (endLine > startLine) ranges.push({ startLine, endLine });
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
