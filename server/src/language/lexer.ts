// The lexer turns text into tokens and never fails: anything it does not understand becomes an
// `unknown` token with a diagnostic, and lexing goes on.
import { type Diagnostic, error, quoted } from './diagnostics';
import type { Span } from './text';

export const KEYWORDS = [
  'rule',
  'game',
  'graph',
  'at',
  'subtract',
  'all',
  'except',
  'octal',
  'misere',
  'words',
  'hex',
] as const;
export type Keyword = (typeof KEYWORDS)[number];

export type TokenKind =
  | 'name'
  | 'keyword'
  | 'number' // 12, 1000000000000000000000
  | 'decimal' // 0.77: only meaningful as an octal code
  | 'string' // "..X.."
  | '='
  | '{'
  | '}'
  | ','
  | '+'
  | '('
  | ')'
  | '['
  | ']'
  | '->'
  | '-' // between the two ends of a Hackenbush edge (only inside a picture: Scanner.dashes)
  | '|' // the union of two subtraction sets; between the clauses of a rule of one's own
  // Only inside a rule of one's own (`moves n -> n - k for k in 1..n/2`: Scanner.expressions)
  | '*'
  | '/'
  | '%'
  | '..'
  | '...' // a slip for `..`: read as one token, so the parser can say so
  | '=='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | 'newline'
  | 'unknown'
  | 'eof';

export interface Token extends Span {
  readonly kind: TokenKind;
  readonly text: string;
  /** For strings: false when the closing quote is missing; true for every other token. */
  readonly terminated: boolean;
}

export const keywordSet: ReadonlySet<string> = new Set(KEYWORDS);

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
export function isNameStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
export function isNamePart(c: number): boolean {
  return isNameStart(c) || isDigit(c);
}

/**
 * Where the name starting at `start` (a name-start character) ends: the lexer's rule, shared with the parser's fast
 * path for graph bodies.
 */
export function nameEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    while (isNamePart(text.charCodeAt(i))) i++;
    // A hyphen belongs to the name only between name characters: `a->b` is a, ->, b.
    if (text.charCodeAt(i) === 45 && isNamePart(text.charCodeAt(i + 1))) i++;
    else return i;
  }
}

/** Characters people paste from papers, with what to write instead. */
const lookAlikes: Readonly<Record<string, string>> = {
  '→': 'write `->` for an edge',
  '⊕': 'write `+` to add games',
  '“': 'write a plain `"`',
  '”': 'write a plain `"`',
  ';': 'declarations end at the end of the line',
  '-': 'a hyphen only joins the parts of a name, as in `dawson-kayles`; an edge is `->`',
  "'": 'a row is written in double quotes, e.g. `treblecross "..X.."`',
};

/**
 * Inside a picture (Scanner.dashes), what a stray character most likely stands for, with what to write: a `;` between
 * edges, a dash pasted from a paper (`a – b`).
 */
export const PICTURE_LOOK_ALIKES: Readonly<Record<string, readonly [string, string]>> = {
  ';': [',', 'edges are separated by `,`'],
  '–': ['-', 'an edge is written `A - B`, with a hyphen'],
  '—': ['-', 'an edge is written `A - B`, with a hyphen'],
};

export interface LexResult {
  readonly tokens: Token[];
  readonly diagnostics: Diagnostic[];
}

/**
 * All tokens at once (the last is `eof`); for tests and tools. The parser pulls them one by one.
 * `dashes`: read a lone `-` as a token, as inside a Hackenbush picture (Scanner.dashes).
 */
export function lex(text: string, dashes = false): LexResult {
  const diagnostics: Diagnostic[] = [];
  const scanner = new Scanner(text, (diagnostic) => diagnostics.push(diagnostic));
  scanner.dashes = dashes;
  const tokens: Token[] = [];
  for (;;) {
    const token = scanner.next();
    tokens.push(token);
    if (token.kind === 'eof') return { tokens, diagnostics };
  }
}

/**
 * The tokens of `text` from `from` on, read as inside a rule of one's own (Scanner.expressions), the
 * last `eof`; for tools (the formatter) that read a rule's lines without the parser.
 */
export function lexExpressions(text: string, from = 0): LexResult {
  const diagnostics: Diagnostic[] = [];
  const scanner = new Scanner(text, (diagnostic) => diagnostics.push(diagnostic), from);
  scanner.expressions = true;
  const tokens: Token[] = [];
  for (;;) {
    const token = scanner.next();
    tokens.push(token);
    if (token.kind === 'eof') return { tokens, diagnostics };
  }
}

/**
 * Produces tokens on demand, so that a parser holds only a few at a time: a file with millions
 * of tokens then costs no more memory than its syntax tree.
 */
