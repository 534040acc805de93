// How the server answers and sends without a failure of its own becoming the client's problem:
// a request's exception is that request's error (guarded), and a send after the client has gone
// is dropped (toClient).
import { ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import { Refusal } from './features/feature';
import { InvalidParams } from './paramChecks';

/**
 * Sends what nobody answers (a notification, a log line) without letting a failure to send throw:
 * once the client has gone (its stream ended, the pipe broke) the library throws "Connection is
 * closed" on every send, and a listener or timer still running must not turn that into a stack
 * trace. A send can only fail when there is nobody left to tell.
 */
export function toClient(send: () => unknown): void {
  try {
    const sent = send();
    if (sent instanceof Promise) sent.catch(() => undefined);
  } catch {
    // the connection is closed
  }
}

/** Where guarded logs: the connection's console, through toClient. */
export interface RequestLog {
  warn(message: string): void;
  error(message: string): void;
}

/**
 * An exception in one request is logged and answered as that request's error; the server goes on.
 * Params the client got wrong (InvalidParams, params.ts) are its mistake: a warning and InvalidParams.
 * A feature's Refusal is an answer: RequestFailed with its message.
 */
export async function guarded<R>(name: string, log: RequestLog, handler: () => R | Promise<R>): Promise<R> {
  try {
    return await handler();
  } catch (cause) {
    if (cause instanceof Refusal) throw new ResponseError(LSPErrorCodes.RequestFailed, cause.message);
    if (cause instanceof InvalidParams) {
      log.warn(`${name}: invalid params from the client: ${cause.message}`);
      throw new ResponseError(ErrorCodes.InvalidParams, `${name}: ${cause.message}`);
    }
    log.error(`${name} failed: ${describe(cause)}`);
    throw new ResponseError(
      ErrorCodes.InternalError,
      `${name} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

export function describe(cause: unknown): string {
  return cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
}
