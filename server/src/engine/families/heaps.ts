// Heap rules (subtraction, subtract-all-except, octal and hexadecimal codes), on heaps and on rows
// of X's: values from the rule's sequence, and every move to a nimber (splits of huge heaps are
// counted per residue of the period).

import {
  type ComponentAnalysis,
  type ComponentFamily,
  type EngineCache,
  type MoveList,
  type Of,
  rememberSequence,
  xRuns,
} from '../components';
import { heapNimber, ruleKey, sequenceNimber } from '../heaps/heap';
import { leavesThreeHeaps, MAX_THREE_WAY_HEAP } from '../heaps/hex';
import { infiniteCodeTheorem, laskerSplits } from '../heaps/infiniteCode';
import { movesHeapParts } from '../heaps/moves';
import { sortedUnique } from '../heaps/sequence';
import { membersAscending, membersUpTo } from '../heaps/subtractionSets';
import { codeDigit, codeDigitOf, codeDistinct, codeText, isInfiniteCode, normalizeCode } from '../heaps/takeBreakCode';
import type { Budget, HeapRule, HeapSequence, SubtractionSet } from '../types';

export const heapsFamily: ComponentFamily<'heaps'> = {
  value: (c, budget, cache) => heapsValue(c.rule, c.heaps, budget, cache),
  movesTo: heapComponentMovesTo,
};
export const octalRowFamily: ComponentFamily<'octal-row'> = {
  value: (c, budget, cache) =>
    heapsValue(
      c.rule,
      xRuns(c.cells).map(([, length]) => BigInt(length)),
      budget,
      cache,
    ),
  movesTo: octalRowMovesTo,
};

function heapsValue(rule: HeapRule, heaps: readonly bigint[], budget: Budget, cache: EngineCache): ComponentAnalysis {
  const key = ruleKey(rule);
  if (rule.kind === 'octal' && leavesThreeHeaps(rule.digits)) {
    const large = heaps.find((n) => n > BigInt(MAX_THREE_WAY_HEAP));
    if (large !== undefined) {
      const reason =
        `a heap of ${large} under a code that leaves three heaps: its moves are enumerated for heaps ` +
        `up to ${MAX_THREE_WAY_HEAP.toLocaleString('en-US')}`;
      return { status: 'unknown', nimber: null, parts: heaps.map(() => null), reason };
    }
  }
  if (rule.kind === 'octal' && isInfiniteCode(rule) && !countedMoves(rule)) {
    const largest = heaps.reduce((a, b) => (b > a ? b : a), 0n);
    const work = largest > BigInt(MAX_LISTING_WORK) ? Number.POSITIVE_INFINITY : infiniteListingWork(rule, largest);
    if (work > MAX_LISTING_WORK) {
      const steps = work === Number.POSITIVE_INFINITY ? 'more' : `about ${Math.round(work).toLocaleString('en-US')}`;
      const reason =
        `a heap of ${largest} under \`${codeText(normalizeCode(rule))}\`: listing its moves takes ${steps} ` +
        `steps than the ${MAX_LISTING_WORK.toLocaleString('en-US')} allowed (a code that goes on forever has a ` +
        'move for every number taken)';
      return { status: 'unknown', nimber: null, parts: heaps.map(() => null), reason };
    }
  }
  const parts: (bigint | null)[] = new Array(heaps.length).fill(null);
  let reason: string | undefined;
  // Largest first: one computation reaches every smaller heap.
  const order = heaps.map((_, i) => i).sort((i, j) => (heaps[j] > heaps[i] ? 1 : heaps[j] < heaps[i] ? -1 : 0));
  for (const i of order) {
    const result = heapNimber(rule, heaps[i], budget, cache.sequences.get(key));
    rememberSequence(cache, result.sequence);
    parts[i] = result.nimber;
    if (result.nimber === null) reason ??= result.reason;
  }
  const sequence = cache.sequences.get(key);
  if (rule.kind === 'subtractSet' && reason === undefined) {
    const unlistable = unlistableHeap(rule.set, heaps, sequence);
    if (unlistable) return { status: 'unknown', nimber: null, parts: heaps.map(() => null), reason: unlistable };
  }
  const status = reason === undefined ? 'value' : 'unknown';
  const nimber = reason === undefined ? parts.reduce<bigint>((x, g) => x ^ g!, 0n) : null;
  return { status, nimber, parts, ...(reason ? { reason } : {}), ...(sequence ? { sequence } : {}) };
}

