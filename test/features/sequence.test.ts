// The explorer's custom request (SequenceRequest) against independent oracles: values by brute
// force (mex over the moves), preperiod, period and proof for known rules (subtract {1, 2} is
// 0 1 2 repeating from 0; Kayles has period 12 from n = 71), values past the computed ones read off
// the proved period, rare and common values of an octal code, a rule found by position,
// cancellation, refusals; the lens above every heap rule and its command in an editor without a
// panel.
import * as assert from 'node:assert/strict';
import { CancellationTokenSource } from 'vscode-jsonrpc';
import { exportText, rowLength } from '../../client/src/explorerMessages';
import { sequenceValues } from '../../server/src/compute/jobs';
import { ruleSequence } from '../../server/src/engine';
import { rareAndCommon } from '../../server/src/features/sequence';
import {
  EXPLORE_SEQUENCE_COMMAND,
  type RuleSequenceAnswer,
  type SequenceAnswer,
  SequenceRequest,
} from '../../server/src/protocol';
import { bruteOctal, bruteSubtraction } from '../engine/oracles/oracles';
import { LanguageServerSession } from '../helpers/languageServer';

type Answered = RuleSequenceAnswer;

const uri = 'file:///sequence.game';
const text = [
  'rule onetwo = subtract {1, 2}',
  'rule squares = subtract {1, 4, 9}',
  'rule officers = octal 0.6',
  'rule broken = subtract {0',
  'game g = onetwo 5 + kayles 7',
  'game w = wythoff (3, 5)',
  'rule corner = moves (x, y) -> (x - k, y) for k in 1..x | (x, y - k) for k in 1..y | (x - k, y - k) for k in 1..x',
  'rule split2 = moves n -> [a, n - a] for a in 1..(n - 1) / 2',
  'rule cube = moves (x, y, z) -> (x - 1, y, z)',
  '',
].join('\n');

function answered(answer: SequenceAnswer): Answered {
  assert.ok('values' in answer, `not a rule's sequence: ${JSON.stringify(answer).slice(0, 200)}`);
  return answer;
}

