// The grammar of a rule of one's own (language version 4, part 2), read after `rule NAME = moves`:
//
//   body    := VARS '->' clause ('|' clause)*        VARS: a name, or `(x, y, …)`
//   clause  := term ('for' NAME 'in' term '..' term)* ('if' term)?
//   term    := or;  or := and ('or' and)*;  and := not ('and' not)*;  not := 'not' not | compare
//   compare := sum (('==' | '!=' | '<' | '<=' | '>' | '>=') sum)?
//   sum     := product (('+' | '-') product)*;  product := unary (('*' | '/' | '%') unary)*
//   unary   := '-' unary | primary
//   primary := INTEGER | NAME | ('min' | 'max' | 'abs') '(' term, … ')' | '(' term, … ')' | '[' term, … ']'
//
// Expressions and conditions share one grammar (a parenthesis may group either); the checker
// (movesCheck.ts) tells numbers from conditions, tuples from splits, and binds the names. A rule may go
// on over lines: a line that starts with `|` continues the rule above it (the formatter writes long
// rules so). The words `moves for in if and or not min max abs` are names to the lexer, special only
// here. The lexer reads this part in its expression mode (Scanner.expressions: `n-k` is n minus k).
//
// Like the parser, it never throws: a mistake is reported where it is, the clause is skipped up to its
// `|` or the line's end, and the body is marked malformed (it then has no meaning, and nothing is
// computed for it). The slips people make get a replacement, which the quick fix writes: `=` for `==`,
// `...` for `..`, a missing `for`.
import type { MovesBody, MovesClauseNode, MovesLoop, MovesTerm, Name } from './ast';
import type { DiagnosticCode, DiagnosticExtras } from './diagnostics';
import type { Token } from './lexer';
import type { Span } from './text';
import { describe } from './tokenCursor';

/** The words special inside a rule of one's own (names everywhere else). */
export const MOVES_WORDS = ['moves', 'for', 'in', 'if', 'and', 'or', 'not', 'min', 'max', 'abs'] as const;
const reserved: ReadonlySet<string> = new Set(MOVES_WORDS);
export const MOVES_FUNCTIONS: ReadonlySet<string> = new Set(['min', 'max', 'abs']);

/** What the grammar needs of the parser's cursor (parser.ts hands it its own). */
export interface MovesCursor {
  peek(ahead?: number): Token;
  advance(): Token;
  previousEnd(): number;
  report(code: DiagnosticCode, span: Span, message: string, extras?: DiagnosticExtras): void;
  /** At a line break: whether the next line, after its spaces, starts with `|` (read from the text, not lexed). */
  nextLineContinues(): boolean;
}

/** Thrown to leave a clause after a reported mistake (caught per clause: never out of this module). */
class ClauseError extends Error {}

/**
 * How deep a term may nest (operations within operations, brackets within brackets): every later step
 * (the checker, the compiler, the formatter) walks a term by recursion, so its depth is bounded here,
 * where a mistake can still be said. A rule people write nests a few levels.
 */
export const MAX_TERM_DEPTH = 200;

const COMPARISONS: ReadonlySet<string> = new Set(['==', '!=', '<', '<=', '>', '>=']);

/** Reads `VARS -> CLAUSE | …` after `moves` (consumed: `start` is where it began). */
export function readMovesBody(cursor: MovesCursor, start: number): MovesBody {
  return new MovesReader(cursor).body(start);
}

class MovesReader {
  private malformed = false;
  /** Each term's depth (a leaf: 1), to refuse a term past MAX_TERM_DEPTH as it is built. */
  private readonly depths = new WeakMap<MovesTerm, number>();
  /** Brackets and prefix operators open now: the grammar's own recursion, bounded the same way. */
  private nesting = 0;

  constructor(private readonly cursor: MovesCursor) {}

