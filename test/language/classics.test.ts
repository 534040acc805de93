// The classics in the language (contract version 2): the contract's examples mean what their
// comments say, moves are written back as the contract says, and every winning move, applied to
// the text, leaves a game whose player to move loses.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { reportGames } from '../../server/src/analysis/gameReport';
import { analyzeText } from '../../server/src/language/analyze';
import { bruteCode, codeOptions } from '../engine/oracles/oracles';
import { random } from '../engine/oracles/random';
import { repositoryPath } from '../helpers/paths';

function report(text: string) {
  const document = analyzeText(text);
  assert.deepEqual(
    document.diagnostics.map((d) => d.message),
    [],
    'no diagnostics',
  );
  return { document, games: reportGames(document, { maxMoves: 1000 }) };
}

/** The text after a written move. */
function play(text: string, move: { edit: { span: { start: number; end: number }; newText: string } }): string {
  return text.slice(0, move.edit.span.start) + move.edit.newText + text.slice(move.edit.span.end);
}

describe('the classics in .game files', () => {
  it("the contract's examples have the values in their comments", () => {
    const { games } = report(readFileSync(repositoryPath('test', 'fixtures', 'valid', 'contract-v2.game'), 'utf8'));
    const byName = new Map(games.map((g) => [g.game.name, g]));
    assert.deepEqual([byName.get('queen')!.result!.nimber, byName.get('queen')!.result!.outcome], [0n, 'P']);
    assert.deepEqual(byName.get('pair')!.result!.components[0].parts, [0n, 7n]);
    assert.equal(byName.get('pair')!.result!.nimber, 7n);
    assert.deepEqual(byName.get('matrix')!.result!.components[0].parts, [0n, 3n]);
    assert.deepEqual([byName.get('tracy')!.result!.nimber, byName.get('tracy')!.result!.outcome], [1n, 'N']);
  });

  it("version 3's subtraction sets: the examples' values agree with brute force from each set's definition", () => {
    const text = readFileSync(repositoryPath('test', 'fixtures', 'valid', 'contract-v3-sets.game'), 'utf8');
    const isPrime = (n: number) => n > 1 && Array.from({ length: n - 2 }, (_, i) => i + 2).every((d) => n % d !== 0);
    const fibonacci = new Set([1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
    const square = (n: number) => Number.isInteger(Math.sqrt(n));
    const sets: Record<string, (s: number) => boolean> = {
      sq: square,
      pr: isPrime,
      p2: (s) => (s & (s - 1)) === 0,
      fib: (s) => fibonacci.has(s),
      mix: (s) => square(s) || s === 2 || s === 3,
      notsq: (s) => !square(s),
      m3: (s) => s === 1 || s % 3 === 0,
    };
    const heaps = Array.from({ length: 60 }, (_, n) => n);
    const games = Object.keys(sets).map((rule) => `game t-${rule} = ${rule} ${heaps.join(' ')}`);
    const { games: reports } = report(`${text}\n${games.join('\n')}`);
    for (const [rule, has] of Object.entries(sets)) {
      const g: number[] = [];
      for (let n = 0; n < heaps.length; n++) {
        const options = new Set<number>();
        for (let s = 1; s <= n; s++) if (has(s)) options.add(g[n - s]);
        let mex = 0;
        while (options.has(mex)) mex++;
        g.push(mex);
      }
      const found = reports.find((r) => r.game.name === `t-${rule}`)!.result!.components[0].parts;
      assert.deepEqual(found, g.map(BigInt), rule);
    }
    const byName = new Map(reports.map((r) => [r.game.name, r.result!]));
    assert.deepEqual(byName.get('squares-pile')!.components[0].parts, [0n, 0n]);
    assert.equal(byName.get('powers-pile')!.nimber, 1n);
    // Every winning move of the contest sum, applied to the text, leaves a P-position.
    const contest = reports.find((r) => r.game.name === 'contest')!;
    assert.ok(contest.winningMoves.length > 0);
    for (const move of contest.winningMoves) {
      const after = report(play(text, move)).games.find((r) => r.game.name === 'contest')!;
      assert.equal(after.result!.outcome, 'P', move.after);
    }
  });

  it("version 3's take-and-break codes: the examples' values, and Lasker's Nim huge heaps played back", () => {
    const text = readFileSync(repositoryPath('test', 'fixtures', 'valid', 'contract-v3-codes.game'), 'utf8');
    const { games } = report(text);
    const byName = new Map(games.map((g) => [g.game.name, g.result!]));
    assert.deepEqual(
      byName.get('a')!.components.map((c) => c.nimber),
      [0n, 6n],
    );
    assert.equal(byName.get('a')!.nimber, 6n);
    for (const game of games) {
      for (const move of game.winningMoves) {
        const after = report(play(text, move)).games.find((r) => r.game.name === game.game.name)!;
        assert.equal(after.result!.outcome, 'P', `${game.game.name}: ${move.after}`);
      }
    }
  });

  it("version 3's staircase and picture examples: the values in their comments; every winning move played", () => {
    const text = readFileSync(repositoryPath('test', 'fixtures', 'valid', 'contract-v3-stairs.game'), 'utf8');
    const byName = new Map(report(text).games.map((g) => [g.game.name, g]));
    assert.equal(byName.get('stairs')!.result!.nimber, 6n);
    assert.deepEqual(
      byName.get('stairs')!.winningMoves.map((m) => m.after),
      ['staircase [3, 2, 3, 2]'],
    );
    assert.equal(byName.get('tree')!.result!.nimber, 4n);
    assert.equal(byName.get('loop')!.result!.nimber, 1n);
    for (const game of byName.values())
      for (const move of game.winningMoves) {
        const after = report(play(text, move)).games.find((r) => r.game.name === game.game.name)!;
        assert.equal(after.result!.outcome, 'P', `${game.game.name}: ${move.after}`);
      }
  });

  it("version 4's graph with cycles: g1 wins, g2 and g3 lose, g4 and g5 draw, with the values in the comments", () => {
    const text = readFileSync(repositoryPath('test', 'fixtures', 'valid', 'contract-v4-loops.game'), 'utf8');
    const document = analyzeText(text);
    // The one diagnostic is the cycle's hint: no problem.
    assert.deepEqual(
      document.diagnostics.map((d) => [d.severity, d.code]),
      [['hint', 'graph-cycle']],
    );
    const games = reportGames(document, { maxMoves: 1000 });
    const seen = games.map(({ game, result }) => [
      game.name,
      result!.outcome,
      result!.nimber,
      result!.infinite?.map(Number) ?? null,
    ]);
    assert.deepEqual(seen, [
      ['g1', 'N', null, [0]],
      ['g2', 'P', 0n, null],
      ['g3', 'P', 0n, null],
      ['g4', 'D', null, [1]],
      ['g5', 'D', null, []],
    ]);
    // g1's one winning move ends the game: the token on e, no move left.
    const g1 = games[0];
    assert.deepEqual(
      g1.winningMoves.map((m) => m.after),
      ['loops at e'],
    );
    const after = reportGames(analyzeText(play(text, g1.winningMoves[0])), { maxMoves: 10 })[0];
    assert.deepEqual([after.result!.outcome, after.result!.remoteness], ['P', 0]);
    // The draws list the moves that keep them: g4 passes on a, g5 steps round s -> t.
    assert.deepEqual(
      games.slice(3).map((g) => g.drawMoves.map((m) => m.after)),
      [['loops at a + nim 1'], ['loops at t']],
    );
  });

  it('a cut is written as the picture after it: the cut edge and what fell removed, the rest as written', () => {
    const cases: [string, string, string][] = [
      ['game t = hackenbush { ground - a, a - b }', 'ground - a', 'hackenbush { }'],
      ['game t = hackenbush { ground - a, a - b } + nim 1', 'a - b', 'hackenbush { ground - a } + nim 1'],
      ['game t = hackenbush {ground - a,a - b,  a - c} + nim 2', 'a - c', 'hackenbush {ground - a,a - b} + nim 2'],
      ['game t = hackenbush { ground - a } { ground - b, b - c }', 'b - c', 'hackenbush { ground - a } { ground - b }'],
      ['game t = hackenbush { a - b, ground - a, a - c, c - a }', 'ground - a', 'hackenbush { }'],
      ['game t = hackenbush { ground - a, a - b, b - c } + nim 2', 'b - c', 'hackenbush { ground - a, a - b } + nim 2'],
    ];
    for (const [text, cut, after] of cases) {
      const moves = report(text).games[0].winningMoves;
      const move = moves.find((m) => m.label.includes(`cut ${cut}`));
      assert.ok(move, `${text}: a move cuts ${cut} (${moves.map((m) => m.label)})`);
      assert.equal(move.after, after, text);
    }
    // Over several lines: comments and line breaks stay.
    const text = 'game t = hackenbush {\n  ground - a, a - b  # a stalk\n  ground - c\n}';
    const move = report(text).games[0].winningMoves.find((m) => m.label.includes('cut a - b'))!;
    assert.equal(play(text, move), 'game t = hackenbush {\n  ground - a  # a stalk\n  ground - c\n}');
    assert.equal(move.description, 'cut `a - b`');
  });

  it('`hackenbush` and `ground` are contextual words: files that use them as names keep their meaning', () => {
    const rule = report('rule hackenbush = subtract {1}\ngame g = hackenbush 3');
    assert.equal(rule.games[0].result!.nimber, 1n);
    const graph = report('graph g {\n  ground -> a\n}\ngame ground = g at ground');
    assert.equal(graph.games[0].result!.nimber, 1n);
  });

  it('every winning cut of random sums with pictures, applied to the text, leaves a P-position', () => {
    const next = random(311);
    const int = (max: number) => Math.floor(next() * (max + 1));
    const names = ['ground', 'a', 'b', 'c', 'd', 'e'];
    let moves = 0;
    for (let trial = 0; trial < 150; trial++) {
      const picture = () => {
        const edges = Array.from({ length: int(7) }, () => {
          const v = 1 + int(4);
          return `${names[next() < 0.15 ? v : int(v)]} - ${names[v]}`;
        });
        return `{ ${edges.join(', ')} }`;
      };
      const parts = Array.from({ length: 1 + int(1) }, () =>
        int(3) === 0 ? `nim ${int(5)}` : `hackenbush ${Array.from({ length: 1 + int(1) }, picture).join(' ')}`,
      );
      const text = `game g = ${parts.join(' + ')}\n`;
      const document = analyzeText(text);
      const game = reportGames(document, { maxMoves: 1000 })[0];
      if (game.result!.outcome === 'P') assert.equal(game.winningMoves.length, 0, text);
      for (const move of game.winningMoves) {
        const after = analyzeText(play(text, move));
        const what = `${text} after ${move.label}: ${after.file.text} ${after.diagnostics.map((d) => d.message)}`;
        assert.equal(reportGames(after, { maxMoves: 10 })[0].result?.outcome, 'P', what);
        moves++;
      }
    }
    assert.ok(moves > 60, `${moves} moves played`);
  });

  it('winning moves under random codes with `!` and groups: as many as brute force finds, each to a P-position', () => {
    const next = random(263);
    const int = (max: number) => Math.floor(next() * (max + 1));
    for (let trial = 0; trial < 60; trial++) {
      const digits = [[0, 4][int(1)], ...Array.from({ length: 1 + int(2) }, () => int(7))];
      const repeat = int(1) === 1 ? 1 + int(digits.length - 2) : 0;
      const distinct = digits.flatMap((d, k) => (d & 4 && int(1) === 1 ? [k] : []));
      const written = digits
        .map((d, k) => `${k === digits.length - repeat && repeat > 0 ? '[' : ''}${d}${distinct.includes(k) ? '!' : ''}`)
        .join('')
        .replace(/^(\d!?)/, '$1.');
      const heaps = [1 + int(20), int(20)];
      const text = `rule c = octal ${written}${repeat > 0 ? ']' : ''}\ngame g = c ${heaps.join(' ')}`;
      const game = report(text).games[0];
      const g = bruteCode({ digits, distinct, repeat }, 42);
      assert.equal(game.result!.nimber, BigInt(g[heaps[0]] ^ g[heaps[1]]), text);
      // Brute force: every option of each heap whose value makes the sum 0.
      let count = 0;
      for (const [i, n] of heaps.entries()) {
        const rest = g[heaps[1 - i]];
        if (i === 1 && heaps[1] === heaps[0]) continue; // equal heaps: the same moves, listed once
        for (const option of codeOptions({ digits, distinct, repeat }, n))
          if (option.reduce((x, m) => x ^ g[m], rest) === 0) count++;
      }
      assert.equal(game.winningMoves.length, count, text);
      for (const move of game.winningMoves) assert.equal(report(play(text, move)).games[0].result!.outcome, 'P', text);
    }
  });

  it('moves are written as the contract says', () => {
    const cases: [string, string][] = [
      ['game w = wythoff (3, 6)', 'wythoff (3, 5)'],
      ['game l = leftmost [3, 1]', 'leftmost [1, 1]'],
      ['game s = staircase [3, 0, 5, 2]', 'staircase [3, 2, 3, 2]'],
      ['game s = staircase [1, 4] [0, 0, 2]', 'staircase [1, 4] [0, 1, 1]'],
      ['game s = staircase [2]', 'staircase [0]'],
      ['rule dict = words {"ab", "ba", "c"}\ngame t = dict "abcab"', 'dict "ab" "ab"'],
      ['rule d = words {"ab"}\ngame t = d "ab"', 'd ""'],
    ];
    for (const [text, after] of cases) {
      const { games } = report(text);
      const afters = games[0].winningMoves.map((m) => m.after);
      assert.ok(afters.includes(after), `${text}: ${JSON.stringify(afters)} includes ${after}`);
    }
  });

  it('every winning move of random classic sums, applied to the text, leaves a P-position', () => {
    const next = random(71);
    const int = (max: number) => Math.floor(next() * (max + 1));
    const letters = 'abc';
    const word = (max: number) => Array.from({ length: 1 + int(max - 1) }, () => letters[int(2)]).join('');
    let moves = 0;
    for (let trial = 0; trial < 150; trial++) {
      const words = [...new Set(Array.from({ length: 1 + int(2) }, () => word(2)))];
      const parts = Array.from({ length: 1 + int(2) }, () => {
        switch (int(4)) {
          case 4:
            return `${next() < 0.5 ? 'h' : 'x'} ${int(9)} ${int(9)}`;
          case 0:
            return `wythoff ${Array.from({ length: 1 + int(1) }, () => `(${int(9)}, ${int(9)})`).join(' ')}`;
          case 1: {
            const row = () => `[${Array.from({ length: int(3) }, () => int(4)).join(', ')}]`;
            return `leftmost ${Array.from({ length: 1 + int(1) }, row).join(' ')}`;
          }
          case 2:
            return `d ${Array.from({ length: 1 + int(1) }, () => `"${word(6)}"`).join(' ')}`;
          default:
            return `nim ${int(7)} ${int(7)}`;
        }
      });
      const code = `4.${Array.from({ length: 1 + int(2) }, () => int(7)).join('')}`;
      const hexHead = ['0', '4', '8', 'C'][int(3)];
      const hex = `${hexHead}.${Array.from({ length: 1 + int(1) }, () => '0123456789ABCDEF'[int(15)]).join('')}`;
      const text =
        `rule d = words {${words.map((w) => `"${w}"`).join(', ')}}\nrule h = octal ${code}\nrule x = ` +
        `hex ${hex}\ngame g = ${parts.join(' + ')}\n`;
      const { games } = report(text);
      const game = games[0];
      if (game.result!.outcome === 'P') assert.equal(game.winningMoves.length, 0);
      for (const move of game.winningMoves) {
        const after = play(text, move);
        const { games: replies } = report(after);
        assert.equal(replies[0].result!.outcome, 'P', `${text.trim()}\n  after ${move.label}:\n${after.trim()}`);
        moves++;
      }
    }
    assert.ok(moves > 50, `${moves} moves played`);
  });

  it('a staircase move rewrites only its two steps, keeping the spacing written between them', () => {
    const text = 'game s = staircase [3,0 ,   5,2]  # the contract';
    const [move] = report(text).games[0].winningMoves;
    assert.equal(play(text, move), 'game s = staircase [3,2 ,   3,2]  # the contract');
    assert.equal(move.label, 'staircase [3, 0, 5, 2] → [3, 2, 3, 2]');
    assert.equal(move.description, 'move 2 coins from step 3 to step 2');
  });

  it('`staircase` is a contextual word: a file that declares it keeps its own meaning', () => {
    const rule = report('rule staircase = subtract {1}\ngame g = staircase 3 4');
    assert.deepEqual(rule.games[0].result!.components[0].parts, [1n, 0n]);
    const graph = report('graph staircase { a -> b }\ngame g = staircase at a');
    assert.equal(graph.games[0].result!.nimber, 1n);
    const game = report('game staircase = staircase [1]');
    assert.equal(game.games[0].result!.nimber, 1n);
  });

  it('every winning move of random sums with staircases, applied to the text, leaves a P-position', () => {
    const next = random(307);
    const int = (max: number) => Math.floor(next() * (max + 1));
    let moves = 0;
    for (let trial = 0; trial < 150; trial++) {
      const stairs = () => `[${Array.from({ length: int(5) }, () => int(12)).join(', ')}]`;
      const parts = Array.from({ length: 1 + int(2) }, () =>
        int(2) === 0 ? `nim ${int(9)}` : `staircase ${Array.from({ length: 1 + int(1) }, stairs).join(' ')}`,
      );
      const text = `game g = ${parts.join(' + ')}\n`;
      const game = report(text).games[0];
      if (game.result!.outcome === 'P') assert.equal(game.winningMoves.length, 0, text);
      for (const move of game.winningMoves) {
        assert.equal(report(play(text, move)).games[0].result!.outcome, 'P', `${text} after ${move.label}`);
        moves++;
      }
    }
    assert.ok(moves > 60, `${moves} moves played`);
  });

  it('examples/classics.game has no diagnostics, and its comments are right', () => {
    const { games } = report(readFileSync(repositoryPath('examples', 'classics.game'), 'utf8'));
    const byName = new Map(games.map((g) => [g.game.name, g]));
    assert.equal(byName.get('queen')!.result!.outcome, 'P');
    assert.deepEqual(
      byName.get('corner')!.winningMoves.map((m) => m.after),
      ['wythoff (4, 7)'],
    );
    assert.equal(byName.get('giant')!.result!.outcome, 'N');
    assert.equal(byName.get('rows')!.result!.outcome, 'P');
    assert.ok(byName.get('tracy')!.winningMoves.some((m) => m.after === 'dict "ab" "ab"'));
  });
});
