// The graph view's data (GraphRequest): a declared graph's vertices with their values (on a graph
// with cycles, Smith's: a nimber or ∞(K), and who wins with a token there: draws included), its
// edges (those on a cycle marked) and the tokens on it, or a summary when it is too big to draw.
// And the command of the lens above
// every graph (SHOW_GRAPH_COMMAND): VS Code's client opens its graph view for it; the server, for
// any other editor, tells a summary.
import type { CodeLens, Position } from 'vscode-languageserver';
import { finiteFollowerValues, INFINITE, stronglyConnected } from '../engine/families';
import type { GraphSymbol } from '../language/model';
import { spanContains } from '../language/text';
import {
  GRAPH_DRAWN_VERTICES,
  type GraphAnswer,
  GraphRequest,
  type GraphVertex,
  graphParams,
  SHOW_GRAPH_COMMAND,
  type ShowGraphArguments,
  showGraphArguments,
} from '../protocol';
import type { Feature, FeatureContext } from './feature';
import { type DocumentView, declarationLenses, declaredNameAt, gameAt } from './view';

/** The name of the graph at `offset`: its declaration, or a game's component that puts tokens on it. */
function graphNameAt(view: DocumentView, offset: number): string | undefined {
  const named = declaredNameAt(view, offset, 'graph');
  if (named !== undefined) return named;
  const tokens = gameAt(view, offset)?.components.find((c) => c.kind === 'tokens' && spanContains(c.syntax, offset));
  return tokens?.kind === 'tokens' ? tokens.graph.name : undefined;
}

/** GraphRequest's answer for the graph called `name`. Bounded: a big graph is counted, not listed. */
export function graphAnswer(view: DocumentView, name: string): GraphAnswer {
  const symbol = view.document.model.symbols.get(name);
  if (symbol?.kind !== 'graph') return { refused: `There is no graph \`${name}\` in this document.` };
  const { data } = symbol;
  const { succStart, succ } = data;
  const vertexCount = symbol.vertexIndex.size;
  const value = view.graph(symbol);
  const values = value?.state === 'done' ? value.value : undefined;
  const nimbers = values?.nimbers;
  const problem = !value
    ? 'The graph is not computed.'
    : value.state === 'failed'
      ? `Computing its nimbers failed: ${value.message.split('\n')[0]}`
      : values && values.status !== 'complete' && !(values.status === 'cyclic' && values.loopy)
        ? values.reason
        : undefined;
  // Smith's values (a graph with cycles): an infinite vertex is a draw unless 0 is among its options' values.
  const loopy = values?.loopy?.status === 'complete' ? values.loopy : undefined;
  const infiniteOf = (v: number) =>
    loopy && loopy.values[v] === INFINITE ? finiteFollowerValues(data, loopy.values, v) : undefined;
  const nimberCounts: number[] = [];
  let infiniteCount = 0;
  let drawCount = 0;
  if (nimbers)
    for (let v = 0; v < nimbers.length; v++) {
      const g = nimbers[v];
      if (g >= 0) nimberCounts[g] = (nimberCounts[g] ?? 0) + 1;
      else if (loopy && g === INFINITE) {
        infiniteCount++;
        if (!infiniteOf(v)!.includes(0)) drawCount++;
      }
    }
  const answer = {
    graph: name,
    vertexCount,
    edgeCount: succ.length,
    computing: value?.state === 'pending',
    ...(problem ? { problem } : {}),
    nimberCounts: Array.from(nimberCounts, (count) => count ?? 0),
    ...(loopy ? { infiniteCount, drawCount } : {}),
  };
  if (vertexCount > GRAPH_DRAWN_VERTICES) return answer;
  const vertices = Array.from({ length: vertexCount }, (_, v): GraphVertex => {
    const nimber = nimbers && nimbers[v] >= 0 ? nimbers[v] : null;
    const infinite = infiniteOf(v);
    const outcome =
      nimber !== null ? (nimber === 0 ? 'P' : 'N') : infinite ? (infinite.includes(0) ? 'N' : 'D') : undefined;
    return {
      name: symbol.vertexIndex.nameOf(v),
      nimber,
      ...(infinite ? { infinite } : {}),
      ...(outcome ? { outcome } : {}),
    };
  });
  const edges: [number, number][] = [];
  const cycleEdges: number[] = [];
  const part = symbol.acyclic ? undefined : stronglyConnected(data);
  for (let v = 0; v < vertexCount; v++)
    for (let slot = succStart[v]; slot < succStart[v + 1]; slot++) {
      if (part && part[v] === part[succ[slot]]) cycleEdges.push(edges.length);
      edges.push([v, succ[slot]]);
    }
  const drawn = { vertices, edges, tokens: tokensOn(view, symbol), ...(cycleEdges.length ? { cycleEdges } : {}) };
  return { ...answer, drawn };
}