/**
 * The most steps spent listing one heap's moves under a code that goes on forever: every k up to
 * the heap is a possible move, and each splitting k has up to (n - k)/2 splits.
 */
const MAX_LISTING_WORK = 20_000_000;

/**
 * Infinite codes whose moves of any heap are counted rather than enumerated: one-heap moves by the
 * arithmetic period (each residue reaches a value once), and the splits of Lasker's Nim by
 * laskerSplits; a code of the every-smaller-heap theorem that never splits has no others.
 */
function countedMoves(rule: Extract<HeapRule, { kind: 'octal' }>): boolean {
  const theorem = infiniteCodeTheorem(normalizeCode(rule));
  return theorem === 'lasker' || (theorem === 'every-smaller-heap' && rule.digits.every((d) => (d & 12) === 0));
}

/** About how many steps listing the moves of a heap of n takes under an infinite code. */
function infiniteListingWork(rule: Extract<HeapRule, { kind: 'octal' }>, heap: bigint): number {
  const n = Number(heap);
  // Each splitting k costs (n - k)/2 two-way splits, (n - k)²/12 three-way ones. The digits written
  // before the group are summed one by one; each residue of the group is an arithmetic progression
  // k = k0, k0 + q, … ≤ n, whose sums of (n - k) and (n - k)² have closed forms.
  const cost = (d: number, sum1: number, sum2: number) => (d & 4 ? sum1 / 2 : 0) + (d & 8 ? sum2 / 12 : 0);
  const q = rule.repeat ?? 0;
  const start = rule.digits.length - q;
  let work = n;
  for (let k = 0; k < start && k <= n; k++) {
    const rest = n - k;
    work += cost(k === 0 ? rule.digits[0] & 12 : rule.digits[k], rest, rest * rest);
  }
  for (let k0 = start; k0 < start + q && k0 <= n; k0++) {
    const a = n - k0; // the largest rest; then a - q, a - 2q, … ≥ 0
    const j = Math.floor(a / q);
    const sum1 = (j + 1) * a - (q * j * (j + 1)) / 2;
    const sum2 = (j + 1) * a * a - a * q * j * (j + 1) + (q * q * j * (j + 1) * (2 * j + 1)) / 6;
    work += cost(rule.digits[k0], sum1, sum2);
  }
  return work;
}

/** The most members of an infinite set read one by one to list a heap's moves beyond the computed values. */
export const MAX_MEMBERS_LISTED = 1 << 20;

/**
 * Why a heap's moves cannot be listed, if they cannot: beyond the computed values (a proved
 * period) its moves are read member by member, and a heap of 10^30 under `subtract squares | …`
 * has 10^15 members below it.
 */
function unlistableHeap(set: SubtractionSet, heaps: readonly bigint[], sequence: HeapSequence | undefined) {
  const computed = BigInt(sequence?.computedUpTo ?? -1);
  const largest = heaps.reduce((a, b) => (b > a ? b : a), 0n);
  if (largest <= computed || !sequence?.complete) return undefined;
  let count = 0;
  for (const s of membersAscending(set)) {
    if (s > largest) return undefined;
    if (++count > MAX_MEMBERS_LISTED)
      return (
        `a heap of ${largest}: its moves take more than ${MAX_MEMBERS_LISTED.toLocaleString('en-US')} members ` +
        `of the set to list, beyond the values computed (up to ${computed})`
      );
  }
  return undefined;
}

function heapComponentMovesTo(
  component: Of<'heaps'>,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
): void {
  const seen = new Set<bigint>(); // equal heaps have the same moves, to the same positions
  component.heaps.forEach((n, heap) => {
    if (seen.has(n)) return;
    seen.add(n);
    const target = value.parts[heap]! ^ total;
    heapMovesTo(component.rule, value.sequence, n, target, {
      list,
      add: (take, leaves) => list.add(index, { kind: 'heap', heap, take, leaves }),
    });
  });
}