describe('the nim-sequence request (the explorer)', function () {
  this.timeout(60_000);
  let session: LanguageServerSession;
  before(async () => {
    ({ session } = await LanguageServerSession.inProcess());
    await session.open(uri, text);
  });
  after(() => session.stop());

  const ask = (params: Record<string, unknown>) =>
    session.request(SequenceRequest, { textDocument: { uri }, ...params });

  it('subtract {1, 2}: 0 1 2 repeating from 0, proved by the window; later values from the period', async () => {
    const answer = answered(await ask({ rule: 'onetwo', upTo: 500 }));
    assert.equal(answer.definition, 'subtract {1, 2}');
    assert.equal(answer.family, 'subtract');
    assert.deepEqual(answer.values, bruteSubtraction([1, 2], 501));
    assert.deepEqual(
      {
        preperiod: answer.period?.preperiod,
        period: answer.period?.period,
        saltus: answer.period?.saltus,
        proof: answer.period?.proof,
      },
      { preperiod: 0, period: 3, saltus: 0, proof: 'subtraction-window' },
    );
    assert.match(
      answer.status,
      /^period 3 from the start; proved at n = \d+ by the window theorem for subtraction games\.$/,
    );
    assert.equal(answer.stopped, undefined);
    assert.equal(answer.rareCommon, undefined);
    // The document's version it was made from (the explorer asks again while its text is newer).
    assert.equal(answer.version, session.version(uri));
  });

  it('Kayles: period 12 from n = 71 by Guy–Smith; values equal brute force; rare and common values', async () => {
    const answer = answered(await ask({ rule: 'kayles', upTo: 300 }));
    assert.equal(answer.definition, 'octal 0.77');
    assert.deepEqual(answer.values, bruteOctal([0, 7, 7], 301));
    assert.equal(answer.period?.preperiod, 71);
    assert.equal(answer.period?.period, 12);
    assert.equal(answer.period?.proof, 'guy-smith');
    assert.match(answer.status, /period 12 from n = 71; proved at n = \d+ by the Guy–Smith periodicity theorem/);
    // Kayles' values are all below 16; under the mask 1 (odd values common) its rare heaps are those with even values.
    const split = answer.rareCommon!;
    assert.deepEqual(split, rareAndCommon(answer.values));
    const evenHeaps = answer.values.filter((v) => v % 2 === 0).length;
    assert.ok(
      split.rareHeapCount <= evenHeaps,
      `${split.rareHeapCount} rare heaps under mask ${split.mask}, ${evenHeaps} even values`,
    );
    assert.ok(split.rareValues.includes(0));
    for (const n of split.rareHeaps) assert.ok(split.rareValues.includes(answer.values[n]), `heap ${n}`);
  });

  it('subtract {1, 4, 9} against brute force; a rule found from its declaration or a game using it', async () => {
    const squares = answered(await ask({ rule: 'squares', upTo: 200 }));
    assert.deepEqual(squares.values, bruteSubtraction([1, 4, 9], 201));
    assert.equal(answered(await ask({ position: { line: 1, character: 3 } })).rule, 'squares');
    assert.equal(answered(await ask({ position: { line: 4, character: 10 } })).rule, 'onetwo');
    assert.equal(answered(await ask({ position: { line: 4, character: 21 } })).rule, 'kayles');
    assert.equal(
      answered(await ask({ position: { line: 4, character: 10 } })).values.length,
      1001,
      'the default: G(0) to G(1000)',
    );
  });

  it('an unproved sequence says how far it looked; a cancelled one says it was cancelled', async () => {
    // Officers (0.6) has no known period: to 3,000 there is none.
    const answer = answered(await ask({ rule: 'officers', upTo: 3000 }));
    assert.deepEqual(answer.values.slice(0, 400), bruteOctal([0, 6], 400));
    assert.equal(answer.period, undefined);
    assert.ok(answer.computedUpTo >= 4095, 'a period is looked for past what was asked');
    assert.match(answer.status, /^No period up to n = [\d,]+/);
    const source = new CancellationTokenSource();
    const pending = session.connection.sendRequest(
      SequenceRequest,
      { textDocument: { uri }, rule: 'officers', upTo: 1 << 20 },
      source.token,
    );
    setTimeout(() => source.cancel(), 300);
    // The worker stops and answers with what it has.
    const cancelled = answered(await pending);
    assert.match(cancelled.stopped ?? '', /^Cancelled at n = [\d,]+\.$/);
    assert.ok(cancelled.values.length < (1 << 20) + 1);
    assert.deepEqual(cancelled.values.slice(0, 400), bruteOctal([0, 6], 400));
  });

  it('refusals: no such rule, a rule with errors, not a heap rule, nothing under the cursor; bad params', async () => {
    const refused = async (params: Record<string, unknown>) => {
      const answer = await ask(params);
      assert.ok('refused' in answer, JSON.stringify(params));
      return answer.refused;
    };
    assert.match(await refused({ rule: 'nosuch' }), /no rule `nosuch`/);
    assert.match(await refused({ rule: 'broken' }), /has errors/);
    assert.match(await refused({ rule: 'treblecross' }), /not a heap rule/);
    assert.match(await refused({ position: { line: 9, character: 0 } }), /Put the cursor on a rule/);
    await assert.rejects(ask({}), /a rule \(its name\) or a position/);
    await assert.rejects(ask({ rule: 'onetwo', upTo: -1 }), /params\.upTo must be an integer/);
  });

  it('values past the computed ones are read off the proved period (sequenceValues)', () => {
    for (const [rule, oracle] of [
      [{ kind: 'subtract', set: [2n, 5n, 7n] }, bruteSubtraction([2, 5, 7], 6001)],
      [{ kind: 'octal', digits: [0, 7, 7] }, bruteOctal([0, 7, 7], 6001)],
    ] as const) {
      const proved = ruleSequence(rule, {});
      assert.ok(proved.periodicity && proved.computedUpTo < 6000, `computed to ${proved.computedUpTo}`);
      assert.deepEqual(Array.from(sequenceValues(proved, 6000).values), oracle);
    }
    // All-but: arithmetic periodicity (each period adds a saltus).
    const nim = ruleSequence({ kind: 'subtractAllExcept', except: [] }, {});
    assert.deepEqual(
      Array.from(sequenceValues(nim, 100).values),
      Array.from({ length: 101 }, (_, n) => n),
    );
  });

  it("a rule of one's own: of two variables, its table (corner is Wythoff's game); of one, its sequence", async () => {
    const corner = await ask({ rule: 'corner', upTo: 40 });
    const wythoff = await ask({ rule: 'wythoff', upTo: 40 });
    assert.ok('table' in corner && 'table' in wythoff, JSON.stringify(corner).slice(0, 200));
    assert.equal(corner.family, 'table');
    assert.equal(corner.size, 40);
    assert.deepEqual(corner.table, wythoff.table);
    assert.match(corner.status, /no pattern in it is claimed proved/);
    const split2 = answered(await ask({ rule: 'split2', upTo: 200 }));
    const grundy = answered(await ask({ rule: 'grundy', upTo: 200 }));
    assert.equal(split2.family, 'moves');
    assert.deepEqual(split2.values, grundy.values);
    assert.equal(split2.period, undefined); // never claimed proved
    const cube = await ask({ rule: 'cube' });
    assert.ok('refused' in cube && /positions of 3 numbers/.test(cube.refused), JSON.stringify(cube));
  });

  it("Wythoff's game: G(a, b) against brute force, zeros exactly Wythoff's pairs; found from a component", async () => {
    const answer = await ask({ rule: 'wythoff', upTo: 40 });
    assert.ok('table' in answer, JSON.stringify(answer).slice(0, 200));
    assert.equal(answer.family, 'wythoff');
    assert.equal(answer.size, 40);
    // Brute force: the mex over every move (one heap down, or both by the same amount).
    const width = 41;
    const brute: number[] = [];
    for (let a = 0; a < width; a++)
      for (let b = 0; b < width; b++) {
        const options = new Set<number>();
        for (let k = 1; k <= a; k++) options.add(brute[(a - k) * width + b]);
        for (let k = 1; k <= b; k++) options.add(brute[a * width + b - k]);
        for (let k = 1; k <= Math.min(a, b); k++) options.add(brute[(a - k) * width + b - k]);
        let g = 0;
        while (options.has(g)) g++;
        brute.push(g);
      }
    assert.deepEqual(answer.table, brute);
    // The zeros: (0, 0) and (⌊kφ⌋, ⌊kφ⌋ + k) both ways round.
    const phi = (1 + Math.sqrt(5)) / 2;
    const pairs = new Set(['0,0']);
    for (let k = 1; k < width; k++) {
      const a = Math.floor(k * phi);
      pairs.add(`${a},${a + k}`).add(`${a + k},${a}`);
    }
    for (let a = 0; a < width; a++)
      for (let b = 0; b < width; b++)
        assert.equal(answer.table[a * width + b] === 0, pairs.has(`${a},${b}`), `(${a}, ${b})`);
    const w = text.split('\n').findIndex((line) => line.startsWith('game w'));
    const found = await ask({ position: { line: w, character: 10 } });
    assert.ok('table' in found && found.size === 127, 'the default side');
    // Exports: the b-file reads the table by antidiagonals (OEIS A004481's order).
    const small = await ask({ rule: 'wythoff', upTo: 6 });
    assert.ok('table' in small);
    const bfile = exportText(small, 'bfile')
      .trimEnd()
      .split('\n')
      .filter((line) => !line.startsWith('#'));
    const diagonals: number[] = [];
    for (let d = 0; d <= 6; d++) for (let a = 0; a <= d; a++) diagonals.push(brute[a * width + d - a]);
    assert.deepEqual(
      bfile,
      diagonals.map((g, n) => `${n} ${g}`),
    );
    assert.equal(exportText(small, 'csv').split('\n')[9], '1,1,2');
  });

  it('exports: CSV, a Markdown table with rows one period long, an OEIS b-file', async () => {
    const kayles = answered(await ask({ rule: 'kayles', upTo: 100 }));
    const csv = exportText(kayles, 'csv').trimEnd().split('\n');
    assert.equal(csv[0], 'n,G(n)');
    assert.deepEqual(
      csv.slice(1).map((line) => line.split(',').map(Number)),
      kayles.values.map((g, n) => [n, g]),
    );
    const bfile = exportText(kayles, 'bfile').trimEnd().split('\n');
    assert.match(bfile[0], /^# G\(n\) of kayles \(octal 0\.77\), n = 0\.\.100$/);
    assert.deepEqual(
      bfile.filter((line) => !line.startsWith('#')).map((line) => line.split(' ').map(Number)),
      kayles.values.map((g, n) => [n, g]),
    );
    const markdown = exportText(kayles, 'markdown').split('\n');
    const rows = markdown.filter((line) => /^\| \d/.test(line));
    assert.equal(rowLength(kayles), 12);
    assert.equal(rows.length, Math.ceil(101 / 12));
    assert.equal(rows[6], `| 72 | ${kayles.values.slice(72, 84).join(' | ')} |`);
    assert.ok(markdown.includes('| n | +0 | +1 | +2 | +3 | +4 | +5 | +6 | +7 | +8 | +9 | +10 | +11 |'));
    const officers = answered(await ask({ rule: 'officers', upTo: 25 }));
    assert.equal(rowLength(officers), 10, 'no period: rows of ten');
  });

  it('a lens above every heap rule runs the explore command; the server runs it as a message', async () => {
    const lenses = (await session.codeLenses(uri)) ?? [];
    const explore = lenses.filter((lens) => lens.command?.command === EXPLORE_SEQUENCE_COMMAND);
    assert.deepEqual(
      explore.map((lens) => [lens.range.start.line, lens.command!.title]),
      [
        [0, '$(graph-line) explore the nim-sequence of onetwo'],
        [1, '$(graph-line) explore the nim-sequence of squares'],
        [2, '$(graph-line) explore the nim-sequence of officers'],
        [6, '$(graph-line) explore the values of corner'],
        [7, '$(graph-line) explore the nim-sequence of split2'],
      ],
    );
    session.messages.clear();
    const told = await session.executeCommand(EXPLORE_SEQUENCE_COMMAND, explore[0].command!.arguments);
    assert.match(String(told), /rule onetwo: subtract \{1, 2\}/);
    const message = await session.messages.next(() => true, 'the message');
    assert.equal(message.message, told);
  });
});
