// Word games: a move rewrites the component's strings (`dict "abcab"` minus `c` → `dict "ab" "ab"`).
import type { ComponentMove } from '../../engine/gameTypes';
import type { ClassicRule, Rule } from '../../engine/types';
import type { Name, RowComponent, WordsBody } from '../ast';
import { type DiagnosticSink, error, quoted, warning } from '../diagnostics';
import type { CheckedComponent } from '../model';
import { type LanguageFamily, type RuleFamily, wrongShape } from './family';
import { type MoveText, mismatch } from './moveText';

/** A word move: the pieces, written again (empty ones dropped; `""` when nothing is left). */
export function writeWordMove(move: Extract<ComponentMove, { kind: 'word' }>, component: CheckedComponent): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'row') throw mismatch(move, syntax);
  // The component's strings are written again: the piece is replaced by what is left on either
  // side of the deleted word, empty pieces dropped, and `""` when nothing is left at all.
  const literals = [syntax.row, ...syntax.more];
  const pieces = literals
    .flatMap((literal, i) => (i === move.piece ? [...move.leaves] : [literal.value]))
    .filter((p) => p.length > 0);
  const written = pieces.length === 0 ? '""' : pieces.map((p) => `"${p}"`).join(' ');
  const word = [...literals[move.piece].value].slice(move.start, move.start + move.length).join('');
  return {
    span: { start: literals[0].start, end: literals.at(-1)!.end },
    newText: written,
    label:
      `${syntax.rule.text} ${literals.map((l) => `"${quoted(l.value)}"`).join(' ')} → ` +
      `${written.length > 80 ? `${written.slice(0, 79)}…` : written}`,
    description: `delete "${word}" at character ${move.start + 1} of "${quoted(literals[move.piece].value)}"`,
  };
}

/** `rule NAME = words {"…", …}`: at least one word, none empty; a repeated word is a warning. */
export function checkWordsBody(body: WordsBody, diagnostics: Pick<DiagnosticSink, 'push'>): ClassicRule | undefined {
  if (body.malformed) return undefined;
  if (body.words.length === 0) {
    diagnostics.push(
      error('empty-word', body.set, 'a dictionary needs at least one word: with none, no move is possible'),
    );
    return undefined;
  }
  let ok = true;
  const seen = new Set<string>();
  for (const word of body.words) {
    if (word.value.length === 0) {
      diagnostics.push(error('empty-word', word, 'a word cannot be empty: every move deletes at least one character'));
      ok = false;
    } else if (seen.has(word.value))
      diagnostics.push(warning('repeated-word', word, `\`"${quoted(word.value)}"\` is listed twice`));
    seen.add(word.value);
  }
  return ok ? { kind: 'words', words: [...seen] } : undefined;
}

/** `NAME "S1" "S2" …` under a words rule: one piece per string, any characters. */
export function checkWordPieces(component: RowComponent, head: Name, words: readonly string[]): CheckedComponent {
  return {
    kind: 'words',
    syntax: component,
    ruleName: head.text,
    words,
    pieces: [component.row, ...component.more].map((piece) => piece.value),
  };
}

/** Word games: pieces of text in double quotes (`dict "abcab"`). */
export const wordsRules: RuleFamily<Extract<Rule, { kind: 'words' }>> = {
  shapes: ['row'],
  writtenForm: (name) => `pieces of text in double quotes, as in \`${name} "abcab"\``,
  check: (component, head, rule, diagnostics) =>
    component.kind === 'row' ? checkWordPieces(component, head, rule.words) : wrongShape(head, wordsRules, diagnostics),
};

/** JSON for strings in keys: quotes and separators inside them cannot run into the key's own. */
const quote = (text: string) => JSON.stringify(text);

export const wordsFamily = {
  rules: { words: wordsRules },
  components: {
    words: {
      input: (c) => ({ kind: 'words', words: c.words, pieces: c.pieces }),
      key: (c, parts) =>
        parts.push(`words {${[...c.words].sort().map(quote).join(', ')}}: ${c.pieces.map(quote).join(' ')}`),
      affinity: () => undefined,
    },
  },
  moves: { word: writeWordMove },
} satisfies LanguageFamily;
