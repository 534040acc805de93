// Recursive-descent parser for the `.game` language. It never throws: every problem becomes a
// diagnostic, and parsing resumes at the next line (declarations are line-oriented), so one bad
// line never hides the declarations after it.
import {
  type Component,
  type Declaration,
  type GameDeclaration,
  type GraphDeclaration,
  NAMED_SETS,
  type Name,
  type NamedSetWord,
  type NumberGroup,
  type NumberLiteral,
  PARAMETRIC_SETS,
  type Picture,
  type PictureEdge,
  type RuleBody,
  type RuleDeclaration,
  type SetExpression,
  type SetTerm,
  type SourceFile,
  type StringLiteral,
} from './ast';
import { type Diagnostic, type DiagnosticCode, type DiagnosticExtras, DiagnosticSink, error } from './diagnostics';
import { GraphBodyBuilder, GraphNode, hashOf } from './graphBody';
import { isDigit, isNamePart, isNameStart, keywordSet, nameEnd, Scanner, type Token } from './lexer';
import { numberValue, PlainHeaps } from './plainHeaps';
import { Suggester } from './suggest';
import type { Span } from './text';

export interface ParseResult {
  readonly file: SourceFile;
  /**
   * Where each syntax error starts (lexer's and parser's), in the order reported: all of them, even past the sink's
   * cap.
   */
  readonly errorStarts: number[];
  /**
   * With `record`: what each top-level step of the parse read and produced (incremental.ts reuses them); absent when
   * too many problems were reported to keep.
   */
  readonly units?: ParseUnit[];
}

/**
 * One step of the top-level loop: a declaration, or a line that is not one. Everything it holds is a
 * function of the text from `start` to `readEnd` alone (the parser begins every step after a line
 * break, with nothing carried over but offsets already reported, see `clean`), which is what lets
 * an edit elsewhere keep it.
 */
export interface ParseUnit {
  /** Where its first token starts. */
  start: number;
  /**
   * Past the last character the lexer looked at while the unit was parsed (one or two past the end of the last token it
   * read ahead).
   */
  readEnd: number;
  /** Where the next step's lexing resumes: the end of the unit's last token. */
  resumeAt: number;
  readonly declaration: Declaration | undefined;
  /** Copies (no span shared with the tree) of the diagnostics reported while parsing it, in order. */
  diagnostics: Diagnostic[];
  errorStarts: number[];
  /**
   * True when nothing reported while parsing it lies at or after the next unit's start: the next unit's parse owes
   * nothing to this one.
   */
  clean: boolean;
  /** What suggestions cost while parsing it. */
  readonly suggestionCells: number;
}

/**
 * A ParseUnit as the parser makes it. Made by a constructor, not an object literal: V8 tracks the
 * allocation site of a literal and may pretenure it, and a unit pretenured into the old generation
 * kept its declaration's young nodes alive past the analysis, as garbage only a full collection
 * finds (see RecordingSink in checker.ts). A class has no allocation site.
 */
class Unit implements ParseUnit {
  clean = false;
  constructor(
    public start: number,
    public readEnd: number,
    public resumeAt: number,
    readonly declaration: Declaration | undefined,
    public diagnostics: Diagnostic[],
    public errorStarts: number[],
    readonly suggestionCells: number,
  ) {}
}

/**
 * Problems kept per unit at most, over the whole parse: past that the parse keeps no units (it is not worth reusing,
 * and memory stays bounded).
 */
export const MAX_RECORDED_PROBLEMS = 1000;

export interface ParseOptions {
  /** Keep the units (see ParseUnit). */
  readonly record?: boolean;
  /**
   * Read every line by tokens, without the plain-line paths (plainGame, fastEdgeLines): tests compare those with this.
   */
  readonly tokensOnly?: boolean;
  /**
   * Asked of each declaration once parsed: false leaves it out of the file (it was handed on, as analyzeStreaming does
   * with games).
   */
  readonly keep?: (declaration: Declaration) => boolean;
  /** Filled with where each kept declaration starts (its first token) and where the parse resumed after it. */
  readonly resumePoints?: Map<number, number>;
  /** Declarations not to read again: from a start in `resumePoints`, the parse goes on where it resumed then. */
  readonly skip?: ReadonlyMap<number, number>;
  /** Start lexing here rather than at 0: a place where a step of the top-level loop resumes (a unit's `resumeAt`). */
  readonly from?: number;
  /**
   * Asked before each unit after the first, with the offset its first token starts at: true stops
   * the parse there (`stoppedAt`). Only asked when the unit before ended clean.
   */
  readonly stopBefore?: (start: number) => boolean;
}

const declarationKeywords = ['rule', 'graph', 'game'];

/**
 * The ways a rule is defined (`rule NAME = …`), each with the keyword that starts it and whether
 * it is a heap rule: the parser reads these, and every message that lists them (the parser's, the
 * CLI's) lists them from here.
 */
export const RULE_BODIES = [
  { keyword: 'subtract', example: 'subtract {1, 2}', heap: true },
  { keyword: 'subtract', example: 'subtract squares | {2, 3}', heap: true },
  { keyword: 'subtract', example: 'subtract all except {1}', heap: true },
  { keyword: 'octal', example: 'octal 0.77', heap: true },
  { keyword: 'hex', example: 'hex 0.F7', heap: true },
  { keyword: 'words', example: 'words {"ab", "ba"}', heap: false },
] as const;

/** The heap rules' forms, as examples (`grundy sequence` takes these). */
export const RULE_KINDS: readonly string[] = RULE_BODIES.filter((body) => body.heap).map((body) => body.example);

