// `grundy analyze FILE`: every game of a file, its value, outcome and winning moves, written one at
// a time as soon as it is known, after the file's diagnostics (check.ts). Its own module because it
// is the one command that reads many games at once: they share the engine's cache (a rule's values,
// Wythoff's table, a misère quotient: each grown once, to its own limit), which is let go before
// the memory ceiling stops the games.
import { getHeapStatistics } from 'node:v8';
import { type GameReport, INVALID_GAME_REASON, reportGame, shownNimber } from '../analysis/gameReport';
import { infiniteValueText, remotenessWords, reportOutcomeWords, shownValue } from '../analysis/wording';
import { createEngineCache, trimCache } from '../engine';
import { LIMITS } from '../engine/limits';
import { decidedByText } from '../engine/misere';
import { StreamedText } from '../language/analyze';
import { type GameSymbol, heapRuleNames } from '../language/model';
import type { LineIndex } from '../language/text';
import { type Options, pastBudget, runBudget } from './args';
import { diagnosticsOf, hasErrors, printDiagnostics, readDocumentText } from './check';
import { memoryLimitWords } from './memory';
import { LimitReached, type SyncOutput } from './output';

export function analyze(file: string, options: Options, out: SyncOutput): number {
  const text = readDocumentText(file);
  // The diagnostics come first, so the games are read once for them, then again to be reported.
  const streamed = new StreamedText(text);
  const diagnostics = diagnosticsOf(streamed.analyze(() => {}));
  const lines = streamed.lines;
  // No game shares its limits with another: each computation stops at its own limit of work
  // (engine/limits.ts), so a game's answer is the one it gets alone. Only an explicit --budget-ms
  // cuts the run, between games or inside one, and then the run ends there and says so.
  const budget = runBudget(options);
  const cache = createEngineCache();
  const document = { file: { text } };
  let done = 0;
  // This thread's heap is the ceiling (see fileWorker.ts): the computed values are let go first
  // (the engine's cache, oldest first), and the games stop only when that is not enough.
  const stopBetweenGames = () => {
    const heap = getHeapStatistics();
    if (heap.used_heap_size < 0.6 * heap.heap_size_limit) return;
    trimCache(cache, 0);
    const after = getHeapStatistics();
    if (after.used_heap_size > 0.85 * after.heap_size_limit) {
      out.line(options.json ? ']}' : '');
      throw new LimitReached(
        `${memoryLimitWords()} after ${done.toLocaleString('en-US')} games, every one of which is written above`,
      );
    }
  };
  // One game at a time, written as soon as it is known, from inside the analysis: neither the
  // games nor their reports are ever all held.
  const report = (game: GameSymbol) => {
    if (done % 64 === 0) stopBetweenGames();
    const cut = () => {
      out.line(options.json ? ']}' : '');
      const where = `game ${game.name} (line ${lines.positionAt(game.declaration.start).line + 1})`;
      throw new LimitReached(
        `the --budget-ms of ${options.budgetMs} ms ran out at ${where}; the ${done.toLocaleString('en-US')} ` +
          `game${done === 1 ? '' : 's'} written above ${done === 1 ? 'is' : 'are'} finished`,
      );
    };
    if (pastBudget(budget)) cut();
    const r = reportGame(document, game, {
      budget,
      cache,
      maxMoves: options.maxMoves,
      quotientWork: LIMITS.quotientWork,
      remoteness: 'full',
    });
    // A game the cap cut short is not written as if it were its answer.
    if (pastBudget(budget)) cut();
    if (options.json) {
      const result = r.result;
      const ruleNames = heapRuleNames(r.game);
      const reason = result ? result.reason : INVALID_GAME_REASON;
      const entry = {
        name: r.game.name,
        line: lines.positionAt(r.game.declaration.start).line + 1,
        play: r.game.play,
        nimber: result?.nimber == null ? null : result.nimber.toString(),
        // The value as written: `*3`, or Smith's `∞(0)` on a graph with cycles (no nimber); null in misère play.
        value:
          result?.nimber != null ? `*${result.nimber}` : result?.infinite ? infiniteValueText(result.infinite) : null,
        outcome: result?.outcome ?? null,
        ...(reason ? { reason } : {}),
        ...(result?.decidedBy
          ? { decidedBy: { theory: result.decidedBy.theory, text: decidedByText(result.decidedBy, ruleNames) } }
          : {}),
        ...(result?.remoteness !== undefined ? { remoteness: result.remoteness } : {}),
        components: r.componentTexts.map((text, i) => {
          const nimber = shownNimber(r.game, result, i);
          return { text, nimber: nimber === null ? null : nimber.toString(), value: shownValue(r.game, result, i) };
        }),
        winningMoves: r.winningMoves.map((m) => ({ description: m.description, after: m.after })),
        winningMoveCount: (result?.winningMoveCount ?? 0n).toString(),
        ...(result?.outcome === 'D' && result.drawMoves
          ? { drawMoves: r.drawMoves.map((m) => ({ description: m.description, after: m.after })) }
          : {}),
      };
      out.line(`${done === 0 ? '' : ','}${JSON.stringify(entry)}`);
    } else printGame(lines, r, out);
    done++;
  };
  if (options.json) out.line(`{"diagnostics":${JSON.stringify(diagnostics)},"games":[`);
  else if (diagnostics.length > 0) printDiagnostics(file, diagnostics, out);
  streamed.gamesAgain(report);
  if (options.json) out.line(']}');
  else if (done === 0) out.line(`${file}: no games`);
  return hasErrors(diagnostics) ? 1 : 0;
}

