// Playing a winning move from a code lens. The lens was made for one version of the document;
// by the time it is clicked the text may have changed. The move is found again from the current
// text: if the game still has the same value-determining input (same key), the same move is
// written into the current text; otherwise nothing is written and the user is told why. The
// edit carries the version it was made for, so the client refuses it too if the document
// changes in between. One edit, so one undo step.
import type { TextEdit } from 'vscode-languageserver';
import { writeMove } from '../language/writeMove';
import type { ApplyMoveArguments } from './codeLens';
import type { DocumentView } from './view';

export type MoveEdit =
  | { readonly status: 'edit'; readonly version: number; readonly edit: TextEdit; readonly label: string; readonly after: string }
  | { readonly status: 'refused'; readonly message: string };

export function isApplyMoveArguments(value: unknown): value is ApplyMoveArguments {
  const v = value as ApplyMoveArguments;
  return (
    typeof v === 'object' && v !== null && typeof v.uri === 'string' && Number.isInteger(v.version) && typeof v.game === 'string' && typeof v.key === 'string' && Number.isInteger(v.index) && v.index >= 0
  );
}

export function moveEdit(view: DocumentView | undefined, args: ApplyMoveArguments): MoveEdit {
  if (!view) return { status: 'refused', message: `The document is not open any more; nothing was written.` };
  const game = view.document.model.games.find((g) => g.name === args.game);
  const changed = view.version !== args.version;
  if (!game) return { status: 'refused', message: `There is no game \`${args.game}\` in the document any more; nothing was written.` };
  if (view.gameKey(game) !== args.key) {
    return { status: 'refused', message: `\`${args.game}\` changed since this move was computed${changed ? '' : ' (its value is being recomputed)'}; nothing was written. Use the updated code lens.` };
  }
  const value = view.game(game);
  if (value?.state !== 'done') return { status: 'refused', message: `The value of \`${args.game}\` is being recomputed; nothing was written. Try again in a moment.` };
  const move = value.value.winningMoves[args.index];
  if (!move) return { status: 'refused', message: `That move of \`${args.game}\` is no longer listed; nothing was written.` };
  const written = writeMove(view.document.file.text, game, move);
  const lines = view.document.lines;
  const range = { start: lines.positionAt(written.edit.span.start), end: lines.positionAt(written.edit.span.end) };
  return { status: 'edit', version: view.version, edit: { range, newText: written.edit.newText }, label: written.label, after: written.after };
}