export class Scanner {
  private i: number;

  /** `from`: where to start, at a token's start or between tokens (a line start, for incremental parses). */
  constructor(
    private readonly text: string,
    private readonly report: (diagnostic: Diagnostic) => void,
    from = 0,
  ) {
    this.i = from;
  }

  // Every token has the same shape (terminated included), which keeps property access fast.
  private token(kind: TokenKind, start: number, end: number, terminated = true): Token {
    return { kind, start, end, text: this.text.slice(start, end), terminated };
  }

  next(): Token {
    const text = this.text;
    const n = text.length;
    let i = this.i;
    for (;;) {
      if (i >= n) {
        this.i = n;
        return this.token('eof', n, n);
      }
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 12 || c === 0xfeff /* BOM */ || c === 0xa0) {
        i++;
      } else if (c === 35 /* # */) {
        while (i < n && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
      } else break;
    }
    const start = i;
    const c = text.charCodeAt(i);
    let kind: TokenKind;
    let terminated = true;
    if (c === 10 || c === 13) {
      i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      kind = 'newline';
    } else if (this.afterHex && (isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102))) {
      // A hexadecimal code after `hex` (`hex 0.7F`): hex digits on both sides of the point, one
      // token; the checker says what is wrong with it, if anything.
      while (i < n && isCodePart(text.charCodeAt(i))) i++;
      kind = 'decimal';
    } else if (this.afterOctal && isDigit(c)) {
      // An octal code after `octal`, up to the next space: one token (`4!.0`, `0.1[37]`), so that the
      // checker reads `!` and the repeating group and says what is wrong inside it, if anything.
      while (i < n && isCodePart(text.charCodeAt(i))) i++;
      kind = /^\d+$/.test(text.slice(start, i)) ? 'number' : 'decimal';
    } else if (this.expressions && (c === 45 || isOperatorStart(c, text.charCodeAt(i + 1)))) {
      return this.operator(start);
    } else if (isNameStart(c)) {
      // In an expression `n-k` is n minus k: there names have no hyphens.
      if (this.expressions) {
        i++;
        while (isNamePart(text.charCodeAt(i))) i++;
      } else i = nameEnd(text, i);
      // One slice for the keyword test and the token's text.
      const word = text.slice(start, i);
      kind = keywordSet.has(word) ? 'keyword' : 'name';
      this.i = i;
      this.afterHex = kind === 'keyword' && word === 'hex';
      this.afterOctal = kind === 'keyword' && word === 'octal';
      return { kind, start, end: i, text: word, terminated: true };
    } else if (isDigit(c)) {
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      kind = 'number';
      // In an expression a number is an integer: `1..n` is 1, `..`, n.
      if (text.charCodeAt(i) === 46 /* . */ && !this.expressions) {
        i++;
        while (i < n && isDigit(text.charCodeAt(i))) i++;
        kind = 'decimal';
      }
      if (i < n && isNamePart(text.charCodeAt(i))) {
        // `3a` or `0.7x`: one token, one clear message, rather than a number and a stray name.
        while (i < n && isNamePart(text.charCodeAt(i))) i++;
        this.report(
          error(
            'unknown-token',
            { start, end: i },
            `\`${text.slice(start, i)}\` is neither a number nor a name: a name cannot start with a digit`,
          ),
        );
        kind = 'unknown';
      }
    } else if (c === 34 /* " */) {
      i++;
      while (i < n && text.charCodeAt(i) !== 34 && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
      kind = 'string';
      if (text.charCodeAt(i) === 34) i++;
      else {
        this.report(error('unterminated-string', { start, end: i }, 'this row has no closing `"` on its line'));
        terminated = false;
      }
    } else if (c === 45 /* - */ && text.charCodeAt(i + 1) === 62 /* > */) {
      this.i = i + 2;
      this.afterHex = false;
      this.afterOctal = false;
      // Punctuation's text is its kind: no slice for the commonest tokens of a big graph.
      return { kind: '->', start, end: i + 2, text: '->', terminated: true };
    } else if (c === 45 /* - */ && this.dashes) {
      this.i = i + 1;
      return { kind: '-', start, end: i + 1, text: '-', terminated: true };
    } else if (isPunctuation(c)) {
      const punctuation = text[start] as TokenKind;
      this.i = i + 1;
      this.afterHex = false;
      this.afterOctal = false;
      return { kind: punctuation, start, end: i + 1, text: punctuation, terminated: true };
    } else {
      // A run of characters the language does not use: one token and one diagnostic for the run,
      // spaces and tabs between them included (`; ; ;` is one mistake, and a line of junk costs
      // one diagnostic, not one per character).
      i += c >= 0xd800 && c <= 0xdbff && i + 1 < n ? 2 : 1;
      for (;;) {
        while (i < n && isStray(text.charCodeAt(i))) i++;
        let j = i;
        while (j < n && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j++;
        if (j > i && j < n && isStray(text.charCodeAt(j))) i = j;
        else break;
      }
      const run = text.slice(start, i);
      const single = i - start === 1 || (i - start === 2 && c >= 0xd800 && c <= 0xdbff);
      const inPicture = this.dashes && single ? PICTURE_LOOK_ALIKES[run] : undefined;
      const hint = inPicture ? inPicture[1] : lookAlikes[run[0]];
      const what = single ? `character \`${run}\`` : `characters \`${quoted(run)}\``;
      this.report(
        error(
          'unknown-token',
          { start, end: i },
          `unexpected ${what}${hint ? `: ${hint}` : ''}`,
          inPicture ? { replacement: inPicture[0] } : {},
        ),
      );
      kind = 'unknown';
    }
    this.i = i;
    this.afterHex = false; // `hex` and `octal` are keywords: they returned above
    this.afterOctal = false;
    return this.token(kind, start, i, terminated);
  }

  /**
   * An operator of an expression, at `start` (Scanner.expressions): `->`, the arithmetic's, the
   * comparisons', `..` (and `...`, a slip the parser names). `=` alone is the punctuation.
   */
  private operator(start: number): Token {
    const text = this.text;
    const c = text.charCodeAt(start);
    const d = text.charCodeAt(start + 1);
    let length = 1;
    if (c === 45 /* - */ && d === 62 /* > */) length = 2;
    else if (c === 46 /* . */) length = d === 46 ? (text.charCodeAt(start + 2) === 46 ? 3 : 2) : 1;
    else if ((c === 61 || c === 33 || c === 60 || c === 62) && d === 61 /* = */) length = 2;
    this.i = start + length;
    const kind = text.slice(start, start + length);
    if (kind === '.' || kind === '!') {
      const what = kind === '.' ? 'a range is written `A..B`' : 'not equal is `!=`, and a negation `not`';
      this.report(error('unknown-token', { start, end: start + 1 }, `unexpected character \`${kind}\`: ${what}`));
      return this.token('unknown', start, start + 1);
    }
    return { kind: kind as TokenKind, start, end: start + length, text: kind, terminated: true };
  }

  /** Where the next token will be read from. */
  get position(): number {
    return this.i;
  }

  /**
   * Goes on from `position`, at a line start: the parser read the lines before it itself (a graph body's fast path).
   */
  seek(position: number): void {
    this.i = position;
    this.afterHex = false;
    this.afterOctal = false;
  }

  /**
   * Inside a Hackenbush picture (`{ ground - a }`), a lone `-` is a token; elsewhere it is a
   * stray character. The parser sets it while it reads a picture, when no token is read ahead.
   */
  dashes = false;

  /**
   * Inside a rule of one's own (`moves …`), the operators of expressions and conditions are tokens, a
   * name has no hyphen and a number no decimal point. The parser sets it after `moves`, when no token
   * is read ahead, and clears it at the rule's end.
   */
  expressions = false;

  /** The token just read was the keyword `hex`: a code follows. */
  private afterHex = false;
  /** The same for `octal`. */
  private afterOctal = false;
}

/** The one-character tokens: `=` `{` `}` `,` `+` `(` `)` `[` `]`. */
function isPunctuation(c: number): boolean {
  return (
    c === 61 ||
    c === 123 ||
    c === 125 ||
    c === 44 ||
    c === 43 ||
    c === 40 ||
    c === 41 ||
    c === 91 ||
    c === 93 ||
    c === 124
  );
}

/**
 * Starts an operator inside a rule of one's own: `* / % . < > !`, and `=` only as `==` (a lone `=` is the
 * punctuation, so that `if n = 0` is read and the parser can say to write `==`).
 */
function isOperatorStart(c: number, next: number): boolean {
  return c === 42 || c === 47 || c === 37 || c === 46 || c === 60 || c === 62 || c === 33 || (c === 61 && next === 61);
}

/** A character of a take-and-break code's token: digits and letters, `.`, `[`, `]`, and any stray (`!`). */
function isCodePart(c: number): boolean {
  return isNamePart(c) || c === 46 || c === 91 || c === 93 || isStray(c);
}

/** Characters that can start no token, so a run of them is reported once. */
function isStray(c: number): boolean {
  if (c === 32 || c === 9 || c === 10 || c === 13 || c === 35 || c === 34) return false;
  if (isNamePart(c)) return false;
  if (isPunctuation(c) || c === 45) return false;
  return true;
}
