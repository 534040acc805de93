// Feature tests without LSP, in the style of Langium's and vscode-css-languageservice's helpers: a
// `.game` text with a `|` cursor, the feature called on the view the analysis API gives of it
// (DocumentStore, computations done at once in this thread), and what it must answer. A new case
// is one line of a table. What the wire adds (JSON-RPC, capabilities, refreshes) is tested apart,
// over an LSP session (test/server/protocol tests and the transport's).
import * as assert from 'node:assert/strict';
import type { CodeAction, CompletionItem, Diagnostic, Position } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { InProcessComputations, type InProcessLimits } from '../../server/src/compute/inProcess';
import { DocumentStore } from '../../server/src/documentStore';
import type { EngineCache } from '../../server/src/engine';
import { quickFixes } from '../../server/src/features/codeActions';
import { completions } from '../../server/src/features/completion';
import { computationDiagnostics, lspDiagnostics } from '../../server/src/features/diagnostics';
import { hover } from '../../server/src/features/hover';
import { definition, documentHighlights, references } from '../../server/src/features/navigation';
import { prepareRename, renameEdits } from '../../server/src/features/rename';
import type { DocumentView } from '../../server/src/features/view';
import { DEFAULT_SETTINGS, type Settings } from '../../server/src/settings';
import { type Marked, marked, sortRanges } from './fixtures';
import { cursorAt } from './languageServer';

/** What the server's computations may spend on one value here: their limits of work, as the server's. */
// A misère game past its rule's quotient waits for the quotient's growth, as the server's do.
const LIMITS = { growQuotients: true };

export interface ViewOptions {
  readonly settings?: Settings;
  /** What one value may cost (the server's default budget when absent). */
  readonly limits?: InProcessLimits;
  /** An engine cache to share between views (fuzzing many documents). */
  readonly cache?: EngineCache;
}

/** The view of `text` (under `uri`) that every feature reads, every value in it computed. */
export function viewOf(text: string, options: ViewOptions = {}, uri = 'file:///test.game'): DocumentView {
  const store = new DocumentStore(new InProcessComputations(options.limits ?? LIMITS, options.cache));
  store.settings = options.settings ?? DEFAULT_SETTINGS;
  store.update(uri, 1, text);
  return store.view(uri)!;
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

/**
 * The fixtures of test/helpers/fixtures.ts (`|` cursor, `«…»` ranges), answered by the features on
 * views instead of a server: the same methods and assertions, without the wire.
 */
export class ViewFixtures {
  private count = 0;

  /** The fixture's view, its text, cursor and ranges, and the diagnostics the server would publish. */
  open(
    source: string,
  ): Marked & { readonly uri: string; readonly view: DocumentView; readonly diagnostics: Diagnostic[] } {
    const fixture = marked(source);
    const uri = `file:///fixtures/${++this.count}.game`;
    const view = viewOf(fixture.text, {}, uri);
    const diagnostics = [...lspDiagnostics(view.document, uri, true), ...computationDiagnostics(view)];
    return { ...fixture, uri, view, diagnostics };
  }

  /** Nothing to close: a view is dropped with its store (the server fixtures' close, for the same tests). */
  close(_uri: string): void {}

  private atCursor(source: string) {
    const fixture = this.open(source);
    assert.ok(fixture.cursor, `no | cursor in ${source}`);
    return { ...fixture, offset: fixture.view.document.lines.offsetAt(fixture.cursor) };
  }

  /** Go to definition from the cursor lands on the one «» range (or nowhere, when there is none). */
  expectDefinition(source: string): void {
    const fixture = this.atCursor(source);
    const answer = definition(fixture.view, fixture.offset);
    assert.deepEqual(answer === null ? [] : [answer.range], fixture.ranges, `definition in ${source}`);
  }

  /** Find references from the cursor gives exactly the «» ranges. */
  expectReferences(source: string, includeDeclaration = true): void {
    const fixture = this.atCursor(source);
    const answer = references(fixture.view, fixture.offset, includeDeclaration);
    assert.deepEqual(sortRanges(answer.map((l) => l.range)), fixture.ranges, `references in ${source}`);
  }

  /** Document highlights from the cursor are exactly the «» ranges; `writes`: the declarations' indexes among them. */
  expectHighlights(source: string, writes: readonly number[]): void {
    const fixture = this.atCursor(source);
    const sorted = [...documentHighlights(fixture.view, fixture.offset)].sort(
      (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
    );
    assert.deepEqual(
      sorted.map((h) => h.range),
      fixture.ranges,
      `highlights in ${source}`,
    );
    assert.deepEqual(
      sorted.flatMap((h, i) => (h.kind === 3 ? [i] : [])),
      writes,
      'which highlights are declarations (Write)',
    );
  }

  /**
   * Rename at the cursor to `newName`: prepareRename answers the «» range (the name under the
   * cursor), and the edits turn the text into `after`. Or both refuse with a message matching `refused`.
   */
  expectRename(
    source: string,
    newName: string,
    expected: { readonly after: string } | { readonly refused: RegExp; readonly prepare?: 'refused' | 'allowed' },
  ): void {
    const fixture = this.atCursor(source);
    if ('after' in expected) {
      assert.deepEqual(
        prepareRename(fixture.view, fixture.offset).range,
        fixture.ranges[0],
        `prepareRename in ${source}`,
      );
      const edits = renameEdits(fixture.view, fixture.offset, newName);
      const document = TextDocument.create(fixture.uri, 'game', 1, fixture.text);
      assert.equal(TextDocument.applyEdits(document, edits), expected.after);
    } else {
      if (expected.prepare !== 'allowed')
        assert.throws(() => prepareRename(fixture.view, fixture.offset), expected.refused, 'prepareRename refuses');
      assert.throws(() => renameEdits(fixture.view, fixture.offset, newName), expected.refused, 'rename refuses');
    }
  }

  /** Completion at the cursor (a client that takes snippets): the labels include `includes`, not `excludes`. */
  expectCompletion(
    source: string,
    expected: {
      readonly includes?: readonly string[];
      readonly excludes?: readonly string[];
      readonly exactly?: readonly string[];
    },
  ): CompletionItem[] {
    const fixture = this.atCursor(source);
    const items = completions(fixture.view, fixture.offset, true);
    const labels = items.map((i) => i.label);
    for (const label of expected.includes ?? [])
      assert.ok(labels.includes(label), `${label} is offered in ${source}: ${labels.join(', ')}`);
    for (const label of expected.excludes ?? [])
      assert.ok(!labels.includes(label), `${label} is not offered in ${source}: ${labels.join(', ')}`);
    if (expected.exactly)
      assert.deepEqual([...labels].sort(), [...expected.exactly].sort(), `completions in ${source}`);
    return items;
  }

  /** The quick fixes offered for the diagnostic whose code is `code`, in the opened fixture. */
  quickFixes(fixture: { readonly view: DocumentView; readonly diagnostics: Diagnostic[] }, code: string): CodeAction[] {
    const diagnostic = fixture.diagnostics.find((d) => d.code === code);
    assert.ok(diagnostic, `a ${code} diagnostic among ${fixture.diagnostics.map((d) => d.code).join(', ')}`);
    return quickFixes(fixture.view, [diagnostic]);
  }
}
