// Why a vertex of a graph with cycles has its value (Smith's, engine/families/loopyGraph.ts), in
// words for the hover. A finite value g: the finite options hold every value below g and not g, as
// for a nimber, and every infinite option can be answered by a move back to value g (that answer,
// the follower with the least counter, is what makes a winner's play end). An infinite value ∞(K):
// K lists the finite options' values; one token there wins by moving to a 0, and is otherwise a
// draw, kept by moving to an infinite option.
import { finiteFollowerValues, INFINITE, leastCounterFollower } from '../engine/families';
import type { GraphNimbers, LoopyValues } from '../engine/types';
import type { GraphSymbol } from '../language/model';
import { countText } from '../language/numberText';
import { infiniteValueText, star } from './wording';
import { SHOWN_OPTIONS } from './working';

/** A vertex's value as the hover writes it: `0`, `*3`, `∞(0, 2)`. */
export function loopyValueText(loopy: LoopyValues, graph: GraphSymbol, vertex: number): string {
  const g = loopy.values[vertex];
  if (g !== INFINITE) return star(g);
  return infiniteValueText(finiteFollowerValues(graph.data, loopy.values, vertex).map(BigInt));
}

/**
 * A vertex's value from its graph's values, as outlines and completions show it: a nimber (`0`, `*3`),
 * Smith's `∞(K)` on a graph with cycles; undefined when not known.
 */
export function vertexValueText(values: GraphNimbers, graph: GraphSymbol, vertex: number): string | undefined {
  if (values.loopy?.status === 'complete') return loopyValueText(values.loopy, graph, vertex);
  const g = values.nimbers[vertex];
  return g === undefined || g < 0 ? undefined : star(g);
}

/** Markdown lines: the vertex's options with their values, and why its own value follows. */
export function loopyVertexWorking(graph: GraphSymbol, loopy: LoopyValues, vertex: number): string[] {
  const { succStart, succ } = graph.data;
  const name = (v: number) => `\`${graph.vertexIndex.nameOf(v)}\``;
  const count = succStart[vertex + 1] - succStart[vertex];
  if (count === 0) return [`${name(vertex)} has no moves: a terminal position, value 0.`];
  const options: string[] = [];
  for (let slot = succStart[vertex]; slot < succStart[vertex + 1] && options.length < SHOWN_OPTIONS; slot++)
    options.push(`${name(succ[slot])} ${loopyValueText(loopy, graph, succ[slot])}`);
  const more = count - options.length;
  const lines = [`options: ${options.join(', ')}${more > 0 ? `, and ${countText(more)} more` : ''}.`];
  const g = loopy.values[vertex];
  if (g !== INFINITE) {
    // Each infinite option, answered by a move back to value g.
    const answers: string[] = [];
    let infinite = 0;
    for (let slot = succStart[vertex]; slot < succStart[vertex + 1]; slot++) {
      const w = succ[slot];
      if (loopy.values[w] !== INFINITE) continue;
      infinite++;
      if (answers.length < SHOWN_OPTIONS)
        answers.push(`${name(w)} → ${name(leastCounterFollower(graph.data, loopy, w, g))}`);
    }
    lines.push(
      `The finite options hold every value below ${g} and not ${g}` +
        (infinite === 0
          ? `: Smith's value **${star(g)}**, as a nimber would be.`
          : `, and each infinite option is answered by a move back to value ${g} (${answers.join(', ')}` +
            `${infinite > answers.length ? ', …' : ''}): Smith's value **${star(g)}**.`),
    );
    return lines;
  }
  const values = finiteFollowerValues(graph.data, loopy.values, vertex);
  lines.push(
    `No finite value fits (a value missing below every candidate, or an option that cannot be answered): ` +
      `Smith's value **${infiniteValueText(values.map(BigInt))}**, K being its finite options' values.`,
  );
  const zero = leastCounterFollower(graph.data, loopy, vertex, 0);
  if (zero >= 0) lines.push(`One token here: the player to move wins, moving to ${name(zero)} (value 0).`);
  else {
    // A drawn vertex has a drawn option (else every option would win for the opponent): an infinite
    // one with no option of value 0.
    let keep = -1;
    for (let slot = succStart[vertex]; slot < succStart[vertex + 1] && keep < 0; slot++) {
      const w = succ[slot];
      if (loopy.values[w] === INFINITE && leastCounterFollower(graph.data, loopy, w, 0) < 0) keep = w;
    }
    lines.push(
      `One token here: a draw (no option has value 0); moving to ${name(keep)} keeps it, ` +
        'a move to a finite value or to an infinite one with an option of value 0 loses.',
    );
  }
  return lines;
}
