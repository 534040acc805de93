// The parser's plain-line paths: a game written on one plain line (`game g = misere kayles 5 7 +
// k "X.X" + g at a, b`, then at most a comment) and a graph's plain edge lines (`a -> b, c`), read
// straight from the text rather than by tokens. Games are most of a document's lines, and their
// tokens were half of what an analysis made; plain edge lines are nearly all the lines of a big
// graph, and reading them without tokens is several times faster. A line is plain only when the
// token path would read it without a word to say, to the same tree: these paths report nothing, and
// any other line is left to the token path (test/language/plainLines.test.ts parses documents both
// ways and compares). The parser's cursor (tokenCursor.ts) asks them first, then moves on as the
// token path would have.
import type { Component, GameDeclaration, Name, StringLiteral } from './ast';
import { type GraphBodyBuilder, hashOf } from './graphBody';
import { ItemStack } from './itemStack';
import { isDigit, isNamePart, isNameStart, keywordSet, nameEnd, type Token } from './lexer';
import { NONE } from './parseUnits';
import { PlainHeaps } from './plainHeaps';
import type { Span } from './text';

/** One parse's plain-line paths, with what they keep from line to line. */
export class PlainLines {
  /** The items of the lists being read (itemStack.ts). */
  private readonly items = new ItemStack();
  /** Names made lately, by a hash of their length and ends (nameText). */
  private readonly names: (string | undefined)[] = new Array(256).fill(undefined);
  /** Start and end of each vertex of the line being read fast, in pairs, then their number. */
  private readonly lineWords = new Int32Array(513);
  /** Their names' hashes (graphBody.ts's hashOf), made while reading them. */
  private readonly lineHashes = new Int32Array(256);

  /**
   * What the last `edgeLines` read, for the cursor to be left as the token path leaves it: the end
   * of its last line break and of its last vertex (-1: none), and the furthest it looked.
   */
  lastBreakEnd = -1;
  lastVertexEnd = -1;
  lookedAt = 0;

  constructor(private readonly text: string) {}

  /**
   * The game declared on the plain line whose `game` keyword is `keyword` (nothing read past it),
   * read straight from the text: the declaration the token path would give. Undefined, having
   * changed nothing, for a line that is not plain (anything the token path would report, continue
   * on the next line, or that this path does not read: pairs, lists, several strings): the token
   * path then reads it.
   */
  game(keyword: Token): GameDeclaration | undefined {
    const text = this.text;
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
    const mark = this.items.size;
    for (;;) {
      const component = this.component(i);
      if (!component) break;
      this.items.push(component);
      i = skipSpaces(text, component.end);
      if (text.charCodeAt(i) === 43 /* + */) {
        i = skipSpaces(text, i + 1);
        continue; // a line ending in `+` goes on to the next: `component` refuses it, for the token path
      }
      // The end of the line, after at most a comment.
      if (text.charCodeAt(i) === 35 /* # */)
        while (i < text.length && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
      if (i < text.length && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) break;
      const end = component.end;
      const components = this.items.take<Component>(mark);
      // The sum's span made apart: a literal inside a literal gives V8 an allocation site to
      // pretenure, and a declaration pretenured into the old generation kept its young parts
      // alive past the analysis (see RecordingSink in checker.ts).
      const sum: Span = { start: sumStart, end: Math.max(sumStart, end) };
      return { kind: 'game', start, end, name, misere, sum, components };
    }
    this.items.dropTo(mark);
    return undefined;
  }

  /**
   * Reads edge lines into `body` straight from the text, from `from` (a line start) on, for as long
   * as they are plain: `VERTEX` or `VERTEX -> VERTEX, …, VERTEX`, then perhaps a comment, then a
   * line break. Such lines have no mistakes, so nothing is reported. Returns where the first line
   * that is not plain starts (a `}`, an error, a keyword, the end of the text): the token path reads
   * it from there, with its diagnostics, exactly as before.
   */
  edgeLines(from: number, body: GraphBodyBuilder): number {
    const text = this.text;
    const n = text.length;
    let i = from;
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
        this.lastBreakEnd = lastBreakEnd;
        this.lastVertexEnd = lastWordEnd;
        this.lookedAt = furthest;
        return lineStart;
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
   * A component at `i` on a plain line (see `game`): heaps, one row, or `at` and vertices on this line; undefined for
   * anything else.
   */
  private component(i: number): Component | undefined {
    const text = this.text;
    const headStart = i;
    if (!isNameStart(text.charCodeAt(i))) return undefined;
    i = nameEnd(text, i);
    if (mayBeKeyword(text, headStart, i)) return undefined;
    const head: Name = { start: headStart, end: i, text: this.nameText(headStart, i) };
    i = skipSpaces(text, i);
    const c = text.charCodeAt(i);
    const mark = this.items.size;
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
        this.items.push({ start: vertexStart, end: i, text: this.nameText(vertexStart, i) });
        end = i;
        i = skipSpaces(text, i);
        if (text.charCodeAt(i) !== 44 /* , */) {
          return { kind: 'tokens', start: headStart, end, graph: head, at, vertices: this.items.take<Name>(mark) };
        }
        // After `,`, a vertex on this line (a line ending in `,` goes on to the next: the token path's).
        i = skipSpaces(text, i + 1);
      }
      this.items.dropTo(mark);
      return undefined;
    }
    return undefined;
  }
}

/**
 * A plain line at `i` (see edgeLines): its vertices' starts and ends go to `words` in pairs,
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
