// Everything behind the front end must survive whatever the front end lets through: every game of
// thousands of mutated documents is evaluated (on a small budget) without an exception, and every
// winning move it reports, applied as the text edit the editor would make, leaves a document whose
// game still checks and is now a P-position.
import * as assert from 'node:assert/strict';
import { reportGame, reportGames } from '../../server/src/analysis/gameReport';
import { createEngineCache } from '../../server/src/engine';
import { analyzeText } from '../../server/src/language/analyze';
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
});
