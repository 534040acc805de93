// Quick fixes for the diagnostics that have one. The client sends back the diagnostics it shows;
// each is found again among the current analysis's (same code, same start), so that a fix is
// made from the server's own understanding of the text, never from a stale one.
//   a misspelt name, vertex or keyword   replace it with the suggestion ("did you mean")
//   a near miss the front end can mend   its replacement (a Chomp board's rows as a staircase, a Cram row's
//                                        cells written `.` and `#`, the cells a short row lacks)
//   an unknown rule or graph             declare it (above the game that uses it)
//   an unknown vertex                    add it to its graph (a vertex with no moves)
//   a duplicate declaration              remove it
//   a cycle in a graph                   remove one of its edges (one fix per edge)
import {
  type CodeAction,
  CodeActionKind,
  type Diagnostic as LspDiagnostic,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { EdgeLine, GameDeclaration, GraphDeclaration } from '../language/ast';
import { type Diagnostic, quoted } from '../language/diagnostics';
import { type Span, spanAt } from '../language/text';
import { codeActionParams } from '../params';
import type { Feature } from './feature';
import type { DocumentView } from './view';

/** The diagnostics of the current analysis that the client's ones stand for. */
function current(view: DocumentView, shown: readonly LspDiagnostic[]): Diagnostic[] {
  const { document } = view;
  return shown.flatMap((d) => {
    const start = document.lines.offsetAt(d.range.start);
    const found = document.diagnostics.find((own) => own.code === d.code && own.span.start === start);
    return found ? [found] : [];
  });
}

export function quickFixes(view: DocumentView, shown: readonly LspDiagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of current(view, shown)) {
    const lsp = shown.find(
      (d) => d.code === diagnostic.code && view.document.lines.offsetAt(d.range.start) === diagnostic.span.start,
    );
    const fix = (title: string, edits: TextEdit[], isPreferred = false) => {
      const edit: WorkspaceEdit = { changes: { [view.uri]: edits } };
      actions.push({
        title,
        kind: CodeActionKind.QuickFix,
        diagnostics: lsp ? [lsp] : [],
        edit,
        ...(isPreferred ? { isPreferred } : {}),
      });
    };
    if (diagnostic.replacement !== undefined) {
      const span = diagnostic.replacementSpan ?? diagnostic.span;
      const what = `\`${quoted(diagnostic.replacement)}\``;
      fix(
        span.start === span.end ? `Insert ${what}` : `Replace with ${what}`,
        [replace(view, span, diagnostic.replacement)],
        true,
      );
    }
    switch (diagnostic.code) {
      case 'unknown-name':
        declareMissing(view, diagnostic, fix);
        break;
      case 'unknown-vertex':
        addVertex(view, diagnostic, fix);
        break;
      case 'duplicate-declaration': {
        const declaration = view.document.file.declarations.find((d) => d.name?.start === diagnostic.span.start);
        if (declaration)
          fix(`Remove this duplicate declaration of \`${declaration.name!.text}\``, [
            replace(view, wholeLines(view, declaration), ''),
          ]);
        break;
      }
      // A graph's cycle is a hint, no problem (language version 4): it gets no fix.
      case 'duplicate-edge': {
        const edge = edgeAt(view, diagnostic.span.start);
        if (edge)
          fix(
            `Remove the repeated edge \`${edge.line.from.text} -> ${edge.line.to[edge.index].text}\``,
            [removeEdge(view, edge.line, edge.index)],
            true,
          );
        break;
      }
    }
  }
  return actions;
}

function replace(view: DocumentView, span: Span, newText: string): TextEdit {
  const { lines } = view.document;
  return { range: lines.rangeOf(span), newText };
}

/** The span's lines, whole, with their line break: deleting it leaves no blank line. */
function wholeLines(view: DocumentView, span: Span): Span {
  const { lines } = view.document;
  const start = lines.lineStartOf(span.start);
  const last = lines.positionAt(span.end).line;
  const end = last + 1 < lines.lineCount ? lines.lineStart(last + 1) : view.document.file.text.length;
  return { start, end };
}

/** Where a new declaration goes: at the start of the line of the game that needs it. */
function lineStartOf(view: DocumentView, offset: number): Span {
  const { lines } = view.document;
  const start = lines.lineStartOf(offset);
  return { start, end: start };
}

/** The game declaration the span lies in. */
function gameAround(view: DocumentView, span: Span): GameDeclaration | undefined {
  const declaration = spanAt(view.document.file.declarations, span.start);
  return declaration?.kind === 'game' && span.end <= declaration.end ? declaration : undefined;
}

