// Completion by context, read from the tokens of the cursor's line before it (declarations are
// one line each, graph bodies one edge line each):
//   at the start of a line          snippets for `rule`, `graph` and `game`
//   after `rule NAME =`             the rule kinds (subtract, subtract all [except], octal, hex, words)
//   after `subtract`, `except`, `|`  the sets: `{…}`, squares, primes, …, powers of K, multiples of K
//   after `game NAME =` or `+`      the declared rules and graphs and the built-ins, with what they
//                                   are and their first values; `misere` right after `=`
//   after `GRAPH at` or a `,` there the graph's vertices
//   in a graph's body               the graph's vertices named so far
//   in a Hackenbush picture, after  `ground` and the picture's vertices named so far
//   `{`, `,`, `-` or a line break   (found from the syntax tree: a picture may span lines)
// Snippets only for a client that declared snippetSupport; plain text otherwise.

import { type CompletionItem, CompletionItemKind, InsertTextFormat } from 'vscode-languageserver';
import { vertexValueText } from '../analysis/loopyWorking';
import { describeRule } from '../analysis/wording';
import { ruleSequence } from '../engine';
import { isHeapRule } from '../engine/types';
import { lex, lexExpressions, type Token } from '../language/lexer';
import { BUILTIN_RULES, type DeclaredSymbol } from '../language/model';
import { lastStartingBy } from '../language/text';
import { textDocumentPositionParams } from '../params';
import type { Feature } from './feature';

import type { DocumentView } from './view';

/** A rule's first values shown in its completion's detail. */
const FIRST_VALUES = 12;
/** Loop steps of a rule of one's own spent on its first values in a completion's detail (about 10 ms). */
const FIRST_VALUES_WORK = 1_000_000;
/** Names offered at most: a document may declare 100,000 games' worth of graphs. */
const MAX_ITEMS = 1000;

interface Snippet {
  readonly label: string;
  readonly snippet: string;
  /** The same without placeholders, for clients without snippets. */
  readonly plain: string;
  readonly detail: string;
}

const DECLARATION_SNIPPETS: readonly Snippet[] = [
  {
    label: 'rule',
    snippet: 'rule ${1:name} = subtract {${2:1, 2}}',
    plain: 'rule name = subtract {1, 2}',
    detail: 'declare a rule: a subtraction set, an octal code, a dictionary',
  },
  {
    label: 'graph',
    snippet: 'graph ${1:name} {\n  ${2:a} -> ${3:b}\n}',
    plain: 'graph name {\n  a -> b\n}',
    detail: 'declare a directed acyclic graph, one edge line per vertex',
  },
  {
    label: 'game',
    snippet: 'game ${1:name} = ${2:nim 3 4 5}',
    plain: 'game name = nim 3 4 5',
    detail: 'declare a game: a sum of components',
  },
];

const RULE_KIND_SNIPPETS: readonly Snippet[] = [
  {
    label: 'subtract {…}',
    snippet: 'subtract {${1:1, 2}}',
    plain: 'subtract {1, 2}',
    detail: 'take any number in the set from one heap',
  },
  {
    label: 'subtract squares',
    snippet: 'subtract ${1|squares,cubes,triangular,primes,fibonacci|}',
    plain: 'subtract squares',
    detail: 'take a square (or cube, triangular number, prime, Fibonacci number) from one heap',
  },
  {
    label: 'subtract all',
    snippet: 'subtract all',
    plain: 'subtract all',
    detail: 'take any number from one heap (Nim)',
  },
  {
    label: 'subtract all except {…}',
    snippet: 'subtract all except {${1:1}}',
    plain: 'subtract all except {1}',
    detail: 'take any number but those in the set',
  },
  {
    label: 'octal 0.…',
    snippet: 'octal 0.${1:77}',
    plain: 'octal 0.77',
    detail: 'an octal game (take-and-break code), e.g. 0.77 Kayles, 0.137 Dawson’s chess',
  },
  {
    label: 'hex 0.…',
    snippet: 'hex 0.${1:F}',
    plain: 'hex 0.F',
    detail: 'a hexadecimal code: a digit’s bit 8 leaves three heaps',
  },
  {
    label: 'moves n -> …',
    snippet: 'moves ${1:n} -> ${2:n - k} for ${3:k} in ${4:1..n}',
    plain: 'moves n -> n - k for k in 1..n',
    detail: "a rule of one's own: a position's moves written out (a tuple `(x, y)` for a position of two numbers)",
  },
  {
    label: 'words {…}',
    snippet: 'words {"${1:ab}", "${2:ba}"}',
    plain: 'words {"ab", "ba"}',
    detail: 'a word game: a move deletes one of the words from a piece',
  },
];

