// What a misère quotient is, as the growth (quotient.ts), its exact check (verify.ts) and its
// presentation (presentation.ts) share it: the quotient as returned, why it stopped, and the base a
// quotient is taken over. Apart so that those three modules depend on it and not on each other.
import { describeStop } from '../budget';
import type { StopCause } from '../types';

/** Why a quotient stopped growing before the heap asked for. */
export type QuotientStop =
  | { readonly cause: StopCause; readonly reason: string }
  /** The quotient method itself: (F) failed, or a limit on its size was met. */
  | { readonly cause: 'method'; readonly reason: string };

export interface MisereQuotient {
  readonly ruleKey: string;
  /** |Q|: element 0 is the identity (the empty position). */
  readonly size: number;
  /** The multiplication table, size × size: element mul[x * size + y]. */
  readonly mul: Int32Array;
  /** isP[x] = 1 when x lies in the P-portion. */
  readonly isP: Uint8Array;
  /** The pretending function on heaps 0..heaps. */
  readonly images: Int32Array;
  /** The quotient is exact for every sum of heaps of at most this size. */
  readonly heaps: number;
  /** Φ(H_{k+period}) = Φ(H_k) for k ≥ start, with its proof when there is one (then for every heap). */
  readonly periodicity?: QuotientPeriodicity;
  /** The heaps whose images generate Q, first appearance first, with their letters. */
  readonly generators: readonly { readonly heap: number; readonly element: number; readonly name: string }[];
  /** Each element written in the generators (its normal form), e.g. `ab²`; `1` for the identity. */
  readonly names: readonly string[];
  /** The defining relations, each `word = word`, from the normal forms. */
  readonly relations: readonly string[];
  /** Is Q one of the tame quotients (those of misère Nim positions)? */
  readonly tame: boolean;
  readonly stop?: QuotientStop;
}

export interface QuotientPeriodicity {
  readonly start: number;
  readonly period: number;
  /** Proved for every heap (the window theorem above), or only seen up to `heaps`. */
  readonly proved: boolean;
  /** What the proof rests on, or why there is none. */
  readonly ground: string;
}

/**
 * What a quotient is taken over: a homomorphism ψ of positions into a finite monoid (`image` of
 * each heap) and the elements `accept` where a position with no move to the predicate's set may
 * belong to it. Misère play: ψ says whether a position has a move, accepted when it has.
 */
export interface Base {
  readonly size: number;
  readonly mul: Int32Array;
  image(heap: number): number;
  readonly accept: Uint8Array;
}

/** A clock or cancellation stop, said as every stop of this file says it. */
export function budgetStop(cause: StopCause): { cause: StopCause; reason: string } {
  const reason =
    cause === 'cancelled' ? 'cancelled' : cause === 'deadline' ? 'the time budget ran out' : describeStop(cause);
  return { cause, reason };
}
