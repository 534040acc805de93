// The canonical layout of a `.game` file, line by line:
//   - one space around `=`, `+` and `->`, and between words; none inside `{}`, `()`, `[]`; a
//     comma is followed by one space and preceded by none: `rule s = subtract {1, 2}`;
//   - declarations start at the left margin; a graph's body is indented by two spaces and its `}`
//     closes at the margin;
//   - comments stay on their line, at their column when the code before them leaves room (so that
//     aligned comments stay aligned), one space after the code otherwise; no trailing spaces;
//   - at most one blank line in a row, none at the end, and the file ends with one line break.
// Only whitespace changes, and a line whose tokens the lexer cannot read (an unknown character, an
// unterminated string) is left as it is. `formatText` checks the result: the same tokens in the
// same order, the same comments, on the same lines but for the blank ones. Else it changes nothing.
import { lex, type Token } from './lexer';

export interface FormattedLine {
  /** The line's index in the original text. */
  readonly line: number;
  /** Its text after formatting; null when the line is removed (a second blank line, a blank line at the end). */
  readonly text: string | null;
}

const INDENT = '  ';

interface SplitLine {
  readonly tokens: Token[];
  /** The comment, from its `#`; empty when there is none. */
  readonly comment: string;
  readonly commentColumn: number;
  /** The lexer could not read the line: keep it as it is. */
  readonly verbatim: boolean;
}

function splitLine(line: string): SplitLine {
  const tokens = lex(line).tokens.filter((t) => t.kind !== 'eof' && t.kind !== 'newline');
  const verbatim = tokens.some((t) => t.kind === 'unknown' || !t.terminated);
  const codeEnd = tokens.at(-1)?.end ?? 0;
  const hash = line.indexOf('#', codeEnd);
  return { tokens, comment: hash < 0 ? '' : line.slice(hash).trimEnd(), commentColumn: hash, verbatim };
}

/** The space between two tokens of a line. */
function gap(previous: Token, next: Token): string {
  if (next.kind === ',' || next.kind === ')' || next.kind === ']' || next.kind === '}') return '';
  if (previous.kind === '(' || previous.kind === '[' || previous.kind === '{') return '';
  return ' ';
}

function codeOf(tokens: readonly Token[]): string {
  let code = '';
  tokens.forEach((token, i) => {
    code += (i === 0 ? '' : gap(tokens[i - 1], token)) + token.text;
  });
  return code;
}

/** The lines of a text, without their line breaks. */
export function textLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/**
 * Every line of the text, formatted. Lines from `first` to `last` (inclusive) are formatted; the
 * others are given as they are (range formatting), though the whole text is read for context.
 */
export function formatLines(text: string, first = 0, last = Number.POSITIVE_INFINITY): FormattedLine[] {
  const lines = textLines(text);
  // A final line break leaves an empty last "line": it is the end of the file, not a line.
  const count = lines.length > 1 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
  const out: FormattedLine[] = [];
  let lastContent = count - 1;
  while (lastContent >= 0 && lines[lastContent].trim() === '') lastContent--;
  let inGraph = false;
  let blankBefore = false;
  for (let i = 0; i < count; i++) {
    const raw = lines[i];
    const split = splitLine(raw);
    const { tokens } = split;
    const closesGraph = inGraph && tokens[0]?.kind === '}';
    const indent = inGraph && !closesGraph ? INDENT : '';
    const opensGraph = tokens[0]?.kind === 'keyword' && tokens[0].text === 'graph' && tokens.at(-1)?.kind === '{';
    if (closesGraph) inGraph = false;
    if (opensGraph) inGraph = true;
    if (i < first || i > last) {
      out.push({ line: i, text: raw });
      blankBefore = raw.trim() === '';
      continue;
    }
    if (split.verbatim) {
      out.push({ line: i, text: raw });
      blankBefore = false;
      continue;
    }
    if (tokens.length === 0 && split.comment === '') {
      // A blank line: one at most in a row, none at the end of the file.
      out.push({ line: i, text: blankBefore || i > lastContent || out.length === 0 ? null : '' });
      blankBefore = true;
      continue;
    }
    blankBefore = false;
    const code = codeOf(tokens);
    if (split.comment === '') out.push({ line: i, text: indent + code });
    else if (code === '') out.push({ line: i, text: indent + split.comment });
    else {
      const before = indent + code;
      const padding = before.length < split.commentColumn ? split.commentColumn - before.length : 1;
      out.push({ line: i, text: before + ' '.repeat(padding) + split.comment });
    }
  }
  return out;
}

/** The text in the canonical layout, or the text itself if formatting would change a token or a comment. */
export function formatText(text: string): string {
  const eol = /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
  const formatted = formatLines(text)
    .flatMap((l) => (l.text === null ? [] : [l.text]))
    .join(eol);
  const result = formatted === '' ? '' : formatted + eol;
  return sameMeaning(text, result) ? result : text;
}

/** The same tokens and comments, in order, line breaks counted without blank lines. */
export function sameMeaning(before: string, after: string): boolean {
  const signature = (text: string) =>
    textLines(text)
      .map((line) => {
        const split = splitLine(line);
        return split.verbatim
          ? `verbatim ${line}`
          : [...split.tokens.map((t) => `${t.kind} ${t.text}`), split.comment].filter(Boolean).join('\u0000');
      })
      .filter((line) => line !== '')
      .join('\n');
  return signature(before) === signature(after);
}