function declareMissing(
  view: DocumentView,
  diagnostic: Diagnostic,
  fix: (title: string, edits: TextEdit[]) => void,
): void {
  const name = view.document.file.text.slice(diagnostic.span.start, diagnostic.span.end);
  const game = gameAround(view, diagnostic.span);
  const component = game?.components.find((c) => c.start === diagnostic.span.start);
  if (!game || !component || view.document.model.symbols.has(name)) return;
  const at = lineStartOf(view, game.start);
  switch (component.kind) {
    case 'tokens': {
      // A graph with the vertices the game names, none with a move yet: the user adds the edges.
      const vertices = [...new Set(component.vertices.map((v) => v.text))];
      const body = (vertices.length > 0 ? vertices : ['a']).map((v) => `  ${v}\n`).join('');
      fix(`Declare graph \`${name}\``, [replace(view, at, `graph ${name} {\n${body}}\n`)]);
      break;
    }
    case 'heaps':
      fix(`Declare rule \`${name}\` (a subtraction game)`, [replace(view, at, `rule ${name} = subtract {1, 2}\n`)]);
      break;
    case 'row':
      if (component.more.length > 0 || /[^.X]/.test(component.row.value))
        fix(`Declare rule \`${name}\` (a word game)`, [replace(view, at, `rule ${name} = words {"ab"}\n`)]);
      else fix(`Declare rule \`${name}\` (an octal game on a row)`, [replace(view, at, `rule ${name} = octal 0.77\n`)]);
      break;
    case 'pairs':
    case 'lists':
    case 'pictures':
    case 'boards':
      // Only built-ins take pairs, lists, pictures and boards (`wythoff`, `leftmost`, `staircase`, `chomp`,
      // `hackenbush`, `node-kayles`, `arc-kayles`, `cram`): no rule declares them.
      break;
  }
}

function addVertex(view: DocumentView, diagnostic: Diagnostic, fix: (title: string, edits: TextEdit[]) => void): void {
  const text = view.document.file.text;
  const vertex = text.slice(diagnostic.span.start, diagnostic.span.end);
  const game = gameAround(view, diagnostic.span);
  const component = game?.components.find(
    (c) => c.kind === 'tokens' && c.start <= diagnostic.span.start && diagnostic.span.end <= c.end,
  );
  const graph = component?.kind === 'tokens' ? view.document.model.symbols.get(component.graph.text) : undefined;
  if (graph?.kind !== 'graph') return;
  const declaration: GraphDeclaration = graph.declaration;
  // Before the closing brace's line (a graph written on one line gets the vertex on its own line).
  const close = text.lastIndexOf('}', declaration.end);
  if (close < declaration.start) return;
  const { lines } = view.document;
  const closeLine = lines.lineStartOf(close);
  const alone = text.slice(closeLine, close).trim() === '';
  const edit = alone
    ? replace(view, { start: closeLine, end: closeLine }, `  ${vertex}\n`)
    : replace(view, { start: close, end: close }, `\n  ${vertex}\n`);
  fix(`Add vertex \`${vertex}\` to graph \`${graph.name}\` (with no moves)`, [edit]);
}

/** The edge line and target whose name starts at the offset. */
function edgeAt(view: DocumentView, offset: number): { readonly line: EdgeLine; readonly index: number } | undefined {
  const graph = spanAt(view.document.file.declarations, offset);
  for (const line of graph?.kind === 'graph' ? graph.lines : []) {
    const index = line.to.findIndex((t) => t.start === offset);
    if (index >= 0) return { line, index };
  }
  return undefined;
}

/** Removes one target of an edge line, with its comma; the last target takes the arrow with it. */
function removeEdge(view: DocumentView, line: EdgeLine, index: number): TextEdit {
  const targets = line.to;
  if (targets.length === 1) return replace(view, { start: line.from.end, end: targets[0].end }, '');
  if (index < targets.length - 1)
    return replace(view, { start: targets[index].start, end: targets[index + 1].start }, '');
  return replace(view, { start: targets[index - 1].end, end: targets[index].end }, '');
}

export const codeActionsFeature: Feature = {
  name: 'quick fixes',
  capabilities: (client) => ({
    codeActionProvider: client.textDocument?.codeAction?.codeActionLiteralSupport
      ? { codeActionKinds: [CodeActionKind.QuickFix] }
      : true,
  }),
  handlers: (context) => ({
    requests: {
      'textDocument/codeAction': (raw) => {
        const params = codeActionParams(raw);
        const view = context.view(params.uri);
        if (!view || (params.only && !params.only.some((kind) => kind === CodeActionKind.QuickFix || kind === '')))
          return [];
        const actions = quickFixes(view, params.diagnostics as LspDiagnostic[]);
        // A client that takes only commands, not code action literals (LSP 3.8), gets none.
        return context.client.textDocument?.codeAction?.codeActionLiteralSupport ? actions : [];
      },
    },
  }),
};
