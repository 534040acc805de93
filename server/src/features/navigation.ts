// Navigation: the outline (document symbols: rules, graphs with their vertices, games, each with
// its value when known), workspace symbols across open documents, go to definition, find
// references and document highlights, for rules, graphs, vertices and games. All of it reads the
// document's name index (language/names.ts); names are per document, as the language has no
// imports.

import {
  type DocumentHighlight,
  DocumentHighlightKind,
  type DocumentSymbol,
  type Location,
  type SymbolInformation,
  SymbolKind,
} from 'vscode-languageserver';
import { vertexValueText } from '../analysis/loopyWorking';
import { type NameKind, nameIndex, type Occurrence } from '../language/names';
import { referenceParams, textDocumentParams, textDocumentPositionParams, workspaceSymbolParams } from '../params';
import type { Feature } from './feature';
import { gameLabel } from './inlayHints';
import type { DocumentView } from './view';

/** Workspace symbols answered at most: a query of one letter over 100,000 games must stay a small answer. */
const MAX_WORKSPACE_SYMBOLS = 1000;
/** A game's or rule's detail shows this much of its text. */
const DETAIL_LENGTH = 60;

export const SYMBOL_KINDS: Record<Exclude<NameKind, 'unknown'>, SymbolKind> = {
  rule: SymbolKind.Function,
  graph: SymbolKind.Class,
  vertex: SymbolKind.EnumMember,
  game: SymbolKind.Object,
  variable: SymbolKind.Variable,
};

function shortText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > DETAIL_LENGTH ? `${line.slice(0, DETAIL_LENGTH - 1)}…` : line;
}

/** The outline: every named declaration in order, a graph's vertices under it. */
export function documentSymbols(view: DocumentView): DocumentSymbol[] {
  const { document } = view;
  const text = document.file.text;
  const symbols: DocumentSymbol[] = [];
  // Each vertex's declaration, by its graph's start (one pass: a file may have many graphs).
  const vertices = new Map<number, Occurrence[]>();
  for (const o of nameIndex(document).occurrences) {
    if (o.kind !== 'vertex' || !o.declaration) continue;
    const graphStart = Number(o.key.split(':')[1]);
    const list = vertices.get(graphStart);
    if (list) list.push(o);
    else vertices.set(graphStart, [o]);
  }
  for (const declaration of document.file.declarations) {
    const name = declaration.name;
    if (!name) continue;
    const range = document.lines.rangeOf(declaration);
    const selectionRange = document.lines.rangeOf(name);
    if (declaration.kind === 'rule') {
      const detail = declaration.body ? shortText(text.slice(declaration.body.start, declaration.body.end)) : '';
      symbols.push({ name: name.text, kind: SYMBOL_KINDS.rule, detail, range, selectionRange });
    } else if (declaration.kind === 'graph') {
      const graph = document.model.symbols.get(name.text);
      const own = graph?.kind === 'graph' && graph.declaration === declaration ? graph : undefined;
      const values = own ? view.graph(own) : undefined;
      const children = (vertices.get(declaration.start) ?? []).map((vertex): DocumentSymbol => {
        const index = own?.vertexIndex.get(vertex.name);
        const value =
          values?.state === 'done' && index !== undefined && own
            ? vertexValueText(values.value, own, index)
            : undefined;
        const at = document.lines.rangeOf(vertex);
        return {
          name: vertex.name,
          kind: SYMBOL_KINDS.vertex,
          detail: value ?? '',
          range: at,
          selectionRange: at,
        };
      });
      symbols.push({
        name: name.text,
        kind: SYMBOL_KINDS.graph,
        detail: `${children.length} vertices`,
        range,
        selectionRange,
        children,
      });
    } else {
      const game = document.model.games.find((g) => g.declaration === declaration);
      const value = game && view.game(game);
      const sum = declaration.sum ? shortText(text.slice(declaration.sum.start, declaration.sum.end)) : '';
      const result = value?.state === 'done' && game ? ` ${gameLabel(game, value.value, '')}` : '';
      symbols.push({ name: name.text, kind: SYMBOL_KINDS.game, detail: `${sum}${result}`, range, selectionRange });
    }
  }
  return symbols;
}

