// The bundled `grundy` command, run as a user runs it.
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isHeapRule } from '../../server/src/engine/types';
import { BUILTIN_RULES } from '../../server/src/language/model';
import { RULE_KINDS } from '../../server/src/language/ruleBodies';
import { repositoryPath } from '../helpers/paths';

function grundy(...args: string[]) {
  const result = spawnSync(process.execPath, [repositoryPath('out', 'cli', 'grundy.js'), ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('grundy check', () => {
  it('a clean file: exit 0', () => {
    const result = grundy('check', repositoryPath('examples', 'coins.game'));
    assert.equal(result.status, 0);
    assert.match(result.stdout, /coins\.game: no problems/);
  });

  it('a file with errors: exit 1 and one line per diagnostic', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grundy-'));
    const file = join(dir, 'typo.game');
    writeFileSync(file, 'rule onetwo = subtract {1, 2}\ngame coins = onetow 3\n');
    const result = grundy('check', file);
    assert.equal(result.status, 1);
    assert.equal(result.stdout, `${file}:2:14: error: unknown rule \`onetow\`; did you mean \`onetwo\`?\n`);
  });

  it('--json gives 1-based lines and columns', () => {
    const result = grundy('check', repositoryPath('examples', 'mistakes.game'), '--json');
    assert.equal(result.status, 1);
    const { diagnostics } = JSON.parse(result.stdout);
    assert.deepEqual(diagnostics[0], {
      line: 9,
      column: 23,
      severity: 'error',
      message: 'unexpected character `@`',
      code: 'unknown-token',
    });
  });

  it('more problems than MAX_DIAGNOSTICS: the first ones, then one line saying how many more', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grundy-'));
    const file = join(dir, 'many.game');
    writeFileSync(file, Array.from({ length: 1500 }, (_, i) => `game g${i} = nim 1 @\n`).join(''));
    const result = grundy('check', file);
    assert.equal(result.status, 1);
    const lines = result.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 1001);
    assert.equal(lines[999], `${file}:1000:19: error: unexpected character \`@\``);
    assert.equal(
      lines[1000],
      `${file}:1001:20: error: …and 500 more problems not shown (only the first 1,000 are listed)`,
    );
    const { diagnostics } = JSON.parse(grundy('check', file, '--json').stdout);
    assert.equal(diagnostics.length, 1001);
    assert.equal(diagnostics[1000].code, 'too-many-problems');
  });

  it('an error past the cap still makes the exit code 1 when every line shown is a warning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grundy-'));
    const file = join(dir, 'warnings.game');
    writeFileSync(file, `graph g {\n${'  a -> b\n'.repeat(1001)}}\ngame x = nim 1 @\n`);
    const result = grundy('check', file);
    assert.equal(result.status, 1);
    const lines = result.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 1001);
    assert.ok(lines.slice(0, 1000).every((line) => line.includes(': warning: the edge `a -> b` is already given')));
    assert.equal(
      lines[1000],
      `${file}:1004:16: error: …and 1 more problem not shown (only the first 1,000 are listed)`,
    );
  });

  it('bad usage and unreadable files: exit 2, the error alone and where to find the usage', () => {
    for (const args of [
      [],
      ['frobnicate', 'x'],
      ['check'],
      ['check', 'a', 'b'],
      ['check', 'x', '--nonsense'],
      ['check', '/nonexistent/file.game'],
    ]) {
      const result = grundy(...args);
      assert.equal(result.status, 2, args.join(' '));
      assert.match(result.stderr, /^grundy: [^\n]+\nRun grundy --help for usage\.\n$/, args.join(' '));
    }
    assert.match(grundy('check', '/nonexistent/file.game').stderr, /cannot read/);
    assert.match(grundy('--help').stdout, /^usage: grundy check FILE/);
  });
});

/** Writes a `.game` file into a fresh folder and returns its path. */
function gameFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'grundy-')), 'game.game');
  writeFileSync(file, text);
  return file;
}

