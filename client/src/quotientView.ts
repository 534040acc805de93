// The misère view of a set of rules: a webview panel per misère game (of heaps of several rules) and document, fed
// by the server's JointQuotientRequest: the joint quotient that decides the game, its presentation, P-portion,
// multiplication table and each rule's pretending function (the page: client/webview/quotient.ts). It follows the
// document (an edit asks again, a moment later; an answer older than the text is asked again), grows further on
// request (four times the heaps shown) and cancels.
import { CancellationTokenSource, type Disposable, type ExtensionContext, type WebviewPanel, workspace } from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import {
  type JointQuotientAnswer,
  type JointQuotientParams,
  JointQuotientRequest,
  QUOTIENT_DEFAULT_UP_TO,
  QUOTIENT_MAX_UP_TO,
} from '../../server/src/protocol';
import type { FromQuotientPanel, ToQuotientPanel } from './explorerMessages';
import { createPanel, OpenPanels, onDocumentEdited } from './panel';

export const QUOTIENT_VIEW_TYPE = 'grundy.quotientView';

/** How long after an edit the panel asks again (the server re-analyses first). */
const FOLLOW_DELAY_MS = 300;

const open = new OpenPanels<QuotientView>();

/** Opens the misère view of the rules of `game` in the document `uri`, or shows the one already open. */
export function exploreQuotient(
  context: ExtensionContext,
  client: LanguageClient,
  uri: string,
  game: string,
): QuotientView {
  return open.show(
    `${uri}\u0000quotient\u0000${game}`,
    (onClose) => new QuotientView(context, client, uri, game, onClose),
  );
}

/** The open views (tests look into them). */
export function openQuotientViews(): readonly QuotientView[] {
  return open.all();
}

export class QuotientView {
  readonly panel: WebviewPanel;
  private upTo = QUOTIENT_DEFAULT_UP_TO;
  private last: JointQuotientAnswer | undefined;
  private running: CancellationTokenSource | undefined;
  private followTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly disposables: Disposable[] = [];
  private disposed = false;

  constructor(
    context: ExtensionContext,
    private readonly client: LanguageClient,
    readonly uri: string,
    readonly game: string,
    onClose: () => void,
  ) {
    this.panel = createPanel(context.extensionUri, QUOTIENT_VIEW_TYPE, `${game}: misère quotient`, {
      style: 'explorer',
      script: 'quotient',
      main: { id: 'quotient', 'data-game': game },
    });
    this.disposables.push(
      this.panel.webview.onDidReceiveMessage((message: FromQuotientPanel) => void this.receive(message)),
      onDocumentEdited(uri, () => {
        clearTimeout(this.followTimer);
        this.followTimer = setTimeout(() => void this.request(), FOLLOW_DELAY_MS);
      }),
    );
    this.panel.onDidDispose(() => {
      this.disposed = true;
      onClose();
      this.running?.cancel();
      clearTimeout(this.followTimer);
      for (const d of this.disposables) d.dispose();
    });
  }

  /** The last answer (tests read it). */
  get answer(): JointQuotientAnswer | undefined {
    return this.last;
  }

  private receive(message: FromQuotientPanel): Promise<void> | undefined {
    switch (message.type) {
      case 'ready':
        return this.request();
      case 'further':
        this.upTo = Math.min(QUOTIENT_MAX_UP_TO, 4 * (this.upTo + 1) - 1);
        return this.request();
      case 'cancel':
        this.running?.cancel();
        return;
    }
  }

  /** Asks for the quotient, each rule's pretending function to upTo; a request still running is cancelled first. */
  private async request(): Promise<void> {
    this.running?.cancel();
    const source = new CancellationTokenSource();
    this.running = source;
    await this.post({ type: 'computing', upTo: this.upTo });
    const params: JointQuotientParams = { textDocument: { uri: this.uri }, game: this.game, upTo: this.upTo };
    let answer: JointQuotientAnswer;
    try {
      answer = await this.client.sendRequest(JointQuotientRequest, params, source.token);
    } catch (cause) {
      if (this.running !== source) return; // a newer request took over
      answer = { refused: `The server did not answer: ${cause instanceof Error ? cause.message : String(cause)}` };
    }
    if (this.running !== source) return;
    this.running = undefined;
    source.dispose();
    // Made from an older text than the editor's (the request overtook the edit): ask again.
    const current = workspace.textDocuments.find((d) => d.uri.toString() === this.uri)?.version;
    if (!('refused' in answer) && current !== undefined && answer.version < current) {
      clearTimeout(this.followTimer);
      this.followTimer = setTimeout(() => void this.request(), FOLLOW_DELAY_MS);
      return;
    }
    this.last = answer;
    await this.post({ type: 'quotient', answer, computing: false });
  }

  private post(message: ToQuotientPanel): Thenable<boolean> {
    // An answer may come after the panel closed: nobody is left to tell.
    if (this.disposed) return Promise.resolve(false);
    return this.panel.webview.postMessage(message);
  }
}
