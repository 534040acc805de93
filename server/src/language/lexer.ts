// The lexer turns text into tokens and never fails: anything it does not understand becomes an
// `unknown` token with a diagnostic, and lexing goes on.
import { type Diagnostic, error } from './diagnostics';
import type { Span } from './text';

export const KEYWORDS = ['rule', 'game', 'graph', 'at', 'subtract', 'all', 'except', 'octal', 'misere'] as const;
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
  | '->'
  | 'newline'
  | 'unknown'
  | 'eof';

export interface Token extends Span {
  readonly kind: TokenKind;
  readonly text: string;
  /** For strings: false when the closing quote is missing; true for every other token. */
  readonly terminated: boolean;
}

const keywordSet: ReadonlySet<string> = new Set(KEYWORDS);

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isNameStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
function isNamePart(c: number): boolean {
  return isNameStart(c) || isDigit(c);
}

/** Characters people paste from papers, with what to write instead. */
const lookAlikes: Readonly<Record<string, string>> = {
  '→': 'write `->` for an edge',
  '⊕': 'write `+` to add games',
  '“': 'write a plain `"`',
  '”': 'write a plain `"`',
  ';': 'declarations end at the end of the line',
  '-': 'a hyphen only joins the parts of a name, as in `dawson-kayles`; an edge is `->`',
  '(': 'a game is written without parentheses, e.g. `game g = nim 3 4`',
  ')': 'a game is written without parentheses, e.g. `game g = nim 3 4`',
  '[': 'a subtraction set uses braces, e.g. `subtract {1, 2}`',
  ']': 'a subtraction set uses braces, e.g. `subtract {1, 2}`',
  "'": 'a row is written in double quotes, e.g. `treblecross "..X.."`',
};

export interface LexResult {
  readonly tokens: Token[];
  readonly diagnostics: Diagnostic[];
}

export function lex(text: string): LexResult {
  const tokens: Token[] = [];
  const diagnostics: Diagnostic[] = [];
  const n = text.length;
  let i = 0;
  // Every token has the same shape (terminated included), which keeps property access fast
  // on files with millions of tokens.
  const push = (kind: TokenKind, start: number, end: number, terminated = true) => {
    tokens.push({ kind, start, end, text: text.slice(start, end), terminated });
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    const start = i;
    if (c === 32 || c === 9 || c === 12 || c === 0xfeff /* BOM */ || c === 0xa0) {
      i++;
    } else if (c === 10 || c === 13) {
      i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      push('newline', start, i);
    } else if (c === 35 /* # */) {
      while (i < n && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
    } else if (isNameStart(c)) {
      i++;
      for (;;) {
        while (i < n && isNamePart(text.charCodeAt(i))) i++;
        // A hyphen belongs to the name only between name characters: `a->b` is a, ->, b.
        if (text.charCodeAt(i) === 45 && i + 1 < n && isNamePart(text.charCodeAt(i + 1))) i++;
        else break;
      }
      const word = text.slice(start, i);
      push(keywordSet.has(word) ? 'keyword' : 'name', start, i);
    } else if (isDigit(c)) {
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      let kind: TokenKind = 'number';
      if (text.charCodeAt(i) === 46 /* . */) {
        i++;
        while (i < n && isDigit(text.charCodeAt(i))) i++;
        kind = 'decimal';
      }
      if (i < n && isNamePart(text.charCodeAt(i))) {
        // `3a` or `0.7x`: one token, one clear message, rather than a number and a stray name.
        while (i < n && isNamePart(text.charCodeAt(i))) i++;
        diagnostics.push(
          error('unknown-token', { start, end: i }, `\`${text.slice(start, i)}\` is neither a number nor a name: a name cannot start with a digit`),
        );
        kind = 'unknown';
      }
      push(kind, start, i);
    } else if (c === 34 /* " */) {
      i++;
      while (i < n && text.charCodeAt(i) !== 34 && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
      if (text.charCodeAt(i) === 34) {
        i++;
        push('string', start, i, true);
      } else {
        diagnostics.push(error('unterminated-string', { start, end: i }, 'this row has no closing `"` on its line'));
        push('string', start, i, false);
      }
    } else if (c === 45 /* - */ && text.charCodeAt(i + 1) === 62 /* > */) {
      i += 2;
      push('->', start, i);
    } else if (c === 61 || c === 123 || c === 125 || c === 44 || c === 43) {
      i++;
      push(text[start] as TokenKind, start, i);
    } else {
      // A run of characters the language does not use: one token and one diagnostic for the run.
      i += c >= 0xd800 && c <= 0xdbff && i + 1 < n ? 2 : 1;
      while (i < n && isStray(text.charCodeAt(i))) i++;
      const run = text.slice(start, i);
      const hint = lookAlikes[run[0]];
      const what = run.length === 1 || [...run].length === 1 ? `character \`${run}\`` : `characters \`${run}\``;
      diagnostics.push(error('unknown-token', { start, end: i }, `unexpected ${what}${hint ? `: ${hint}` : ''}`));
      push('unknown', start, i);
    }
  }
  push('eof', n, n);
  return { tokens, diagnostics };
}

/** Characters that can start no token, so a run of them is reported once. */
function isStray(c: number): boolean {
  if (c === 32 || c === 9 || c === 10 || c === 13 || c === 35 || c === 34) return false;
  if (isNamePart(c)) return false;
  if (c === 61 || c === 123 || c === 125 || c === 44 || c === 43 || c === 45) return false;
  return true;
}
