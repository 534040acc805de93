// The wire: what the feature tests ask of views (test/helpers/features.ts), asked here over LSP
// of a server in this process, as a client would. The same answer arrives, in the shape the client
// declared it takes.
import * as assert from 'node:assert/strict';
import type { SemanticTokens, SemanticTokensDelta } from 'vscode-languageserver-protocol';
import { foldingRanges } from '../../server/src/features/folding';
import { formattingEdits, rangeFormattingEdits } from '../../server/src/features/formatting';
import { hover } from '../../server/src/features/hover';
import { selectionRange } from '../../server/src/features/selectionRanges';
import { SemanticTokensResults } from '../../server/src/features/semanticTokens';
import { atCursor, viewOf } from '../helpers/features';
import { CLIENT_CAPABILITIES, cursorAt, LanguageServerSession } from '../helpers/languageServer';

const seed = 'rule onetwo = subtract {1, 2}\ngame co|ins = onetwo 3 4 5 + nim 6\n';

/** The hover over LSP, once the values are in. */
async function hoverOverTheWire(session: LanguageServerSession, uri: string, source: string) {
  const { text, position } = cursorAt(source);
  await session.open(uri, text);
  await session.settledCodeLenses(uri);
  for (;;) {
    const answer = await session.hover(uri, position);
    const value = (answer?.contents as { kind: string; value: string } | undefined)?.value ?? '';
    if (!value.includes('still computing')) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('features over the wire', () => {
  it("a hover: the view's Markdown, to a client that takes Markdown", async () => {
    const { session } = await LanguageServerSession.inProcess();
    try {
      const answer = await hoverOverTheWire(session, 'file:///wire/markdown.game', seed);
      const { view, offset } = atCursor(seed);
      const local = hover(view, offset);
      assert.ok(answer && local, 'both answered');
      assert.deepEqual(answer.contents, local.contents);
      assert.equal((answer.contents as { kind: string }).kind, 'markdown');
    } finally {
      await session.stop();
    }
  });

  it('a hover: plain text, to a client that does not declare Markdown', async () => {
    const capabilities = { ...CLIENT_CAPABILITIES, textDocument: { hover: { contentFormat: ['plaintext'] } } };
    const { session } = await LanguageServerSession.inProcess({ capabilities });
    try {
      const answer = await hoverOverTheWire(session, 'file:///wire/plain.game', seed);
      assert.ok(answer, 'answered');
      const contents = answer.contents as { kind: string; value: string };
      assert.equal(contents.kind, 'plaintext');
      assert.match(contents.value, /game coins/);
      assert.doesNotMatch(contents.value, /[`*]{2}/);
    } finally {
      await session.stop();
    }
  });

  it("formatting, folding, selection ranges and semantic tokens: the views' answers, and a delta", async () => {
    const { session } = await LanguageServerSession.inProcess();
    const request = <T>(method: string, params: object) => session.connection.sendRequest<T>(method, params);
    try {
      const uri = 'file:///wire/structure.game';
      const text = '# a\n# b\nrule s=subtract{1 ,2}\ngraph g{\na->b\n}\ngame g2=s 3+g at a   \n';
      await session.open(uri, text);
      const view = viewOf(text);
      const textDocument = { uri };
      const options = { tabSize: 2, insertSpaces: true };
      assert.deepEqual(await request('textDocument/formatting', { textDocument, options }), formattingEdits(view));
      const range = { start: { line: 2, character: 0 }, end: { line: 4, character: 0 } };
      assert.deepEqual(
        await request('textDocument/rangeFormatting', { textDocument, range, options }),
        rangeFormattingEdits(view, range),
      );
      assert.deepEqual(await request('textDocument/foldingRange', { textDocument }), foldingRanges(view));
      const position = { line: 6, character: 9 };
      assert.deepEqual(await request('textDocument/selectionRange', { textDocument, positions: [position] }), [
        selectionRange(view, position),
      ]);
      const local = new SemanticTokensResults();
      const first = await request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument });
      assert.deepEqual(first.data, local.full(uri, view).data);
      const edited = text.replace('s 3', 's 3 4 5');
      await session.change(uri, edited);
      const answer = await request<SemanticTokensDelta>('textDocument/semanticTokens/full/delta', {
        textDocument,
        previousResultId: first.resultId,
      });
      assert.deepEqual(answer.edits, (local.delta(uri, viewOf(edited), '1') as SemanticTokensDelta).edits);
    } finally {
      await session.stop();
    }
  });
});
