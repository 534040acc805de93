// Code lenses above each game: one per winning move (up to the setting), then "k more winning
// moves", which lists them all; for a P-position a lens saying every move loses; for a drawn game
// (a graph with cycles) one per move that keeps the draw; while computing, a lens saying so.
// Every lens runs a command the server executes, so that any editor can run it:
// a move lens `grundy.applyMove` (applyMove.ts), "k more" `grundy.showMoves` (the server asks the
// user to pick one with `window/showMessageRequest`; VS Code's client shows a quick pick instead),
// and a lens that states a fact `grundy.explainGame` (the game's hover, as a message). Above each
// heap rule, a lens that opens the nim-sequence explorer (sequence.ts); above each graph, one that
// opens the graph view (graphView.ts); above each game with Hackenbush pictures or boards, one per
// picture or board that opens its view (pictureView.ts, boardView.ts).

import type { CodeLens, Command } from 'vscode-languageserver';
import { elapsed, plainText, star } from '../analysis/wording';
import type { GameResult } from '../compute/jobs';
import type { GameSymbol } from '../language/model';
import { countText } from '../language/numberText';
import { writeMove } from '../language/writeMove';
import { codeLensResolveParams, textDocumentParams } from '../params';
import {
  APPLY_MOVE_COMMAND,
  type ApplyMoveArguments,
  EXPLAIN_GAME_COMMAND,
  type ExplainGameArguments,
  explainArguments,
  type LensData,
  PLAY_COMMAND,
  type PlayArguments,
  REPLY_COMMAND,
  type ReplyArguments,
  SHOW_MOVES_COMMAND,
  type ShowMovesArguments,
  STOP_PLAY_COMMAND,
  showMovesArguments,
  type WinningMovesAnswer,
  WinningMovesRequest,
} from '../protocol';
import { playMove } from './applyMove';
import { boardLenses } from './boardView';
import { type Feature, type FeatureContext, lastAnswer, type PlaySessions } from './feature';
import { graphLenses } from './graphView';
import { hover } from './hover';
import { jointQuotientLenses } from './jointQuotient';
import { pictureLenses } from './pictureView';
import { sessionKey } from './play';
import { ruleLenses } from './sequence';
import { type DocumentView, gameAgain } from './view';

export {
  APPLY_MOVE_COMMAND,
  type ApplyMoveArguments,
  SHOW_MOVES_COMMAND,
  type ShowMovesArguments,
  WinningMovesRequest,
} from '../protocol';

/** WinningMovesRequest's answer when the game is still the same. */
export type WinningMovesResult = Extract<WinningMovesAnswer, { moves: unknown }>;

/** Moves the server offers in its own choice (`window/showMessageRequest`): a dialog, not a list. */
const ASKED_MOVES = 12;

/**
 * Documents with more games than this get their lenses without commands, each resolved when the
 * editor shows it (`codeLens/resolve`): the LSP asks for a whole document's lenses at once, and
 * written out for 100,000 games they cost seconds and tens of megabytes on every refresh.
 */
export const RESOLVE_LENSES_ABOVE = 1000;

/** Whether the document's lenses go without commands, resolved when shown (then they show no elapsed time). */
function lensesResolvedLater(view: DocumentView): boolean {
  return view.document.model.games.length > RESOLVE_LENSES_ABOVE;
}

export function codeLenses(view: DocumentView, plays: PlaySessions = new Map()): CodeLens[] {
  const { document } = view;
  const games = document.model.games;
  const later = lensesResolvedLater(view);
  const lenses: CodeLens[] = [
    ...ruleLenses(view),
    ...graphLenses(view),
    ...pictureLenses(view),
    ...boardLenses(view),
    ...jointQuotientLenses(view),
  ];
  games.forEach((game, gameIndex) => {
    const commands = gameLensCommands(view, game, plays);
    if (commands.length === 0) return;
    const start = document.lines.positionAt(game.declaration.start);
    const range = { start, end: start };
    commands.forEach((command, lens) => {
      const data: LensData = [view.number, view.version, gameIndex, lens];
      lenses.push(later ? { range, data } : { range, command: command() });
    });
  });
  return lenses;
}

/** The command of a lens sent without one; a lens made for another version says so. */
export function resolveCodeLens(
  view: DocumentView | undefined,
  range: CodeLens['range'],
  data: LensData,
  plays: PlaySessions = new Map(),
): CodeLens {
  const [, version, gameIndex, lensIndex] = data;
  const game = view?.version === version ? view.document.model.games[gameIndex] : undefined;
  const command = view && game ? gameLensCommands(view, game, plays)[lensIndex] : undefined;
  // A lens of an older version: the client asks again after the change (refresh); meanwhile a
  // title that runs nothing harmful (the explanation of that game, if it still exists).
  const stale: Command = {
    title: '… (the document has changed)',
    command: EXPLAIN_GAME_COMMAND,
    arguments: [{ uri: view?.uri ?? '', game: '' } satisfies ExplainGameArguments],
  };
  return { range, command: command ? command() : stale };
}

