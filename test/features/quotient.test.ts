// The explorer's misère request (QuotientRequest), in process: the quotient's presentation, its
// P-portion, the pretending function read past the computed heaps by the proved period, the
// multiplication table (a monoid: associative, commutative, identity first), the genus per heap,
// a rule found by position, refusals.
import * as assert from 'node:assert/strict';
import { type QuotientAnswer, QuotientRequest } from '../../server/src/protocol';
import { LanguageServerSession } from '../helpers/languageServer';

const uri = 'file:///quotient.game';
const text = ['rule r8 = octal 0.75', 'rule broken = subtract {0', 'game g = r8 5 + kayles 7', ''].join('\n');

type Known = Exclude<QuotientAnswer, { refused: string }>;
function known(answer: QuotientAnswer): Known {
  assert.ok(!('refused' in answer), JSON.stringify(answer).slice(0, 200));
  return answer;
}

describe('the misère quotient request (the explorer)', function () {
  this.timeout(60_000);
  let session: LanguageServerSession;
  before(async () => {
    ({ session } = await LanguageServerSession.inProcess());
    await session.open(uri, text);
  });
  after(() => session.stop());
  const ask = (params: Record<string, unknown>) =>
    session.request(QuotientRequest, { textDocument: { uri }, ...params });

  it('0.75: R8, its table a commutative monoid with the identity first, Φ read past the computed heaps', async () => {
    const answer = known(await ask({ rule: 'r8', upTo: 200 }));
    assert.equal(answer.size, 8);
    assert.equal(answer.tame, false);
    assert.deepEqual(
      answer.pPortion.map((x) => answer.elements[x]),
      ['a', 'b²'],
    );
    assert.equal(answer.period?.proved, true);
    assert.ok(answer.heaps < 200);
    assert.equal(answer.pretending.length, 201);
    assert.ok(answer.pretending.every((x) => x >= 0 && x < 8));
    const { period } = answer;
    for (let n = period!.start; n + period!.period <= 200; n++)
      assert.equal(answer.pretending[n + period!.period], answer.pretending[n]);
    const table = answer.table!;
    const m = answer.size;
    for (let x = 0; x < m; x++) {
      assert.equal(table[x], x); // 1·x = x
      for (let y = 0; y < m; y++) {
        assert.equal(table[x * m + y], table[y * m + x]);
        for (let z = 0; z < m; z++) assert.equal(table[table[x * m + y] * m + z], table[x * m + table[y * m + z]]);
      }
    }
    assert.equal(answer.genus.length, 25); // heaps 0..24
    assert.equal(answer.genus[0].symbol, '0^(120)');
    assert.equal(answer.genus[1].symbol, '1^(031)');
    assert.match(answer.status, /8 elements, 2 of them P; wild\. The same for every heap/);
  });

  it('Kayles, found by position: 40 elements, its generators, and tame genus for its first heaps', async () => {
    const answer = known(await ask({ position: { line: 2, character: 16 }, upTo: 30 }));
    assert.equal(answer.rule, 'kayles');
    assert.equal(answer.size, 40);
    assert.ok(answer.table);
    assert.equal(answer.generators.map((g) => g.heap).join(' '), '1 2 5 9 12 25 27');
    assert.ok(answer.genus.slice(0, 5).every((g) => g.tame));
  });

  it('refusals: no such rule, a rule with errors, nothing under the cursor', async () => {
    const none = await ask({ rule: 'nope' });
    assert.ok('refused' in none && /no rule `nope`/.test(none.refused));
    const broken = await ask({ rule: 'broken' });
    assert.ok('refused' in broken && /has errors/.test(broken.refused));
    const nothing = await ask({ position: { line: 3, character: 0 } });
    assert.ok('refused' in nothing);
  });
});
