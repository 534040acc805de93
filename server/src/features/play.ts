// Playing a game out against the computer, for every editor. `grundy.play` starts play mode for a
// game: the server keeps the position the user moves from. The user moves (a winning-move lens, or
// an edit of the game's text); `grundy.reply` checks that the text is that position or one legal
// move from it (the engine's moveBetween: the positions compared, so heaps in another order or a
// heap taken whole and left out are the same), then makes the computer's move as one versioned
// edit: the quickest win from a winning position, the longest loss from a losing one (remoteness,
// computed in a worker). A text that is not one legal move is refused and kept. Without play mode
// `grundy.reply` simply moves. In play mode a lens move (grundy.applyMove) is answered at once.
//
// Tokens on a graph with cycles: positions may repeat. The worker is told the user's token move, so
// that where the search does not reach it can undo a raise (compute/reply.ts: the winner's way to end
// the game); from a drawn position it keeps the draw, and says so. Play mode remembers the positions
// met at the user's turn (digests of positionKey); when the computer's move brings one back, the user
// is asked (`window/showMessageRequest`, which every editor has) whether to call the game a draw by
// repetition: "Draw" ends play mode, "Play on" or no answer goes on.
import { CancellationToken } from 'vscode-languageserver';
import { gameInput } from '../analysis/gameReport';
import type { Job, ReplyChoice, TokenMoved } from '../compute/jobs';
import { gameAffinity } from '../compute/requests';
import type { GameInput, GameMove } from '../engine/gameTypes';
import { gameAfter, losesAt, moveBetween, positionKey, shortDigest } from '../engine/search';
import type { GameSymbol } from '../language/model';
import { withShortNumbers } from '../language/numberText';
import { writeMove } from '../language/writeMove';
import {
  PLAY_COMMAND,
  type PlayAnswer,
  type PlayArguments,
  playArguments,
  REPLY_COMMAND,
  type ReplyAnswer,
  type ReplyArguments,
  replyArguments,
  STOP_PLAY_COMMAND,
} from '../protocol';
import { documentEdit, type Feature, type FeatureContext, type PlaySession, Refusal } from './feature';
import { type DocumentView, gameNamedOrAt } from './view';

export const sessionKey = (uri: string, game: string) => `${uri}\u0000${game}`;

/** The game named in a document, checked and valid, or a refusal saying why not. */
function playableGame(view: DocumentView | undefined, name: string): GameSymbol {
  if (!view) throw new Refusal('The document is not open.');
  const game = view.document.model.games.find((g) => g.name === name);
  if (!game) throw new Refusal(`There is no game \`${name}\` in the document.`);
  if (!game.valid) throw new Refusal(`\`${name}\` has errors: mend them first.`);
  return game;
}

/** The game named, or the one whose declaration holds the position. */
function gameNamed(view: DocumentView | undefined, args: PlayArguments): string {
  if ('game' in args) return args.game;
  if (!view) throw new Refusal('The document is not open.');
  const game = gameNamedOrAt(view, args);
  if (!game) throw new Refusal('Put the cursor in a game.');
  return game.name;
}

function startPlay(context: FeatureContext, asked: PlayArguments): PlayAnswer {
  const view = context.view(asked.uri);
  const args = { uri: asked.uri, game: gameNamed(view, asked) };
  const game = playableGame(view, args.game);
  context.plays.set(sessionKey(args.uri, args.game), { position: gameInput(game), turn: 'start' });
  context.answersChanged();
  const message =
    `Playing \`${args.game}\` against the computer` +
    `${game.play === 'misere' ? ' (misère: whoever moves last loses)' : ''}. ` +
    'Make your move: click a winning-move lens, or edit the game (one legal move); the computer answers. ' +
    'Or let the computer begin: "Computer\'s move".';
  context.tell(message, 'info');
  return { started: true, message };
}

function stopPlay(context: FeatureContext, asked: PlayArguments): PlayAnswer {
  const args = { uri: asked.uri, game: gameNamed(context.view(asked.uri), asked) };
  const stopped = context.plays.delete(sessionKey(args.uri, args.game));
  if (stopped) context.answersChanged();
  const message = stopped ? `Stopped playing \`${args.game}\`.` : `\`${args.game}\` was not in play mode.`;
  return { started: false, message };
}

/** Who made the last move won (normal play) or lost (misère). */
const lastMoverWins = (play: GameInput['play']) => play === 'normal';

/** The choices offered when a position comes back. */
export const DRAW_CHOICE = 'Draw';
export const PLAY_ON_CHOICE = 'Play on';

/** A short key of a position, equal for the same position (its text may differ): positions met are remembered so. */
const positionDigest = (input: GameInput) => shortDigest(positionKey(input));

/**
 * The user's move `move` from `before`, when it slid a token, as the text now reads (`now`): which
 * token of which component, and the vertex it came from. The component is found by its key after the
 * move (the text may list components in another order), the token by the vertex it went to.
 */
