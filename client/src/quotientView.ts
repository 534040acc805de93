// The misère view of a set of rules: a webview panel per misère game (of heaps of several rules) and document, fed
// by the server's JointQuotientRequest: the joint quotient that decides the game, its presentation, P-portion,
// multiplication table and each rule's pretending function (the page: client/webview/quotient.ts). It follows the
// document (an edit asks again, a moment later; an answer older than the text is asked again), grows further on
// request (four times the heaps shown) and cancels.
import { CancellationTokenSource, type ExtensionContext, workspace } from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import {
  type JointQuotientAnswer,
  type JointQuotientParams,
  JointQuotientRequest,
  QUOTIENT_DEFAULT_UP_TO,
  QUOTIENT_MAX_UP_TO,
} from '../../server/src/protocol';
import type { FromQuotientPanel, ToQuotientPanel } from './explorerMessages';
import { FollowingPanel, OpenPanels } from './panel';

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

export class QuotientView extends FollowingPanel<FromQuotientPanel, ToQuotientPanel> {
  private upTo = QUOTIENT_DEFAULT_UP_TO;
  private last: JointQuotientAnswer | undefined;
  private running: CancellationTokenSource | undefined;

  constructor(
    context: ExtensionContext,
    private readonly client: LanguageClient,
    uri: string,
    readonly game: string,
    onClose: () => void,
  ) {
    const page = { style: 'explorer', script: 'quotient', main: { id: 'quotient', 'data-game': game } };
    super(context.extensionUri, QUOTIENT_VIEW_TYPE, `${game}: misère quotient`, page, uri, onClose, FOLLOW_DELAY_MS);
  }

  /** The last answer (tests read it). */
  get answer(): JointQuotientAnswer | undefined {
    return this.last;
  }

  protected receive(message: FromQuotientPanel): Promise<void> | undefined {
    switch (message.type) {
      case 'ready':
        return this.refresh();
      case 'further':
        this.upTo = Math.min(QUOTIENT_MAX_UP_TO, 4 * (this.upTo + 1) - 1);
        return this.refresh();
      case 'cancel':
        this.running?.cancel();
        return;
    }
  }

  protected closed(): void {
    this.running?.cancel();
  }

  /** Asks for the quotient, each rule's pretending function to upTo; a request still running is cancelled first. */
  protected async refresh(): Promise<void> {
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
    if (!('refused' in answer) && current !== undefined && answer.version < current) return this.askSoon();
    this.last = answer;
    await this.post({ type: 'quotient', answer, computing: false });
  }
}
