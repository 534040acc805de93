// What the language server asks its workers, and what they answer: plain, structured-cloneable
// data (bigints and typed arrays survive postMessage). `runJob` is the whole of a worker's
// work; it is pure apart from the engine cache it is given, so tests may call it directly.
import {
  analyzeGame,
  type ComponentAnalysis,
  type EngineCache,
  type GameAnalysis,
  graphValues,
  rememberSequence,
  ruleKey,
  ruleSequence,
} from '../engine';
import { timeShare } from '../engine/budget';
import { decimalText } from '../engine/decimal';
import { type MovesTable, movesTable, type WythoffTable, wythoffTable } from '../engine/families';
import type { GameInput } from '../engine/gameTypes';
import { extendedValue, observedRegularity } from '../engine/heaps';
import { LIMITS, withSequenceLimit } from '../engine/limits';
import {
  cachedJointQuotient,
  cachedMisereQuotient,
  type GeneraResult,
  heapGenera,
  type JointMisereQuotient,
  type MisereQuotient,
  type QuotientWanted,
  quotientRuleOf,
  stopIsFinal,
} from '../engine/misere';
import { GAME_REMOTENESS_LIMITS, type GameRemoteness, gameRemoteness, QUICK_REMOTENESS_LIMITS } from '../engine/search';
import type {
  Budget,
  GraphData,
  GraphNimbers,
  HeapRule,
  HeapSequence,
  Periodicity,
  Rule,
  StopCause,
  TreblecrossSegment,
} from '../engine/types';
import { withShortNumbers } from '../language/numberText';
import { type GameTreeNode, gameTreeNode } from './gameTree';
import { type ReplyChoice, replyChoice, type TokenMoved } from './reply';

export { type ReplyChoice, type ReplyOptions, replyChoice, type TokenMoved } from './reply';

/** A quotient job computes at least this far (Kayles' is proved at heap 167), unless proved sooner. */
export const QUOTIENT_SEARCH_FLOOR = 400;
/** The genus is a brute force (its work grows about 2.5 times each 4 heaps: Kayles to 24 in 1 s). */
export const GENUS_MAX_HEAP = 24;

export type Job =
  /**
   * `quotientsGrowApart`: a misère sum of one rule's heaps whose quotient the game's own share does
   * not grow far enough says how far it must (the server grows it apart, `quotientGrowth` jobs).
   */
  | {
      readonly kind: 'game';
      readonly input: GameInput;
      readonly maxMoves: number;
      readonly quotientsGrowApart?: boolean;
      /** The work a rule's misère quotient may do for games (engine/game.ts's GameOptions). */
      readonly quotientWork?: number;
      /** Remoteness: the quick search only; a game it does not settle says `remotenessPending` (a `remoteness` job). */
      readonly remotenessApart?: boolean;
    }
  /** A game's remoteness by the longer search (GAME_REMOTENESS_LIMITS), apart from its value (gameResult). */
  | { readonly kind: 'remoteness'; readonly input: GameInput }
  /**
   * A slice of a rule's misère quotient's growth toward heap `to` (or a proof), resumed from the
   * worker's cache where the last slice stopped (the pool runs every job of one rule's quotient on
   * one worker: jobPin). `sliceMs`: no heap is begun after this long (the job's budget, longer, lets
   * the heap in progress finish).
   */
  | {
      readonly kind: 'quotientGrowth';
      readonly rule: HeapRule;
      readonly to: number;
      readonly work?: number;
      readonly sliceMs?: number;
    }
  | { readonly kind: 'rule'; readonly rule: HeapRule }
  /** A rule's values G(0) to G(upTo), for the explorer (SequenceRequest). */
  | { readonly kind: 'sequence'; readonly rule: HeapRule; readonly upTo: number }
  /** Wythoff's nimbers for both heaps up to size (the explorer's heat map). */
  | { readonly kind: 'wythoff'; readonly size: number }
  /** A two-variable rule of one's own's values over a square (the explorer's heat map). */
  | { readonly kind: 'movesTable'; readonly rule: Extract<Rule, { kind: 'movesTuple' }>; readonly size: number }
  | { readonly kind: 'graph'; readonly graph: GraphData }
  /** A rule's misère quotient and its heaps' genus, for the explorer's misère view (QuotientRequest). */
  | { readonly kind: 'quotient'; readonly rule: HeapRule; readonly upTo: number }
  /**
   * The joint misère quotient of several rules (JointQuotientRequest): each rule's heaps to `to` (its key's), a rule
   * with a window theorem further, to a proof of its period, when that comes first.
   */
  | { readonly kind: 'jointQuotient'; readonly rules: readonly HeapRule[]; readonly to: ReadonlyMap<string, number> }
  /** The computer's move in a game (REPLY_COMMAND); `userMove`: the user's last move, when it slid a token. */
  | { readonly kind: 'reply'; readonly input: GameInput; readonly userMove?: TokenMoved }
  /** A number in decimal, whole (NumberAtRequest): printing a long one is superlinear, so not on the main thread. */
  | { readonly kind: 'decimal'; readonly value: bigint }
  /**
   * The game tree's node at the end of `path` (move indexes from the game), its first `maxChildren` children valued
   * (GameTreeRequest); `root`: the root's hash the path was made for (gameTree.ts).
   */
  | {
      readonly kind: 'gameTree';
      readonly input: GameInput;
      readonly path: readonly number[];
      readonly maxChildren: number;
      readonly root?: string;
    };