  body(start: number): MovesBody {
    const { variables, tuple } = this.variables();
    const clauses: MovesClauseNode[] = [];
    const body = (): MovesBody => ({
      kind: 'moves',
      start,
      end: this.cursor.previousEnd(),
      variables,
      tuple,
      clauses,
      malformed: this.malformed,
    });
    if (this.kind() !== '->') {
      this.expected('expected-arrow', '`->` after the variables, as in `moves n -> n - 1`');
      this.skipClause(true);
      if (this.kind() !== '->') return body();
    }
    this.cursor.advance();
    this.continueLine();
    for (;;) {
      const clause = this.clause();
      if (clause) clauses.push(clause);
      if (this.atLineEnd() && this.cursor.peek().kind === 'newline' && this.cursor.nextLineContinues())
        this.cursor.advance(); // the next line starts with `|`
      if (this.kind() !== '|') break;
      this.cursor.advance();
      this.continueLine();
    }
    if (!this.atLineEnd()) {
      const token = this.cursor.peek();
      if (token.kind !== 'unknown')
        this.cursor.report(
          'unexpected-token',
          token,
          `unexpected ${describe(token)} after a clause: clauses are separated by \`|\``,
        );
      this.malformed = true;
      while (!this.atLineEnd()) this.cursor.advance();
    }
    return body();
  }

  /** `n` or `(x, y)`. */
  private variables(): { variables: Name[]; tuple: boolean } {
    const variables: Name[] = [];
    if (this.kind() === '(') {
      this.cursor.advance();
      for (;;) {
        const name = this.variableName();
        if (name) variables.push(name);
        else break;
        if (this.kind() === ',') this.cursor.advance();
        else break;
      }
      if (this.kind() === ')') this.cursor.advance();
      else if (variables.length > 0) this.expected('expected-close-brace', '`)` after the variables');
      return { variables, tuple: true };
    }
    const name = this.variableName();
    return { variables: name ? [name] : [], tuple: false };
  }

  private variableName(): Name | undefined {
    const token = this.cursor.peek();
    if (token.kind === 'name' && !reserved.has(token.text)) {
      this.cursor.advance();
      return { start: token.start, end: token.end, text: token.text };
    }
    if (token.kind === 'name')
      this.cursor.report('unexpected-token', token, `\`${token.text}\` is a word of the rule and cannot be a variable`);
    else this.expected('unexpected-token', 'a variable after `moves`, as in `moves n -> …` or `moves (x, y) -> …`');
    this.malformed = true;
    return undefined;
  }

  /** One clause; undefined when it had a mistake (reported, skipped to its `|` or the line's end). */
  private clause(): MovesClauseNode | undefined {
    const start = this.cursor.peek().start;
    this.nesting = 0;
    try {
      const option = this.term();
      const loops: MovesLoop[] = [];
      for (;;) {
        if (this.atWord('for')) loops.push(this.loop());
        else if (this.cursor.peek().kind === 'name' && this.cursor.peek(1).kind === 'name' && this.atWord('in', 1)) {
          // `k in 1..n` without its `for`.
          const at = this.cursor.peek();
          this.cursor.report('expected-for', at, '`for` is missing before the range: `for K in A..B`', {
            replacement: `for ${at.text}`,
          });
          this.malformed = true;
          loops.push(this.loop(false));
        } else break;
      }
      let condition: MovesTerm | undefined;
      let ifWord: Span | undefined;
      if (this.atWord('if')) {
        ifWord = span(this.cursor.advance());
        condition = this.term();
      }
      return { start, end: this.cursor.previousEnd(), option, loops, condition, ...(ifWord ? { ifWord } : {}) };
    } catch (error) {
      if (!(error instanceof ClauseError)) throw error;
      this.malformed = true;
      this.skipClause(false);
      return undefined;
    }
  }

  /** `for K in A..B` (`withFor`: the `for` is there). */
  private loop(withFor = true): MovesLoop {
    const start = this.cursor.peek().start;
    const forWord = withFor ? span(this.cursor.advance()) : undefined;
    const token = this.cursor.peek();
    if (token.kind !== 'name' || reserved.has(token.text)) this.fail('a variable after `for`, as in `for k in 1..n`');
    this.cursor.advance();
    const variable = { start: token.start, end: token.end, text: token.text };
    if (!this.atWord('in')) this.fail('`in` after the variable, as in `for k in 1..n`');
    const inWord = span(this.cursor.advance());
    const from = this.term();
    const dots = this.cursor.peek();
    if (dots.kind === '...') {
      this.cursor.report('range-dots', dots, 'a range is written with two dots: `A..B`', { replacement: '..' });
      this.malformed = true;
    } else if (dots.kind !== '..') this.fail('`..` between the ends of the range, as in `1..n`');
    this.cursor.advance();
    const to = this.term();
    return { start, end: this.cursor.previousEnd(), variable, from, to, inWord, ...(forWord ? { forWord } : {}) };
  }

