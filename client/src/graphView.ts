// The graph view: a webview panel per graph (or Hackenbush picture) and document, fed by the
// server's GraphRequest (PictureRequest): a DAG drawn with each vertex's nimber, the P-positions
// marked and the games' tokens on their vertices; a picture drawn standing on its ground, the
// winning cuts marked (the layout is dagre's, in the page: client/webview/graph.ts). It follows
// the document, and asks again while the values are still computing. A game's tree (GameTreeRequest)
// is drawn as nested lists: the page asks for a node's children when it is opened (`expand`, with
// the node's path of move indexes), and the game as written again after an edit.
import type { ExtensionContext } from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import {
  type GameTreeAnswer,
  GameTreeRequest,
  type GraphAnswer,
  GraphRequest,
  type PictureAnswer,
  PictureRequest,
} from '../../server/src/protocol';
import { FollowingPanel, OpenPanels } from './panel';

export const GRAPH_VIEW_TYPE = 'grundy.graphView';

/** How long after an edit, or between asks while the nimbers compute, the panel asks again. */
const ASK_AGAIN_MS = 300;

/**
 * What a view draws: a declared graph, a game's Hackenbush picture (its index among the game's pictures), or a game's
 * tree.
 */
type Subject =
  | { readonly kind: 'graph'; readonly graph: string }
  | { readonly kind: 'picture'; readonly game: string; readonly picture: number }
  | { readonly kind: 'tree'; readonly game: string };

type Answer<S extends Subject> = S extends { kind: 'graph' }
  ? GraphAnswer
  : S extends { kind: 'picture' }
    ? PictureAnswer
    : GameTreeAnswer;

/** What the page says: it is ready, or a node of the tree is opened (its path, and the root it was drawn for). */
type PageMessage = { type: 'ready' } | { type: 'expand'; path: number[]; root: string };

const open = new OpenPanels<DrawingView<Subject>>();

/** Opens the view of `graph` in the document `uri`, or shows the one already open. */
export function showGraph(context: ExtensionContext, client: LanguageClient, uri: string, graph: string): void {
  const subject: Subject = { kind: 'graph', graph };
  open.show(`${uri}\u0000graph\u0000${graph}`, (onClose) => new DrawingView(context, client, uri, subject, onClose));
}

/** Opens the view of a game's picture in the document `uri`, or shows the one already open. */
export function showPicture(
  context: ExtensionContext,
  client: LanguageClient,
  uri: string,
  game: string,
  picture: number,
): void {
  const subject: Subject = { kind: 'picture', game, picture };
  open.show(
    `${uri}\u0000picture\u0000${game}\u0000${picture}`,
    (onClose) => new DrawingView(context, client, uri, subject, onClose),
  );
}

/** Opens the tree of `game` in the document `uri`, or shows the one already open. */
export function showGameTree(context: ExtensionContext, client: LanguageClient, uri: string, game: string): void {
  const subject: Subject = { kind: 'tree', game };
  open.show(`${uri}\u0000tree\u0000${game}`, (onClose) => new DrawingView(context, client, uri, subject, onClose));
}

/** The open tree views, with the root's last answer (tests look into them). */
export function openTreeViews(): readonly { uri: string; game: string; answer: GameTreeAnswer | undefined }[] {
  return open
    .all()
    .flatMap((view) =>
      view.subject.kind === 'tree'
        ? [{ uri: view.uri, game: view.subject.game, answer: view.answer as GameTreeAnswer | undefined }]
        : [],
    );
}

/** The open graph views (tests look into them). */
export function openGraphViews(): readonly { uri: string; graph: string; answer: GraphAnswer | undefined }[] {
  return open
    .all()
    .flatMap((view) =>
      view.subject.kind === 'graph'
        ? [{ uri: view.uri, graph: view.subject.graph, answer: view.answer as GraphAnswer | undefined }]
        : [],
    );
}

/** The open picture views (tests look into them). */
export function openPictureViews(): readonly {
  uri: string;
  game: string;
  picture: number;
  answer: PictureAnswer | undefined;
}[] {
  return open.all().flatMap((view) =>
    view.subject.kind === 'picture'
      ? [
          {
            uri: view.uri,
            game: view.subject.game,
            picture: view.subject.picture,
            answer: view.answer as PictureAnswer | undefined,
          },
        ]
      : [],
  );
}

class DrawingView<S extends Subject> extends FollowingPanel<PageMessage, unknown> {
  private last: Answer<S> | undefined;

  constructor(
    context: ExtensionContext,
    private readonly client: LanguageClient,
    uri: string,
    readonly subject: S,
    onClose: () => void,
  ) {
    const title =
      subject.kind === 'graph'
        ? `graph ${subject.graph}`
        : subject.kind === 'picture'
          ? `picture ${subject.picture + 1} of ${subject.game}`
          : `tree of ${subject.game}`;
    const main: Record<string, string> =
      subject.kind === 'graph'
        ? { id: 'graph', 'data-graph': subject.graph }
        : subject.kind === 'picture'
          ? { id: 'graph', 'data-game': subject.game, 'data-picture': String(subject.picture) }
          : { id: 'graph', 'data-tree': subject.game };
    const page = { style: 'graph', script: 'graph', main };
    super(context.extensionUri, GRAPH_VIEW_TYPE, title, page, uri, onClose, ASK_AGAIN_MS);
  }

  /** The last answer (tests read it). */
  get answer(): Answer<S> | undefined {
    return this.last;
  }

  protected receive(message: PageMessage): void {
    if (message.type === 'ready') void this.refresh();
    else if (message.type === 'expand') void this.expand(message.path, message.root);
  }

  private async ask(): Promise<GraphAnswer | PictureAnswer | GameTreeAnswer> {
    const textDocument = { uri: this.uri };
    const subject: Subject = this.subject;
    return subject.kind === 'graph'
      ? this.client.sendRequest(GraphRequest, { textDocument, graph: subject.graph })
      : subject.kind === 'picture'
        ? this.client.sendRequest(PictureRequest, { textDocument, game: subject.game, picture: subject.picture })
        : this.client.sendRequest(GameTreeRequest, { textDocument, game: subject.game, path: [] });
  }

  /** A node of the tree opened in the page: its children, asked for by its path, go to the page. */
  private async expand(path: number[], root: string): Promise<void> {
    if (this.subject.kind !== 'tree') return;
    let answer: GameTreeAnswer;
    try {
      answer = await this.client.sendRequest(GameTreeRequest, {
        textDocument: { uri: this.uri },
        game: this.subject.game,
        path,
        root,
      });
    } catch (cause) {
      answer = { refused: `The server did not answer: ${cause instanceof Error ? cause.message : String(cause)}` };
    }
    await this.post({ type: 'tree', answer, path });
  }

  protected async refresh(): Promise<void> {
    let answer: GraphAnswer | PictureAnswer | GameTreeAnswer;
    try {
      answer = await this.ask();
    } catch (cause) {
      answer = { refused: `The server did not answer: ${cause instanceof Error ? cause.message : String(cause)}` };
    }
    if (this.disposed) return; // the panel closed while the server answered
    this.last = answer as Answer<S>;
    await this.post({ type: this.subject.kind, answer, path: [] });
    if (!('refused' in answer) && 'computing' in answer && answer.computing) this.askSoon();
  }
}