describe('grundy analyze', () => {
  it('--json has the documented shape, for the seed example', () => {
    const result = grundy('analyze', repositoryPath('examples', 'coins.game'), '--json');
    assert.equal(result.status, 0, result.stderr);
    const { diagnostics, games } = JSON.parse(result.stdout);
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(games, [
      {
        name: 'coins',
        line: 5,
        play: 'normal',
        nimber: '3',
        value: '*3',
        outcome: 'N',
        // 12 counters taken 1 or 2 at a time: the winner takes 2s, the loser 1s (remoteness.test.ts checks the search).
        remoteness: 9,
        components: [{ text: 'onetwo 3 4 5', nimber: '3', value: '*3' }],
        winningMoves: [
          { description: 'take 2 from the heap of 4', after: 'onetwo 3 2 5' },
          { description: 'take 1 from the heap of 5', after: 'onetwo 3 4 4' },
        ],
        winningMoveCount: '2',
      },
      {
        name: 'lost',
        line: 6,
        play: 'normal',
        nimber: '0',
        value: '*0',
        outcome: 'P',
        remoteness: 8,
        components: [{ text: 'onetwo 3 4 4', nimber: '0', value: '*0' }],
        winningMoves: [],
        winningMoveCount: '0',
      },
    ]);
  });

  it("--json on a graph with cycles: Smith's values, draws (outcome D) with the moves that keep them", () => {
    const result = grundy('analyze', repositoryPath('examples', 'loops.game'), '--json');
    assert.equal(result.status, 0, result.stderr);
    const { games } = JSON.parse(result.stdout);
    const seen = games.map((g: Record<string, unknown>) => [
      g.name,
      g.value,
      g.outcome,
      g.nimber,
      g.remoteness ?? null,
    ]);
    assert.deepEqual(seen, [
      ['g1', '∞(0)', 'N', null, 1],
      ['g2', '*0', 'P', '0', 2],
      ['g3', '*0', 'P', '0', 4],
      ['g4', '∞(1)', 'D', null, null],
      ['g5', '∞()', 'D', null, null],
      ['chase', '*2', 'N', '2', 5],
    ]);
    const byName = new Map(games.map((g: { name: string }) => [g.name, g]));
    const g4 = byName.get('g4') as { components: unknown[]; drawMoves: unknown[] };
    assert.deepEqual(g4.components, [
      { text: 'loops at a', nimber: null, value: '∞(0)' },
      { text: 'nim 1', nimber: '1', value: '*1' },
    ]);
    assert.deepEqual(g4.drawMoves, [{ description: 'move the token on a to a', after: 'loops at a + nim 1' }]);
    assert.deepEqual((byName.get('g1') as { winningMoves: unknown[] }).winningMoves, [
      { description: 'move the token on a to e', after: 'loops at e' },
    ]);
    // The text output says the same.
    const text = grundy('analyze', repositoryPath('examples', 'loops.game')).stdout;
    assert.match(text, /game g4 \(line \d+\): ∞\(1\), D: a draw/);
    assert.match(text, /remoteness ∞/);
    assert.match(text, /hint: graph `loops` has a cycle/);
  });

  // Each case: a game's right-hand side (with the reference example's declarations in scope),
  // its nimber, its outcome, and every winning move's `after`.
  const prelude =
    'rule onetwo = subtract {1, 2}\nrule s237 = subtract {2, 3, 7}\n' +
    'graph g {\n  a -> b, c\n  b -> d\n  c -> d, e\n  d -> e\n}\n';
  const cases: [string, string | null, string, string[]][] = [
    ['g at a, c', '3', 'N', ['g at c, c', 'g at a, d']],
    ['treblecross ".....X."', '1', 'N', ['treblecross "X....X."', 'treblecross ".X...X."', 'treblecross "..X..X."']],
    [
      'onetwo 7 + s237 10 + nim 5 + g at b + kayles "XXX.XX"',
      '5',
      'N',
      ['onetwo 7 + s237 10 + nim 0 + g at b + kayles "XXX.XX"'],
    ],
    ['misere nim 1 1 1', null, 'P', []],
    ['misere nim 1 1', null, 'N', ['misere nim 0 1']],
    ['treblecross "..X.X...."', null, 'N', ['treblecross "..XXX...."']],
    ['kayles "XXX"', '3', 'N', ['kayles "X.X"']],
    ['nim 1000000000000000000000 + nim 1', '1000000000000000000001', 'N', ['nim 1 + nim 1']],
    ['s237 1000000000000000000000', '0', 'P', []],
    // Boards and graph games, by theorems and published values worked out here: two rows shorter by one are 0
    // (Gale); an L is Nim on its arms (6 ⊕ 2); a Cram row is Dawson's Kayles, G(3) ⊕ G(6) = 1 ⊕ 3; Node Kayles on a
    // path is Dawson's chess (0.137, G(3) = 2), Arc Kayles on a path of 4 vertices Dawson's Kayles (G(4) = 2).
    ['chomp [3, 2]', '0', 'P', []],
    ['chomp [7, 1, 1]', '4', 'N', ['chomp [3, 1, 1]']],
    ['cram ["...#......"]', '2', 'N', ['cram ["...#.##..."]', 'cram ["...#...##."]']],
    ['node-kayles { a - b, b - c }', '2', 'N', ['node-kayles { }']],
    ['arc-kayles { a - b, b - c, c - d }', '2', 'N', ['arc-kayles { a, d }']],
    ['misere chomp [2]', null, 'P', []],
  ];
  for (const [sum, nimber, outcome, afters] of cases) {
    it(`game x = ${sum}`, () => {
      const result = grundy('analyze', gameFile(`${prelude}game x = ${sum}\n`), '--json');
      assert.equal(result.status, 0, result.stderr);
      const [game] = JSON.parse(result.stdout).games;
      assert.deepEqual(
        [game.nimber, game.outcome, game.winningMoves.map((m: { after: string }) => m.after)],
        [nimber, outcome, afters],
      );
    });
  }

  it('every winning move, written back into the file, leaves a game the player to move loses', () => {
    const text =
      `${prelude}game x = onetwo 7 + s237 12 + kayles 9 + g at a, a, c + treblecross "...........X" + ` +
      `dawson "XXXX.XXXXXX"\n`;
    const [game] = JSON.parse(grundy('analyze', gameFile(text), '--json').stdout).games;
    assert.equal(game.outcome, 'N');
    assert.ok(game.winningMoves.length >= 2, JSON.stringify(game.winningMoves));
    for (const { after } of game.winningMoves) {
      const [reply] = JSON.parse(grundy('analyze', gameFile(`${prelude}game x = ${after}\n`), '--json').stdout).games;
      assert.deepEqual([reply.nimber, reply.outcome, reply.winningMoves], ['0', 'P', []], after);
    }
  });

  it('a big picture: the text output shortens it and the pictures after each cut; --json has them whole', () => {
    // Two stalks of 2,001 edges cancel out: the winning moves take the Nim heap (the text after it
    // is both pictures again) or cut a stalk's top edge (one listed: the stalks are alike).
    const stalk = Array.from({ length: 2000 }, (_, i) => `v${i} - v${i + 1}`).join(', ');
    const file = gameFile(`game big = hackenbush { ground - v0, ${stalk} } { ground - v0, ${stalk} } + nim 1\n`);
    const text = grundy('analyze', file).stdout;
    assert.match(
      text,
      /\n {2}hackenbush \{ ground - v0, v0 - v1, .* … .* v1999 - v2000 \} \([\d,]+ characters\) +\*0\n/,
    );
    assert.match(
      text,
      /take the whole heap of 1 {2}→ {2}hackenbush \{ ground - v0, .* … .* \+ nim 0 \([\d,]+ characters\)\n/,
    );
    assert.ok(text.length < 2000, `${text.length} characters of output`);
    const [game] = JSON.parse(grundy('analyze', file, '--json').stdout).games;
    assert.equal(game.nimber, '1');
    assert.equal(game.winningMoves.length, 2);
    assert.ok(game.winningMoves.every((m: { after: string }) => m.after.length > 50_000));
  });

  it('a file with errors: exit 1, its games have no value, the rest still do', () => {
    const result = grundy('analyze', gameFile('game a = nim 3\ngame b = onetow 3\n'), '--json');
    assert.equal(result.status, 1);
    const { diagnostics, games } = JSON.parse(result.stdout);
    assert.equal(diagnostics.length, 1);
    assert.deepEqual(
      games.map((g: { name: string; nimber: string | null; outcome: string | null }) => [g.name, g.nimber, g.outcome]),
      [
        ['a', '3', 'N'],
        ['b', null, null],
      ],
    );
  });

  it('a game past its limits says which and how far it got; --budget-ms cuts the run there (exit 3)', function () {
    this.timeout(240_000);
    const file = gameFile('rule slow = octal 0.007\ngame x = slow 10000000000000\ngame y = nim 3\n');
    // No time cap: 0.007 has no period in reach, so its values stop at the rule's limit of values, said so.
    const whole = grundy('analyze', file, '--json');
    assert.equal(whole.status, 0, whole.stderr);
    const [x, y] = JSON.parse(whole.stdout).games;
    assert.equal(x.outcome, null);
    assert.match(x.reason, /computed up to n = 131071.*its limit of values/);
    assert.equal(y.nimber, '3');
    // An explicit cap cuts the run where it is, writes only the games it finished, and says at which game.
    const cut = grundy('analyze', file, '--json', '--budget-ms', '200');
    assert.equal(cut.status, 3, cut.stderr);
    assert.deepEqual(JSON.parse(cut.stdout).games, []);
    assert.match(cut.stderr, /the --budget-ms of 200 ms ran out at game x \(line 2\); the 0 games written above are/);
  });

  it("a game's answer is its own: misère Kayles beside Dawson's Kayles quotients is what it is alone", function () {
    this.timeout(240_000);
    // Dawson's Kayles' misère quotient is wild: it stops at its limit of work, the same on every machine, and
    // its games say where; the Kayles game after them is decided as it is alone.
    const together = grundy(
      'analyze',
      gameFile(
        'game dk = misere dawson-kayles 40 50\n' +
          'game dk2 = misere dawson-kayles 41 52\n' +
          'game k = misere kayles 12 15 20 31 40\n',
      ),
      '--json',
    );
    assert.equal(together.status, 0, together.stderr);
    const games = JSON.parse(together.stdout).games as { name: string; outcome: string | null; reason?: string }[];
    assert.deepEqual(
      games.map((g) => g.name),
      ['dk', 'dk2', 'k'],
    );
    assert.equal(games[0].outcome, null);
    assert.match(games[0].reason ?? '', /the misère quotient stops at heap \d+/);
    // Brute force and the quotient agree on this one (test/engine/misere/quotient.test.ts): N.
    assert.equal(games[2].outcome, 'N', games[2].reason);
    const alone = grundy('analyze', gameFile('game k = misere kayles 12 15 20 31 40\n'), '--json');
    const { name: _, line: __, ...kAlone } = JSON.parse(alone.stdout).games[0];
    const { name: ___, line: ____, ...kTogether } = games[2] as unknown as Record<string, unknown>;
    assert.deepEqual(kTogether, kAlone);
  });

  it('prints a readable table', () => {
    const result = grundy('analyze', repositoryPath('examples', 'coins.game'));
    assert.equal(result.status, 0);
    assert.ok(
      result.stdout.includes(
        [
          'game coins (line 5): *3, N: the player to move wins',
          '  with best play the player to move wins in 9 moves (remoteness 9)',
          '  onetwo 3 4 5  *3',
          '  winning moves (2):',
          '    take 2 from the heap of 4  →  onetwo 3 2 5',
        ].join('\n'),
      ),
      result.stdout,
    );
  });
});

describe('grundy sequence', () => {
  it('Kayles: the published period 12 from heap 71', () => {
    const result = grundy('sequence', 'kayles', '--json');
    assert.equal(result.status, 0);
    const sequence = JSON.parse(result.stdout);
    assert.deepEqual([sequence.preperiod, sequence.period, sequence.proof], [71, 12, 'guy-smith']);
    assert.deepEqual(sequence.values.slice(0, 12), ['0', '1', '2', '3', '1', '4', '3', '2', '1', '4', '2', '6']);
  });

  it('subtract {2, 3, 7}: period 5, as far as --to asks', () => {
    const sequence = JSON.parse(grundy('sequence', 'subtract {2, 3, 7}', '--to', '12', '--json').stdout);
    assert.deepEqual(sequence.values, ['0', '0', '1', '1', '2', '0', '0', '1', '1', '2', '0', '0', '1']);
    assert.deepEqual([sequence.preperiod, sequence.period], [0, 5]);
  });

  it('a readable listing, and a mistake in the rule is a usage error', () => {
    assert.match(grundy('sequence', 'subtract {1, 2}').stdout, /preperiod 0, period 3: proved from G\(0\.\.\d+\)/);
    const bad = grundy('sequence', 'subtract {1, 0}');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /0 cannot be in a subtraction set/);
  });

  it("a rule that does not parse: the error alone, the rule kinds from the language's table, the mistake", () => {
    const unknown = grundy('sequence', 'fibonacci');
    assert.equal(unknown.status, 2);
    assert.doesNotMatch(unknown.stderr, /usage:/);
    for (const kind of RULE_KINDS) assert.ok(unknown.stderr.includes(kind), `${kind} in: ${unknown.stderr}`);
    for (const [name, rule] of BUILTIN_RULES)
      if (isHeapRule(rule)) assert.ok(unknown.stderr.includes(name), `${name} in: ${unknown.stderr}`);
    const stray = grundy('sequence', 'octal 4?.0');
    assert.equal(stray.status, 2);
    assert.match(stray.stderr, /^grundy: RULE, column 8: `\?` cannot be in an octal code/);
    assert.doesNotMatch(stray.stderr, /`4` is not an octal code/);
    const unclosed = grundy('sequence', 'octal 0.1[37');
    assert.equal(unclosed.status, 2);
    assert.match(unclosed.stderr, /^grundy: RULE, column 10: the repeating group `\[37` has no closing `\]`/);
    // Grundy's game: no period in reach, and no time limit without --budget-ms: --to bounds the run.
    assert.equal(grundy('sequence', 'octal 4!.0', '--to', '30').status, 0);
    assert.equal(grundy('sequence', 'lasker').status, 0);
    assert.equal(grundy('sequence', 'octal 4.07').status, 0);
    assert.equal(grundy('sequence', 'hex 0.F').status, 0);
  });
});