/**
 * A game's lenses, each made only when asked for: counting them is cheap, writing them is not. The
 * last one plays: "Play against the computer", or in play mode "Computer's move" and "Stop playing".
 */
function gameLensCommands(view: DocumentView, game: GameSymbol, plays: PlaySessions): (() => Command)[] {
  const commands = valueLensCommands(view, game);
  const value = view.game(game);
  if (value?.state !== 'done' || value.value.outcome === null) return commands;
  const icon = (name: string) => (view.icons ? `$(${name}) ` : '');
  const args: PlayArguments = { uri: view.uri, game: game.name };
  if (!plays.has(sessionKey(view.uri, game.name))) {
    const play: Command = {
      title: `${icon('play-circle')}play against the computer`,
      command: PLAY_COMMAND,
      arguments: [args],
    };
    return [...commands, () => play];
  }
  const reply: ReplyArguments = { uri: view.uri, version: view.version, game: game.name };
  return [
    ...commands,
    () => ({ title: `${icon('debug-continue')}computer's move`, command: REPLY_COMMAND, arguments: [reply] }),
    () => ({ title: `${icon('debug-stop')}stop playing`, command: STOP_PLAY_COMMAND, arguments: [args] }),
  ];
}

/** The lenses of a game's value: its winning moves, or the fact that there are none (or that it is computing). */
function valueLensCommands(view: DocumentView, game: GameSymbol): (() => Command)[] {
  const value = view.game(game);
  if (!value) return [];
  const explain: ExplainGameArguments = { uri: view.uri, game: game.name };
  const fact = (title: string): Command => ({ title, command: EXPLAIN_GAME_COMMAND, arguments: [explain] });
  // `$(name)` is VS Code's icon syntax: other editors would show it as text.
  const icon = (name: string) => (view.icons ? `$(${name}) ` : '');
  if (value.state === 'pending')
    return [
      () =>
        fact(
          `${icon('sync~spin')}computing ${game.name}… (${elapsed(value.sinceMs)}; cancel from the progress ` +
            `notification)`,
        ),
    ];
  if (value.state === 'failed')
    return [() => fact(`${icon('warning')}computing ${game.name} failed: ${value.message.split('\n')[0]}`)];
  const result = value.value;
  if (result.outcome === null)
    return [() => fact(`${icon('question')}who wins is not known: ${result.reason ?? 'not computed'}`)];
  if (result.outcome === 'P') {
    const why =
      result.nimber === 0n
        ? 'nim-sum 0'
        : result.nimber === null && game.play === 'normal'
          ? 'the game is over'
          : 'a P-position';
    return [() => fact(`every move loses (${why}): the player to move loses`)];
  }
  // Only the moves shown are written out here: a long file has thousands of games. The rest
  // are written when the user asks for them (winningMoves).
  const text = view.document.file.text;
  const key = () => view.gameKey(game) ?? '';
  if (result.outcome === 'D') return drawLensCommands(view, game, result, key, fact);
  const shown = Math.max(0, Math.min(view.settings.codeLens.maxMoves, result.winningMoves.length));
  const commands = result.winningMoves.slice(0, shown).map((move, index) => (): Command => {
    const written = writeMove(text, game, move);
    const apply: ApplyMoveArguments = { uri: view.uri, version: view.version, game: game.name, key: key(), index };
    return {
      title: `▶ ${written.label}`,
      command: APPLY_MOVE_COMMAND,
      arguments: [apply],
      tooltip: `Play the winning move: ${written.description}`,
    } as Command;
  });
  const more = result.winningMoveCount - BigInt(shown);
  if (more > 0n) {
    commands.push(() => {
      const args: ShowMovesArguments = {
        uri: view.uri,
        version: view.version,
        game: game.name,
        key: key(),
        title: `Winning moves in ${game.name} (${star(result.nimber ?? 0n)})`,
      };
      const count = countText(more);
      return {
        title:
          shown === 0
            ? `${count} winning move${more === 1n ? '' : 's'}…`
            : `${count} more winning move${more === 1n ? '' : 's'}…`,
        command: SHOW_MOVES_COMMAND,
        arguments: [args],
      };
    });
  }
  return commands;
}

/**
 * A drawn game (a graph with cycles): no move wins, but a careless one loses. A lens per move that keeps
 * the draw (up to the setting), then how many more there are; or why they are not listed.
 */
