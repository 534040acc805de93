// Feature tests without LSP, in the style of Langium's and vscode-css-languageservice's helpers: a
// `.game` text with a `|` cursor, the feature called on the view the analysis API gives of it
// (DocumentStore, computations done at once in this thread), and what it must answer. A new case
// is one line of a table. What the wire adds (JSON-RPC, capabilities, refreshes) is tested apart,
// over an LSP session (test/server/protocol tests and the transport's).
import * as assert from 'node:assert/strict';
import type { Position } from 'vscode-languageserver-protocol';
import { InProcessComputations } from '../../server/src/compute/inProcess';
import { DocumentStore } from '../../server/src/documentStore';
import { hover } from '../../server/src/features/hover';
import type { DocumentView } from '../../server/src/features/view';
import { DEFAULT_SETTINGS, type Settings } from '../../server/src/settings';
import { cursorAt } from './languageServer';

/** What the server's computations may spend on one value here: as the server's default budget. */
const LIMITS = { budgetMs: DEFAULT_SETTINGS.computation.budgetMs };

/** The view of `text` that every feature reads, every value in it computed. */
export function viewOf(text: string, settings: Settings = DEFAULT_SETTINGS): DocumentView {
  const store = new DocumentStore(new InProcessComputations(LIMITS));
  store.settings = settings;
  store.update('file:///test.game', 1, text);
  return store.view('file:///test.game')!;
}

/** `source` with a `|` cursor: its view and the cursor's position and offset. */
export function atCursor(source: string): { view: DocumentView; position: Position; offset: number } {
  const { text, position } = cursorAt(source);
  const view = viewOf(text);
  return { view, position, offset: view.document.lines.offsetAt(position) };
}

/** Each phrase appears in `text`, in this order. */
export function assertPhrasesInOrder(text: string, phrases: readonly string[]): void {
  let from = 0;
  for (const phrase of phrases) {
    const at = text.indexOf(phrase, from);
    assert.ok(at >= 0, `missing (in order) ${JSON.stringify(phrase)} in:\n${text}`);
    from = at + phrase.length;
  }
}

/** The hover at the cursor says `phrases`, in order (none: no hover), and its range holds the cursor. */
export function expectHover(source: string, phrases: readonly string[]): void {
  const { view, position, offset } = atCursor(source);
  const answer = hover(view, offset);
  const value = answer === null ? '' : (answer.contents as { value: string }).value;
  if (answer?.range) {
    const { start, end } = answer.range;
    const atOrBefore = (a: Position, b: Position) =>
      a.line < b.line || (a.line === b.line && a.character <= b.character);
    assert.ok(
      atOrBefore(start, position) && atOrBefore(position, end),
      `the range ${JSON.stringify(answer.range)} holds ${JSON.stringify(position)}`,
    );
  }
  if (phrases.length === 0) assert.equal(value, '');
  assertPhrasesInOrder(value, phrases);
}
