// Rename, with prepareRename: every occurrence of what the name under the cursor names changes
// (language/names.ts), and nothing else. Refused, with a message that says why: keywords, numbers
// and anything that is not a name; built-in rules; a name that is used but declared nowhere; a new
// name that is not a valid name, or is taken (by a rule, graph or game for those; by a vertex of the
// same graph for a vertex).
import type { Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { KEYWORDS } from '../language/lexer';
import { MOVES_WORDS } from '../language/movesBody';
import { invalidName, isBuiltinName, isContextualBuiltin, nameIndex, type Occurrence } from '../language/names';
import { renameParams, textDocumentPositionParams } from '../params';
import { documentEdit, type Feature, Refusal } from './feature';
import type { DocumentView } from './view';

/** What can be renamed at the offset, or why nothing can. */
export function renameTarget(view: DocumentView, offset: number): Occurrence {
  const index = nameIndex(view.document);
  const at = index.at(offset);
  if (!at)
    throw new Refusal(
      `Only the name of a rule, graph, vertex, game or a rule's variable can be renamed${whatIsAt(view, offset)}.`,
    );
  // A contextual built-in (`staircase`) that the document declares is the document's own name.
  if (isBuiltinName(at.name) && at.kind === 'rule' && !(isContextualBuiltin(at.name) && index.definition(at.key)))
    throw new Refusal(`\`${at.name}\` is a built-in rule: it cannot be renamed.`);
  if (!index.definition(at.key))
    throw new Refusal(
      `\`${at.name}\` is not declared in this document, so there is nothing to rename: declare it, or correct the ` +
        `name.`,
    );
  return at;
}

/** " (the cursor is on a keyword)" and the like, for the refusal. */
function whatIsAt(view: DocumentView, offset: number): string {
  const text = view.document.file.text;
  let start = offset;
  let end = offset;
  while (start > 0 && /[\w.-]/.test(text[start - 1])) start--;
  while (end < text.length && /[\w.-]/.test(text[end])) end++;
  const word = text.slice(start, end);
  if (/^\d[\d.]*$/.test(word)) return `: \`${word}\` is a number`;
  if ((KEYWORDS as readonly string[]).includes(word)) return `: \`${word}\` is a keyword`;
  return '';
}

export function prepareRename(view: DocumentView, offset: number): { range: Range; placeholder: string } {
  const at = renameTarget(view, offset);
  const { lines } = view.document;
  return { range: lines.rangeOf(at), placeholder: at.name };
}

export function renameEdits(view: DocumentView, offset: number, newName: string): TextEdit[] {
  const at = renameTarget(view, offset);
  if (newName === at.name) return [];
  const invalid = invalidName(newName);
  if (invalid) throw new Refusal(`${invalid}: cannot rename \`${at.name}\` to it.`);
  const index = nameIndex(view.document);
  if (at.kind === 'variable') {
    const refused = variableRefusal(at, newName, index.occurrences);
    if (refused) throw new Refusal(refused);
  } else if (at.kind === 'vertex') {
    const taken = index.definition(at.key.slice(0, at.key.lastIndexOf(':') + 1) + newName);
    if (taken)
      throw new Refusal(
        `Graph \`${at.graph}\` already has a vertex \`${newName}\` (line ` +
          `${view.document.lines.positionAt(taken.start).line + 1}).`,
      );
  } else {
    if (isBuiltinName(newName) && !isContextualBuiltin(newName))
      throw new Refusal(`\`${newName}\` is a built-in rule: choose another name.`);
    const taken = index.uses(`name:${newName}`).find((o) => o.declaration);
    if (taken)
      throw new Refusal(
        `\`${newName}\` is already the name of a ${taken.kind} (line ` +
          `${view.document.lines.positionAt(taken.start).line + 1}).`,
      );
    // A contextual built-in may be declared, but not over the document's uses of the built-in.
    if (isContextualBuiltin(newName) && index.uses(`name:${newName}`).length > 0)
      throw new Refusal(`\`${newName}\` is used in this document as the built-in rule: choose another name.`);
  }
  const { lines } = view.document;
  return index.uses(at.key).map((o) => ({ range: lines.rangeOf(o), newText: newName }));
}

/**
 * Why a variable of a rule of one's own cannot take `newName`: a word of the rule, a hyphen (in a rule
 * `n-k` is n minus k), or a name it would then share a scope with (a position's variable is seen by
 * every clause; a loop's by its clause).
 */
function variableRefusal(at: Occurrence, newName: string, occurrences: readonly Occurrence[]): string | undefined {
  if ((MOVES_WORDS as readonly string[]).includes(newName))
    return `\`${newName}\` is a word of the rule (\`${MOVES_WORDS.join(' ')}\`): choose another name.`;
  if (newName.includes('-'))
    return `Inside a rule \`${newName}\` would read as a subtraction: choose a name without \`-\`.`;
  // variable:START:NAME (the position's) or variable:START:CLAUSE:NAME (a loop's).
  const parts = at.key.split(':');
  const rule = parts[1];
  const clause = parts.length === 4 ? parts[2] : undefined;
  const clash = occurrences.find((o) => {
    if (!o.declaration || o.kind !== 'variable' || o.name !== newName) return false;
    const other = o.key.split(':');
    if (other[1] !== rule) return false;
    // A position's variable meets every clause's loops; a loop's meets the position's and its clause's.
    return clause === undefined || other.length === 3 || other[2] === clause;
  });
  return clash ? `\`${newName}\` is already a variable where \`${at.name}\` is seen: choose another name.` : undefined;
}

export const renameFeature: Feature = {
  name: 'rename',
  capabilities: (client) => ({
    renameProvider: client.textDocument?.rename?.prepareSupport ? { prepareProvider: true } : true,
  }),
  handlers: (context) => ({
    requests: {
      'textDocument/prepareRename': (raw) => {
        const params = textDocumentPositionParams(raw);
        const view = context.view(params.uri);
        return view ? prepareRename(view, view.document.lines.offsetAt(params.position)) : null;
      },
      'textDocument/rename': (raw): WorkspaceEdit | null => {
        const params = renameParams(raw);
        const view = context.view(params.uri);
        if (!view) return null;
        const edits = renameEdits(view, view.document.lines.offsetAt(params.position), params.newName);
        return documentEdit(context.client, view.uri, view.version, edits);
      },
    },
  }),
};
