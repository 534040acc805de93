// Hovers (Markdown): what is under the cursor, its value and why.
//   game name        nimber, outcome in words, the XOR written out, the winning moves
//   component head   the component's nimber and each part's (rule: period and proof)
//   one heap         its nimber and why (computed, or by the proved period)
//   a row            segments / runs and their nimbers, the winning cells
//   a token vertex   its nimber and its options' nimbers
//   rule name        the first values of its sequence and its period
//   graph vertex     its nimber and options (in a graph's body)

import { type ClientCapabilities, type Hover, MarkupKind } from 'vscode-languageserver';
import { componentLines } from '../analysis/componentWords';
import { componentText as fullComponentText } from '../analysis/gameReport';
import { loopyValueText, loopyVertexWorking } from '../analysis/loopyWorking';
import {
  describeRule,
  elapsed,
  infiniteValueText,
  observedWords,
  outcomeWords,
  periodWords,
  plainText,
  proofWords,
  remotenessWords,
  sequenceWhy,
  starCode,
} from '../analysis/wording';
import { heapWorking, heapWorkingWords, vertexWorking, xorTableLines } from '../analysis/working';
import type { ComponentResult, GameResult } from '../compute/jobs';
import type { GameMove } from '../engine/gameTypes';
import { decidedByText } from '../engine/misere';
import { GAME_REMOTENESS_LIMITS } from '../engine/search';
import { type GraphNimbers, type HeapRule, isHeapRule } from '../engine/types';
import type { GameDeclaration, GraphDeclaration, Name, RuleDeclaration } from '../language/ast';
import { quoted } from '../language/diagnostics';
import { type CheckedComponent, type GameSymbol, type GraphSymbol, heapRuleNames } from '../language/model';
import { termText } from '../language/movesCheck';
import { nameIndex } from '../language/names';
import { countText, digitsText, knownDigits, withShortNumbers } from '../language/numberText';
import { spanContains as inside, type Span, spanAt } from '../language/text';
import { writeMove } from '../language/writeMove';
import { textDocumentPositionParams } from '../params';
import type { Feature } from './feature';
import type { DocumentView, Value } from './view';

/** A nimber in Markdown: as code, so that `*` is not read as emphasis. */
const nim = starCode;

/** How numberText ends an abbreviated number. */
const ABBREVIATED = /…\d+ \([\d,]+ digits\)/;

/** Winning moves a game hover lists before "and k more". */
const HOVER_MOVES = 5;

/** Characters of a component's text a hover quotes, at most. */
const HOVER_COMPONENT_CHARS = 200;

/** A component's text as a hover shows it: a board of 10^5 rows is quoted by its ends, not written whole. */
const componentText = (text: string, component: CheckedComponent) =>
  quoted(fullComponentText(text, component), HOVER_COMPONENT_CHARS);

export function hover(view: DocumentView, offset: number): Hover | null {
  const { document } = view;
  const declaration = spanAt(document.file.declarations, offset);
  if (!declaration) return null;
  let markdown: string | null = null;
  let span: Span = declaration;
  if (declaration.kind === 'game') [markdown, span] = gameDeclarationHover(view, declaration, offset);
  else if (declaration.kind === 'rule')
    [markdown, span] = variableHover(view, declaration, offset) ?? ruleDeclarationHover(view, declaration);
  else [markdown, span] = graphDeclarationHover(view, declaration, offset);
  if (markdown === null) return null;
  // What the hover tells may be about the whole game, rule or graph (the position is on a `+`, on
  // an edge's arrow, on a component the checker could not read): its range is still where the
  // position is, never a name elsewhere on the line (the editor places the hover by it).
  if (!inside(span, offset)) span = declaration;
  // Numbers copied from the text (a component as written) are abbreviated here; computed ones
  // already were (numberText). The whole value: grundy/numberAt.
  const shortened = withShortNumbers(markdown);
  markdown = shortened;
  if (ABBREVIATED.test(markdown))
    markdown =
      `${markdown}\n\n_Long numbers are abbreviated; the command **Grundy: Copy Nimber at Cursor** copies ` +
      `a nimber whole._`;
  const lines = document.lines;
  return { contents: { kind: MarkupKind.Markdown, value: markdown }, range: lines.rangeOf(span) };
}

// ---- games ----

