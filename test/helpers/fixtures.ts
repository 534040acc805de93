// Marked fixtures in the style of Langium's test helpers: a `.game` text with a `|` cursor (`\|` is
// the language's own `|`) and `«…»` around the ranges a test expects. test/helpers/features.ts checks them against the
// features on views; a new case is one line of a table.
import type { Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';

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
  let escaped = false;
  for (const c of source) {
    // `\|` is the language's `|` (a union of sets); every other `|` is the cursor.
    if (c === '\\' && !escaped) {
      escaped = true;
      continue;
    }
    if (escaped && c !== '|') {
      text += '\\';
      character++;
    }
    const literal = escaped;
    escaped = false;
    if (c === '|' && !literal) {
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

/** A workspace edit's text edits for one document, applied to its text. */
export function applyWorkspaceEdit(uri: string, text: string, edit: WorkspaceEdit): string {
  const edits: TextEdit[] = [];
  for (const change of edit.documentChanges ?? []) {
    if ('textDocument' in change && change.textDocument.uri === uri) edits.push(...(change.edits as TextEdit[]));
  }
  edits.push(...(edit.changes?.[uri] ?? []));
  return TextDocument.applyEdits(TextDocument.create(uri, 'game', 1, text), edits);
}
