// Graph tokens: a move rewrites the one vertex name the token leaves.
import type { ComponentMove } from '../../engine/gameTypes';
import type { Name, TokensComponent } from '../ast';
import { type DiagnosticSink, error, quoted } from '../diagnostics';
import type { CheckedComponent, GraphSymbol } from '../model';
import type { Suggester } from '../suggest';
import type { LanguageFamily } from './family';
import { type MoveText, mismatch } from './moveText';

/** A token move: the vertex name, replaced by the one it slides to. */
export function writeTokenMove(move: Extract<ComponentMove, { kind: 'token' }>, component: CheckedComponent): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'tokens' || component.kind !== 'tokens') throw mismatch(move, syntax);
  const from = syntax.vertices[move.token];
  const to = component.graph.vertexIndex.nameOf(move.to);
  return {
    span: from,
    newText: to,
    label: `${syntax.graph.text} ${from.text} → ${to}`,
    description: `move the token on ${from.text} to ${to}`,
  };
}

/** `GRAPH at V1, V2, …`: every vertex must be the graph's, the graph acyclic. */
export function checkTokens(
  component: TokensComponent,
  head: Name,
  symbol: GraphSymbol,
  diagnostics: Pick<DiagnosticSink, 'push'>,
  suggester: Pick<Suggester, 'closestMatch'>,
): CheckedComponent | undefined {
  const vertices: number[] = [];
  let ok = true;
  for (const vertex of component.vertices) {
    const index = symbol.vertexIndex.get(vertex.text);
    if (index === undefined) {
      const suggestion = suggester.closestMatch(vertex.text, symbol.vertexIndex.keys());
      diagnostics.push(
        error(
          'unknown-vertex',
          vertex,
          `graph \`${head.text}\` has no vertex ` +
            `\`${quoted(vertex.text)}\`${suggestion ? `; did you mean \`${suggestion}\`?` : ''}`,
          suggestion === undefined ? {} : { replacement: suggestion },
        ),
      );
      ok = false;
    } else vertices.push(index);
  }
  if (!ok || component.vertices.length === 0) return undefined;
  return { kind: 'tokens', syntax: component, graph: symbol, vertices };
}

/** Tokens on a graph's vertices (`g at a, b`): graphs, not rules, so no rules here. */
export const tokensFamily = {
  rules: {},
  onGraph: { tokens: checkTokens },
  components: {
    tokens: {
      input: (c) => ({ kind: 'tokens', graph: c.graph.data, vertices: c.vertices }),
      key: (c, parts, graphKey) => parts.push(graphKey(c.graph), ' at ', c.vertices.join(',')),
      affinity: () => undefined,
    },
  },
  moves: { token: writeTokenMove },
} satisfies LanguageFamily;