function gameDeclarationHover(view: DocumentView, declaration: GameDeclaration, offset: number): [string | null, Span] {
  const game = view.document.model.games.find((g) => g.declaration === declaration);
  if (!game) return [null, declaration];
  const written = declaration.components.find((c) => inside(c, offset));
  if (!written || inside(declaration.name, offset)) return [gameHover(view, game), declaration.name ?? declaration];
  // A game with errors has checked components only for what it could read: found by their syntax.
  const index = game.components.findIndex((c) => c.syntax === written);
  // A component the checker could not read: the game's hover says why there is no value, over the component.
  if (index < 0) return [gameHover(view, game), written];
  const component = game.components[index];
  const syntax = component.syntax;
  const value = view.game(game);
  if (syntax.kind === 'heaps' && component.kind === 'heaps') {
    const heap = syntax.heaps.findIndex((h) => inside(h, offset));
    if (heap >= 0)
      return [heapHover(view, game, component, index, heap, syntax.heaps[heap].text, value), syntax.heaps[heap]];
  }
  if (syntax.kind === 'tokens' && component.kind === 'tokens') {
    const token = syntax.vertices.findIndex((v) => inside(v, offset));
    if (token >= 0)
      return [
        vertexHover(
          view,
          component.graph,
          component.vertices[token],
          `token on \`${syntax.vertices[token].text}\` in \`${game.name}\``,
        ),
        syntax.vertices[token],
      ];
  }
  return [componentHover(view, game, component, index, value), syntax];
}

function pendingOrFailed(value: Value<unknown> | undefined, what: string): string | null {
  if (!value) return `${what}: not computed, because the game has errors.`;
  if (value.state === 'pending')
    return `${what}: ${value.note ? `still ${value.note}` : 'still computing'} (${elapsed(value.sinceMs)}).`;
  if (value.state === 'failed') return `${what}: the computation failed: ${value.message.split('\n')[0]}`;
  return null;
}

function gameHover(view: DocumentView, game: GameSymbol): string {
  const text = view.document.file.text;
  const title = `**game \`${game.name}\`**${game.play === 'misere' ? ' (misère play: whoever moves last loses)' : ''}`;
  const value = view.game(game);
  const waiting = pendingOrFailed(value, 'Its value');
  if (waiting || value?.state !== 'done') return `${title}\n\n${waiting}`;
  const result = value.value;
  const out: string[] = [title, ''];
  if (result.outcome === null) {
    out.push(`Who wins is not known: ${result.reason ?? 'not computed'}.`);
  } else {
    const nimber =
      result.nimber !== null
        ? `nimber **${nim(result.nimber)}**: `
        : result.infinite
          ? `value **${infiniteValueText(result.infinite)}** (Smith's): `
          : '';
    out.push(`${nimber}**${outcomeWords(result.outcome)}**${result.reason ? ` (${result.reason})` : ''}.`);
    if (result.decidedBy) out.push('', `Decided by ${decidedByText(result.decidedBy, heapRuleNames(game))}.`);
    const lasts = remotenessWords(result);
    if (lasts) out.push('', `With best play ${lasts} (remoteness ${result.remoteness}).`);
    else if (result.remotenessPending && view.searchRemoteness) {
      // Searched when asked (compute/computations.ts): the next hover has it.
      view.searchRemoteness(game);
      const positions = GAME_REMOTENESS_LIMITS.positions.toLocaleString('en-US');
      out.push('', `Remoteness: searching (up to ${positions} positions); hover again to see it.`);
    } else if (result.remotenessPending) out.push('', 'Remoteness: not searched here.');
    else if (result.outcome === 'D') out.push('', 'Remoteness ∞: with best play the game never ends.');
    else if (result.remotenessReason) out.push('', `Remoteness not found: ${result.remotenessReason}.`);
  }
  // Normal play: the XOR in binary columns, and which component a winning move changes.
  if (game.play === 'normal' && game.components.length > 0 && result.components.every((c) => c.nimber !== null))
    out.push(
      ...xorTableLines(
        (i) => componentText(text, game.components[i]),
        result.components.map((c) => c.nimber!),
      ),
    );
  if (value.cancelled) out.push('', '_The computation was cancelled: edit the game to compute it again._');
  out.push(...movesList(view, game, result, () => true), ...drawMovesList(view, game, result));
  return out.join('\n');
}

