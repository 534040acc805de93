// What an editor feature is to the server: its part of the server's capabilities, and its
// handlers for requests and commands. server.ts registers every feature of FEATURES (index.ts)
// on the connection, guarding each handler (an exception answers that request alone), and lists
// every command in `executeCommandProvider`. A feature never sees the connection: what it may do
// besides answering (read a document's view, tell the user, ask the client to apply an edit) is
// in FeatureContext, which the server makes once per connection.
import type {
  CancellationToken,
  ClientCapabilities,
  ServerCapabilities,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver';
import type { Job } from '../compute/jobs';
import type { JobOutcome } from '../compute/pool';
import type { GameInput } from '../engine/gameTypes';
import type { DocumentView } from './view';

/** One game in play mode: the position the user moves from, and whose turn it is there. */
export interface PlaySession {
  readonly position: GameInput;
  /** `start`: play mode just began, the user may move or let the computer begin; `user`: the computer has moved. */
  readonly turn: 'start' | 'user';
  /** Digests of the positions met at the user's turn (play.ts: a draw by repetition is offered when one comes back). */
  readonly met?: ReadonlySet<string>;
}

/** Play sessions by document and game (sessionKey). */
export type PlaySessions = Map<string, PlaySession>;

export interface FeatureContext {
  /** What the client declared in `initialize` (read when a request comes, after `initialize`). */
  readonly client: ClientCapabilities;
  /**
   * Grows whenever something other than a document's text may change an answer (a computation
   * finished, the settings changed): an answer made at the same document version and the same
   * resultsVersion is still right.
   */
  readonly resultsVersion: number;
  /** The view of an open document: analysed, its computations started. Undefined when not open. */
  view(uri: string): DocumentView | undefined;
  /** The view of the open document with this `DocumentView.number`. */
  viewNumbered(number: number): DocumentView | undefined;
  /** Every open document's view, in the order they were opened. */
  views(): DocumentView[];
  /** A message the user need not answer (`window/showMessage`): never a prompt. */
  tell(message: string, type?: 'info' | 'warning'): void;
  /**
   * Asks the user to pick one of `choices` (`window/showMessageRequest`); undefined when the client
   * cannot ask, or the user picked nothing.
   */
  ask(message: string, choices: readonly string[]): Promise<string | undefined>;
  /**
   * `workspace/applyEdit`, for clients that declared it. A refusal, a failure or a client that
   * cannot take edits is an answer (`applied: false` and why), never an exception.
   */
  applyEdit(
    label: string,
    edit: WorkspaceEdit,
  ): Promise<{ readonly applied: boolean; readonly failureReason?: string }>;
  /**
   * Runs a job in a worker, apart from the documents' computations (a request's own work, such as
   * the explorer's sequence), under the computation budget; `token` cancels it, and the job then
   * answers with what it has.
   */
  compute(job: Job, token: CancellationToken, affinity?: readonly string[]): Promise<JobOutcome>;
  /** Games in play mode against the computer (play.ts), for this connection. */
  readonly plays: PlaySessions;
  /** Something answers depend on changed (play mode began or ended): resultsVersion grows, and the client refreshes. */
  answersChanged(): void;
  /** Stops every documents' computation that is running (each keeps what it has); how many there were. */
  cancelComputations(): number;
  /**
   * Whether a cancelled computation keeps what it had found: not where workers share no memory (a browser page that is
   * not cross-origin isolated), where one that does not stop at once has its worker ended (compute/pool.ts).
   */
  readonly cancelKeepsResults: boolean;
}

/**
 * Edits of one document as the client takes them: versioned (`documentChanges`, which the client
 * refuses once the document has moved past `version`) when it declares them, plain otherwise.
 */
export function documentEdit(
  client: ClientCapabilities,
  uri: string,
  version: number,
  edits: TextEdit[],
): WorkspaceEdit {
  return client.workspace?.workspaceEdit?.documentChanges
    ? { documentChanges: [{ textDocument: { uri, version }, edits }] }
    : { changes: { [uri]: edits } };
}

/**
 * A request the server declines for a reason the user should read (a rename to a name that is
 * taken): answered as the LSP's RequestFailed with this message, and not logged as a bug.
 */
export class Refusal extends Error {}

/** Params as the client sent them: each handler checks its own (params.ts). */
export type RequestHandler = (params: unknown, token: CancellationToken) => unknown;
export type CommandHandler = (args: readonly unknown[]) => unknown;

export interface FeatureHandlers {
  /** By LSP method (`textDocument/hover`, a custom `grundy/…` request). */
  readonly requests?: Readonly<Record<string, RequestHandler>>;
  /** By command name: each is listed in `executeCommandProvider`, so every client can run it. */
  readonly commands?: Readonly<Record<string, CommandHandler>>;
  /** A document was saved (`textDocument/didSave`). */
  readonly saved?: (uri: string) => unknown;
  /** A document was closed. */
  readonly closed?: (uri: string) => void;
}

export interface Feature {
  /** For logs and error messages ("hover failed: …"). */
  readonly name: string;
  /** Its part of the server's capabilities, given what the client declared. */
  capabilities?(client: ClientCapabilities): ServerCapabilities;
  /** Its handlers for one connection; state a feature keeps (semantic tokens' last result) lives in them. */
  handlers(context: FeatureContext): FeatureHandlers;
}

/**
 * The last answer of a request, given again while nothing it depends on has changed: the same
 * document version, no computation finished and no setting changed (`resultsVersion`), the same
 * params. Editors ask for hints and lenses again on every scroll and refresh, and a whole
 * document's are thousands. Only for answers that do not show elapsed time.
 */
export function lastAnswer<T>(context: FeatureContext): (view: DocumentView, params: string, make: () => T) => T {
  let last: { uri: string; version: number; results: number; params: string; answer: T } | undefined;
  return (view, params, make) => {
    if (
      last &&
      last.uri === view.uri &&
      last.version === view.version &&
      last.results === context.resultsVersion &&
      last.params === params
    )
      return last.answer;
    const answer = make();
    last = { uri: view.uri, version: view.version, results: context.resultsVersion, params, answer };
    return answer;
  };
}
