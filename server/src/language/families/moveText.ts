// What a family's move writer gives back: the edit (its text made only when asked: printing a
// million-digit heap takes a quarter of a second), a label for lenses and a sentence for people.
import type { ComponentMove } from '../../engine/gameTypes';
import type { Component } from '../ast';
import type { Span } from '../text';

export interface MoveText {
  readonly span: Span;
  /** Made when asked, from the document's text (a staircase move keeps what lies between its two numbers). */
  readonly newText: string | ((text: string) => string);
  readonly label: string;
  readonly description: string;
}

export function mismatch(move: ComponentMove, syntax: Component): Error {
  return new Error(`a ${move.kind} move does not fit a ${syntax.kind} component`);
}
