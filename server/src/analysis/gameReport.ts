// Between the front end and the features: a checked game becomes the engine's plain input, and
// the engine's answer becomes a report in the document's own words (component texts, moves
// written back as edits). A game's value has one shape, `GameResult`, whether a worker computed
// it for the editor or the command line computed it here; the report only adds the words. So
// what the command line prints is what the editor shows.
import { type GameResult, gameResult } from '../compute/jobs';
import type { EngineCache } from '../engine';
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

export interface ReportedMove extends WrittenMove {
  readonly move: GameMove;
}

export interface GameReport {
  readonly game: GameSymbol;
  /** The game's value; absent when the game's text has errors (then nothing is computed). */
  readonly result?: GameResult;
  /** Each component as written, with runs of white space (line breaks too) as one space. */
  readonly componentTexts: readonly string[];
  /** The result's winning moves (those listed), written back into the document. */
  readonly winningMoves: readonly ReportedMove[];
  /** A drawn game's moves that keep the draw (those listed), written back likewise. */
  readonly drawMoves: readonly ReportedMove[];
}

/** Why a game has no value when its text has errors (the editor's diagnostics say which). */
export const INVALID_GAME_REASON = 'the game has errors: fix them to see its value';

export interface ReportOptions {
  readonly budget?: Budget;
  readonly cache?: EngineCache;
  readonly maxMoves?: number;
  /** The work a rule's misère quotient may do for games (engine/game.ts's GameOptions). */
  readonly quotientWork?: number;
  /** How far the remoteness is searched (compute/jobs.ts gameResult): 'quick' unless said. */
  readonly remoteness?: 'quick' | 'full';
}

/** A component's text on one line: comments inside it (a picture over several lines) left out, spaces joined. */
export const componentText = (text: string, component: CheckedComponent) =>
  text
    .slice(component.syntax.start, component.syntax.end)
    .replace(/("[^"\r\n]*"?)|#[^\r\n]*/g, (_, string) => string ?? '')
    .replace(/\s+/g, ' ');

/**
 * A component's nimber as shown beside it: none in misère play, where a component's
 * (normal-play) nimber says nothing about the sum.
 */
export function shownNimber(game: GameSymbol, result: GameResult | undefined, index: number): bigint | null {
  if (game.play === 'misere' || !result) return null;
  return result.components[index]?.nimber ?? null;
}

/** `document`: the analysed document, or just its text (`grundy` reports games as it reads them). */
export function reportGame(
  document: { readonly file: { readonly text: string } },
  game: GameSymbol,
  options: ReportOptions = {},
): GameReport {
  const text = document.file.text;
  const componentTexts = game.components.map((c) => componentText(text, c));
  if (!game.valid) return { game, componentTexts, winningMoves: [], drawMoves: [] };
  const result = gameResult(gameInput(game), options);
  return {
    game,
    result,
    componentTexts,
    // Not spread: a written move's edit and text after it are getters, made only when read (a cut of a big picture
    // writes the picture again).
    winningMoves: result.winningMoves.map((move) => Object.assign(writeMove(text, game, move), { move })),
    drawMoves: (result.drawMoves ?? []).map((move) => Object.assign(writeMove(text, game, move), { move })),
  };
}

/** Every game of a document, in order, sharing one cache and one budget. */
export function reportGames(document: AnalyzedDocument, options: ReportOptions = {}): GameReport[] {
  return document.model.games.map((game) => reportGame(document, game, options));
}
