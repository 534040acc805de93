// The search for a Cram region's value: the mex over its options, each option a sum of regions, as
// the records were computed (Lemoine and Viennot, "Nimbers are inevitable", arXiv:1011.5841, 2010;
// Theoretical Computer Science 462, 2012).
//
// What it uses:
//  - Sprague–Grundy: an option that leaves regions A1 + … + Ak has value g(A1) ⊕ … ⊕ g(Ak), and a
//    region's value is the least value none of its options has (the mex).
//  - The truncated mex: g(R) = n exactly when its options reach every m < n and none reaches n. So
//    "is g(R) = n?" needs only the values below n, tried in order, each by finding one option with
//    that value (mexUpTo). Whether an option A1 + … + Ak has value m is asked, as Lemoine and
//    Viennot do, by computing the exact values of all its regions but the largest, A1, and then
//    asking whether g(A1) = m ⊕ g(A2) ⊕ … ⊕ g(Ak): an outcome question on one region, which stops at
//    the first option that settles it. Their theorem: computing the nimber of at least one of the
//    independent positions of a sum is always more efficient than developing the sum's game tree.
//  - The transposition table (cramMemo.ts) holds each region's value once known, and, before, the
//    values its options were shown to reach: every question asked again is answered from it, and
//    an option whose largest region is known to differ from what is asked is refuted unsearched.
//  - Two equal regions cancel (G + G = 0); paths, cycles and mirror-symmetric regions have values
//    without search (cramShape.ts).
//  - "Is g(R) = t?" (valueIs) looks first for an option of value t, which refutes it without
//    settling the smaller values; only when none has value t (so g ≤ t) are they settled.
//  - Options are made one at a time, the dominoes nearest the centre first, each checked against
//    the table as it is made: most questions are answered by one of the first few, and the others
//    are never made. Only when the table settles none are the rest searched, those whose largest
//    region is smallest first (cheapest to settle), ties towards the centre (where mirror-like
//    replies are). Measured on 4×7: making options lazily took the options made from 2.6 million
//    to 575 thousand, and looking for value t first (above) to 115 thousand.
// Recursion: each call is on a region with fewer cells than its caller's (an option has two cells
// less; the other regions of an option are parts of it), so the depth is at most a few frames per
// cell of a region of at most MAX_SEARCH_CELLS cells.
// Work: positions expanded (regions whose options were made), counted exactly and stopped at the
// search's own limit ('work-limit': the same place on any machine, whatever else was computed, when
// the memo is the search's own); the budget's Meter is asked only for the user's cancel (and an
// explicit time cap). When either says stop, SearchStopped unwinds the search, and the table keeps
// only what was proved.

import { Meter } from '../budget';
import type { Budget, StopCause } from '../types';
import type { CramMemo } from './cramMemo';
import { MAX_SEARCH_CELLS, type Shape, ShapeMaker, type ShapeRules, staysWhole } from './cramShape';

/** Thrown through the search when the budget says stop. */
export class SearchStopped {
  constructor(readonly cause: StopCause) {}
}

/** An option of a region: the regions it leaves that need values (largest first), and the XOR of the others' values. */
export class CramOption {
  constructor(
    readonly shapes: readonly Shape[],
    readonly fixed: number,
    /** Search order: smaller largest region first, then nearer the centre. */
    readonly order: number,
  ) {}
}

/** A region being searched: its options made so far, and where the next one is looked for. */
class Expansion {
  readonly options: CramOption[] = [];
  at = 0;
  constructor(
    readonly shape: Shape,
    readonly dominoes: Int32Array,
  ) {}
}

/** Words a domino takes in a dominoesByCentre list: row a, its bits, row b, its bits, distance to the centre. */
const DOMINO_WORDS = 5;

/** Every place of a domino in a box of width × height, nearest its centre first (distances doubled). */
function dominoesByCentre(width: number, height: number): Int32Array {
  const places: number[][] = [];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      if (c + 1 < width) places.push([r, 3 << c, r, 0, Math.abs(2 * r - height + 1) + Math.abs(2 * c - width + 2)]);
      if (r + 1 < height)
        places.push([r, 1 << c, r + 1, 1 << c, Math.abs(2 * r - height + 2) + Math.abs(2 * c - width + 1)]);
    }
  }
  places.sort((x, y) => x[4] - y[4]);
  return Int32Array.from(places.flat());
}

