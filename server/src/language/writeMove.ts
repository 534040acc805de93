// Writes an engine move back as text: the smallest edit of the document that plays it (only
// the number, vertex or row that changes), the game's right-hand side after it, and words for
// people. The rest of the line, comments included, is left exactly as the user wrote it.
import type { GameMove } from '../engine/gameTypes';
import type { GameSymbol } from './model';
import { quoted } from './diagnostics';
import { digitsText, numberText } from './numberText';
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
  const syntax = component.syntax;
  let span: Span;
  let newText: string | (() => string);
  let label: string;
  let description: string;
  // One case per move kind: the compiler checks that every kind of ComponentMove is written.
  const mismatch = () => new Error(`a ${move.kind} move does not fit a ${syntax.kind} component`);
  switch (move.kind) {
    case 'heap': {
      if (syntax.kind !== 'heaps') throw mismatch();
      const literal = syntax.heaps[move.heap];
      // Printed only when the edit is wanted: a heap of a million digits takes a quarter of a
      // second to print, and a lens list only needs the label.
      newText = () => (move.leaves.length === 0 ? '0' : move.leaves.join(' '));
      span = literal;
      label = `${syntax.rule.text} ${digitsText(literal.text)} → ${move.leaves.length === 0 ? '0' : move.leaves.map(numberText).join(' ')}`;
      const sameSize = syntax.heaps.filter((heap) => heap.value === literal.value).length > 1;
      const which = `heap of ${numberText(literal.value)}${sameSize ? ` (heap ${move.heap + 1} of \`${syntax.rule.text}\`)` : ''}`;
      const left = move.leaves.map(numberText);
      const leaving = left.length === 3 ? `${left[0]}, ${left[1]} and ${left[2]}` : left.join(' and ');
      if (move.take === 0n) description = `split the ${which} into ${leaving}`;
      else if (left.length === 0) description = `take the whole ${which}`;
      else if (left.length === 1) description = `take ${numberText(move.take)} from the ${which}`;
      else description = `take ${numberText(move.take)} from the ${which}, leaving heaps of ${leaving}`;
      break;
    }
    case 'token': {
      if (syntax.kind !== 'tokens' || component.kind !== 'tokens') throw mismatch();
      const from = syntax.vertices[move.token];
      newText = component.graph.data.vertexNames[move.to];
      span = from;
      label = `${syntax.graph.text} ${from.text} → ${newText}`;
      description = `move the token on ${from.text} to ${newText}`;
      break;
    }
    case 'mark':
    case 'knock': {
      if (syntax.kind !== 'row') throw mismatch();
      const cells = syntax.row.value;
      let after: string;
      if (move.kind === 'mark') {
        after = cells.slice(0, move.cell) + 'X' + cells.slice(move.cell + 1);
        description = `mark cell ${move.cell + 1}${move.winsAtOnce ? ': three in a row, which wins at once' : ''}`;
      } else {
        after = cells.slice(0, move.start) + '.'.repeat(move.count) + cells.slice(move.start + move.count);
        description = move.count === 1 ? `clear cell ${move.start + 1}` : `clear cells ${move.start + 1} to ${move.start + move.count}`;
      }
      newText = `"${after}"`;
      span = syntax.row;
      label = `${syntax.rule.text} "${cells}" → ${newText}`;
      break;
    }
    case 'wythoff': {
      if (syntax.kind !== 'pairs') throw mismatch();
      const pair = syntax.pairs[move.position];
      const [x, y] = move.to;
      newText = `(${x}, ${y})`;
      span = pair;
      const [a, b] = [pair.numbers[0].value, pair.numbers[1].value];
      label = `${syntax.rule.text} (${numberText(a)}, ${numberText(b)}) → (${numberText(x)}, ${numberText(y)})`;
      const both = a - x;
      description =
        x < a && y < b ? `take ${numberText(both)} from both heaps` : x < a ? `take ${numberText(a - x)} from the first heap` : `take ${numberText(b - y)} from the second heap`;
      description += ` of (${numberText(a)}, ${numberText(b)})`;
      break;
    }
    case 'leftmost': {
      if (syntax.kind !== 'lists') throw mismatch();
      const list = syntax.lists[move.row];
      const pile = list.numbers[move.pile];
      newText = move.to.toString();
      span = pile;
      const rowText = (piles: readonly string[]) => `[${piles.join(', ')}]`;
      const before = list.numbers.map((n) => digitsText(n.text));
      label = `${syntax.rule.text} ${rowText(before)} → ${rowText(before.map((t, i) => (i === move.pile ? numberText(move.to) : t)))}`;
      description = `take ${numberText(pile.value - move.to)} from the leftmost non-empty pile (${numberText(pile.value)}) of row ${move.row + 1}`;
      break;
    }
    case 'word': {
      if (syntax.kind !== 'row') throw mismatch();
      // The component's strings are written again: the piece is replaced by what is left on either
      // side of the deleted word, empty pieces dropped, and `""` when nothing is left at all.
      const literals = [syntax.row, ...syntax.more];
      const pieces = literals.flatMap((literal, i) => (i === move.piece ? [...move.leaves] : [literal.value])).filter((p) => p.length > 0);
      const written = pieces.length === 0 ? '""' : pieces.map((p) => `"${p}"`).join(' ');
      newText = written;
      span = { start: literals[0].start, end: literals.at(-1)!.end };
      const points = [...literals[move.piece].value];
      const word = points.slice(move.start, move.start + move.length).join('');
      label = `${syntax.rule.text} ${literals.map((l) => `"${quoted(l.value)}"`).join(' ')} → ${written.length > 80 ? `${written.slice(0, 79)}…` : written}`;
      description = `delete "${word}" at character ${move.start + 1} of "${quoted(literals[move.piece].value)}"`;
      break;
    }
    default: {
      const unknown: never = move;
      throw new Error(`a move of an unknown kind: ${JSON.stringify(unknown)}`);
    }
  }
  const declaration = game.declaration;
  const rhsStart = declaration.misere?.start ?? declaration.sum?.start ?? span.start;
  const rhsEnd = declaration.sum?.end ?? span.end;
  const edited = span;
  let written: string | undefined;
  const replacement = () => (written ??= typeof newText === 'string' ? newText : newText());
  return {
    get edit() {
      return { span: edited, newText: replacement() };
    },
    get after() {
      return text.slice(rhsStart, edited.start) + replacement() + text.slice(edited.end, rhsEnd);
    },
    label,
    description,
  };
}
