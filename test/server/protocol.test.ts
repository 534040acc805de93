// The wire: what the feature tests ask of views (test/helpers/features.ts), asked here over LSP
// of a server in this process, as a client would. The same answer arrives, in the shape the client
// declared it takes.
import * as assert from 'node:assert/strict';
import { hover } from '../../server/src/features/hover';
import { atCursor } from '../helpers/features';
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
});
