// Offsets are UTF-16 code-unit indexes into the document (JavaScript string indexes); the
// LSP's default position encoding is UTF-16 too, so a Position's character is an offset
// from its line's start with no conversion.

export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface Position {
  readonly line: number; // 0-based
  readonly character: number; // 0-based, UTF-16 code units
}

/** Whether the offset lies in the span, its end included (a cursor just after a word is on it). */
export const spanContains = (span: Span | undefined, offset: number): span is Span =>
  span !== undefined && span.start <= offset && offset <= span.end;

/**
 * The span of `sorted` (in text order, not overlapping) that contains the offset, its end included,
 * by binary search: a document's declarations, found for a hover in a file of 100,000 games. Where
 * spans end as the next begins, the first of them.
 */
export function spanAt<T extends Span>(sorted: readonly T[], offset: number): T | undefined {
  // The last span starting at or before the offset; back over the ones that end exactly there.
  let found = lastStartingBy(sorted, offset);
  while (found > 0 && offset <= sorted[found - 1].end) found--;
  const candidate = sorted[found];
  return candidate && offset <= candidate.end ? candidate : undefined;
}

/** The index of the last span of `sorted` (in text order) that starts at or before the offset, or −1: binary search. */
export function lastStartingBy(sorted: readonly Span[], offset: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle].start <= offset) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/** Where each line starts: after each \n, \r\n or lone \r. */
function lineStartsOf(text: string): number[] {
  const starts = [0];
  if (text.indexOf('\r') < 0) {
    // Only \n breaks (most files): the engine's own search finds them many times faster.
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 /* \n */) starts.push(i + 1);
    else if (c === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** Maps offsets to line/character positions and back; built once per document version. */
export class LineIndex {
  #lineStarts: number[] | undefined;

  /** Lines are found when first asked for: `grundy check` on a big file without mistakes never asks. */
  constructor(readonly text: string) {}

  private get lineStarts(): number[] {
    this.#lineStarts ??= lineStartsOf(this.text);
    return this.#lineStarts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.lineStarts[low] };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[position.line];
    return Math.min(start + Math.max(0, position.character), this.lineEnd(position.line));
  }

  /** Offset of the end of a line's content (before its line break). */
  lineEnd(line: number): number {
    if (line + 1 >= this.lineStarts.length) return this.text.length;
    const breakAt = this.lineStarts[line + 1] - 1; // the \n of \r\n, or a lone \n or \r
    const crlf =
      this.text.charCodeAt(breakAt) === 10 &&
      breakAt > this.lineStarts[line] &&
      this.text.charCodeAt(breakAt - 1) === 13;
    return crlf ? breakAt - 1 : breakAt;
  }

  lineStart(line: number): number {
    return this.lineStarts[Math.max(0, Math.min(line, this.lineStarts.length - 1))];
  }

  /** Where the line holding `offset` starts. */
  lineStartOf(offset: number): number {
    return this.lineStart(this.positionAt(offset).line);
  }

  /** A span as a range of positions (the LSP's Range). */
  rangeOf(span: Span): { start: Position; end: Position } {
    return { start: this.positionAt(span.start), end: this.positionAt(span.end) };
  }
}
