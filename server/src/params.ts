// What the client sends in the LSP's own messages, checked at the handlers' boundary (our own
// requests and commands are checked beside them, in protocol.ts). Params that are not what the
// LSP says are the client's mistake, not the server's:
// the handler throws InvalidParams, which `guarded` (server.ts) answers with the JSON-RPC error
// InvalidParams (-32602) and logs as a warning. Any other exception is a bug of ours and stays an
// error. A well-formed request about a document the server does not know is no mistake: it gets
// the empty answer (null, no hints, no lenses).
import type { CodeLens, InlayHint, Position, Range } from 'vscode-languageserver';
import { InvalidParams, position, range, record, shown, uinteger, uri } from './paramChecks';
import type { HintData, LensData } from './protocol';

/**
 * `inlayHint/resolve`: any hint this server sent. The LSP lets a client resolve every hint it got,
 * so a hint that carries no tooltip-less `data` of ours (a number), or whose label is made of parts,
 * is no mistake: it comes back with `data` undefined and is answered unchanged.
 */
export function inlayHintResolveParams(params: unknown): {
  readonly hint: InlayHint;
  readonly data: HintData | undefined;
} {
  const hint = record(params, 'params');
  position(hint.position, 'params.position');
  if (typeof hint.label !== 'string' && !Array.isArray(hint.label))
    throw new InvalidParams(`params.label must be a string or label parts, not ${shown(hint.label)}`);
  const data = uinteger(hint.data) && typeof hint.label === 'string' ? hint.data : undefined;
  return { hint: hint as unknown as InlayHint, data };
}

/**
 * `codeLens/resolve`: any lens this server sent. Lenses above rules and graphs, and every lens of a
 * small document, are sent with their command; clients such as Emacs' resolve every lens anyway.
 * Only a lens without a command and with our `[document, version, game, lens]` data has anything
 * to add; any other comes back with `data` undefined and is answered unchanged.
 */
export function codeLensResolveParams(params: unknown): {
  readonly lens: CodeLens;
  readonly data: LensData | undefined;
} {
  const lens = record(params, 'params');
  range(lens.range, 'params.range');
  const data = lens.data;
  const ours = lens.command === undefined && Array.isArray(data) && data.length === 4 && data.every(uinteger);
  return { lens: lens as unknown as CodeLens, data: ours ? [data[0], data[1], data[2], data[3]] : undefined };
}

/** `TextDocumentIdentifier` params (code lenses). */
export function textDocumentParams(params: unknown): { readonly uri: string } {
  return { uri: uri(record(params, 'params').textDocument, 'params.textDocument') };
}

/** `TextDocumentPositionParams` (hover). */
export function textDocumentPositionParams(params: unknown): { readonly uri: string; readonly position: Position } {
  const p = record(params, 'params');
  return { uri: uri(p.textDocument, 'params.textDocument'), position: position(p.position, 'params.position') };
}

/** A document and a range (inlay hints). */
export function textDocumentRangeParams(params: unknown): { readonly uri: string; readonly range: Range } {
  const p = record(params, 'params');
  const range = record(p.range, 'params.range');
  return {
    uri: uri(p.textDocument, 'params.textDocument'),
    range: { start: position(range.start, 'params.range.start'), end: position(range.end, 'params.range.end') },
  };
}

/** `workspace/executeCommand`: a command name and its arguments. */
export function executeCommandParams(params: unknown): {
  readonly command: string;
  readonly arguments: readonly unknown[];
} {
  const p = record(params, 'params');
  if (typeof p.command !== 'string')
    throw new InvalidParams(`params.command must be a string, not ${shown(p.command)}`);
  if (p.arguments !== undefined && !Array.isArray(p.arguments))
    throw new InvalidParams(`params.arguments must be an array, not ${shown(p.arguments)}`);
  return { command: p.command, arguments: p.arguments ?? [] };
}

/** `textDocument/references`: a position, and whether the declaration counts (ReferenceParams.context; default yes). */
export function referenceParams(params: unknown): {
  readonly uri: string;
  readonly position: Position;
  readonly includeDeclaration: boolean;
} {
  const at = textDocumentPositionParams(params);
  const context = (params as { context?: unknown }).context;
  if (context === undefined) return { ...at, includeDeclaration: true };
  const include = (context as { includeDeclaration?: unknown } | null)?.includeDeclaration;
  if (typeof include !== 'boolean') throw new InvalidParams('params.context must be { includeDeclaration: boolean }');
  return { ...at, includeDeclaration: include };
}

/** `textDocument/rename`: a position and the new name. */
export function renameParams(params: unknown): {
  readonly uri: string;
  readonly position: Position;
  readonly newName: string;
} {
  const at = textDocumentPositionParams(params);
  const newName = (params as { newName?: unknown }).newName;
  if (typeof newName !== 'string') throw new InvalidParams('params.newName must be a string');
  return { ...at, newName };
}