/** A drawn game's moves that keep the draw (the first HOVER_MOVES), or why they are not listed. */
function drawMovesList(view: DocumentView, game: GameSymbol, result: GameResult): string[] {
  if (result.outcome !== 'D' || !result.drawMoves) return [];
  const moves = result.drawMoves;
  if (moves.length === 0)
    return ['', `No move is listed that keeps the draw${result.drawMovesReason ? `: ${result.drawMovesReason}` : ''}.`];
  const shown = moves.slice(0, HOVER_MOVES).map((move) => {
    const written = writeMove(view.document.file.text, game, move);
    return `- \`${written.label}\`: ${written.description}`;
  });
  const more = moves.length - shown.length;
  return [
    '',
    `Moves that keep the draw (no move wins; any other loses) (${moves.length}):`,
    ...shown,
    ...(more > 0 ? [`- and ${countText(BigInt(more))} more`] : []),
  ];
}

function movesList(
  view: DocumentView,
  game: GameSymbol,
  result: GameResult,
  keep: (move: GameMove) => boolean,
): string[] {
  if (result.outcome !== 'N') return [];
  const text = view.document.file.text;
  const moves = result.winningMoves.filter(keep);
  if (moves.length === 0) return [];
  const shown = moves.slice(0, HOVER_MOVES).map((move) => {
    const written = writeMove(text, game, move);
    return `- \`${written.label}\`: ${written.description}`;
  });
  const all = moves.length === result.winningMoves.length ? result.winningMoveCount : BigInt(moves.length);
  const more = all - BigInt(shown.length);
  return [
    '',
    `Winning move${all === 1n ? '' : 's'} (${countText(all)}):`,
    ...shown,
    ...(more > 0n ? [`- and ${countText(more)} more`] : []),
  ];
}

function componentResult(value: Value<GameResult> | undefined, index: number): ComponentResult | undefined {
  return value?.state === 'done' ? value.value.components[index] : undefined;
}

function componentHover(
  view: DocumentView,
  game: GameSymbol,
  component: CheckedComponent,
  index: number,
  value: Value<GameResult> | undefined,
): string {
  const text = view.document.file.text;
  const title = `**\`${componentText(text, component)}\`** in \`${game.name}\``;
  const waiting = pendingOrFailed(value, 'Its value');
  if (waiting) return `${title}\n\n${waiting}`;
  const result = componentResult(value, index);
  if (!result || value?.state !== 'done') return title;
  const out = [title, ''];
  if (result.nimber !== null) out.push(`nimber **${nim(result.nimber)}**`);
  else if (result.infinite) out.push(`value **${infiniteValueText(result.infinite)}** (Smith's: the graph has cycles)`);
  else if (result.status === 'unknown') out.push(`value not known: ${result.reason ?? 'not computed'}`);
  out.push('');
  out.push(...componentLines(component, result));
  out.push(...movesList(view, game, value.value, (m) => m.component === index));
  return out.join('\n');
}

function heapHover(
  view: DocumentView,
  game: GameSymbol,
  component: CheckedComponent & { kind: 'heaps' },
  index: number,
  heap: number,
  written: string,
  value: Value<GameResult> | undefined,
): string {
  // Read once: a plain line's heaps are made from its text on every read.
  const heaps = component.heaps;
  const n = heaps[heap];
  knownDigits(n, written);
  // The heap's digits from the text: abbreviating them from n would take a power of ten as long as n.
  const size = digitsText(written.replace(/^0+(?=\d)/, ''));
  const title = `**heap of ${size}** under \`${component.ruleName}\` (${describeRule(component.rule)})`;
  const waiting = pendingOrFailed(value, 'Its nimber');
  if (waiting) return `${title}\n\n${waiting}`;
  const result = componentResult(value, index);
  if (!result || value?.state !== 'done') return title;
  const g = result.parts[heap];
  if (g === null || g === undefined) return `${title}\n\nnimber not known: ${result.reason ?? 'not computed'}`;
  const out = [title, '', `nimber **${nim(g)}**`, ''];
  if (component.rule.kind === 'subtractAllExcept' && component.rule.except.length === 0)
    out.push('In Nim a heap of n has nimber n.');
  else if (result.rule) out.push(`Why: ${sequenceWhy(result.rule, n)}.`);
  else out.push('Why: no move from this heap changes anything (it is below every move).');
  // Its options and their mex, when the rule's summary gives every option's value (working.ts).
  const working = heapWorking(component.rule, n, result.rule, written);
  if (!working.shown || working.mex === g) out.push('', heapWorkingWords(working));
  // Equal heaps have the same moves; the engine lists them under the first one.
  out.push(
    ...movesList(
      view,
      game,
      value.value,
      (m) => m.component === index && m.move.kind === 'heap' && heaps[m.move.heap] === n,
    ),
  );
  return out.join('\n');
}