function octalRowMovesTo(
  component: Of<'octal-row'>,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
): void {
  xRuns(component.cells).forEach(([start, length], run) => {
    const target = value.parts[run]! ^ total;
    rowRunMovesTo(component.rule, value.sequence!, length, target, (offset, count) =>
      list.add(index, { kind: 'knock', start: start + offset, count }),
    );
  });
}

interface HeapMoveSink {
  readonly list: MoveList;
  add(take: bigint, leaves: readonly bigint[]): void;
}

export const heapsLeft = (...sizes: bigint[]) => sizes.filter((s) => s > 0n);

/**
 * Every move of a heap of n to an option of nimber `target`. `sequence` holds the rule's values;
 * it is absent only when the heap's nimber came from a closed form (heap.ts: closedFormNimber).
 */
function heapMovesTo(
  rule: HeapRule,
  sequence: HeapSequence | undefined,
  n: bigint,
  target: bigint,
  sink: HeapMoveSink,
): void {
  const g = (m: bigint): bigint => {
    const value = sequence ? sequenceNimber(sequence, m) : undefined;
    if (value === undefined) throw new Error(`internal: the nimber of heap ${m} is not known though heap ${n}'s is`);
    return value;
  };
  switch (rule.kind) {
    case 'subtract': {
      for (const s of sortedUnique(rule.set)) if (s <= n && g(n - s) === target) sink.add(s, heapsLeft(n - s));
      return;
    }
    case 'subtractAllExcept': {
      const excluded = new Set(sortedUnique(rule.except));
      const first = excluded.size === 0 ? undefined : [...excluded][0];
      if (!sequence || first === undefined || n < first) {
        // G(m) = m for every m < n here (Nim, or no exception is small enough to matter).
        if (target < n) sink.add(n - target, heapsLeft(target));
        return;
      }
      for (const m of positionsWithValue(sequence, target, n)) if (!excluded.has(n - m)) sink.add(n - m, heapsLeft(m));
      return;
    }
    case 'subtractSet': {
      if (!sequence || n <= BigInt(sequence.computedUpTo)) {
        const members = membersUpTo(rule.set, sequence ? Number(n) : 0);
        for (const s of members) if (g(n - BigInt(s)) === target) sink.add(BigInt(s), heapsLeft(n - BigInt(s)));
        return;
      }
      // Beyond the computed values (a proved period): the members up to n, one by one; heapsValue
      // has checked that there are at most MAX_MEMBERS_LISTED of them.
      for (const s of membersAscending(rule.set)) {
        if (s > n) return;
        if (g(n - s) === target) sink.add(s, heapsLeft(n - s));
      }
      return;
    }
    case 'subtractAllExceptSet': {
      if (!sequence) {
        if (target < n) sink.add(n - target, heapsLeft(target)); // G(m) = m below the smallest exception
        return;
      }
      const excluded = new Set(membersUpTo(rule.except, Number(n)));
      for (const m of positionsWithValue(sequence, target, n))
        if (!excluded.has(Number(n - m))) sink.add(n - m, heapsLeft(m));
      return;
    }
    case 'moves': {
      if (!sequence) return; // heap 0: no moves
      // Every option, listed by the rule (a move to the target is one whose parts' values XOR to it).
      for (const parts of movesHeapParts(rule, Number(n))) {
        let value = 0n;
        for (const part of parts) value ^= g(BigInt(part));
        if (value !== target) continue;
        const leaves = parts.map(BigInt);
        sink.add(
          leaves.reduce((rest, part) => rest - part, n),
          leaves,
        );
      }
      return;
    }
    case 'octal': {
      if (!sequence) return; // heap 0: no moves
      if (n > BigInt(sequence.computedUpTo) && isInfiniteCode(rule) && countedMoves(rule)) {
        countedCodeMovesTo(rule, sequence, n, target, sink);
        return;
      }
      // A finite code's digits end; a repeating group has a digit for every k up to the heap
      // (heapsValue has bounded the heap).
      const last = isInfiniteCode(rule) ? n : BigInt(rule.digits.length - 1);
      for (let k = 0; BigInt(k) <= last && BigInt(k) <= n; k++) {
        const take = BigInt(k);
        const d = k === 0 ? rule.digits[0] & 12 : codeDigit(rule, k); // before the point, only splits are moves
        const strict = codeDistinct(rule, k) ? 1 : 0; // `!`: the heaps left differ
        if (d & 1 && n === take && target === 0n) sink.add(take, []);
        if (d & 2 && n > take && g(n - take) === target) sink.add(take, [n - take]);
        if (d & 4 && n - take >= 2n + BigInt(strict))
          splitsTo(sequence, n - take, target, strict, (a, b) => sink.add(take, [a, b]), sink.list);
        if (d & 8 && n - take >= 3n)
          threeWaySplitsTo(sequence, Number(n - take), target, strict, (a, b, c) => sink.add(take, [a, b, c]));
      }
    }
  }
}

