// Everything behind the front end must survive whatever the front end lets through: every game of
// thousands of mutated documents is evaluated (on a small budget) without an exception, and every
// winning move it reports, applied as the text edit the editor would make, leaves a document whose
// game still checks and is now a P-position.
import * as assert from 'node:assert/strict';
import { gameInput, reportGame, reportGames } from '../../server/src/analysis/gameReport';
import { createEngineCache } from '../../server/src/engine';
import { analyzeText } from '../../server/src/language/analyze';
import { bruteHeapsOf, canMove, MisereBrute, mixedMisereDocument, tokensOf } from '../helpers/misereBrute';
import { fuzzSeeds, mutate, random } from '../helpers/mutate';

describe('analysis fuzzing', () => {
  const examples = fuzzSeeds();

  it('3,000 mutated documents: each game has a value or a reason; winning moves, applied, leave P-positions', () => {
    const next = random(4242);
    const cache = createEngineCache();
    let evaluated = 0;
    let movesApplied = 0;
    for (let i = 0; i < 3000; i++) {
      const text = mutate(examples[i % examples.length], next);
      const document = analyzeText(text);
      let reports: ReturnType<typeof reportGames>;
      try {
        reports = reportGames(document, {
          budget: { maxValues: 20_000, deadline: Date.now() + 2000 },
          cache,
          maxMoves: 20,
        });
      } catch (cause) {
        assert.fail(
          `document ${i} threw ${cause instanceof Error ? cause.stack : String(cause)}:\n${JSON.stringify(text)}`,
        );
      }
      for (const report of reports) {
        const result = report.result;
        if (!result) continue;
        evaluated++;
        if (result.outcome === null)
          assert.ok(result.reason, `game ${report.game.name} of document ${i} has no outcome and no reason`);
        if (result.outcome === 'P') assert.equal(report.winningMoves.length, 0);
        // Apply at most two moves per game: enough to catch a move written to the wrong place.
        for (const move of report.winningMoves.slice(0, 2)) {
          const { span, newText } = move.edit;
          const edited = text.slice(0, span.start) + newText + text.slice(span.end);
          const after = analyzeText(edited);
          const game = after.model.games.find((g) => g.name === report.game.name);
          assert.ok(game?.valid, `after ${move.label} in document ${i}:\n${edited}`);
          const reply = reportGame(after, game!, { cache });
          // (a Treblecross win at once leaves three in a row: the game is over, lost for the player to move)
          assert.equal(
            reply.result!.outcome,
            'P',
            `after ${move.label} in document ${i}, ${game!.name} should be lost for the player to move:\n${edited}`,
          );
          movesApplied++;
        }
      }
    }
    assert.ok(evaluated > 3000 && movesApplied > 1000, `${evaluated} games evaluated, ${movesApplied} moves applied`);
  });

  it('300 mixed misère documents: decided as the brute force says, or unknown with a reason; moves leave P', () => {
    // Issue 44: misère sums of heaps and rows of several rules, generated (a quarter of them mutated). A sum of at
    // most 12 tokens is decided as the brute force from the rules says; each winning move, applied as the editor's
    // edit, leaves a sum the brute force and the engine both call a P-position.
    const next = random(4444);
    const cache = createEngineCache();
    const brute = new MisereBrute();
    let compared = 0;
    let unknown = 0;
    let movesApplied = 0;
    for (let i = 0; i < 300; i++) {
      const generated = mixedMisereDocument(next, { big: 0.02 });
      const text = i % 4 === 3 ? mutate(generated.text, next) : generated.text;
      const document = analyzeText(text);
      let reports: ReturnType<typeof reportGames>;
      try {
        reports = reportGames(document, {
          budget: { maxValues: 20_000, deadline: Date.now() + 100 },
          cache,
          maxMoves: 20,
        });
      } catch (cause) {
        assert.fail(
          `document ${i} threw ${cause instanceof Error ? cause.stack : String(cause)}:\n${JSON.stringify(text)}`,
        );
      }
      for (const report of reports) {
        const { game, result } = report;
        if (!result || game.play !== 'misere') continue;
        const where = `${game.name} of document ${i}:\n${text}`;
        if (result.outcome === null) {
          assert.ok(result.reason?.trim(), `no outcome and no reason: ${where}`);
          unknown++;
          continue;
        }
        if (result.outcome === 'P') assert.equal(result.winningMoveCount, 0n, `a P-position's winning moves: ${where}`);
        const heaps = bruteHeapsOf(gameInput(game).components);
        if (!heaps || tokensOf(heaps) > 12) continue;
        assert.equal(result.outcome, brute.isP(heaps) ? 'P' : 'N', `${result.decidedBy?.text}: ${where}`);
        // An N-position has a winning move, unless the player to move has none at all (and so has won).
        assert.equal(result.winningMoveCount > 0n, result.outcome === 'N' && canMove(heaps), `winning moves: ${where}`);
        compared++;
        for (const move of report.winningMoves.slice(0, 2)) {
          const { span, newText } = move.edit;
          const edited = text.slice(0, span.start) + newText + text.slice(span.end);
          const after = analyzeText(edited);
          const moved = after.model.games.find((g) => g.name === game.name);
          assert.ok(moved?.valid, `after ${move.label} in ${where}`);
          const left = bruteHeapsOf(gameInput(moved!).components)!;
          assert.ok(brute.isP(left), `after ${move.label}, ${game.name} is won for the player to move:\n${edited}`);
          assert.equal(reportGame(after, moved!, { cache }).result!.outcome, 'P', `the engine, after ${move.label}`);
          movesApplied++;
        }
      }
    }
    assert.ok(compared > 900 && movesApplied > 800, `${compared} sums checked, ${movesApplied} moves applied`);
    assert.ok(unknown >= 10, `${unknown} sums not known (each with its reason)`);
  });
});