function tokenMoved(before: GameInput, move: GameMove, now: GameInput): TokenMoved | undefined {
  if (move.move.kind !== 'token') return undefined;
  const moved = gameAfter(before, move).components[move.component];
  const origin = before.components[move.component];
  if (moved.kind !== 'tokens' || origin.kind !== 'tokens') return undefined;
  const keyOf = (c: GameInput['components'][number]) => positionKey({ play: now.play, components: [c] });
  const wanted = keyOf(moved);
  const component = now.components.findIndex((c) => c.kind === 'tokens' && keyOf(c) === wanted);
  const found = now.components[component];
  if (found?.kind !== 'tokens') return undefined;
  const token = found.vertices.indexOf(move.move.to);
  return token < 0 ? undefined : { component, token, from: origin.vertices[move.move.token] };
}

/**
 * The computer's move (REPLY_COMMAND). Refusals (RequestFailed, the text kept) for a wrong version,
 * a text that is not one legal move, or the user's turn; with `auto`, those are answers instead.
 */
export async function reply(
  context: FeatureContext,
  args: ReplyArguments,
  token: CancellationToken,
  /** The user's lens move was a pass (a self-loop): the same position is their move, not a wait. */
  passed = false,
): Promise<ReplyAnswer> {
  const view = context.view(args.uri);
  if (view && view.version !== args.version) {
    const message = `The document changed (version ${view.version}, not ${args.version}): nothing was played.`;
    if (args.auto) return { status: 'waiting', message };
    throw new Refusal(message);
  }
  const game = playableGame(view, args.game);
  const position = gameInput(game);
  const key = sessionKey(args.uri, args.game);
  const session = context.plays.get(key);
  let userMoved = false;
  let userMove: TokenMoved | undefined;
  if (session) {
    const between = moveBetween(session.position, position);
    if (between.kind === 'not-a-move') {
      const message =
        `\`${args.game}\` is not one legal move from the position before` +
        `${between.reason ? ` (${between.reason})` : ''}: undo your edit, or make one move. The text is kept.`;
      if (args.auto) return { status: 'not-a-move', message };
      throw new Refusal(message);
    }
    if (between.kind === 'same' && passed) {
      userMoved = true; // a pass: no token rose, so nothing to undo
    } else if (between.kind === 'same' && (session.turn === 'user' || args.auto)) {
      const message = `It is your move in \`${args.game}\`: click a winning-move lens, or edit the game.`;
      if (args.auto) return { status: 'waiting', message };
      throw new Refusal(message);
    }
    if (between.kind === 'move') {
      userMoved = true;
      userMove = tokenMoved(session.position, between.move, position);
    }
  }
  // Where the game's rules are known: a reply values the position when the search does not reach it.
  const job: Job = { kind: 'reply', input: position, ...(userMove ? { userMove } : {}) };
  const outcome = await context.compute(job, token, gameAffinity(game));
  if (outcome.status !== 'done' || outcome.result.kind !== 'reply')
    throw new Refusal(
      `The computer's move could not be found: ${
        outcome.status === 'failed' ? outcome.message.split('\n')[0] : 'cancelled'
      }.`,
    );
  return played(context, view!, game, position, outcome.result.reply, userMoved ? session : undefined, args);
}

