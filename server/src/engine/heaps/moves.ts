// A heap rule of one's own (`moves n -> …`, one variable) among the heap rules: its sequence, and a
// heap's moves as the heaps they leave. The values come from movesRule.ts (compiled once, a mex per
// heap); here they become a HeapSequence like any other rule's.
//
// No theorem bounds the period of an arbitrary rule of one's own (a subtraction set's window or
// Guy–Smith's bound for codes need a largest take, and `n - k for k in 1..n/2` has none), so a
// sequence is never `complete`: values are exact as far as computed, and a regularity seen in them is
// reported as seen (period.ts's observedRegularity), never as proved.
import type { HeapRule, HeapSequence } from '../types';
import { movesRuleText } from './movesData';
import {
  compileMoves,
  MovesOverflow,
  type MovesRule,
  MovesRuleViolation,
  movesHeapValues,
  type OptionsOf,
} from './movesRule';
import { partialSequence, type SequenceOptions, sequenceTarget } from './sequence';

export type MovesHeapRule = Extract<HeapRule, { kind: 'moves' }>;

/** Why no period of a rule of one's own is ever proved. */
export const MOVES_UNPROVABLE = "no theorem proves a period of a rule of one's own (a period seen is only seen)";

export function movesSequence(
  rule: MovesHeapRule,
  key: string,
  budget: Parameters<typeof movesHeapValues>[2],
  options: SequenceOptions,
): HeapSequence {
  const { target, cause } = sequenceTarget(budget ?? {}, options);
  if (target <= 0) return partialSequence(rule, key, new Uint32Array(0), 0, cause, MOVES_UNPROVABLE);
  // Asked no further than a sequence computed before (a repeat, a hover after the explorer): read off it.
  // Never complete (no period is proved), such a sequence would otherwise be computed again from 0.
  const resumed = options.resume;
  if (resumed && resumed.computedUpTo + 1 >= target)
    return partialSequence(rule, key, resumed.values, target, cause, MOVES_UNPROVABLE);
  const computed = movesHeapValues(rule.moves, target - 1, budget);
  const length = computed.computedUpTo + 1;
  const values = new Uint32Array(computed.values.buffer, computed.values.byteOffset, length);
  if (computed.reason && !computed.stop) {
    // The rule itself stopped it (a part not smaller than its heap, a number past 2^53 - 1): said as such.
    return {
      rule,
      key,
      values: values.slice(),
      computedUpTo: length - 1,
      complete: false,
      reason: `${length === 0 ? 'no nimber computed' : `nimbers computed up to n = ${length - 1}`}; ${computed.reason}`,
    };
  }
  const sequence = partialSequence(
    rule,
    key,
    values,
    length,
    computed.stop ?? (length >= target ? cause : undefined),
    MOVES_UNPROVABLE,
  );
  // Not even heap 0 (a loop that never ends at heap 1, or before): said so, not "up to n = -1".
  return length > 0 ? sequence : { ...sequence, reason: computed.reason ?? 'no nimber computed' };
}

/**
 * Loop steps one listing of a position's options may take where no budget is at hand (the searches and
 * the misère quotients list a unit's options without one): past it the listing stops with
 * MovesListingTooLong, a reason, never a worker that spins for ever on `for k in 1..10^15 if k == 1`.
 */
export const LISTING_MAX_STEPS = 2 ** 26;

/** A listing of options stopped after LISTING_MAX_STEPS loop steps. */
export class MovesListingTooLong extends Error {}

/** A poll for OptionsOf that stops a listing after LISTING_MAX_STEPS steps of its loops. */
export function listingLimit(what: string): (steps: number) => void {
  let spent = 0;
  return (steps) => {
    spent += steps;
    if (spent > LISTING_MAX_STEPS)
      throw new MovesListingTooLong(
        `listing the options of ${what} took more than ${LISTING_MAX_STEPS.toLocaleString('en-US')} steps of the ` +
          "rule's loops: they are too long to list",
      );
  };
}

/**
 * Rules' compiled options, by the rule's data (movesRuleText), the last COMPILED_KEPT used: a rule
 * parsed again is the same rule, and V8 optimises closures made once far better than closures made
 * anew for each job (the browser's closures path ran twice as slow on its later jobs).
 */
const compiled = new Map<string, OptionsOf>();
const COMPILED_KEPT = 64;

/** A rule's options compiled once, for every listing that needs no `step`. */
export function cachedOptions(rule: MovesRule): OptionsOf {
  const text = movesRuleText(rule);
  let options = compiled.get(text);
  if (options) {
    compiled.delete(text); // used again: the newest
  } else {
    options = compileMoves(rule);
    if (compiled.size >= COMPILED_KEPT) compiled.delete(compiled.keys().next().value as string);
  }
  compiled.set(text, options);
  return options;
}

/** Heap n's moves under a rule of one's own, each as the heaps it leaves (heaps of 0 left out, as heapMoveParts). */
export function movesHeapParts(rule: MovesHeapRule, n: number): number[][] {
  const found: number[][] = [];
  cachedOptions(rule.moves)(
    [n],
    (parts, count) => {
      const left: number[] = [];
      for (let i = 0; i < count; i++) if (parts[i] > 0) left.push(parts[i]);
      found.push(left);
    },
    listingLimit(`heap ${n}`),
  );
  return found;
}

/** Thrown from a visit to stop listing (caught below, never out of this module). */
const ENOUGH = Symbol('enough');

/**
 * movesHeapParts, listing at most `limit` options in at most `maxSteps` steps of the rule's loops:
 * `'options'` or `'steps'` when it would take more (a hover lists options on the server's main thread).
 */
export function movesHeapPartsBounded(
  rule: MovesHeapRule,
  n: number,
  limit: number,
  maxSteps: number,
): number[][] | 'options' | 'steps' {
  let steps = 0;
  let stoppedBy: 'options' | 'steps' | undefined;
  const options = compileMoves(rule.moves, () => {
    if (++steps > maxSteps) {
      stoppedBy = 'steps';
      throw ENOUGH;
    }
  });
  const found: number[][] = [];
  try {
    options([n], (parts, count) => {
      if (found.length >= limit) {
        stoppedBy = 'options';
        throw ENOUGH;
      }
      const left: number[] = [];
      for (let i = 0; i < count; i++) if (parts[i] > 0) left.push(parts[i]);
      found.push(left);
    });
  } catch (stop) {
    if (stop === ENOUGH && stoppedBy) return stoppedBy;
    throw stop;
  }
  return found;
}

/**
 * What a search that lists a rule of one's own's moves met, when the rule itself stopped it: a part not
 * smaller than its position (the game might not end), or a number past 2^53 - 1. Undefined for anything
 * else (which is the caller's to throw on).
 */
export function ruleErrorMessage(error: unknown): string | undefined {
  return error instanceof MovesRuleViolation || error instanceof MovesOverflow || error instanceof MovesListingTooLong
    ? error.message
    : undefined;
}
