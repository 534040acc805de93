// Code lenses above each game: one per winning move (up to the setting), then "k more winning
// moves", which lists them all; for a P-position a lens saying every move loses; while computing,
// a lens saying so. A move lens runs `grundy.applyMove` (applyMove.ts) through the server.
import type { CodeLens, Command } from 'vscode-languageserver';
import { countText } from '../language/numberText';
import { writeMove } from '../language/writeMove';
import { type DocumentView, elapsed, gameAgain, star } from './view';

export const APPLY_MOVE_COMMAND = 'grundy.applyMove';
/** Registered by the client (a quick pick), which then runs APPLY_MOVE_COMMAND. */
export const SHOW_MOVES_COMMAND = 'grundy.showMoves';

/** Everything needed to find the move again, and to notice that the document moved on. No bigints: JSON. */
export interface ApplyMoveArguments {
  readonly uri: string;
  readonly version: number;
  readonly game: string;
  /** The game's computation key when the lens was made: the move indexes into that result. */
  readonly key: string;
  readonly index: number;
}

/** What the "k more winning moves" lens passes to the client, which asks WINNING_MOVES_REQUEST for the list. */
export interface ShowMovesArguments {
  readonly uri: string;
  readonly version: number;
  readonly game: string;
  readonly key: string;
  readonly title: string;
}

/** Custom request: every listed winning move of a game, for the client's move picker. */
export const WINNING_MOVES_REQUEST = 'grundy/winningMoves';

export interface WinningMovesResult {
  readonly moves: readonly { readonly label: string; readonly description: string; readonly apply: ApplyMoveArguments }[];
  /** Winning moves that exist but were not listed (decimal: counts may exceed 2^53). */
  readonly unlisted: string;
}

const noCommand = (title: string): Command => ({ title, command: '' });

export function codeLenses(view: DocumentView): CodeLens[] {
  const { document } = view;
  const lenses: CodeLens[] = [];
  for (const game of document.model.games) {
    const value = view.game(game);
    const key = view.gameKey(game);
    if (!value || key === undefined) continue;
    const start = document.lines.positionAt(game.declaration.start);
    const range = { start, end: start };
    const lens = (command: Command) => lenses.push({ range, command });
    if (value.state === 'pending') {
      lens(noCommand(`$(sync~spin) computing ${game.name}… (${elapsed(value.sinceMs)}; cancel from the progress notification)`));
      continue;
    }
    if (value.state === 'failed') {
      lens(noCommand(`$(warning) computing ${game.name} failed: ${value.message.split('\n')[0]}`));
      continue;
    }
    const result = value.value;
    if (result.outcome === null) {
      lens(noCommand(`$(question) who wins is not known: ${result.reason ?? 'not computed'}`));
      continue;
    }
    if (result.outcome === 'P') {
      const why = result.nimber === 0n ? 'nim-sum 0' : result.nimber === null && game.play === 'normal' ? 'the game is over' : 'a P-position';
      lens(noCommand(`every move loses (${why}): the player to move loses`));
      continue;
    }
    // Only the moves shown are written out here: a long file has thousands of games. The rest
    // are written when the user asks for them (winningMoves).
    const shown = Math.max(0, Math.min(view.settings.codeLens.maxMoves, result.winningMoves.length));
    result.winningMoves.slice(0, shown).forEach((move, index) => {
      const written = writeMove(document.file.text, game, move);
      const apply: ApplyMoveArguments = { uri: view.uri, version: view.version, game: game.name, key, index };
      lens({ title: `▶ ${written.label}`, command: APPLY_MOVE_COMMAND, arguments: [apply], tooltip: `Play the winning move: ${written.description}` } as Command);
    });
    const more = result.winningMoveCount - BigInt(shown);
    if (more > 0n) {
      const args: ShowMovesArguments = { uri: view.uri, version: view.version, game: game.name, key, title: `Winning moves in ${game.name} (${star(result.nimber ?? 0n)})` };
      const count = countText(more);
      lens({ title: shown === 0 ? `${count} winning move${more === 1n ? '' : 's'}…` : `${count} more winning move${more === 1n ? '' : 's'}…`, command: SHOW_MOVES_COMMAND, arguments: [args] });
    }
  }
  return lenses;
}

/** Every listed winning move of the game a "more" lens was made for, if it is still the same game. */
export function winningMoves(view: DocumentView | undefined, args: ShowMovesArguments): WinningMovesResult | { readonly refused: string } {
  const found = gameAgain(view, args.game, args.key, 'these moves were');
  if ('refused' in found) return { refused: `${found.refused}.${found.advice}` };
  const { view: current, game, result } = found;
  const moves = result.winningMoves.map((move, index) => {
    const written = writeMove(current.document.file.text, game, move);
    return { label: written.label, description: written.description, apply: { uri: current.uri, version: current.version, game: game.name, key: args.key, index } };
  });
  return { moves, unlisted: (result.winningMoveCount - BigInt(moves.length)).toString() };
}