/** `workspace/symbol`: the query. */
export function workspaceSymbolParams(params: unknown): { readonly query: string } {
  const query = record(params, 'params').query;
  if (typeof query !== 'string') throw new InvalidParams('params.query must be a string');
  return { query };
}

/** `textDocument/selectionRange`: a document and at most 10,000 positions. */
export function selectionRangeParams(params: unknown): {
  readonly uri: string;
  readonly positions: readonly Position[];
} {
  const p = record(params, 'params');
  if (!Array.isArray(p.positions) || p.positions.length > 10_000)
    throw new InvalidParams('params.positions must be an array of positions (at most 10,000)');
  return {
    uri: uri(p.textDocument, 'params.textDocument'),
    positions: p.positions.map((at, i) => position(at, `params.positions[${i}]`)),
  };
}

/** `textDocument/codeAction`: the range, the diagnostics the client shows there, and the kinds it asks for. */
export function codeActionParams(params: unknown): {
  readonly uri: string;
  readonly range: Range;
  readonly diagnostics: readonly unknown[];
  readonly only?: readonly unknown[];
} {
  const at = textDocumentRangeParams(params);
  const context = (params as { context?: { diagnostics?: unknown; only?: unknown } }).context;
  if (!Array.isArray(context?.diagnostics)) throw new InvalidParams('params.context.diagnostics must be an array');
  return { ...at, diagnostics: context.diagnostics, ...(Array.isArray(context.only) ? { only: context.only } : {}) };
}

/** `textDocument/formatting`: a document and its FormattingOptions (which the canonical layout does not need). */
export function formattingParams(params: unknown): { readonly uri: string } {
  if (typeof (params as { options?: unknown }).options !== 'object')
    throw new InvalidParams('params.options must be FormattingOptions');
  return textDocumentParams(params);
}

/** `textDocument/semanticTokens/full/delta`: a document and the result the client holds. */
export function semanticTokensDeltaParams(params: unknown): {
  readonly uri: string;
  readonly previousResultId: string;
} {
  const { uri: documentUri } = textDocumentParams(params);
  const previous = (params as { previousResultId?: unknown }).previousResultId;
  if (typeof previous !== 'string') throw new InvalidParams('params.previousResultId must be a string');
  return { uri: documentUri, previousResultId: previous };
}

function checkDidOpen(params: unknown): void {
  const document = record(record(params, 'params').textDocument, 'params.textDocument');
  uri(document, 'params.textDocument');
  if (
    typeof document.languageId !== 'string' ||
    !Number.isInteger(document.version) ||
    typeof document.text !== 'string'
  ) {
    throw new InvalidParams(`params.textDocument needs { uri, languageId, version, text }, not ${shown(document)}`);
  }
}

function checkDidChange(params: unknown): void {
  const p = record(params, 'params');
  const document = record(p.textDocument, 'params.textDocument');
  uri(document, 'params.textDocument');
  if (!Number.isInteger(document.version))
    throw new InvalidParams(`params.textDocument.version must be an integer, not ${shown(document.version)}`);
  if (!Array.isArray(p.contentChanges))
    throw new InvalidParams(`params.contentChanges must be an array, not ${shown(p.contentChanges)}`);
  p.contentChanges.forEach((change: unknown, i) => {
    const c = record(change, `params.contentChanges[${i}]`);
    if (typeof c.text !== 'string')
      throw new InvalidParams(`params.contentChanges[${i}].text must be a string, not ${shown(c.text)}`);
    if (c.range !== undefined) range(c.range, `params.contentChanges[${i}].range`);
  });
}

function checkDidClose(params: unknown): void {
  uri(record(params, 'params').textDocument, 'params.textDocument');
}

const DOCUMENT_SYNC: Record<string, [string, (params: unknown) => void]> = {
  onDidOpenTextDocument: ['textDocument/didOpen', checkDidOpen],
  onDidChangeTextDocument: ['textDocument/didChange', checkDidChange],
  onDidCloseTextDocument: ['textDocument/didClose', checkDidClose],
  onDidSaveTextDocument: ['textDocument/didSave', checkDidClose],
};

/**
 * The connection as `TextDocuments.listen` should see it: the document notifications are checked
 * first, and a malformed one is dropped with a warning (a notification has no answer), instead of
 * throwing inside TextDocuments or, worse, storing a document whose text is not a string.
 */
export function withCheckedDocumentSync<C extends object>(connection: C, warn: (message: string) => void): C {
  return new Proxy(connection, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      const checked = typeof property === 'string' ? DOCUMENT_SYNC[property] : undefined;
      if (!checked || typeof value !== 'function') return value;
      const [method, check] = checked;
      return (handler: (params: unknown, ...rest: unknown[]) => unknown) =>
        value.call(target, (params: unknown, ...rest: unknown[]) => {
          try {
            check(params);
          } catch (cause) {
            if (!(cause instanceof InvalidParams)) throw cause;
            warn(`${method}: invalid params from the client, ignored: ${cause.message}`);
            return;
          }
          return handler(params, ...rest);
        });
    },
  });
}