export type JobResult =
  | { readonly kind: 'game'; readonly game: GameResult }
  | { readonly kind: 'remoteness'; readonly remoteness: { readonly moves: number } | { readonly reason: string } }
  | { readonly kind: 'rule'; readonly rule: RuleSummary }
  | { readonly kind: 'sequence'; readonly sequence: SequenceValues }
  | { readonly kind: 'wythoff'; readonly table: WythoffTable }
  | { readonly kind: 'movesTable'; readonly table: MovesTable }
  | { readonly kind: 'graph'; readonly graph: GraphNimbers }
  | { readonly kind: 'quotient'; readonly quotient: MisereQuotient; readonly genera: GeneraResult }
  | { readonly kind: 'jointQuotient'; readonly quotient: JointMisereQuotient }
  | { readonly kind: 'quotientGrowth'; readonly growth: QuotientGrowth }
  | { readonly kind: 'reply'; readonly reply: ReplyChoice }
  | { readonly kind: 'gameTree'; readonly node: GameTreeNode }
  | { readonly kind: 'decimal'; readonly decimal: { text: string } | { stopped: StopCause } };

/** Where a slice of a quotient's growth got. */
export interface QuotientGrowth {
  readonly ruleKey: string;
  /** The heaps it is exact for, and its elements. */
  readonly heaps: number;
  readonly size: number;
  /** It reached `to`, or a proof for every heap: no more slices are needed. */
  readonly reached: boolean;
  /** It will grow no further (its method's limit, the work it may do for games, or a cancellation), and why. */
  readonly ended?: string;
}

/**
 * The worker a job must run on, by name: every job that grows or reads a rule's misère quotient
 * runs where that quotient is held (pool.ts), so that it is grown once and resumed, not grown
 * again by each worker a game lands on. Undefined: any worker.
 */
export function jobPin(job: Job): string | undefined {
  switch (job.kind) {
    case 'quotientGrowth':
    case 'quotient':
      return `quotient ${ruleKey(job.rule)}`;
    case 'game': {
      if (!job.quotientsGrowApart || job.input.play !== 'misere') return undefined;
      const rule = quotientRuleOf(job.input.components);
      return rule && `quotient ${ruleKey(rule)}`;
    }
    default:
      return undefined;
  }
}

/** A rule's values as far as asked: computed up to `computedUpTo`, the rest read off the proved period. */
export interface SequenceValues {
  readonly key: string;
  /** G(0) … G(values.length - 1): up to the request's `upTo`, or less when the computation stopped unproved. */
  readonly values: Float64Array;
  readonly computedUpTo: number;
  readonly periodicity?: Periodicity;
  /** Why it stopped without a proof (present exactly when there is no periodicity). */
  readonly reason?: string;
  /** Without a proof: a regularity the computed values show, never proved. */
  readonly observed?: Observed;
  /** Set when a budget or a cancellation stopped it. */
  readonly stop?: string;
}