/** The values of a text listing's rows (`     n:   g g g …`), in order, as numbers. */
function listedValues(stdout: string): { first: number; values: number[] } {
  const rows = stdout.split('\n').filter((line) => /^\s*\d+: /.test(line));
  const values = rows.flatMap((row) => row.split(':')[1].trim().split(/\s+/).map(Number));
  return { first: Number(rows[0]?.split(':')[0]), values };
}

describe('grundy: bounds', function () {
  this.timeout(120_000);

  it('sequence streams past its budget: stops with exit 3, says where, and what it wrote is right', () => {
    const result = grundy('sequence', 'subtract {1, 2}', '--to', '100000000000', '--budget-ms', '300');
    assert.equal(result.status, 3, result.stderr);
    const stop = /stopped before heap (\d+): the budget of 300 ms was reached \(--budget-ms\)/.exec(result.stderr);
    assert.ok(stop, result.stderr);
    const { first, values } = listedValues(result.stdout);
    assert.equal(first, 0);
    assert.equal(values.length, Number(stop[1]), 'every value before the stop, and none after');
    assert.ok(values.length > 1000, `${values.length} values in 300 ms`);
    values.forEach((g, n) => assert.equal(g, n % 3, `G(${n})`)); // subtract {1, 2}: n mod 3
  });

  it('sequence --json past its budget is still one JSON document, saying where it stopped', () => {
    const result = grundy('sequence', 'nim', '--to', '10^20', '--json', '--budget-ms', '200');
    assert.equal(result.status, 3);
    const sequence = JSON.parse(result.stdout);
    assert.equal(sequence.stoppedBy, 'budget');
    assert.equal(sequence.values.length, Number(sequence.stoppedAt));
    sequence.values.forEach((g: string, n: number) => assert.equal(g, String(n)));
  });

  it('--to takes any size: 10^20, and digits past 2^64', () => {
    const power = grundy('sequence', 'kayles', '--to', '10^20', '--budget-ms', '100');
    assert.equal(power.status, 3);
    assert.deepEqual(listedValues(power.stdout).values.slice(0, 12), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    const digits = grundy('sequence', 'kayles', '--to', '123456789012345678901234', '--budget-ms', '100');
    assert.equal(digits.status, 3);
    assert.match(digits.stdout, /^\s+0:\s+0 {2}1 {2}2 {2}3/m);
    const bad = grundy('sequence', 'kayles', '--to', '10^^2');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--to needs a non-negative whole number/);
  });

  it('a rule with no proved period stops where its values end, and says why', () => {
    const result = grundy('sequence', 'octal 0.6', '--to', '10^20', '--budget-ms', '300');
    assert.equal(result.status, 3);
    assert.match(result.stderr, /no period was proved|the budget of 300 ms was reached/);
  });

  it('Ctrl-C: exit 130, the values written so far are right', async () => {
    const child = spawn(process.execPath, [
      repositoryPath('out', 'cli', 'grundy.js'),
      'sequence',
      'subtract {1, 2}',
      '--to',
      '10^15',
      '--budget-ms',
      '60000',
    ]);
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        if (stdout.length > 100_000) resolve();
      }),
    );
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    assert.equal(code, 130, stderr);
    assert.match(stderr, /interrupted before heap \d+/);
    const { values } = listedValues(stdout.slice(0, stdout.lastIndexOf('\n')));
    values.forEach((g, n) => assert.equal(g, n % 3, `G(${n})`));
  });

  it('Ctrl-C while the sequence is still being computed: heard at once, exit 130, nothing written', async () => {
    // 0.007 has no period in reach: computing 10^6 of its values takes minutes.
    const child = spawn(process.execPath, [
      repositoryPath('out', 'cli', 'grundy.js'),
      'sequence',
      'octal 0.007',
      '--to',
      '1000000',
      '--budget-ms',
      '600000',
    ]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const sent = Date.now();
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    assert.equal(code, 130, stderr);
    // Heard, not timed: the run would take minutes; a loaded machine may take seconds to schedule the exit.
    assert.ok(Date.now() - sent < 60_000, `exited ${Date.now() - sent} ms after Ctrl-C`);
    assert.match(stderr, /interrupted while computing/);
    assert.equal(stdout, '');
  });

  it('no file is refused for its size: 11 MB of comments (over the old 10 MB default) is read by default', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grundy-size-'));
    const file = join(dir, 'comments.game');
    writeFileSync(
      file,
      `${'# a comment about impartial games, their nimbers and their sums\n'.repeat(170_000)}game g = nim 3\n`,
    );
    const result = grundy('check', file);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /no problems/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('the memory ceiling is measured: rules that outgrow --max-memory-mb stop with exit 3, the limit named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grundy-memory-'));
    const file = join(dir, 'rules.game');
    // Rules are held while the games are read (a game may use one declared below it).
    writeFileSync(
      file,
      `${Array.from({ length: 300_000 }, (_, i) => `rule r${i} = subtract {1, ${i + 2}, ${i + 3}}`).join('\n')}\n` +
        'game far = r7 10\n',
    );
    for (const command of ['check', 'analyze']) {
      const result = grundy(command, file, '--max-memory-mb', '64');
      assert.equal(result.status, 3, `${command}: ${result.stderr}`);
      assert.match(result.stderr, /^grundy: stopped at the memory limit of 64 MB \(--max-memory-mb\)/, command);
      assert.doesNotMatch(result.stderr, /FATAL|heap out of memory| {4}at /, command);
    }
    // The same file under the default ceiling.
    const allowed = grundy('analyze', file, '--json');
    assert.equal(allowed.status, 0, allowed.stderr);
    assert.equal(JSON.parse(allowed.stdout).games.length, 1);
    rmSync(dir, { recursive: true, force: true });
  });

  it('games are read as a stream: 200,000 games are analysed within a ceiling of 256 MB, every one right', function () {
    // A correctness test of a large input, not a timing (33 s idle here; a guard against a hang only).
    this.timeout(600_000);
    const dir = mkdtempSync(join(tmpdir(), 'grundy-stream-'));
    const file = join(dir, 'many.game');
    writeFileSync(
      file,
      Array.from({ length: 200_000 }, (_, i) => `game position-${i} = nim ${i} 3 + kayles ${i % 500}`).join('\n'),
    );
    const result = grundy('analyze', file, '--json', '--max-memory-mb', '256');
    assert.equal(result.status, 0, result.stderr);
    const games = JSON.parse(result.stdout).games as { name: string; components: { nimber: string }[] }[];
    assert.equal(games.length, 200_000);
    games.forEach((game, i) => {
      assert.equal(game.name, `position-${i}`);
      assert.equal(game.components[0].nimber, String(i ^ 3));
    });
    rmSync(dir, { recursive: true, force: true });
  });

  it('--max-memory-mb takes a whole number of at least 64', () => {
    for (const value of ['lots', '-5', '63']) {
      const result = grundy('check', repositoryPath('examples', 'coins.game'), '--max-memory-mb', value);
      assert.equal(result.status, 2, value);
      assert.match(result.stderr, /--max-memory-mb needs/);
    }
  });
});