/**
 * Texts longer than this (a big picture, a heap of a million digits) are shortened in the text
 * output; --json has them whole.
 */
const SHOWN_TEXT = 200;

/** A text for people, bounded: its start and end, and how long it is. */
function shownText(text: string): string {
  if (text.length <= SHOWN_TEXT) return text;
  return `${text.slice(0, 120)} … ${text.slice(-60)} (${text.length.toLocaleString('en-US')} characters)`;
}

function printGame(lines: LineIndex, report: GameReport, out: SyncOutput): void {
  const { game, result } = report;
  const line = lines.positionAt(game.declaration.start).line + 1;
  const nimber = result?.nimber ?? null;
  const value =
    nimber !== null
      ? `*${nimber}`
      : result?.infinite
        ? infiniteValueText(result.infinite)
        : game.play === 'misere'
          ? 'misère'
          : 'no nimber';
  const outcome = result?.outcome ?? null;
  out.line(`\ngame ${game.name} (line ${line}): ${value}, ${outcome ?? '?'}: ${reportOutcomeWords(report)}`);
  if (!result) return;
  if (result.reason && outcome !== null) out.line(`  (${result.reason})`);
  if (result.decidedBy) out.line(`  decided by ${decidedByText(result.decidedBy, heapRuleNames(game))}`);
  const lasts = remotenessWords(result);
  if (lasts) out.line(`  with best play ${lasts} (remoteness ${result.remoteness})`);
  else if (outcome === 'D') out.line('  remoteness ∞: with best play the game never ends');
  else if (result.remotenessReason) out.line(`  remoteness not found: ${result.remotenessReason}`);
  const texts = report.componentTexts.map(shownText);
  const width = Math.max(...texts.map((text) => text.length));
  texts.forEach((text, i) => out.line(`  ${text.padEnd(width)}  ${shownValue(game, result, i) ?? ''}`));
  if (outcome === 'D' && result.drawMoves) {
    out.line(
      `  moves that keep the draw (${report.drawMoves.length}${result.drawMovesReason ? ', none listed' : ''}):`,
    );
    if (result.drawMovesReason) out.line(`    (${result.drawMovesReason})`);
    for (const m of report.drawMoves) out.line(`    ${m.description}  →  ${shownText(m.after)}`);
  }
  if (outcome !== 'N') return;
  const count = result.winningMoveCount;
  out.line(`  winning move${count === 1n ? '' : 's'} (${count}):`);
  for (const m of report.winningMoves) out.line(`    ${m.description}  →  ${shownText(m.after)}`);
  const more = count - BigInt(report.winningMoves.length);
  if (more > 0n) out.line(`    … and ${more} more`);
}
