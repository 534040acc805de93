// `grundy.explainGameMarkdown`: a game's whole explanation as Markdown, over the wire (the server
// lists and executes it; its argument checked), and what it holds: the game's hover with the XOR
// table, then each component's working (a heap's options and mex, a token's successors), bounded.
import * as assert from 'node:assert/strict';
import { explanationMarkdown } from '../../server/src/features/explanation';
import { EXPLAIN_GAME_MARKDOWN_COMMAND } from '../../server/src/protocol';
import { viewOf } from '../helpers/features';
import { LanguageServerSession } from '../helpers/languageServer';

const source = [
  'rule onetwo = subtract {1, 2}',
  'graph g {',
  '  a -> b, c',
  '  b -> d',
  '  c -> d, e',
  '  d -> e',
  '}',
  'game mixed = onetwo 3 4 4 + kayles 4 + g at a, c',
  'game last = misere nim 1 1 1',
  '',
].join('\n');

function explained(text: string, name: string): string {
  const view = viewOf(text);
  const game = view.document.model.games.find((g) => g.name === name)!;
  return explanationMarkdown(view, game);
}

describe('the explanation of a game, as Markdown', () => {
  it("the game's hover, then each component's working", () => {
    const markdown = explained(source, 'mixed');
    const phrases = [
      '**game `mixed`**',
      '```\n   0 = 00   onetwo 3 4 4\n  *1 = 01   kayles 4\n  *3 = 11   g at a, c\n⊕ -------\n  *2 = 10\n```',
      "The total's highest bit, 2, is set in `g at a, c` (value `*3`)",
      '## `onetwo 3 4 4`',
      '### heap of 3',
      'Working: options: `2` `*2`, `1` `*1` — values {1, 2}; mex = 0, so `0`.',
      '### heap of 4',
      'mex = 1, so `*1`.',
      '## `kayles 4`',
      '### heap of 4',
      '`2+1` `*2 ⊕ *1 = *3`',
      '## `g at a, c`',
      '### token on `a`',
      'nimber **`*1`**: options: `b` `0`, `c` `*2` — values {0, 2}; mex = 1, so `*1`.',
      '### token on `c`',
    ];
    let from = 0;
    for (const phrase of phrases) {
      const at = markdown.indexOf(phrase, from);
      assert.ok(at >= 0, `missing (in order) ${JSON.stringify(phrase)} in:\n${markdown}`);
      from = at + phrase.length;
    }
    // Equal heaps are explained once.
    assert.equal(markdown.split('### heap of 4').length - 1, 2);
  });

  it("a drawn game on a graph with cycles: Smith's value, the moves that keep the draw, each token's working", () => {
    const loops = 'graph loops {\n  a -> a, e\n  b -> c, e\n  c -> b\n}\ngame g4 = loops at a, b + nim 0\n';
    const markdown = explained(loops, 'g4');
    const phrases = [
      '**game `g4`**',
      "value **∞(1)** (Smith's)",
      'a draw',
      'Remoteness ∞',
      'Moves that keep the draw',
      '### token on `a`',
      "value **∞(0)** (Smith's: the graph has cycles)",
      'options: `a` ∞(0), `e` 0.',
      'wins, moving to `e` (value 0)',
      '### token on `b`',
      'value ***1**',
      'options: `c` 0, `e` 0.',
    ];
    let from = 0;
    for (const phrase of phrases) {
      const at = markdown.indexOf(phrase, from);
      assert.ok(at >= 0, `missing (in order) ${JSON.stringify(phrase)} in:\n${markdown}`);
      from = at + phrase.length;
    }
  });

  it('a misère game: the theory that decided it, no XOR', () => {
    const markdown = explained(source, 'last');
    assert.match(markdown, /Decided by misère Nim/);
    assert.doesNotMatch(markdown, /```|mex/);
  });

  it('bounded: 16 components, 16 heaps each, the rest counted', () => {
    const many = Array.from({ length: 30 }, (_, i) => `nim ${i + 1}`).join(' + ');
    assert.match(explained(`game w = ${many}\n`, 'w'), /… and 14 more components, not explained here/);
    const heaps = Array.from({ length: 40 }, (_, i) => i + 1).join(' ');
    const markdown = explained(`game w = nim ${heaps}\n`, 'w');
    assert.equal(markdown.split('### heap of').length - 1, 16);
    assert.match(markdown, /… and 24 more heaps, not explained here/);
  });

  describe('over the wire', () => {
    let session: LanguageServerSession;
    let listed: string[] = [];
    const uri = 'file:///explain/mixed.game';
    before(async () => {
      const started = await LanguageServerSession.inProcess();
      session = started.session;
      listed = started.initialize.capabilities.executeCommandProvider?.commands ?? [];
      await session.open(uri, source);
      await session.settledCodeLenses(uri);
    });
    after(async () => {
      await session?.stop();
    });

    it('the server lists the command, and answers the Markdown for a game by name or by position', async () => {
      assert.ok(listed.includes(EXPLAIN_GAME_MARKDOWN_COMMAND), listed.join(', '));
      const byName = await session.executeCommand(EXPLAIN_GAME_MARKDOWN_COMMAND, [{ uri, game: 'mixed' }]);
      assert.equal(typeof byName, 'string');
      assert.match(String(byName), /^\*\*game `mixed`\*\*/);
      assert.match(String(byName), /### heap of 3/);
      const line = source.split('\n').findIndex((l) => l.startsWith('game mixed'));
      const byPosition = await session.executeCommand(EXPLAIN_GAME_MARKDOWN_COMMAND, [
        { uri, position: { line, character: 20 } },
      ]);
      assert.equal(byPosition, byName);
    });

    it('refuses what is not a game, and malformed arguments', async () => {
      await assert.rejects(
        session.executeCommand(EXPLAIN_GAME_MARKDOWN_COMMAND, [{ uri, game: 'nothing' }]),
        /There is no game `nothing`/,
      );
      await assert.rejects(
        session.executeCommand(EXPLAIN_GAME_MARKDOWN_COMMAND, [{ uri, position: { line: 1, character: 3 } }]),
        /The cursor is not in a game/,
      );
      await assert.rejects(
        session.executeCommand(EXPLAIN_GAME_MARKDOWN_COMMAND, [{ uri: 'file:///not/open.game', game: 'mixed' }]),
        /The document is not open/,
      );
      for (const bad of [undefined, {}, { uri }, { uri, game: 3 }, { uri, position: { line: -1, character: 0 } }])
        await assert.rejects(
          session.executeCommand(EXPLAIN_GAME_MARKDOWN_COMMAND, [bad]),
          /grundy.explainGameMarkdown/,
        );
    });
  });
});
