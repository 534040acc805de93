// Between the front end and the features: a checked game becomes the engine's plain input, and
// the engine's answer becomes a report in the document's own words (component texts, moves
// written back as edits). The CLI and the editor features both read these reports, so what the
// command line prints is what the editor shows.
import { analyzeGame, type EngineCache, type GameAnalysis } from '../engine';
import type { GameInput, GameMove } from '../engine/gameTypes';
import type { Budget } from '../engine/types';
import type { AnalyzedDocument } from '../language/analyze';
import { componentInput } from '../language/families';
import type { CheckedComponent, GameSymbol } from '../language/model';
import { type WrittenMove, writeMove } from '../language/writeMove';

/** The engine's input for a game; only for valid games (an invalid one has nothing to evaluate). */
export function gameInput(game: GameSymbol): GameInput {
  return { play: game.play, components: game.components.map(componentInput) };
}

export interface ComponentReport {
  /** The component as written, with runs of white space (line breaks too) as one space. */
  readonly text: string;
  readonly nimber: bigint | null;
}

export interface ReportedMove extends WrittenMove {
  readonly move: GameMove;
}

export interface GameReport {
  readonly game: GameSymbol;
  /** False when the game's text has errors: then nothing below is computed. */
  readonly valid: boolean;
  readonly nimber: bigint | null;
  readonly outcome: 'N' | 'P' | null;
  /** Why there is no nimber or no outcome. */
  readonly reason?: string;
  readonly components: readonly ComponentReport[];
  readonly winningMoves: readonly ReportedMove[];
  /** All winning moves, listed or not. */
  readonly winningMoveCount: bigint;
  /** The engine's own answer, for features that explain values (hovers). */
  readonly analysis?: GameAnalysis;
}

export interface ReportOptions {
  readonly budget?: Budget;
  readonly cache?: EngineCache;
  readonly maxMoves?: number;
}

export const componentText = (text: string, component: CheckedComponent) =>
  text.slice(component.syntax.start, component.syntax.end).replace(/\s+/g, ' ');

/** `document`: the analysed document, or just its text (`grundy` reports games as it reads them). */
export function reportGame(
  document: { readonly file: { readonly text: string } },
  game: GameSymbol,
  options: ReportOptions = {},
): GameReport {
  const text = document.file.text;
  if (!game.valid) {
    return {
      game,
      valid: false,
      nimber: null,
      outcome: null,
      reason: 'the game has errors: fix them to see its value',
      components: game.components.map((c) => ({ text: componentText(text, c), nimber: null })),
      winningMoves: [],
      winningMoveCount: 0n,
    };
  }
  const analysis = analyzeGame(gameInput(game), options);
  return {
    game,
    valid: true,
    nimber: analysis.nimber,
    outcome: analysis.outcome,
    ...(analysis.reason ? { reason: analysis.reason } : {}),
    // In misère play a component's (normal-play) nimber says nothing about the sum: none is shown.
    components: game.components.map((c, i) => ({
      text: componentText(text, c),
      nimber: game.play === 'misere' ? null : analysis.components[i].nimber,
    })),
    winningMoves: analysis.winningMoves.map((move) => ({ ...writeMove(text, game, move), move })),
    winningMoveCount: analysis.winningMoveCount,
    analysis,
  };
}

/** Every game of a document, in order, sharing one cache and one budget. */
export function reportGames(document: AnalyzedDocument, options: ReportOptions = {}): GameReport[] {
  return document.model.games.map((game) => reportGame(document, game, options));
}
