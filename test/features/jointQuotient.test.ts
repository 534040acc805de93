// The misère view of a set of rules (JointQuotientRequest), in process: the joint quotient of a misère game's rules
// as the document names them; its P-portion and each rule's pretending function decide every small mixed sum as a
// brute force from the rules does; a Nim extent that is the game's; the lens above such games only; refusals; the
// summary other editors are told.
import * as assert from 'node:assert/strict';
import type { HeapRule } from '../../server/src/engine/types';
import {
  EXPLORE_QUOTIENT_COMMAND,
  type JointQuotientAnswer,
  JointQuotientRequest,
  QUOTIENT_DEFAULT_UP_TO,
} from '../../server/src/protocol';
import { MixedMisere, mixedMultisets, positionText } from '../engine/misere/mixedMisere';
import { LanguageServerSession } from '../helpers/languageServer';

const uri = 'file:///joint.game';
const text = [
  'rule onetwo = subtract {1, 2}',
  'game mixed = misere kayles 4 5 + nim 2 3',
  'game tame = misere onetwo 4 + nim 1 3',
  'game single = misere kayles 4 5',
  'game normal = kayles 4 + nim 3',
  'game broken = misere kayles 4 + nope 3',
  '',
].join('\n');

type Known = Exclude<JointQuotientAnswer, { refused: string }>;
function known(answer: JointQuotientAnswer): Known {
  assert.ok(!('refused' in answer), JSON.stringify(answer).slice(0, 300));
  return answer;
}

const KAYLES: HeapRule = { kind: 'octal', digits: [0, 7, 7] };
const NIM: HeapRule = { kind: 'subtractAllExcept', except: [] };
const ONE_TWO: HeapRule = { kind: 'subtract', set: [1n, 2n] };

/**
 * Every multiset of up to `count` heaps to `max` (per rule, in the answer's order): the product of the heaps' images
 * (by the answer's table) is in the P-portion exactly when the brute force says P. Returns how many were checked.
 */
function checkAgainstBruteForce(answer: Known, rules: readonly HeapRule[], max: readonly number[], count: number) {
  const brute = new MixedMisere(rules);
  const table = answer.table!;
  const inP = new Set(answer.pPortion);
  let checked = 0;
  for (const heaps of mixedMultisets(count, max)) {
    let product = 0; // the identity
    for (const [rule, size] of heaps) {
      const image = answer.rules[rule].pretending[size];
      assert.ok(image >= 0, `${answer.rules[rule].rule} heap ${size} has no image`);
      product = table[product * answer.size + image];
    }
    const names = answer.rules.map((r) => r.rule);
    assert.equal(inP.has(product), brute.isP(heaps), positionText(names, heaps));
    checked++;
  }
  return checked;
}

describe('the misère view of a set of rules (joint quotient request)', function () {
  this.timeout(120_000);
  let session: LanguageServerSession;
  before(async () => {
    ({ session } = await LanguageServerSession.inProcess());
    await session.open(uri, text);
  });
  after(() => session.stop());
  const ask = (params: Record<string, unknown>) =>
    session.request(JointQuotientRequest, { textDocument: { uri }, ...params });

  it('kayles and nim (Nim heaps to 3, the game’s): each sum of up to 5 heaps as brute force says', async () => {
    const answer = known(await ask({ game: 'mixed', upTo: 10 }));
    assert.deepEqual(
      answer.rules.map((r) => r.rule),
      ['kayles', 'nim'],
    );
    const nim = answer.rules[1];
    assert.equal(nim.heaps, 3, 'Nim has exactly the game’s heaps');
    assert.deepEqual(nim.pretending.slice(4), Array(7).fill(-1), 'past them, unknown');
    assert.ok(answer.table, 'a small quotient comes with its table');
    const checked = checkAgainstBruteForce(answer, [KAYLES, NIM], [10, 3], 5);
    assert.ok(checked > 3000, `${checked} sums`);
    assert.match(answer.status, /^The misère quotient of kayles and nim: \d+ elements, \d+ of them P; (wild|tame)/);
    assert.ok(answer.generators.every((g) => g.rule === 'kayles' || g.rule === 'nim'));
    assert.equal(answer.version, 1);
  });

  it('a rule named by the document (onetwo), its period proved: heaps past the computed ones decided too', async () => {
    const answer = known(await ask({ game: 'tame', upTo: 40 }));
    const onetwo = answer.rules.find((r) => r.rule === 'onetwo')!;
    assert.ok(onetwo, JSON.stringify(answer.rules.map((r) => r.rule)));
    assert.equal(onetwo.definition.includes('subtract'), true);
    assert.equal(onetwo.period?.proved, true);
    assert.match(onetwo.status, /^Every heap: period 3 from heap/);
    assert.ok(
      onetwo.pretending.every((x) => x >= 0),
      'every heap to 40 has its element',
    );
    assert.equal(answer.tame, true);
    const order = answer.rules.map((r) => (r.rule === 'onetwo' ? ONE_TWO : NIM));
    const max = answer.rules.map((r) => (r.rule === 'onetwo' ? 40 : 3));
    assert.ok(checkAgainstBruteForce(answer, order, max, 3) > 1000);
  });

  it('by position; refusals: one rule, normal play, errors, no such game, nothing under the cursor', async () => {
    const byPosition = known(await ask({ position: { line: 1, character: 8 } }));
    assert.equal(byPosition.game, 'mixed');
    assert.equal(byPosition.rules[0].pretending.length, QUOTIENT_DEFAULT_UP_TO + 1);
    for (const game of ['single', 'normal', 'broken']) {
      const answer = await ask({ game });
      assert.ok('refused' in answer && /not a misère game of heaps of several rules/.test(answer.refused), game);
    }
    const none = await ask({ game: 'nope' });
    assert.ok('refused' in none && /no game `nope`/.test(none.refused));
    const nothing = await ask({ position: { line: 6, character: 0 } });
    assert.ok('refused' in nothing);
    await assert.rejects(ask({ game: 'mixed', upTo: -1 }), /upTo/);
  });

  it('a lens above each misère game of several rules, and the summary other editors are told', async () => {
    const lenses = ((await session.codeLenses(uri)) ?? []).filter(
      (l) => l.command?.command === EXPLORE_QUOTIENT_COMMAND,
    );
    assert.deepEqual(
      lenses.map((l) => [l.range.start.line, l.command?.title]),
      [
        [1, '$(symbol-operator) explore the misère quotient of kayles and nim'],
        [2, '$(symbol-operator) explore the misère quotient of onetwo and nim'],
      ],
    );
    const told = await session.executeCommand(EXPLORE_QUOTIENT_COMMAND, [{ uri, game: 'mixed' }]);
    assert.match(String(told), /^The misère quotient of kayles and nim: \d+ elements.* Generators: a = kayles heap 1/);
    assert.ok(String(told).length < 4000);
  });
});