// ---- graphs ----

function vertexHover(view: DocumentView, graph: GraphSymbol, vertex: number, title: string): string {
  const name = graph.vertexIndex.nameOf(vertex);
  const head = `**${title}**`;
  const value = view.graph(graph);
  if (!value) return `${head}\n\nThe graph \`${graph.name}\` is not computed.`;
  const waiting = pendingOrFailed(value, 'Its nimber');
  if (waiting || value.state !== 'done') return `${head}\n\n${waiting}`;
  const nimbers: GraphNimbers = value.value;
  if (nimbers.loopy?.status === 'complete')
    return [
      head,
      '',
      `value **${loopyValueText(nimbers.loopy, graph, vertex)}** (Smith's: the graph has cycles)`,
      '',
      ...loopyVertexWorking(graph, nimbers.loopy, vertex),
    ].join('\n');
  const g = nimbers.nimbers[vertex];
  if (g < 0) return `${head}\n\nnimber not known: ${nimbers.reason ?? 'not computed'}`;
  const why = vertexWorking(graph, nimbers, vertex) ?? `\`${name}\` has no moves: a terminal position, nimber 0.`;
  return `${head}\n\nnimber **${nim(g)}**\n\n${why}`;
}

function graphDeclarationHover(
  view: DocumentView,
  declaration: GraphDeclaration,
  offset: number,
): [string | null, Span] {
  const symbol = declaration.name ? view.document.model.symbols.get(declaration.name.text) : undefined;
  if (symbol?.kind !== 'graph' || symbol.declaration !== declaration) return [null, declaration];
  for (const line of declaration.lines) {
    for (const name of [line.from, ...line.to] as Name[]) {
      if (!inside(name, offset)) continue;
      const vertex = symbol.vertexIndex.get(name.text);
      if (vertex !== undefined)
        return [vertexHover(view, symbol, vertex, `vertex \`${name.text}\` of graph \`${symbol.name}\``), name];
    }
  }
  const vertices = symbol.vertexIndex.size;
  const value = view.graph(symbol);
  const status = !value
    ? 'It is not computed.'
    : value.state === 'done'
      ? graphSummary(symbol, value.value)
      : (pendingOrFailed(value, 'Its nimbers') ?? '');
  return [
    `**graph \`${symbol.name}\`**: ${vertices} vertices, ${symbol.data.succ.length} edges\n\n${status}`,
    declaration.name ?? declaration,
  ];
}

function graphSummary(graph: GraphSymbol, nimbers: GraphNimbers): string {
  const count = graph.vertexIndex.size;
  const list: string[] = [];
  const loopy = nimbers.loopy?.status === 'complete' ? nimbers.loopy : undefined;
  const vertexValue = (v: number) =>
    loopy ? loopyValueText(loopy, graph, v) : nimbers.nimbers[v] < 0 ? '?' : nim(nimbers.nimbers[v]);
  for (let v = 0; v < Math.min(20, count); v++) list.push(`\`${graph.vertexIndex.nameOf(v)}\` ${vertexValue(v)}`);
  const values = `${loopy ? "values (Smith's: the graph has cycles)" : 'nimbers'}: ${list.join(', ')}`;
  return `${values}${count > list.length ? ', …' : ''}`;
}

// ---- rules ----

function ruleDeclarationHover(view: DocumentView, declaration: RuleDeclaration): [string | null, Span] {
  const symbol = declaration.name ? view.document.model.symbols.get(declaration.name.text) : undefined;
  if (symbol?.kind !== 'rule' || symbol.declaration !== declaration) return [null, declaration];
  const span = declaration.name ?? declaration;
  if (!symbol.rule) return [`**rule \`${symbol.name}\`**: its definition has errors.`, span];
  if (symbol.rule.kind === 'treblecross') return [`**rule \`${symbol.name}\`**: Treblecross.`, span];
  if (symbol.rule.kind === 'words')
    return [
      `**rule \`${symbol.name}\`**: a word game; a move deletes one of ` +
        `${symbol.rule.words.map((w) => `\`"${w}"\``).join(', ')} from a piece, and what is left on either side is ` +
        `played apart.`,
      span,
    ];
  if (symbol.rule.kind === 'movesTuple')
    return [
      `**rule \`${symbol.name}\`**: a rule of one's own on positions of ${symbol.rule.moves.arity} numbers: ` +
        `\`${symbol.rule.text}\`\n\nA position's value is the mex of its options' values (a split's: the nim-sum of ` +
        `its parts'), computed for the positions a game holds, as far as the budget allows. Every part a move leaves ` +
        `must have a smaller sum than its position, so that every game ends.`,
      span,
    ];
  if (!isHeapRule(symbol.rule)) return [null, declaration];
  return [ruleHover(view, symbol.name, symbol.rule), span];
}

