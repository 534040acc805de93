// Inlay hints: each component's nimber right after it (when a game has several), and at the end of
// each game its value and outcome: `⊕ = *3 · win`, `= 0 · lose`, `misère · lose`, `computing…`.
import { type InlayHint, MarkupKind, type Range } from 'vscode-languageserver';
import type { GameResult } from '../compute/jobs';
import type { GameSymbol } from '../language/model';
import { textDocumentRangeParams } from '../params';
import type { Feature } from './feature';
import { plainText, takesMarkdown } from './hover';
import { type DocumentView, elapsed, gamesBetween, outcomeShort, outcomeWords, star } from './view';

export function inlayHints(view: DocumentView, range?: Range): InlayHint[] {
  if (!view.settings.inlayHints.enabled) return [];
  const { document } = view;
  const first = range ? document.lines.offsetAt(range.start) : 0;
  const last = range ? document.lines.offsetAt(range.end) : document.file.text.length;
  const hints: InlayHint[] = [];
  const hint = (offset: number, label: string, tooltip: string) => {
    if (offset < first || offset > last) return;
    hints.push({ position: document.lines.positionAt(offset), label, paddingLeft: true, tooltip: { kind: MarkupKind.Markdown, value: tooltip } });
  };
  for (const game of gamesBetween(document.model.games, first, last)) {
    const value = view.game(game);
    const end = game.declaration.sum?.end;
    if (!value || end === undefined) continue;
    const sum = game.components.length > 1 && game.play === 'normal' ? '⊕ ' : '';
    if (value.state === 'pending') {
      hint(end, `${sum}= … computing`, `The value of \`${game.name}\` is being computed (${elapsed(value.sinceMs)}).`);
      continue;
    }
    if (value.state === 'failed') {
      hint(end, '= ⚠ failed', `Computing \`${game.name}\` failed: ${value.message.split('\n')[0]}`);
      continue;
    }
    const result = value.value;
    if (sum) {
      game.components.forEach((component, i) => {
        const nimber = result.components[i]?.nimber;
        if (nimber !== null && nimber !== undefined) hint(component.syntax.end, star(nimber), `This component's nimber: ${star(nimber)}.`);
      });
    }
    hint(end, gameLabel(game, result, sum), gameTooltip(game, result));
  }
  return hints;
}

export function gameLabel(game: GameSymbol, result: GameResult, sum: string): string {
  if (result.outcome === null) return `${sum}= ? (not known)`;
  if (game.play === 'misere') return `misère · ${outcomeShort(result.outcome)}`;
  if (result.nimber === null) {
    // A Treblecross row already won, or winnable at once: there is no nimber, only an outcome.
    return `${sum}= ${result.outcome === 'N' ? 'win at once' : 'over'} · ${outcomeShort(result.outcome)}`;
  }
  return `${sum}= ${star(result.nimber)} · ${outcomeShort(result.outcome)}`;
}

function gameTooltip(game: GameSymbol, result: GameResult): string {
  if (result.outcome === null) return `The value of \`${game.name}\` is not known: ${result.reason ?? 'no reason given'}.`;
  const value = result.nimber === null ? '' : ` Its nimber is ${star(result.nimber)}.`;
  return `In \`${game.name}\`, ${outcomeWords(result.outcome)}.${value}${result.reason ? ` (${result.reason})` : ''}`;
}

export const inlayHintsFeature: Feature = {
  name: 'inlay hints',
  capabilities: () => ({ inlayHintProvider: true }),
  handlers: (context) => ({
    requests: {
      'textDocument/inlayHint': (raw) => {
        const params = textDocumentRangeParams(raw);
        const view = context.view(params.uri);
        if (!view) return [];
        const hints = inlayHints(view, params.range);
        if (takesMarkdown(context.client)) return hints;
        return hints.map((hint) => ({ ...hint, tooltip: plainText((hint.tooltip as { value: string }).value) }));
      },
    },
  }),
};
