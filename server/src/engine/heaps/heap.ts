// Heap rules as a whole: one entry point per question, dispatching to the three families.

import { valueLimit } from '../budget';
import { withSequenceLimit } from '../limits';
import type { Budget, HeapNimber, HeapRule, HeapSequence } from '../types';
import { allButSequence } from './allBut';
import { infiniteCodeSequence } from './infiniteCode';
import { allExceptSetSequence, subtractSetSequence } from './infiniteSubtraction';
import { MOVES_UNPROVABLE, movesSequence } from './moves';
import { octalSequence } from './octal';
import { periodicValue } from './period';
import { type SequenceOptions, sortedUnique } from './sequence';
import { subtractionSequence } from './subtraction';
import { setKey, smallestMember } from './subtractionSets';
import { codeRuleText, isInfiniteCode, normalizeCode } from './takeBreakCode';

export type { SequenceOptions };

/** A canonical name for a rule: two rules with the same key have the same nimbers. Use it to cache sequences. */
/** Keys by rule object: a document's components share their rule's object, and rules are never mutated. */
const ruleKeys = new WeakMap<HeapRule, string>();

export function ruleKey(rule: HeapRule): string {
  let key = ruleKeys.get(rule);
  if (key === undefined) {
    key = computeRuleKey(rule);
    ruleKeys.set(rule, key);
  }
  return key;
}

function computeRuleKey(rule: HeapRule): string {
  switch (rule.kind) {
    case 'subtract':
      return `subtract {${sortedUnique(rule.set).join(',')}}`;
    case 'subtractAllExcept':
      return `subtract all except {${sortedUnique(rule.except).join(',')}}`;
    case 'subtractSet':
      return `subtract ${setKey(rule.set)}`;
    case 'subtractAllExceptSet':
      return `subtract all except ${setKey(rule.except)}`;
    case 'octal':
      return codeRuleText(rule);
    case 'moves':
      return rule.text;
  }
}

/**
 * The nimbers of a heap rule: computed until a period is proved (then every heap is known), the
 * budget runs out, or (with options.stopAt) heap stopAt is reached. Pass the previous result as
 * options.resume to go on from where it stopped.
 */
export function ruleSequence(rule: HeapRule, budget: Budget = {}, options: SequenceOptions = {}): HeapSequence {
  const key = ruleKey(rule);
  // A sequence of another rule cannot be continued; it is ignored rather than trusted.
  const resume = options.resume?.key === key ? options.resume : undefined;
  if (resume?.complete) return resume;
  const own = { ...options, resume };
  switch (rule.kind) {
    case 'subtract':
      return subtractionSequence(rule, key, budget, own);
    case 'subtractAllExcept':
      return allButSequence(rule, key, budget, own);
    case 'subtractSet':
      return subtractSetSequence(rule, key, budget, own);
    case 'subtractAllExceptSet':
      return allExceptSetSequence(rule, key, budget, own);
    case 'octal': {
      const code = normalizeCode(rule);
      return isInfiniteCode(code)
        ? infiniteCodeSequence(code, key, budget, own)
        : octalSequence(code, key, budget, own);
    }
    case 'moves':
      return movesSequence(rule, key, budget, own);
  }
}

/** The nimber of heap n read from a sequence, or undefined when the sequence does not reach it. */
export function sequenceNimber(sequence: HeapSequence, heap: bigint | number): bigint | undefined {
  const n = BigInt(heap);
  if (n < 0n) return undefined;
  if (n <= BigInt(sequence.computedUpTo)) return BigInt(sequence.values[Number(n)]);
  if (sequence.periodicity) return periodicValue(sequence.values, sequence.computedUpTo + 1, sequence.periodicity, n);
  return undefined;
}

/** Nimbers known without computing anything: heaps too small for any move to matter, and Nim. */
function closedFormNimber(rule: HeapRule, n: bigint): bigint | undefined {
  switch (rule.kind) {
    case 'subtract': {
      const members = sortedUnique(rule.set);
      return members.length === 0 || n < members[0] ? 0n : undefined;
    }
    case 'subtractAllExcept': {
      const excluded = sortedUnique(rule.except);
      return excluded.length === 0 || n < excluded[0] ? n : undefined;
    }
    case 'subtractSet': {
      const smallest = smallestMember(rule.set);
      return smallest === undefined || n < smallest ? 0n : undefined;
    }
    case 'subtractAllExceptSet': {
      const smallest = smallestMember(rule.except);
      return smallest === undefined || n < smallest ? n : undefined;
    }
    case 'octal':
    case 'moves': // heap 0 has no option: every part is smaller, so negative
      return n === 0n ? 0n : undefined;
  }
}

/**
 * The nimber of one heap. Computes the rule's sequence only as far as needed (up to the heap, or
 * until a period is proved); pass a cached sequence of the same rule to reuse and extend it. The
 * sequence used is returned for the caller to cache.
 */
export function heapNimber(rule: HeapRule, heap: bigint, budget: Budget = {}, cached?: HeapSequence): HeapNimber {
  if (heap < 0n) return { nimber: null, reason: `a heap cannot be negative (${heap})`, computedUpTo: -1 };
  const closed = closedFormNimber(rule, heap);
  if (closed !== undefined) return { nimber: closed, ...(cached ? { sequence: cached } : {}) };
  // A game reads a rule's values only as far as the rule's limit takes them (limits.ts), however far
  // another computation (the explorer, `grundy sequence`) took the shared sequence: its answer is its own.
  const limited = withSequenceLimit(budget, rule);
  const { limit } = valueLimit(limited);
  if (cached) {
    const known = sequenceNimberWithin(cached, heap, limit);
    if (known !== undefined) return { nimber: known, sequence: cached };
  }
  if (rule.kind === 'moves' && heap >= BigInt(limit))
    // No period of such a rule is ever proved: values short of the heap would be computed for nothing.
    return {
      nimber: null,
      reason:
        `the nimber of heap ${heap} is unknown: this computation holds the values of heaps up to ${limit - 1}, ` +
        `and ${MOVES_UNPROVABLE}`,
      computedUpTo: limit - 1,
      ...(cached ? { sequence: cached } : {}),
    };
  const stopAt = heap < BigInt(limit) ? Number(heap) : undefined;
  // A sequence proved only past the limit is not one a game may read: it is computed again within it.
  const resume = cached?.complete && (cached.periodicity?.provedAt ?? 0) >= limit ? undefined : cached;
  const sequence = ruleSequence(rule, limited, { stopAt, resume });
  const nimber = sequenceNimberWithin(sequence, heap, limit);
  if (nimber !== undefined) return { nimber, sequence };
  return {
    nimber: null,
    reason: `the nimber of heap ${heap} is unknown: ${sequence.reason ?? 'no period proved'}`,
    computedUpTo: Math.min(sequence.computedUpTo, limit - 1),
    sequence,
  };
}

/**
 * A heap's nimber from a sequence as a computation limited to `limit` values sees it: the values
 * below the limit, and a period proved within them.
 */
export function sequenceNimberWithin(sequence: HeapSequence, heap: bigint, limit: number): bigint | undefined {
  if (heap < 0n) return undefined;
  const computed = Math.min(sequence.computedUpTo, limit - 1);
  if (heap <= BigInt(computed)) return BigInt(sequence.values[Number(heap)]);
  const p = sequence.periodicity;
  if (p && p.provedAt < limit) return periodicValue(sequence.values, sequence.computedUpTo + 1, p, heap);
  return undefined;
}
