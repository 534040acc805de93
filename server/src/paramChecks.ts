// The pieces every params check is made of: a value that is not what a message takes is the
// client's mistake, InvalidParams, with the value shown. Used by the checks of the LSP's own
// messages (params.ts) and of ours, which live beside their messages (protocol.ts).
import type { Position, Range } from 'vscode-languageserver-protocol';

/** The client sent params the request does not take. */
export class InvalidParams extends Error {}

export function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

export function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidParams(`${what} must be an object, not ${shown(value)}`);
  return value as Record<string, unknown>;
}

export function uinteger(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}

export function position(value: unknown, what: string): Position {
  const p = record(value, what);
  if (!uinteger(p.line) || !uinteger(p.character))
    throw new InvalidParams(`${what} must be { line, character } with integers ≥ 0, not ${shown(value)}`);
  return { line: p.line, character: p.character };
}

export function uri(value: unknown, what: string): string {
  const document = record(value, what);
  if (typeof document.uri !== 'string')
    throw new InvalidParams(`${what}.uri must be a string, not ${shown(document.uri)}`);
  return document.uri;
}

export function range(value: unknown, what: string): Range {
  const r = record(value, what);
  return { start: position(r.start, `${what}.start`), end: position(r.end, `${what}.end`) };
}
