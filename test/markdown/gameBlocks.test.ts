// ```game blocks rendered by the markdown-it plugin (server/src/markdown/), on a real markdown-it: the values agree
// with the engine (and with Bouton's XOR, worked out here), the text is escaped, a block with errors shows them, other
// fences are untouched, and what is past the preview's limits of work says so instead of taking its time.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import { reportGames } from '../../server/src/analysis/gameReport';
import { star } from '../../server/src/analysis/wording';
import { analyzeText } from '../../server/src/language/analyze';
import { GameBlockRenderer, MAX_SHOWN_GAMES, PREVIEW_LIMITS, TOO_LARGE } from '../../server/src/markdown/gameBlocks';
import { gameMarkdownPlugin, isGameInfo } from '../../server/src/markdown/plugin';
import { repositoryPath } from '../helpers/paths';

const plugged = () => gameMarkdownPlugin(new MarkdownIt());
const block = (text: string, fence = '```game') => `${fence}\n${text}\n${fence.replace(/game.*$/, '').trim()}\n`;

/** HTML entities back to characters, tags out: what a reader of the page sees. */
function shownText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

interface Row {
  name: string;
  value: string;
  winner: string;
  moves: string;
}

/** The games table's rows, as text. */
function rows(html: string): Row[] {
  return [...html.matchAll(/<tr[^>]*><td>(.*?)<\/td><td>(.*?)<\/td><td>(.*?)<\/td><td>(.*?)<\/td><\/tr>/g)].map(
    ([, name, value, winner, moves]) => ({
      name: shownText(name),
      value: shownText(value),
      winner: shownText(winner),
      moves: shownText(moves),
    }),
  );
}

