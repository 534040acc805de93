// Misère quotients of heap rules (Plambeck 2005, Plambeck–Siegel 2008): the finite commutative
// monoid that decides every misère sum of heaps of one rule, computed heap by heap.
//
// The setting. A position is a multiset of heaps of sizes 1..n (its count vector v). Under misère
// play a position with no move is an N-position (the player to move has nobody to lose to), and a
// position is P iff it has a move and every move leads to an N-position. Two positions are
// indistinguishable, v ≡ w, when v + u and w + u have the same outcome for every u. ≡ is a
// congruence; its classes form a commutative monoid Q_n, the misère quotient of heaps 1..n; the
// P-portion P ⊆ Q_n is the set of classes of P-positions, and the pretending function Φ maps a heap
// to its class. Then a sum is P iff the product of its heaps' images lies in P: any number of heaps,
// of any sizes that Φ covers.
//
// What proves a candidate (Q, P, Φ) is the quotient (checked by `verify`, never assumed):
//   (F) for every v: Φ(v) ∈ P ⟺ v ≠ 0 and no move of v reaches a position of image in P;
//   (R) Q is reduced: distinct elements are told apart by some z (xz ∈ P but not yz, or back);
//   (S) Φ is onto.
// (F) gives, by induction on the game, that v is P iff Φ(v) ∈ P; then Φ(v) = Φ(w) implies v ≡ w,
// and (R) gives the converse. (F) is about infinitely many v; it is decided exactly, see `verify`.
//
// How a heap is added (heap n, its options already in the closed set of heaps < n):
//   A. Its options' images O_n equal those of an earlier heap k: then H_n ≡ H_k and Q is unchanged.
//      Proof: replace every copy of H_n by H_k; moves correspond one to one with images equal, so
//      by induction outcomes are equal; Q stays reduced and Φ onto. (A heap with no move is the
//      zero game: heap 0.)
//   B. Otherwise, first on the hypothesis that the outcome of G + j·H_n depends only on Φ(G) and
//      j: the sets S_j = {x : G + j·H_n is P when Φ(G) = x} follow from S_{j-1} by the misère rule,
//      worked on one representative of each x (the one of least height, so its options' classes
//      come first), until S_j repeats (index + period). The pairs (x, j) are then minimised
//      (Moore's partition refinement over the heaps' images and H_n): the result is reduced and
//      onto by construction, and (F) is checked exactly. When (F) fails, a class of the smaller
//      quotient splits beside copies of H_n (Kayles at heap 9: {1} and {1, 1, 1, 5, 5} are alike
//      among heaps to 8, not beside two heaps of 9). Then each S_j is a predicate of the same kind
//      as "is P" on the heaps < n ("G + j·H_n is P": accepted where no move of H_n lands in
//      S_{j-1}, and no move of G lands in S_j), so its own quotient of heaps < n is computed the
//      same way, heap by heap, over the structure so far as a base that it refines; the structure
//      is replaced by it, and so on until the S_j repeat. The pairs are minimised as before and
//      (F) checked again: nothing is ever assumed.
//
// When it holds for every heap (the analogue of Guy–Smith): for a finite octal or hexadecimal code
// without `!` on a splitting digit (or a finite subtraction set), let t be the largest take and r
// the most heaps a move leaves. If Φ(H_{k+p}) = Φ(H_k) for n0 ≤ k ≤ N − p (n0 ≥ 1) and
// N ≥ r(n0 + p) + t − 1, then for every heap M > N the options of H_M and of H_{M-p} have the same
// images (lower the largest heap left, which is at least n0 + p, by p; back, raise it by p), so by
// A, H_M ≡ H_{M-p}, Q never changes (A splits no class: a sum with H_M has the outcome of the same
// sum with H_{M-p}) and Φ is periodic for ever.
//
// Nothing above depends on the heaps being of one rule: the growth adds generators (generators.ts), here
// heap k as generator k, and a joint quotient (jointQuotient.ts) the heaps of several rules through the
// same steps, the same check and the same loop (growQuotient, below), with the window theorem read per rule.
import { Meter } from '../budget';
import type { Budget, HeapRule } from '../types';
import { HeapMoves } from './generators';
import { isTame, present } from './presentation';
import { misereBase, QuotientState } from './quotientGrowth';
import {
  budgetStop,
  type MisereQuotient,
  type QuotientPeriodicity,
  type QuotientStop,
  type QuotientView,
} from './quotientTypes';

