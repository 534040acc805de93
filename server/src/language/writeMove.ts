// Writes an engine move back as text: the smallest edit of the document that plays it (only
// the number, vertex or row that changes), the game's right-hand side after it, and words for
// people. The rest of the line, comments included, is left exactly as the user wrote it.
import type { ComponentMove, GameMove } from '../engine/gameTypes';
import { MOVE_WRITERS, type MoveText } from './families';
import type { CheckedComponent, GameSymbol } from './model';
import type { Span } from './text';

/** `edit` and `after` are worked out when read (a lens needs only the label). */
export interface WrittenMove {
  /** Replace `span` of the document with `newText` to play the move. */
  readonly edit: { readonly span: Span; readonly newText: string };
  /** The game's whole right-hand side (after `=`) once the move is played. */
  readonly after: string;
  /** Short, for a code lens: `onetwo 4 → 3`. */
  readonly label: string;
  /** A sentence: `take 1 from the heap of 4`. */
  readonly description: string;
}

export function writeMove(text: string, game: GameSymbol, { component: index, move }: GameMove): WrittenMove {
  const component = game.components[index];
  const writer = MOVE_WRITERS[move.kind] as (move: ComponentMove, component: CheckedComponent) => MoveText;
  const { span, newText, label, description } = writer(move, component);
  const declaration = game.declaration;
  const rhsStart = declaration.misere?.start ?? declaration.sum?.start ?? span.start;
  const rhsEnd = declaration.sum?.end ?? span.end;
  let written: string | undefined;
  const replacement = () => (written ??= typeof newText === 'string' ? newText : newText(text));
  return {
    get edit() {
      return { span, newText: replacement() };
    },
    get after() {
      return text.slice(rhsStart, span.start) + replacement() + text.slice(span.end, rhsEnd);
    },
    label,
    description,
  };
}