/**
 * The moves of a heap beyond the computed values under an infinite code whose moves are counted
 * (countedMoves): one heap left, at each m < n with G(m) = target (at most one per residue of the
 * period), or none; and Lasker's splits without taking anything.
 */
function countedCodeMovesTo(
  rule: Extract<HeapRule, { kind: 'octal' }>,
  sequence: HeapSequence,
  n: bigint,
  target: bigint,
  sink: HeapMoveSink,
): void {
  if (rule.digits[0] & 4) {
    const { count, first } = laskerSplits(n, target, MAX_LISTED_SPLITS);
    let listed = 0n;
    for (const [a, b] of first) {
      if (sink.list.full) break;
      sink.add(0n, [a, b]);
      listed++;
    }
    sink.list.addUnlisted(count - listed);
  }
  // Largest take first, as the enumeration lists them (k ascending): m ascending.
  for (const m of positionsWithValue(sequence, target, n)) {
    const d = codeDigitOf(rule, n - m);
    if (m === 0n ? d & 1 : d & 2) sink.add(n - m, heapsLeft(m));
  }
}

/** The most splits of one heap listed when they are counted (the list shows fewer). */
const MAX_LISTED_SPLITS = 1000;

/**
 * Heaps m < below with G(m) = target, for a sequence that is a prefix plus (maybe) an arithmetic period with saltus >
 * 0.
 */
function positionsWithValue(sequence: HeapSequence, target: bigint, below: bigint): bigint[] {
  const found: bigint[] = [];
  const length = sequence.computedUpTo + 1;
  const prefixEnd = below < BigInt(length) ? Number(below) : length;
  for (let m = 0; m < prefixEnd; m++) if (BigInt(sequence.values[m]) === target) found.push(BigInt(m));
  const periodicity = sequence.periodicity;
  if (!periodicity || periodicity.saltus <= 0 || below <= BigInt(length)) return found;
  // G(r + k·p) = G(r) + k·s for r in the first period: each residue reaches `target` at most once.
  const { preperiod, period, saltus } = periodicity;
  const beyond: bigint[] = [];
  for (let r = preperiod; r < preperiod + period; r++) {
    const difference = target - BigInt(sequence.values[r]);
    if (difference < 0n || difference % BigInt(saltus) !== 0n) continue;
    const m = BigInt(r) + (difference / BigInt(saltus)) * BigInt(period);
    if (m >= BigInt(length) && m < below) beyond.push(m);
  }
  return found.concat(beyond.sort((a, b) => (a < b ? -1 : 1)));
}

/**
 * Every split of a heap of m into a + b (1 ≤ a ≤ b, a < b when `strict`) with G(a) ⊕ G(b) = target,
 * in increasing a: listed through `add` while the list has room, counted always. Beyond the
 * computed prefix the values of a finite code are periodic (saltus 0), and for a ≥ preperiod
 * whether a split qualifies depends only on a mod period (b ≥ m/2 is periodic too), so each residue
 * is decided once and its splits are counted by division. (An infinite code's heaps are bounded by
 * heapsValue, and its splits read one by one.)
 */
