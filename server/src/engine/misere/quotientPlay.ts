// Misère sums of heaps of one rule decided by the rule's misère quotient (misere/quotient.ts): the
// sum is P iff the product of its heaps' images lies in the P-portion, and a move is winning iff it
// puts the product there. Heaps of any size the quotient covers: those computed, and every heap
// when the pretending function is proved periodic, where the splits of a huge heap are counted per
// residue of the period (a split a + b with both parts past the period's start has an image that
// depends on a mod period only).
//
// Who grows the quotient: the game's own computation, within three quarters of its time, resumed
// from the cache. The language server also grows each rule's quotient as a background computation
// of its own, in slices (compute/computations.ts), on the worker that holds it (where its games run
// too): there (`growsApart`) a sum the game's share did not reach says which heap it needs
// (`wanted`), and is decided again when the growth gets there.
import { timeShare } from '../budget';
import { type EngineCache, type MoveList, xRuns } from '../components';
import type { ComponentInput } from '../gameTypes';
import { ruleKey } from '../heaps/heap';
import { heapMoveParts } from '../heaps/heapMoves';
import type { Budget, HeapRule } from '../types';
import { heapGenera } from './genus';
import { cachedMisereQuotient, type MisereQuotient, quotientImage, stopIsFinal, windowTheorem } from './quotient';

/** Which theory decided a misère game, in words for the hover and the CLI. */
export interface DecidedBy {
  readonly theory: 'nim' | 'genus' | 'quotient' | 'search';
  readonly text: string;
}

/** A tame sum's heaps get their genus symbols when all are at most this (a brute force)… */
const GENUS_IN_HOVER = 24;
/** …within this much time. */
const GENUS_MS = 200;

/** Heaps up to this size have their options listed one by one; larger ones go by residues. */
const DIRECT_HEAP = 4096;
/**
 * The heaps a quotient can be computed to one by one (an array's indices). Short of it, what
 * stops an unproved rule's quotient is the time budget, not a guess.
 */
const INDEXABLE_HEAP = 2 ** 31 - 1;

export type QuotientPlay =
  | { readonly outcome: 'N' | 'P'; readonly decidedBy: DecidedBy }
  /**
   * The quotient does not decide this sum: why, to add to the search's reason if it fails too
   * (not when cancelled: the search then stops for the same reason and says it). `wanted`: the
   * quotient read so far does not reach the sum's heaps but may still grow to them.
   */
  | { readonly skip: string; readonly cancelled?: boolean; readonly wanted?: QuotientWanted };

/** A rule's quotient a sum needs grown further: to heap `to` (or to a proof), from `heaps`. */
export interface QuotientWanted {
  readonly ruleKey: string;
  readonly rule: HeapRule;
  readonly to: number;
  readonly heaps: number;
}

/**
 * The rule whose quotient would decide a misère game of these components (heaps or rows of X's of
 * one rule other than Nim), or undefined: what the server's pool pins to the worker holding it.
 */
export function quotientRuleOf(components: readonly ComponentInput[]): HeapRule | undefined {
  const first = components[0];
  if (first?.kind !== 'heaps' && first?.kind !== 'octal-row') return undefined;
  const rule = first.rule;
  if (rule.kind === 'subtractAllExcept' && rule.except.length === 0) return undefined; // Nim: Bouton
  const key = ruleKey(rule);
  for (const c of components) if ((c.kind !== 'heaps' && c.kind !== 'octal-row') || ruleKey(c.rule) !== key) return;
  return rule;
}

/**
 * Decides a misère sum whose components are all heaps, or rows of X's, of one rule (not Nim:
 * Bouton does that). A row's runs of X are its heaps.
 */
