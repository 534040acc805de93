// The extension's client side, on every platform: start the language server for `.game` files, and give some of
// its commands VS Code's own UI: the "k more winning moves" lens shows a quick pick of every move
// (the server's own version of that command offers a dozen as a message's buttons, which suits
// other editors), a rule's "explore" lens opens the nim-sequence explorer (a webview panel:
// explorer.ts; the server's own version tells the first values), the lenses above graphs, pictures and
// boards open their views (graphView.ts, boardView.ts: a board's winning move clicked is played by the
// server), "Copy Nimber at Cursor" and "Copy Explanation of Game at Cursor" (the server's
// grundy.explainGameMarkdown, to the clipboard).
// Everything else, applying a move and playing against the computer included, happens in the server. It also gives
// VS Code's Markdown preview a markdown-it plugin: ```game blocks show their games' values (server/src/markdown/,
// computed here, bounded).
import type { MarkdownIt } from 'markdown-it';
import { commands, type ExtensionContext, env, type TextEditor, window, workspace } from 'vscode';
import {
  type BaseLanguageClient,
  ExecuteCommandRequest,
  type LanguageClientOptions,
  type RequestType,
} from 'vscode-languageclient';
import { gameMarkdownPlugin } from '../../server/src/markdown/plugin';
import {
  APPLY_MOVE_COMMAND,
  type ApplyMoveArguments,
  type BoardAnswer,
  BoardRequest,
  COPY_EXPLANATION_COMMAND,
  COPY_NIMBER_COMMAND,
  EXPLAIN_GAME_MARKDOWN_COMMAND,
  EXPLORE_QUOTIENT_COMMAND,
  EXPLORE_SEQUENCE_COMMAND,
  type ExplainGameMarkdownArguments,
  type ExploreQuotientArguments,
  type ExploreSequenceArguments,
  type GameTreeAnswer,
  GameTreeRequest,
  type GraphAnswer,
  GraphRequest,
  type JointQuotientAnswer,
  JointQuotientRequest,
  NumberAtRequest,
  OPEN_EXAMPLE_COMMAND,
  type PictureAnswer,
  PictureRequest,
  PLAY_COMMAND,
  RESTART_SERVER_COMMAND,
  type SequenceAnswer,
  SequenceRequest,
  SHOW_BOARD_COMMAND,
  SHOW_GAME_TREE_COMMAND,
  SHOW_GRAPH_COMMAND,
  SHOW_MOVES_COMMAND,
  SHOW_OUTPUT_COMMAND,
  SHOW_PICTURE_COMMAND,
  type ShowBoardArguments,
  type ShowGameTreeArguments,
  type ShowGraphArguments,
  type ShowMovesArguments,
  type ShowPictureArguments,
  STOP_PLAY_COMMAND,
  StatusNotification,
  type StatusParams,
  WinningMovesRequest,
} from '../../server/src/protocol';
import { openBoardViews, showBoard } from './boardView';
import { exploreSequence, openExplorers } from './explorer';
import { openGraphViews, openPictureViews, openTreeViews, showGameTree, showGraph, showPicture } from './graphView';
import { exploreQuotient, openQuotientViews } from './quotientView';
import { GrundyStatus } from './status';

/** The walkthrough's first example: heaps under a rule, Kayles, and tokens on a graph. */
const FIRST_EXAMPLE = `# Piles of coins: a move takes one or two coins from one pile; who cannot move loses.
rule onetwo = subtract {1, 2}
game coins = onetwo 3 4 5     # hover a heap; click a ▶ lens above to play a winning move

# Kayles: knock down one pin or two neighbours. The lens above the rule opens its nim-sequence.
rule pins = octal 0.77
game row = pins 7 + pins 11

# Tokens on a graph: a move slides one token along an edge.
graph g {
  a -> b, c
  b -> d
  c -> d, e
  d -> e
}
game pebbles = g at a, c
`;

let client: BaseLanguageClient | undefined;
let status: GrundyStatus | undefined;