/** The sets after `subtract`, `all except` or `|`. */
const SET_SNIPPETS: readonly Snippet[] = [
  { label: '{…}', snippet: '{${1:1, 2}}', plain: '{1, 2}', detail: 'a finite set of numbers' },
  { label: 'squares', snippet: 'squares', plain: 'squares', detail: '1, 4, 9, 16, …' },
  { label: 'cubes', snippet: 'cubes', plain: 'cubes', detail: '1, 8, 27, 64, …' },
  { label: 'triangular', snippet: 'triangular', plain: 'triangular', detail: '1, 3, 6, 10, …' },
  { label: 'primes', snippet: 'primes', plain: 'primes', detail: '2, 3, 5, 7, 11, …' },
  { label: 'fibonacci', snippet: 'fibonacci', plain: 'fibonacci', detail: '1, 2, 3, 5, 8, 13, …' },
  { label: 'powers of …', snippet: 'powers of ${1:2}', plain: 'powers of 2', detail: '1, K, K², … (K ≥ 2)' },
  { label: 'multiples of …', snippet: 'multiples of ${1:3}', plain: 'multiples of 3', detail: 'K, 2K, 3K, …' },
];

/** What the built-ins that are not heap rules take, for their detail. */
const BUILTIN_SHAPES: Readonly<Record<string, string>> = {
  treblecross: 'built-in: Treblecross on a row, e.g. treblecross "..X.."',
  wythoff: 'built-in: Wythoff’s game on pairs, e.g. wythoff (3, 5)',
  leftmost: 'built-in: the leftmost-pile game on rows, e.g. leftmost [1, 2] [3]',
  staircase: 'built-in: Staircase Nim, the coins on each step, e.g. staircase [3, 0, 5, 2]',
  hackenbush: 'built-in: Green Hackenbush pictures, e.g. hackenbush { ground - a, a - b }',
  chomp: 'built-in: Chomp, each board its rows from the bottom up, e.g. chomp [5, 3, 3, 1]',
  cram: 'built-in: Cram, each board a string a row, `.` empty and `#` filled, e.g. cram ["...", ".#."]',
  'node-kayles': 'built-in: Node Kayles on graphs, e.g. node-kayles { a - b, b - c, d }',
  'arc-kayles': 'built-in: Arc Kayles on graphs, e.g. arc-kayles { a - b, b - c }',
};

type Context =
  | { readonly kind: 'declaration' }
  | { readonly kind: 'rule-kind' }
  | { readonly kind: 'set' }
  | { readonly kind: 'component'; readonly misere: boolean }
  | { readonly kind: 'vertex'; readonly graph: string }
  | { readonly kind: 'picture'; readonly vertices: readonly string[] }
  /** Inside a rule of one's own: its variables in scope at the cursor. */
  | { readonly kind: 'moves'; readonly variables: readonly string[]; readonly loops: readonly string[] };

/** The words of a rule of one's own, for completion. */
const MOVES_WORD_ITEMS: readonly { label: string; detail: string; insert?: string }[] = [
  { label: 'for', detail: 'for K in A..B: one option per integer K from A to B' },
  { label: 'in', detail: 'for K in A..B' },
  { label: 'if', detail: 'if CONDITION: the option only when the condition holds' },
  { label: 'and', detail: 'both conditions' },
  { label: 'or', detail: 'either condition' },
  { label: 'not', detail: 'the condition does not hold' },
  { label: 'min', detail: 'min(a, b, …): the smallest', insert: 'min(' },
  { label: 'max', detail: 'max(a, b, …): the largest', insert: 'max(' },
  { label: 'abs', detail: 'abs(a): the absolute value', insert: 'abs(' },
];

/**
 * Inside a rule of one's own (its line, or a line that continues it): the names it binds there, read
 * from its tokens (a rule being typed is seldom one the parser accepts).
 */
