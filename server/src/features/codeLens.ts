// Code lenses above each game: one per winning move (up to the setting), then "k more winning
// moves", which lists them all; for a P-position a lens saying every move loses; while computing,
// a lens saying so. A move lens runs `grundy.applyMove` (applyMove.ts) through the server.
import type { CodeLens, Command } from 'vscode-languageserver';
import { writeMove } from '../language/writeMove';
import { type DocumentView, elapsed, star } from './view';

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

export interface ShowMovesArguments {
  readonly title: string;
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
    const moves = result.winningMoves.map((move, index) => {
      const written = writeMove(document.file.text, game, move);
      const apply: ApplyMoveArguments = { uri: view.uri, version: view.version, game: game.name, key, index };
      return { label: written.label, description: written.description, apply };
    });
    const shown = Math.max(0, Math.min(view.settings.codeLens.maxMoves, moves.length));
    for (const move of moves.slice(0, shown)) {
      lens({ title: `▶ ${move.label}`, command: APPLY_MOVE_COMMAND, arguments: [move.apply], tooltip: `Play the winning move: ${move.description}` } as Command);
    }
    const more = result.winningMoveCount - BigInt(shown);
    if (more > 0n) {
      const unlisted = result.winningMoveCount - BigInt(moves.length);
      const args: ShowMovesArguments = { title: `Winning moves in ${game.name} (${star(result.nimber ?? 0n)})`, moves, unlisted: unlisted.toString() };
      const count = more.toLocaleString('en-US');
      lens({ title: shown === 0 ? `${count} winning move${more === 1n ? '' : 's'}…` : `${count} more winning move${more === 1n ? '' : 's'}…`, command: SHOW_MOVES_COMMAND, arguments: [args] });
    }
  }
  return lenses;
}