/** What the extension exports: its tests look inside (the status item, the open explorers). */
export interface GrundyApi {
  readonly status: () => StatusParams | undefined;
  readonly explorers: () => readonly {
    readonly uri: string;
    readonly rule: string;
    readonly answer: SequenceAnswer | undefined;
    /** What the panel did lately, oldest first. */
    readonly trail: readonly string[];
  }[];
  readonly graphViews: () => readonly {
    readonly uri: string;
    readonly graph: string;
    readonly answer: GraphAnswer | undefined;
  }[];
  readonly pictureViews: () => readonly {
    readonly uri: string;
    readonly game: string;
    readonly picture: number;
    readonly answer: PictureAnswer | undefined;
  }[];
  /** The open board views: each one's last answer, and the moves played from it (APPLY_MOVE_COMMAND's arguments). */
  readonly boardViews: () => readonly {
    readonly uri: string;
    readonly game: string;
    readonly board: number;
    readonly answer: BoardAnswer | undefined;
    readonly played: readonly ApplyMoveArguments[];
  }[];
  /** VS Code's Markdown preview calls this (`contributes.markdown.markdownItPlugins`): ```game blocks with values. */
  readonly extendMarkdownIt: (md: MarkdownIt) => MarkdownIt;
  /** The open misère views of sets of rules, each with its last answer. */
  readonly quotientViews: () => readonly {
    readonly uri: string;
    readonly game: string;
    readonly answer: JointQuotientAnswer | undefined;
  }[];
  /** The open game trees, each with its root's last answer. */
  readonly treeViews: () => readonly {
    readonly uri: string;
    readonly game: string;
    readonly answer: GameTreeAnswer | undefined;
  }[];
}

/** Makes the language client from the options every platform shares: the Node one or the browser one. */
export type ClientFactory = (clientOptions: LanguageClientOptions) => BaseLanguageClient;

/**
 * The extension, whatever runs it: extension.ts (Node, the server a process) and browserExtension.ts (a browser's
 * web worker extension host, the server a Web Worker) differ only in how they make the client.
 */
