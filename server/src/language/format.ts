// The canonical layout of a `.game` file, line by line:
//   - one space around `=`, `+` and `->`, and between words; none inside `{}`, `()`, `[]`; a
//     comma is followed by one space and preceded by none: `rule s = subtract {1, 2}`; but a
//     Hackenbush picture has one space inside its braces and around each `-`:
//     `hackenbush { ground - a, a - b }`, and the lines inside a picture that spans several are
//     indented like a graph's body;
//   - declarations start at the left margin; a graph's body is indented by two spaces and its `}`
//     closes at the margin;
//   - comments stay on their line, at their column when the code before them leaves room (so that
//     aligned comments stay aligned), one space after the code otherwise; no trailing spaces;
//   - at most one blank line in a row, none at the end, and the file ends with one line break;
//   - a rule of one's own (`moves …`) is read as its parser reads it (`n-k` is n minus k): one space
//     around its operators but none around `..`, after a unary minus or before a call's `(`
//     (`for k in 1..n / 2`, `-x`, `min(x, y)`); the lines it goes on over (after a line ending in
//     `->` or `|`, or starting with `|`) line up under its `=`.
// Only whitespace changes, and a line whose tokens the lexer cannot read (an unknown character, an
// unterminated string) is left as it is. `formatText` checks the result: the same tokens in the
// same order, the same comments, on the same lines but for the blank ones. Else it changes nothing.
import { lex, lexExpressions, Scanner, type Token } from './lexer';

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
  /** Indexes of the tokens that open or close a Hackenbush picture: one space inside them (`{ ground - a }`). */
  readonly pictureBraces: ReadonlySet<number>;
  /** The line starts inside a picture that an earlier line opened. */
  readonly inPicture: boolean;
  /** Tokens from this index on are a rule of one's own's (read in expression mode). */
  readonly movesFrom?: number;
  /** The line goes on with the rule of one's own of the line before: indented this much (under its `=`). */
  readonly continues?: number;
  /** The line starts inside brackets an earlier line opened (a board written a row a line). */
  readonly inBrackets?: boolean;
  /** The line was read as inside a picture (a lone `-` a token): it has one, or no lone `-`. */
  readonly dashes?: boolean;
}

/** A line read with its part from `from` on in expression mode (a rule of one's own). */
function splitMovesLine(line: string, from: number): Omit<SplitLine, 'pictureBraces' | 'inPicture'> {
  const before =
    from === 0 ? [] : lex(line.slice(0, from)).tokens.filter((t) => t.kind !== 'eof' && t.kind !== 'newline');
  const after = lexExpressions(line, from).tokens.filter((t) => t.kind !== 'eof' && t.kind !== 'newline');
  const tokens = [...before, ...after];
  const verbatim = tokens.some((t) => t.kind === 'unknown' || !t.terminated);
  const codeEnd = tokens.at(-1)?.end ?? 0;
  const hash = line.indexOf('#', codeEnd);
  return {
    tokens,
    comment: hash < 0 ? '' : line.slice(hash).trimEnd(),
    commentColumn: hash,
    verbatim,
    movesFrom: before.length,
  };
}

/** Where `moves` ends on a line `rule NAME = moves …`, or -1. */
function movesStart(tokens: readonly Token[]): number {
  const [rule, name, equals, moves] = tokens;
  return rule?.kind === 'keyword' &&
    rule.text === 'rule' &&
    name?.kind === 'name' &&
    equals?.kind === '=' &&
    moves?.kind === 'name' &&
    moves.text === 'moves'
    ? moves.end
    : -1;
}

function splitLine(line: string, dashes = false): Omit<SplitLine, 'pictureBraces' | 'inPicture'> {
  // Scanned straight into the line's list (a 1 MB line's tokens are not copied), its problems left unsaid.
  const scanner = new Scanner(line, () => {});
  scanner.dashes = dashes;
  const tokens: Token[] = [];
  let verbatim = false;
  for (let token = scanner.next(); token.kind !== 'eof'; token = scanner.next()) {
    if (token.kind === 'newline') continue;
    if (token.kind === 'unknown' || !token.terminated) verbatim = true;
    tokens.push(token);
  }
  const codeEnd = tokens.at(-1)?.end ?? 0;
  const hash = line.indexOf('#', codeEnd);
  return { tokens, comment: hash < 0 ? '' : line.slice(hash).trimEnd(), commentColumn: hash, verbatim };
}