const NONE: readonly Shape[] = [];

/** A value is never 31 or more here in practice; past 30 a region's reached values are not remembered. */
const MASK_VALUES = 31;

export class CramSearch {
  /** Regions expanded (their options generated): the work done. */
  positions = 0;
  readonly maker: ShapeMaker;
  private readonly meter: Meter;
  private readonly scratch = new Int32Array(MAX_SEARCH_CELLS + 8);
  private readonly found: Shape[] = [];
  /** dominoesByCentre for each box, by the box's key word (width | height << 8). */
  private readonly dominoes = new Map<number, Int32Array>();

  constructor(
    readonly memo: CramMemo,
    budget: Budget,
    rules: ShapeRules,
    /** The most positions it may expand (LIMITS.cramPositions for a game's region); see allow(). */
    public limit: number,
  ) {
    this.maker = new ShapeMaker(rules);
    this.meter = new Meter(budget);
  }

  /** Allows `more` positions from here on (a listing's moves, after its region's value). */
  allow(more: number): void {
    this.limit = this.positions + more;
  }

  /** The value of a region, known or searched. Throws SearchStopped. */
  value(shape: Shape): number {
    return this.mexUpTo(shape, Number.POSITIVE_INFINITY);
  }

  /** A region's value when known without search (theorem, identity or table), else −1. */
  known(shape: Shape): number {
    if (shape.value >= 0) return shape.value;
    const entry = this.memo.get(shape);
    return entry < 0 ? -entry - 1 : -1;
  }

  /** g(shape) when it is at most n, else −1. */
  mexUpTo(shape: Shape, n: number): number {
    if (shape.value >= 0) return shape.value <= n ? shape.value : -1;
    const entry = this.memo.get(shape);
    if (entry < 0) return -entry - 1 <= n ? -entry - 1 : -1;
    let reached = entry;
    let m = 0;
    while (m <= n && m < MASK_VALUES && (reached & (1 << m)) !== 0) m++;
    if (m > n) return -1;
    const options = this.expand(shape);
    for (; m <= n; m++) {
      if (m < MASK_VALUES && (reached & (1 << m)) !== 0) continue;
      if (this.someOptionIs(options, m)) {
        if (m < MASK_VALUES) {
          reached |= 1 << m;
          this.memo.set(shape, reached);
        }
        continue;
      }
      this.memo.set(shape, -(m + 1));
      return m;
    }
    return -1;
  }

  /** Whether the option's value is m. Throws SearchStopped. */
  optionIs(option: CramOption, m: number): boolean {
    let target = m ^ option.fixed;
    let largest: Shape | undefined;
    for (const shape of option.shapes) {
      const g = this.known(shape);
      if (g >= 0) target ^= g;
      else if (!largest) largest = shape;
      else target ^= this.value(shape);
    }
    return largest ? this.valueIs(largest, target) : target === 0;
  }

  /**
   * Whether g(shape) = t. An option of value t refutes it at once, so that is looked for first;
   * only when no option has value t (so g ≤ t) are the values below t settled, in order.
   */
  valueIs(shape: Shape, t: number): boolean {
    if (shape.value >= 0) return shape.value === t;
    const entry = this.memo.get(shape);
    if (entry < 0) return -entry - 1 === t;
    if (t < MASK_VALUES && (entry & (1 << t)) !== 0) return false;
    const options = this.expand(shape);
    let reached = entry;
    if (this.someOptionIs(options, t)) {
      if (t < MASK_VALUES) this.memo.set(shape, reached | (1 << t));
      return false;
    }
    for (let m = 0; m < t; m++) {
      if (m < MASK_VALUES && (reached & (1 << m)) !== 0) continue;
      if (!this.someOptionIs(options, m)) {
        this.memo.set(shape, -(m + 1));
        return false;
      }
      if (m < MASK_VALUES) {
        reached |= 1 << m;
        this.memo.set(shape, reached);
      }
    }
    this.memo.set(shape, -(t + 1));
    return true;
  }

