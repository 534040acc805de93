// The extension's own protocol, beside the LSP: the custom requests and the commands the server
// executes or the client registers, with the shapes of their arguments and answers. The server's
// features, the VS Code client and the tests all import these names from here, so that no side
// declares them again. Plain types and strings only: the client bundles this file too.

/** The server's command behind every winning-move lens: plays the move as a versioned edit. */
export const APPLY_MOVE_COMMAND = 'grundy.applyMove';

/**
 * The "k more winning moves" lens: the server offers the moves as a choice
 * (`window/showMessageRequest`) and plays the one picked. VS Code's client runs it itself
 * instead (a quick pick of every move, WINNING_MOVES_REQUEST, then APPLY_MOVE_COMMAND).
 */
export const SHOW_MOVES_COMMAND = 'grundy.showMoves';

/** The command of a lens that states a fact (every move loses, computing, not known): the game's hover as a message. */
export const EXPLAIN_GAME_COMMAND = 'grundy.explainGame';

export interface ExplainGameArguments {
  readonly uri: string;
  readonly game: string;
}

/** Registered by the VS Code client: copies the whole nimber at the cursor (NUMBER_AT_REQUEST). */
export const COPY_NIMBER_COMMAND = 'grundy.copyNimber';

/** Everything needed to find the move again, and to notice that the document moved on. No bigints: JSON. */
export interface ApplyMoveArguments {
  readonly uri: string;
  readonly version: number;
  readonly game: string;
  /** A digest of the game's computation key when the lens was made: the move indexes into that result. */
  readonly key: string;
  readonly index: number;
}

/** APPLY_MOVE_COMMAND's answer: applied (with the game after the move, long numbers abbreviated), or why not. */
export type ApplyMoveAnswer = { readonly applied: true; readonly after: string } | { readonly applied: false; readonly message: string };

/** What the "k more winning moves" lens passes to the client, which asks WINNING_MOVES_REQUEST for the list. */
export interface ShowMovesArguments {
  readonly uri: string;
  readonly version: number;
  readonly game: string;
  readonly key: string;
  readonly title: string;
}

/** Custom request: every listed winning move of a game, for the client's move picker. Params: ShowMovesArguments. */
export const WINNING_MOVES_REQUEST = 'grundy/winningMoves';

export type WinningMovesAnswer =
  | {
      readonly moves: readonly { readonly label: string; readonly description: string; readonly apply: ApplyMoveArguments }[];
      /** Winning moves that exist but were not listed (decimal: counts may exceed 2^53). */
      readonly unlisted: string;
    }
  | { readonly refused: string };

/** Custom request: the whole nimber under the cursor (hovers, hints and lenses abbreviate long ones). Params: TextDocumentPositionParams. */
export const NUMBER_AT_REQUEST = 'grundy/numberAt';

export type NumberAtAnswer =
  /** `text`: the value in decimal, whole; `what`: what it is the value of, for a message. */
  { readonly text: string; readonly digits: number; readonly what: string } | { readonly refused: string };
