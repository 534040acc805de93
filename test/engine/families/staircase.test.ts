// Staircase Nim (contract version 3), engine side: the odd-steps rule and every winning move
// against plain search over positions (mex over every move of every step), and staircases of
// any size played by the rule alone.
import * as assert from 'node:assert/strict';
import { staircaseAfter, staircaseMovesTo, staircaseNimber } from '../../../server/src/engine/families/staircase';
import { mex } from '../oracles/oracles';
import { random } from '../oracles/random';

/** Every position one move away: `count` coins from one step to the one below (off from step 1). */
function plainOptions(coins: readonly number[]): number[][] {
  const options: number[][] = [];
  coins.forEach((c, step) => {
    for (let count = 1; count <= c; count++)
      options.push(coins.map((x, i) => (i === step ? x - count : i === step - 1 ? x + count : x)));
  });
  return options;
}

/** G by search: mex over every option (no odd-steps rule). */
function searchNimber(coins: readonly number[], memo: Map<string, number>): number {
  const key = coins.join(',');
  const known = memo.get(key);
  if (known !== undefined) return known;
  const g = mex(plainOptions(coins).map((option) => searchNimber(option, memo)));
  memo.set(key, g);
  return g;
}

describe('classics: Staircase Nim', () => {
  it('the odd steps rule agrees with search for every staircase of up to 4 steps of up to 4 coins', () => {
    const memo = new Map<string, number>();
    let checked = 0;
    for (let length = 0; length <= 4; length++) {
      for (let code = 0; code < 5 ** length; code++) {
        const coins = Array.from({ length }, (_, i) => Math.floor(code / 5 ** i) % 5);
        assert.equal(staircaseNimber(coins.map(BigInt)), BigInt(searchNimber(coins, memo)), `[${coins}]`);
        checked++;
      }
    }
    assert.equal(checked, 1 + 5 + 25 + 125 + 625);
    // The contract: [3, 0, 5, 2] is 3 ⊕ 5 = 6.
    assert.equal(staircaseNimber([3n, 0n, 5n, 2n]), 6n);
  });

  it('moves to each target are exactly the options of that value, found by search', () => {
    const memo = new Map<string, number>();
    const next = random(301);
    for (let trial = 0; trial < 400; trial++) {
      const coins = Array.from({ length: Math.floor(next() * 6) }, () => Math.floor(next() * 5));
      for (let target = 0; target < 8; target++) {
        const expected = plainOptions(coins)
          .filter((option) => searchNimber(option, memo) === target)
          .map((option) => option.join(','))
          .sort();
        const found = staircaseMovesTo(coins.map(BigInt), BigInt(target))
          .map((move) => staircaseAfter(coins.map(BigInt), move).join(','))
          .sort();
        assert.deepEqual(found, expected, `[${coins}] to ${target}`);
      }
    }
  });

  it('staircases of any size: a winning move reaches nimber 0, and coins never go below 0', () => {
    const next = random(302);
    for (let trial = 0; trial < 200; trial++) {
      const coins = Array.from(
        { length: 1 + Math.floor(next() * 40) },
        () => BigInt(Math.floor(next() * 1e15)) * 10n ** BigInt(Math.floor(next() * 30)),
      );
      const moves = staircaseMovesTo(coins, 0n);
      assert.equal(moves.length > 0, staircaseNimber(coins) !== 0n);
      for (const move of moves) {
        const after = staircaseAfter(coins, move);
        assert.equal(staircaseNimber(after), 0n);
        assert.ok(after.every((c) => c >= 0n) && move.count > 0n);
      }
    }
  });
});
