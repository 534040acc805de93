// Incremental analysis through the server: a document typed into, keystroke by keystroke (each an
// incremental change, as editors send them), must show exactly what the same text opened afresh
// shows: diagnostics, outline and semantic tokens. The server analyses the first from its last
// version, the second from scratch.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { DocumentSymbol, PublishDiagnosticsParams, SemanticTokens } from 'vscode-languageserver';
import { LanguageServerSession } from '../helpers/languageServer';
import { random } from '../helpers/mutate';
import { repositoryPath } from '../helpers/paths';

const pieces = ['x', '1', ' ', ',', '{', '}', '"', '\n', '#', 'game g = nim 3\n', '+ kayles 4', '->', '@'];

function outline(symbols: DocumentSymbol[]): unknown {
  return symbols.map((s) => ({
    name: s.name,
    range: s.range,
    selection: s.selectionRange,
    children: outline(s.children ?? []),
  }));
}

function plainDiagnostics(params: PublishDiagnosticsParams): unknown {
  return params.diagnostics.map((d) => ({
    range: d.range,
    message: d.message,
    code: d.code,
    severity: d.severity,
    related: d.relatedInformation,
  }));
}

describe('incremental analysis in the server', () => {
  it('after each of 120 keystrokes, shows what the same text opened afresh shows', async function () {
    this.timeout(120_000);
    const { session } = await LanguageServerSession.inProcess();
    try {
      const next = random(42);
      const typed = 'file:///typed.game';
      await session.open(typed, readFileSync(repositoryPath('examples', 'language.game'), 'utf8'));
      await session.nextDiagnostics(typed);
      for (let keystroke = 0; keystroke < 120; keystroke++) {
        const lines = session.text(typed).split('\n');
        const line = Math.floor(next() * lines.length);
        const character = Math.floor(next() * (lines[line].length + 1));
        const at = { line, character };
        const deleting = next() < 0.4 && character < lines[line].length;
        const version = await session.edit(
          typed,
          { start: at, end: deleting ? { line, character: character + 1 } : at },
          deleting ? '' : pieces[Math.floor(next() * pieces.length)],
        );
        const typedDiagnostics = await session.nextDiagnostics(typed, (p) => p.version === version);
        const fresh = `file:///fresh-${keystroke}.game`;
        await session.open(fresh, session.text(typed));
        const freshDiagnostics = await session.nextDiagnostics(fresh);
        const what = `keystroke ${keystroke}:\n${session.text(typed)}`;
        assert.deepEqual(
          plainDiagnostics(typedDiagnostics),
          plainDiagnostics(freshDiagnostics),
          `diagnostics, ${what}`,
        );
        const symbols = async (uri: string) =>
          outline(await session.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } }));
        assert.deepEqual(await symbols(typed), await symbols(fresh), `outline, ${what}`);
        const tokens = async (uri: string) =>
          (await session.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } })).data;
        assert.deepEqual(await tokens(typed), await tokens(fresh), `semantic tokens, ${what}`);
        await session.close(fresh);
      }
    } finally {
      await session.stop();
    }
  });
});