async function played(
  context: FeatureContext,
  view: DocumentView,
  game: GameSymbol,
  position: GameInput,
  choice: ReplyChoice,
  /** The session the user moved in (from its position), if they did. */
  movedIn: PlaySession | undefined,
  args: ReplyArguments,
): Promise<ReplyAnswer> {
  const key = sessionKey(args.uri, args.game);
  const userMoved = movedIn !== undefined;
  const { play } = game;
  if (choice.kind === 'over') {
    // No move is left: whoever moved last (the user, if they just moved) decides it.
    context.plays.delete(key);
    context.answersChanged();
    const youMovedLast = userMoved;
    const winner = youMovedLast === lastMoverWins(play) ? 'you' : 'computer';
    const message = `No move is left in \`${args.game}\`: ${winner === 'you' ? 'you won' : 'the computer won'}${
      youMovedLast ? ` (you made the last move${play === 'misere' ? ', and in misère play that loses' : ''})` : ''
    }.`;
    context.tell(message, 'info');
    return { status: 'over', message, winner };
  }
  if (choice.kind === 'none') throw new Refusal(`The computer cannot move in \`${args.game}\`: ${choice.reason}.`);
  const text = view.document.file.text;
  const written = writeMove(text, game, choice.move);
  const range = view.document.lines.rangeOf(written.edit.span);
  const edit = documentEdit(context.client, args.uri, view.version, [{ range, newText: written.edit.newText }]);
  const response = await context.applyEdit(`Computer: ${written.label}`, edit);
  if (!response.applied) {
    const message = `The computer's move ${written.label} was not applied${
      response.failureReason ? `: ${response.failureReason}` : ''
    }.`;
    context.tell(message);
    return { status: 'not-applied', message };
  }
  const after = withShortNumbers(written.after);
  const base = { label: written.label, description: written.description, after };
  if (choice.overAfter) {
    context.plays.delete(key);
    context.answersChanged();
    const winner = lastMoverWins(play) ? 'computer' : 'you';
    const message =
      `Computer: ${written.description} → \`${after}\`. No move is left: ` +
      `the computer made the last move and ${winner === 'computer' ? 'won' : 'lost: you won'}.`;
    context.tell(message, 'info');
    return { status: 'moved', message, ...base, remoteness: 0, winner };
  }
  // The position the user now moves from: the game after the computer's move (as the engine sees the new text).
  const next = gameAfter(position, choice.move);
  const met = new Set(movedIn?.met);
  if (movedIn) met.add(positionDigest(movedIn.position));
  const nextDigest = positionDigest(next);
  const repeated = met.has(nextDigest);
  met.add(nextDigest);
  context.plays.set(key, { position: next, turn: 'user', met });
  let prospect = '';
  let userOutcome: 'win' | 'lose' | 'draw' | undefined;
  if (choice.how === 'draw') {
    userOutcome = 'draw';
    prospect = ' A draw with best play: the computer keeps it.';
  } else if (choice.remoteness !== undefined) {
    userOutcome = losesAt(play, choice.remoteness) ? 'lose' : 'win';
    const moves = `${choice.remoteness} move${choice.remoteness === 1 ? '' : 's'}`;
    prospect =
      userOutcome === 'win'
        ? ` You can win in ${moves}: find the winning move.`
        : ` With best play you lose in ${moves}; the computer will not go wrong.`;
  } else if (choice.reason) prospect = ` (Chosen without looking to the end: ${choice.reason}.)`;
  const message = `Computer: ${written.description} → \`${after}\`. Your move.${prospect}`;
  context.tell(message, 'info');
  const moved: ReplyAnswer = {
    status: 'moved',
    message,
    ...base,
    ...(choice.remoteness !== undefined ? { remoteness: choice.remoteness } : {}),
    ...(userOutcome ? { userOutcome } : {}),
  };
  if (!repeated) return moved;
  const answer = await context.ask(
    `\`${args.game}\`: this position has been reached before: call the game a draw by repetition?`,
    [DRAW_CHOICE, PLAY_ON_CHOICE],
  );
  if (answer !== DRAW_CHOICE) return moved;
  context.plays.delete(key);
  context.answersChanged();
  const drawn = `\`${args.game}\` is a draw by repetition (\`${after}\` was reached before): play mode has stopped.`;
  context.tell(drawn, 'info');
  return { status: 'over', message: drawn, winner: 'draw' };
}

/**
 * In play mode, the user's lens move is answered at once: once the client has synced the edit
 * (the document's version moves on, within a second), the computer replies to that version.
 */
export async function replyAfterLensMove(
  context: FeatureContext,
  uri: string,
  game: string,
  versionBefore: number,
  token: CancellationToken,
  /** The move left the text as it was (a pass along a self-loop): an editor may send no change for it. */
  passes = false,
): Promise<ReplyAnswer | undefined> {
  if (!context.plays.has(sessionKey(uri, game))) return undefined;
  const deadline = Date.now() + (passes ? 300 : 1000);
  let view = context.view(uri);
  while (view && view.version === versionBefore && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    view = context.view(uri);
  }
  if (!view || (view.version === versionBefore && !passes)) return undefined;
  try {
    return await reply(context, { uri, version: view.version, game }, token, passes);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    context.tell(error.message);
    return undefined;
  }
}

/** A save in play mode: the user's move is made, and the computer answers each game in play in that document. */
async function replyOnSave(context: FeatureContext, uri: string): Promise<void> {
  const view = context.view(uri);
  if (!view) return;
  for (const key of [...context.plays.keys()]) {
    const [sessionUri, game] = key.split('\u0000');
    if (sessionUri !== uri) continue;
    const answer = await reply(context, { uri, version: view.version, game, auto: true }, CancellationToken.None).catch(
      (error: unknown) => {
        if (error instanceof Refusal) context.tell(error.message);
        else throw error;
      },
    );
    if (answer?.status === 'not-a-move') context.tell(answer.message);
  }
}

export const playFeature: Feature = {
  name: 'play',
  handlers: (context) => ({
    saved: (uri) => replyOnSave(context, uri),
    closed: (uri) => {
      for (const key of [...context.plays.keys()]) if (key.startsWith(`${uri}\u0000`)) context.plays.delete(key);
    },
    commands: {
      [PLAY_COMMAND]: (args) => startPlay(context, playArguments(args[0])),
      [STOP_PLAY_COMMAND]: (args) => stopPlay(context, playArguments(args[0], STOP_PLAY_COMMAND)),
      [REPLY_COMMAND]: (args) => reply(context, replyArguments(args[0]), CancellationToken.None),
    },
  }),
};
