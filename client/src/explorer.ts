// The nim-sequence explorer: a webview panel per rule and document, fed by the server's
// SequenceRequest. It follows the document (an edit asks again, a moment later), computes further
// on request (with a cancel), exports and copies. The panel's page is client/webview/explorer.ts;
// it loads nothing but this extension's own files (a strict content security policy).
import { CancellationTokenSource, type ExtensionContext, env, Uri, window, workspace } from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import {
  type QuotientAnswer,
  QuotientRequest,
  SEQUENCE_DEFAULT_UP_TO,
  SEQUENCE_MAX_UP_TO,
  type SequenceAnswer,
  type SequenceParams,
  SequenceRequest,
  WYTHOFF_MAX_SIZE,
} from '../../server/src/protocol';
import {
  EXPORT_FORMATS,
  type ExplorerData,
  type ExportFormat,
  exportText,
  type FromPanel,
  type ToPanel,
} from './explorerMessages';
import { FollowingPanel, OpenPanels } from './panel';

export const EXPLORER_VIEW_TYPE = 'grundy.sequenceExplorer';

/** How long after an edit the panel asks again (the server re-analyses first). */
const FOLLOW_DELAY_MS = 300;

const open = new OpenPanels<SequenceExplorer>();

/** Opens the explorer of `rule` in the document `uri`, or shows the one already open. */
export function exploreSequence(
  context: ExtensionContext,
  client: LanguageClient,
  uri: string,
  rule: string,
): SequenceExplorer {
  return open.show(`${uri}\u0000${rule}`, (onClose) => new SequenceExplorer(context, client, uri, rule, onClose));
}

/** The open explorers (tests look into them). */
export function openExplorers(): readonly SequenceExplorer[] {
  return open.all();
}

export class SequenceExplorer extends FollowingPanel<FromPanel, ToPanel> {
  /** How far to compute: undefined until the panel asks for more (the server's default, by the kind of rule). */
  private upTo: number | undefined;
  private last: SequenceAnswer | undefined;
  private lastMisere: QuotientAnswer | undefined;
  private running: CancellationTokenSource | undefined;
  /** What the panel did lately, oldest first (a test that times out says it). */
  private readonly events: string[] = [];

  constructor(
    private readonly context: ExtensionContext,
    private readonly client: LanguageClient,
    uri: string,
    readonly rule: string,
    onClose: () => void,
  ) {
    const page = { style: 'explorer', script: 'explorer', main: { id: 'explorer', 'data-rule': rule } };
    super(context.extensionUri, EXPLORER_VIEW_TYPE, `${rule}: nim-sequence`, page, uri, onClose, FOLLOW_DELAY_MS);
  }

  protected edited(version: number): void {
    this.note(`edit seen (version ${version})`);
  }

  protected closed(): void {
    this.running?.cancel();
  }

  /** The last answer (tests read it). */
  get answer(): SequenceAnswer | undefined {
    return this.last;
  }

  /** What the panel did lately (tests say it when they time out). */
  get trail(): readonly string[] {
    return this.events;
  }

  private note(event: string): void {
    this.events.push(`${Math.round(performance.now())} ms: ${event}`);
    if (this.events.length > 40) this.events.shift();
  }

  protected async receive(message: FromPanel): Promise<void> {
    this.note(`panel says ${message.type}`);
    switch (message.type) {
      case 'ready':
        return this.refresh();
      case 'further': {
        // Four times the values of a sequence; twice the side of Wythoff's table.
        const data = this.data();
        if (data && 'table' in data) this.upTo = Math.min(WYTHOFF_MAX_SIZE, 2 * (data.size + 1) - 1);
        else
          this.upTo = Math.min(
            SEQUENCE_MAX_UP_TO,
            4 * ((data ? data.values.length - 1 : SEQUENCE_DEFAULT_UP_TO) + 1) - 1,
          );
        return this.refresh();
      }
      case 'cancel':
        this.running?.cancel();
        return;
      case 'export':
        return this.export(message.format);
      case 'copy': {
        const data = this.data();
        if (!data) return;
        await env.clipboard.writeText(exportText(data, message.format));
        void window.showInformationMessage(
          `Copied ${valueCount(data).toLocaleString('en-US')} values of ${data.rule} (${label(message.format)}).`,
        );
        return;
      }
    }
  }

