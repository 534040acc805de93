// The board view: a webview panel per board of a game and document, fed by the server's BoardRequest:
// a Cram board as a grid, a Chomp staircase, the graph of Node or Arc Kayles, the winning moves
// highlighted (the page: client/webview/board.ts). A click on a highlighted move plays it as its lens
// does: APPLY_MOVE_COMMAND, run by the server, with the index, version and key the answer gave (a
// game changed meanwhile is refused and told, nothing written). The panel follows the document (an
// edit, the move played included, redraws it), and asks again while the value is still computing.
import { commands, type ExtensionContext } from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { APPLY_MOVE_COMMAND, type ApplyMoveArguments, type BoardAnswer, BoardRequest } from '../../server/src/protocol';
import { FollowingPanel, OpenPanels } from './panel';

export const BOARD_VIEW_TYPE = 'grundy.boardView';

/** How long after an edit, or between asks while the value computes, the panel asks again. */
const ASK_AGAIN_MS = 300;

/**
 * What the page says: it is ready, or a winning move was clicked: its index among the game's listed winning moves, with
 * the version and key of the answer it was drawn from.
 */
type PageMessage = { type: 'ready' } | { type: 'play'; index: number; version: number; key: string };

const open = new OpenPanels<BoardView>();

/** Opens the view of a game's board in the document `uri`, or shows the one already open. */
export function showBoard(
  context: ExtensionContext,
  client: LanguageClient,
  uri: string,
  game: string,
  board: number,
): void {
  open.show(
    `${uri}\u0000board\u0000${game}\u0000${board}`,
    (onClose) => new BoardView(context, client, uri, game, board, onClose),
  );
}

/** The open board views, with their last answers and the moves played from them (tests look into them). */
export function openBoardViews(): readonly {
  uri: string;
  game: string;
  board: number;
  answer: BoardAnswer | undefined;
  played: readonly ApplyMoveArguments[];
}[] {
  return open.all().map((view) => ({
    uri: view.uri,
    game: view.game,
    board: view.board,
    answer: view.answer,
    played: view.played,
  }));
}

/** A board's name: `board of g`, or `board 2 of g` in a game with more boards than one. */
function boardTitle(game: string, board: number, boards: number): string {
  return boards > 1 ? `board ${board + 1} of ${game}` : `board of ${game}`;
}

class BoardView extends FollowingPanel<PageMessage, { type: 'board'; answer: BoardAnswer }> {
  readonly played: ApplyMoveArguments[] = [];
  private last: BoardAnswer | undefined;

  constructor(
    context: ExtensionContext,
    private readonly client: LanguageClient,
    uri: string,
    readonly game: string,
    readonly board: number,
    onClose: () => void,
  ) {
    const title = boardTitle(game, board, board + 1);
    const main = { id: 'board', 'data-game': game, 'data-board': String(board) };
    super(
      context.extensionUri,
      BOARD_VIEW_TYPE,
      title,
      { style: 'board', script: 'board', main },
      uri,
      onClose,
      ASK_AGAIN_MS,
    );
  }

  /** The last answer (tests read it). */
  get answer(): BoardAnswer | undefined {
    return this.last;
  }

  protected receive(message: PageMessage): void {
    if (message.type === 'ready') void this.refresh();
    else if (message.type === 'play') void this.play(message.index, message.version, message.key);
  }

  /**
   * A winning move clicked in the page: played by the server as its lens plays it (the edit is versioned: a document
   * that moved on refuses it). Then the board is asked for again: the position after the move, or the same one
   * if nothing was written (the server told the user why).
   */
  private async play(index: number, version: number, key: string): Promise<void> {
    const args: ApplyMoveArguments = { uri: this.uri, version, game: this.game, key, index };
    this.played.push(args);
    try {
      await commands.executeCommand(APPLY_MOVE_COMMAND, args);
    } finally {
      if (!this.disposed) this.askSoon();
    }
  }

  protected async refresh(): Promise<void> {
    let answer: BoardAnswer;
    try {
      answer = await this.client.sendRequest(BoardRequest, {
        textDocument: { uri: this.uri },
        game: this.game,
        board: this.board,
      });
    } catch (cause) {
      answer = { refused: `The server did not answer: ${cause instanceof Error ? cause.message : String(cause)}` };
    }
    if (this.disposed) return; // the panel closed while the server answered
    this.last = answer;
    // The tab's title says "board 2 of g" where the game has more boards than one.
    if (!('refused' in answer)) this.panel.title = boardTitle(this.game, this.board, answer.boards);
    await this.post({ type: 'board', answer });
    if (!('refused' in answer) && answer.computing) this.askSoon();
  }
}
