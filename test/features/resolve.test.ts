// Hints and lenses sent without their details, resolved when the editor shows them: a hint's
// tooltip (to a client that declares it resolves tooltips, as VS Code does) and the command of a
// lens in a document of over 1,000 games. A hint carries its document's number (and is found again
// by its position and label), a lens `[document, version, game, lens]`: a fraction of the bytes of
// a URI and names. A resolve after the document has changed gives nothing wrong.
import * as assert from 'node:assert/strict';
import type { InlayHint, MarkupContent } from 'vscode-languageserver';
import { CLIENT_CAPABILITIES, LanguageServerSession } from '../helpers/languageServer';

const uri = 'file:///resolve.game';
const text = 'game pair = nim 3 + nim 5\ngame alone = nim 4\n';

async function settledHints(session: LanguageServerSession): Promise<InlayHint[]> {
  for (;;) {
    const hints = (await session.inlayHints(uri)) ?? [];
    if (hints.length > 0 && !hints.some((h) => String(h.label).includes('computing'))) return hints;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('resolving hints and lenses', () => {
  it("a hint's tooltip comes on resolve, for the game or the component it belongs to", async () => {
    const { session, initialize } = await LanguageServerSession.inProcess();
    try {
      assert.deepEqual(initialize.capabilities.inlayHintProvider, { resolveProvider: true });
      await session.open(uri, text);
      const hints = await settledHints(session);
      assert.deepEqual(
        hints.map((h) => h.label),
        ['*3', '*5', '⊕ = *6 · win', '= *4 · win'],
      );
      assert.ok(hints.every((h) => h.tooltip === undefined && typeof h.data === 'number'));
      const tooltips = await Promise.all(
        hints.map(async (h) => ((await session.resolveInlayHint(h)).tooltip as MarkupContent).value),
      );
      assert.deepEqual(tooltips, [
        "This component's nimber: *3.",
        "This component's nimber: *5.",
        'In `pair`, the player to move wins. Its nimber is *6.',
        'In `alone`, the player to move wins. Its nimber is *4.',
      ]);
      // After an edit the hint is of an older version: returned as it was, with no tooltip of another game.
      await session.edit(uri, { start: { line: 1, character: 17 }, end: { line: 1, character: 18 } }, '5');
      await settledHints(session);
      assert.equal(
        (await session.resolveInlayHint(hints[3])).tooltip,
        undefined,
        'the same place, another label (*5 now)',
      );
      assert.equal(
        ((await session.resolveInlayHint(hints[2])).tooltip as MarkupContent).value,
        'In `pair`, the player to move wins. Its nimber is *6.',
      );
      await session.edit(uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, '# moved\n');
      assert.equal((await session.resolveInlayHint(hints[2])).tooltip, undefined, 'its place is a comment now');
    } finally {
      await session.stop();
    }
  });

  it('a client that does not resolve tooltips gets them in every hint', async () => {
    const textDocument = { ...CLIENT_CAPABILITIES.textDocument, inlayHint: {} };
    const { session, initialize } = await LanguageServerSession.inProcess({
      capabilities: { ...CLIENT_CAPABILITIES, textDocument },
    });
    try {
      assert.equal(initialize.capabilities.inlayHintProvider, true);
      await session.open(uri, text);
      const hints = await settledHints(session);
      assert.equal((hints[3].tooltip as MarkupContent).value, 'In `alone`, the player to move wins. Its nimber is *4.');
      assert.ok(hints.every((h) => h.data === undefined));
    } finally {
      await session.stop();
    }
  });

  it('over 1,000 games: a lens carries [document, version, game, lens], its command on resolve', async function () {
    this.timeout(60_000);
    const { session } = await LanguageServerSession.inProcess();
    try {
      const many = 'file:///many.game';
      await session.open(many, Array.from({ length: 1001 }, (_, i) => `game g${i} = nim ${(i % 7) + 1} 1`).join('\n'));
      const first = ((await session.codeLenses(many)) ?? [])[0];
      assert.equal(first.command, undefined);
      assert.deepEqual((first.data as number[]).slice(1), [1, 0, 0]);
      let resolved = await session.resolveCodeLens(first);
      // Asked until computed, however long a busy machine takes (the suite's timeout is the limit).
      while (resolved.command?.title.includes('computing')) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        resolved = await session.resolveCodeLens(((await session.codeLenses(many)) ?? [])[0]);
      }
      // g0 = nim 1 1: a P-position.
      assert.match(resolved.command!.title, /every move loses/);
      await session.edit(many, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, '# moved\n');
      assert.equal((await session.resolveCodeLens(first)).command!.title, '… (the document has changed)');
    } finally {
      await session.stop();
    }
  });

  it('resolving every lens and hint (as Emacs does): an answer each, unchanged if nothing to add', async function () {
    this.timeout(60_000);
    const { session } = await LanguageServerSession.inProcess();
    try {
      const small = 'file:///small.game';
      // A rule and a graph (their lenses come with commands) and games: every lens of a small document has its command.
      await session.open(
        small,
        'rule s = subtract {1, 2}\ngraph g {\n  a -> b\n}\ngame one = s 4 + g at a\ngame two = nim 1 1\n',
      );
      const many = 'file:///many.game';
      await session.open(
        many,
        [
          'rule s = subtract {1, 3}',
          ...Array.from({ length: 1001 }, (_, i) => `game g${i} = s ${(i % 5) + 1} + nim 1`),
        ].join('\n'),
      );
      for (const document of [small, many]) {
        let lenses = (await session.codeLenses(document)) ?? [];
        while (lenses.length === 0) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          lenses = (await session.codeLenses(document)) ?? [];
        }
        assert.ok(lenses.length > 0);
        const resolved = await Promise.all(lenses.map((lens) => session.resolveCodeLens(lens)));
        resolved.forEach((lens, i) => {
          assert.ok(lens.command, `lens ${i} of ${document} has a command after resolve`);
          if (lenses[i].command) assert.deepEqual(lens, lenses[i], 'a lens sent with its command comes back as it was');
        });
        const hints = (await session.inlayHints(document)) ?? [];
        const resolvedHints = await Promise.all(hints.map((hint) => session.resolveInlayHint(hint)));
        resolvedHints.forEach((hint, i) => assert.equal(hint.label, hints[i].label));
      }
      // A lens or hint that is not of ours, or that already has what resolve adds, comes back as it was.
      const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
      const foreign = [
        { range },
        { range, data: { something: 'else' } },
        { range, data: [1, 1] },
        { range, command: { title: 'x', command: 'grundy.explainGame', arguments: [] }, data: [1, 1, 0, 0] },
      ];
      for (const lens of foreign) assert.deepEqual(await session.resolveCodeLens(lens), lens);
      const hint = { position: { line: 0, character: 3 }, label: 'x', data: { uri } };
      assert.deepEqual(await session.resolveInlayHint(hint), hint);
      const parts = { position: { line: 0, character: 3 }, label: [{ value: 'x' }], data: 1 };
      assert.deepEqual(await session.resolveInlayHint(parts), parts);
    } finally {
      await session.stop();
    }
  });

  it('a resolve whose params are not a lens or a hint at all is InvalidParams', async () => {
    const { session } = await LanguageServerSession.inProcess();
    try {
      await session.open(uri, text);
      await assert.rejects(
        session.resolveInlayHint({ label: 'x' } as unknown as InlayHint),
        /params\.position must be/,
      );
      await assert.rejects(
        session.resolveInlayHint({ position: { line: 0, character: 0 }, label: 3 } as unknown as InlayHint),
        /params\.label must be/,
      );
      await assert.rejects(session.resolveCodeLens({ data: [1, 1, 0, 0] } as never), /params\.range must be/);
    } finally {
      await session.stop();
    }
  });
});