  private data(): ExplorerData | undefined {
    return this.last && !('refused' in this.last) ? this.last : undefined;
  }

  /** Asks the server for G(0) to G(upTo); a request still running is cancelled first. */
  protected async refresh(): Promise<void> {
    this.running?.cancel();
    const source = new CancellationTokenSource();
    this.running = source;
    this.note('asking');
    await this.post({ type: 'computing', upTo: this.upTo ?? 0 });
    const params: SequenceParams = { textDocument: { uri: this.uri }, rule: this.rule, upTo: this.upTo };
    let answer: SequenceAnswer;
    try {
      this.note('sequence request sent');
      answer = await this.client.sendRequest(SequenceRequest, params, source.token);
    } catch (cause) {
      this.note(`sequence request failed: ${cause instanceof Error ? cause.message : String(cause)}`);
      if (source.token.isCancellationRequested && this.running !== source) return; // a newer request took over
      answer = { refused: `The server did not answer: ${cause instanceof Error ? cause.message : String(cause)}` };
    }
    // Made from an older text than the editor's (the request overtook the edit): ask again.
    const current = workspace.textDocuments.find((d) => d.uri.toString() === this.uri)?.version;
    this.note(
      'refused' in answer
        ? `refused: ${answer.refused}`
        : `answer of version ${answer.version} (editor at ${current}): ${answer.definition}` +
            (this.running === source ? '' : ', overtaken'),
    );
    if (this.running !== source) return;
    if (!('refused' in answer) && answer.version !== undefined && current !== undefined && answer.version < current) {
      this.running = undefined;
      source.dispose();
      this.askSoon();
      return;
    }
    this.last = answer;
    // A two-variable rule (Wythoff's, or one's own) answers with a table of values, not a sequence.
    this.panel.title = `${this.rule}: ${'table' in answer ? 'table of values' : 'nim-sequence'}`;
    await this.post({ type: 'sequence', answer, upTo: this.upTo ?? 0, computing: false });
    // A heap rule's misère view comes after its values, under the same token: a newer request or
    // Cancel stops it too (and one that started while the values were posted takes over).
    if (!('refused' in answer) && !('table' in answer) && this.running === source) {
      let misere: QuotientAnswer;
      try {
        misere = await this.client.sendRequest(QuotientRequest, params, source.token);
      } catch (cause) {
        misere = { refused: `The server did not answer: ${cause instanceof Error ? cause.message : String(cause)}` };
      }
      if (this.running !== source) return;
      this.lastMisere = misere;
      await this.post({ type: 'misere', answer: misere });
    }
    // Only if no newer request started while this one posted its answers: clearing a newer one's token made its
    // answer look overtaken, and the explorer dropped it (the web worker host's "follows an edit" failures).
    if (this.running === source) this.running = undefined;
    source.dispose();
  }

  /** The last misère answer (tests read it). */
  get misere(): QuotientAnswer | undefined {
    return this.lastMisere;
  }

  private async export(format: ExportFormat): Promise<void> {
    const data = this.data();
    if (!data) return;
    const extension = EXPORT_FORMATS.find((f) => f.format === format)!.extension;
    const folder = workspace.workspaceFolders?.[0]?.uri ?? Uri.file(this.context.globalStorageUri.fsPath);
    const target = await window.showSaveDialog({
      defaultUri: Uri.joinPath(folder, `${data.rule}-${'table' in data ? 'table' : 'nim-sequence'}.${extension}`),
      filters: { [label(format)]: [extension] },
    });
    if (!target) return;
    await workspace.fs.writeFile(target, new TextEncoder().encode(exportText(data, format)));
    void window.showInformationMessage(
      `Saved ${valueCount(data).toLocaleString('en-US')} values of ${data.rule} to ${target.fsPath}.`,
    );
  }
}

function valueCount(data: ExplorerData): number {
  return 'table' in data ? data.table.length : data.values.length;
}

function label(format: ExportFormat): string {
  return EXPORT_FORMATS.find((f) => f.format === format)!.label;
}
