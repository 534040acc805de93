// Code lenses above each game: one per winning move (up to the setting), then "k more winning
// moves", which lists them all; for a P-position a lens saying every move loses; while computing,
// a lens saying so. A move lens runs `grundy.applyMove` (applyMove.ts) through the server.
import type { CodeLens, Command } from 'vscode-languageserver';
import { countText } from '../language/numberText';
import { writeMove } from '../language/writeMove';
import type { GameSymbol } from '../language/model';
import { type DocumentView, elapsed, gameAgain, star } from './view';
import { APPLY_MOVE_COMMAND, SHOW_MOVES_COMMAND, type ApplyMoveArguments, type ShowMovesArguments, type WinningMovesAnswer } from '../protocol';

export { APPLY_MOVE_COMMAND, SHOW_MOVES_COMMAND, WINNING_MOVES_REQUEST, type ApplyMoveArguments, type ShowMovesArguments } from '../protocol';

/** WINNING_MOVES_REQUEST's answer when the game is still the same. */
export type WinningMovesResult = Extract<WinningMovesAnswer, { moves: unknown }>;

const noCommand = (title: string): Command => ({ title, command: '' });

/**
 * Documents with more games than this get their lenses without commands, each resolved when the
 * editor shows it (`codeLens/resolve`): the LSP asks for a whole document's lenses at once, and
 * written out for 100,000 games they cost seconds and tens of megabytes on every refresh.
 */
export const RESOLVE_LENSES_ABOVE = 1000;

/** What an unresolved lens carries: enough to make its command again, and to notice a change. */
export interface LensData {
  readonly uri: string;
  readonly version: number;
  /** Index of the game in the document's games, and of the lens among the game's lenses. */
  readonly game: number;
  readonly lens: number;
}

export function codeLenses(view: DocumentView): CodeLens[] {
  const { document } = view;
  const games = document.model.games;
  const later = games.length > RESOLVE_LENSES_ABOVE;
  const lenses: CodeLens[] = [];
  games.forEach((game, gameIndex) => {
    const commands = gameLensCommands(view, game);
    if (commands.length === 0) return;
    const start = document.lines.positionAt(game.declaration.start);
    const range = { start, end: start };
    commands.forEach((command, lens) => {
      const data: LensData = { uri: view.uri, version: view.version, game: gameIndex, lens };
      lenses.push(later ? { range, data } : { range, command: command() });
    });
  });
  return lenses;
}

/** The command of a lens sent without one; a lens made for another version says so. */
export function resolveCodeLens(view: DocumentView | undefined, lens: CodeLens): CodeLens {
  const data = lens.data as LensData;
  if (!view || view.version !== data.version) return { range: lens.range, command: noCommand('… (the document has changed)') };
  const game = view.document.model.games[data.game];
  const command = game ? gameLensCommands(view, game)[data.lens] : undefined;
  return { range: lens.range, command: command ? command() : noCommand('…') };
}

/** A game's lenses, each made only when asked for: counting them is cheap, writing them is not. */
function gameLensCommands(view: DocumentView, game: GameSymbol): (() => Command)[] {
  const value = view.game(game);
  if (!value) return [];
  // `$(name)` is VS Code's icon syntax: other editors would show it as text.
  const icon = (name: string) => (view.icons ? `$(${name}) ` : '');
  if (value.state === 'pending') return [() => noCommand(`${icon('sync~spin')}computing ${game.name}… (${elapsed(value.sinceMs)}; cancel from the progress notification)`)];
  if (value.state === 'failed') return [() => noCommand(`${icon('warning')}computing ${game.name} failed: ${value.message.split('\n')[0]}`)];
  const result = value.value;
  if (result.outcome === null) return [() => noCommand(`${icon('question')}who wins is not known: ${result.reason ?? 'not computed'}`)];
  if (result.outcome === 'P') {
    const why = result.nimber === 0n ? 'nim-sum 0' : result.nimber === null && game.play === 'normal' ? 'the game is over' : 'a P-position';
    return [() => noCommand(`every move loses (${why}): the player to move loses`)];
  }
  // Only the moves shown are written out here: a long file has thousands of games. The rest
  // are written when the user asks for them (winningMoves).
  const text = view.document.file.text;
  const key = () => view.gameKey(game) ?? '';
  const shown = Math.max(0, Math.min(view.settings.codeLens.maxMoves, result.winningMoves.length));
  const commands = result.winningMoves.slice(0, shown).map((move, index) => (): Command => {
    const written = writeMove(text, game, move);
    const apply: ApplyMoveArguments = { uri: view.uri, version: view.version, game: game.name, key: key(), index };
    return { title: `▶ ${written.label}`, command: APPLY_MOVE_COMMAND, arguments: [apply], tooltip: `Play the winning move: ${written.description}` } as Command;
  });
  const more = result.winningMoveCount - BigInt(shown);
  if (more > 0n) {
    commands.push(() => {
      const args: ShowMovesArguments = { uri: view.uri, version: view.version, game: game.name, key: key(), title: `Winning moves in ${game.name} (${star(result.nimber ?? 0n)})` };
      const count = countText(more);
      return { title: shown === 0 ? `${count} winning move${more === 1n ? '' : 's'}…` : `${count} more winning move${more === 1n ? '' : 's'}…`, command: SHOW_MOVES_COMMAND, arguments: [args] };
    });
  }
  return commands;
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
