// Word games: each piece's interval table (words.ts), cached per dictionary and piece.
//
// Word games: a dictionary of non-empty words; a move deletes one occurrence of a word from a
// piece of text, and the parts to its left and right are then played as separate pieces.
//
// A piece is a sequence of Unicode code points (not UTF-16 units). Its nimber is f(0, n) with
// f(i, j) = mex over occurrences [p, p + |w|) inside [i, j) of f(i, p) ⊕ f(p + |w|, j), the
// seed's interval dynamic programme. The occurrences are found once per piece (for each start,
// the words that match there), so an interval looks only at its own starts: O(n² · occurrences per
// start · n) steps at worst, and a piece of 500 characters with 50 words takes milliseconds.
import { Meter } from '../budget';
import {
  type ComponentAnalysis,
  type ComponentFamily,
  type EngineCache,
  type MoveList,
  type Of,
  WORD_PIECES_KEPT,
} from '../components';
import type { Budget, WordPiece, WordPieceValues } from '../types';

/** Pieces longer than this are not evaluated: the table has (n + 1)² entries. */
export const MAX_PIECE_LENGTH = 3000;

/** A piece with its occurrences found (each word compared at each start: the dictionary is small next to the piece). */
export function wordPiece(text: string, words: readonly string[]): WordPiece {
  const points = [...text].map((c) => c.codePointAt(0)!);
  const dictionary = [...new Set(words)].map((w) => [...w].map((c) => c.codePointAt(0)!)).filter((w) => w.length > 0);
  const occurrences: number[][] = points.map(() => []);
  for (let p = 0; p < points.length; p++) {
    for (const word of dictionary) {
      if (p + word.length > points.length) continue;
      let k = 0;
      while (k < word.length && points[p + k] === word[k]) k++;
      if (k === word.length) occurrences[p].push(word.length);
    }
    occurrences[p].sort((x, y) => x - y);
  }
  return { points, occurrences };
}

export type { WordPiece, WordPieceValues };

/** The interval table of a piece, and its nimber f(0, n). */
export function wordPieceValues(piece: WordPiece, budget: Budget = {}): WordPieceValues {
  const n = piece.points.length;
  if (n > MAX_PIECE_LENGTH)
    return {
      piece,
      nimber: null,
      reason: `the piece has ${n} characters; pieces of at most ${MAX_PIECE_LENGTH} are evaluated`,
    };
  const w = n + 1;
  const table = new Uint32Array(w * w);
  // Values seen for the current interval, marked with its stamp (no clearing between intervals).
  let seen = new Uint32Array(64);
  let stamp = 0;
  const meter = new Meter(budget, 1 << 14);
  for (let length = 1; length <= n; length++) {
    for (let i = 0; i + length <= n; i++) {
      const j = i + length;
      stamp++;
      let work = 1;
      for (let p = i; p < j; p++) {
        for (const len of piece.occurrences[p]) {
          if (p + len > j) break; // ascending lengths: the rest are longer
          const value = table[i * w + p] ^ table[(p + len) * w + j];
          if (value >= seen.length) {
            const larger = new Uint32Array(Math.max(seen.length * 2, value + 1));
            larger.set(seen);
            seen = larger;
          }
          seen[value] = stamp;
          work++;
        }
      }
      let g = 0;
      while (g < seen.length && seen[g] === stamp) g++;
      table[i * w + j] = g;
      const stop = meter.spend(work + length);
      if (stop)
        return {
          piece,
          nimber: null,
          stop,
          reason: `the word game's table stopped at pieces of ${length - 1} characters`,
        };
    }
  }
  return { piece, table, nimber: table[n] };
}

/** A move: delete the word of `length` code points at code point `start`. */
export interface WordMove {
  readonly start: number;
  readonly length: number;
}

/** Every move of a piece to a position of nimber `target` (the two pieces left, together). */
export function wordMovesTo(values: WordPieceValues, target: number): WordMove[] {
  const { piece, table } = values;
  if (!table) return [];
  const n = piece.points.length;
  const w = n + 1;
  const moves: WordMove[] = [];
  for (let p = 0; p < n; p++) {
    for (const len of piece.occurrences[p])
      if ((table[p] ^ table[(p + len) * w + n]) === target) moves.push({ start: p, length: len });
  }
  return moves;
}

/** The two pieces a move leaves, as text (code points kept whole). */
export function wordMoveLeaves(piece: WordPiece, move: WordMove): [string, string] {
  // One code point at a time: spreading a long piece's code points as arguments overflows the stack.
  const text = (from: number, to: number) => {
    let written = '';
    for (let i = from; i < to; i++) written += String.fromCodePoint(piece.points[i]);
    return written;
  };
  return [text(0, move.start), text(move.start + move.length, piece.points.length)];
}

export const wordsFamily: ComponentFamily<'words'> = { value: wordsValue, movesTo: wordsComponentMovesTo };

/** The pieces a word move leaves, as a position: empty ones dropped, order ignored. */
export const piecesKey = (pieces: readonly string[]) => JSON.stringify(pieces.filter((p) => p.length > 0).sort());

function wordsValue(component: Of<'words'>, budget: Budget, cache: EngineCache): ComponentAnalysis {
  const dictionary = [...new Set(component.words)].sort();
  const dictionaryKey = JSON.stringify(dictionary); // once per component, not once per piece
  const pieces = component.pieces.map((text) => {
    const key = `${dictionaryKey}\u0000${text}`;
    let values = cache.wordPieces.get(key);
    if (!values) {
      values = wordPieceValues(wordPiece(text, dictionary), budget);
      if (values.nimber !== null) {
        if (cache.wordPieces.size >= WORD_PIECES_KEPT)
          cache.wordPieces.delete(cache.wordPieces.keys().next().value as string);
        cache.wordPieces.set(key, values);
      }
    }
    return values;
  });
  const parts = pieces.map((p) => (p.nimber === null ? null : BigInt(p.nimber)));
  const unknown = pieces.find((p) => p.nimber === null);
  if (unknown)
    return { status: 'unknown', nimber: null, parts, reason: unknown.reason ?? 'not computed', wordPieces: pieces };
  return { status: 'value', nimber: parts.reduce<bigint>((x, g) => x ^ g!, 0n), parts, wordPieces: pieces };
}

function wordsComponentMovesTo(
  component: Of<'words'>,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
): void {
  const seen = new Set<string>();
  value.wordPieces!.forEach((piece, pieceIndex) => {
    const text = component.pieces[pieceIndex];
    if (seen.has(text)) return;
    seen.add(text);
    const target = value.parts[pieceIndex]! ^ total;
    if (target > 0xffffffffn) return;
    const reached = new Set<string>(); // deleting "ab" or "ba" from "aba" leaves the same piece
    for (const move of wordMovesTo(piece, Number(target))) {
      const leaves = wordMoveLeaves(piece.piece, move);
      const key = piecesKey(leaves);
      if (reached.has(key)) continue;
      reached.add(key);
      list.add(index, { kind: 'word', piece: pieceIndex, start: move.start, length: move.length, leaves });
    }
  });
}