/** A sequence job computes at least this far, looking for a period, whatever it was asked for. */
export const SEQUENCE_SEARCH_FLOOR = 4095;

/** How many of a sequence's first values travel with a summary (hovers show them). */
export const FIRST_VALUES = 32;

/** A heap rule's sequence without its (possibly millions of) values. */
export interface RuleSummary {
  readonly key: string;
  readonly firstValues: readonly number[];
  readonly computedUpTo: number;
  readonly periodicity?: Periodicity;
  /** Why the computation stopped without a proof (present exactly when there is no periodicity). */
  readonly reason?: string;
  /** Without a proof: a regularity the computed values show (period.ts observedRegularity), never proved. */
  readonly observed?: Observed;
}

/**
 * A component's value as the engine gave it (`ComponentAnalysis`: the same fields, same
 * meaning), with the rule's sequence and the Treblecross analysis summarised.
 */
export interface ComponentResult
  extends Pick<ComponentAnalysis, 'status' | 'nimber' | 'parts' | 'reason' | 'infinite' | 'boards'> {
  /** Heaps, octal rows and Treblecross (0.007): the sequence the values came from. */
  readonly rule?: RuleSummary;
  /** Treblecross rows. */
  readonly treblecross?:
    | { readonly status: 'over'; readonly at: number }
    | { readonly status: 'immediate-win'; readonly winningCells: readonly number[] }
    | { readonly status: 'nimber'; readonly segments: readonly TreblecrossSegment[] }
    | { readonly status: 'over-budget' };
}

/** A game's value as the engine gave it (`GameAnalysis`), with its components summarised. */
export interface GameResult
  extends Pick<
    GameAnalysis,
    | 'play'
    | 'nimber'
    | 'infinite'
    | 'outcome'
    | 'reason'
    | 'winningMoves'
    | 'winningMoveCount'
    | 'drawMoves'
    | 'drawMovesReason'
    | 'decidedBy'
  > {
  readonly components: readonly ComponentResult[];
  /** True when a budget or a cancellation stopped some computation: another try may get further. */
  readonly stopped: boolean;
  /** True when what stopped it was the memory limit (a sequence that reached its share of memory). */
  readonly memoryLimited?: boolean;
  /**
   * How many moves the game lasts with best play (Smith's remoteness: the winner wins as fast as it can, the loser
   * holds on as long as it can), when the search reached it; otherwise `remotenessReason` says why not.
   */
  readonly remoteness?: number;
  readonly remotenessReason?: string;
  /** The quick search beside the value did not settle it: a longer one runs apart (Job `remotenessApart`). */
  readonly remotenessPending?: boolean;
  /** Not decided yet: the rule's misère quotient must grow this far first (Job `quotientsGrowApart`). */
  readonly quotientWanted?: QuotientWanted;
  /** Milliseconds the worker spent. */
  readonly elapsedMs: number;
}

/**
 * The memory all computations may take together when nothing says otherwise (MiB): with the server's own, under 1 GiB.
 */
export const DEFAULT_COMPUTATION_MEMORY_MB = 768;

/** How a job's failure begins when its worker reached its memory limit (pool.ts; diagnostics say what to change). */
export const MEMORY_LIMIT_FAILURE = 'stopped at the memory limit';

/** A regularity seen in computed values, not proved. */
export interface Observed {
  readonly preperiod: number;
  readonly period: number;
  readonly saltus: number;
}

/**
 * Each sequence's observed regularity, looked for once: every game result that uses a rule is
 * summarised with it, and the cached sequence object is the same until it grows.
 */
const observations = new WeakMap<HeapSequence, Observed | null>();