export async function activateGrundy(context: ExtensionContext, createClient: ClientFactory): Promise<GrundyApi> {
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'game' }],
    // The server has the settings from its first computation on; it reads changes itself
    // (`workspace/configuration` when told that they changed).
    // renderIcons: VS Code shows `$(name)` icons in lens titles; the server uses them only when told.
    // status: the server says what it computes (StatusNotification), for the language status item.
    initializationOptions: { settings: workspace.getConfiguration('grundy'), renderIcons: true, status: true },
    middleware: {
      // The client registers every command the server executes; this one it runs itself.
      executeCommand: (command, args, next) => {
        if (command === SHOW_MOVES_COMMAND) return showMoves(args[0] as ShowMovesArguments);
        if (command === EXPLORE_SEQUENCE_COMMAND)
          return explore(context, args[0] as ExploreSequenceArguments | undefined);
        if (command === EXPLORE_QUOTIENT_COMMAND)
          return quotient(context, args[0] as ExploreQuotientArguments | undefined);
        if (command === SHOW_GRAPH_COMMAND) return graph(context, args[0] as ShowGraphArguments | undefined);
        if (command === SHOW_PICTURE_COMMAND) return picture(context, args[0] as ShowPictureArguments | undefined);
        if (command === SHOW_BOARD_COMMAND) return board(context, args[0] as ShowBoardArguments | undefined);
        if (command === SHOW_GAME_TREE_COMMAND) return tree(context, args[0] as ShowGameTreeArguments | undefined);
        // From the palette, play mode begins for the game at the cursor (the server finds it by position).
        if ((command === PLAY_COMMAND || command === STOP_PLAY_COMMAND) && args[0] === undefined) {
          const editor = gameEditor();
          if (!editor) return void window.showWarningMessage('Put the cursor in a game of a .game file.');
          return next(command, [{ uri: editor.document.uri.toString(), position: editor.selection.active }]);
        }
        return next(command, args);
      },
    },
  };
  // No errorHandler of our own: the default one restarts a server whose connection closes (up to
  // 4 times in 3 minutes), which is what the server counts on when its message stream breaks and
  // it exits (server/src/transport.ts; test/integration/restart.itest.ts).
  client = createClient(clientOptions);
  context.subscriptions.push(
    // Hovers, hints and lenses abbreviate numbers past 64 digits; this copies one whole.
    commands.registerCommand(COPY_NIMBER_COMMAND, async () => {
      const editor = gameEditor();
      if (!editor) return void window.showWarningMessage('Put the cursor in a game of a .game file.');
      const answer = await client!.sendRequest(NumberAtRequest, {
        textDocument: { uri: editor.document.uri.toString() },
        position: editor.selection.active,
      });
      if ('refused' in answer) return void window.showWarningMessage(answer.refused);
      await env.clipboard.writeText(answer.text);
      void window.showInformationMessage(
        `Copied the nimber of ${answer.what.replace(/`/g, '')} (${answer.digits.toLocaleString('en-US')} ` +
          `digit${answer.digits === 1 ? '' : 's'}).`,
      );
    }),
    // The game's whole explanation (its hover and each component's working), as Markdown, from the server.
    commands.registerCommand(COPY_EXPLANATION_COMMAND, async () => {
      const editor = gameEditor();
      if (!editor) return void window.showWarningMessage('Put the cursor in a game of a .game file.');
      const args: ExplainGameMarkdownArguments = {
        uri: editor.document.uri.toString(),
        position: editor.selection.active,
      };
      let markdown: unknown;
      try {
        markdown = await client!.sendRequest(ExecuteCommandRequest.type, {
          command: EXPLAIN_GAME_MARKDOWN_COMMAND,
          arguments: [args],
        });
      } catch (error) {
        return void window.showWarningMessage(error instanceof Error ? error.message : String(error));
      }
      if (typeof markdown !== 'string') return void window.showWarningMessage('The server gave no explanation.');
      await env.clipboard.writeText(markdown);
      const title = /^\*\*game `([^`]*)`/.exec(markdown)?.[1];
      void window.showInformationMessage(
        `Copied the explanation of ${title ? `game ${title}` : 'the game'} as Markdown.`,
      );
    }),
  );
  status = new GrundyStatus();
  lastGameEditor = window.activeTextEditor?.document.languageId === 'game' ? window.activeTextEditor : undefined;
  context.subscriptions.push(
    window.onDidChangeActiveTextEditor((editor) => {
      if (editor?.document.languageId === 'game') lastGameEditor = editor;
    }),
    status,
    client.onNotification(StatusNotification, (params: StatusParams) => status?.show(params)),
    commands.registerCommand(RESTART_SERVER_COMMAND, async () => {
      status?.show({ computing: 0, labels: [] });
      // Node's client has restart() (a wait in debug mode); the browser's stops and starts again.
      const restartable = client as BaseLanguageClient & { restart?: () => Promise<void> };
      if (restartable.restart) await restartable.restart();
      else {
        await client!.stop();
        await client!.start();
      }
    }),
    commands.registerCommand(SHOW_OUTPUT_COMMAND, () => client!.outputChannel.show(true)),
    commands.registerCommand(OPEN_EXAMPLE_COMMAND, async () => {
      const document = await workspace.openTextDocument({ language: 'game', content: FIRST_EXAMPLE });
      await window.showTextDocument(document);
    }),
  );
  await client.start();
  // The palette's server commands (restart, output, cancel) apply from now on.
  await commands.executeCommand('setContext', 'grundy.active', true);
  return {
    status: () => status?.current,
    explorers: () =>
      openExplorers().map((explorer) => ({
        uri: explorer.uri,
        rule: explorer.rule,
        answer: explorer.answer,
        trail: explorer.trail,
      })),
    graphViews: openGraphViews,
    pictureViews: openPictureViews,
    boardViews: openBoardViews,
    extendMarkdownIt: (md) => gameMarkdownPlugin(md),
    treeViews: openTreeViews,
    quotientViews: () => openQuotientViews().map((view) => ({ uri: view.uri, game: view.game, answer: view.answer })),
  };
}

/** The last `.game` editor that had the focus: a command run with the focus in a panel beside it means that one. */
let lastGameEditor: TextEditor | undefined;

function gameEditor(): TextEditor | undefined {
  const active = window.activeTextEditor;
  if (active?.document.languageId === 'game') return active;
  return lastGameEditor && !lastGameEditor.document.isClosed && window.visibleTextEditors.includes(lastGameEditor)
    ? lastGameEditor
    : undefined;
}

/**
 * What `method` answers about the cursor of the `.game` editor (a palette command without
 * arguments: the rule or graph under the cursor is the server's to find), or undefined when
 * there is no such editor or the server refuses, which the user is told.
 */
