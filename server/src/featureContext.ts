// What features may do (features/feature.ts's FeatureContext), made for one connection: read the
// documents' views, tell or ask the user, apply an edit, run a job of their own in a worker.
import {
  type ClientCapabilities,
  type Connection,
  MessageType,
  ShowMessageNotification,
  ShowMessageRequest,
} from 'vscode-languageserver';
import { toClient } from './answers';
import type { Computations } from './compute/computations';
import type { ComputationPool } from './compute/computationTypes';
import type { DocumentStore } from './documentStore';
import type { FeatureContext } from './features/feature';

export interface ContextParts {
  readonly connection: Connection;
  /** What the client declared (set at `initialize`). */
  readonly capabilities: () => ClientCapabilities;
  /** See FeatureContext.resultsVersion. */
  readonly resultsVersion: () => number;
  readonly store: DocumentStore;
  readonly computations: Computations;
  readonly pool: ComputationPool;
  /** See FeatureContext.answersChanged. */
  readonly answersChanged: () => void;
}

export function featureContext(parts: ContextParts): FeatureContext {
  const { connection, store, computations, pool } = parts;
  return {
    get client() {
      return parts.capabilities();
    },
    get resultsVersion() {
      return parts.resultsVersion();
    },
    view: (uri) => store.view(uri),
    viewNumbered: (number) => store.viewNumbered(number),
    views: () => store.views(),
    tell: (message, type = 'warning') => {
      toClient(() =>
        connection.sendNotification(ShowMessageNotification.type, {
          type: type === 'info' ? MessageType.Info : MessageType.Warning,
          message,
        }),
      );
    },
    ask: async (message, choices) => {
      try {
        const picked = await connection.sendRequest(ShowMessageRequest.type, {
          type: MessageType.Info,
          message,
          actions: choices.map((title) => ({ title })),
        });
        return picked?.title;
      } catch {
        return undefined;
      }
    },
    plays: new Map(),
    answersChanged: () => parts.answersChanged(),
    cancelKeepsResults: pool.cancelKeepsResults !== false,
    cancelComputations: () => {
      const running = computations.pendingSummary()?.count ?? 0;
      computations.cancelAll();
      return running;
    },
    compute: async (job, token, affinity) => {
      const handle = pool.run(job, store.settings.computation.budgetMs, affinity);
      const listening = token.onCancellationRequested(() => handle.cancel());
      try {
        return await handle.outcome;
      } finally {
        listening.dispose();
      }
    },
    applyEdit: async (label, edit) => {
      if (!parts.capabilities().workspace?.applyEdit)
        return {
          applied: false,
          failureReason: 'this editor does not accept edits from the server (workspace.applyEdit)',
        };
      try {
        return await connection.workspace.applyEdit({ label, edit });
      } catch (cause) {
        // A client that fails the request has still answered: nothing was applied.
        return { applied: false, failureReason: cause instanceof Error ? cause.message : String(cause) };
      }
    },
  };
}
