// Chomp in sums (engine/families/chomp.ts): what a board's reason writes of it stays short however big the
// board, since reasons reach hovers and lens titles (a board of 10^5 rows once made a 744 KB hover).
import * as assert from 'node:assert/strict';
import { createEngineCache } from '../../../server/src/engine/components';
import { boardText, chompFamily } from '../../../server/src/engine/families/chomp';

describe('Chomp in sums: reasons', () => {
  it('a small board is written whole; a long one by its ends and its count; a huge row by its digits', () => {
    assert.equal(boardText([5n, 3n, 3n, 1n]), '[5, 3, 3, 1]');
    const rows = Array.from({ length: 100_000 }, (_, i) => BigInt(100_000 - i));
    assert.equal(boardText(rows), '[100000, 99999, 99998, 99997, … (100,000 rows), 4, 3, 2, 1]');
    assert.equal(boardText([10n ** 30n, 1n]), '[(a number of 31 digits), 1]');
  });

  it('the reason of a board of 10^5 rows, or of a row past 2^53 − 1, is a short line', () => {
    const huge = { kind: 'chomp', boards: [Array.from({ length: 100_000 }, () => 3n)] } as const;
    const found = chompFamily.value(huge, {}, createEngineCache());
    const past = chompFamily.value({ kind: 'chomp', boards: [[10n ** 400n]] }, {}, createEngineCache());
    for (const analysis of [found, past]) {
      assert.equal(analysis.nimber, null);
      assert.ok(analysis.reason !== undefined && analysis.reason.length < 400, analysis.reason?.slice(0, 500));
    }
    assert.match(past.reason!, /\(a number of 401 digits\)/);
  });
});