  // ---- terms, by precedence ----

  private term(): MovesTerm {
    return this.logical('or', () => this.logical('and', () => this.negation()));
  }

  private logical(word: 'and' | 'or', operand: () => MovesTerm): MovesTerm {
    let left = operand();
    while (this.atWord(word)) {
      const at = this.cursor.advance();
      const right = operand();
      left = this.made(
        { kind: 'binary', op: word, at: span(at), left, right, start: left.start, end: right.end },
        left,
        right,
      );
    }
    return left;
  }

  private negation(): MovesTerm {
    if (this.atWord('not')) {
      const at = this.cursor.advance();
      this.enter(at);
      const arg = this.negation();
      this.nesting--;
      return this.made({ kind: 'unary', op: 'not', arg, start: at.start, end: arg.end }, arg);
    }
    return this.comparison();
  }

  private comparison(): MovesTerm {
    const left = this.sum();
    const token = this.cursor.peek();
    let op: string | undefined;
    if (COMPARISONS.has(token.kind)) op = token.kind;
    else if (token.kind === '=') {
      this.cursor.report('equals-for-comparison', token, 'a comparison is written `==`; `=` only names a declaration', {
        replacement: '==',
      });
      this.malformed = true;
      op = '==';
    }
    if (op === undefined) return left;
    this.cursor.advance();
    const right = this.sum();
    const term: MovesTerm = {
      kind: 'binary',
      op: op as '==',
      at: span(token),
      left,
      right,
      start: left.start,
      end: right.end,
    };
    return this.made(term, left, right);
  }

  private sum(): MovesTerm {
    let left = this.product();
    for (let kind = this.kind(); kind === '+' || kind === '-'; kind = this.kind()) {
      const at = this.cursor.advance();
      const right = this.product();
      left = this.made(
        { kind: 'binary', op: kind, at: span(at), left, right, start: left.start, end: right.end },
        left,
        right,
      );
    }
    return left;
  }

  private product(): MovesTerm {
    let left = this.unary();
    for (let kind = this.kind(); kind === '*' || kind === '/' || kind === '%'; kind = this.kind()) {
      const at = this.cursor.advance();
      const right = this.unary();
      left = this.made(
        { kind: 'binary', op: kind, at: span(at), left, right, start: left.start, end: right.end },
        left,
        right,
      );
    }
    return left;
  }

  private unary(): MovesTerm {
    if (this.kind() === '-') {
      const at = this.cursor.advance();
      this.enter(at);
      const arg = this.unary();
      this.nesting--;
      return this.made({ kind: 'unary', op: '-', arg, start: at.start, end: arg.end }, arg);
    }
    return this.primary();
  }

  private primary(): MovesTerm {
    const token = this.cursor.peek();
    switch (token.kind) {
      case 'number':
        this.cursor.advance();
        return { kind: 'int', value: BigInt(token.text), start: token.start, end: token.end };
      case 'name': {
        if (MOVES_FUNCTIONS.has(token.text) && this.cursor.peek(1).kind === '(') {
          this.cursor.advance();
          const { items, end } = this.list('(', ')');
          const fn = { start: token.start, end: token.end, text: token.text };
          return this.made({ kind: 'call', fn, args: items, start: token.start, end }, ...items);
        }
        if (reserved.has(token.text)) this.fail('a number or a variable');
        this.cursor.advance();
        const name = { start: token.start, end: token.end, text: token.text };
        return { kind: 'var', name, start: token.start, end: token.end };
      }
      case '(': {
        const { items, end } = this.list('(', ')');
        if (items.length === 1) return this.made({ kind: 'paren', inner: items[0], start: token.start, end }, items[0]);
        return this.made({ kind: 'tuple', items, start: token.start, end }, ...items);
      }
      case '[': {
        const { items, end } = this.list('[', ']');
        return this.made({ kind: 'split', parts: items, start: token.start, end }, ...items);
      }
      default:
        return this.fail('a number, a variable, `(` or `[`');
    }
  }

