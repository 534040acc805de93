// Playing a winning move from a code lens. The lens was made for one version of the document;
// by the time it is clicked the text may have changed. The move is found again from the current
// text: if the game still has the same value-determining input (same key), the same move is
// written into the current text; otherwise nothing is written and the user is told why. The
// edit carries the version it was made for, so the client refuses it too if the document
// changes in between. One edit, so one undo step.
import type { TextEdit } from 'vscode-languageserver';
import { writeMove } from '../language/writeMove';
import type { ApplyMoveArguments } from '../protocol';
import { type DocumentView, gameAgain } from './view';

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
  const found = gameAgain(view, args.game, args.key, 'this move was');
  if ('refused' in found) return { status: 'refused', message: `${found.refused}; nothing was written.${found.advice}` };
  const move = found.result.winningMoves[args.index];
  if (!move) return { status: 'refused', message: `That move of \`${args.game}\` is no longer listed; nothing was written.` };
  const { document, version } = found.view;
  const written = writeMove(document.file.text, found.game, move);
  const range = { start: document.lines.positionAt(written.edit.span.start), end: document.lines.positionAt(written.edit.span.end) };
  return { status: 'edit', version, edit: { range, newText: written.edit.newText }, label: written.label, after: written.after };
}