  /**
   * Whether some option has value m: first those the table settles (the options made so far, then
   * new ones, centre first, stopping at the first that settles it), then the rest by search.
   */
  private someOptionIs(expansion: Expansion, m: number): boolean {
    const made = expansion.options;
    for (const option of made) if (this.settles(option, m) === 1) return true;
    for (let option = this.next(expansion); option; option = this.next(expansion)) {
      made.push(option);
      if (this.settles(option, m) === 1) return true;
    }
    const open: CramOption[] = [];
    for (const option of made) if (this.settles(option, m) < 0) open.push(option);
    if (open.length > 1) open.sort((a, b) => a.order - b.order);
    for (const option of open) if (this.optionIs(option, m)) return true;
    return false;
  }

  /** 1 if the table shows the option has value m, 0 if it shows it has not, −1 if it cannot tell. */
  private settles(option: CramOption, m: number): number {
    let target = m ^ option.fixed;
    let open: Shape | undefined;
    let openEntry = 0;
    for (const shape of option.shapes) {
      if (shape.value >= 0) {
        target ^= shape.value;
        continue;
      }
      const entry = this.memo.get(shape);
      if (entry < 0) target ^= -entry - 1;
      else if (open) return -1;
      else {
        open = shape;
        openEntry = entry;
      }
    }
    if (!open) return target === 0 ? 1 : 0;
    // Some option of the open region reaches `target`: its value is not target.
    return target < MASK_VALUES && (openEntry & (1 << target)) !== 0 ? 0 : -1;
  }

  /** A region's options, to be made one at a time. Counts the work; throws SearchStopped. */
  expand(shape: Shape): Expansion {
    if (this.positions >= this.limit) throw new SearchStopped('work-limit');
    this.positions++;
    let dominoes = this.dominoes.get(shape.k0);
    if (!dominoes) {
      dominoes = dominoesByCentre(shape.width, shape.height);
      this.dominoes.set(shape.k0, dominoes);
    }
    return new Expansion(shape, dominoes);
  }

  /** The expansion's next option (the dominoes nearest the centre first), or undefined after the last. */
  private next(expansion: Expansion): CramOption | undefined {
    const { dominoes, shape } = expansion;
    const rows = shape.rows;
    while (expansion.at < dominoes.length) {
      const at = expansion.at;
      expansion.at += DOMINO_WORDS;
      const a = dominoes[at];
      const bitsA = dominoes[at + 1];
      const b = dominoes[at + 2];
      const bitsB = dominoes[at + 3];
      if ((rows[a] & bitsA) !== bitsA || (rows[b] & bitsB) !== bitsB) continue;
      const stop = this.meter.spend(1);
      if (stop) throw new SearchStopped(stop);
      return this.leave(rows, shape.height, a, bitsA, b, bitsB, dominoes[at + 4]);
    }
    return undefined;
  }

  /**
   * The option of the position rows[0 .. height) that fills `bitsA` of row a and `bitsB` of row b:
   * its regions, known values folded into `fixed`, equal pairs cancelled, the largest first.
   */
  leave(
    rows: ArrayLike<number>,
    height: number,
    a: number,
    bitsA: number,
    b: number,
    bitsB: number,
    centre = 0,
  ): CramOption {
    const position = this.scratch;
    for (let r = 0; r < height; r++) position[r] = rows[r];
    position[a] &= ~bitsA;
    position[b] &= ~bitsB;
    if (staysWhole(position, height, a, bitsA, b)) {
      // The common case: one region left (or fewer than two cells).
      const shape = this.maker.whole(position, height);
      if (!shape) return new CramOption(NONE, 0, centre);
      if (shape.value >= 0) return new CramOption(NONE, shape.value, centre);
      return new CramOption([shape], 0, shape.cells * 4096 + centre);
    }
    const found = this.found;
    found.length = 0;
    this.maker.splitAround(position, height, a, bitsA, b, bitsB, found);
    let fixed = 0;
    const shapes: Shape[] = [];
    for (const shape of found) {
      if (shape.value >= 0) {
        fixed ^= shape.value;
        continue;
      }
      let twin = -1;
      for (let i = 0; i < shapes.length && twin < 0; i++) if (shapes[i].sameAs(shape)) twin = i;
      if (twin >= 0) shapes.splice(twin, 1);
      else shapes.push(shape);
    }
    if (shapes.length > 1) shapes.sort((x, y) => y.cells - x.cells);
    return new CramOption(shapes, fixed, (shapes.length > 0 ? shapes[0].cells : 0) * 4096 + centre);
  }
}
