// What the user sees of computations while they run: LSP work-done progress (with a Cancel
// button) once one has lasted a while, and, for a client that asked (initializationOptions.status),
// a status notification with what is computing and the last failure (protocol.ts).
import type { WorkDoneProgressServerReporter } from 'vscode-languageserver';
import type { Computations } from './compute/computations';
import type { StatusParams } from './protocol';

/** Computations that take longer than this get a progress notification. */
const progressAfterMs = 500;
/** How often progress is said again while computations run. */
const progressEveryMs = 250;

/** What progress needs of the connection (server.ts gives it). */
export interface ProgressClient {
  /** Whether the client shows work-done progress (asked each time: capabilities come with `initialize`). */
  showsProgress(): boolean;
  createProgress(): Promise<WorkDoneProgressServerReporter>;
  /** Whether the client asked for the status notification (initializationOptions.status). */
  wantsStatus(): boolean;
  sendStatus(status: StatusParams): void;
  /** Runs a send without letting a closed connection throw (server.ts's toClient). */
  send(send: () => unknown): void;
}

export class ComputationProgress {
  private progress: { reporter?: WorkDoneProgressServerReporter; readonly finishedAtStart: number } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastStatus = '';
  /** The last computation that failed, as the status says it. */
  lastError: string | undefined;

  constructor(
    private readonly computations: Computations,
    private readonly client: ProgressClient,
  ) {}

  /** Says where computations are. O(1) in the number of computations (pendingSummary looks at a few of the oldest). */
  update(): void {
    const pending = this.computations.pendingSummary();
    this.updateStatus(pending);
    if (!pending) {
      const reporter = this.progress?.reporter;
      if (reporter) this.client.send(() => reporter.done());
      this.progress = undefined;
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    this.timer ??= setInterval(() => this.update(), progressEveryMs);
    if (!this.progress) {
      if (Date.now() - pending.oldestStartedAt < progressAfterMs || !this.client.showsProgress()) return;
      // Computations finished before this progress began: the percentage counts those after.
      const started: { reporter?: WorkDoneProgressServerReporter; readonly finishedAtStart: number } = {
        finishedAtStart: pending.finishedTotal,
      };
      this.progress = started;
      this.client.send(() =>
        this.client.createProgress().then(
          (reporter) => {
            if (this.progress !== started) return reporter.done();
            started.reporter = reporter;
            reporter.begin('Grundy: computing nimbers', 0, progressMessage(pending), true);
            reporter.token.onCancellationRequested(() => this.computations.cancelAll());
          },
          () => undefined,
        ),
      );
      return;
    }
    const done = pending.finishedTotal - this.progress.finishedAtStart;
    const reporter = this.progress.reporter;
    if (reporter)
      this.client.send(() =>
        reporter.report(Math.floor((100 * done) / (done + pending.count)), progressMessage(pending)),
      );
  }

  dispose(): void {
    clearInterval(this.timer);
  }

  private updateStatus(pending: ReturnType<Computations['pendingSummary']>): void {
    if (!this.client.wantsStatus()) return;
    const status: StatusParams = {
      computing: pending?.count ?? 0,
      labels: pending?.labels ?? [],
      ...(this.lastError ? { lastError: this.lastError } : {}),
    };
    const text = JSON.stringify(status);
    if (text === this.lastStatus) return;
    this.lastStatus = text;
    this.client.send(() => this.client.sendStatus(status));
  }
}

function progressMessage(pending: { count: number; oldestStartedAt: number; labels: string[] }): string {
  const seconds = ((Date.now() - pending.oldestStartedAt) / 1000).toFixed(0);
  const more = pending.count - pending.labels.length;
  return `${pending.labels.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''} (${seconds} s)`;
}