  /** `(a, b, …)` or `[a, b, …]` (`[]` may be empty: a move that leaves nothing). */
  private list(open: '(' | '[', close: ')' | ']'): { items: MovesTerm[]; end: number } {
    this.enter(this.cursor.advance()); // the opening bracket
    const items: MovesTerm[] = [];
    if (this.kind() === close && open === '[') {
      this.nesting--;
      return { items, end: this.cursor.advance().end };
    }
    for (;;) {
      items.push(this.term());
      if (this.kind() === ',') {
        this.cursor.advance();
        continue;
      }
      if (this.kind() === close) {
        this.nesting--;
        return { items, end: this.cursor.advance().end };
      }
      return this.fail(`\`,\` or \`${close}\``);
    }
  }

  /** A new term made of `children`: refused (the clause skipped) when it nests past MAX_TERM_DEPTH. */
  private made<T extends MovesTerm>(term: T, ...children: readonly MovesTerm[]): T {
    let depth = 1;
    for (const child of children) depth = Math.max(depth, 1 + (this.depths.get(child) ?? 1));
    if (depth > MAX_TERM_DEPTH) this.tooDeep(term);
    this.depths.set(term, depth);
    return term;
  }

  private tooDeep(span: Span): never {
    this.cursor.report(
      'unexpected-token',
      span,
      `this term nests more than ${MAX_TERM_DEPTH} operations deep: write it in smaller steps`,
    );
    throw new ClauseError();
  }

  /** Into a bracket or a prefix operator: refused past MAX_TERM_DEPTH, before the recursion goes deeper. */
  private enter(at: Span): void {
    if (++this.nesting > MAX_TERM_DEPTH) {
      this.nesting = 0;
      this.tooDeep(at);
    }
  }

  // ---- the cursor ----

  private kind(): string {
    return this.cursor.peek().kind;
  }

  private atWord(word: string, ahead = 0): boolean {
    const token = this.cursor.peek(ahead);
    return token.kind === 'name' && token.text === word;
  }

  private atLineEnd(): boolean {
    const kind = this.kind();
    return kind === 'newline' || kind === 'eof';
  }

  /** After `->` or `|` at the end of a line: the rule goes on on the next line. */
  private continueLine(): void {
    if (this.kind() === 'newline') this.cursor.advance();
  }

  private expected(code: DiagnosticCode, what: string): void {
    const token = this.cursor.peek();
    this.malformed = true;
    if (token.kind === 'unknown') return; // the lexer said it
    const atEnd = token.kind === 'newline' || token.kind === 'eof';
    const where = atEnd ? { start: this.cursor.previousEnd(), end: this.cursor.previousEnd() } : token;
    this.cursor.report(code, where, `expected ${what}${atEnd ? '' : `, found ${describe(token)}`}`);
  }

  private fail(what: string): never {
    this.expected('unexpected-token', what);
    throw new ClauseError();
  }

  /** Past the rest of a clause: up to its `|` (`orArrow`: or a `->`) or the line's end. */
  private skipClause(orArrow: boolean): void {
    let depth = 0;
    while (!this.atLineEnd()) {
      const kind = this.kind();
      if (depth === 0 && (kind === '|' || (orArrow && kind === '->'))) return;
      if (kind === '(' || kind === '[') depth++;
      else if ((kind === ')' || kind === ']') && depth > 0) depth--;
      this.cursor.advance();
    }
  }
}

function span(token: Token): Span {
  return { start: token.start, end: token.end };
}

/** Every term under `root`, itself included, in no particular order (by an explicit stack: terms nest). */
export function walkTerms(root: MovesTerm, visit: (term: MovesTerm) => void): void {
  const stack: MovesTerm[] = [root];
  for (let term = stack.pop(); term; term = stack.pop()) {
    visit(term);
    switch (term.kind) {
      case 'int':
      case 'var':
        break;
      case 'binary':
        stack.push(term.left, term.right);
        break;
      case 'unary':
        stack.push(term.arg);
        break;
      case 'call':
        stack.push(...term.args);
        break;
      case 'paren':
        stack.push(term.inner);
        break;
      case 'tuple':
        stack.push(...term.items);
        break;
      case 'split':
        stack.push(...term.parts);
        break;
    }
  }
}

/** Every variable written in a term, in no particular order. */
export function termNames(root: MovesTerm, visit: (name: Name) => void): void {
  walkTerms(root, (term) => {
    if (term.kind === 'var') visit(term.name);
  });
}