describe('grundy quotient', () => {
  it('Kayles: 40 elements, 9 P, wild, proved periodic; the table is a commutative monoid', () => {
    const result = grundy('quotient', 'kayles', '--json');
    assert.equal(result.status, 0, result.stderr);
    const q = JSON.parse(result.stdout);
    assert.deepEqual([q.size, q.pPortion.length, q.tame], [40, 9, false]);
    assert.deepEqual([q.periodicity.period, q.periodicity.start, q.periodicity.proved], [12, 71, true]);
    assert.deepEqual(
      q.generators.map((g: { heap: number }) => g.heap),
      [1, 2, 5, 9, 12, 25, 27],
    );
    const table: string[][] = q.table;
    for (let x = 0; x < 40; x++) for (let y = 0; y < 40; y++) assert.equal(table[x][y], table[y][x]);
    assert.equal(table[0].join(' '), q.table.map((row: string[]) => row[0]).join(' '));
  });

  it('text: the presentation and the proof; --to past the proof; a budget stop says so with exit 3', () => {
    const text = grundy('quotient', 'octal 0.75', '--to', '30');
    assert.equal(text.status, 0);
    assert.match(text.stdout, /8 elements, 2 of them P; wild/);
    assert.match(text.stdout, /relations: a² = 1, bc = ab, c² = b², b³ = b/);
    assert.match(text.stdout, /the same for every heap/);
    assert.match(text.stdout, /^30: /m);
    const stopped = grundy('quotient', 'dawson', '--budget-ms', '300');
    assert.equal(stopped.status, 3);
    assert.match(stopped.stderr, /stopped at heap \d+: .*time budget/);
    assert.equal(grundy('quotient', 'wythoff').status, 2);
  });
});