/** The outline as SymbolInformation (LSP before 3.10): children after their parent, with its name as container. */
export function flatSymbols(uri: string, symbols: readonly DocumentSymbol[], container?: string): SymbolInformation[] {
  return symbols.flatMap((symbol) => [
    {
      name: symbol.name,
      kind: symbol.kind,
      location: { uri, range: symbol.selectionRange },
      ...(container === undefined ? {} : { containerName: container }),
    },
    ...flatSymbols(uri, symbol.children ?? [], symbol.name),
  ]);
}

/** Whether every character of the query appears in the name, in order, ignoring case (as VS Code filters). */
export function matchesQuery(name: string, query: string): boolean {
  const lower = name.toLowerCase();
  let at = 0;
  for (const c of query.toLowerCase()) {
    at = lower.indexOf(c, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

export function workspaceSymbols(views: readonly DocumentView[], query: string): SymbolInformation[] {
  const found: SymbolInformation[] = [];
  for (const view of views) {
    for (const o of nameIndex(view.document).occurrences) {
      // A rule's variables are its own business, not the workspace's.
      if (!o.declaration || o.kind === 'unknown' || o.kind === 'variable' || !matchesQuery(o.name, query)) continue;
      found.push({
        name: o.name,
        kind: SYMBOL_KINDS[o.kind],
        location: { uri: view.uri, range: view.document.lines.rangeOf(o) },
        ...(o.graph === undefined ? {} : { containerName: o.graph }),
      });
      if (found.length >= MAX_WORKSPACE_SYMBOLS) return found;
    }
  }
  return found;
}

/** The name under the cursor and every occurrence of what it names. */
export function occurrencesAt(
  view: DocumentView,
  offset: number,
): { readonly at: Occurrence; readonly uses: readonly Occurrence[] } | undefined {
  const index = nameIndex(view.document);
  const at = index.at(offset);
  return at && { at, uses: index.uses(at.key) };
}

export function definition(view: DocumentView, offset: number): Location | null {
  const found = occurrencesAt(view, offset);
  const target = found && nameIndex(view.document).definition(found.at.key);
  return target ? { uri: view.uri, range: view.document.lines.rangeOf(target) } : null;
}

export function references(view: DocumentView, offset: number, includeDeclaration: boolean): Location[] {
  const found = occurrencesAt(view, offset);
  if (!found) return [];
  return found.uses
    .filter((o) => includeDeclaration || !o.declaration)
    .map((o) => ({ uri: view.uri, range: view.document.lines.rangeOf(o) }));
}

export function documentHighlights(view: DocumentView, offset: number): DocumentHighlight[] {
  const found = occurrencesAt(view, offset);
  if (!found) return [];
  return found.uses.map((o) => ({
    range: view.document.lines.rangeOf(o),
    kind: o.declaration ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
  }));
}

export const navigationFeature: Feature = {
  name: 'navigation',
  capabilities: () => ({
    documentSymbolProvider: { label: 'Grundy' },
    workspaceSymbolProvider: true,
    definitionProvider: true,
    referencesProvider: true,
    documentHighlightProvider: true,
  }),
  handlers: (context) => {
    /** A position request: the view and the offset, or nothing for a document that is not open. */
    const at = <T>(raw: unknown, answer: (view: DocumentView, offset: number) => T, none: T): T => {
      const params = textDocumentPositionParams(raw);
      const view = context.view(params.uri);
      return view ? answer(view, view.document.lines.offsetAt(params.position)) : none;
    };
    return {
      requests: {
        'textDocument/documentSymbol': (raw) => {
          const view = context.view(textDocumentParams(raw).uri);
          if (!view) return [];
          const symbols = documentSymbols(view);
          // A client without hierarchical symbols gets a flat list, a vertex naming its graph.
          return context.client.textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport
            ? symbols
            : flatSymbols(view.uri, symbols);
        },
        'workspace/symbol': (raw) => {
          return workspaceSymbols(context.views(), workspaceSymbolParams(raw).query);
        },
        'textDocument/definition': (raw) => at(raw, definition, null),
        'textDocument/references': (raw) => {
          const params = referenceParams(raw);
          const view = context.view(params.uri);
          return view ? references(view, view.document.lines.offsetAt(params.position), params.includeDeclaration) : [];
        },
        'textDocument/documentHighlight': (raw) => at(raw, documentHighlights, []),
      },
    };
  },
};
