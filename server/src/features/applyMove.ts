// Playing a winning move from a code lens. The lens was made for one version of the document;
// by the time it is clicked the text may have changed. The move is found again from the current
// text: if the game still has the same value-determining input (same key), the same move is
// written into the current text; otherwise nothing is written and the user is told why. The
// edit carries the version it was made for, so the client refuses it too if the document
// changes in between. One edit, so one undo step.
import { CancellationToken, type TextEdit } from 'vscode-languageserver';
import { withShortNumbers } from '../language/numberText';
import { writeMove } from '../language/writeMove';
import { APPLY_MOVE_COMMAND, type ApplyMoveAnswer, type ApplyMoveArguments, applyMoveArguments } from '../protocol';
import { documentEdit, type Feature, type FeatureContext } from './feature';
import { replyAfterLensMove } from './play';
import { type DocumentView, gameAgain } from './view';

export type MoveEdit =
  | {
      readonly status: 'edit';
      readonly version: number;
      readonly edit: TextEdit;
      readonly label: string;
      readonly after: string;
      /** The move leaves the text as it is (a token passing along a self-loop): the position does not change. */
      readonly passes: boolean;
    }
  | { readonly status: 'refused'; readonly message: string };

export function moveEdit(view: DocumentView | undefined, args: ApplyMoveArguments): MoveEdit {
  const found = gameAgain(view, args.game, args.key, 'this move was');
  if ('refused' in found)
    return { status: 'refused', message: `${found.refused}; nothing was written.${found.advice}` };
  const move = (args.list === 'draw' ? (found.result.drawMoves ?? []) : found.result.winningMoves)[args.index];
  if (!move)
    return { status: 'refused', message: `That move of \`${args.game}\` is no longer listed; nothing was written.` };
  const { document, version } = found.view;
  const written = writeMove(document.file.text, found.game, move);
  const range = document.lines.rangeOf(written.edit.span);
  return {
    status: 'edit',
    version,
    edit: { range, newText: written.edit.newText },
    label: written.label,
    after: written.after,
    passes: document.file.text.slice(written.edit.span.start, written.edit.span.end) === written.edit.newText,
  };
}

/**
 * Plays a move: a versioned edit through `workspace/applyEdit`. Every way it can end is an answer
 * and, when nothing was applied, a message the user need not answer: the game changed, the client
 * declined or failed the edit, or the client takes no edits from servers (the answer then carries
 * the edit, which such a client, or a person, can apply).
 */
export async function playMove(
  context: FeatureContext,
  args: ApplyMoveArguments,
): Promise<ApplyMoveAnswer | (ApplyMoveAnswer & { readonly edit: unknown })> {
  const move = moveEdit(context.view(args.uri), args);
  if (move.status === 'refused') {
    context.tell(move.message);
    return { applied: false, message: move.message };
  }
  const edit = documentEdit(context.client, args.uri, move.version, [move.edit]);
  if (!context.client.workspace?.applyEdit) {
    const message =
      `The move ${move.label} was not applied: this editor does not accept edits from the server ` +
      `(workspace.applyEdit).`;
    context.tell(message);
    return { applied: false, message, edit };
  }
  const response = await context.applyEdit(`Play ${move.label}`, edit);
  if (!response.applied) {
    const why = response.failureReason ? `: ${response.failureReason}` : '';
    const message = `The move ${move.label} was not applied${why}.`;
    context.tell(message);
    return { applied: false, message };
  }
  // In play mode the computer answers the lens move at once.
  const computer = await replyAfterLensMove(
    context,
    args.uri,
    args.game,
    move.version,
    CancellationToken.None,
    move.passes,
  );
  return { applied: true, after: withShortNumbers(move.after), ...(computer ? { reply: computer } : {}) };
}

export const applyMoveFeature: Feature = {
  name: 'apply move',
  handlers: (context) => ({
    commands: { [APPLY_MOVE_COMMAND]: (args) => playMove(context, applyMoveArguments(args[0])) },
  }),
};