function observedIn(sequence: HeapSequence): { observed?: Observed } {
  if (sequence.complete) return {};
  let observed = observations.get(sequence);
  if (observed === undefined) {
    observed = observedRegularity(sequence.values, sequence.computedUpTo + 1) ?? null;
    observations.set(sequence, observed);
  }
  return observed ? { observed } : {};
}

export function summarizeSequence(sequence: HeapSequence): RuleSummary {
  const count = Math.min(FIRST_VALUES, sequence.computedUpTo + 1);
  return {
    key: sequence.key,
    firstValues: Array.from(sequence.values.subarray(0, count)),
    computedUpTo: sequence.computedUpTo,
    ...(sequence.periodicity ? { periodicity: sequence.periodicity } : {}),
    ...(sequence.complete ? {} : { reason: sequence.reason ?? 'no period proved yet' }),
    ...observedIn(sequence),
  };
}

export function summarizeGame(analysis: GameAnalysis, elapsedMs: number, remoteness?: GameRemoteness): GameResult {
  let stopped = false;
  let memoryLimited = false;
  const components = analysis.components.map((c): ComponentResult => {
    const t = c.treblecross;
    if (c.sequence?.stop || (t?.status === 'over-budget' && t.stop) || c.graph?.stop) stopped = true;
    if (c.sequence?.stop === 'size-limit') memoryLimited = true;
    return {
      status: c.status,
      nimber: c.nimber,
      parts: c.parts,
      ...(c.infinite ? { infinite: c.infinite } : {}),
      ...(c.reason ? { reason: withShortNumbers(c.reason) } : {}),
      ...(c.sequence ? { rule: summarizeSequence(c.sequence) } : {}),
      ...(c.boards ? { boards: c.boards } : {}),
      ...(t
        ? {
            treblecross:
              t.status === 'over'
                ? { status: 'over', at: t.at }
                : t.status === 'immediate-win'
                  ? { status: 'immediate-win', winningCells: t.winningCells }
                  : t.status === 'nimber'
                    ? { status: 'nimber', segments: t.segments }
                    : { status: 'over-budget' },
          }
        : {}),
    };
  });
  // A misère search stopped by the clock, a cancellation or a value budget may get further on
  // another try; one stopped by its fixed size limit will not.
  if (analysis.stop !== undefined && analysis.stop !== 'size-limit') stopped = true;
  return {
    play: analysis.play,
    nimber: analysis.nimber,
    ...(analysis.infinite ? { infinite: analysis.infinite } : {}),
    outcome: analysis.outcome,
    // A reason may quote a heap whole (`a nim heap of 10…0 is past …`): the editor shows it in hints, lenses and
    // diagnostics, where a number is at most 64 digits, as in the hover (a 200 KB tooltip before).
    ...(analysis.reason ? { reason: withShortNumbers(analysis.reason) } : {}),
    ...(analysis.decidedBy ? { decidedBy: analysis.decidedBy } : {}),
    ...(analysis.quotientWanted ? { quotientWanted: analysis.quotientWanted } : {}),
    components,
    winningMoves: analysis.winningMoves,
    winningMoveCount: analysis.winningMoveCount,
    ...(analysis.drawMoves ? { drawMoves: analysis.drawMoves } : {}),
    ...(analysis.drawMovesReason ? { drawMovesReason: analysis.drawMovesReason } : {}),
    stopped,
    ...(memoryLimited ? { memoryLimited } : {}),
    ...(remoteness === undefined
      ? {}
      : remoteness.remoteness === null
        ? { remotenessReason: remoteness.reason }
        : { remoteness: remoteness.remoteness }),
    elapsedMs,
  };
}

/**
 * A game's value and its remoteness, what the editor and the CLI show. The search runs after the value, under the
 * same deadline: within QUICK_REMOTENESS_LIMITS (about 10 ms), then, for a game that needs more (`further`), per
 * `remoteness`: 'quick' says why not; 'apart' says it is pending (the server runs a `remoteness` job after every
 * value); 'full' searches on within GAME_REMOTENESS_LIMITS and the time left (the CLI).
 */