export type { MisereQuotient, QuotientPeriodicity, QuotientStop, QuotientView };
export { QuotientState };

export interface QuotientOptions {
  /** The largest heap to include; the computation stops earlier when Φ is proved periodic. */
  readonly to?: number;
  /** Keep going to `to` even after a proof (to print the pretending function further). */
  readonly pastProof?: boolean;
  /** An earlier result of the same rule to continue from (as returned in `state`). */
  readonly resume?: QuotientState;
  /**
   * The work (QuotientState.work) past which no heap is added: a stop that depends on the rule
   * alone, never on the machine's speed (QUOTIENT_WORK_FOR_GAMES). Not a property of the rule: a
   * later call with a higher limit (or none) goes on.
   */
  readonly workLimit?: number;
  /**
   * No heap is begun after this time (Date.now(), ms): the heap in progress then still finishes within
   * the budget. A growth in slices gives each slice this soft end and a longer budget, so that a slice
   * does not throw away the part of a heap it did (a heap cut by the budget is done again from its start).
   */
  readonly noHeapAfter?: number;
}

/**
 * The work (elements read, QuotientState.work) a quotient may do per millisecond of a computation
 * budget when it grows for games: measured on the reference machine (2 cores), where Dawson's
 * Kayles reads 50–73 million elements a second from heap 30 to 34 and 0.56 about 20 million. A
 * game's quotient grows within `quotientWorkFor(budget)`, so whether it is decided depends on the
 * budget setting and the rule, never on the machine's speed or load: a slower machine takes longer
 * to give the same answer.
 */
export const QUOTIENT_WORK_PER_MS = 50_000;

/**
 * A quotient grows for games at least this long's work (ms at QUOTIENT_WORK_PER_MS) however small the budget:
 * a budget of 20 ms asks that each computation be short, not that Kayles' quotient (about 2.4·10^7
 * elements read to its proof) never be known.
 */
export const QUOTIENT_WORK_FLOOR_MS = 10_000;

/** The work a quotient may do for games under a computation budget of `budgetMs` (see QUOTIENT_WORK_PER_MS). */
export function quotientWorkFor(budgetMs: number): number {
  return Math.max(QUOTIENT_WORK_FLOOR_MS, Math.round(budgetMs)) * QUOTIENT_WORK_PER_MS;
}

/**
 * Whether a quotient stopped so grows no further for games: its method stopped it (a size limit, (F) failing), or
 * the work limit games have (`gamesLimit`: the limit met was theirs, not a smaller one a call set). A clock never is.
 */
export function stopIsFinal(stop: QuotientStop | undefined, gamesLimit = true): boolean {
  return stop?.cause === 'method' || (stop?.cause === 'work-limit' && gamesLimit);
}

/** The window theorem's parameters for a rule, or why it has none. */
export function windowTheorem(rule: HeapRule): { take: number; parts: number } | { none: string } {
  switch (rule.kind) {
    case 'subtract': {
      const largest = rule.set.reduce((x, s) => (s > x ? s : x), 0n);
      return { take: Number(largest), parts: 1 };
    }
    case 'octal': {
      if ((rule.repeat ?? 0) > 0) return { none: 'the code goes on for ever (no largest take)' };
      if (rule.distinct && rule.distinct.length > 0)
        return { none: 'a digit with `!` wants the heaps left different, which lowering one heap may break' };
      const parts = rule.digits.some((d) => d & 8) ? 3 : rule.digits.some((d) => d & 4) ? 2 : 1;
      return { take: rule.digits.length - 1, parts };
    }
    case 'subtractAllExcept':
      return { none: 'every take but a few is allowed (no largest take)' };
    case 'subtractSet':
    case 'subtractAllExceptSet':
      return { none: 'the subtraction set is infinite (no largest take)' };
    case 'moves':
      return { none: "a rule of one's own has no largest take that a theorem could use" };
  }
}

