// `grundy.explainGameMarkdown`: a game's whole explanation as Markdown, for a person to keep or
// paste: the game's hover in full (its value, the XOR in binary columns and the component a
// winning move changes, the winning moves), then each component's own words and working: every
// distinct heap's options with their values and the mex (analysis/working.ts), every token's
// successors. VS Code's client copies it to the clipboard ("Grundy: Copy Explanation of Game at
// Cursor"); other editors get it as the command's answer. A misère game is its hover (what decided
// it; the components' nimbers do not add up to it). Bounded like a hover: at most
// EXPLAINED_COMPONENTS components and EXPLAINED_UNITS heaps or tokens each, the rest counted.
import { componentLines } from '../analysis/componentWords';
import { componentText } from '../analysis/gameReport';
import { loopyValueText, loopyVertexWorking } from '../analysis/loopyWorking';
import { starCode as nim, sequenceWhy } from '../analysis/wording';
import { heapWorking, heapWorkingWords, vertexWorking } from '../analysis/working';
import type { ComponentResult } from '../compute/jobs';
import type { CheckedComponent, GameSymbol } from '../language/model';
import { countText, digitsText, knownDigits, numberText, withShortNumbers } from '../language/numberText';
import { EXPLAIN_GAME_MARKDOWN_COMMAND, explainGameMarkdownArguments } from '../protocol';
import { type Feature, Refusal } from './feature';
import { hover } from './hover';
import { type DocumentView, gameNamedOrAt } from './view';

/** Components explained one by one; the rest are counted. */
const EXPLAINED_COMPONENTS = 16;
/** Heaps (distinct sizes) or tokens explained per component. */
const EXPLAINED_UNITS = 16;

/** The game's explanation in Markdown. */
export function explanationMarkdown(view: DocumentView, game: GameSymbol): string {
  const answer = hover(view, (game.declaration.name ?? game.declaration).start);
  const out = [answer ? (answer.contents as { value: string }).value : `**game \`${game.name}\`**`];
  const value = view.game(game);
  if (value?.state !== 'done') return out.join('\n');
  // In misère play the components' nimbers do not add up to the outcome: the hover says what decided it.
  if (game.play === 'misere') return out.join('\n');
  const text = view.document.file.text;
  const shown = Math.min(game.components.length, EXPLAINED_COMPONENTS);
  for (let i = 0; i < shown; i++) {
    const component = game.components[i];
    const result = value.value.components[i];
    if (!result) continue;
    out.push('', `## \`${componentText(text, component)}\``, '');
    if (result.nimber !== null) out.push(`nimber **${nim(result.nimber)}**`, '');
    else if (result.status === 'unknown') out.push(`value not known: ${result.reason ?? 'not computed'}`, '');
    out.push(...componentLines(component, result), ...unitLines(view, component, result));
  }
  const more = game.components.length - shown;
  if (more > 0) out.push('', `_… and ${countText(more)} more component${more === 1 ? '' : 's'}, not explained here._`);
  return withShortNumbers(out.join('\n'));
}

/** Each distinct heap's working, or each token's successors. */
function unitLines(view: DocumentView, component: CheckedComponent, result: ComponentResult): string[] {
  const out: string[] = [];
  if (component.kind === 'heaps' || component.kind === 'octal-row') {
    const seen = new Set<bigint>();
    let skipped = 0;
    // The heaps as written, when the component is a list of heaps: long ones are abbreviated from their digits.
    const written = component.syntax.kind === 'heaps' ? component.syntax.heaps : undefined;
    component.heaps.forEach((n, i) => {
      if (seen.has(n)) return;
      if (seen.size >= EXPLAINED_UNITS) return void skipped++;
      seen.add(n);
      const g = result.parts[i];
      const literal = written?.[i];
      const digits = literal?.value === n ? literal.text.replace(/^0+(?=\d)/, '') : undefined;
      if (digits !== undefined) knownDigits(n, digits);
      out.push('', `### heap of ${digits !== undefined ? digitsText(digits) : numberText(n)}`, '');
      if (g === null || g === undefined) return void out.push(`nimber not known: ${result.reason ?? 'not computed'}`);
      out.push(`nimber **${nim(g)}**${result.rule ? `: ${sequenceWhy(result.rule, n)}` : ''}`);
      const working = heapWorking(component.rule, n, result.rule, digits);
      if (!working.shown || working.mex === g) out.push('', heapWorkingWords(working));
    });
    if (skipped > 0) out.push('', `_… and ${countText(skipped)} more heaps, not explained here._`);
  }
  if (component.kind === 'tokens') {
    const nimbers = view.graph(component.graph);
    if (nimbers?.state !== 'done') return out;
    for (const vertex of component.vertices.slice(0, EXPLAINED_UNITS)) {
      const name = component.graph.vertexIndex.nameOf(vertex);
      const g = nimbers.value.nimbers[vertex];
      out.push('', `### token on \`${name}\``, '');
      const loopy = nimbers.value.loopy;
      if (loopy?.status === 'complete')
        out.push(
          `value **${loopyValueText(loopy, component.graph, vertex)}** (Smith's: the graph has cycles)`,
          '',
          ...loopyVertexWorking(component.graph, loopy, vertex),
        );
      else if (g < 0) out.push('nimber not known');
      else out.push(`nimber **${nim(g)}**: ${vertexWorking(component.graph, nimbers.value, vertex) ?? 'no moves'}`);
    }
    const more = component.vertices.length - EXPLAINED_UNITS;
    if (more > 0) out.push('', `_… and ${countText(more)} more tokens, not explained here._`);
  }
  return out;
}

/** The game the arguments name (by name, or the one at the position), or why there is none. */
function gameOf(view: DocumentView, args: { game?: string; position?: { line: number; character: number } }) {
  const game = gameNamedOrAt(view, args);
  if (game) return game;
  throw new Refusal(
    args.game !== undefined ? `There is no game \`${args.game}\` in the document.` : 'The cursor is not in a game.',
  );
}

export const explanationFeature: Feature = {
  name: 'explanation',
  handlers: (context) => ({
    commands: {
      [EXPLAIN_GAME_MARKDOWN_COMMAND]: (args) => {
        const params = explainGameMarkdownArguments(args[0]);
        const view = context.view(params.uri);
        if (!view) throw new Refusal('The document is not open.');
        return explanationMarkdown(view, gameOf(view, params));
      },
    },
  }),
};
