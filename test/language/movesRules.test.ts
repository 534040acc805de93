// Rules of one's own through the front end (`rule NAME = moves VARS -> CLAUSE | …`): the contract's
// examples read and mean what they say, checked against brute force written here from the rules'
// plain meaning (half, proper divisors, Grundy's game, Wythoff's queen), not from the engine; the
// lexer's expression mode; rules over several lines; and terms nested too deep refused with a
// diagnostic, never a crash.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gameInput } from '../../server/src/analysis/gameReport';
import { analyzeGame } from '../../server/src/engine/game';
import { analyzeText } from '../../server/src/language/analyze';
import type { RuleDeclaration } from '../../server/src/language/ast';
import { MAX_TERM_DEPTH } from '../../server/src/language/movesBody';
import { repositoryPath } from '../helpers/paths';

const contract = readFileSync(repositoryPath('test', 'fixtures', 'valid', 'contract-v4-moves.game'), 'utf8');

/** G(n) by plain recursion with a memo over a heap's options. */
function heapValues(options: (n: number) => number[][], upTo: number): number[] {
  const values: number[] = [];
  for (let n = 0; n <= upTo; n++) {
    const seen = new Set(options(n).map((parts) => parts.reduce((x, p) => x ^ values[p], 0)));
    let mex = 0;
    while (seen.has(mex)) mex++;
    values.push(mex);
  }
  return values;
}

const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
const half = heapValues((n) => range(1, Math.floor(n / 2)).map((k) => [n - k]), 40);
const divs = heapValues((n) => range(1, n - 1).flatMap((d) => (n % d === 0 ? [[n - d]] : [])), 40);
const grundy = heapValues((n) => range(1, Math.floor((n - 1) / 2)).map((a) => [a, n - a]), 40);

function queen(x: number, y: number, memo = new Map<string, number>()): number {
  const key = `${x},${y}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const seen = new Set<number>();
  for (let k = 1; k <= x; k++) seen.add(queen(x - k, y, memo));
  for (let k = 1; k <= y; k++) seen.add(queen(x, y - k, memo));
  for (let k = 1; k <= Math.min(x, y); k++) seen.add(queen(x - k, y - k, memo));
  let mex = 0;
  while (seen.has(mex)) mex++;
  memo.set(key, mex);
  return mex;
}

function analyzed(text: string, name: string) {
  const document = analyzeText(text);
  const game = document.model.games.find((g) => g.name === name);
  assert.ok(game, `no game ${name}`);
  return analyzeGame(gameInput(game), { maxMoves: 1000 });
}

describe("rules of one's own through the front end", () => {
  it("the contract's examples: mine = half 10 + divs 12 + split2 7 + corner (3, 5) = 5 ⊕ 2 ⊕ 0 ⊕ 0 = 7", () => {
    assert.deepEqual(analyzeText(contract).diagnostics, []);
    const mine = analyzed(contract, 'mine');
    assert.deepEqual(
      mine.components.map((c) => c.nimber),
      [BigInt(half[10]), BigInt(divs[12]), BigInt(grundy[7]), BigInt(queen(3, 5))],
    );
    assert.deepEqual([half[10], divs[12], grundy[7], queen(3, 5)], [5, 2, 0, 0]);
    assert.equal(mine.nimber, 7n);
  });

  it('every winning move of mine is a move to a position of nim-sum 0, and every such move is listed', () => {
    const mine = analyzed(contract, 'mine');
    // By brute force: each component's options, the sum after each.
    const parts = [half[10], divs[12], grundy[7], queen(3, 5)];
    const total = parts.reduce((x, g) => x ^ g, 0);
    const expected: string[] = [];
    for (const k of range(1, 5)) if ((total ^ parts[0] ^ half[10 - k]) === 0) expected.push(`0:${10 - k}`);
    for (const d of range(1, 11))
      if (12 % d === 0 && (total ^ parts[1] ^ divs[12 - d]) === 0) expected.push(`1:${12 - d}`);
    for (const a of range(1, 3))
      if ((total ^ parts[2] ^ grundy[a] ^ grundy[7 - a]) === 0) expected.push(`2:${a},${7 - a}`);
    const corner: [number, number][] = [
      ...range(1, 3).map((k): [number, number] => [3 - k, 5]),
      ...range(1, 5).map((k): [number, number] => [3, 5 - k]),
      ...range(1, 3).map((k): [number, number] => [3 - k, 5 - k]),
    ];
    for (const [x, y] of corner) if ((total ^ parts[3] ^ queen(x, y)) === 0) expected.push(`3:${x},${y}`);
    const listed = mine.winningMoves.map(({ component, move }) => {
      if (move.kind === 'heap') return `${component}:${move.leaves.join(',')}`;
      if (move.kind === 'moves-tuple') return `${component}:${move.leaves.map((p) => p.join(',')).join(' ')}`;
      return `${component}:${move.kind}`;
    });
    assert.deepEqual(listed.sort(), expected.sort());
    assert.ok(expected.length > 0);
  });

  it('a rule goes on over lines that start with `|`, and means what it means on one line', () => {
    const queenGame = analyzed(contract, 'q');
    assert.deepEqual(queenGame.components[0].parts, [queen(3, 5), queen(2, 2)].map(BigInt));
    const rule = analyzeText(contract).file.declarations.find(
      (d): d is RuleDeclaration => d.kind === 'rule' && d.name?.text === 'queen',
    );
    assert.equal(rule?.body?.kind, 'moves');
    if (rule?.body?.kind === 'moves') assert.equal(rule.body.clauses.length, 3);
  });

  it('inside a rule `n-k` is n minus k; outside it a hyphen joins a name', () => {
    const text = 'rule r = moves n -> n-k for k in 1..n/2\ngame g = r 10 + dawson-kayles 4';
    const document = analyzeText(text);
    assert.deepEqual(document.diagnostics, []);
    const game = analyzed(text, 'g');
    assert.equal(game.components[0].nimber, BigInt(half[10]));
  });

  it('a rule that breaks well-foundedness: no value, and the reason names the position and the option', () => {
    const game = analyzed('rule up = moves n -> n + 1 - 1\ngame g = up 3', 'g');
    assert.equal(game.nimber, null);
    assert.match(game.components[0].reason ?? '', /the option 0 of position 0 is not smaller than it/);
  });

  it(`terms nested past ${MAX_TERM_DEPTH} levels get a diagnostic, however deep, and nothing crashes`, () => {
    const deep = 100_000;
    const cases = [
      `rule p = moves n -> ${'('.repeat(deep)}n${')'.repeat(deep)} - 1`,
      `rule u = moves n -> n - ${'- '.repeat(deep)}1`,
      `rule s = moves n -> n${' + 1'.repeat(deep)}`,
      `rule c = moves n -> n - 1 if ${'not '.repeat(deep)}n > 1`,
      `rule b = moves n -> ${'['.repeat(deep)}n${']'.repeat(deep)}`,
    ];
    for (const text of cases) {
      const diagnostics = analyzeText(`${text}\ngame g = nim 1`).diagnostics;
      assert.equal(diagnostics.length, 1, text.slice(0, 40));
      assert.match(diagnostics[0].message, /nests more than 200 operations deep/);
    }
    // Just under the limit: read, and computed.
    const fine = `rule f = moves n -> ${'('.repeat(50)}n - 1${')'.repeat(50)}\ngame g = f 4`;
    assert.deepEqual(analyzeText(fine).diagnostics, []);
    assert.equal(analyzed(fine, 'g').nimber, 0n);
  });
});
