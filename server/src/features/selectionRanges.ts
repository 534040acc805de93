// Selection ranges (expand selection): from what is under the cursor outwards, e.g. a heap's
// number → its component → the game's sum → the declaration; a set's number → the set → the
// rule's body → the declaration; a vertex → its edge line → the graph.
import type { Position, SelectionRange } from 'vscode-languageserver';
import type { Component, Declaration } from '../language/ast';
import { spanContains as contains, type Span, spanAt } from '../language/text';
import { selectionRangeParams } from '../params';
import type { Feature } from './feature';
import type { DocumentView } from './view';

/** The spans around the offset within a component, outermost first. */
function componentSpans(component: Component, offset: number): Span[] {
  const head = component.kind === 'tokens' ? component.graph : component.rule;
  const inner: (Span | undefined)[] = [head];
  switch (component.kind) {
    case 'heaps':
      inner.push(...component.heaps);
      break;
    case 'tokens':
      inner.push(...component.vertices);
      break;
    case 'row':
      inner.push(component.row, ...component.more);
      break;
    case 'pictures': {
      const picture = component.pictures.find((g) => contains(g, offset));
      const edge = picture?.edges.find((e) => contains(e, offset));
      const end = edge && [edge.from, edge.to].find((n) => n && contains(n, offset));
      return [
        component,
        ...(picture ? [picture] : [head]).filter((s) => contains(s, offset)),
        ...(edge ? [edge] : []),
        ...(end ? [end] : []),
      ];
    }
    case 'boards': {
      const board = component.boards.find((b) => contains(b, offset));
      return [
        component,
        ...(board
          ? [board, ...board.rows.filter((r) => contains(r, offset))]
          : [head].filter((h) => contains(h, offset))),
      ];
    }
    case 'pairs':
    case 'lists': {
      const group = (component.kind === 'pairs' ? component.pairs : component.lists).find((g) => contains(g, offset));
      return [
        component,
        ...(group
          ? [group, ...group.numbers.filter((n) => contains(n, offset))]
          : [head].filter((h) => contains(h, offset))),
      ];
    }
  }
  return [component, ...inner.filter((s): s is Span => contains(s, offset))];
}

/** The spans around the offset within a declaration, outermost first. */
export function spansAround(declaration: Declaration, offset: number): Span[] {
  const spans: Span[] = [declaration];
  if (contains(declaration.name, offset)) return [...spans, declaration.name];
  switch (declaration.kind) {
    case 'game': {
      if (!contains(declaration.sum, offset)) break;
      spans.push(declaration.sum);
      const component = declaration.components.find((c) => contains(c, offset));
      if (component) spans.push(...componentSpans(component, offset));
      break;
    }
    case 'rule': {
      const body = declaration.body;
      if (!contains(body, offset)) break;
      spans.push(body);
      const set =
        body.kind === 'subtract' || body.kind === 'words'
          ? body.set
          : body.kind === 'subtract-all'
            ? body.except
            : undefined;
      if (contains(set, offset)) spans.push(set);
      const setExpression =
        body.kind === 'subtract' ? body.set : body.kind === 'subtract-all' ? body.except : undefined;
      const term = setExpression?.terms.find((t) => contains(t, offset));
      if (term && setExpression && setExpression.terms.length > 1) spans.push(term);
      const items: readonly Span[] = setExpression
        ? term?.kind === 'numbers'
          ? term.numbers
          : term?.kind === 'powers' || term?.kind === 'multiples'
            ? [term.parameter].filter((p) => p !== undefined)
            : []
        : body.kind === 'words'
          ? body.words
          : body.kind === 'octal' && body.code
            ? [body.code]
            : [];
      const item = items.find((s) => contains(s, offset));
      if (item) spans.push(item);
      break;
    }
    case 'graph': {
      const line = declaration.lines.find((l) => contains(l, offset));
      if (!line) break;
      spans.push(line);
      const name = [line.from, ...line.to].find((n) => contains(n, offset));
      if (name) spans.push(name);
      break;
    }
  }
  return spans;
}

export function selectionRange(view: DocumentView, position: Position): SelectionRange {
  const { document } = view;
  const offset = document.lines.offsetAt(position);
  const declaration = spanAt(document.file.declarations, offset);
  const spans = declaration ? spansAround(declaration, offset) : [];
  let range: SelectionRange | undefined;
  let previous: Span | undefined;
  for (const span of spans) {
    // Each range strictly inside its parent: equal spans (a one-heap sum) are one step.
    if (previous && span.start === previous.start && span.end === previous.end) continue;
    range = { range: document.lines.rangeOf(span), ...(range ? { parent: range } : {}) };
    previous = span;
  }
  // Nothing around it: the position itself, read as the document reads it (a position past a
  // line's end, which LSP allows a client to send, is that line's end).
  const at = document.lines.positionAt(offset);
  return range ?? { range: { start: at, end: at } };
}

export const selectionRangesFeature: Feature = {
  name: 'selection ranges',
  capabilities: () => ({ selectionRangeProvider: true }),
  handlers: (context) => ({
    requests: {
      'textDocument/selectionRange': (raw) => {
        const params = selectionRangeParams(raw);
        const view = context.view(params.uri);
        return view ? params.positions.map((position) => selectionRange(view, position)) : [];
      },
    },
  }),
};
