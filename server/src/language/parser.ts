// Recursive-descent parser for the `.game` language. It never throws: every problem becomes a
// diagnostic, and parsing resumes at the next line (declarations are line-oriented), so one bad
// line never hides the declarations after it.
//
// Beside it: its cursor over the tokens, which also reports what it finds (tokenCursor.ts), the
// plain lines read straight from the text (plainLines.ts), and the record of its steps that
// incremental parses reuse (parseUnits.ts). What is left here, the grammar, runs past 600 lines
// but is one concern that reads best whole: a recursive descent over one shared token stream,
// whose productions call one another (a game's `at` reads vertex lists as a graph's edge lines do,
// its components read pictures and number groups) and recover alike, going on at the next line.
import {
  type Board,
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
import { type Diagnostic, type DiagnosticExtras, DiagnosticSink, quoted } from './diagnostics';
import { GraphBodyBuilder, GraphNode } from './graphBody';
import { ItemStack } from './itemStack';
import { PICTURE_LOOK_ALIKES, type Token } from './lexer';
import { BUILTIN_RULES } from './model';
import { type MovesCursor, readMovesBody } from './movesBody';
import { NONE, type ParseUnit, type UnitOptions, UnitRecorder } from './parseUnits';
import { numberValue } from './plainHeaps';
import { RULE_BODIES, RULE_KEYWORDS } from './ruleBodies';
import { Suggester } from './suggest';
import type { Span } from './text';
import { describe, TokenCursor } from './tokenCursor';

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

/** What a parse may be asked, besides what it records of its steps, skips and stops before (UnitOptions). */
export interface ParseOptions extends UnitOptions {
  /**
   * Read every line by tokens, without the plain-line paths (plainGame, fastEdgeLines): tests compare those with this.
   */
  readonly tokensOnly?: boolean;
  /**
   * Asked of each declaration once parsed: false leaves it out of the file (it was handed on, as analyzeStreaming does
   * with games).
   */
  readonly keep?: (declaration: Declaration) => boolean;
  /** Start lexing here rather than at 0: a place where a step of the top-level loop resumes (a unit's `resumeAt`). */
  readonly from?: number;
}

const declarationKeywords = ['rule', 'graph', 'game'];

/** Diagnostics go to `sink` (which keeps a bounded number); suggestions spend `suggester`'s budget. */
export function parse(
  text: string,
  sink = new DiagnosticSink(),
  suggester = new Suggester(),
  options: ParseOptions = {},
): ParseResult & { readonly stoppedAt?: number } {
  const parser = new Parser(text, sink, suggester, options);
  const declarations = parser.parseFile();
  return {
    file: { text, declarations },
    errorStarts: parser.errorStarts,
    units: parser.recorder.units,
    stoppedAt: parser.recorder.stoppedAt,
  };
}

class Parser extends TokenCursor {
  readonly errorStarts: number[] = [];
  /** What the top-level loop records of its steps, and resumes by (see UnitOptions). */
  readonly recorder: UnitRecorder;
  /**
   * While true, diagnostics wait in `held` (made on the first: a list per declaration was garbage on every line).
   * Between units: what the lexer reports of the next unit's first token waits here, for a parse stopped before that
   * unit reports nothing of it.
   */
  private holding = false;
  private held: Diagnostic[] | undefined;
  /** The items of the lists being read (itemStack.ts). */
  private readonly items = new ItemStack();
  private readonly keep: ((declaration: Declaration) => boolean) | undefined;

  constructor(
    text: string,
    private readonly diagnostics: DiagnosticSink,
    private readonly suggester: Suggester,
    options: ParseOptions,
  ) {
    super(text, options.from ?? 0, options.tokensOnly !== true);
    this.keep = options.keep;
    this.recorder = new UnitRecorder(options);
  }

  protected emit(diagnostic: Diagnostic): void {
    if (this.holding) {
      this.held ??= [];
      this.held.push(diagnostic);
      return;
    }
    this.diagnostics.push(diagnostic);
    this.errorStarts.push(diagnostic.span.start);
    this.recorder.problem(diagnostic);
  }

  // ---- file ----

  parseFile(): Declaration[] {
    const declarations: Declaration[] = [];
    const recorder = this.recorder;
    for (;;) {
      this.holding = true;
      this.skipNewlines();
      const token = this.peek();
      const held = this.held;
      this.holding = false;
      this.held = undefined;
      recorder.reached(token.start);
      if (token.kind === 'eof') break;
      if (recorder.stops(token.start)) break;
      const resume = recorder.resumeAfter(token.start);
      if (resume !== undefined) {
        // Read before (see ParseOptions.skip): on from where that parse went on after it.
        this.goOnFrom(resume);
        continue;
      }
      if (held) for (const diagnostic of held) this.emit(diagnostic);
      const cellsBefore = this.suggester.work.cells;
      let declaration: Declaration | undefined;
      if (this.atKeyword('rule')) declaration = this.parseRule();
      else if (this.atKeyword('graph')) declaration = this.parseGraph();
      else if (this.atKeyword('game')) declaration = this.plainGame() ?? this.parseGame();
      else {
        this.reportNotADeclaration(token);
        this.skipLine();
      }
      if (declaration) {
        const kept = !this.keep || this.keep(declaration);
        if (kept) declarations.push(declaration);
        this.finishLine();
        if (kept) recorder.kept(token.start, this.lastEnd);
      }
      recorder.finish(
        token.start,
        this.scannedEnd + 2,
        this.lastEnd,
        declaration,
        this.suggester.work.cells - cellsBefore,
      );
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
    const startsBody = () => RULE_BODIES.some((body) => this.atKeyword(body.keyword)) || this.atMoves();
    if (!this.atLineEnd() && this.expectEquals(name, startsBody)) body = this.parseRuleBody();
    else if (this.atLineEnd() && name) this.reportExpected('expected-equals', `\`=\` after \`${name.text}\``);
    return { kind: 'rule', start, end: this.previousEnd(), name, body };
  }

  /** `moves` starts a rule of one's own (a name to the lexer: special only here). */
  private atMoves(): boolean {
    const token = this.peek();
    return token.kind === 'name' && token.text === 'moves';
  }

  /** What movesBody.ts's grammar reads through. */
  private readonly movesCursor: MovesCursor = {
    peek: (ahead) => this.peek(ahead),
    advance: () => this.advance(),
    previousEnd: () => this.previousEnd(),
    report: (code, span, message, extras) => this.report(code, span, message, extras),
    nextLineContinues: () => {
      let i = this.peek().end; // after the line break
      while (this.text.charCodeAt(i) === 32 || this.text.charCodeAt(i) === 9) i++;
      return this.text.charCodeAt(i) === 124; // |
    },
  };

  private parseRuleBody(): RuleBody | undefined {
    const token = this.peek();
    if (this.atMoves()) {
      // Only `moves` was read ahead: what follows is lexed as expressions, up to the rule's end.
      this.advance();
      this.scanner.expressions = true;
      try {
        return readMovesBody(this.movesCursor, token.start);
      } finally {
        this.scanner.expressions = false;
      }
    }
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
        `expected ${RULE_KEYWORDS}, found \`${token.text}\`: ` +
          "a rule is defined by its moves, not by another rule's name",
      );
      return undefined;
    }
    this.reportExpected('expected-rule', `${RULE_KEYWORDS} after \`=\``);
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
    const mark = this.items.size;
    // Nothing is read ahead past `{` (parseComponent peeks one token): the next token is scanned with dashes.
    this.scanner.dashes = true;
    try {
      for (;;) {
        this.skipNewlinesBefore(['name', 'number', ',', '}', '-', '->']);
        const token = this.peek();
        if (token.kind === '}') {
          this.advance();
          return { start: open.start, end: token.end, edges: this.items.take<PictureEdge>(mark) };
        }
        if (token.kind === ',') {
          this.report('expected-vertex', token, 'expected an edge `A - B` before `,`');
          this.advance();
          continue;
        }
        if (token.kind === '-' || token.kind === '->') {
          // `- c`: an edge from nowhere; the rest of it is passed over.
          this.report('expected-vertex', token, `expected a vertex before \`${token.text}\`, as in \`a - b\``);
          this.advance();
          this.skipLine(['}', ',']);
          if (this.peek().kind === ',') this.advance();
          continue;
        }
        if (token.kind === 'unknown') {
          // The lexer said what it is (`;` for `,`): passed over, the edges after it still read.
          this.advance();
          continue;
        }
        if (token.kind !== 'name' && token.kind !== 'number') break;
        const edge = this.parsePictureEdge();
        if (edge) this.items.push(edge);
        if (edge?.to && this.peek().kind === '-') this.chain(edge);
        const after = this.peek();
        if (after.kind === ',') {
          this.advance();
          this.skipNewlinesBefore(['name', 'number', '}']);
        } else if (after.kind === 'unknown') {
          this.advance();
        } else if (after.kind === 'name' || after.kind === 'number') {
          this.report('unexpected-token', after, 'expected `,` between the edges');
        } else if (after.kind !== '}' && after.kind !== 'newline') {
          if (edge) break;
          this.skipLine(['}', ',']);
        }
      }
      const end = this.reportUnclosed('expected `}` to close the picture');
      return { start: open.start, end, edges: this.items.take<PictureEdge>(mark) };
    } finally {
      this.scanner.dashes = false;
    }
  }

  /**
   * `a - b - c` (the cursor on the second `-`): a chain, where an edge joins two vertices. Read as its edges, and
   * reported with them written one by one, `a - b, b - c`, for the quick fix.
   */
  private chain(first: PictureEdge): void {
    const ends = [first.from.text, first.to!.text];
    let previous = first.to!;
    while (this.peek().kind === '-' && (this.peek(1).kind === 'name' || this.peek(1).kind === 'number')) {
      this.advance();
      const token = this.advance();
      const vertex: Name = { start: token.start, end: token.end, text: token.text };
      // Its own copy of the shared end: an incremental parse moves each node once (no node is shared).
      const from: Name = { start: previous.start, end: previous.end, text: previous.text };
      const edge: PictureEdge = { start: previous.start, end: vertex.end, from, to: vertex };
      this.items.push(edge);
      ends.push(vertex.text);
      previous = vertex;
    }
    const end = previous.end;
    if (end === first.end) return;
    const edges = ends.slice(1).map((to, i) => `${ends[i]} - ${to}`);
    this.report(
      'unexpected-token',
      { start: first.start, end },
      `an edge joins two vertices: write the chain edge by edge, \`${quoted(edges.join(', '))}\``,
      { replacement: edges.join(', ') },
    );
  }

  /** `A - B` (the cursor on A), or `A` alone; undefined, reported, when it is neither. */
  private parsePictureEdge(): PictureEdge | undefined {
    const first = this.advance();
    const from: Name = { start: first.start, end: first.end, text: first.text };
    const dash = this.peek();
    if (dash.kind === '->') {
      this.report('expected-dash', dash, 'an edge of a picture is `A - B`; `->` is for graphs', { replacement: '-' });
      this.advance();
    } else if (dash.kind === '-' || (dash.kind === 'unknown' && PICTURE_LOOK_ALIKES[dash.text]?.[0] === '-')) {
      // A pasted dash (`a – b`) was reported by the lexer: the edge is still read.
      this.advance();
    } else if (dash.kind === 'name' || dash.kind === 'number') {
      // `ground a`: the dash forgotten; the edge is read, the game is not evaluated.
      this.report('expected-dash', dash, `expected \`-\` between \`${first.text}\` and \`${dash.text}\``);
    } else if (dash.kind === ',' || dash.kind === '}' || dash.kind === 'newline' || dash.kind === 'eof') {
      // A lone vertex: Node and Arc Kayles' graphs may have one; a Hackenbush picture's check says it may not.
      return { start: first.start, end: first.end, from };
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

  /** Whether the `[` at the cursor opens a board: a string follows it (on its line or a later one). */
  private boardAhead(): boolean {
    let ahead = 1;
    while (this.peek(ahead).kind === 'newline') ahead++;
    return this.peek(ahead).kind === 'string';
  }

  /**
   * `["....", ".#.."]`: one board, a string a row, separated by `,`; line breaks are allowed inside
   * the brackets (a board is written a row a line), and so is a `,` after the last row.
   */
  private parseBoard(): Board {
    const open = this.advance();
    const mark = this.items.size;
    let expectRow = true;
    for (;;) {
      this.skipNewlinesBefore(['string', ',', ']']);
      const token = this.peek();
      if (token.kind === 'string') {
        if (!expectRow) this.report('unexpected-token', token, 'expected `,` between the rows of a board');
        this.items.push(stringLiteral(this.advance()));
        expectRow = false;
      } else if (token.kind === ',') {
        if (expectRow) this.report('expected-row', token, 'expected a row, such as `"..#."`, before `,`');
        this.advance();
        expectRow = true;
      } else if (token.kind === ']') {
        this.advance();
        return { start: open.start, end: token.end, rows: this.items.take<StringLiteral>(mark) };
      } else break;
    }
    const end = this.reportUnclosed('expected `]` to close the board');
    return { start: open.start, end, rows: this.items.take<StringLiteral>(mark) };
  }

  /** `(3, 5)` or `[1, 0, 2]`: numbers separated by commas, on one line. */
  private parseNumberGroup(close: ')' | ']'): NumberGroup {
    const open = this.advance();
    const mark = this.items.size;
    let expectNumber = true;
    for (;;) {
      const token = this.peek();
      if (token.kind === 'number') {
        if (!expectNumber)
          this.report('unexpected-token', token, `expected \`,\` between the numbers of \`${open.text}…${close}\``);
        this.advance();
        this.items.push(numberLiteral(token));
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
        return { start: open.start, end: token.end, numbers: this.items.take<NumberLiteral>(mark) };
      } else {
        break;
      }
    }
    const end = this.reportUnclosed(`expected \`${close}\` to close \`${open.text}\``);
    return { start: open.start, end, numbers: this.items.take<NumberLiteral>(mark) };
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
        this.fastEdgeLines(body);
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

  private vertex(token: Token): Name {
    return { start: token.start, end: token.end, text: token.text };
  }

  private parseEdgeLine(body: GraphBodyBuilder): void {
    const fromToken = this.advance();
    body.startLine(fromToken.start, fromToken.end);
    const targets = this.items.size;
    if (this.peek().kind === '->') {
      this.advance();
      this.parseVertexList('`->`', false);
    } else if (!this.atLineEnd() && this.peek().kind !== '}') {
      const token = this.peek();
      if (token.kind !== 'unknown')
        this.report('expected-arrow', token, `expected \`->\` after \`${fromToken.text}\`, found ${describe(token)}`);
      this.skipLine(['}']);
    }
    for (let i = targets; i < this.items.size; i++) {
      const target = this.items.at<Name>(i);
      body.edge(target.start, target.end);
    }
    this.items.dropTo(targets);
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
        this.items.push(this.vertex(token));
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
    const mark = this.items.size;
    for (;;) {
      const component = this.parseComponent();
      if (component) this.items.push(component);
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
    const sumEnd = this.items.size > mark ? this.items.at<Component>(this.items.size - 1).end : this.previousEnd();
    const sum = { start: sumStart, end: Math.max(sumStart, sumEnd) };
    return {
      kind: 'game',
      start,
      end: this.previousEnd(),
      name,
      misere,
      sum,
      components: this.items.take<Component>(mark),
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
    let name: Name = { start: head.start, end: head.end, text: head.text };
    const second = this.peek();
    const joined = second.kind === 'name' && second.start === head.end + 1 ? `${head.text}-${second.text}` : '';
    if (BUILTIN_RULES.has(joined)) {
      // `node kayles`: a built-in's name written as in prose, a space for its hyphen. Read as the built-in (the name
      // as long as its text), so that what follows is read as its component, and mended by the quick fix.
      const written = `\`${head.text} ${second.text}\` is written \`${joined}\`, with a hyphen`;
      this.report('expected-dash', { start: head.start, end: second.end }, written, { replacement: joined });
      this.advance();
      name = { start: head.start, end: second.end, text: joined };
    }
    const next = this.peek();
    if (this.atKeyword('at')) {
      this.advance();
      const mark = this.items.size;
      this.parseVertexList('`at`', true);
      return {
        kind: 'tokens',
        start: head.start,
        end: this.previousEnd(),
        graph: name,
        at: next,
        vertices: this.items.take<Name>(mark),
      };
    }
    if (next.kind === 'number' || next.kind === 'decimal') {
      const mark = this.items.size;
      while (this.peek().kind === 'number' || this.peek().kind === 'decimal') {
        const token = this.advance();
        if (token.kind === 'decimal')
          this.report('expected-number', token, `\`${token.text}\` is not a heap size: heap sizes are whole numbers`);
        else this.items.push(numberLiteral(token));
      }
      return {
        kind: 'heaps',
        start: head.start,
        end: this.previousEnd(),
        rule: name,
        heaps: this.items.take<NumberLiteral>(mark),
      };
    }
    if (next.kind === 'string') {
      const mark = this.items.size;
      while (this.peek().kind === 'string') this.items.push(stringLiteral(this.advance()));
      const row = this.items.at<StringLiteral>(mark);
      const more = this.items.size > mark + 1 ? this.items.take<StringLiteral>(mark + 1) : NONE;
      this.items.dropTo(mark);
      return { kind: 'row', start: head.start, end: this.previousEnd(), rule: name, row, more };
    }
    if (next.kind === '[' && this.boardAhead()) {
      const mark = this.items.size;
      while (this.peek().kind === '[') this.items.push(this.parseBoard());
      const boards = this.items.take<Board>(mark);
      return { kind: 'boards', start: head.start, end: this.previousEnd(), rule: name, boards };
    }
    if (next.kind === '(' || next.kind === '[') {
      const close = next.kind === '(' ? ')' : ']';
      const mark = this.items.size;
      while (this.peek().kind === next.kind) this.items.push(this.parseNumberGroup(close));
      const groups = this.items.take<NumberGroup>(mark);
      return next.kind === '('
        ? { kind: 'pairs', start: head.start, end: this.previousEnd(), rule: name, pairs: groups }
        : { kind: 'lists', start: head.start, end: this.previousEnd(), rule: name, lists: groups };
    }
    if (next.kind === '{') {
      const mark = this.items.size;
      while (this.peek().kind === '{') this.items.push(this.parsePicture());
      const pictures = this.items.take<Picture>(mark);
      return { kind: 'pictures', start: head.start, end: this.previousEnd(), rule: name, pictures };
    }
    this.reportExpected(
      'expected-component',
      `heap sizes, \`at\` and vertices, a row, pairs \`(A, B)\`, rows \`[A, B]\`, a board \`["..", ".."]\` ` +
        `or a picture \`{ A - B }\` after ` +
        `\`${name.text}\``,
    );
    while (!this.atLineEnd() && this.peek().kind !== '+') this.advance();
    return undefined;
  }
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