export function misereByQuotient(
  components: readonly ComponentInput[],
  cache: EngineCache,
  budget: Budget,
  list: MoveList,
  options: {
    /** Say how far the quotient must grow (the server grows it apart) rather than end unknown. */
    readonly growsApart?: boolean;
    /** The share of the budget's time left the quotient may take (default 3/4). */
    readonly share?: number;
    /** The work the quotient may do for games, all calls together (QuotientOptions.workLimit). */
    readonly workLimit?: number;
    /** At most this much work more than it has done so far: a quotient at hand, not one grown for long. */
    readonly more?: number;
  } = {},
): QuotientPlay | undefined {
  const { growsApart = false, share = 3 / 4 } = options;
  const first = components[0];
  if (first?.kind !== 'heaps' && first?.kind !== 'octal-row') return undefined;
  const rule = first.rule;
  const key = ruleKey(rule);
  const threeWay = rule.kind === 'octal' && rule.digits.some((d) => d & 8);
  // A heap (its index), or a row's run of X's (where it starts).
  const heaps: { component: number; index: number; size: bigint; row: boolean }[] = [];
  for (const [component, c] of components.entries()) {
    if ((c.kind !== 'heaps' && c.kind !== 'octal-row') || ruleKey(c.rule) !== key) return undefined;
    if (c.kind === 'heaps')
      c.heaps.forEach((size, index) => {
        if (size > 0n) heaps.push({ component, index, size, row: false });
      });
    else {
      if (threeWay) return undefined; // a run split three ways has no one way to write it
      for (const [start, length] of xRuns(c.cells))
        heaps.push({ component, index: start, size: BigInt(length), row: true });
    }
  }
  if (heaps.length === 0) return undefined;
  const largest = heaps.reduce((x, h) => (h.size > x ? h.size : x), 0n);
  if (threeWay && largest > BigInt(DIRECT_HEAP))
    return { skip: `a heap of ${largest} splits three ways in too many ways to list` };
  const theorem = windowTheorem(rule);
  if (largest > BigInt(INDEXABLE_HEAP) && 'none' in theorem)
    return {
      skip:
        `a heap of ${largest} is past what a misère quotient computes heap by heap, and this rule's ` +
        `cannot be proved periodic (${theorem.none})`,
    };
  const to = largest > BigInt(INDEXABLE_HEAP) ? INDEXABLE_HEAP : Number(largest);
  // Three quarters of the time left (`share`): the exact search may still decide a small sum the
  // quotient cannot reach yet (the quotient resumes where it stopped: misereGame gives it back the
  // time a search that gave up on its size left).
  const state = cache.quotients.get(key);
  // Once the next heap failed within the work it may do for games, that is its stop (said as such), whatever
  // little more this call allows.
  const spent = options.workLimit !== undefined && (state?.workLimitMet ?? 0) >= options.workLimit;
  const workLimit = Math.min(
    options.workLimit ?? Number.POSITIVE_INFINITY,
    options.more === undefined || spent ? Number.POSITIVE_INFINITY : (state?.work ?? 0) + options.more,
  );
  const quotient = cachedMisereQuotient(cache, rule, key, timeShare(budget, share), {
    to,
    ...(Number.isFinite(workLimit) ? { workLimit } : {}),
  });
  const images: number[] = [];
  for (const heap of heaps) {
    const image = quotientImage(quotient, heap.size);
    if (image === undefined) {
      // A quotient stopped by its method (a size limit, (F) failing), or past the work it may do
      // for games (not the little more this call allowed), will not grow any further.
      const grows = growsApart && !stopIsFinal(quotient.stop, workLimit === options.workLimit);
      return {
        skip: quotientShortOf(quotient, heap.size),
        cancelled: quotient.stop?.cause === 'cancelled',
        ...(grows ? { wanted: { ruleKey: key, rule, to, heaps: quotient.heaps } } : {}),
      };
    }
    images.push(image);
  }
  const { size: m, mul, isP } = quotient;
  // Products of the heaps before and after each: the rest of the sum when one heap moves.
  const before = [0];
  for (const image of images) before.push(mul[before[before.length - 1] * m + image]);
  const after = [0];
  for (let i = images.length - 1; i >= 0; i--) after.push(mul[after[after.length - 1] * m + images[i]]);
  after.reverse();
  const total = before[images.length];
  const outcome = isP[total] ? 'P' : 'N';
  if (outcome === 'N') {
    const seen = new Set<string>();
    heaps.forEach((heap, i) => {
      const rest = mul[before[i] * m + after[i + 1]];
      if (heap.row) {
        // A run: every placement of the knocked-down cells that leaves these runs (as the
        // exact search writes them).
        winningMoves(rule, quotient, heap.size, rest, list, (take, leaves) => {
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
      winningMoves(rule, quotient, heap.size, rest, list, (take, leaves) =>
        list.add(heap.component, { kind: 'heap', heap: heap.index, take, leaves }),
      );
    });
  }
  const decidedBy = describe(quotient);
  if (!quotient.tame) return { outcome, decidedBy };
  // Tame: the heaps' genus symbols say how they play, when a brute force reaches them quickly.
  const sizes = [...new Set(heaps.map((h) => h.size))].sort((a, b) => (a < b ? -1 : 1));
  const largestSize = sizes[sizes.length - 1];
  if (largestSize > BigInt(GENUS_IN_HOVER)) return { outcome, decidedBy };
  const { genera } = heapGenera(rule, Number(largestSize), {
    ...budget,
    deadline: Math.min(budget.deadline ?? Number.POSITIVE_INFINITY, Date.now() + GENUS_MS),
  });
  if (genera.length <= Number(largestSize)) return { outcome, decidedBy };
  const symbols = sizes.map((n) => `${n}: ${genera[Number(n)].symbol}`).join(', ');
  return { outcome, decidedBy: { ...decidedBy, text: `${decidedBy.text}; the heaps' genus: ${symbols}` } };
}

function describe(q: MisereQuotient): DecidedBy {
  const range = q.periodicity?.proved
    ? `proved for every heap: heaps repeat with period ${q.periodicity.period} from heap ${q.periodicity.start}`
    : `exact for heaps up to ${q.heaps}`;
  const pCount = q.isP.reduce((x, y) => x + y, 0);
  if (q.tame)
    return {
      theory: 'genus',
      text:
        `tame: the rule's heaps play as misère Nim heaps (Conway's genus theory); its misère quotient is ` +
        `T of order ${q.size} (${range})`,
    };
  return { theory: 'quotient', text: `the rule's misère quotient: ${q.size} elements, ${pCount} of them P (${range})` };
}

function quotientShortOf(q: MisereQuotient, size: bigint): string {
  if (q.stop) return `the misère quotient stops at heap ${q.heaps}: ${q.stop.reason}`;
  return `the misère quotient is known for heaps up to ${q.heaps} and no period is proved; this heap has ${size}`;
}

/**
 * Lists (through `add`, which adds to `list`) every move of a heap of n whose image times `rest`
 * lies in P, smallest take first and, among splits, smallest part first; counts all (splits of a
 * huge heap are counted into `list` by residue, and only the first ones listed).
 */
function winningMoves(
  rule: HeapRule,
  q: MisereQuotient,
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