/** The built-ins written as pictures: Hackenbush, and the graphs of Node and Arc Kayles. */
const PICTURE_RULES = new Set(['hackenbush', 'node-kayles', 'arc-kayles']);

const opensPicture = (tokens: readonly Token[], i: number) =>
  tokens[i].kind === '{' && i > 0 && tokens[i - 1].kind === 'name' && PICTURE_RULES.has(tokens[i - 1].text);

/**
 * Every line split into tokens, the lines of Hackenbush pictures read as the parser reads them (a
 * lone `-` is a token between a picture's braces, which may span lines).
 */
function splitLines(lines: readonly string[], count = lines.length): SplitLine[] {
  const split: SplitLine[] = [];
  let inPicture = false;
  /** Brackets opened on earlier lines and not closed yet (a board over several lines). */
  let brackets = 0;
  /** The column of the `=` of the rule of one's own the line before belongs to, or -1. */
  let movesEquals = -1;
  for (let i = 0; i < count; i++) {
    // Read as inside a picture first: without a lone `-` that is the same as reading it plainly, and a line with a
    // picture needs no second reading (a graph of 10^5 edges on one line was read twice, its dashes reported as
    // strays 10^5 times).
    let line = splitLine(lines[i], true);
    const trimmed = lines[i].trimStart();
    const previous = split.at(-1);
    const goesOn =
      movesEquals >= 0 &&
      (trimmed.startsWith('|') ||
        (previous?.comment === '' && ['->', '|'].includes(previous.tokens.at(-1)?.kind ?? '')));
    if (goesOn) {
      const read = splitMovesLine(lines[i], 0);
      split.push({ ...read, pictureBraces: new Set(), inPicture: false, continues: movesEquals });
      continue;
    }
    movesEquals = -1;
    const from = movesStart(line.tokens);
    if (from >= 0) {
      const read = splitMovesLine(lines[i], from);
      // `rule NAME = ` in the canonical layout: its `=` at column 6 + the name's length.
      movesEquals = 6 + read.tokens[1].text.length;
      split.push({ ...read, pictureBraces: new Set(), inPicture: false });
      continue;
    }
    const hasPicture = inPicture || line.tokens.some((_, k) => opensPicture(line.tokens, k));
    const dashes = hasPicture || !line.tokens.some((token) => token.kind === '-');
    if (!dashes) line = splitLine(lines[i]);
    const pictureBraces = new Set<number>();
    const startsInPicture = inPicture;
    line.tokens.forEach((token, k) => {
      if (!inPicture && opensPicture(line.tokens, k)) {
        inPicture = true;
        pictureBraces.add(k);
      } else if (inPicture && token.kind === '}') {
        inPicture = false;
        pictureBraces.add(k);
        // `} { …` : the next picture of the same component.
        if (line.tokens[k + 1]?.kind === '{') {
          inPicture = true;
          pictureBraces.add(k + 1);
        }
      }
    });
    // A declaration starts afresh: a bracket left open by a mistake does not indent the rest of the file.
    const head = line.tokens[0];
    if (head?.kind === 'keyword' && ['rule', 'graph', 'game'].includes(head.text)) brackets = 0;
    const inBrackets = brackets > 0;
    for (const token of line.tokens) {
      if (token.kind === '[') brackets++;
      else if (token.kind === ']' && brackets > 0) brackets--;
    }
    split.push({ ...line, pictureBraces, inPicture: startsInPicture, inBrackets, dashes });
  }
  return split;
}