function movesContext(view: DocumentView, offset: number): Context | undefined {
  const declarations = view.document.file.declarations;
  const declaration = declarations[lastStartingBy(declarations, offset - 1)];
  if (declaration?.kind !== 'rule' || declaration.body?.kind !== 'moves') return undefined;
  const body = declaration.body;
  const text = view.document.file.text;
  // Past the body: still the rule while on the line where it ends (being typed), not on a later line.
  if (offset > body.end && /[\r\n]/.test(text.slice(body.end, offset))) return undefined;
  const tokens = lexExpressions(text.slice(0, offset), body.start).tokens;
  const arrow = tokens.findIndex((t) => t.kind === '->');
  if (arrow < 0) return undefined; // the variables are being named
  const variables = tokens.slice(1, arrow).flatMap((t) => (t.kind === 'name' ? [t.text] : []));
  // The clause at the cursor: after the last `|` outside brackets.
  let depth = 0;
  let clauseStart = arrow + 1;
  tokens.forEach((t, i) => {
    if (i <= arrow) return;
    if (t.kind === '(' || t.kind === '[') depth++;
    else if ((t.kind === ')' || t.kind === ']') && depth > 0) depth--;
    else if (t.kind === '|' && depth === 0) clauseStart = i + 1;
  });
  // Its loops, written before the cursor or after it on its line.
  const rest = lexExpressions(text.slice(0, Math.min(text.length, body.end)), offset).tokens;
  const clauseEnd = rest.findIndex((t) => t.kind === '|' || t.kind === 'newline');
  const clause = [...tokens.slice(clauseStart), ...rest.slice(0, clauseEnd < 0 ? rest.length : clauseEnd)];
  const loops = clause.flatMap((t, i) =>
    t.kind === 'name' && t.text === 'for' && clause[i + 1]?.kind === 'name' ? [clause[i + 1].text] : [],
  );
  return { kind: 'moves', variables: [...new Set(variables)], loops: [...new Set(loops)] };
}

/** What may be written at the cursor, from the tokens of its line before it (the word being typed left out). */
export function completionContext(view: DocumentView, offset: number): Context | undefined {
  const text = view.document.file.text;
  const lines = view.document.lines;
  const lineStart = lines.lineStartOf(offset);
  const picture = pictureContext(view, offset);
  if (picture !== undefined) return picture ?? undefined;
  const moves = movesContext(view, offset);
  if (moves) return moves;
  const tokens = lex(text.slice(lineStart, offset)).tokens.filter((t) => t.kind !== 'eof');
  // A name (or keyword) touching the cursor is the word being typed: the context is before it.
  const last = tokens.at(-1);
  if (last && (last.kind === 'name' || last.kind === 'keyword') && last.end === offset - lineStart) tokens.pop();
  const graphBody = view.document.file.declarations.find(
    (d) => d.kind === 'graph' && d.start < lineStart && lineStart < d.end,
  );
  if (graphBody?.kind === 'graph')
    return graphBody.name && tokens.every((t) => t.kind === 'name' || t.kind === '->' || t.kind === ',')
      ? { kind: 'vertex', graph: graphBody.name.text }
      : undefined;
  if (tokens.length === 0) return { kind: 'declaration' };
  const [first, second, third] = tokens;
  const is = (token: Token | undefined, kind: string, text?: string) =>
    token?.kind === kind && (text === undefined || token.text === text);
  if (is(first, 'keyword', 'rule') && is(second, 'name') && is(third, '=') && tokens.length === 3)
    return { kind: 'rule-kind' };
  if (is(first, 'keyword', 'rule') && is(second, 'name') && is(third, '=') && is(tokens[3], 'keyword', 'subtract')) {
    const previous = tokens.at(-1)!;
    const afterExcept = tokens.length === 6 && is(tokens[4], 'keyword', 'all') && is(previous, 'keyword', 'except');
    return tokens.length === 4 || afterExcept || previous.kind === '|' ? { kind: 'set' } : undefined;
  }
  if (!is(first, 'keyword', 'game') || !is(second, 'name') || !is(third, '=')) return undefined;
  const previous = tokens.at(-1)!;
  if (tokens.length === 3) return { kind: 'component', misere: true };
  if (previous.kind === '+' || (tokens.length === 4 && is(previous, 'keyword', 'misere')))
    return { kind: 'component', misere: false };
  // `GRAPH at v, w, |`: back over the vertex list to `at`.
  let i = tokens.length - 1;
  if (tokens[i].kind !== ',' && !is(tokens[i], 'keyword', 'at')) return undefined;
  while (i > 0 && !is(tokens[i], 'keyword', 'at')) {
    if (tokens[i].kind !== ',' && tokens[i].kind !== 'name') return undefined;
    i--;
  }
  return i > 0 && is(tokens[i - 1], 'name') ? { kind: 'vertex', graph: tokens[i - 1].text } : undefined;
}

