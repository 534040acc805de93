// Fixtures in the style of Langium's test helpers (expectHover, expectCompletion, …): a `.game`
// text with a `|` cursor and `«…»` around the ranges a test expects, checked against the server
// in one call. A new case is one line of a table.
import * as assert from 'node:assert/strict';
import type {
  CodeAction,
  CompletionItem,
  CompletionList,
  Diagnostic,
  DocumentHighlight,
  Location,
  Position,
  Range,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { type InProcessOptions, LanguageServerSession } from './languageServer';

export interface Marked {
  readonly text: string;
  /** Where `|` was (undefined when there is none). */
  readonly cursor?: Position;
  /** The `«…»` ranges, in order. */
  readonly ranges: readonly Range[];
}

/** Splits a marked fixture into its text, its cursor and its ranges. */
export function marked(source: string): Marked {
  let text = '';
  let cursor: Position | undefined;
  const ranges: Range[] = [];
  const open: Position[] = [];
  let line = 0;
  let character = 0;
  for (const c of source) {
    // The language has no `|`: every one is the cursor.
    if (c === '|') {
      if (cursor) throw new Error(`two | cursors in ${source}`);
      cursor = { line, character };
      continue;
    }
    if (c === '«') {
      open.push({ line, character });
      continue;
    }
    if (c === '»') {
      const start = open.pop();
      if (!start) throw new Error(`» without « in ${source}`);
      ranges.push({ start, end: { line, character } });
      continue;
    }
    text += c;
    if (c === '\n') {
      line++;
      character = 0;
    } else character += c.length;
  }
  if (open.length > 0) throw new Error(`« without » in ${source}`);
  return {
    text,
    cursor,
    ranges: ranges.sort((a, b) => a.start.line - b.start.line || a.start.character - b.start.character),
  };
}

export const sortRanges = (ranges: readonly Range[]) =>
  [...ranges].sort((a, b) => a.start.line - b.start.line || a.start.character - b.start.character);

/** Opens fixtures in one session, each under a new uri; the helpers return what a test may check further. */
export class FixtureClient {
  private count = 0;

  constructor(readonly session: LanguageServerSession) {}

  /** Opens the fixture's text; resolves once its diagnostics are published. */
  async open(source: string): Promise<Marked & { readonly uri: string; readonly diagnostics: Diagnostic[] }> {
    const fixture = marked(source);
    const uri = `file:///fixtures/${++this.count}.game`;
    this.session.clearDiagnostics();
    await this.session.open(uri, fixture.text);
    const { diagnostics } = await this.session.nextDiagnostics(uri);
    return { ...fixture, uri, diagnostics };
  }

  private async atCursor(source: string) {
    const fixture = await this.open(source);
    assert.ok(fixture.cursor, `no | cursor in ${source}`);
    return { ...fixture, cursor: fixture.cursor };
  }

  async close(uri: string): Promise<void> {
    await this.session.close(uri);
  }

  /** Go to definition from the cursor lands on the one «» range (or nowhere, when there is none). */
  async expectDefinition(source: string): Promise<void> {
    const fixture = await this.atCursor(source);
    const answer = await this.session.connection.sendRequest<Location | Location[] | null>('textDocument/definition', {
      textDocument: { uri: fixture.uri },
      position: fixture.cursor,
    });
    const found = answer === null ? [] : Array.isArray(answer) ? answer : [answer];
    assert.deepEqual(
      found.map((l) => l.range),
      fixture.ranges,
      `definition in ${source}`,
    );
    await this.close(fixture.uri);
  }

  /** Find references from the cursor gives exactly the «» ranges. */
  async expectReferences(source: string, includeDeclaration = true): Promise<void> {
    const fixture = await this.atCursor(source);
    const answer = await this.session.connection.sendRequest<Location[] | null>('textDocument/references', {
      textDocument: { uri: fixture.uri },
      position: fixture.cursor,
      context: { includeDeclaration },
    });
    assert.deepEqual(sortRanges((answer ?? []).map((l) => l.range)), fixture.ranges, `references in ${source}`);
    await this.close(fixture.uri);
  }

  /**
   * Document highlights from the cursor are exactly the «» ranges; `writes` are the declarations' indexes among them.
   */
  async expectHighlights(source: string, writes: readonly number[]): Promise<void> {
    const fixture = await this.atCursor(source);
    const answer =
      (await this.session.connection.sendRequest<DocumentHighlight[] | null>('textDocument/documentHighlight', {
        textDocument: { uri: fixture.uri },
        position: fixture.cursor,
      })) ?? [];
    const sorted = [...answer].sort(
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
    await this.close(fixture.uri);
  }

  /**
   * Rename at the cursor to `newName`: prepareRename answers the «» range (the name under the
   * cursor), and the edit turns the text into `after`. Or both refuse with a message matching `refused`.
   */
  async expectRename(
    source: string,
    newName: string,
    expected: { readonly after: string } | { readonly refused: RegExp; readonly prepare?: 'refused' | 'allowed' },
  ): Promise<void> {
    const fixture = await this.atCursor(source);
    const position = fixture.cursor;
    const textDocument = { uri: fixture.uri };
    const prepare = this.session.connection.sendRequest<{ range: Range; placeholder: string } | null>(
      'textDocument/prepareRename',
      { textDocument, position },
    );
    const rename = this.session.connection.sendRequest<WorkspaceEdit | null>('textDocument/rename', {
      textDocument,
      position,
      newName,
    });
    if ('after' in expected) {
      const prepared = await prepare;
      assert.deepEqual(prepared?.range, fixture.ranges[0], `prepareRename's range in ${source}`);
      const edit = await rename;
      assert.ok(edit, 'a workspace edit');
      assert.equal(applyWorkspaceEdit(fixture.uri, fixture.text, edit), expected.after);
    } else {
      if (expected.prepare === 'allowed') await prepare;
      else await assert.rejects(prepare, expected.refused, 'prepareRename refuses');
      await assert.rejects(rename, expected.refused, 'rename refuses');
    }
    await this.close(fixture.uri);
  }

  /**
   * Completion at the cursor: the labels include every one of `includes`, none of `excludes`; the items are returned.
   */
  async expectCompletion(
    source: string,
    expected: {
      readonly includes?: readonly string[];
      readonly excludes?: readonly string[];
      readonly exactly?: readonly string[];
    },
  ): Promise<CompletionItem[]> {
    const fixture = await this.atCursor(source);
    const answer = await this.session.connection.sendRequest<CompletionItem[] | CompletionList | null>(
      'textDocument/completion',
      {
        textDocument: { uri: fixture.uri },
        position: fixture.cursor,
      },
    );
    const items = answer === null ? [] : Array.isArray(answer) ? answer : answer.items;
    const labels = items.map((i) => i.label);
    for (const label of expected.includes ?? [])
      assert.ok(labels.includes(label), `${label} is offered in ${source}: ${labels.join(', ')}`);
    for (const label of expected.excludes ?? [])
      assert.ok(!labels.includes(label), `${label} is not offered in ${source}: ${labels.join(', ')}`);
    if (expected.exactly)
      assert.deepEqual([...labels].sort(), [...expected.exactly].sort(), `completions in ${source}`);
    await this.close(fixture.uri);
    return items;
  }

  /** The quick fixes offered for the diagnostic whose code is `code`, in the opened fixture. */
  async quickFixes(
    fixture: { readonly uri: string; readonly diagnostics: Diagnostic[] },
    code: string,
  ): Promise<CodeAction[]> {
    const diagnostic = fixture.diagnostics.find((d) => d.code === code);
    assert.ok(diagnostic, `a ${code} diagnostic among ${fixture.diagnostics.map((d) => d.code).join(', ')}`);
    const answer = await this.session.connection.sendRequest<CodeAction[] | null>('textDocument/codeAction', {
      textDocument: { uri: fixture.uri },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic], only: ['quickfix'] },
    });
    return answer ?? [];
  }
}

/** A workspace edit's text edits for one document, applied to its text. */
export function applyWorkspaceEdit(uri: string, text: string, edit: WorkspaceEdit): string {
  const edits: TextEdit[] = [];
  for (const change of edit.documentChanges ?? []) {
    if ('textDocument' in change && change.textDocument.uri === uri) edits.push(...(change.edits as TextEdit[]));
  }
  edits.push(...(edit.changes?.[uri] ?? []));
  return TextDocument.applyEdits(TextDocument.create(uri, 'game', 1, text), edits);
}

/**
 * One in-process server for a `describe` block: started before its tests, stopped after. The
 * returned object's `session` and `fixtures` are set once the tests run.
 */
export function fixtureServer(options: InProcessOptions = {}): {
  session: LanguageServerSession;
  fixtures: FixtureClient;
} {
  const handle = {} as { session: LanguageServerSession; fixtures: FixtureClient };
  before(async () => {
    handle.session = (await LanguageServerSession.inProcess(options)).session;
    handle.fixtures = new FixtureClient(handle.session);
  });
  after(() => handle.session?.stop());
  return handle;
}