function newMisereState(rule: HeapRule, key: string): QuotientState {
  const heapMoves = new HeapMoves(rule);
  return new QuotientState(heapMoves, misereBase(heapMoves), false, key);
}

/** Grows the quotient heap by heap until `to`, a proof, the budget or the method stops it. */
export function misereQuotient(
  rule: HeapRule,
  key: string,
  budget: Budget = {},
  options: QuotientOptions = {},
): {
  quotient: MisereQuotient;
  state: QuotientState;
} {
  const state = options.resume && options.resume.ruleKey === key ? options.resume : newMisereState(rule, key);
  const to = options.to ?? Number.MAX_SAFE_INTEGER;
  const theorem = windowTheorem(rule);
  growQuotient(state, budget, options, {
    wanted: () => state.heaps < to && (options.pastProof === true || !provedPeriod(state, theorem)),
    prepare: () => {},
    added: () => {
      const proved = provedPeriod(state, theorem);
      let pCount = 0;
      for (let x = 0; x < state.size; x++) pCount += state.isP[x];
      state.prefixes[state.heaps] = {
        work: state.work,
        size: state.size,
        pCount,
        tame: isTame(state.size, state.mul, state.isP),
        ...(proved ? { proved } : {}),
      };
    },
    nextName: () => `heap ${state.heaps + 1}`,
    askedStop: (most) => `heaps up to ${most} only, as asked`,
  });
  const memo = state.snapshotMemo;
  const quotient = !state.stop && memo?.heaps === state.heaps ? memo : snapshot(state, theorem);
  if (!state.stop) state.snapshotMemo = quotient;
  // A budget stop is no property of the rule: the state may be resumed with more time.
  if (state.stop && state.stop.cause !== 'method') state.stop = undefined;
  return { quotient, state };
}

/** What a growth adds next (one rule: the next heap; several: jointQuotient.ts chooses the rule). */
export interface GrowthPlan {
  /** Whether another generator is wanted (false: the growth is done). */
  wanted(): boolean;
  /** Makes the next generator (state.heaps + 1) ready to add, just before it is added. */
  prepare(): void;
  /** The next generator, for a stop's reason ("heap 30"). */
  nextName(): string;
  /** Why a growth stopped at budget.maxValues generators. */
  askedStop(most: number): string;
  /** Called after each generator added (a rule's own quotient keeps its prefixes). */
  added?(): void;
}

/**
 * Adds generators while the plan wants them, until the budget, the work limit or the method stops it
 * (`state.stop` then says why; the caller clears a stop that is no property of the rules).
 */
export function growQuotient(
  state: QuotientState,
  budget: Budget,
  options: Pick<QuotientOptions, 'workLimit' | 'noHeapAfter'>,
  plan: GrowthPlan,
): void {
  // Only the work of heaps added counts: a heap cut short by the clock is done again from its start,
  // so the heap the limit stops at depends on the rule and the limit, not on how the time was sliced.
  const limit = options.workLimit ?? Number.POSITIVE_INFINITY;
  const account = { spent: state.work, limit };
  const counted: Budget = { ...budget, work: account };
  const meter = new Meter(budget);
  const workStop = (): QuotientStop => ({
    cause: 'work-limit',
    reason:
      `${plan.nextName()} was not reached within the ${limit.toLocaleString('en-US')} steps ` +
      'a quotient may take for games',
  });
  while (!state.stop && plan.wanted()) {
    const stopped =
      meter.poll() ?? (options.noHeapAfter !== undefined && Date.now() > options.noHeapAfter && 'deadline');
    if (stopped) {
      state.stop = budgetStop(stopped);
      break;
    }
    if (budget.maxValues !== undefined && state.heaps >= budget.maxValues) {
      state.stop = { cause: 'max-values', reason: plan.askedStop(budget.maxValues) };
      break;
    }
    // A limit no larger than one this heap already failed within fails again: not tried.
    if (state.work >= limit || limit <= state.workLimitMet) {
      state.stop = workStop();
      break;
    }
    account.spent = state.work;
    plan.prepare();
    if (state.addHeap(counted)) {
      state.work = account.spent;
      state.workLimitMet = 0;
      plan.added?.();
    } else if ((state.stop as QuotientStop | undefined)?.cause === 'work-limit') {
      // (addHeap set `stop`: TypeScript keeps it narrowed to undefined by the loop's test.)
      state.workLimitMet = Math.max(state.workLimitMet, limit);
      state.stop = workStop();
    }
  }
}

