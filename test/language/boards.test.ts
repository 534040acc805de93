// Boards and graph games in the language (contract version 4, part 3): the contract's examples mean what their
// comments say; every winning move, written back into the text as the contract says, leaves a game the player to
// move loses; and the identities the issue names hold through the text: Cram on one row and Arc Kayles on a path are
// Dawson's Kayles (`octal 0.07`), Node Kayles on a path is Dawson's chess (`octal 0.137`), even × even Cram boards
// are 0, rectangular Chomp boards are first-player wins, and two-row Chomp [a, a − 1] is 0.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { reportGames } from '../../server/src/analysis/gameReport';
import { ruleSequence } from '../../server/src/engine';
import { analyzeText } from '../../server/src/language/analyze';
import { repositoryPath } from '../helpers/paths';

function report(text: string) {
  const document = analyzeText(text);
  assert.deepEqual(
    document.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
    [],
  );
  return reportGames(document, { maxMoves: 1000 });
}

/** The text after a written move. */
function play(text: string, move: { edit: { span: { start: number; end: number }; newText: string } }): string {
  return text.slice(0, move.edit.span.start) + move.edit.newText + text.slice(move.edit.span.end);
}

describe('boards and graph games in .game files', () => {
  const contract = readFileSync(repositoryPath('test', 'fixtures', 'valid', 'contract-v4-boards.game'), 'utf8');

  it("the contract's examples have the values in their comments", () => {
    const values = new Map(report(contract).map((g) => [g.game.name, g.result?.nimber]));
    assert.deepEqual(Object.fromEntries(values), { c1: 1n, k1: 3n, k2: 0n, ch: 1n, two: 0n });
  });

  it("every winning move of the contract's examples, written back, leaves a game the player to move loses", () => {
    let moves = 0;
    for (const game of report(contract))
      for (const move of game.winningMoves) {
        const after = play(contract, move);
        const again = report(after).find((g) => g.game.name === game.game.name)!;
        assert.equal(again.result?.nimber, 0n, `${game.game.name}: ${move.label} leaves ${again.result?.nimber}`);
        moves++;
      }
    assert.ok(moves >= 10, `${moves} moves`);
  });

  it("Cram on one row and Arc Kayles on a path are Dawson's Kayles; Node Kayles on a path is Dawson's chess", () => {
    const dawsonKayles = ruleSequence({ kind: 'octal', digits: [0, 0, 7] }, {}, { stopAt: 30 }).values;
    const dawsonChess = ruleSequence({ kind: 'octal', digits: [0, 1, 3, 7] }, {}, { stopAt: 30 }).values;
    const lines: string[] = [];
    for (let n = 1; n <= 30; n++) {
      const path = Array.from({ length: n - 1 }, (_, i) => `v${i} - v${i + 1}`);
      const graph = n === 1 ? '{ v0 }' : `{ ${path.join(', ')} }`;
      lines.push(`game row${n} = cram ["${'.'.repeat(n)}"]`, `game arc${n} = arc-kayles ${graph}`);
      lines.push(`game node${n} = node-kayles ${graph}`);
    }
    const values = new Map(report(lines.join('\n')).map((g) => [g.game.name, g.result?.nimber]));
    for (let n = 1; n <= 30; n++) {
      assert.equal(values.get(`row${n}`), BigInt(dawsonKayles[n]), `cram row of ${n}`);
      assert.equal(values.get(`arc${n}`), BigInt(dawsonKayles[n]), `arc-kayles path of ${n} vertices`);
      assert.equal(values.get(`node${n}`), BigInt(dawsonChess[n]), `node-kayles path of ${n} vertices`);
    }
  });

  it('even × even Cram boards are 0; rectangular Chomp boards are wins; two-row Chomp [a, a − 1] is 0', () => {
    const lines: string[] = [];
    for (const [h, w] of [
      [2, 2],
      [2, 4],
      [4, 4],
      [2, 6],
      [4, 6],
      [6, 6],
    ])
      lines.push(`game cram${h}x${w} = cram [${Array.from({ length: h }, () => `"${'.'.repeat(w)}"`).join(', ')}]`);
    for (let h = 1; h <= 8; h++)
      for (let w = 1; w <= 8; w++) lines.push(`game chomp${h}x${w} = chomp [${Array(h).fill(w).join(', ')}]`);
    for (let a = 2; a <= 40; a++) lines.push(`game two${a} = chomp [${a}, ${a - 1}]`);
    for (const game of report(lines.join('\n'))) {
      const name = game.game.name;
      if (name.startsWith('cram')) assert.equal(game.result?.nimber, 0n, name);
      else if (name === 'chomp1x1') assert.equal(game.result?.outcome, 'P', name);
      else if (name.startsWith('chomp')) assert.equal(game.result?.outcome, 'N', name);
      else assert.equal(game.result?.nimber, 0n, name);
    }
  });
});