describe('Markdown: game blocks in the preview', () => {
  it('nim 3 4 5 is *2, a first player win, by nim 3 → 1; a P-position is a second player win', () => {
    const html = plugged().render(block('game g = nim 3 4 5\ngame p = nim 1 2 3'));
    assert.deepEqual(rows(html), [
      { name: 'g', value: '*2', winner: 'first player wins', moves: 'nim 3 → 1' },
      { name: 'p', value: '0', winner: 'second player wins', moves: 'every move loses' },
    ]);
  });

  it("a graph with cycles: Smith's values; a win, a loss, and a draw with the move that keeps it; no problem", () => {
    const loops = 'graph loops {\n  a -> a, e\n  b -> c, e\n  c -> b\n}\n';
    const html = plugged().render(
      block(`${loops}game g1 = loops at a\ngame g2 = loops at c\ngame g4 = loops at a + nim 1`),
    );
    assert.deepEqual(rows(html), [
      { name: 'g1', value: '∞(0)', winner: 'first player wins', moves: 'loops a → e' },
      { name: 'g2', value: '0', winner: 'second player wins', moves: 'every move loses' },
      { name: 'g4', value: '∞(1)', winner: 'a draw', moves: 'keep it: loops a → a' },
    ]);
    assert.doesNotMatch(html, /grundy-problems/, 'a hint is no problem');
  });

  it("rules of one's own: the contract's game is 7, a split's and a queen's moves written as in the editor", () => {
    const rules =
      'rule half = moves n -> n - k for k in 1..n / 2\nrule split2 = moves n -> [a, n - a] for a in 1..(n - 1) / 2\n' +
      'rule corner = moves (x, y) -> (x - k, y) for k in 1..x | (x, y - k) for k in 1..y\n' +
      '  | (x - k, y - k) for k in 1..min(x, y)\n';
    const html = plugged().render(block(`${rules}game g = half 10\ngame s = split2 8\ngame q = corner (4, 7)`));
    assert.deepEqual(rows(html), [
      { name: 'g', value: '*5', winner: 'first player wins', moves: 'half 10 → 7' },
      { name: 's', value: '*2', winner: 'first player wins', moves: 'split2 8 → 1 7' },
      { name: 'q', value: '0', winner: 'second player wins', moves: 'every move loses' },
    ]);
    assert.doesNotMatch(html, /grundy-problems/);
  });

  it('boards and graph games: their values and moves written as in the editor (theorems worked out here)', () => {
    // Two rows shorter by one are 0 (Gale); an L is Nim on its arms, 6 ⊕ 2; a Cram row is Dawson's Kayles,
    // G(3) ⊕ G(6) = 1 ⊕ 3; Node Kayles on a path of 3 is Dawson's chess, G(3) = 2, won by taking the middle.
    const games =
      'game two = chomp [3, 2]\ngame l = chomp [7, 1, 1]\ngame c = cram ["...#......"]\n' +
      'game k = node-kayles { a - b, b - c }';
    const html = plugged().render(block(games));
    assert.deepEqual(rows(html), [
      { name: 'two', value: '0', winner: 'second player wins', moves: 'every move loses' },
      { name: 'l', value: '*4', winner: 'first player wins', moves: 'chomp [7, 1, 1] → [3, 1, 1]' },
      { name: 'c', value: '*2', winner: 'first player wins', moves: rows(html)[2]?.moves ?? '' },
      { name: 'k', value: '*2', winner: 'first player wins', moves: 'node-kayles: take b' },
    ]);
    assert.match(rows(html)[2].moves, /^cram: fill \(1, 6\) \(1, 7\).*, cram: fill \(1, 8\) \(1, 9\)/);
    assert.doesNotMatch(html, /grundy-problems/);
  });

  it("Nim's values are Bouton's XOR, worked out here, and its winning moves are counted", () => {
    const md = plugged();
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 40; i++) {
      const heaps = Array.from({ length: 1 + random(4) }, () => random(40));
      const xor = heaps.reduce((a, b) => a ^ b, 0);
      // A winning move makes a heap h into h XOR xor, which must be smaller.
      const winning = xor === 0 ? 0 : heaps.filter((h) => (h ^ xor) < h).length;
      const [row] = rows(md.render(block(`game g = nim ${heaps.join(' ')}`)));
      assert.equal(row.value, xor === 0 ? '0' : `*${xor}`, heaps.join(' '));
      assert.equal(row.winner, xor === 0 ? 'second player wins' : 'first player wins', heaps.join(' '));
      const listed = row.moves === 'every move loses' ? 0 : row.moves.split(', ').filter((m) => m.includes('→'));
      const more = /and (\d+) more/.exec(row.moves);
      assert.equal((listed === 0 ? 0 : listed.length) + (more ? Number(more[1]) : 0), winning, heaps.join(' '));
    }
  });

  it("every game of examples/notes.md agrees with the engine's report of it, in the editor's words", () => {
    const notes = readFileSync(repositoryPath('examples', 'notes.md'), 'utf8');
    const md = new MarkdownIt();
    const blocks = md.parse(notes, {}).filter((t) => t.type === 'fence' && isGameInfo(t.info));
    assert.ok(blocks.length >= 5, 'notes.md has a block per section');
    const html = plugged().render(notes);
    const shown = rows(html);
    let i = 0;
    let tooLarge = 0;
    for (const { content } of blocks) {
      const document = analyzeText(content);
      assert.deepEqual(document.diagnostics, [], content);
      const limits = { budget: { maxValues: PREVIEW_LIMITS.values }, quotientWork: PREVIEW_LIMITS.quotientWork };
      for (const report of reportGames(document, { maxMoves: 3, ...limits })) {
        const row = shown[i++];
        assert.equal(row.name, report.game.name);
        const result = report.result;
        if (row.winner === TOO_LARGE) {
          assert.equal(result?.outcome ?? null, null, `${row.name}: the engine within the same limits is as stuck`);
          tooLarge++;
          continue;
        }
        assert.ok(result?.outcome, `${row.name}: the engine knows it too`);
        assert.equal(row.winner, result.outcome === 'N' ? 'first player wins' : 'second player wins', row.name);
        if (result.nimber !== null) assert.equal(row.value, star(result.nimber), row.name);
        else assert.equal(row.value, `misère ${result.outcome}`, row.name);
        if (result.outcome === 'N')
          for (const move of report.winningMoves)
            assert.ok(row.moves.includes(move.label), `${row.name}: ${move.label}`);
      }
    }
    assert.equal(i, shown.length, 'one row per game');
    // The last section's heap of 10^18 under Officers, whose period nobody knows.
    assert.equal(tooLarge, 1);
    assert.equal(shown.at(-1)?.name, 'far');
  });

  it('HTML in a block is text: a <script> in a game line, a comment or a row never becomes markup', () => {
    const text = [
      'game g = nim 3 <script>alert(1)</script>',
      'game h = nim 2   # <img src=x onerror="alert(2)"> & more',
      'game k = kayles "X<b>X"',
    ].join('\n');
    const html = plugged().render(block(text));
    assert.doesNotMatch(html, /<script|<img|<b>/i);
    assert.match(html, /&#60;script&#62;/);
    // The code reads as written.
    const code = /<pre class="grundy-code"><code[^>]*>([\s\S]*?)<\/code><\/pre>/.exec(html)?.[1] ?? '';
    assert.equal(shownText(code), `${text}\n`);
    // The valid game is still computed; the others say why not.
    const [g, h, k] = rows(html);
    assert.equal(g.winner, 'not computed: the game has errors');
    assert.equal(h.value, '*2');
    assert.equal(k.winner, 'not computed: the game has errors');
  });

  it("a block with errors shows its diagnostics, the front end's own words, and does not throw", () => {
    const text = 'rule r = subtract {1, 2}\ngame g = rr 3\ngame h = r 4';
    const html = plugged().render(block(text));
    const errors = analyzeText(text).diagnostics.filter((d) => d.severity === 'error');
    assert.ok(errors.length > 0);
    const problems = [...html.matchAll(/<li class="grundy-error">(.*?)<\/li>/g)].map((m) => shownText(m[1]));
    assert.equal(problems.length, errors.length);
    // Code marks as code: `rr` is <code>rr</code>.
    assert.equal(problems[0], `error on line 2, column 10: ${errors[0].message.replace(/`/g, '')}`);
    assert.match(html, /<code>rr<\/code>/);
    assert.deepEqual(
      rows(html).map((row) => [row.name, row.value, row.winner]),
      [
        ['g', '', 'not computed: the game has errors'],
        ['h', '*1', 'first player wins'],
      ],
    );
  });

  it('nonsense and half blocks render without throwing', () => {
    const md = plugged();
    for (const text of ['', '\u0000\u0001', 'game', 'graph g {', 'rule = = =', '"""', '}{', 'game g = nim 1e99'])
      assert.match(md.render(block(text)), /class="grundy-block"/, JSON.stringify(text));
  });

  it('other fences are untouched, `gamer` included; `~~~ game` is a game block', () => {
    const doc = [
      '```js\nlet a = "<b>";\n```',
      '```gamer\ngame g = nim 1\n```',
      '```\ngame g = nim 1\n```',
      '    game g = nim 1',
      'text',
    ].join('\n\n');
    assert.equal(plugged().render(doc), new MarkdownIt().render(doc));
    assert.deepEqual(rows(plugged().render('~~~ game\ngame g = nim 1\n~~~\n'))[0]?.value, '*1');
  });

  it("keeps the fence token's attributes (VS Code's line numbers) on the block", () => {
    const md = plugged();
    const tokens = md.parse(block('game g = nim 1'), {});
    const fence = tokens.find((t) => t.type === 'fence');
    fence?.attrSet('data-line', '0');
    // VS Code's preview may join `hljs` for a fence's colours: not on a block that holds a table.
    fence?.attrSet('class', 'hljs code-line');
    const html = md.renderer.render(tokens, md.options, {});
    assert.match(html, /^<div class="grundy-block code-line" data-line="0">/);
  });

  it(`a heap of 10^18 under an unproved rule says "${TOO_LARGE}", and why`, () => {
    const html = plugged().render(block('rule officers = octal 0.6\ngame far = officers 1000000000000000000'));
    const [row] = rows(html);
    assert.equal(row.winner, TOO_LARGE);
    assert.equal(row.value, '');
    assert.match(row.moves, /no period proved/);
  });

  it(`misère Officers on many big heaps, and thousands of games, say "${TOO_LARGE}" past the limits`, () => {
    const md = plugged();
    const heaps = Array.from({ length: 40 }, (_, i) => 100_000 + 7919 * i).join(' ');
    const [misere] = rows(md.render(block(`rule officers = octal 0.6\ngame m = misere officers ${heaps}`)));
    assert.equal(misere.winner, TOO_LARGE);
    const many = Array.from({ length: 5000 }, (_, i) => `game g${i} = officers ${10n ** 18n + BigInt(i)}`);
    const html = md.render(block(`rule officers = octal 0.6\n${many.join('\n')}`));
    const shown = rows(html);
    assert.equal(shown.length, MAX_SHOWN_GAMES);
    assert.ok(shown.every((row) => row.winner === TOO_LARGE));
    assert.match(html, new RegExp(`and ${(5000 - MAX_SHOWN_GAMES).toLocaleString('en-US')} more games`));
  });

  it('a game shows the same row alone, beside other blocks, in any order, and on every render', () => {
    const games = [
      'game far = officers 1000000000000000000',
      'game mid = officers 20000',
      'game m = misere kayles 20 30 + nim 5',
      'game d = misere dawson-kayles 25 30 17 29',
      'game w = wythoff (900, 800)',
      'game k = nim 3 4 5 + kayles 70',
    ];
    const rule = 'rule officers = octal 0.6\n';
    const alone = games.map((game) => rows(plugged().render(block(rule + game)))[0]);
    assert.equal(alone[0].winner, TOO_LARGE);
    assert.match(alone[0].moves, /computed up to n = 16,?383/);
    assert.equal(alone[5].value, `*${3 ^ 4 ^ 5 ^ 6}`); // Kayles G(70) = 6, its last exception (OEIS A002186)
    const together = plugged();
    for (const order of [games, [...games].reverse()]) {
      const html = together.render(order.map((game) => block(rule + game)).join('\n'));
      const shown = rows(html);
      for (const row of shown) assert.deepEqual(row, alone[games.findIndex((g) => g.includes(` ${row.name} =`))]);
    }
    // One block holding them all, after the cache has grown every rule further.
    const inOne = rows(together.render(block(rule + games.join('\n'))));
    assert.deepEqual(inOne, alone);
  });

  it('the HTML is kept by block text; a block past the limits says how far it got, the same every time', () => {
    const blocks = new GameBlockRenderer();
    const nim = blocks.render('game g = nim 3 4 5');
    assert.match(nim, /\*2/);
    assert.equal(blocks.render('game g = nim 3 4 5'), nim);
    const text = 'rule officers = octal 0.6\ngame far = officers 1000000000000000000';
    const first = blocks.render(text);
    assert.match(first, /computed up to n = 16,?383/);
    assert.equal(blocks.render(text), first);
    // Another text with the same game is computed anew, to the same limit (the cache may hold more values).
    const again = blocks.render(`${text}\n# again`);
    assert.equal(rows(again).length, 1);
    assert.deepEqual(rows(again), rows(first));
    // Through markdown-it: a fence's content ends with its last line's newline.
    const md = gameMarkdownPlugin(new MarkdownIt(), blocks);
    const fenced = blocks.render(`${text}\n`);
    assert.equal(md.render(block(text)), md.render(block(text)));
    assert.ok(md.render(block(text)).includes(fenced));
  });
});
