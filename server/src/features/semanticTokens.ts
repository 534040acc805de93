// Semantic tokens: what each name is (rule, graph, vertex, game) and where numbers are, so that a
// theme colours a rule's uses alike and a misspelt name stands out (it gets no token). Modifiers:
// `declaration` where a name is declared; `readonly` and `defaultLibrary` on built-in rules (`cram`,
// `chomp`, `node-kayles`, … too) and on Hackenbush's `ground`. Boards: a Chomp board's row lengths are
// numbers, the ends of a graph of Node or Arc Kayles vertices; rows (Treblecross', Cram's) are left to the
// grammar, whose scopes tell their cells apart.
// Full, range and delta requests; a delta is the one edit between the common prefix and suffix.
import type { Range, SemanticTokens, SemanticTokensDelta, SemanticTokensLegend } from 'vscode-languageserver';
import type { AnalyzedDocument } from '../language/analyze';
import type { MovesBody, MovesTerm, NumberLiteral } from '../language/ast';
import { walkTerms } from '../language/movesBody';
import { isBuiltinName, type NameKind, nameIndex } from '../language/names';
import type { Span } from '../language/text';
import { semanticTokensDeltaParams, textDocumentParams, textDocumentRangeParams } from '../params';
import type { Feature } from './feature';
import type { DocumentView } from './view';

