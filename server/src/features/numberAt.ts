// Custom request `grundy/numberAt`: the whole value under the cursor, for numbers that hovers,
// hints and lenses abbreviate (language/numberText.ts). On a heap: its nimber; on another part
// of a component: the component's nimber; elsewhere in a game: the game's nimber. Any client can
// ask (Neovim: `vim.lsp.buf_request`); VS Code's client copies the answer to the clipboard
// (command "Grundy: Copy Nimber at Cursor").
//
// The digits are never printed on the server's thread: a heap's are its text when the value is the
// heap (a Nim heap), a short number's are printed at once, and a long one is printed in a worker
// under the computation budget (engine/decimal.ts), which the request's cancellation stops.
import type { CancellationToken } from 'vscode-languageserver';
import { describeStop } from '../engine/budget';
import { spanContains as inside, spanAt } from '../language/text';
import { textDocumentPositionParams } from '../params';
import { type NumberAtAnswer, NumberAtRequest } from '../protocol';
import type { Feature, FeatureContext } from './feature';
import type { DocumentView } from './view';

/** Numbers below this are printed on the server's thread (a few microseconds); longer ones in a worker. */
const PRINTED_HERE = 10n ** 4096n;

/** The number found, to be written whole: its value, what it is the value of, and its digits when the text has them. */
export interface NumberFound {
  readonly value: bigint;
  readonly what: string;
  readonly written?: string;
}

type NumberAtResult = NumberFound | { readonly refused: string };

export function numberAt(view: DocumentView, offset: number): NumberAtResult {
  const declaration = spanAt(view.document.file.declarations, offset);
  if (declaration?.kind !== 'game') return { refused: 'The cursor is not in a game.' };
  const game = view.document.model.games.find((g) => g.declaration === declaration);
  if (!game) return { refused: 'This game has errors: it has no value.' };
  const value = view.game(game);
  if (value?.state !== 'done')
    return {
      refused:
        `The value of \`${game.name}\` is ` +
        `${value?.state === 'failed' ? 'not known: its computation failed' : 'still being computed'}.`,
    };
  const result = value.value;
  const index = declaration.components.findIndex((c) => inside(c, offset));
  const component = index >= 0 && !inside(declaration.name, offset) ? game.components[index] : undefined;
  const whole = (n: bigint | null, what: string, literal?: { value: bigint; text: string }): NumberAtResult => {
    if (n === null)
      return { refused: `The nimber of ${what} is not known${result.reason ? `: ${result.reason}` : ''}.` };
    // A Nim heap's nimber is the heap: its digits are in the text.
    return literal?.value === n
      ? { value: n, what, written: literal.text.replace(/^0+(?=\d)/, '') }
      : { value: n, what };
  };
  if (!component && result.play === 'misere')
    return { refused: `\`${game.name}\` is played misère: it has an outcome, not a nimber.` };
  if (!component) return whole(result.nimber, `\`${game.name}\``);
  const parts = result.components[index];
  if (component.syntax.kind === 'heaps') {
    const literals = component.syntax.heaps;
    const heap = literals.findIndex((h) => inside(h, offset));
    if (heap >= 0)
      return whole(
        parts?.parts[heap] ?? null,
        `heap ${heap + 1} of component ${index + 1} of \`${game.name}\``,
        literals[heap],
      );
  }
  return whole(parts?.nimber ?? null, `component ${index + 1} of \`${game.name}\``);
}

export const numberAtFeature: Feature = {
  name: 'number at',
  handlers: (context) => ({
    requests: {
      [NumberAtRequest.method]: (raw, token) => {
        const params = textDocumentPositionParams(raw);
        const view = context.view(params.uri);
        if (!view) return { refused: 'The document is not open.' } satisfies NumberAtAnswer;
        const found = numberAt(view, view.document.lines.offsetAt(params.position));
        return 'refused' in found ? found : wholeNumber(context, found, token);
      },
    },
  }),
};

/** The number's digits, whole: from the text, printed here when short, or printed in a worker under the budget. */
export async function wholeNumber(
  context: Pick<FeatureContext, 'compute'>,
  found: NumberFound,
  token: CancellationToken,
): Promise<NumberAtAnswer> {
  const { value, what } = found;
  const answer = (text: string): NumberAtAnswer => ({ text, digits: text.replace('-', '').length, what });
  if (found.written !== undefined) return answer(found.written);
  if (-PRINTED_HERE < value && value < PRINTED_HERE) return answer(value.toString());
  const outcome = await context.compute({ kind: 'decimal', value }, token);
  if (outcome.status === 'dropped') return { refused: 'Cancelled.' };
  if (outcome.status === 'failed') return { refused: `Printing the number failed: ${outcome.message.split('\n')[0]}` };
  if (outcome.result.kind !== 'decimal') return { refused: 'The worker answered something else.' };
  const decimal = outcome.result.decimal;
  if ('text' in decimal) return answer(decimal.text);
  return {
    refused:
      `The nimber of ${what} was not printed whole: ${describeStop(decimal.stopped)} ` +
      '(the setting grundy.computation.budgetMs gives printing it as long as a computation).',
  };
}
