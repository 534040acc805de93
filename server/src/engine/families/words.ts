// Word games: each piece's interval table (words.ts), cached per dictionary and piece.

import {
  type ComponentAnalysis,
  type ComponentFamily,
  type EngineCache,
  type MoveList,
  type Of,
  WORD_PIECES_KEPT,
} from '../components';
import type { Budget } from '../types';
import { wordMoveLeaves, wordMovesTo, wordPiece, wordPieceValues } from './wordNimbers';

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