function drawLensCommands(
  view: DocumentView,
  game: GameSymbol,
  result: GameResult,
  key: () => string,
  fact: (title: string) => Command,
): (() => Command)[] {
  const moves = result.drawMoves ?? [];
  if (moves.length === 0)
    return [() => fact(`a draw with best play${result.drawMovesReason ? ` (${result.drawMovesReason})` : ''}`)];
  const shown = Math.max(0, Math.min(view.settings.codeLens.maxMoves, moves.length));
  const commands = moves.slice(0, shown).map((move, index) => (): Command => {
    const written = writeMove(view.document.file.text, game, move);
    const apply: ApplyMoveArguments = {
      uri: view.uri,
      version: view.version,
      game: game.name,
      key: key(),
      index,
      list: 'draw',
    };
    return {
      title: `▶ ${written.label} (keeps the draw)`,
      command: APPLY_MOVE_COMMAND,
      arguments: [apply],
      tooltip: `A draw with best play: no move wins, and this one does not lose: ${written.description}`,
    } as Command;
  });
  const more = moves.length - shown;
  if (more > 0) commands.push(() => fact(`${more} more move${more === 1 ? '' : 's'} keep the draw`));
  return commands;
}

/** Every listed winning move of the game a "more" lens was made for, if it is still the same game. */
export function winningMoves(
  view: DocumentView | undefined,
  args: ShowMovesArguments,
): WinningMovesResult | { readonly refused: string } {
  const found = gameAgain(view, args.game, args.key, 'these moves were');
  if ('refused' in found) return { refused: `${found.refused}.${found.advice}` };
  const { view: current, game, result } = found;
  const moves = result.winningMoves.map((move, index) => {
    const written = writeMove(current.document.file.text, game, move);
    return {
      label: written.label,
      description: written.description,
      apply: { uri: current.uri, version: current.version, game: game.name, key: args.key, index },
    };
  });
  return { moves, unlisted: (result.winningMoveCount - BigInt(moves.length)).toString() };
}

/** `grundy.showMoves`: the listed moves as a choice; the one picked is played. */
async function showMoves(context: FeatureContext, args: ShowMovesArguments): Promise<unknown> {
  const answer = winningMoves(context.view(args.uri), args);
  if ('refused' in answer) {
    context.tell(answer.refused);
    return { applied: false, message: answer.refused };
  }
  const offered = answer.moves.slice(0, ASKED_MOVES);
  const unlisted = BigInt(answer.unlisted) + BigInt(answer.moves.length - offered.length);
  const more = unlisted > 0n ? ` (${countText(unlisted)} more not offered here)` : '';
  const picked = await context.ask(
    `${args.title}: pick a move to play${more}.`,
    offered.map((move) => `▶ ${move.label}`),
  );
  const move = offered.find((m) => `▶ ${m.label}` === picked);
  if (!move) return { applied: false, message: 'No move was picked.' };
  return playMove(context, move.apply);
}

/** `grundy.explainGame`: what the game's hover says, as a message (plain text: messages are not Markdown). */
function explainGame(context: FeatureContext, args: ExplainGameArguments): string {
  const view = context.view(args.uri);
  const game = view?.document.model.games.find((g) => g.name === args.game);
  const answer = view && game ? hover(view, (game.declaration.name ?? game.declaration).start) : null;
  const message = answer
    ? plainText((answer.contents as { value: string }).value)
    : `There is no game \`${args.game}\` in the document now.`;
  context.tell(message, 'info');
  return message;
}

export const codeLensFeature: Feature = {
  name: 'code lenses',
  capabilities: () => ({ codeLensProvider: { resolveProvider: true } }),
  handlers: (context) => {
    const again = lastAnswer<CodeLens[]>(context);
    return {
      requests: {
        'textDocument/codeLens': (raw) => {
          const view = context.view(textDocumentParams(raw).uri);
          if (!view) return [];
          // Lenses sent without commands show no elapsed time: the last answer serves while nothing changed.
          return lensesResolvedLater(view)
            ? again(view, '', () => codeLenses(view, context.plays))
            : codeLenses(view, context.plays);
        },
        'codeLens/resolve': (raw) => {
          const { lens, data } = codeLensResolveParams(raw);
          // A lens that came with its command (or is not one we left for later): nothing to add.
          return data ? resolveCodeLens(context.viewNumbered(data[0]), lens.range, data, context.plays) : lens;
        },
        [WinningMovesRequest.method]: (raw) => {
          const args = showMovesArguments(raw);
          return winningMoves(context.view(args.uri), args);
        },
      },
      commands: {
        [SHOW_MOVES_COMMAND]: (args) => showMoves(context, showMovesArguments(args[0])),
        [EXPLAIN_GAME_COMMAND]: (args) => explainGame(context, explainArguments(args[0])),
      },
    };
  },
};
