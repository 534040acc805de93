// ```game blocks of misère sums of several rules (issue 44) in the Markdown preview: each small mixed game's winner
// is what a misère brute force from the rules says (test/helpers/misereBrute.ts, no engine code), and each listed
// winning move leaves a game the brute force says is lost; a sum past the preview's budget says so, with how far
// the quotient got, and later renders resume it.
import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { reportGame } from '../../server/src/analysis/gameReport';
import { createEngineCache } from '../../server/src/engine';
import type { HeapRule } from '../../server/src/engine/types';
import { analyzeText } from '../../server/src/language/analyze';
import { GameBlockRenderer, TOO_LARGE } from '../../server/src/markdown/gameBlocks';
import { gameMarkdownPlugin } from '../../server/src/markdown/plugin';
import { type BruteHeap, MisereBrute } from '../helpers/misereBrute';

const RULES: Record<string, HeapRule> = {
  kayles: { kind: 'octal', digits: [0, 7, 7] },
  nim: { kind: 'subtractAllExcept', except: [] },
  onetwo: { kind: 'subtract', set: [1n, 2n] },
  dawson: { kind: 'octal', digits: [0, 1, 3, 7] },
};

/** Every misère sum of heaps of two or three of RULES written in: `misere kayles 4 5 + nim 2 3`. */
const GAMES: Record<string, string> = {
  m1: 'misere kayles 4 5 + nim 2 3',
  m2: 'misere kayles 3 + nim 1 2',
  m3: 'misere onetwo 4 + nim 1 3',
  m4: 'misere kayles 2 6 + onetwo 5 + nim 1',
  m5: 'misere kayles 7 + nim 1 1',
  m6: 'misere dawson 5 6 + nim 2',
  m7: 'misere dawson 3 + kayles 4 + onetwo 3',
  m8: 'misere kayles 1 + nim 1',
  m9: 'misere kayles 1 + nim 1 + onetwo 1',
  m10: 'misere kayles 2 + nim 2',
};

type Sum = { rule: string; heaps: number[] }[];

function parse(text: string): Sum {
  return text
    .replace(/^misere\s+/, '')
    .split('+')
    .map((part) => {
      const [rule, ...sizes] = part.trim().split(/\s+/);
      return { rule, heaps: sizes.map(Number) };
    });
}

const heapsOf = (sum: Sum): BruteHeap[] =>
  sum.flatMap(({ rule, heaps }) => heaps.map((size) => ({ rule: RULES[rule], size })));

/** A listed move `kayles 6 → 2 3` played on `sum`: the first heap of 6 under kayles becomes heaps of 2 and 3. */
function played(sum: Sum, move: string): Sum {
  const found = /^(\w+) (\d+) → ([\d ]+)$/.exec(move.trim());
  assert.ok(found, `not a heap move: ${move}`);
  const [, rule, from, to] = found;
  let done = false;
  const after = sum.map((part) => {
    const at = part.rule === rule && !done ? part.heaps.indexOf(Number(from)) : -1;
    if (at < 0) return part;
    done = true;
    const left = to.split(' ').map(Number);
    return { rule, heaps: [...part.heaps.slice(0, at), ...left, ...part.heaps.slice(at + 1)] };
  });
  assert.ok(done, `${move}: no heap of ${from} under ${rule}`);
  return after;
}

/** Each game's row: its winner, and its listed moves (the texts of the <code> elements in the moves cell). */
function rowsOf(html: string): Map<string, { winner: string; moves: string[]; why: string }> {
  const rows = new Map<string, { winner: string; moves: string[]; why: string }>();
  for (const [, name, winner, cell] of html.matchAll(
    /<tr[^>]*><td><code>(\w+)<\/code><\/td><td>.*?<\/td><td>(.*?)<\/td><td>(.*?)<\/td><\/tr>/g,
  ))
    rows.set(name, {
      winner,
      moves: [...cell.matchAll(/<code[^>]*>(.*?)<\/code>/g)].map(([, move]) => move.replace(/&gt;/g, '>')),
      why: cell.replace(/<[^>]*>/g, ''),
    });
  return rows;
}

const block = (lines: readonly string[]) => `\`\`\`game\nrule onetwo = subtract {1, 2}\n${lines.join('\n')}\n\`\`\`\n`;

describe('Markdown: misère sums of several rules', () => {
  it('each small mixed game: the winner a brute force says, and every listed move leaves a lost game', () => {
    const text = block(Object.entries(GAMES).map(([name, game]) => `game ${name} = ${game}`));
    // The joint quotients grown first, without a budget, in the cache the renderer then reads: what is checked is the
    // preview's path (its rows, winners and listed moves), not how much of a quotient grows in its 100 ms on this
    // machine now (the next test is about that).
    const cache = createEngineCache();
    const document = analyzeText(text.replace(/^```game\n|```\n$/g, ''));
    for (const game of document.model.games) reportGame(document, game, { budget: {}, cache, maxMoves: 3 });
    const md = gameMarkdownPlugin(new MarkdownIt(), new GameBlockRenderer(cache));
    const rows = rowsOf(md.render(text));
    const brute = new MisereBrute();
    let moves = 0;
    for (const [name, game] of Object.entries(GAMES)) {
      const row = rows.get(name);
      assert.ok(row, `${name} has no row`);
      const sum = parse(game);
      const lost = brute.isP(heapsOf(sum));
      assert.equal(row.winner, lost ? 'second player wins' : 'first player wins', `${name} = ${game}`);
      if (lost) assert.match(row.why, /every move loses/, `${name}: ${row.why}`);
      else assert.ok(row.moves.length > 0, `${name}: a won game lists a winning move`);
      for (const move of row.moves) {
        assert.ok(brute.isP(heapsOf(played(sum, move))), `${name} = ${game}: ${move} does not leave a lost game`);
        moves++;
      }
    }
    assert.ok(moves >= 5, `${moves} moves checked`);
    assert.ok(
      [...rows.values()].some((row) => row.winner === 'second player wins'),
      'a lost game among them',
    );
  });

  it(`a mixed sum is decided in the preview as in the editor, or says "${TOO_LARGE}" and why, every time`, () => {
    const text = block(['game big = misere kayles 20 30 + nim 5']);
    const first = rowsOf(gameMarkdownPlugin(new MarkdownIt()).render(text)).get('big');
    assert.ok(first, 'big has a row');
    if (first.winner === TOO_LARGE) assert.match(first.why, /misère quotient of kayles and nim/);
    else {
      assert.equal(first.winner, 'first player wins', JSON.stringify(first));
      assert.equal(first.moves.length, 3, 'three listed, the rest counted');
      assert.match(first.why, /and 2 more/);
    }
    // A renderer whose cache grew the quotient further first (a bigger game) shows the same row.
    const md = gameMarkdownPlugin(new MarkdownIt());
    md.render(block(['game bigger = misere kayles 40 50 + nim 7']));
    assert.deepEqual(rowsOf(md.render(text)).get('big'), first);
    assert.deepEqual(rowsOf(md.render(text)).get('big'), first);
  });
});