/**
 * Inside a Hackenbush picture: its vertices when the cursor starts an edge's end (after `{`, `,`,
 * `-` or a line break, the word being typed aside), null elsewhere in it; undefined outside any picture.
 */
function pictureContext(view: DocumentView, offset: number): Context | null | undefined {
  // The declaration that starts last before the cursor: an unclosed picture ends at its last token.
  const declarations = view.document.file.declarations;
  const declaration = declarations[lastStartingBy(declarations, offset - 1)];
  if (declaration?.kind !== 'game') return undefined;
  for (const component of declaration.components) {
    if (component.kind !== 'pictures') continue;
    const picture = component.pictures.find((p) => p.start < offset && (offset < p.end || !closed(view, p)));
    if (!picture) continue;
    const text = view.document.file.text;
    let i = offset;
    while (i > picture.start && /[\w-]/.test(text[i - 1]) && text[i - 1] !== '-') i--;
    while (i > picture.start && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
    const before = text[i - 1];
    if (!'{,-\n\r'.includes(before)) return null;
    // `ground` is Hackenbush's alone: the graphs of Node and Arc Kayles have only the vertices they name.
    const rule = view.document.model.symbols.get(component.rule.text);
    const vertices = new Set(rule?.kind === 'rule' && rule.rule?.kind === 'hackenbush' ? ['ground'] : []);
    // Every vertex written, but the name being typed.
    for (const edge of picture.edges)
      for (const end of edge.to ? [edge.from, edge.to] : [edge.from]) if (end.end !== offset) vertices.add(end.text);
    return { kind: 'picture', vertices: [...vertices] };
  }
  return undefined;
}

/** Whether a picture's text ends with its `}`. */
const closed = (view: DocumentView, picture: { readonly end: number }) =>
  view.document.file.text[picture.end - 1] === '}';

function snippetItem(snippet: Snippet, kind: CompletionItemKind, snippets: boolean): CompletionItem {
  return snippets
    ? {
        label: snippet.label,
        kind,
        detail: snippet.detail,
        insertText: snippet.snippet,
        insertTextFormat: InsertTextFormat.Snippet,
      }
    : {
        label: snippet.label,
        kind,
        detail: snippet.detail,
        insertText: snippet.plain,
        insertTextFormat: InsertTextFormat.PlainText,
      };
}

/** A rule's or graph's detail: what it is and, for heap rules, its first values when they are known. */
function symbolDetail(symbol: DeclaredSymbol): string {
  if (symbol.kind === 'graph') return `graph: ${symbol.vertexIndex.size} vertices`;
  if (symbol.kind !== 'rule') return symbol.kind;
  const builtin = symbol.declaration ? '' : 'built-in ';
  const rule = symbol.rule;
  if (!rule) return 'rule (its definition has errors)';
  if (!isHeapRule(rule))
    return (
      BUILTIN_SHAPES[symbol.name] ??
      (rule.kind === 'words'
        ? `${builtin}rule: words {${rule.words.map((w) => `"${w}"`).join(', ')}}`
        : `${builtin}rule`)
    );
  // The first values only, computed here: a few heaps of a built-in rule cost next to nothing, where
  // asking for the rule's whole sequence would set a worker on Grundy's game for its whole budget. A
  // rule of one's own may loop for ever on heap 0 (`for k in 1..10^15`): its loop steps are counted
  // against FIRST_VALUES_WORK, so the main thread is never held, whatever the rule.
  const work = { spent: 0, limit: FIRST_VALUES_WORK };
  const first = ruleSequence(rule, { maxValues: FIRST_VALUES, work }, { stopAt: FIRST_VALUES - 1, findPeriod: false });
  const values = Array.from(first.values.subarray(0, Math.min(FIRST_VALUES, first.computedUpTo + 1))).join(' ');
  if (first.computedUpTo + 1 >= FIRST_VALUES) return `${builtin}rule: ${describeRule(rule)}: ${values} …`;
  // Stopped short: by the work limit, or by the rule itself (a part not smaller than its heap).
  const why = first.stop === 'work-limit' ? 'more take too long to compute here' : (first.reason ?? 'no more known');
  const shown = values ? `${values} (${why})` : `first values not computed (${why})`;
  return `${builtin}rule: ${describeRule(rule)}: ${shown}`;
}

export function completions(view: DocumentView, offset: number, snippets: boolean): CompletionItem[] {
  const context = completionContext(view, offset);
  if (!context) return [];
  switch (context.kind) {
    case 'declaration':
      return DECLARATION_SNIPPETS.map((s) => snippetItem(s, CompletionItemKind.Snippet, snippets));
    case 'rule-kind':
      return RULE_KIND_SNIPPETS.map((s) => snippetItem(s, CompletionItemKind.Keyword, snippets));
    case 'set':
      return SET_SNIPPETS.map((s) => snippetItem(s, CompletionItemKind.Constant, snippets));
    case 'component': {
      const items: CompletionItem[] = [];
      if (context.misere)
        items.push({
          label: 'misere',
          kind: CompletionItemKind.Keyword,
          detail: 'misère play: the player who makes the last move loses',
          sortText: '0',
        });
      for (const symbol of view.document.model.symbols.values()) {
        if (symbol.kind === 'game') continue;
        items.push({
          label: symbol.name,
          kind: symbol.kind === 'graph' ? CompletionItemKind.Class : CompletionItemKind.Function,
          detail: symbolDetail(symbol),
          sortText: `${BUILTIN_RULES.has(symbol.name) ? 1 : 0}${symbol.name}`,
        });
        if (items.length >= MAX_ITEMS) break;
      }
      return items;
    }
    case 'moves':
      return [
        ...context.variables.map((name) => ({
          label: name,
          kind: CompletionItemKind.Variable,
          detail: 'a variable of the position',
          sortText: `0${name}`,
        })),
        ...context.loops.map((name) => ({
          label: name,
          kind: CompletionItemKind.Variable,
          detail: "a loop's variable (this clause)",
          sortText: `1${name}`,
        })),
        ...MOVES_WORD_ITEMS.map((word) => ({
          label: word.label,
          kind: word.insert ? CompletionItemKind.Function : CompletionItemKind.Keyword,
          detail: word.detail,
          sortText: `2${word.label}`,
          ...(word.insert ? { insertText: word.insert } : {}),
        })),
      ];
    case 'picture':
      return context.vertices.slice(0, MAX_ITEMS).map((name) => ({
        label: name,
        kind: name === 'ground' ? CompletionItemKind.Constant : CompletionItemKind.EnumMember,
        detail: name === 'ground' ? 'the ground: every picture stands on it' : 'a vertex of this picture',
        sortText: `${name === 'ground' ? 0 : 1}${name}`,
      }));
    case 'vertex': {
      const graph = view.document.model.symbols.get(context.graph);
      if (graph?.kind !== 'graph') return [];
      const values = view.graph(graph);
      return Array.from({ length: Math.min(MAX_ITEMS, graph.vertexIndex.size) }, (_, v) => {
        const name = graph.vertexIndex.nameOf(v);
        const value = values?.state === 'done' ? vertexValueText(values.value, graph, v) : undefined;
        return {
          label: name,
          kind: CompletionItemKind.EnumMember,
          detail: `vertex of ${graph.name}${value === undefined ? '' : `: ${value}`}`,
        };
      });
    }
  }
}

export const completionFeature: Feature = {
  name: 'completion',
  // `=` and `+` start a component (or a rule's kind), `,` a vertex: clients ask at once there.
  capabilities: () => ({ completionProvider: { triggerCharacters: ['=', '+', ','] } }),
  handlers: (context) => ({
    requests: {
      'textDocument/completion': (raw) => {
        const params = textDocumentPositionParams(raw);
        const view = context.view(params.uri);
        if (!view) return [];
        return completions(
          view,
          view.document.lines.offsetAt(params.position),
          context.client.textDocument?.completion?.completionItem?.snippetSupport === true,
        );
      },
    },
  }),
};
