/**
 * The Sprague–Grundy engine: nimbers of heaps, graph vertices and Treblecross rows.
 *
 * API
 *   ruleKey(rule): string                              canonical name; cache sequences by it
 *   ruleSequence(rule, budget?, options?): HeapSequence the nimbers of a heap rule, with a proved
 *       (arithmetic) period when one is found; options.stopAt stops at a heap, options.findPeriod
 *       = false computes plain values, options.resume continues an earlier result
 *   sequenceNimber(sequence, heap): bigint | undefined  a heap's nimber read from a sequence
 *   heapNimber(rule, heap, budget?, cached?): HeapNimber one heap (bigint, e.g. 10^100), computing
 *       only as far as needed; returns the sequence used, for caching
 *   graphNimbers(graph, budget?): GraphNimbers          every vertex of a CSR graph; cycles reported
 *   graphValues(graph, budget?, cache?): GraphNimbers   the same, with Smith's values (∞) where there are cycles
 *   analyzeTreblecross(cells, budget?, sequence?)       over / immediate win / nimber and segments
 *   treblecrossMovesTo(analysis, target): number[]      every safe cell moving the row to `target`
 *   TREBLECROSS_OCTAL                                   0.007, whose sequence Treblecross reads
 *   analyzeGame(game, {budget, cache, maxMoves})        a whole sum: nimber, outcome, every winning
 *       move (listed up to maxMoves, counted exactly), normal or misère play
 *   createEngineCache()                                 sequences and graph nimbers to share between calls
 *   rememberSequence(cache, sequence)                   keeps the better of a cached and a new sequence
 *   trimCache(cache, maxBytes)                          drops the oldest cached values down to a size
 *
 * Invariants
 *   - Pure: plain data in, plain data out; no I/O, no editor or LSP types, no global state. Results
 *     are never mutated after they are returned, so they may be cached and shared.
 *   - No recursion whose depth depends on the input: heaps of 10^6, chains of 10^6 vertices are fine.
 *   - Every long computation takes a Budget (maxValues, deadline, isCancelled), polls the clock and
 *     the callback every few thousand steps, and on running out returns what it has with a reason
 *     ("nimbers computed up to n = …"), never hangs or throws. A sequence's memory is bounded too
 *     (Budget.maxSequenceBytes, 1 GiB by default), whatever the other limits say.
 *   - Nothing unproved is claimed. A reported Periodicity is proved by a theorem whose finite
 *     hypothesis was checked on the computed values: the window argument for subtraction sets
 *     (subtraction.ts), the Guy–Smith theorem for octal games (octal.ts, stated and proved there),
 *     an analogous window argument on first occurrences for `subtract all except` (allBut.ts), and
 *     G(n) = n for Nim. Reported periods and preperiods are the smallest ones. Without a proof only
 *     the computed prefix is used, and heaps beyond it have no nimber.
 *   - Treblecross is reduced to 0.007 on runs of safe cells (treblecross.ts); 0.007 has no known
 *     period, so its values are computed as far as the row needs.
 */
export { DEFAULT_SEQUENCE_BYTES, describeStop, sequenceLengthLimit } from './budget';
export { graphNimbers, graphValues } from './families/tokens';
export { analyzeTreblecross, TREBLECROSS_OCTAL, treblecrossMovesTo, winningCells } from './families/treblecross';
export {
  analyzeGame,
  type ComponentAnalysis,
  createEngineCache,
  type EngineCache,
  type GameAnalysis,
  type GameOptions,
  MISERE_MAX_HEAP,
  type Outcome,
  rememberSequence,
  trimCache,
  xRuns,
} from './game';
export type * from './gameTypes';
export { heapNimber, ruleKey, ruleSequence, type SequenceOptions, sequenceNimber } from './heaps/heap';
export { subtractionMexKernelLoaded } from './heaps/infiniteSubtraction';
export { octalScanKernelLoaded } from './heaps/octal';
export type * from './types';