export function gameResult(
  input: GameInput,
  options: {
    budget?: Budget;
    cache?: EngineCache;
    maxMoves?: number;
    quotientsGrowApart?: boolean;
    quotientWork?: number;
    remoteness?: 'quick' | 'apart' | 'full';
  },
): GameResult {
  const started = Date.now();
  const budget = options.budget ?? {};
  const analysis = analyzeGame(input, { ...options, budget });
  let remoteness = gameRemoteness(input, budget, QUICK_REMOTENESS_LIMITS);
  const further = remoteness.remoteness === null && remoteness.further === true;
  if (further && options.remoteness === 'full') remoteness = gameRemoteness(input, budget, GAME_REMOTENESS_LIMITS);
  const summary = summarizeGame(analysis, Date.now() - started, remoteness);
  if (!further || options.remoteness !== 'apart') return summary;
  const { remotenessReason: _, ...rest } = summary;
  return { ...rest, remotenessPending: true };
}

/** The longer remoteness search, apart from the value (Job `remoteness`). */
export function remotenessApart(input: GameInput, budget: Budget): JobResult {
  const found = gameRemoteness(input, budget, GAME_REMOTENESS_LIMITS);
  return {
    kind: 'remoteness',
    remoteness: found.remoteness === null ? { reason: found.reason } : { moves: found.remoteness },
  };
}

export function runJob(job: Job, budget: Budget, cache: EngineCache): JobResult {
  switch (job.kind) {
    case 'game':
      return {
        kind: 'game',
        game: gameResult(job.input, {
          budget,
          cache,
          maxMoves: job.maxMoves,
          quotientsGrowApart: job.quotientsGrowApart,
          quotientWork: job.quotientWork,
          remoteness: job.remotenessApart ? 'apart' : 'quick',
        }),
      };
    case 'remoteness':
      return remotenessApart(job.input, budget);
    case 'quotientGrowth': {
      const key = ruleKey(job.rule);
      const quotient = cachedMisereQuotient(cache, job.rule, key, budget, {
        to: job.to,
        ...(job.work === undefined ? {} : { workLimit: job.work }),
        ...(job.sliceMs === undefined ? {} : { noHeapAfter: Date.now() + job.sliceMs }),
      });
      const stop = quotient.stop;
      const final = stop && (stopIsFinal(stop) || stop.cause === 'cancelled');
      const ended = final ? stop.reason : undefined;
      const reached = quotient.heaps >= job.to || quotient.periodicity?.proved === true;
      return {
        kind: 'quotientGrowth',
        growth: { ruleKey: key, heaps: quotient.heaps, size: quotient.size, reached, ...(ended ? { ended } : {}) },
      };
    }
    case 'rule': {
      // A rule of one's own is never proved periodic: its summary stops where a hover's values and a
      // period seen in them are, not at the end of the budget.
      const stopAt = job.rule.kind === 'moves' ? SEQUENCE_SEARCH_FLOOR : undefined;
      // The rule's own limit of values (engine/limits.ts), so that its summary is the rule's alone.
      const resume = cache.sequences.get(ruleKey(job.rule));
      const sequence = ruleSequence(job.rule, withSequenceLimit(budget, job.rule), { resume, stopAt });
      rememberSequence(cache, sequence);
      return { kind: 'rule', rule: summarizeSequence(sequence) };
    }
    case 'sequence': {
      // At least SEQUENCE_SEARCH_FLOOR values: a period proved a little past the values asked
      // for (Kayles' at n = 167 for G(0..100)) is worth the few milliseconds.
      const stopAt = Math.max(job.upTo, SEQUENCE_SEARCH_FLOOR);
      const sequence = ruleSequence(job.rule, budget, { resume: cache.sequences.get(ruleKey(job.rule)), stopAt });
      rememberSequence(cache, sequence);
      return { kind: 'sequence', sequence: sequenceValues(sequence, job.upTo) };
    }
    case 'wythoff':
      return { kind: 'wythoff', table: wythoffTable(job.size, budget) };
    case 'movesTable':
      return { kind: 'movesTable', table: movesTable(job.rule.moves, job.size, budget) };
    case 'graph':
      return { kind: 'graph', graph: graphValues(job.graph, budget, cache) };
    case 'reply':
      return { kind: 'reply', reply: replyChoice(job.input, budget, cache, { userMove: job.userMove }) };
    case 'gameTree':
      return { kind: 'gameTree', node: gameTreeNode(job.input, job.path, job.maxChildren, budget, cache, job.root) };
    case 'decimal':
      return { kind: 'decimal', decimal: decimalText(job.value, budget) };
    case 'quotient': {
      const key = ruleKey(job.rule);
      const quotient = cachedMisereQuotient(cache, job.rule, key, timeShare(budget, 3 / 4), {
        to: Math.max(job.upTo, QUOTIENT_SEARCH_FLOOR),
      });
      // The genus (a brute force) within its limit of positions, whatever the time: the same heaps on any machine.
      const genusBudget: Budget = {
        ...(budget.isCancelled ? { isCancelled: budget.isCancelled } : {}),
        work: { spent: 0, limit: LIMITS.genusPositions },
      };
      const genera = heapGenera(job.rule, Math.min(job.upTo, GENUS_MAX_HEAP), genusBudget);
      return { kind: 'quotient', quotient, genera };
    }
    case 'jointQuotient':
      return { kind: 'jointQuotient', quotient: cachedJointQuotient(cache, job.rules, budget, { to: job.to }) };
  }
}