/** The space between two tokens of a line (`i`: the index of `next`). */
function gap(previous: Token, next: Token, i: number, pictureBraces: ReadonlySet<number>): string {
  if (pictureBraces.has(i - 1) && previous.kind === '{') return ' ';
  if (pictureBraces.has(i) && next.kind === '}') return ' ';
  if (next.kind === ',' || next.kind === ')' || next.kind === ']' || next.kind === '}') return '';
  if (previous.kind === '(' || previous.kind === '[' || previous.kind === '{') return '';
  return ' ';
}

/** Tokens after which a `-` is a sign, not a subtraction (inside a rule of one's own). */
const BEFORE_SIGN: ReadonlySet<string> = new Set([
  '(',
  '[',
  ',',
  '->',
  '|',
  '..',
  '+',
  '-',
  '*',
  '/',
  '%',
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  '=',
]);
const WORDS_BEFORE_SIGN: ReadonlySet<string> = new Set(['in', 'if', 'for', 'and', 'or', 'not']);

/** The space between two tokens of a rule of one's own (`before`: the token before `previous`). */
function movesGap(before: Token | undefined, previous: Token, next: Token): string {
  if (next.kind === ',' || next.kind === ')' || next.kind === ']') return '';
  if (previous.kind === '(' || previous.kind === '[') return '';
  if (previous.kind === '..' || next.kind === '..') return '';
  if (next.kind === '(' && previous.kind === 'name' && ['min', 'max', 'abs'].includes(previous.text)) return '';
  const sign =
    previous.kind === '-' &&
    (before === undefined ||
      BEFORE_SIGN.has(before.kind) ||
      (before.kind === 'name' && WORDS_BEFORE_SIGN.has(before.text)));
  return sign ? '' : ' ';
}

function codeOf(tokens: readonly Token[], pictureBraces: ReadonlySet<number>, movesFrom = tokens.length): string {
  let code = '';
  tokens.forEach((token, i) => {
    if (i === 0) code += token.text;
    else if (i > movesFrom || (i === movesFrom && movesFrom === 0))
      code += movesGap(tokens[i - 2], tokens[i - 1], token) + token.text;
    else code += gap(tokens[i - 1], token, i, pictureBraces) + token.text;
  });
  return code;
}

/** The lines of a text, without their line breaks. */
export function textLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/**
 * Every line of the text, formatted, with the text it makes. Lines from `first` to `last` (inclusive) are formatted;
 * the others are given as they are (range formatting), though the whole text is read for context.
 *
 * Checked: undefined when formatting would change a token or a comment (a bug here), in which case nothing is to
 * change. The check goes line by line, as formatting does: a line removed must be blank, and a line that changed must
 * read, the way its original was read, as the same tokens and comment; a line that did not change is not read again
 * (a canonical line of 1 MB is read once, not three times). Line by line is the whole text's check (`sameMeaning`):
 * how a line is read depends only on the tokens and comments of the lines before it.
 */
export function formatLinesChecked(
  text: string,
  first = 0,
  last = Number.POSITIVE_INFINITY,
): { readonly formatted: FormattedLine[]; readonly result: string } | undefined {
  const lines = textLines(text);
  const { formatted, splits } = formatSplitLines(lines, first, last);
  for (const { line, text: after } of formatted) {
    const split = splits[line];
    if (after === lines[line]) continue;
    if (after === null) {
      if (split.verbatim || split.tokens.length > 0 || split.comment !== '') return undefined;
    } else if (split.verbatim || !sameSplit(split, readAgain(after, split))) return undefined;
  }
  const eol = /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
  const whole = first === 0 && last === Number.POSITIVE_INFINITY;
  const kept = formatted.flatMap((l) => (l.text === null ? [] : [l.text]));
  const result = kept.length === 0 ? '' : kept.join(eol) + (whole || /[\r\n]$/.test(text) ? eol : '');
  return { formatted, result };
}

/** A formatted line read as its original was (a rule of one's own in expression mode, a picture with dashes). */
function readAgain(line: string, original: SplitLine): Omit<SplitLine, 'pictureBraces' | 'inPicture'> | undefined {
  if (original.continues !== undefined) return splitMovesLine(line, 0);
  if (original.movesFrom !== undefined) {
    const from = movesStart(splitLine(line).tokens);
    return from < 0 ? undefined : splitMovesLine(line, from);
  }
  return splitLine(line, original.dashes);
}