async function askAtCursor<P extends { textDocument: { uri: string } }, T extends object>(
  type: RequestType<P, T | { refused: string }, void>,
  what: string,
  params: Omit<P, 'textDocument' | 'position'> = {} as Omit<P, 'textDocument' | 'position'>,
): Promise<{ uri: string; answer: Exclude<T, { refused: string }> } | undefined> {
  const editor = gameEditor();
  if (!editor) return void window.showWarningMessage(`Put the cursor on ${what} of a .game file.`);
  const uri = editor.document.uri.toString();
  const asked = { textDocument: { uri }, position: editor.selection.active, ...params } as unknown as P;
  const answer = await client!.sendRequest<T | { refused: string }>(type.method, asked);
  if ('refused' in answer) return void window.showWarningMessage(answer.refused);
  return { uri, answer: answer as Exclude<T, { refused: string }> };
}

/**
 * Opens the explorer: of the rule a lens names, or (from the palette) of the rule at the cursor (a request for G(0)
 * alone).
 */
async function explore(context: ExtensionContext, args: ExploreSequenceArguments | undefined): Promise<void> {
  if (args) return void exploreSequence(context, client!, args.uri, args.rule);
  const found = await askAtCursor(SequenceRequest, 'a rule', { upTo: 0 });
  if (found) exploreSequence(context, client!, found.uri, found.answer.rule);
}

/**
 * Opens the misère view of a game's rules: of the game a lens names, or (from the palette) of the game at the cursor
 * (a request for heap 0 alone finds it, and says why when it has no joint quotient).
 */
async function quotient(context: ExtensionContext, args: ExploreQuotientArguments | undefined): Promise<void> {
  if (args) return void exploreQuotient(context, client!, args.uri, args.game);
  const found = await askAtCursor(JointQuotientRequest, 'a misère game of heaps of several rules', { upTo: 0 });
  if (found) exploreQuotient(context, client!, found.uri, found.answer.game);
}

/** Opens the graph view: of the graph a lens names, or (from the palette) of the graph at the cursor. */
async function graph(context: ExtensionContext, args: ShowGraphArguments | undefined): Promise<void> {
  if (args) return void showGraph(context, client!, args.uri, args.graph);
  const found = await askAtCursor(GraphRequest, 'a graph');
  if (found) showGraph(context, client!, found.uri, found.answer.graph);
}

/** Opens the picture view: of the picture a lens names, or (from the palette) of the picture at the cursor. */
async function picture(context: ExtensionContext, args: ShowPictureArguments | undefined): Promise<void> {
  if (args) return void showPicture(context, client!, args.uri, args.game, args.picture);
  const found = await askAtCursor(PictureRequest, 'a Hackenbush picture');
  if (found) showPicture(context, client!, found.uri, found.answer.game, found.answer.picture);
}

/** Opens the board view: of the board a lens names, or (from the palette) of the board at the cursor. */
async function board(context: ExtensionContext, args: ShowBoardArguments | undefined): Promise<void> {
  if (args) return void showBoard(context, client!, args.uri, args.game, args.board);
  const found = await askAtCursor(BoardRequest, 'a game with a board');
  if (found) showBoard(context, client!, found.uri, found.answer.game, found.answer.board);
}

/**
 * Opens a game's tree in the graph panel: of the game the arguments name, or (from the palette) of the game whose
 * declaration holds the cursor (the root's request finds it).
 */
async function tree(context: ExtensionContext, args: ShowGameTreeArguments | undefined): Promise<void> {
  if (args) return void showGameTree(context, client!, args.uri, args.game);
  const found = await askAtCursor(GameTreeRequest, 'a game', { path: [] });
  if (found) showGameTree(context, client!, found.uri, found.answer.game);
}

/** Every listed winning move as a quick pick; the one picked is played by the server. */
async function showMoves(args: ShowMovesArguments): Promise<void> {
  const answer = await client!.sendRequest(WinningMovesRequest, args);
  if ('refused' in answer) return void window.showWarningMessage(answer.refused);
  const items = answer.moves.map((move) => ({ label: `▶ ${move.label}`, detail: move.description, apply: move.apply }));
  const more = BigInt(answer.unlisted);
  const picked = await window.showQuickPick(items, {
    title: args.title,
    placeHolder:
      more > 0n
        ? `pick a move to play (${more.toLocaleString('en-US')} more winning moves are not listed)`
        : 'pick a move to play',
    matchOnDetail: true,
  });
  if (picked) await commands.executeCommand(APPLY_MOVE_COMMAND, picked.apply);
}

export async function deactivateGrundy(): Promise<void> {
  await client?.stop();
  client = undefined;
}