export const TOKEN_TYPES = ['function', 'class', 'enumMember', 'variable', 'number', 'keyword', 'parameter'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly', 'defaultLibrary'] as const;
export const LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

const TYPE_OF: Record<Exclude<NameKind, 'unknown'>, number> = { rule: 0, graph: 1, vertex: 2, game: 3, variable: 6 };
const NUMBER = 4;
/** The contextual words (`squares`, `powers of`): names elsewhere, so the grammar alone cannot tell. */
const KEYWORD = 5;
const DECLARATION = 1;
const READONLY = 2;
const DEFAULT_LIBRARY = 4;
/** Documents whose last tokens are kept for deltas. */
const KEPT_RESULTS = 50;

interface Classified extends Span {
  readonly type: number;
  readonly modifiers: number;
}

/** Every document's classified spans, once per analysis: the full and the range requests both read them. */
const classified = new WeakMap<AnalyzedDocument, Classified[]>();

/** Every classified span, in text order. */
export function classify(document: AnalyzedDocument): Classified[] {
  let found = classified.get(document);
  if (!found) {
    found = classifyAll(document);
    classified.set(document, found);
  }
  return found;
}

function classifyAll(document: AnalyzedDocument): Classified[] {
  const found: Classified[] = [];
  for (const o of nameIndex(document).occurrences) {
    if (o.kind === 'unknown') continue;
    // A built-in's name, unless the document declares it (a contextual built-in: `staircase`).
    const builtin =
      o.kind === 'rule' && isBuiltinName(o.name) && !document.model.symbols.get(o.name)?.declaration
        ? READONLY | DEFAULT_LIBRARY
        : 0;
    found.push({
      start: o.start,
      end: o.end,
      type: TYPE_OF[o.kind],
      modifiers: (o.declaration ? DECLARATION : 0) | builtin,
    });
  }
  const number = (n: Span) => found.push({ start: n.start, end: n.end, type: NUMBER, modifiers: 0 });
  const numbers = (list: readonly NumberLiteral[]) => list.forEach(number);
  const keyword = (n: Span) => found.push({ start: n.start, end: n.end, type: KEYWORD, modifiers: 0 });
  for (const declaration of document.file.declarations) {
    if (declaration.kind === 'rule') {
      const body = declaration.body;
      const set = body?.kind === 'subtract' ? body.set : body?.kind === 'subtract-all' ? body.except : undefined;
      for (const term of set?.terms ?? []) {
        if (term.kind === 'numbers') numbers(term.numbers);
        else if (term.kind === 'named') keyword(term);
        else {
          keyword({ start: term.start, end: term.start + term.kind.length });
          if (term.of) keyword(term.of);
          if (term.parameter) number(term.parameter);
        }
      }
      if (body?.kind === 'octal' && body.code) number(body.code);
      if (body?.kind === 'moves')
        movesTokens(body, number, keyword, (fn) =>
          found.push({ ...span(fn), type: 0, modifiers: READONLY | DEFAULT_LIBRARY }),
        );
    } else if (declaration.kind === 'game') {
      for (const component of declaration.components) {
        if (component.kind === 'heaps') numbers(component.heaps);
        else if (component.kind === 'pairs') component.pairs.forEach((p) => numbers(p.numbers));
        else if (component.kind === 'lists') component.lists.forEach((l) => numbers(l.numbers));
        else if (component.kind === 'pictures') {
          // A picture's ends are its own vertices (none is declared anywhere else); in Hackenbush's, `ground` is the
          // ground, built in; the graphs of Node and Arc Kayles have no ground (a vertex may be named `ground`).
          const rule = document.model.symbols.get(component.rule.text);
          const ground = rule?.kind === 'rule' && rule.rule?.kind === 'hackenbush' ? 'ground' : undefined;
          for (const picture of component.pictures)
            for (const edge of picture.edges)
              for (const end of edge.to ? [edge.from, edge.to] : [edge.from])
                found.push({
                  start: end.start,
                  end: end.end,
                  type: TYPE_OF.vertex,
                  modifiers: end.text === ground ? READONLY | DEFAULT_LIBRARY : 0,
                });
        }
        // A Cram board's rows get no token: the grammar colours their cells (`.` empty, `#` filled, anything else
        // invalid), which a string token would paint over; a row is a row, whatever the theme.
      }
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Whole documents' tokens, once per analysis: an editor asks again after every edit and refresh. */
const encoded = new WeakMap<AnalyzedDocument, number[]>();

/** The LSP's relative encoding, for the spans between the offsets first and last. */
export function encode(document: AnalyzedDocument, first = 0, last = Number.POSITIVE_INFINITY): number[] {
  const whole = first === 0 && last === Number.POSITIVE_INFINITY;
  const known = whole ? encoded.get(document) : undefined;
  if (known) return known;
  const data = encodeBetween(document, first, last);
  if (whole) encoded.set(document, data);
  return data;
}

function encodeBetween(document: AnalyzedDocument, first: number, last: number): number[] {
  const data: number[] = [];
  let line = 0;
  let character = 0;
  for (const token of classify(document)) {
    if (token.end < first || token.start > last) continue;
    const at = document.lines.positionAt(token.start);
    data.push(
      at.line - line,
      at.line === line ? at.character - character : at.character,
      token.end - token.start,
      token.type,
      token.modifiers,
    );
    line = at.line;
    character = at.character;
  }
  return data;
}

/** The edit from `before` to `after`: what lies between their common prefix and suffix. */
export function delta(
  before: readonly number[],
  after: readonly number[],
): { start: number; deleteCount: number; data: number[] }[] {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  )
    suffix++;
  if (prefix === before.length && prefix === after.length) return [];
  return [
    { start: prefix, deleteCount: before.length - prefix - suffix, data: after.slice(prefix, after.length - suffix) },
  ];
}

/**
 * The tokens of documents, with the last result per document kept for deltas (a few documents:
 * an editor asks for the visible ones).
 */
export class SemanticTokensResults {
  private readonly last = new Map<string, { readonly resultId: string; readonly data: number[] }>();
  private nextId = 1;

  private remember(uri: string, data: number[]): SemanticTokens {
    const resultId = String(this.nextId++);
    this.last.delete(uri);
    this.last.set(uri, { resultId, data });
    if (this.last.size > KEPT_RESULTS) this.last.delete(this.last.keys().next().value!);
    return { resultId, data };
  }

  full(uri: string, view: DocumentView): SemanticTokens {
    return this.remember(uri, encode(view.document));
  }

  /** The edits from the result `previousResultId` to now; the full tokens when that result is not kept. */
  delta(uri: string, view: DocumentView, previousResultId: string): SemanticTokens | SemanticTokensDelta {
    const data = encode(view.document);
    const kept = this.last.get(uri);
    if (!kept || kept.resultId !== previousResultId) return this.remember(uri, data);
    const edits = delta(kept.data, data);
    const { resultId } = this.remember(uri, data);
    return { resultId, edits };
  }

  range(view: DocumentView, range: Range): SemanticTokens {
    const { lines } = view.document;
    return { data: encode(view.document, lines.offsetAt(range.start), lines.offsetAt(range.end)) };
  }
}

export const semanticTokensFeature: Feature = {
  name: 'semantic tokens',
  capabilities: (client) =>
    client.textDocument?.semanticTokens
      ? { semanticTokensProvider: { legend: LEGEND, full: { delta: true }, range: true } }
      : {},
  handlers: (context) => {
    const results = new SemanticTokensResults();
    return {
      requests: {
        'textDocument/semanticTokens/full': (raw): SemanticTokens => {
          const uri = textDocumentParams(raw).uri;
          const view = context.view(uri);
          return view ? results.full(uri, view) : { data: [] };
        },
        'textDocument/semanticTokens/full/delta': (raw): SemanticTokens | SemanticTokensDelta => {
          const { uri, previousResultId } = semanticTokensDeltaParams(raw);
          const view = context.view(uri);
          return view ? results.delta(uri, view, previousResultId) : { data: [] };
        },
        'textDocument/semanticTokens/range': (raw): SemanticTokens => {
          const params = textDocumentRangeParams(raw);
          const view = context.view(params.uri);
          return view ? results.range(view, params.range) : { data: [] };
        },
      },
    };
  },
};

const span = (s: Span): Span => ({ start: s.start, end: s.end });

/**
 * A rule of one's own's words (`moves for in if and or not`) as keywords, `min max abs` as built-in
 * functions, its integers as numbers (its variables are in the name index).
 */
function movesTokens(
  body: MovesBody,
  number: (n: Span) => void,
  keyword: (n: Span) => void,
  builtin: (n: Span) => void,
): void {
  keyword({ start: body.start, end: body.start + 'moves'.length });
  const terms = (root: MovesTerm) =>
    walkTerms(root, (term) => {
      if (term.kind === 'int') number(term);
      else if (term.kind === 'call') builtin(term.fn);
      else if (term.kind === 'binary' && (term.op === 'and' || term.op === 'or')) keyword(term.at);
      else if (term.kind === 'unary' && term.op === 'not') keyword({ start: term.start, end: term.start + 3 });
    });
  for (const clause of body.clauses) {
    if (clause.option) terms(clause.option);
    for (const loop of clause.loops) {
      if (loop.forWord) keyword(loop.forWord);
      if (loop.inWord) keyword(loop.inWord);
      if (loop.from) terms(loop.from);
      if (loop.to) terms(loop.to);
    }
    if (clause.ifWord) keyword(clause.ifWord);
    if (clause.condition) terms(clause.condition);
  }
}