function sameSplit(a: Pick<SplitLine, 'tokens' | 'comment' | 'verbatim'>, b: typeof a | undefined): boolean {
  if (!b || a.verbatim !== b.verbatim || a.comment !== b.comment || a.tokens.length !== b.tokens.length) return false;
  for (let k = 0; k < a.tokens.length; k++)
    if (a.tokens[k].kind !== b.tokens[k].kind || a.tokens[k].text !== b.tokens[k].text) return false;
  return true;
}

function formatSplitLines(
  lines: readonly string[],
  first: number,
  last: number,
): { formatted: FormattedLine[]; splits: SplitLine[] } {
  // A final line break leaves an empty last "line": it is the end of the file, not a line.
  const count = lines.length > 1 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
  const out: FormattedLine[] = [];
  let lastContent = count - 1;
  while (lastContent >= 0 && lines[lastContent].trim() === '') lastContent--;
  let inGraph = false;
  let blankBefore = false;
  const splits = splitLines(lines, count);
  for (let i = 0; i < count; i++) {
    const raw = lines[i];
    const split = splits[i];
    const { tokens } = split;
    const closesGraph = inGraph && tokens[0]?.kind === '}';
    // A picture's lines are indented like a graph's body, and so are a board's rows; the closing `}` or `]` at the
    // margin.
    const inPictureBody =
      (split.inPicture && tokens[0]?.kind !== '}') || (split.inBrackets === true && tokens[0]?.kind !== ']');
    const indent =
      split.continues !== undefined
        ? ' '.repeat(split.continues)
        : (inGraph && !closesGraph) || inPictureBody
          ? INDENT
          : '';
    const opensGraph = tokens[0]?.kind === 'keyword' && tokens[0].text === 'graph' && tokens.at(-1)?.kind === '{';
    // A body's last line may close it too (`b -> c }`): the lines after it are not the body's.
    if (closesGraph || (inGraph && tokens.at(-1)?.kind === '}')) inGraph = false;
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
    const code = codeOf(tokens, split.pictureBraces, split.movesFrom);
    if (split.comment === '') out.push({ line: i, text: indent + code });
    else if (code === '') out.push({ line: i, text: indent + split.comment });
    else {
      const before = indent + code;
      const padding = before.length < split.commentColumn ? split.commentColumn - before.length : 1;
      out.push({ line: i, text: before + ' '.repeat(padding) + split.comment });
    }
  }
  return { formatted: out, splits };
}

/** The text in the canonical layout, or the text itself if formatting would change a token or a comment. */
export function formatText(text: string): string {
  return formatLinesChecked(text)?.result ?? text;
}

/** The same tokens and comments, in order, line breaks counted without blank lines. */
export function sameMeaning(before: string, after: string): boolean {
  const [beforeLines, afterLines] = [textLines(before), textLines(after)];
  return sameLines(meaningful(beforeLines, splitLines(beforeLines)), meaningful(afterLines, splitLines(afterLines)));
}

interface MeaningfulLine {
  readonly split: SplitLine;
  readonly text: string;
}

/** A text's lines with something on them (a token, a comment, or text the lexer cannot read), split. */
function meaningful(lines: readonly string[], splits: readonly SplitLine[]): MeaningfulLine[] {
  return splits.flatMap((split, i) =>
    split.verbatim || split.tokens.length > 0 || split.comment !== '' ? [{ split, text: lines[i] }] : [],
  );
}

function sameLines(a: readonly MeaningfulLine[], b: readonly MeaningfulLine[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i], b[i]];
    if (x.split.verbatim || y.split.verbatim) {
      if (!(x.split.verbatim && y.split.verbatim && x.text === y.text)) return false;
    } else if (!sameSplit(x.split, y.split)) return false; // token by token: no signature string of a 1 MB line
  }
  return true;
}
