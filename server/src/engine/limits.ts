// Every computation's limit, in the computation's own units: values tabled, positions searched,
// elements of a quotient read, steps of a rule's loops. A game's answer is a function of the game
// and of these numbers alone: none of them is a time, so a slower or busier machine takes longer to
// give the same answer, and a game beside 10,000 others gets what it gets alone. A shared
// computation (a rule's sequence, Wythoff's table, a misère quotient) is held to its limit as a
// whole, however many games read it and in whatever order: it is grown, never restarted, and never
// charged to one game.
//
// The numbers were picked by measurement (the README's Limits section gives the figures): on the 2-core machine
// the project is built on, no single computation at its limit takes much more than a few seconds.
// The user's cancel (and the CLI's explicit --budget-ms) is the only stop that is not counted here.
import type { Budget, HeapRule } from './types';

export const LIMITS = {
  /**
   * Values of a heap rule whose heaps have boundedly many options (a finite subtraction set, an
   * octal code without splits): a period is proved long before this for every rule we know.
   */
  sequenceValues: 1 << 24,
  /**
   * Values of a heap rule whose heaps have more options the larger they are (splits into two or
   * three heaps, infinite sets and codes, all-but): each value costs about its heap's size.
   */
  growingSequenceValues: 1 << 17,
  /**
   * Values of an infinite octal code whose repeated digits split heaps (`0.1[37]`, `4.[7]`): each value
   * costs its heap's size and a mex over values that grow with the heap (4.[7] takes 3.5 s to 2^14).
   */
  infiniteSplitValues: 1 << 14,
  /**
   * Options a finite octal code's values may list, all heaps together, counted from the code (each digit that
   * removes, and about n/2 splits of a heap of n for each digit that splits): `0.007` and Kayles reach their 2^17
   * values within it; a code of 10^5 digits that all split stops at 826 values.
   */
  octalOptions: 2 ** 34,
  /** Steps of the loops of a rule of one's own (`moves n -> …`) for its whole sequence. */
  movesSteps: 2 ** 30,
  /**
   * Work of a tuple rule's table (`moves (a, b) -> …`), all its levels: positions, options, loop steps.
   * Nim and Wythoff written as moves reach it at about sum 1,400 in 2.5 CPU-seconds; a rule whose loops
   * run long and give nothing (`for k in 1..x * 10^11 if k == 1`) in 9.
   */
  movesTupleTableWork: 2 ** 31,
  /**
   * Work of one position of a tuple rule searched alone: positions searched and loop steps. Nim and
   * Wythoff from (3000, 2500) reach it in 2.5 CPU-seconds; a position costs more than a loop step, most
   * past the search's dense table (`(x - 1, y) | (x, y - 2)` from there: 3.75 million positions, 33 s).
   */
  movesTupleSearchWork: 2 ** 22,
  /** Cells of a tuple rule's table, a cube (2048² for two numbers, 161³ for three): 16 MiB of values. */
  movesTupleTableCells: 2 ** 22,
  /** Positions of the brute force that finds heaps' genus symbols (Kayles to heap 24: 70,488, 0.8 s). */
  genusPositions: 200_000,
  /** Elements a rule's misère quotient (or a joint one) may read, all its growth for games together. */
  quotientWork: 500_000_000,
  /** Positions one Cram region's search expands: 5 × 7 takes 274,914 in 3.5 CPU-seconds (80,000 a second). */
  cramPositions: 300_000,
  /** Positions a Cram board's region searches take together (each at its own count) before no new one starts. */
  cramBoardPositions: 300_000,
  /** Positions one Kayles component's search expands: about 190,000 a CPU-second in long searches, so 3.5 s. */
  kaylesPositions: 650_000,
  /** Positions a graph's component searches take together (each at its own count) before no new one starts. */
  kaylesGraphPositions: 650_000,
  /** Positions of a Chomp staircase's table, counted before searching: 4 bytes each at most, so 16 MiB here. */
  chompPositions: 4_000_000,
  /** Moves a Chomp table examines (Σ area − 1), counted first: 12 × 12 examines 1.9e8 in 2.4 CPU-seconds. */
  chompMoves: 300_000_000,
} as const;

/** The value limit of a heap rule's sequence (LIMITS): a function of the rule alone. */
export function sequenceValueLimit(rule: HeapRule): number {
  if (rule.kind === 'octal' && splitsForever(rule)) return LIMITS.infiniteSplitValues;
  const limit = hasGrowingOptions(rule) ? LIMITS.growingSequenceValues : LIMITS.sequenceValues;
  return rule.kind === 'octal' && !rule.repeat ? Math.min(limit, octalValueLimit(rule.digits)) : limit;
}

/** The most values whose options, as counted for LIMITS.octalOptions, a finite code's digits allow. */
function octalValueLimit(digits: readonly number[]): number {
  let removes = 0;
  let splits = 0;
  let threeWays = 0;
  digits.forEach((d, k) => {
    if (k > 0 && d & 3) removes++;
    if (d & 4) splits++;
    if (d & 8) threeWays++;
  });
  const options = (n: number) => removes * n + (splits * n * n) / 4 + (threeWays * n * n * n) / 36;
  let low = 1;
  let high = LIMITS.sequenceValues;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (options(mid) <= LIMITS.octalOptions) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Whether an octal code's repeated digits split heaps (see LIMITS.infiniteSplitValues). */
function splitsForever(rule: HeapRule & { kind: 'octal' }): boolean {
  const repeat = rule.repeat ?? 0;
  return repeat > 0 && rule.digits.slice(rule.digits.length - repeat).some((d) => (d & 12) !== 0);
}

/** Whether a heap's options grow with its size under `rule` (see LIMITS.growingSequenceValues). */
function hasGrowingOptions(rule: HeapRule): boolean {
  switch (rule.kind) {
    case 'subtract':
      return false;
    case 'subtractAllExcept':
    case 'subtractSet':
    case 'subtractAllExceptSet':
    case 'moves':
      return true;
    case 'octal':
      return (rule.repeat ?? 0) > 0 || rule.digits.some((d) => (d & 12) !== 0);
  }
}

/** `budget` held to a rule's value limit as well as its own. */
export function withSequenceLimit(budget: Budget, rule: HeapRule): Budget {
  const limit = sequenceValueLimit(rule);
  const own = rule.kind === 'moves' ? { work: { spent: 0, limit: LIMITS.movesSteps } } : {};
  if (budget.maxValues !== undefined && budget.maxValues <= limit) return { ...budget, ...own };
  return { ...budget, maxValues: limit, ...own };
}
