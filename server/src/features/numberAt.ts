// Custom request `grundy/numberAt`: the whole value under the cursor, for numbers that hovers,
// hints and lenses abbreviate (language/numberText.ts). On a heap: its nimber; on another part
// of a component: the component's nimber; elsewhere in a game: the game's nimber. Any client can
// ask (Neovim: `vim.lsp.buf_request`); VS Code's client copies the answer to the clipboard
// (command "Grundy: Copy Nimber at Cursor").
import { spanContains as inside, spanAt } from '../language/text';
import { textDocumentPositionParams } from '../params';
import { type NumberAtAnswer, NumberAtRequest } from '../protocol';
import type { Feature } from './feature';
import type { DocumentView } from './view';

type NumberAtResult = NumberAtAnswer;

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
  const whole = (n: bigint | null, what: string): NumberAtResult => {
    if (n === null)
      return { refused: `The nimber of ${what} is not known${result.reason ? `: ${result.reason}` : ''}.` };
    const text = n.toString();
    return { text, digits: text.replace('-', '').length, what };
  };
  if (!component && result.play === 'misere')
    return { refused: `\`${game.name}\` is played misère: it has an outcome, not a nimber.` };
  if (!component) return whole(result.nimber, `\`${game.name}\``);
  const parts = result.components[index];
  if (component.syntax.kind === 'heaps') {
    const heap = component.syntax.heaps.findIndex((h) => inside(h, offset));
    if (heap >= 0)
      return whole(parts?.parts[heap] ?? null, `heap ${heap + 1} of component ${index + 1} of \`${game.name}\``);
  }
  return whole(parts?.nimber ?? null, `component ${index + 1} of \`${game.name}\``);
}

export const numberAtFeature: Feature = {
  name: 'number at',
  handlers: (context) => ({
    requests: {
      [NumberAtRequest.method]: (raw) => {
        const params = textDocumentPositionParams(raw);
        const view = context.view(params.uri);
        if (!view) return { refused: 'The document is not open.' } satisfies NumberAtResult;
        return numberAt(view, view.document.lines.offsetAt(params.position));
      },
    },
  }),
};
