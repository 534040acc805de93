// The graph view: a webview panel per graph and document, fed by the server's GraphRequest,
// drawing the DAG with each vertex's nimber, the P-positions marked and the games' tokens on their
// vertices (the layout is dagre's, in the page: client/webview/graph.ts). It follows the document,
// and asks again while the nimbers are still computing.
import type { Disposable, ExtensionContext, WebviewPanel } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { type GraphAnswer, type GraphParams, GraphRequest } from '../../server/src/protocol';
import { createPanel, OpenPanels, onDocumentEdited } from './panel';

export const GRAPH_VIEW_TYPE = 'grundy.graphView';

/** How long after an edit, or between asks while the nimbers compute, the panel asks again. */
const ASK_AGAIN_MS = 300;

const open = new OpenPanels<GraphView>();

/** Opens the view of `graph` in the document `uri`, or shows the one already open. */
export function showGraph(context: ExtensionContext, client: LanguageClient, uri: string, graph: string): GraphView {
  return open.show(`${uri}\u0000${graph}`, (onClose) => new GraphView(context, client, uri, graph, onClose));
}

/** The open graph views (tests look into them). */
export function openGraphViews(): readonly GraphView[] {
  return open.all();
}

export class GraphView {
  readonly panel: WebviewPanel;
  private last: GraphAnswer | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly disposables: Disposable[] = [];
  private disposed = false;

  constructor(
    context: ExtensionContext,
    private readonly client: LanguageClient,
    readonly uri: string,
    readonly graph: string,
    onClose: () => void,
  ) {
    this.panel = createPanel(context.extensionUri, GRAPH_VIEW_TYPE, `graph ${graph}`, {
      style: 'graph',
      script: 'graph',
      main: { id: 'graph', 'data-graph': graph },
    });
    this.disposables.push(
      this.panel.webview.onDidReceiveMessage((message: { type: 'ready' }) => {
        if (message.type === 'ready') void this.request();
      }),
      onDocumentEdited(uri, () => this.askSoon()),
    );
    this.panel.onDidDispose(() => {
      this.disposed = true;
      onClose();
      clearTimeout(this.timer);
      for (const d of this.disposables) d.dispose();
    });
  }

  /** The last answer (tests read it). */
  get answer(): GraphAnswer | undefined {
    return this.last;
  }

  private askSoon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.request(), ASK_AGAIN_MS);
  }

  private async request(): Promise<void> {
    const params: GraphParams = { textDocument: { uri: this.uri }, graph: this.graph };
    let answer: GraphAnswer;
    try {
      answer = await this.client.sendRequest(GraphRequest, params);
    } catch (cause) {
      answer = { refused: `The server did not answer: ${cause instanceof Error ? cause.message : String(cause)}` };
    }
    if (this.disposed) return; // the panel closed while the server answered
    this.last = answer;
    await this.panel.webview.postMessage({ type: 'graph', answer });
    if (!('refused' in answer) && answer.computing) this.askSoon();
  }
}