/** misereQuotient resumed from the engine cache's state for the rule, which then holds the new one (as the newest). */
export function cachedMisereQuotient(
  cache: { readonly quotients: Map<string, QuotientState> },
  rule: HeapRule,
  key: string,
  budget: Budget,
  options: Omit<QuotientOptions, 'resume'> = {},
): MisereQuotient {
  const { quotient, state } = misereQuotient(rule, key, budget, { ...options, resume: cache.quotients.get(key) });
  cache.quotients.delete(key);
  cache.quotients.set(key, state);
  return quotient;
}

/** The period of series s's images (one rule's heaps) the window theorem proves, if it does. */
export function provedPeriod(
  state: QuotientState,
  theorem: ReturnType<typeof windowTheorem>,
  series = 0,
): { start: number; period: number } | undefined {
  if ('none' in theorem) return undefined;
  const n = state.seriesHeaps(series);
  const lastBad = state.lastBad[series];
  let best: { start: number; period: number } | undefined;
  for (let p = 1; p <= n; p++) {
    const start = Math.max(1, (lastBad[p - 1] ?? -1) + 1);
    if (n >= theorem.parts * (start + p) + theorem.take - 1) {
      if (!best || start + p < best.start + best.period || (start + p === best.start + best.period && p < best.period))
        best = { start, period: p };
    }
  }
  return best;
}

/** The periodicity of series s's images (one rule's heaps), proved or seen, with its ground. */
export function seriesPeriodicity(
  state: QuotientState,
  theorem: ReturnType<typeof windowTheorem>,
  series = 0,
): QuotientPeriodicity | undefined {
  const proved = provedPeriod(state, theorem, series);
  const seen = proved ?? state.observedPeriod(series);
  const heaps = state.seriesHeaps(series);
  return (
    seen && {
      ...seen,
      proved: proved !== undefined,
      ground: proved
        ? `Φ(H(k + ${proved.period})) = Φ(H(k)) for ${proved.start} ≤ k ≤ ${heaps - proved.period}, and the ` +
          `largest take is ${(theorem as { take: number }).take} with at most ` +
          `${(theorem as { parts: number }).parts} heap${(theorem as { parts: number }).parts === 1 ? '' : 's'} ` +
          'left: by the window theorem every heap repeats'
        : 'none' in theorem
          ? `seen up to heap ${heaps}, not proved: ${theorem.none}`
          : `seen up to heap ${heaps}; the proof needs heaps up to ` +
            `${theorem.parts * (seen.start + seen.period) + theorem.take - 1}`,
    }
  );
}

function snapshot(state: QuotientState, theorem: ReturnType<typeof windowTheorem>): MisereQuotient {
  const periodicity = seriesPeriodicity(state, theorem);
  const presentation = present(state);
  return {
    ruleKey: state.ruleKey,
    size: state.size,
    mul: state.mul,
    isP: state.isP,
    images: Int32Array.from(state.images),
    heaps: state.heaps,
    ...(periodicity ? { periodicity } : {}),
    ...presentation,
    tame: isTame(state.size, state.mul, state.isP),
    ...(state.stop ? { stop: state.stop } : {}),
    prefixes: state.prefixes.slice(0, state.heaps + 1),
  };
}

/** The image of heap n, from the computed heaps or, when proved, the period; undefined beyond. */
export function quotientImage(quotient: QuotientView, n: bigint): number | undefined {
  if (n < 0n) return undefined;
  if (n <= BigInt(quotient.heaps)) return quotient.images[Number(n)];
  const periodicity = quotient.periodicity;
  if (!periodicity?.proved) return undefined;
  const { start, period } = periodicity;
  return quotient.images[start + Number((n - BigInt(start)) % BigInt(period))];
}
