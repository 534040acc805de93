// The parser's cursor over the text: the tokens it has read ahead, where the last one it consumed
// ended, the plain lines it reads straight from the text beside the tokens (plainLines.ts), and
// reporting what it finds, each offset once. The grammar (parser.ts) reads the text only through
// it. A base class the parser extends rather than an object it holds: the grammar's two hundred
// calls stay `this.peek()`, `this.report(…)`, on objects of one class, as fast as before the split.
import type { GameDeclaration } from './ast';
import { type Diagnostic, type DiagnosticCode, type DiagnosticExtras, error } from './diagnostics';
import type { GraphBodyBuilder } from './graphBody';
import { Scanner, type Token } from './lexer';
import { PlainLines } from './plainLines';
import type { Span } from './text';

export abstract class TokenCursor {
  /**
   * Offsets already given an error, so one mistake is not reported twice: one bit per offset
   * (a Set of half a million offsets on a line of junk cost more than the rest of the parse).
   */
  private readonly reportedAt: Uint8Array;
  protected readonly scanner: Scanner;
  /**
   * Tokens read from the scanner but not consumed yet (at least one once peeked):
   * lookahead[lookaheadStart .. lookaheadEnd). The array is reused, never truncated (truncating is a
   * runtime call per token).
   */
  private readonly lookahead: Token[] = [];
  private lookaheadStart = 0;
  private lookaheadEnd = 0;
  /** The kind and end of the last consumed token, and the end of the last one that was not a line break. */
  protected previousKind = 'newline';
  protected lastEnd = 0;
  protected lastNonNewlineEnd = 0;
  /** The end of the last token the lexer produced. */
  protected scannedEnd = 0;
  /** The plain-line paths; undefined when every line is read by tokens (ParseOptions.tokensOnly). */
  private readonly plain: PlainLines | undefined;

  /** `from`: where lexing starts (see ParseOptions.from); `plainLines`: whether plain lines are read from the text. */
  constructor(
    protected readonly text: string,
    from: number,
    plainLines: boolean,
  ) {
    this.reportedAt = new Uint8Array((text.length >> 3) + 1);
    if (plainLines) this.plain = new PlainLines(text);
    // The lexer reports its own unknown tokens; the parser never reports them again.
    this.scanner = new Scanner(
      text,
      (diagnostic) => {
        this.emit(diagnostic);
        this.markReported(diagnostic.span.start);
      },
      from,
    );
  }

  /** Every diagnostic, the lexer's and the parser's, goes through here. */
  protected abstract emit(diagnostic: Diagnostic): void;

  // ---- tokens ----

  protected peek(ahead = 0): Token {
    while (this.lookaheadEnd - this.lookaheadStart <= ahead) {
      const last = this.lookaheadEnd > 0 ? this.lookahead[this.lookaheadEnd - 1] : undefined;
      if (last?.kind === 'eof') return last;
      const scanned = this.scanner.next();
      this.scannedEnd = scanned.end;
      this.lookahead[this.lookaheadEnd++] = scanned;
    }
    return this.lookahead[this.lookaheadStart + ahead];
  }
  protected advance(): Token {
    const token = this.peek();
    if (token.kind === 'eof') return token;
    this.lookaheadStart++;
    if (this.lookaheadStart === this.lookaheadEnd) {
      // Emptied: reused from its start (a new array per token was garbage on every token).
      this.lookaheadStart = 0;
      this.lookaheadEnd = 0;
    }
    this.previousKind = token.kind;
    this.lastEnd = token.end;
    if (token.kind !== 'newline') this.lastNonNewlineEnd = token.end;
    return token;
  }
  protected previousEnd(): number {
    return this.lastEnd;
  }
  protected atKeyword(word: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === 'keyword' && token.text === word;
  }
  protected atLineEnd(): boolean {
    const kind = this.peek().kind;
    return kind === 'newline' || kind === 'eof';
  }
  protected skipNewlines(): void {
    while (this.peek().kind === 'newline') this.advance();
  }
  /** Skips line breaks only when the next real token is of one of these kinds. */
  protected skipNewlinesBefore(kinds: readonly string[]): void {
    let ahead = 0;
    while (this.peek(ahead).kind === 'newline') ahead++;
    if (ahead > 0 && kinds.includes(this.peek(ahead).kind)) for (; ahead > 0; ahead--) this.advance();
  }
  /** Skips the rest of the line (not its line break), or up to a token of one of the given kinds. */
  protected skipLine(stopAt: readonly string[] = []): void {
    while (!this.atLineEnd() && !stopAt.includes(this.peek().kind)) this.advance();
  }

