// The language status item of `.game` files (the `{}` next to the language mode in the status
// bar): idle, computing k games (with a cancel), or the last failure; always a link to the output.
// The server sends what it knows as StatusNotification when asked (initializationOptions.status).
import { type Disposable, LanguageStatusSeverity, languages } from 'vscode';
import { CANCEL_COMPUTATIONS_COMMAND, SHOW_OUTPUT_COMMAND, type StatusParams } from '../../server/src/protocol';

export class GrundyStatus implements Disposable {
  private readonly item = languages.createLanguageStatusItem('grundy.status', { language: 'game' });
  /** The last status shown (tests read it). */
  current: StatusParams = { computing: 0, labels: [] };

  constructor() {
    this.item.name = 'Grundy';
    this.show(this.current);
  }

  show(status: StatusParams): void {
    this.current = status;
    const { item } = this;
    item.busy = status.computing > 0;
    if (status.computing > 0) {
      const names =
        status.labels.length > 0
          ? `: ${status.labels.join(', ')}${status.computing > status.labels.length ? ', …' : ''}`
          : '';
      item.text = `Grundy: computing ${status.computing} game${status.computing === 1 ? '' : 's'}`;
      item.detail = `nimbers being computed${names}`;
      item.command = {
        title: 'Cancel',
        command: CANCEL_COMPUTATIONS_COMMAND,
        tooltip: 'Stop every computation (each keeps what it found)',
      };
    } else {
      item.text = 'Grundy: idle';
      item.detail = status.lastError ? `last failure: ${status.lastError}` : 'every value is computed';
      item.command = { title: 'Show Output', command: SHOW_OUTPUT_COMMAND, tooltip: "The language server's log" };
    }
    item.severity =
      status.lastError && status.computing === 0 ? LanguageStatusSeverity.Warning : LanguageStatusSeverity.Information;
  }

  dispose(): void {
    this.item.dispose();
  }
}