function splitsTo(
  sequence: HeapSequence,
  m: bigint,
  target: bigint,
  strict: number,
  add: (a: bigint, b: bigint) => void,
  list: MoveList,
): void {
  const values = sequence.values;
  const length = sequence.computedUpTo + 1;
  // The largest a: m/2, or below it when the two heaps must differ and m is even.
  const half = (m - BigInt(strict)) / 2n;
  if (target > 0xffffffffn) return; // octal nimbers are 32-bit numbers
  const t = Number(target);
  if (m < BigInt(length) || (sequence.periodicity?.saltus ?? 0) !== 0) {
    const size = Number(m);
    const valueAt = (x: number) => (x < length ? values[x] : Number(sequenceNimber(sequence, x)));
    for (let a = 1; a <= Number(half); a++) {
      if ((values[a] ^ valueAt(size - a)) !== t) continue;
      if (list.full) list.addUnlisted(1n);
      else add(BigInt(a), BigInt(size - a));
    }
    return;
  }
  const periodicity = sequence.periodicity;
  if (!periodicity) throw new Error(`internal: heap ${m} is beyond the computed values and no period is proved`);
  const valueAt = (x: bigint) => Number(sequenceNimber(sequence, x));
  const { preperiod, period } = periodicity;
  // a below the preperiod: one by one (b = m - a is far beyond it: m ≥ length > 2·preperiod).
  for (let a = 1; a < preperiod && BigInt(a) <= half; a++) {
    if ((values[a] ^ valueAt(m - BigInt(a))) !== t) continue;
    if (list.full) list.addUnlisted(1n);
    else add(BigInt(a), m - BigInt(a));
  }
  if (BigInt(preperiod) > half) return;
  const matches = new Uint8Array(period);
  for (let j = 0; j < period; j++) {
    const a = BigInt(preperiod + j);
    if (a > half) break;
    if ((values[preperiod + j] ^ valueAt(m - a)) !== t) continue;
    matches[j] = 1;
    list.addUnlisted((half - a) / BigInt(period) + 1n);
  }
  if (!matches.includes(1)) return;
  // List from the smallest a; the moves were counted above, so listing adds without counting.
  for (let a = BigInt(preperiod); a <= half && !list.full; a++) {
    if (!matches[Number((a - BigInt(preperiod)) % BigInt(period))]) continue;
    list.count--;
    add(a, m - a);
  }
}

/**
 * Every split of a heap of m into a + b + c (1 ≤ a ≤ b ≤ c, all different when `strict`) with
 * G(a) ⊕ G(b) ⊕ G(c) = target, in order. Quadratic in m: heaps are at most MAX_THREE_WAY_HEAP here
 * (heapsValue says so beyond).
 */
function threeWaySplitsTo(
  sequence: HeapSequence,
  m: number,
  target: bigint,
  strict: number,
  add: (a: bigint, b: bigint, c: bigint) => void,
): void {
  if (target > 0xffffffffn) return;
  const t = Number(target);
  const values = sequence.values;
  const length = sequence.computedUpTo + 1;
  const valueAt = (x: number) => (x < length ? values[x] : Number(sequenceNimber(sequence, x)));
  for (let a = 1; 3 * a + 3 * strict <= m; a++) {
    const ga = values[a];
    for (let b = a + strict; a + 2 * b + strict <= m; b++)
      if ((ga ^ valueAt(b) ^ valueAt(m - a - b)) === t) add(BigInt(a), BigInt(b), BigInt(m - a - b));
  }
}

/**
 * Every move of an octal rule on a run of `length` X's that leaves runs with nimbers XOR-ing to
 * `target`: knocking down cells [offset, offset + k) leaves runs of offset and length - k - offset.
 * Unlike heaps, the two ends of a run are different cells, so both are listed.
 */
function rowRunMovesTo(
  rule: HeapRule,
  sequence: HeapSequence,
  length: number,
  target: bigint,
  add: (offset: number, count: number) => void,
): void {
  if (rule.kind !== 'octal') return;
  const g = (size: number) => Number(sequenceNimber(sequence, size));
  const last = isInfiniteCode(rule) ? length : rule.digits.length - 1;
  for (let k = 1; k <= last && k <= length; k++) {
    const d = codeDigit(rule, k);
    const strict = codeDistinct(rule, k); // `!`: the two runs left differ in length
    for (let left = 0; left + k <= length; left++) {
      const right = length - k - left;
      const allowed =
        left === 0 && right === 0 ? d & 1 : left === 0 || right === 0 ? d & 2 : strict && left === right ? 0 : d & 4;
      if (allowed && BigInt(g(left) ^ g(right)) === target) add(left, k);
    }
  }
}