/** G(0) to G(upTo) of a sequence: its own values, then (when proved) the period's. */
export function sequenceValues(sequence: HeapSequence, upTo: number): SequenceValues {
  const p = sequence.periodicity;
  const computed = sequence.computedUpTo + 1;
  const values = new Float64Array(p ? upTo + 1 : Math.min(upTo + 1, computed));
  for (let n = 0; n < values.length; n++)
    values[n] = p ? extendedValue(sequence.values, computed, p.period, p.saltus, n) : sequence.values[n];
  return {
    key: sequence.key,
    values,
    computedUpTo: sequence.computedUpTo,
    ...(p ? { periodicity: p } : {}),
    ...(sequence.complete ? {} : { reason: sequence.reason ?? 'no period proved yet' }),
    ...observedIn(sequence),
    ...(sequence.stop ? { stop: sequence.stop } : {}),
  };
}

/** Distinct rule summaries kept for sharing; past this many the table starts again (it is only a saving). */
const MAX_SHARED_SUMMARIES = 10_000;

/**
 * Every game result carries the summary of its components' rules, and each arrives as a fresh
 * copy from the worker: 100,000 games of one rule would hold 100,000 equal copies. Results pass
 * through here on the server's thread so that equal summaries (same rule, same extent, same
 * proof) are one object.
 */
export class SharedRuleSummaries {
  private readonly summaries = new Map<string, RuleSummary>();

  share(result: JobResult): JobResult {
    switch (result.kind) {
      case 'rule':
        return { kind: 'rule', rule: this.one(result.rule) };
      case 'graph':
      case 'sequence':
      case 'wythoff':
      case 'movesTable':
      case 'quotient':
      case 'jointQuotient':
      case 'quotientGrowth':
      case 'reply':
      case 'gameTree':
      case 'decimal':
      case 'remoteness':
        return result;
      case 'game':
        if (!result.game.components.some((c) => c.rule)) return result;
        return {
          kind: 'game',
          game: {
            ...result.game,
            components: result.game.components.map((c) => (c.rule ? { ...c, rule: this.one(c.rule) } : c)),
          },
        };
    }
  }

  private one(summary: RuleSummary): RuleSummary {
    const p = summary.periodicity;
    const how = p ? `${p.preperiod} ${p.period} ${p.saltus} ${p.provedAt} ${p.proof}` : summary.reason;
    const id = `${summary.key}\u0000${summary.computedUpTo}\u0000${how}`;
    const known = this.summaries.get(id);
    if (known) return known;
    if (this.summaries.size >= MAX_SHARED_SUMMARIES) this.summaries.clear();
    this.summaries.set(id, summary);
    return summary;
  }
}