  /**
   * Goes on from `position`, a place where a step of the top-level loop resumed before (ParseOptions.skip), as if the
   * text up to it had been read.
   */
  protected goOnFrom(position: number): void {
    this.lookaheadStart = 0;
    this.lookaheadEnd = 0;
    this.scanner.seek(position);
    this.lastEnd = position;
  }

  // ---- plain lines ----

  /**
   * A game written on one plain line, read straight from the text (PlainLines.game) when its
   * `game` keyword is the only token read ahead, with the cursor left as the token path would leave
   * it. Undefined, having changed nothing, for a line that is not plain: the token path reads it.
   */
  protected plainGame(): GameDeclaration | undefined {
    if (!this.plain || this.lookaheadEnd - this.lookaheadStart !== 1) return undefined;
    const game = this.plain.game(this.lookahead[this.lookaheadStart]);
    if (!game) return undefined;
    // Left as the token path leaves it: the last token consumed, the line break not read yet.
    const end = game.end;
    this.lookaheadStart = 0;
    this.lookaheadEnd = 0;
    this.scanner.seek(end);
    this.previousKind = game.components[game.components.length - 1].kind === 'row' ? 'string' : 'name';
    this.lastEnd = end;
    this.lastNonNewlineEnd = end;
    return game;
  }

  /**
   * Reads a graph's plain edge lines straight from the text (PlainLines.edgeLines) from the
   * scanner's position, a line start with nothing read ahead, on. These are nearly all the lines of
   * a big graph. At the first line that is not plain the scanner goes back to its start, and the
   * token path reads it, with its diagnostics, exactly as before.
   */
  protected fastEdgeLines(body: GraphBodyBuilder): void {
    const plain = this.plain;
    if (!plain || this.lookaheadStart !== this.lookaheadEnd) return;
    this.scanner.seek(plain.edgeLines(this.scanner.position, body));
    // What the token path would have left behind after reading the same lines.
    if (plain.lastBreakEnd >= 0) {
      this.previousKind = 'newline';
      this.lastEnd = plain.lastBreakEnd;
    }
    if (plain.lastVertexEnd >= 0) this.lastNonNewlineEnd = plain.lastVertexEnd;
    this.scannedEnd = Math.max(this.scannedEnd, plain.lookedAt + 1);
  }

  // ---- diagnostics ----

  private markReported(offset: number): void {
    this.reportedAt[offset >> 3] |= 1 << (offset & 7);
  }

  protected report(code: DiagnosticCode, span: Span, message: string, extras: DiagnosticExtras = {}): void {
    if (this.reportedAt[span.start >> 3] & (1 << (span.start & 7))) return;
    this.markReported(span.start);
    this.emit(error(code, span, message, extras));
  }

  /**
   * Where a missing piece should have been: the unexpected token itself, or, at the end of a
   * line, the point just after the last token (a line break is nothing to underline).
   */
  protected expectedSpan(): Span {
    const token = this.peek();
    if (token.kind === 'newline' || token.kind === 'eof') {
      const end = this.previousEnd();
      return { start: end, end };
    }
    return token;
  }

  /**
   * A group not closed where it should be: reported at the token found instead (at the end of the
   * line, just after the last token), unless the lexer reported that token. Returns the group's end.
   */
  protected reportUnclosed(message: string): number {
    const end = this.previousEnd();
    const token = this.peek();
    if (token.kind !== 'unknown')
      this.report(
        'expected-close-brace',
        token.kind === 'newline' || token.kind === 'eof' ? { start: end, end } : token,
        message,
      );
    return end;
  }

  protected reportExpected(code: DiagnosticCode, what: string): void {
    const token = this.peek();
    const found = token.kind === 'newline' || token.kind === 'eof' ? '' : `, found ${describe(token)}`;
    if (token.kind === 'unknown') return; // already reported by the lexer
    this.report(code, this.expectedSpan(), `expected ${what}${found}`);
  }
}

/** A token as messages name it. */
export function describe(token: Token): string {
  switch (token.kind) {
    case 'newline':
      return 'the end of the line';
    case 'eof':
      return 'the end of the file';
    case 'string':
      return 'a row';
    default:
      return `\`${token.text}\``;
  }
}
