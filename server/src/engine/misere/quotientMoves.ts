// A misère sum of heaps decided from a quotient's images (quotientPlay.ts finds the quotient: a rule's own, or
// the joint one of several rules): the sum is P iff the product of its heaps' images lies in the P-portion,
// and a move is winning iff it puts the product there. Every heap is read through its own rule's view
// (QuotientView: the shared monoid and that rule's pretending function), so one rule or several are the same
// here. Heaps of any size the view covers: those computed, and every heap when the pretending function is
// proved periodic, where the splits of a huge heap are counted per residue of the period (a split a + b with
// both parts past the period's start has an image that depends on a mod period only).
import type { MoveList } from '../components';
import { heapMoveParts } from '../heaps/heapMoves';
import type { HeapRule } from '../types';
import { quotientImage } from './quotient';
import type { QuotientView } from './quotientTypes';

/** Heaps up to this size have their options listed one by one; larger ones go by residues. */
export const DIRECT_HEAP = 4096;

/** A heap of the sum (or a row's run of X's), with its rule and the view its image is read in. */
export interface QuotientHeap {
  readonly component: number;
  /** The heap's index in its component, or where a row's run starts. */
  readonly index: number;
  readonly size: bigint;
  readonly row: boolean;
  readonly rule: HeapRule;
  readonly view: QuotientView;
  /** Its image in the view (quotientImage: the caller has checked it is covered). */
  readonly image: number;
}

/**
 * The outcome of the sum of `heaps` (their views share one monoid), and, when N, every winning move into
 * `list` (equal heaps of one component once; a run's moves at every placement that leaves the same runs).
 */
export function playByImages(heaps: readonly QuotientHeap[], list: MoveList): 'N' | 'P' {
  const { size: m, mul, isP } = heaps[0].view;
  // Products of the heaps before and after each: the rest of the sum when one heap moves.
  const before = [0];
  for (const heap of heaps) before.push(mul[before[before.length - 1] * m + heap.image]);
  const after = [0];
  for (let i = heaps.length - 1; i >= 0; i--) after.push(mul[after[after.length - 1] * m + heaps[i].image]);
  after.reverse();
  const total = before[heaps.length];
  if (isP[total]) return 'P';
  const seen = new Set<string>();
  heaps.forEach((heap, i) => {
    const rest = mul[before[i] * m + after[i + 1]];
    if (heap.row) {
      // A run: every placement of the knocked-down cells that leaves these runs (as the exact search writes them).
      winningMoves(heap.rule, heap.view, heap.size, rest, list, (take, leaves) => {
        const sizes = leaves.map(Number);
        const offsets = sizes.length === 0 ? [0] : sizes.length === 1 ? [0, sizes[0]] : [...new Set(sizes)];
        for (const offset of offsets)
          list.add(heap.component, { kind: 'knock', start: heap.index + offset, count: Number(take) });
      });
      return;
    }
    // Equal heaps of one component have the same moves: each is listed once.
    const sizeKey = `${heap.component}:${heap.size}`;
    if (seen.has(sizeKey)) return;
    seen.add(sizeKey);
    winningMoves(heap.rule, heap.view, heap.size, rest, list, (take, leaves) =>
      list.add(heap.component, { kind: 'heap', heap: heap.index, take, leaves }),
    );
  });
  return 'N';
}

/**
 * Lists (through `add`, which adds to `list`) every move of a heap of n whose image times `rest`
 * lies in P, smallest take first and, among splits, smallest part first; counts all (splits of a
 * huge heap are counted into `list` by residue, and only the first ones listed).
 */
function winningMoves(
  rule: HeapRule,
  q: QuotientView,
  n: bigint,
  rest: number,
  list: MoveList,
  add: (take: bigint, leaves: bigint[]) => void,
): void {
  const { size: m, mul, isP } = q;
  const image = (k: bigint) => quotientImage(q, k) as number;
  const wins = (x: number) => isP[mul[rest * m + x]] === 1;
  if (n <= BigInt(DIRECT_HEAP) || n <= BigInt(q.heaps)) {
    for (const parts of heapMoveParts(rule, Number(n))) {
      let x = 0;
      let left = 0;
      for (const part of parts) {
        x = mul[x * m + image(BigInt(part))];
        left += part;
      }
      if (wins(x)) add(n - BigInt(left), parts.map(BigInt));
    }
    return;
  }
  // A huge heap: the quotient is proved periodic (quotientImage answered for n), so the rule is a
  // finite subtraction set or a finite code without `!` (misere/quotient.ts's window theorem).
  if (rule.kind === 'subtract') {
    for (const s of [...new Set(rule.set)].sort((a, b) => (a < b ? -1 : 1)))
      if (s <= n && wins(n === s ? 0 : image(n - s))) add(s, n === s ? [] : [n - s]);
    return;
  }
  if (rule.kind !== 'octal') return;
  const periodicity = q.periodicity;
  if (!periodicity) return;
  const { start, period } = periodicity;
  for (let take = 0; take < rule.digits.length; take++) {
    const digit = take === 0 ? rule.digits[0] & 12 : rule.digits[take];
    const left = n - BigInt(take);
    if (digit & 2 && wins(image(left))) add(BigInt(take), [left]);
    if (!(digit & 4)) continue;
    // Splits a + b = left, 1 ≤ a ≤ b: a below the period's start one by one (b is far past it),
    // then each residue of a decided once and counted by division.
    const half = left / 2n;
    for (let a = 1; a < start && BigInt(a) <= half; a++)
      if (wins(mul[image(BigInt(a)) * m + image(left - BigInt(a))])) add(BigInt(take), [BigInt(a), left - BigInt(a)]);
    const matching: number[] = [];
    for (let j = 0; j < period && BigInt(start + j) <= half; j++) {
      const a = BigInt(start + j);
      if (!wins(mul[image(a) * m + image(left - a)])) continue;
      matching.push(j);
      list.addUnlisted((half - a) / BigInt(period) + 1n);
    }
    // List from the smallest a; they were counted above, so listing adds without counting.
    for (let k = 0n, more = matching.length > 0; more && !list.full; k++) {
      more = false;
      for (const j of matching) {
        const a = BigInt(start + j) + k * BigInt(period);
        if (a > half || list.full) break;
        more = true;
        list.count--;
        add(BigInt(take), [a, left - a]);
      }
    }
  }
}
