// Inlay hints: each component's nimber right after it (when a game has several), and at the end of
// each game its value and outcome: `⊕ = *3 · win`, `= 0 · lose`, `misère · lose`, `computing…`.

import { type ClientCapabilities, type InlayHint, MarkupKind, type Range } from 'vscode-languageserver';
import { elapsed, infiniteValueText, outcomeShort, outcomeWords, plainText, star } from '../analysis/wording';
import type { GameResult } from '../compute/jobs';
import type { GameSymbol } from '../language/model';
import { inlayHintResolveParams, textDocumentRangeParams } from '../params';
import type { HintData } from '../protocol';
import { type Feature, lastAnswer } from './feature';
import { takesMarkdown } from './hover';
import { type DocumentView, gamesBetween, type Value } from './view';

/** The hints in the range (the whole document without one); tooltips left to `resolveInlayHint` when `later`. */
export function inlayHints(view: DocumentView, range?: Range, later = false): InlayHint[] {
  if (!view.settings.inlayHints.enabled) return [];
  const { document } = view;
  const first = range ? document.lines.offsetAt(range.start) : 0;
  const last = range ? document.lines.offsetAt(range.end) : document.file.text.length;
  const hints: InlayHint[] = [];
  for (const [game] of gamesBetween(document.model.games, first, last)) {
    const value = view.game(game);
    for (const { offset, label, component } of gameHints(game, value)) {
      if (offset < first || offset > last) continue;
      const position = document.lines.positionAt(offset);
      hints.push(
        later
          ? { position, label, paddingLeft: true, data: view.number satisfies HintData }
          : {
              position,
              label,
              paddingLeft: true,
              tooltip: { kind: MarkupKind.Markdown, value: hintTooltip(game, value, component) },
            },
      );
    }
  }
  return hints;
}

/**
 * A hint sent without its tooltip, with it: the tooltip of the hint that stands at its position
 * with its label in the current text (none when there is no such hint any more: the document has
 * changed since, and the editor will ask for the new hints).
 */
export function resolveInlayHint(view: DocumentView | undefined, hint: InlayHint): InlayHint {
  if (!view) return hint;
  const offset = view.document.lines.offsetAt(hint.position);
  for (const [game] of gamesBetween(view.document.model.games, offset, offset)) {
    const value = view.game(game);
    const same = gameHints(game, value).find((h) => h.offset === offset && h.label === hint.label);
    if (same)
      return { ...hint, tooltip: { kind: MarkupKind.Markdown, value: hintTooltip(game, value, same.component) } };
  }
  return hint;
}

/** A game's hints: each component's nimber (in a sum of several), then the game's value (component -1). */
function gameHints(
  game: GameSymbol,
  value: Value<GameResult> | undefined,
): { offset: number; label: string; component: number }[] {
  const end = game.declaration.sum?.end;
  if (!value || end === undefined) return [];
  const sum = game.components.length > 1 && game.play === 'normal' ? '⊕ ' : '';
  if (value.state === 'pending') return [{ offset: end, label: `${sum}= … computing`, component: -1 }];
  if (value.state === 'failed') return [{ offset: end, label: '= ⚠ failed', component: -1 }];
  const result = value.value;
  const hints: { offset: number; label: string; component: number }[] = [];
  if (sum) {
    game.components.forEach((component, i) => {
      const part = result.components[i];
      const nimber = part?.nimber;
      if (nimber !== null && nimber !== undefined)
        hints.push({ offset: component.syntax.end, label: star(nimber), component: i });
      else if (part?.infinite)
        hints.push({ offset: component.syntax.end, label: infiniteValueText(part.infinite), component: i });
    });
  }
  hints.push({ offset: end, label: gameLabel(game, result, sum), component: -1 });
  return hints;
}

/** The tooltip of the game's hint (component -1) or of a component's. */
function hintTooltip(game: GameSymbol, value: Value<GameResult> | undefined, component: number): string {
  if (!value) return '';
  if (value.state === 'pending')
    return `The value of \`${game.name}\` is being computed (${value.note ? `${value.note}, ` : ''}${elapsed(
      value.sinceMs,
    )}).`;
  if (value.state === 'failed') return `Computing \`${game.name}\` failed: ${value.message.split('\n')[0]}`;
  const part = component >= 0 ? value.value.components[component] : undefined;
  if (part?.infinite) return `This component's value: ${infiniteValueText(part.infinite)} (Smith's).`;
  if (component >= 0) return `This component's nimber: ${star(part?.nimber ?? 0n)}.`;
  return gameTooltip(game, value.value);
}

export function gameLabel(game: GameSymbol, result: GameResult, sum: string): string {
  if (result.outcome === null) return `${sum}= ? (not known)`;
  if (game.play === 'misere') return `misère · ${outcomeShort(result.outcome)}`;
  if (result.infinite) return `${sum}= ${infiniteValueText(result.infinite)} · ${outcomeShort(result.outcome)}`;
  if (result.nimber === null) {
    // A Treblecross row already won, or winnable at once: there is no nimber, only an outcome.
    return `${sum}= ${result.outcome === 'N' ? 'win at once' : 'over'} · ${outcomeShort(result.outcome)}`;
  }
  return `${sum}= ${star(result.nimber)} · ${outcomeShort(result.outcome)}`;
}

function gameTooltip(game: GameSymbol, result: GameResult): string {
  if (result.outcome === null)
    return `The value of \`${game.name}\` is not known: ${result.reason ?? 'no reason given'}.`;
  const value =
    result.nimber !== null
      ? ` Its nimber is ${star(result.nimber)}.`
      : result.infinite
        ? ` Its value is ${infiniteValueText(result.infinite)}.`
        : '';
  return `In \`${game.name}\`, ${outcomeWords(result.outcome)}.${value}${result.reason ? ` (${result.reason})` : ''}`;
}

export const inlayHintsFeature: Feature = {
  name: 'inlay hints',
  capabilities: (client) => ({ inlayHintProvider: resolvesTooltips(client) ? { resolveProvider: true } : true }),
  handlers: (context) => {
    const plain = (hint: InlayHint): InlayHint =>
      takesMarkdown(context.client) || !hint.tooltip
        ? hint
        : { ...hint, tooltip: plainText((hint.tooltip as { value: string }).value) };
    // Hints without tooltips show no elapsed time: the last answer serves while nothing changed.
    const again = lastAnswer<InlayHint[]>(context);
    return {
      requests: {
        'textDocument/inlayHint': (raw) => {
          const params = textDocumentRangeParams(raw);
          const view = context.view(params.uri);
          if (!view) return [];
          if (resolvesTooltips(context.client))
            return again(view, JSON.stringify(params.range), () => inlayHints(view, params.range, true));
          const hints = inlayHints(view, params.range, false);
          return takesMarkdown(context.client) ? hints : hints.map(plain);
        },
        'inlayHint/resolve': (raw) => {
          const { hint, data } = inlayHintResolveParams(raw);
          // A hint sent with its tooltip (or not one of ours): nothing to add.
          return data === undefined ? hint : plain(resolveInlayHint(context.viewNumbered(data), hint));
        },
      },
    };
  },
};

/**
 * Whether the client asks for a hint's tooltip when it shows it (VS Code does), rather than wanting it in every hint.
 */
function resolvesTooltips(client: ClientCapabilities): boolean {
  return client.textDocument?.inlayHint?.resolveSupport?.properties.includes('tooltip') === true;
}