/** On a variable of a rule of one's own: what binds it, and where. */
function variableHover(view: DocumentView, declaration: RuleDeclaration, offset: number): [string, Span] | undefined {
  const body = declaration.body;
  const index = nameIndex(view.document);
  const at = index.at(offset);
  if (body?.kind !== 'moves' || !at || (at.kind !== 'variable' && !at.key.startsWith('variable:'))) return undefined;
  if (at.kind !== 'variable')
    return [`\`${at.name}\`: bound by nothing here (the position's variables and the clause's loops bind names)`, at];
  const bound = index.definition(at.key);
  const line = bound ? view.document.lines.positionAt(bound.start).line + 1 : undefined;
  const clauseIndex = body.clauses.findIndex((c) =>
    c.loops.some((l) => l.variable && l.variable.start === bound?.start),
  );
  if (clauseIndex < 0) {
    const what =
      body.variables.length === 1
        ? 'the heap'
        : `number ${body.variables.findIndex((v) => v.text === at.name) + 1} of the position`;
    return [`\`${at.name}\`: ${what}, a variable of the position (line ${line}): every clause sees it`, at];
  }
  const loop = body.clauses[clauseIndex].loops.find((l) => l.variable?.start === bound?.start)!;
  const range = loop.from && loop.to ? `${termText(loop.from)}..${termText(loop.to)}` : 'its range';
  return [
    `\`${at.name}\`: bound by \`for ${at.name} in ${range}\` in clause ${clauseIndex + 1} (line ${line}): ` +
      'it takes each integer of the range in turn, and only that clause sees it',
    at,
  ];
}

export function ruleHover(view: DocumentView, name: string, rule: HeapRule): string {
  const title = `**rule \`${name}\`**: ${describeRule(rule)}`;
  const value = view.rule(name, rule);
  const waiting = pendingOrFailed(value, 'Its nimbers');
  if (waiting || value.state !== 'done') return `${title}\n\n${waiting}`;
  const summary = value.value;
  const first = summary.firstValues.join(' ');
  const out = [
    title,
    '',
    `G(0), G(1), …: \`${first}${summary.computedUpTo + 1 > summary.firstValues.length ? ' …' : ''}\``,
    '',
  ];
  if (summary.periodicity)
    out.push(
      `Values repeat with ${periodWords(summary.periodicity)}; ${proofWords(summary.periodicity)}. Every heap's ` +
        `nimber is known.`,
    );
  else {
    out.push(`No period proved: ${summary.reason ?? `values known up to n = ${summary.computedUpTo}`}.`);
    if (summary.observed)
      out.push('', `Not proved, only seen: ${observedWords(summary.observed, summary.computedUpTo)}.`);
  }
  return out.join('\n');
}

export const hoverFeature: Feature = {
  name: 'hover',
  capabilities: () => ({ hoverProvider: true }),
  handlers: (context) => ({
    requests: {
      'textDocument/hover': (raw) => {
        const params = textDocumentPositionParams(raw);
        const view = context.view(params.uri);
        if (!view) return null;
        const answer = hover(view, view.document.lines.offsetAt(params.position));
        if (!answer || takesMarkdown(context.client)) return answer;
        const { value } = answer.contents as { value: string };
        return { ...answer, contents: { kind: MarkupKind.PlainText, value: plainText(value) } };
      },
    },
  }),
};

/**
 * Whether the client takes Markdown: it declared it for hovers (LSP: contentFormat). The LSP has
 * no such capability for inlay-hint tooltips or messages, so the hover's answer stands for them.
 */
export function takesMarkdown(client: ClientCapabilities): boolean {
  return client.textDocument?.hover?.contentFormat?.includes(MarkupKind.Markdown) === true;
}