function tokensOn(view: DocumentView, graph: GraphSymbol): { game: string; vertex: number }[] {
  const tokens: { game: string; vertex: number }[] = [];
  for (const game of view.document.model.games)
    for (const component of game.components)
      if (component.kind === 'tokens' && component.graph === graph)
        for (const vertex of component.vertices) tokens.push({ game: game.name, vertex });
  return tokens;
}

/** A lens above every graph declared in the document: open the graph view. */
export function graphLenses(view: DocumentView): CodeLens[] {
  return declarationLenses(view, 'graph', (symbol) => {
    const args: ShowGraphArguments = { uri: view.uri, graph: symbol.name };
    return {
      title: `${view.icons ? '$(type-hierarchy) ' : ''}show the graph ${symbol.name}`,
      command: SHOW_GRAPH_COMMAND,
      arguments: [args],
    };
  });
}

/** SHOW_GRAPH_COMMAND as the server runs it (editors other than VS Code): a summary, as a message. */
function showGraph(context: FeatureContext, args: ShowGraphArguments): string {
  const view = context.view(args.uri);
  const answer: GraphAnswer = view ? graphAnswer(view, args.graph) : { refused: 'The document is not open.' };
  let message: string;
  if ('refused' in answer) message = answer.refused;
  else {
    const infinite = answer.infiniteCount
      ? [`${answer.infiniteCount} infinite (∞), ${answer.drawCount} of them draws`]
      : [];
    const counts = [...answer.nimberCounts.map((count, g) => `${count} with nimber ${g}`), ...infinite].join(', ');
    const state =
      answer.problem ??
      (answer.computing
        ? 'its nimbers are being computed'
        : counts
          ? `${counts}; the vertices with nimber 0 are the P-positions`
          : '');
    message = `graph ${answer.graph}: ${answer.vertexCount} vertices, ${answer.edgeCount} edges. ${state}`.trim();
  }
  context.tell(message, 'info');
  return message;
}

/** The graph view's answer for a graph named, or found at a position (its declaration, or a game's tokens on it). */
export function graphRequestAnswer(
  view: DocumentView,
  params: { readonly graph?: string; readonly position?: Position },
): GraphAnswer {
  const name = params.graph ?? graphNameAt(view, view.document.lines.offsetAt(params.position!));
  if (name === undefined) return { refused: 'Put the cursor on a graph, or on a game that puts tokens on one.' };
  return graphAnswer(view, name);
}

export const graphViewFeature: Feature = {
  name: 'graph view',
  handlers: (context) => ({
    requests: {
      [GraphRequest.method]: (raw) => {
        const params = graphParams(raw);
        const view = context.view(params.uri);
        if (!view) return { refused: 'The document is not open.' } satisfies GraphAnswer;
        return graphRequestAnswer(view, params);
      },
    },
    commands: { [SHOW_GRAPH_COMMAND]: (args) => showGraph(context, showGraphArguments(args[0])) },
  }),
};
