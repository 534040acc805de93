// `grundy quotient RULE RULE…`, the joint misère quotient of several heap rules, run as a user runs it (the bundled
// out/cli/grundy.js). Its answers are checked against a misère brute force written here from the rules: every sum of
// a few heaps of the rules, P or not, against the product of the printed pretending images in the printed table.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { repositoryPath } from '../helpers/paths';

function grundy(...args: string[]) {
  const result = spawnSync(process.execPath, [repositoryPath('out', 'cli', 'grundy.js'), ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A heap rule by its moves: a heap of n becomes the heaps of one of the lists (of the same rule; 0s dropped). */
type Moves = (n: number) => number[][];

/** Kayles: knock down one pin or two adjacent ones from a row of n, leaving the pins on either side. */
const kayles: Moves = (n) => {
  const options: number[][] = [];
  for (let taken = 1; taken <= 2; taken++)
    for (let left = 0; left + taken <= n; left++) options.push([left, n - taken - left]);
  return options;
};
/** Nim: take any number from a heap. */
const nim: Moves = (n) => Array.from({ length: n }, (_, k) => [k]);
/** Take 1 or 2. */
const subtractOneTwo: Moves = (n) => [1, 2].filter((t) => t <= n).map((t) => [n - t]);

/**
 * Misère play of a sum of heaps, heaps[r] the sizes of rule r's heaps: P iff the player to move loses, the player
 * who cannot move winning (a sum with no move is N).
 */
function bruteMisereIsP(rules: readonly Moves[], heaps: readonly number[][], memo: Map<string, boolean>): boolean {
  const position = heaps.map((sizes) => sizes.filter((n) => n > 0).sort((x, y) => x - y));
  const key = position.map((sizes) => sizes.join(',')).join('|');
  const known = memo.get(key);
  if (known !== undefined) return known;
  let hasMove = false;
  let isP = true;
  for (let r = 0; r < rules.length && isP; r++)
    for (let i = 0; i < position[r].length && isP; i++)
      for (const parts of rules[r](position[r][i])) {
        hasMove = true;
        const after = position.map((sizes) => [...sizes]);
        after[r].splice(i, 1, ...parts);
        if (bruteMisereIsP(rules, after, memo)) {
          isP = false;
          break;
        }
      }
  const answer = hasMove && isP;
  memo.set(key, answer);
  return answer;
}

/** Every multiset of 1..most items from 0..kinds - 1, as sorted lists. */
function multisets(kinds: number, most: number): number[][] {
  const all: number[][] = [];
  const grow = (prefix: number[], from: number) => {
    if (prefix.length > 0) all.push(prefix);
    if (prefix.length === most) return;
    for (let k = from; k < kinds; k++) grow([...prefix, k], k);
  };
  grow([], 0);
  return all;
}

interface JointJson {
  size: number;
  tame: boolean;
  generators: { name: string; rule: string; heap: number }[];
  relations: string[];
  pPortion: string[];
  table: string[][];
  stop: string | null;
  rules: { rule: string; key: string; heaps: number; periodicity: { proved: boolean } | null; pretending: string[] }[];
}

/**
 * Checks a printed joint quotient against the brute force: the table is a commutative monoid with identity `1`, and
 * for every sum of 1..most heaps of the rules (rule r's heaps 1..heapsOf[r]) the product of the printed images lies
 * in the printed P-portion iff the brute force says P. Returns how many sums were checked.
 */
function checkAgainstBruteForce(
  q: JointJson,
  moves: Record<string, Moves>,
  heapsOf: Record<string, number>,
  most: number,
): number {
  const names = q.table.map((row) => row[0]);
  assert.equal(names.length, q.size);
  const index = new Map(names.map((name, x) => [name, x]));
  const times = (x: number, y: number) => index.get(q.table[x][y]) as number;
  for (let x = 0; x < q.size; x++) {
    assert.equal(q.table[0][x], names[x], 'element 0 is the identity');
    for (let y = 0; y < q.size; y++) {
      assert.equal(times(x, y), times(y, x));
      for (let z = 0; z < q.size; z++) assert.equal(times(times(x, y), z), times(x, times(y, z)));
    }
  }
  const rules = q.rules.map((r) => r.rule);
  const kinds: { rule: number; heap: number }[] = [];
  for (const [r, rule] of rules.entries())
    for (let heap = 1; heap <= heapsOf[rule]; heap++) kinds.push({ rule: r, heap });
  const memo = new Map<string, boolean>();
  const inP = new Set(q.pPortion);
  const sums = multisets(kinds.length, most);
  for (const sum of sums) {
    const heaps = rules.map(() => [] as number[]);
    let product = 0;
    for (const k of sum) {
      const { rule, heap } = kinds[k];
      heaps[rule].push(heap);
      const image = index.get(q.rules[rule].pretending[heap]);
      assert.ok(image !== undefined, `${rules[rule]} heap ${heap} has an element of the table`);
      product = times(product, image);
    }
    const written = heaps.map((sizes, r) => `${rules[r]} ${sizes.join(' ')}`).join(' + ');
    assert.equal(
      inP.has(names[product]),
      bruteMisereIsP(
        rules.map((rule) => moves[rule]),
        heaps,
        memo,
      ),
      written,
    );
  }
  return sums.length;
}

describe('grundy quotient RULE RULE…: the joint quotient', () => {
  it('Kayles beside Nim heaps to 3 (the default): every sum of up to 4 heaps against the brute force', () => {
    const result = grundy('quotient', 'kayles', 'nim', '--json');
    assert.equal(result.status, 0, result.stderr);
    const q: JointJson = JSON.parse(result.stdout);
    assert.deepEqual(
      q.rules.map((r) => [r.rule, r.heaps >= 3, r.periodicity?.proved ?? false]),
      [
        ['kayles', true, true],
        ['nim', true, false],
      ],
    );
    assert.equal(q.rules[1].heaps, 3, 'Nim has exactly its heaps to 3');
    assert.equal(q.rules[1].pretending.length, 4);
    assert.equal(q.stop, null);
    // Kayles' own quotient has 40 elements (Plambeck 2005); Nim's heaps 1 to 3 are Kayles' heaps 1 to 3 (the brute
    // force below holds them interchangeable in every sum it checks), so they add none.
    assert.equal(q.size, 40);
    assert.deepEqual(q.rules[1].pretending, q.rules[0].pretending.slice(0, 4));
    assert.ok(q.generators.every((g) => g.rule === 'kayles'));
    const checked = checkAgainstBruteForce(q, { kayles, nim }, { kayles: 8, nim: 3 }, 4);
    assert.equal(checked, 1364);
  });

  it('--to 8: each rule to heap 8, every sum of up to 4 heaps against the brute force', () => {
    const result = grundy('quotient', 'kayles', 'nim', '--to', '8', '--json');
    assert.equal(result.status, 0, result.stderr);
    const q: JointJson = JSON.parse(result.stdout);
    assert.deepEqual(
      q.rules.map((r) => [r.rule, r.heaps, r.pretending.length]),
      [
        ['kayles', 8, 9],
        ['nim', 8, 9],
      ],
    );
    assert.ok(
      q.generators.some((g) => g.rule === 'nim'),
      'Nim heap 4 is no Kayles heap to 8',
    );
    const checked = checkAgainstBruteForce(q, { kayles, nim }, { kayles: 8, nim: 8 }, 4);
    assert.equal(checked, 4844);
  });

  it('nim and subtract {1, 2} to 7: both rules named, a proved period, each pretending function', () => {
    const text = grundy('quotient', 'nim', 'subtract {1, 2}', '--to', '7');
    assert.equal(text.status, 0, text.stderr);
    const lines = text.stdout.split('\n');
    assert.match(lines[0], /^nim and subtract \{1,2\} {2}\(subtract all except \{\}; subtract \{1,2\}\)$/);
    assert.match(lines[1], /^joint misère quotient of nim heaps up to 7 and subtract \{1,2\} heaps up to \d+: \d+ el/);
    assert.match(text.stdout, /^subtract \{1,2\}: the same for every heap: Φ\(H\(k \+ 3\)\) = Φ\(H\(k\)\)/m);
    assert.match(text.stdout, /^nim: heaps up to 7 only, no window theorem for more/m);
    // The text's rows are the JSON's pretending functions, and those agree with the brute force.
    const json = grundy('quotient', 'nim', 'subtract {1, 2}', '--to', '7', '--json');
    assert.equal(json.status, 0, json.stderr);
    const q: JointJson = JSON.parse(json.stdout);
    for (const rule of q.rules) {
      const heading = lines.indexOf(`pretending function of ${rule.rule} (heap: element):`);
      assert.ok(heading > 0, rule.rule);
      assert.equal(lines[heading + 1], `0: ${rule.pretending.map((name) => name.padEnd(7)).join('')}`.trimEnd());
      assert.equal(rule.pretending.length, 8);
    }
    assert.ok(q.rules[1].heaps < 7, 'subtract {1,2} stops at its proof, its images past it from the period');
    const checked = checkAgainstBruteForce(
      q,
      { nim, 'subtract {1,2}': subtractOneTwo },
      { nim: 7, 'subtract {1,2}': 7 },
      4,
    );
    assert.equal(checked, 3059);
  });

  it('the order of the rules does not matter; a rule written twice counts once', () => {
    const run = (...rules: string[]) => grundy('quotient', ...rules, '--to', '6', '--json');
    const [first, second, repeated] = [run('kayles', 'nim'), run('nim', 'kayles'), run('octal 0.77', 'nim', 'kayles')];
    for (const result of [first, second, repeated]) assert.equal(result.status, 0, result.stderr);
    const summary = (stdout: string) => {
      const q: JointJson = JSON.parse(stdout);
      return [q.size, q.pPortion.length, q.rules.map((r) => r.rule).join(' ')];
    };
    assert.deepEqual(summary(second.stdout), summary(first.stdout));
    assert.equal(repeated.stdout, first.stdout);
    assert.match(repeated.stderr, /kayles is octal 0\.77 again \(octal 0\.77\): counted once/);
    // One rule left: the one-rule command's output, byte for byte.
    const alone = grundy('quotient', 'kayles', 'octal 0.77', '--to', '5');
    assert.equal(alone.status, 0, alone.stderr);
    assert.equal(alone.stdout, grundy('quotient', 'kayles', '--to', '5').stdout);
  });

  it('Nim heaps to 10^20: past the heaps computed within the budget, a stop with exit 3 saying why', () => {
    const result = grundy('quotient', 'kayles', 'nim', '--to', '10^20', '--budget-ms', '400');
    assert.equal(result.status, 3);
    // The time budget stops it, or (on a machine fast enough) the method does and Nim's larger heaps are unknown.
    const budgetStop = /^grundy: stopped with kayles heaps up to \d+ and nim heaps up to \d+: .*time budget ran out/;
    const unknownPast = /^grundy: stopped after (kayles|nim) heap \d+: \w+'s heaps are not proved periodic/;
    assert.ok(budgetStop.test(result.stderr) || unknownPast.test(result.stderr), result.stderr);
    const heaps = /nim heaps up to (\d+)/.exec(result.stdout);
    assert.ok(heaps, result.stdout.slice(0, 400));
    const nimRows = result.stdout.split('pretending function of nim (heap: element):\n')[1].trimEnd().split('\n');
    const lastRow = nimRows[nimRows.length - 1].split(/\s+/).filter(Boolean);
    assert.equal(Number.parseInt(lastRow[0], 10) + lastRow.length - 2, Number(heaps[1]), 'Nim printed to its heaps');
  });

  it('a bad rule among several: exit 2, naming the argument', () => {
    const heapless = grundy('quotient', 'kayles', 'wythoff', 'nim');
    assert.equal(heapless.status, 2);
    assert.match(heapless.stderr, /^grundy: RULE 2 \(`wythoff`\): wythoff is not a heap rule/);
    const unreadable = grundy('quotient', 'kayles', 'nim', 'subtract {1, x}');
    assert.equal(unreadable.status, 2);
    assert.match(unreadable.stderr, /^grundy: RULE 3 \(`subtract \{1, x\}`\), column 14: /);
    assert.equal(grundy('sequence', 'kayles', 'nim').status, 2, 'sequence still takes one rule');
    assert.match(grundy('--help').stdout, /grundy quotient RULE \[RULE\.\.\.\] \[--to N\]/);
  });
});