/** `a`, `b` or `c`. */
function listed(words: readonly string[]): string {
  const quoted = words.map((word) => `\`${word}\``);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

/** The keywords that start a rule's definition, listed for messages: `subtract`, `octal`, `hex` or `words`. */
const ruleKeywords = listed([...new Set(RULE_BODIES.map((body) => body.keyword))]);

/**
 * Shared by every unit and check entry that reported nothing (never written to: their lists are replaced, not pushed
 * to, once made).
 */
export const NONE: never[] = [];

/** Diagnostics go to `sink` (which keeps a bounded number); suggestions spend `suggester`'s budget. */
export function parse(
  text: string,
  sink = new DiagnosticSink(),
  suggester = new Suggester(),
  options: ParseOptions = {},
): ParseResult & { readonly stoppedAt?: number } {
  const parser = new Parser(text, sink, suggester, options);
  const declarations = parser.parseFile(options.stopBefore);
  return {
    file: { text, declarations },
    errorStarts: parser.errorStarts,
    units: parser.units,
    stoppedAt: parser.stoppedAt,
  };
}

/** A copy of a diagnostic whose spans are its own objects, moved by `delta`. */
export function movedDiagnostic(diagnostic: Diagnostic, delta: number): Diagnostic {
  const moved: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = {
    ...diagnostic,
    span: { start: diagnostic.span.start + delta, end: diagnostic.span.end + delta },
  };
  if (diagnostic.related)
    moved.related = diagnostic.related.map((r) => ({
      span: { start: r.span.start + delta, end: r.span.end + delta },
      message: r.message,
    }));
  return moved;
}

function describe(token: Token): string {
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

class Parser {
  readonly errorStarts: number[] = [];
  /**
   * Offsets already given an error, so one mistake is not reported twice: one bit per offset
   * (a Set of half a million offsets on a line of junk cost more than the rest of the parse).
   */
  private readonly reportedAt: Uint8Array;
  private readonly scanner: Scanner;
  /** Tokens read from the scanner but not consumed yet (at least one once peeked). */
  /**
   * Tokens read ahead: lookahead[lookaheadStart .. lookaheadEnd). The array is reused, never truncated (truncating is a
   * runtime call per token).
   */
  private readonly lookahead: Token[] = [];
  private lookaheadStart = 0;
  private lookaheadEnd = 0;
  /** The kind and end of the last consumed token, and the end of the last one that was not a line break. */
  private previousKind = 'newline';
  private lastEnd = 0;
  private lastNonNewlineEnd = 0;

  /** The units so far, while recording (undefined when not recording, or when too many problems came to keep them). */
  units: ParseUnit[] | undefined;
  /** Where `stopBefore` stopped the parse. */
  stoppedAt: number | undefined;
  /** The current unit's problems: made on the first (most units have none). */
  private unitProblems: Diagnostic[] | undefined;
  private unitErrorStarts: number[] | undefined;
  private recordedProblems = 0;
  /**
   * Between units: what the lexer reports of the next unit's first token waits here, for a parse stopped before that
   * unit reports nothing of it.
   */
  /** While true, diagnostics wait in `held` (made on the first: a list per declaration was garbage on every line). */
  private holding = false;
  private held: Diagnostic[] | undefined;
  /** The end of the last token the lexer produced. */
  private scannedEnd = 0;
  /**
   * The items of the lists being read (a game's components, a component's heaps or vertices), one
   * stack for all, each list copied out at its exact length (takeItems). A list grown by `push`
   * keeps a backing store of 17 slots for its one to three items: a third of what a document of
   * games kept alive, and of what the collector copied after every analysis.
   */
  private readonly items: unknown[] = [];
  private readonly tokensOnly: boolean;
  private readonly keep: ((declaration: Declaration) => boolean) | undefined;
  private readonly resumePoints: Map<number, number> | undefined;
  private readonly skip: ReadonlyMap<number, number> | undefined;
  /** Names made lately, by a hash of their length and ends (nameText). */
  private readonly names: (string | undefined)[] = new Array(256).fill(undefined);
  private itemsEnd = 0;

  constructor(
    private readonly text: string,
    private readonly diagnostics: DiagnosticSink,
    private readonly suggester: Suggester,
    options: ParseOptions,
  ) {
    this.reportedAt = new Uint8Array((text.length >> 3) + 1);
    this.tokensOnly = options.tokensOnly === true;
    this.keep = options.keep;
    this.resumePoints = options.resumePoints;
    this.skip = options.skip;
    if (options.record) this.units = [];
    // The lexer reports its own unknown tokens; the parser never reports them again.
    this.scanner = new Scanner(
      text,
      (diagnostic) => {
        this.emit(diagnostic);
        this.markReported(diagnostic.span.start);
      },
      options.from ?? 0,
    );
  }

  /** Every diagnostic, the lexer's and the parser's, goes through here. */
  private emit(diagnostic: Diagnostic): void {
    if (this.holding) {
      this.held ??= [];
      this.held.push(diagnostic);
      return;
    }
    this.diagnostics.push(diagnostic);
    this.errorStarts.push(diagnostic.span.start);
    if (!this.units) return;
    if (++this.recordedProblems > MAX_RECORDED_PROBLEMS) {
      this.units = undefined;
      return;
    }
    this.unitProblems ??= [];
    this.unitErrorStarts ??= [];
    this.unitProblems.push(movedDiagnostic(diagnostic, 0));
    this.unitErrorStarts.push(diagnostic.span.start);
  }

  // ---- token cursor ----

  private peek(ahead = 0): Token {
    while (this.lookaheadEnd - this.lookaheadStart <= ahead) {
      const last = this.lookaheadEnd > 0 ? this.lookahead[this.lookaheadEnd - 1] : undefined;
      if (last?.kind === 'eof') return last;
      const scanned = this.scanner.next();
      this.scannedEnd = scanned.end;
      this.lookahead[this.lookaheadEnd++] = scanned;
    }
    return this.lookahead[this.lookaheadStart + ahead];
  }
  private advance(): Token {
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
  private previousEnd(): number {
    return this.lastEnd;
  }
  private atKeyword(word: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === 'keyword' && token.text === word;
  }
  private atLineEnd(): boolean {
    const kind = this.peek().kind;
    return kind === 'newline' || kind === 'eof';
  }
  private skipNewlines(): void {
    while (this.peek().kind === 'newline') this.advance();
  }
  /** Skips line breaks only when the next real token is of one of these kinds. */
  private skipNewlinesBefore(kinds: readonly string[]): void {
    let ahead = 0;
    while (this.peek(ahead).kind === 'newline') ahead++;
    if (ahead > 0 && kinds.includes(this.peek(ahead).kind)) for (; ahead > 0; ahead--) this.advance();
  }
  /** Skips the rest of the line (not its line break), or up to a token of one of the given kinds. */
  private skipLine(stopAt: readonly string[] = []): void {
    while (!this.atLineEnd() && !stopAt.includes(this.peek().kind)) this.advance();
  }

  private pushItem(item: unknown): void {
    this.items[this.itemsEnd++] = item;
  }
  /** The items pushed since `from`, as a list of their own; they leave the stack. */
  private takeItems<T>(from: number): T[] {
    const list = this.items.slice(from, this.itemsEnd) as T[];
    this.itemsEnd = from;
    return list;
  }

  // ---- diagnostics ----

  private markReported(offset: number): void {
    this.reportedAt[offset >> 3] |= 1 << (offset & 7);
  }

  private report(code: DiagnosticCode, span: Span, message: string, extras: DiagnosticExtras = {}): void {
    if (this.reportedAt[span.start >> 3] & (1 << (span.start & 7))) return;
    this.markReported(span.start);
    this.emit(error(code, span, message, extras));
  }

  /**
   * Where a missing piece should have been: the unexpected token itself, or, at the end of a
   * line, the point just after the last token (a line break is nothing to underline).
   */
  private expectedSpan(): Span {
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
  private reportUnclosed(message: string): number {
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

  private reportExpected(code: DiagnosticCode, what: string): void {
    const token = this.peek();
    const found = token.kind === 'newline' || token.kind === 'eof' ? '' : `, found ${describe(token)}`;
    if (token.kind === 'unknown') return; // already reported by the lexer
    this.report(code, this.expectedSpan(), `expected ${what}${found}`);
  }

  // ---- file ----

  parseFile(stopBefore?: (start: number) => boolean): Declaration[] {
    const declarations: Declaration[] = [];
    let previous: ParseUnit | undefined;
    for (;;) {
      this.holding = true;
      this.skipNewlines();
      const token = this.peek();
      const held = this.held;
      this.holding = false;
      this.held = undefined;
      if (previous) {
        // Whether the unit just parsed reported anything from here on (the lexer reading ahead,
        // a missing `}` shown at this token): then this unit's parse depends on it.
        previous.clean = allBefore(previous.errorStarts, token.start);
        previous = undefined;
      }
      if (token.kind === 'eof') break;
      const last = this.units?.at(-1);
      if (stopBefore && last?.clean && stopBefore(token.start)) {
        this.stoppedAt = token.start;
        break;
      }
      const resume = this.skip?.get(token.start);
      if (resume !== undefined) {
        // Read before (see ParseOptions.skip): on from where that parse went on after it.
        this.lookaheadStart = 0;
        this.lookaheadEnd = 0;
        this.scanner.seek(resume);
        this.lastEnd = resume;
        continue;
      }
      if (held) for (const diagnostic of held) this.emit(diagnostic);
      const cellsBefore = this.suggester.work.cells;
      let declaration: Declaration | undefined;
      if (this.atKeyword('rule')) declaration = this.parseRule();
      else if (this.atKeyword('graph')) declaration = this.parseGraph();
      else if (this.atKeyword('game'))
        declaration = (this.tokensOnly ? undefined : this.plainGame()) ?? this.parseGame();
      else {
        this.reportNotADeclaration(token);
        this.skipLine();
      }
      if (declaration) {
        const kept = !this.keep || this.keep(declaration);
        if (kept) declarations.push(declaration);
        this.finishLine();
        if (kept) this.resumePoints?.set(token.start, this.lastEnd);
      }
      if (this.units) {
        previous = new Unit(
          token.start,
          this.scannedEnd + 2,
          this.lastEnd,
          declaration,
          this.unitProblems ?? NONE,
          this.unitErrorStarts ?? NONE,
          this.suggester.work.cells - cellsBefore,
        );
        this.units.push(previous);
      }
      // Problems reported between units (the lexer, at the next unit's first token) are that unit's.
      this.unitProblems = undefined;
      this.unitErrorStarts = undefined;
    }
    return declarations;
  }

  private reportNotADeclaration(token: Token): void {
    if (token.kind === 'unknown') return;
    let message = `expected \`rule\`, \`graph\` or \`game\` at the start of a declaration, found ${describe(token)}`;
    let extras: DiagnosticExtras = {};
    if (token.kind === 'name') {
      const suggestion = this.suggester.closestMatch(token.text, declarationKeywords);
      if (suggestion) {
        message += `; did you mean \`${suggestion}\`?`;
        extras = { replacement: suggestion };
      } else if (this.peek(1).kind === '=') message += `; a game is declared as \`game ${token.text} = …\``;
    }
    this.report('expected-declaration', token, message, extras);
  }

  /** A declaration must end its line; anything left over is reported once and skipped. */
  private finishLine(): void {
    // A declaration that ended by recovery (a graph missing its `}`) stops at a line start.
    const atLineStart = this.previousKind === 'newline';
    if (!this.atLineEnd() && !atLineStart) {
      const token = this.peek();
      if (token.kind !== 'unknown') {
        this.report('unexpected-token', token, `unexpected ${describe(token)} after the end of the declaration`);
      }
      this.skipLine();
    }
  }

  private parseDeclarationName(keyword: string): Name | undefined {
    const token = this.peek();
    if (token.kind === 'name') {
      this.advance();
      return { start: token.start, end: token.end, text: token.text };
    }
    if (token.kind === 'keyword' && !declarationKeywords.includes(token.text)) {
      this.report('unexpected-token', token, `\`${token.text}\` is a keyword and cannot be the name of a ${keyword}`);
      this.advance();
      return undefined;
    }
    this.reportExpected('unexpected-token', `a name after \`${keyword}\``);
    return undefined;
  }

  /** `=` after a declaration's name; returns false when the declaration cannot go on. */
  private expectEquals(name: Name | undefined, canStartBody: () => boolean): boolean {
    if (this.peek().kind === '=') {
      this.advance();
      return true;
    }
    const after = name ? `after \`${name.text}\`` : 'after the name';
    this.reportExpected('expected-equals', `\`=\` ${after}`);
    // Recover as if the `=` were there when what follows is plainly the right-hand side.
    return canStartBody();
  }

  // ---- rules ----

  private parseRule(): RuleDeclaration {
    const start = this.advance().start;
    const name = this.parseDeclarationName('rule');
    if (!name && !this.atLineEnd() && this.peek().kind !== '=') this.skipLine();
    let body: RuleBody | undefined;
    const startsBody = () => RULE_BODIES.some((body) => this.atKeyword(body.keyword));
    if (!this.atLineEnd() && this.expectEquals(name, startsBody)) body = this.parseRuleBody();
    else if (this.atLineEnd() && name) this.reportExpected('expected-equals', `\`=\` after \`${name.text}\``);
    return { kind: 'rule', start, end: this.previousEnd(), name, body };
  }

  private parseRuleBody(): RuleBody | undefined {
    const token = this.peek();
    if (this.atKeyword('subtract')) {
      this.advance();
      if (this.atKeyword('all')) {
        this.advance();
        if (this.atKeyword('except')) {
          this.advance();
          const except = this.parseSetExpression('except');
          return { kind: 'subtract-all', start: token.start, end: this.previousEnd(), except };
        }
        return { kind: 'subtract-all', start: token.start, end: this.previousEnd() };
      }
      const next = this.peek().kind;
      if (next === '{' || next === 'number' || next === 'name') {
        const set = this.parseSetExpression('subtract');
        return { kind: 'subtract', start: token.start, end: this.previousEnd(), set };
      }
      this.reportExpected(
        'expected-open-brace',
        '`{`, a named set or `all` after `subtract`, as in `subtract {1, 2}` or `subtract squares`',
      );
      return undefined;
    }
    if (this.atKeyword('octal') || this.atKeyword('hex')) {
      const base = this.atKeyword('hex') ? 16 : 8;
      this.advance();
      const code = this.peek();
      if (code.kind === 'decimal' || code.kind === 'number') {
        this.advance();
        return {
          kind: 'octal',
          base,
          start: token.start,
          end: code.end,
          code: { start: code.start, end: code.end, text: code.text },
        };
      }
      this.reportExpected(
        'bad-octal-code',
        base === 16 ? 'a hexadecimal code such as `0.F7` after `hex`' : 'an octal code such as `0.77` after `octal`',
      );
      return { kind: 'octal', base, start: token.start, end: token.end };
    }
    if (this.atKeyword('words')) {
      this.advance();
      const { set, words, malformed } = this.parseStringSet();
      return { kind: 'words', start: token.start, end: this.previousEnd(), set, words, malformed };
    }
    if (token.kind === 'name') {
      this.report(
        'expected-rule',
        token,
        `expected ${ruleKeywords}, found \`${token.text}\`: a rule is defined by its moves, not by another rule's name`,
      );
      return undefined;
    }
    this.reportExpected('expected-rule', `${ruleKeywords} after \`=\``);
    return undefined;
  }

  /** `{"ab", "ba"}` after `words`: strings separated by commas, over several lines if need be. */
  private parseStringSet(): { set: Span; words: StringLiteral[]; malformed: boolean } {
    const words: StringLiteral[] = [];
    const errorsBefore = this.diagnostics.total;
    const start = this.peek().start;
    if (this.peek().kind !== '{') {
      this.reportExpected('expected-open-brace', '`{` after `words`, as in `words {"ab", "ba"}`');
      const end = this.previousEnd();
      return { set: { start: end, end }, words, malformed: true };
    }
    this.advance();
    let expectWord = true;
    for (;;) {
      this.skipNewlinesBefore(['string', ',', '}']);
      const token = this.peek();
      if (token.kind === 'string') {
        if (!expectWord) this.report('unexpected-token', token, 'expected `,` between the words');
        this.advance();
        words.push(stringLiteral(token));
        expectWord = false;
      } else if (token.kind === ',') {
        if (expectWord) this.report('expected-word', token, 'expected a word in double quotes before `,`');
        this.advance();
        expectWord = true;
      } else if (token.kind === '}') {
        this.advance();
        return { set: { start, end: token.end }, words, malformed: this.diagnostics.total > errorsBefore };
      } else if (token.kind === 'number' || token.kind === 'name' || token.kind === 'decimal') {
        this.report(
          'expected-word',
          token,
          `\`${token.text}\` is not a word: words are written in double quotes, as in \`words {"ab", "c"}\``,
        );
        this.advance();
        expectWord = false;
      } else {
        break;
      }
    }
    const end = this.reportUnclosed('expected `}` to close the words');
    return { set: { start, end }, words, malformed: true };
  }

  /**
   * `{ ground - a, a - b }`: one Hackenbush picture; edges are separated by `,` or line breaks. A
   * lone `-` is a token only in here (Scanner.dashes).
   */
  private parsePicture(): Picture {
    const open = this.advance();
    const mark = this.itemsEnd;
    // Nothing is read ahead past `{` (parseComponent peeks one token): the next token is scanned with dashes.
    this.scanner.dashes = true;
    try {
      for (;;) {
        this.skipNewlinesBefore(['name', 'number', ',', '}', '-', '->']);
        const token = this.peek();
        if (token.kind === '}') {
          this.advance();
          return { start: open.start, end: token.end, edges: this.takeItems<PictureEdge>(mark) };
        }
        if (token.kind === ',') {
          this.report('expected-vertex', token, 'expected an edge `A - B` before `,`');
          this.advance();
          continue;
        }
        if (token.kind !== 'name' && token.kind !== 'number') break;
        const edge = this.parsePictureEdge();
        if (edge) this.pushItem(edge);
        const after = this.peek();
        if (after.kind === ',') {
          this.advance();
          this.skipNewlinesBefore(['name', 'number', '}']);
        } else if (after.kind === 'name' || after.kind === 'number') {
          this.report('unexpected-token', after, 'expected `,` between the edges');
        } else if (after.kind !== '}' && after.kind !== 'newline') {
          if (edge) break;
          this.skipLine(['}', ',']);
        }
      }
      const end = this.reportUnclosed('expected `}` to close the picture');
      return { start: open.start, end, edges: this.takeItems<PictureEdge>(mark) };
    } finally {
      this.scanner.dashes = false;
    }
  }

  /** `A - B` (the cursor on A); undefined, reported, when it is not one. */
  private parsePictureEdge(): PictureEdge | undefined {
    const first = this.advance();
    const from: Name = { start: first.start, end: first.end, text: first.text };
    const dash = this.peek();
    if (dash.kind === '->') {
      this.report('expected-dash', dash, 'an edge of a picture is `A - B`; `->` is for graphs', { replacement: '-' });
      this.advance();
    } else if (dash.kind === '-') {
      this.advance();
    } else if (dash.kind === 'name' || dash.kind === 'number') {
      // `ground a`: the dash forgotten; the edge is read, the game is not evaluated.
      this.report('expected-dash', dash, `expected \`-\` between \`${first.text}\` and \`${dash.text}\``);
    } else {
      const parts = first.text.split('-');
      if (first.kind === 'name' && parts.length === 2)
        this.report(
          'expected-dash',
          first,
          `\`${first.text}\` is one name: an edge is \`A - B\`, with spaces around \`-\``,
          { replacement: parts.join(' - ') },
        );
      else this.reportExpected('expected-dash', `\`-\` after \`${first.text}\`, as in \`${first.text} - b\``);
      return undefined;
    }
    const to = this.peek();
    if (to.kind !== 'name' && to.kind !== 'number') {
      this.reportExpected('expected-vertex', 'a vertex after `-`');
      return undefined;
    }
    this.advance();
    return { start: first.start, end: to.end, from, to: { start: to.start, end: to.end, text: to.text } };
  }

  /** `(3, 5)` or `[1, 0, 2]`: numbers separated by commas, on one line. */
  private parseNumberGroup(close: ')' | ']'): NumberGroup {
    const open = this.advance();
    const mark = this.itemsEnd;
    let expectNumber = true;
    for (;;) {
      const token = this.peek();
      if (token.kind === 'number') {
        if (!expectNumber)
          this.report('unexpected-token', token, `expected \`,\` between the numbers of \`${open.text}…${close}\``);
        this.advance();
        this.pushItem(numberLiteral(token));
        expectNumber = false;
      } else if (token.kind === 'decimal') {
        this.report('expected-number', token, `\`${token.text}\` is not a heap size: heap sizes are whole numbers`);
        this.advance();
        expectNumber = false;
      } else if (token.kind === ',') {
        if (expectNumber) this.report('expected-number', token, 'expected a number before `,`');
        this.advance();
        expectNumber = true;
      } else if (token.kind === close) {
        this.advance();
        return { start: open.start, end: token.end, numbers: this.takeItems<NumberLiteral>(mark) };
      } else {
        break;
      }
    }
    const end = this.reportUnclosed(`expected \`${close}\` to close \`${open.text}\``);
    return { start: open.start, end, numbers: this.takeItems<NumberLiteral>(mark) };
  }

  /**
   * `{ 1, 2, 3 }`. Inside the braces line breaks are allowed. A missing `{` is reported and
   * the numbers are read anyway; a missing `}` is reported where it should have been.
   */
  /** A subtraction set: terms joined by `|` (`squares | {2, 3}`). */
  private parseSetExpression(after: string): SetExpression {
    const start = this.peek().start;
    const errorsBefore = this.diagnostics.total;
    const terms: SetTerm[] = [];
    for (let joiner = after; ; joiner = '|') {
      const term = this.parseSetTerm(joiner);
      if (term) terms.push(term);
      if (this.peek().kind !== '|') break;
      this.advance();
    }
    const end = Math.max(start, this.previousEnd());
    return { start, end, terms, malformed: terms.length === 0 || this.diagnostics.total > errorsBefore };
  }

  /** One part of a set: `{1, 2}`, a named set, or `powers of K` / `multiples of K`. */
  private parseSetTerm(after: string): SetTerm | undefined {
    const token = this.peek();
    if (token.kind === '{' || token.kind === 'number') {
      const { set, numbers, malformed } = this.parseNumberSet(after);
      return { kind: 'numbers', start: set.start, end: set.end, numbers, malformed };
    }
    if (token.kind === 'name' && (NAMED_SETS as readonly string[]).includes(token.text)) {
      this.advance();
      return { kind: 'named', start: token.start, end: token.end, name: token.text as NamedSetWord };
    }
    if (token.kind === 'name' && (token.text === 'powers' || token.text === 'multiples')) {
      this.advance();
      const example = `\`${token.text} of ${token.text === 'powers' ? 2 : 3}\``;
      let of: Span | undefined;
      if (this.peek().kind === 'name' && this.peek().text === 'of') of = this.advance();
      else if (this.peek().kind === 'number')
        this.report('expected-of', token, `expected \`of\` after \`${token.text}\`, as in ${example}`, {
          replacement: `${token.text} of`,
        });
      else this.reportExpected('expected-of', `\`of\` after \`${token.text}\`, as in ${example}`);
      let parameter: NumberLiteral | undefined;
      if (this.peek().kind === 'number') parameter = numberLiteral(this.advance());
      else if (of) this.reportExpected('expected-number', `a number after \`${token.text} of\`, as in ${example}`);
      return { kind: token.text, start: token.start, end: this.previousEnd(), of, parameter };
    }
    if (token.kind === 'name') {
      const suggestion = this.suggester.closestMatch(token.text, [...NAMED_SETS, ...PARAMETRIC_SETS]);
      const sets = '`{1, 2}`, `squares`, `cubes`, `triangular`, `primes`, `fibonacci`, `powers of K`, `multiples of K`';
      const message = suggestion
        ? `\`${token.text}\` is not a set; did you mean \`${suggestion}\`?`
        : `\`${token.text}\` is not a set: a set is one of ${sets}, or several joined by \`|\``;
      this.report('unknown-set', token, message, suggestion ? { replacement: suggestion } : {});
      this.advance();
      return undefined;
    }
    this.reportExpected(
      'expected-open-brace',
      `a set after \`${after}\`: \`{1, 2}\`, \`squares\`, \`powers of 2\`, … (several joined by \`|\`)`,
    );
    return undefined;
  }

  private parseNumberSet(after: string): { set: Span; numbers: NumberLiteral[]; malformed: boolean } {
    const numbers: NumberLiteral[] = [];
    const errorsBefore = this.diagnostics.total;
    const result = (set: Span) => ({ set, numbers, malformed: this.diagnostics.total > errorsBefore });
    let start = this.peek().start;
    const braced = this.peek().kind === '{';
    if (braced) this.advance();
    else if (this.peek().kind === 'number')
      this.report('expected-open-brace', this.expectedSpan(), `expected \`{\` after \`${after}\`, before the numbers`);
    else {
      this.reportExpected('expected-open-brace', `\`{\` after \`${after}\``);
      const end = this.previousEnd();
      return result({ start: end, end });
    }
    let expectNumber = true;
    for (;;) {
      // A set may go on over several lines, but a line that does not continue it ends it.
      if (braced) this.skipNewlinesBefore(['number', ',', '}']);
      const token = this.peek();
      if (token.kind === 'number') {
        if (!expectNumber) this.report('unexpected-token', token, 'expected `,` between the numbers of a set');
        this.advance();
        numbers.push(numberLiteral(token));
        expectNumber = false;
      } else if (token.kind === 'decimal') {
        this.report('expected-number', token, `\`${token.text}\` is not a whole number`);
        this.advance();
        expectNumber = false;
      } else if (token.kind === ',') {
        if (expectNumber) this.report('expected-number', token, 'expected a number before `,`');
        this.advance();
        expectNumber = true;
      } else if (token.kind === '}') {
        this.advance();
        return result({ start, end: token.end });
      } else {
        break;
      }
    }
    const end = this.previousEnd();
    if (start > end) start = end;
    const token = this.peek();
    if (token.kind === 'unknown') {
      // The stray character is the mistake (already reported); a second error would be noise.
    } else if (token.kind === 'newline' || token.kind === 'eof' || token.kind === 'keyword') {
      this.report('expected-close-brace', { start: end, end }, 'expected `}` to close the set');
    } else {
      this.report('expected-close-brace', token, `expected \`}\` to close the set, found ${describe(token)}`);
    }
    return result({ start, end });
  }

  // ---- graphs ----

  private parseGraph(): GraphDeclaration {
    const start = this.advance().start;
    const name = this.parseDeclarationName('graph');
    const body = new GraphBodyBuilder(this.text);
    let braceAt = 0;
    while (this.peek(braceAt).kind === 'newline') braceAt++;
    if (this.peek(braceAt).kind === '{') {
      // `{` on the name's line, or alone on the next one.
      for (; braceAt >= 0; braceAt--) this.advance();
    } else {
      const span = this.expectedSpan();
      if (this.peek().kind !== 'unknown')
        this.report(
          'expected-open-brace',
          span,
          `expected \`{\` to open the body of ${name ? `graph \`${name.text}\`` : 'the graph'}`,
        );
      // Read the body anyway: the following lines are most likely its edges.
      if (!this.atLineEnd()) this.skipLine();
    }
    for (;;) {
      const token = this.peek();
      if (token.kind === 'newline') {
        this.advance();
        // Plain edge lines are read straight from the text (see fastEdgeLines).
        if (this.lookaheadStart === this.lookaheadEnd && !this.tokensOnly) this.fastEdgeLines(body);
      } else if (token.kind === '}') {
        this.advance();
        return new GraphNode(start, token.end, name, body.finish());
      } else if (token.kind === 'eof' || (token.kind === 'keyword' && declarationKeywords.includes(token.text))) {
        const end = this.lastNonNewlineEnd;
        this.report(
          'expected-close-brace',
          { start: end, end },
          `expected \`}\` to close ${name ? `graph \`${name.text}\`` : 'the graph'}`,
        );
        return new GraphNode(start, end, name, body.finish());
      } else if (token.kind === 'name' || token.kind === 'number') {
        this.parseEdgeLine(body);
        if (!this.atLineEnd() && this.peek().kind !== '}') {
          const extra = this.peek();
          if (extra.kind !== 'unknown')
            this.report(
              'unexpected-token',
              extra,
              `unexpected ${describe(extra)}: an edge line is \`VERTEX -> VERTEX, VERTEX\``,
            );
          this.skipLine(['}']);
        }
      } else {
        if (token.kind !== 'unknown')
          this.report('expected-vertex', token, `expected a vertex or \`}\`, found ${describe(token)}`);
        this.skipLine(['}']);
      }
    }
  }

  /**
   * Reads edge lines straight from the text, from the scanner's position (a line start) on, for as
   * long as they are plain: `VERTEX` or `VERTEX -> VERTEX, …, VERTEX`, then perhaps a comment, then
   * a line break. These are nearly all the lines of a big graph, and reading them without tokens
   * is several times faster. Such lines have no mistakes, so nothing is reported; at the first
   * line that is not plain (a `}`, an error, a keyword, the end of the text) the scanner goes back
   * to its start and the token path reads it, with its diagnostics, exactly as before.
   */
  private fastEdgeLines(body: GraphBodyBuilder): void {
    const text = this.text;
    const n = text.length;
    let i = this.scanner.position;
    let furthest = i;
    let lastWordEnd = -1;
    let lastBreakEnd = -1;
    const words = this.lineWords;
    for (;;) {
      const lineStart = i;
      const next = plainLine(text, i, words, this.lineHashes);
      if (next < 0) {
        // Nothing past this line was looked at.
        let lineEnd = lineStart;
        while (lineEnd < n && text.charCodeAt(lineEnd) !== 10 && text.charCodeAt(lineEnd) !== 13) lineEnd++;
        furthest = Math.max(furthest, lineEnd);
        this.scanner.seek(lineStart);
        break;
      }
      const count = words[words.length - 1];
      if (count > 0) {
        const hashes = this.lineHashes;
        body.startLine(words[0], words[1], hashes[0]);
        for (let w = 1; w < count; w++) body.edge(words[2 * w], words[2 * w + 1], hashes[w]);
        lastWordEnd = words[2 * count - 1];
        body.endLine(lastWordEnd);
      }
      i = next;
      lastBreakEnd = i;
      furthest = i;
    }
    // What the token path would have left behind after reading the same lines.
    if (lastBreakEnd >= 0) {
      this.previousKind = 'newline';
      this.lastEnd = lastBreakEnd;
    }
    if (lastWordEnd >= 0) this.lastNonNewlineEnd = lastWordEnd;
    this.scannedEnd = Math.max(this.scannedEnd, furthest + 1);
  }

  /** Start and end of each vertex of the line being read fast, in pairs, then their number. */
  private readonly lineWords = new Int32Array(513);
  /** Their names' hashes (graphBody.ts's hashOf), made while reading them. */
  private readonly lineHashes = new Int32Array(256);

  private vertex(token: Token): Name {
    return { start: token.start, end: token.end, text: token.text };
  }

  private parseEdgeLine(body: GraphBodyBuilder): void {
    const fromToken = this.advance();
    body.startLine(fromToken.start, fromToken.end);
    const targets = this.itemsEnd;
    if (this.peek().kind === '->') {
      this.advance();
      this.parseVertexList('`->`', false);
    } else if (!this.atLineEnd() && this.peek().kind !== '}') {
      const token = this.peek();
      if (token.kind !== 'unknown')
        this.report('expected-arrow', token, `expected \`->\` after \`${fromToken.text}\`, found ${describe(token)}`);
      this.skipLine(['}']);
    }
    for (let i = targets; i < this.itemsEnd; i++) {
      const target = this.items[i] as Name;
      body.edge(target.start, target.end);
    }
    this.itemsEnd = targets;
    body.endLine(this.previousEnd());
  }

  /**
   * `a, b, c`. In a game a line may break after a comma; in a graph body it may not, because
   * the next line is the next edge line (`d -> e,` is a missing vertex, not a continuation).
   * The vertices go on the item stack.
   */
  private parseVertexList(after: string, continueAcrossLines: boolean): void {
    for (;;) {
      const token = this.peek();
      if (token.kind === 'name' || token.kind === 'number') {
        this.advance();
        this.pushItem(this.vertex(token));
      } else {
        this.reportExpected('expected-vertex', `a vertex after ${after}`);
        return;
      }
      if (this.peek().kind !== ',') return;
      this.advance();
      if (continueAcrossLines) this.skipNewlinesBefore(['name', 'number']);
      after = '`,`';
    }
  }

  // ---- games ----

  /**
   * A game written on one plain line (`game g = misere kayles 5 7 + k "X.X" + g at a, b`, then
   * at most a comment), read straight from the text: the declaration the token path would give,
   * with the parser left as it would leave it. Games are most of a document's lines, and their
   * tokens were half of what an analysis made. Undefined, having changed nothing, for a line that
   * is not plain (anything the token path would report, continue on the next line, or that this
   * path does not read: pairs, lists, several strings): the token path then reads it.
   */
  private plainGame(): GameDeclaration | undefined {
    if (this.lookaheadEnd - this.lookaheadStart !== 1) return undefined;
    const text = this.text;
    const keyword = this.lookahead[this.lookaheadStart];
    const start = keyword.start;
    let i = skipSpaces(text, keyword.end);
    const nameStart = i;
    if (!isNameStart(text.charCodeAt(i))) return undefined;
    i = nameEnd(text, i);
    if (mayBeKeyword(text, nameStart, i)) return undefined;
    const name: Name = { start: nameStart, end: i, text: text.slice(nameStart, i) };
    i = skipSpaces(text, i);
    if (text.charCodeAt(i) !== 61 /* = */) return undefined;
    i = skipSpaces(text, i + 1);
    let misere: Token | undefined;
    if (text.startsWith('misere', i) && nameEnd(text, i) === i + 6) {
      misere = { kind: 'keyword', start: i, end: i + 6, text: 'misere', terminated: true };
      i = skipSpaces(text, i + 6);
    }
    const sumStart = i;
    const mark = this.itemsEnd;
    for (;;) {
      const component = this.plainComponent(i);
      if (!component) break;
      this.pushItem(component);
      i = skipSpaces(text, component.end);
      if (text.charCodeAt(i) === 43 /* + */) {
        i = skipSpaces(text, i + 1);
        continue; // a line ending in `+` goes on to the next: plainComponent refuses it, for the token path
      }
      // The end of the line, after at most a comment.
      if (text.charCodeAt(i) === 35 /* # */)
        while (i < text.length && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
      if (i < text.length && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) break;
      // Left as the token path leaves it: the last token consumed, the line break not read yet.
      const end = component.end;
      const components = this.takeItems<Component>(mark);
      this.lookaheadStart = 0;
      this.lookaheadEnd = 0;
      this.scanner.seek(end);
      this.previousKind = component.kind === 'row' ? 'string' : 'name';
      this.lastEnd = end;
      this.lastNonNewlineEnd = end;
      // The sum's span made apart: a literal inside a literal gives V8 an allocation site to
      // pretenure, and a declaration pretenured into the old generation kept its young parts
      // alive past the analysis (see RecordingSink in checker.ts).
      const sum: Span = { start: sumStart, end: Math.max(sumStart, end) };
      return { kind: 'game', start, end, name, misere, sum, components };
    }
    this.itemsEnd = mark;
    return undefined;
  }

  /**
   * text[start, end), a name used again and again (the rules and vertices of a document's games),
   * as one string for all its uses: the last string made for names of its length and ends.
   */
  private nameText(start: number, end: number): string {
    const text = this.text;
    const length = end - start;
    const slot = (length * 31 + text.charCodeAt(start) * 7 + text.charCodeAt(end - 1)) & 255;
    const known = this.names[slot];
    if (known !== undefined && known.length === length && text.startsWith(known, start)) return known;
    const name = text.slice(start, end);
    this.names[slot] = name;
    return name;
  }

  /**
   * A component at `i` on a plain line (see plainGame): heaps, one row, or `at` and vertices on this line; undefined
   * for anything else.
   */
  private plainComponent(i: number): Component | undefined {
    const text = this.text;
    const headStart = i;
    if (!isNameStart(text.charCodeAt(i))) return undefined;
    i = nameEnd(text, i);
    if (mayBeKeyword(text, headStart, i)) return undefined;
    const head: Name = { start: headStart, end: i, text: this.nameText(headStart, i) };
    i = skipSpaces(text, i);
    const c = text.charCodeAt(i);
    const mark = this.itemsEnd;
    if (isDigit(c)) {
      const numbersStart = i;
      let end = i;
      while (isDigit(text.charCodeAt(i))) {
        do i++;
        while (isDigit(text.charCodeAt(i)));
        const after = text.charCodeAt(i);
        // `0.7` or `3a`: for the token path to report.
        if (after === 46 || isNamePart(after)) return undefined;
        end = i;
        i = skipSpaces(text, i);
      }
      // The numbers stay text until asked for (see PlainHeaps).
      return new PlainHeaps(headStart, end, head, text.slice(numbersStart, end));
    }
    if (c === 34 /* " */) {
      const rowStart = i;
      i++;
      while (i < text.length && text.charCodeAt(i) !== 34 && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13)
        i++;
      if (text.charCodeAt(i) !== 34) return undefined; // not closed on its line
      const end = i + 1;
      // Another string after it: a word game's pieces, read by the token path.
      if (text.charCodeAt(skipSpaces(text, end)) === 34) return undefined;
      const row: StringLiteral = { start: rowStart, end, valueStart: rowStart + 1, value: text.slice(rowStart + 1, i) };
      return { kind: 'row', start: headStart, end, rule: head, row, more: NONE };
    }
    if (c === 97 /* a */ && text.charCodeAt(i + 1) === 116 /* t */ && nameEnd(text, i) === i + 2) {
      const at: Token = { kind: 'keyword', start: i, end: i + 2, text: 'at', terminated: true };
      i = skipSpaces(text, i + 2);
      let end = -1;
      for (;;) {
        const vertexStart = i;
        const v = text.charCodeAt(i);
        if (isNameStart(v)) {
          i = nameEnd(text, i);
          if (mayBeKeyword(text, vertexStart, i)) break;
        } else if (isDigit(v)) {
          do i++;
          while (isDigit(text.charCodeAt(i)));
          const after = text.charCodeAt(i);
          if (after === 46 || isNamePart(after)) break;
        } else break;
        this.pushItem({ start: vertexStart, end: i, text: this.nameText(vertexStart, i) });
        end = i;
        i = skipSpaces(text, i);
        if (text.charCodeAt(i) !== 44 /* , */) {
          return { kind: 'tokens', start: headStart, end, graph: head, at, vertices: this.takeItems<Name>(mark) };
        }
        // After `,`, a vertex on this line (a line ending in `,` goes on to the next: the token path's).
        i = skipSpaces(text, i + 1);
      }
      this.itemsEnd = mark;
      return undefined;
    }
    return undefined;
  }

  private parseGame(): GameDeclaration {
    const start = this.advance().start;
    const name = this.parseDeclarationName('game');
    const components: Component[] = NONE;
    const startsSum = () => {
      const kind = this.peek().kind;
      return kind === 'name' || kind === 'number' || kind === 'string' || this.atKeyword('misere');
    };
    if (this.atLineEnd()) {
      if (name) this.reportExpected('expected-equals', `\`=\` after \`${name.text}\``);
      return { kind: 'game', start, end: this.previousEnd(), name, components };
    }
    if (!this.expectEquals(name, startsSum)) return { kind: 'game', start, end: this.previousEnd(), name, components };

    let misere: Span | undefined;
    while (this.atKeyword('misere')) {
      const token = this.advance();
      if (misere) this.report('misere-repeated', token, '`misere` is given twice: say it once, right after `=`');
      else misere = token;
    }
    if (this.atLineEnd()) {
      this.reportExpected('expected-component', `a game after ${misere ? '`misere`' : '`=`'}, such as \`nim 3 4 5\``);
      return { kind: 'game', start, end: this.previousEnd(), name, misere, components };
    }
    const sumStart = this.peek().start;
    const mark = this.itemsEnd;
    for (;;) {
      const component = this.parseComponent();
      if (component) this.pushItem(component);
      // `misere` somewhere in the middle: say where it belongs, then go on.
      while (this.atKeyword('misere')) {
        const token = this.advance();
        if (misere) this.report('misere-repeated', token, '`misere` is given twice: say it once, right after `=`');
        else this.report('misere-misplaced', token, '`misere` belongs right after `=`, before the first component');
      }
      if (this.peek().kind === '+') {
        this.advance();
        // A line ending in `+` continues on the next, unless that line starts a declaration.
        this.skipNewlinesBefore(['name', 'number', 'string']);
        continue;
      }
      if (this.atLineEnd()) break;
      const token = this.peek();
      if (token.kind !== 'unknown') {
        this.report('unexpected-token', token, `expected \`+\` or the end of the line, found ${describe(token)}`);
      }
      this.skipLine();
      break;
    }
    const sumEnd = this.itemsEnd > mark ? (this.items[this.itemsEnd - 1] as Component).end : this.previousEnd();
    const sum = { start: sumStart, end: Math.max(sumStart, sumEnd) };
    return {
      kind: 'game',
      start,
      end: this.previousEnd(),
      name,
      misere,
      sum,
      components: this.takeItems<Component>(mark),
    };
  }

  private parseComponent(): Component | undefined {
    const head = this.peek();
    if (head.kind === 'number' || head.kind === 'string') {
      const example = head.kind === 'number' ? `\`nim ${head.text}\`` : `\`treblecross ${head.text}\``;
      this.report(
        'expected-component',
        head,
        `expected a rule or graph name before ${describe(head)}, as in ${example}`,
      );
      while (!this.atLineEnd() && this.peek().kind !== '+') this.advance();
      return undefined;
    }
    if (head.kind !== 'name') {
      this.reportExpected('expected-component', 'a rule or graph name');
      while (!this.atLineEnd() && this.peek().kind !== '+') this.advance();
      return undefined;
    }
    this.advance();
    const name: Name = { start: head.start, end: head.end, text: head.text };
    const next = this.peek();
    if (this.atKeyword('at')) {
      this.advance();
      const mark = this.itemsEnd;
      this.parseVertexList('`at`', true);
      return {
        kind: 'tokens',
        start: head.start,
        end: this.previousEnd(),
        graph: name,
        at: next,
        vertices: this.takeItems<Name>(mark),
      };
    }
    if (next.kind === 'number' || next.kind === 'decimal') {
      const mark = this.itemsEnd;
      while (this.peek().kind === 'number' || this.peek().kind === 'decimal') {
        const token = this.advance();
        if (token.kind === 'decimal')
          this.report('expected-number', token, `\`${token.text}\` is not a heap size: heap sizes are whole numbers`);
        else this.pushItem(numberLiteral(token));
      }
      return {
        kind: 'heaps',
        start: head.start,
        end: this.previousEnd(),
        rule: name,
        heaps: this.takeItems<NumberLiteral>(mark),
      };
    }
    if (next.kind === 'string') {
      const mark = this.itemsEnd;
      while (this.peek().kind === 'string') this.pushItem(stringLiteral(this.advance()));
      const row = this.items[mark] as StringLiteral;
      const more = this.itemsEnd > mark + 1 ? this.takeItems<StringLiteral>(mark + 1) : NONE;
      this.itemsEnd = mark;
      return { kind: 'row', start: head.start, end: this.previousEnd(), rule: name, row, more };
    }
    if (next.kind === '(' || next.kind === '[') {
      const close = next.kind === '(' ? ')' : ']';
      const mark = this.itemsEnd;
      while (this.peek().kind === next.kind) this.pushItem(this.parseNumberGroup(close));
      const groups = this.takeItems<NumberGroup>(mark);
      return next.kind === '('
        ? { kind: 'pairs', start: head.start, end: this.previousEnd(), rule: name, pairs: groups }
        : { kind: 'lists', start: head.start, end: this.previousEnd(), rule: name, lists: groups };
    }
    if (next.kind === '{') {
      const mark = this.itemsEnd;
      while (this.peek().kind === '{') this.pushItem(this.parsePicture());
      const pictures = this.takeItems<Picture>(mark);
      return { kind: 'pictures', start: head.start, end: this.previousEnd(), rule: name, pictures };
    }
    this.reportExpected(
      'expected-component',
      `heap sizes, \`at\` and vertices, a row, pairs \`(A, B)\`, rows \`[A, B]\` or a picture \`{ A - B }\` after ` +
        `\`${name.text}\``,
    );
    while (!this.atLineEnd() && this.peek().kind !== '+') this.advance();
    return undefined;
  }
}

/**
 * A plain line at `i` (see fastEdgeLines): its vertices' starts and ends go to `words` in pairs,
 * their number to the last element; returns where the next line starts, or -1 when the line is not
 * plain. A blank line, or a comment alone, is plain with no vertices.
 */
function plainLine(text: string, i: number, words: Int32Array, hashes: Int32Array): number {
  const room = (words.length - 1) >> 1;
  let count = 0;
  i = skipSpaces(text, i);
  const first = text.charCodeAt(i);
  if (first !== 35 /* # */ && first !== 10 && first !== 13) {
    i = readVertex(text, i, words, hashes, 0);
    if (i < 0) return -1;
    count = 1;
    i = skipSpaces(text, i);
    if (text.charCodeAt(i) === 45 && text.charCodeAt(i + 1) === 62 /* -> */) {
      i = skipSpaces(text, i + 2);
      for (;;) {
        if (count === room) return -1; // a very long line: the token path
        i = readVertex(text, i, words, hashes, count);
        if (i < 0) return -1;
        count++;
        i = skipSpaces(text, i);
        if (text.charCodeAt(i) !== 44 /* , */) break;
        i = skipSpaces(text, i + 1);
      }
    }
  }
  if (text.charCodeAt(i) === 35) while (i < text.length && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
  const c = text.charCodeAt(i);
  if (c === 13 && text.charCodeAt(i + 1) === 10) i += 2;
  else if (c === 10 || c === 13) i++;
  else return -1; // the end of the text, or more on the line
  words[words.length - 1] = count;
  return i;
}

/** Past the spaces and tabs (the lexer's, not line breaks) from `i`. */
/** Whether every offset is before `end`. */
function allBefore(offsets: readonly number[], end: number): boolean {
  for (const offset of offsets) if (offset >= end) return false;
  return true;
}

function skipSpaces(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 12 || c === 0xfeff || c === 0xa0) i++;
    else return i;
  }
}

/**
 * A vertex at `i` as the lexer would read it (a name, or digits), not a keyword and not the start
 * of some other token (`3a`, `0.7`): it is the `index`-th of its line, its start and end go to
 * `words[2 * index]` and `words[2 * index + 1]` and its hash to `hashes[index]`, and its end is
 * returned; -1 when there is none.
 */
function readVertex(text: string, i: number, words: Int32Array, hashes: Int32Array, index: number): number {
  const start = i;
  const c = text.charCodeAt(i);
  if (isNameStart(c)) {
    i = nameEnd(text, i);
    if (mayBeKeyword(text, start, i)) return -1;
  } else if (isDigit(c)) {
    do i++;
    while (isDigit(text.charCodeAt(i)));
    const next = text.charCodeAt(i);
    if (next === 46 || isNamePart(next)) return -1;
  } else return -1;
  words[2 * index] = start;
  words[2 * index + 1] = i;
  hashes[index] = hashOf(text, start, i);
  return i;
}

/** The first letters of keywords, as bits (a to z). */
const keywordInitials = [...keywordSet].reduce((bits, word) => bits | (1 << (word.charCodeAt(0) - 97)), 0);

/** Whether text[start, end) is a keyword: most names are ruled out by their length or first letter, without a slice. */
function mayBeKeyword(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length < 2 || length > 8) return false;
  const first = text.charCodeAt(start) - 97;
  if (first < 0 || first > 25 || (keywordInitials & (1 << first)) === 0) return false;
  return keywordSet.has(text.slice(start, end));
}

/** A string token as a literal: its value is what stands between the quotes (to the line's end when unclosed). */
function stringLiteral(token: Token): StringLiteral {
  const closed = token.terminated !== false;
  return {
    start: token.start,
    end: token.end,
    valueStart: token.start + 1,
    value: token.text.slice(1, closed ? -1 : undefined),
  };
}

function numberLiteral(token: Token): NumberLiteral {
  return { start: token.start, end: token.end, text: token.text, value: numberValue(token.text) };
}
