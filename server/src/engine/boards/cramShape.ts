// Cram regions as bit rows: their canonical form under the square's symmetries, the values that
// follow from an identity or a theorem without search, and the split of a position into regions.
//
// A region (a connected set of empty cells) is held as rows of bits: rows[r] bit c is the cell in
// row r, column c of its bounding box. The search (cramSearch.ts) stores values by a region's
// canonical form, so that a region is searched once whatever its position, rotation or reflection:
//  - Cram's moves are the edges of the grid graph on the empty cells, and a move deletes both ends
//    of its edge. Translating, rotating or reflecting a region keeps that graph, so its value.
//  - The canonical form: the region translated to its bounding box, turned so that it is at most as
//    wide as it is tall (squares: both ways), and of the 4 (squares: 8) images under the symmetries
//    of the square that keep that orientation, the one whose rows are least in lexicographic order.
//  - Regions split as cells fill: no move touches two regions, so a position is the disjunctive sum
//    of its regions and its value the XOR of theirs (Sprague–Grundy; Berlekamp, Conway and Guy,
//    Winning Ways). A single cell has no move: value 0, and it is dropped.
// Values without search (each tested against brute force in test/engine/boards/cram.test.ts):
//  - A region whose graph is a path of n cells (a straight line, or any snake in which no two
//    cells touch unless they follow each other) is Dawson's Kayles, the octal game 0.07: a move
//    deletes two neighbours, leaving paths of a and n − 2 − a. Its values repeat with period 34
//    from n = 53, G(52) = 2 being the last exception (Guy and Smith, "The G-values of various
//    games", 1956; OEIS A002187 lists Dawson's chess, 0.137, whose G(n − 1) is 0.07's G(n)). dawsonKayles()
//    computes them and checks the Guy–Smith hypothesis once (G(n + 34) = G(n) for 53 ≤ n < 2·53 +
//    34 + 2, the last digit of 0.07 taking 2), which proves the period for every n.
//  - A region whose graph is a cycle of n cells: every move leaves a path of n − 2, so its value
//    is mex{G(n − 2)}.
//  - The mirror strategy: a region symmetric under the half-turn about its centre, where no cell is
//    its own image or next to it, has value 0. The second player answers each domino with its
//    image: that domino is disjoint from the first (it would share a cell only if a cell's image
//    were itself or its neighbour) and empty (the position was symmetric before the first domino),
//    so the second player always has a move and makes the last one. Even×even rectangles are the
//    classical case (Gardner's Scientific American column; Winning Ways).
//  - Extra leaves: next to a cell with two or more leaves (cells with one neighbour), all leaves
//    but one can go without changing the value (the reduction of stars in Beling and Rogalski, "On
//    pruning search trees of impartial games", Artificial Intelligence 283, 2020; proof at
//    dropExtraLeaves). Regions that differ only so share one entry of the table.
// Whether the region left by a domino is still one region is first read from a table of the
// window around the domino (staysWhole); only when that cannot tell is the position flooded, from
// the domino's neighbours (splitAround). The tables here (reversed bytes, 0.07's values, the two
// windows) are constants, computed once on first use.

/** The search keeps a region's rows in 30-bit integers (V8 small integers). */
export const MAX_WIDTH = 30;
/** The most cells of a region the search takes on (and its tallest bounding box). */
export const MAX_SEARCH_CELLS = 120;
/** A canonical form up to this many bits (width × height) is a key of 3 words; larger, a string. */
const PACKED_BITS = 96;

/** Bits reversed within a byte. */
const REVERSED_BYTE = new Uint8Array(256);
for (let b = 0; b < 256; b++) {
  let r = 0;
  for (let i = 0; i < 8; i++) if (b & (1 << i)) r |= 1 << (7 - i);
  REVERSED_BYTE[b] = r;
}

/** The lowest `width` bits of x, mirrored (bit c to bit width − 1 − c). */
export function mirrorBits(x: number, width: number): number {
  const r =
    (REVERSED_BYTE[x & 255] << 24) |
    (REVERSED_BYTE[(x >>> 8) & 255] << 16) |
    (REVERSED_BYTE[(x >>> 16) & 255] << 8) |
    REVERSED_BYTE[(x >>> 24) & 255];
  return r >>> (32 - width);
}

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** The index of the lowest set bit of x ≠ 0. */
export const lowestBit = (x: number) => 31 - Math.clz32(x & -x);

/** The runs of set bits of `row` that contain a bit of `seeds` (a flood fill along a row). */
export function fillRow(row: number, seeds: number): number {
  let s = seeds & row;
  if (s === 0) return 0;
  // Upwards: adding the seeds carries through each run above them; the bits that change, in the row.
  const up = (((row >>> 0) + (s >>> 0)) ^ row) & row;
  // Downwards: Kogge–Stone occluded fill towards bit 0.
  let g = row;
  s |= (s >>> 1) & g;
  g &= g >>> 1;
  s |= (s >>> 2) & g;
  g &= g >>> 2;
  s |= (s >>> 4) & g;
  g &= g >>> 4;
  s |= (s >>> 8) & g;
  g &= g >>> 8;
  s |= (s >>> 16) & g;
  return up | s;
}

// Dawson's Kayles, octal 0.07 -----------------------------------------------------------------------

const DAWSON_PREPERIOD = 53;
const DAWSON_PERIOD = 34;
let dawsonValues: Uint8Array | undefined;

/** G(n) of 0.07 (Dawson's Kayles): the value of a Cram path of n cells. */
export function dawsonKayles(n: number): number {
  if (!dawsonValues) dawsonValues = dawsonTable();
  if (n >= dawsonValues.length) n = DAWSON_PREPERIOD + ((n - DAWSON_PREPERIOD) % DAWSON_PERIOD);
  return dawsonValues[n];
}

/** G(0 .. 2e + 2p + 2) by the mex, with the Guy–Smith hypothesis checked: the period holds beyond. */
function dawsonTable(): Uint8Array {
  const length = 2 * DAWSON_PREPERIOD + 2 * DAWSON_PERIOD + 3;
  const g = new Uint8Array(length);
  const seen = new Uint8Array(64);
  for (let n = 2; n < length; n++) {
    seen.fill(0);
    for (let a = 0; a <= n - 2 - a; a++) seen[g[a] ^ g[n - 2 - a]] = 1;
    let mex = 0;
    while (seen[mex]) mex++;
    g[n] = mex;
  }
  for (let n = DAWSON_PREPERIOD; n + DAWSON_PERIOD < length; n++)
    if (g[n] !== g[n + DAWSON_PERIOD]) throw new Error(`0.07: the period ${DAWSON_PERIOD} fails at ${n}`);
  return g;
}

// Shapes ---------------------------------------------------------------------------------------------

/** How a region's value is known without search. */
export const Known = { Search: 0, Path: 1, Cycle: 2, Mirror: 3 } as const;
export type Known = (typeof Known)[keyof typeof Known];

/** A region in canonical form, with its key and, when an identity or a theorem gives it, its value. */
export class Shape {
  constructor(
    readonly width: number,
    readonly height: number,
    /** rows[r] bit c: the cell (r, c) of the canonical form. */
    readonly rows: readonly number[],
    readonly cells: number,
    /** The key: k0 = width | height << 8, k1..k3 the rows' bits in order (forms of ≤ 96 bits). */
    readonly k0: number,
    readonly k1: number,
    readonly k2: number,
    readonly k3: number,
    /** The key of a larger form, as a string; undefined for a packed one. */
    readonly wide: string | undefined,
    /** The value when `known` is not Search, else −1. */
    readonly value: number,
    readonly known: Known,
  ) {}

  sameAs(other: Shape): boolean {
    return (
      this.k0 === other.k0 &&
      this.k1 === other.k1 &&
      this.k2 === other.k2 &&
      this.k3 === other.k3 &&
      this.wide === other.wide
    );
  }
}

/** Which shortcuts a computation may take (all by default; tests turn them off to check them). */
export interface ShapeRules {
  /** Paths and cycles by Dawson's Kayles. */
  readonly paths: boolean;
  /** The mirror strategy's 0. */
  readonly mirror: boolean;
  /** Extra leaves dropped (see dropExtraLeaves). */
  readonly leaves: boolean;
}

/**
 * Builds shapes. Its scratch rows are reused between calls (allocation is the search's main cost);
 * one maker belongs to one computation, and no call re-enters another.
 */
export class ShapeMaker {
  private readonly forms: Int32Array[] = Array.from({ length: 4 }, () => new Int32Array(MAX_SEARCH_CELLS + 8));
  private readonly component = new Int32Array(MAX_SEARCH_CELLS + 8);
  private readonly remaining = new Int32Array(MAX_SEARCH_CELLS + 8);
  private readonly seeds = new Int32Array(4);
  private readonly leaves = Array.from({ length: 4 }, () => new Int32Array(MAX_SEARCH_CELLS + 8));

  constructor(readonly rules: ShapeRules) {}

  /**
   * The canonical shape of the region rows[top .. top + height), each shifted right by `shift`,
   * `width` columns wide (the rows must be the region's bounding box after the shift).
   */
  make(rows: ArrayLike<number>, top: number, height: number, shift: number, width: number): Shape {
    // The images are read, not made: image i's row r is in[i >> 1] (the region, mirrored, its
    // transpose, the transpose mirrored) at row r, or at row h − 1 − r for odd i (upside down).
    const forms = this.forms;
    const plain = forms[0];
    const mirrored = forms[1];
    const turned = forms[2];
    const turnedMirrored = forms[3];
    let w = width;
    let h = height;
    for (let r = 0; r < height; r++) plain[r] = rows[top + r] >>> shift;
    if (this.rules.leaves && this.dropExtraLeaves(plain, h)) {
      // The box may have shrunk.
      let from = 0;
      while (plain[from] === 0) from++;
      while (plain[h - 1] === 0) h--;
      let columns = 0;
      for (let r = from; r < h; r++) columns |= plain[r];
      const low = lowestBit(columns);
      for (let r = from; r < h; r++) plain[r - from] = plain[r] >>> low;
      h -= from;
      w = 32 - Math.clz32(columns) - low;
    }
    if (w > h) {
      transpose(plain, 0, h, 0, turned);
      plain.set(turned.subarray(0, w));
      [w, h] = [h, w];
    }
    for (let r = 0; r < h; r++) mirrored[r] = mirrorBits(plain[r], w);
    let images = 4;
    if (w === h) {
      images = 8;
      transpose(plain, 0, h, 0, turned);
      for (let r = 0; r < h; r++) turnedMirrored[r] = mirrorBits(turned[r], w);
    }
    let best = 0;
    for (let i = 1; i < images; i++) if (this.imageLess(i, best, h)) best = i;
    const from = this.forms[best >> 1];
    const canonical: number[] = new Array(h);
    let cells = 0;
    for (let r = 0; r < h; r++) {
      const row = from[best & 1 ? h - 1 - r : r];
      canonical[r] = row;
      cells += popcount(row);
    }
    let symmetric = true;
    for (let r = 0; r < h && symmetric; r++) symmetric = plain[r] === mirrored[h - 1 - r];
    let k1 = 0;
    let k2 = 0;
    let k3 = 0;
    let wide: string | undefined;
    if (w * h <= PACKED_BITS) {
      for (let r = 0, at = 0; r < h; r++, at += w) {
        const v = canonical[r];
        const word = at >>> 5;
        const offset = at & 31;
        const low = v << offset;
        const high = offset + w > 32 ? v >>> (32 - offset) : 0;
        if (word === 0) {
          k1 |= low;
          k2 |= high;
        } else if (word === 1) {
          k2 |= low;
          k3 |= high;
        } else k3 |= low;
      }
    } else wide = String.fromCharCode(...canonical.flatMap((v) => [v & 0xffff, v >>> 16]));
    const known = this.knownValue(canonical, w, h, cells, symmetric);
    const value = known === Known.Search ? -1 : this.value;
    return new Shape(w, h, canonical, cells, w | (h << 8), k1, k2, k3, wide, value, known);
  }

  /** Whether image i's rows are less than image j's, in lexicographic order. */
  private imageLess(i: number, j: number, h: number): boolean {
    const a = this.forms[i >> 1];
    const b = this.forms[j >> 1];
    for (let r = 0; r < h; r++) {
      const x = a[i & 1 ? h - 1 - r : r];
      const y = b[j & 1 ? h - 1 - r : r];
      if (x !== y) return x < y;
    }
    return false;
  }

  /**
   * The shape of rows[0 .. height) when the caller knows its cells form one region; undefined when
   * there are fewer than two.
   */
  whole(rows: ArrayLike<number>, height: number): Shape | undefined {
    let top = 0;
    while (top < height && rows[top] === 0) top++;
    if (top === height) return undefined;
    let bottom = height - 1;
    while (rows[bottom] === 0) bottom--;
    let columns = 0;
    for (let r = top; r <= bottom; r++) columns |= rows[r];
    if (top === bottom && (columns & (columns - 1)) === 0) return undefined;
    const shift = lowestBit(columns);
    return this.make(rows, top, bottom - top + 1, shift, 32 - Math.clz32(columns) - shift);
  }

  /**
   * Drops every leaf but one next to each cell that has two or more (a leaf: a cell with one
   * neighbour). Sound (Beling and Rogalski's reduction of stars): a leaf can only be played with its
   * neighbour v, and playing v with any of its leaves leaves the same position up to single cells,
   * so by induction over the game tree the extra leaves change no value. True when any was dropped.
   */
  private dropExtraLeaves(rows: Int32Array, h: number): boolean {
    const [left, right, up, down] = this.leaves;
    for (let r = 0; r < h; r++) {
      const row = rows[r];
      const l = row & (row << 1);
      const ri = row & (row >>> 1);
      const u = r > 0 ? row & rows[r - 1] : 0;
      const d = r + 1 < h ? row & rows[r + 1] : 0;
      const one = (l ^ ri ^ u ^ d) & ~((l & ri) | ((l | ri) & (u | d)) | (u & d));
      // Leaves by where their neighbour is.
      left[r] = one & l;
      right[r] = one & ri;
      up[r] = one & u;
      down[r] = one & d;
    }
    let dropped = false;
    for (let r = 0; r < h; r++) {
      // Cells of row r with a leaf to their right, left, below, above; keep the first kind.
      const fromRight = left[r] >>> 1;
      const fromLeft = right[r] << 1;
      const fromBelow = r + 1 < h ? up[r + 1] : 0;
      const fromAbove = r > 0 ? down[r - 1] : 0;
      const dropLeft = fromLeft & fromRight;
      const dropBelow = fromBelow & (fromRight | fromLeft);
      const dropAbove = fromAbove & (fromRight | fromLeft | fromBelow);
      if ((dropLeft | dropBelow | dropAbove) === 0) continue;
      dropped = true;
      rows[r] &= ~(dropLeft >>> 1);
      if (dropBelow) rows[r + 1] &= ~dropBelow;
      if (dropAbove) rows[r - 1] &= ~dropAbove;
    }
    return dropped;
  }

  /** The value knownValue() found, when it found one. */
  private value = -1;

  /** Which identity or theorem gives the region's value (stored in `value`), or Search when none does. */
  private knownValue(rows: readonly number[], w: number, h: number, cells: number, symmetric: boolean): Known {
    if (this.rules.paths) {
      let edges = 0;
      let branches = 0;
      for (let r = 0; r < h && branches === 0; r++) {
        const row = rows[r];
        const left = row & (row << 1);
        const right = row & (row >>> 1);
        const up = r > 0 ? row & rows[r - 1] : 0;
        const down = r + 1 < h ? row & rows[r + 1] : 0;
        edges += popcount(right) + popcount(down);
        branches |= (left & right & (up | down)) | (up & down & (left | right));
      }
      if (branches === 0 && edges === cells - 1) {
        this.value = dawsonKayles(cells);
        return Known.Path;
      }
      if (branches === 0 && edges === cells) {
        this.value = dawsonKayles(cells - 2) === 0 ? 1 : 0;
        return Known.Cycle;
      }
    }
    if (this.rules.mirror && symmetric && mirrorCentreFree(rows, w, h)) {
      this.value = 0;
      return Known.Mirror;
    }
    return Known.Search;
  }

  /**
   * The regions left when the domino (bitsA of row a, bitsB of row b) is taken from one region:
   * rows[0 .. height) is the position without it. Canonical shapes, single cells left out. Every
   * region left holds a cell next to the domino (the region was connected through it), so the
   * regions are found by flooding from those cells, and when one of them is left unreached, the
   * rest of the position is its region: no flood for the last one.
   */
  splitAround(
    rows: ArrayLike<number>,
    height: number,
    a: number,
    bitsA: number,
    b: number,
    bitsB: number,
    out: Shape[],
  ) {
    const rest = this.remaining;
    const part = this.component;
    const seeds = this.seeds;
    for (let r = 0; r < height; r++) rest[r] = rows[r];
    // seeds[k]: the neighbours of the domino in row a − 1 + k.
    // (A horizontal domino's own cells are in `beside`, but already cleared.)
    const horizontal = a === b;
    const beside = (bitsA << 1) | (bitsA >>> 1);
    seeds[0] = a > 0 ? rest[a - 1] & bitsA : 0;
    seeds[1] = rest[a] & beside;
    seeds[2] = a + 1 < height ? rest[a + 1] & (horizontal ? bitsA : beside) : 0;
    seeds[3] = !horizontal && b + 1 < height ? rest[b + 1] & bitsB : 0;
    let left = popcount(seeds[0]) + popcount(seeds[1]) + popcount(seeds[2]) + popcount(seeds[3]);
    while (left > 0) {
      let k = 0;
      while (seeds[k] === 0) k++;
      const row = a - 1 + k;
      if (left === 1) {
        // The last unreached neighbour: the rest is its region.
        seeds[k] = 0;
        left = 0;
        this.pushRegion(rest, 0, height, out);
        break;
      }
      for (let r = 0; r < height; r++) part[r] = 0;
      part[row] = fillRow(rest[row], seeds[k] & -seeds[k]);
      let lo = row;
      let hi = row;
      for (let changed = true; changed; ) {
        changed = false;
        for (let r = lo + 1; r < height; r++) {
          const grown = fillRow(rest[r], part[r] | part[r - 1] | (r + 1 < height ? part[r + 1] : 0));
          if (grown === 0) break; // a region's rows are consecutive
          if (grown !== part[r]) {
            part[r] = grown;
            changed = true;
          }
          if (r > hi) hi = r;
        }
        for (let r = hi - 1; r >= 0; r--) {
          const grown = fillRow(rest[r], part[r] | part[r + 1] | (r > 0 ? part[r - 1] : 0));
          if (grown === 0) break;
          if (grown !== part[r]) {
            part[r] = grown;
            changed = true;
          }
          if (r < lo) lo = r;
        }
      }
      left = 0;
      for (let i = 0; i < 4; i++) {
        const r = a - 1 + i;
        if (r >= lo && r <= hi) seeds[i] &= ~part[r];
        left += popcount(seeds[i]);
      }
      for (let r = lo; r <= hi; r++) rest[r] &= ~part[r];
      this.pushRegion(part, lo, hi + 1, out);
    }
  }

  /** The region in rows[from .. to) (nothing else there), as a shape, unless it is a single cell. */
  private pushRegion(rows: Int32Array, from: number, to: number, out: Shape[]): void {
    while (from < to && rows[from] === 0) from++;
    while (to > from && rows[to - 1] === 0) to--;
    let columns = 0;
    for (let r = from; r < to; r++) columns |= rows[r];
    if (to - from === 1 && (columns & (columns - 1)) === 0) return;
    const shift = lowestBit(columns);
    out.push(this.make(rows, from, to - from, shift, 32 - Math.clz32(columns) - shift));
  }
}

/**
 * Whether the region rows[0 .. height) (one region before the domino was taken from it; the domino's
 * cells already cleared) is still one region. A sufficient test, read from a table: the cells next
 * to the domino are connected within the window around it (3 × 4 for a horizontal domino, 4 × 3 for
 * a vertical one). Then every path of the region through the domino can go round it in the window.
 * False means "perhaps not": the caller splits the position.
 */
export function staysWhole(rows: ArrayLike<number>, height: number, a: number, bitsA: number, b: number): boolean {
  const c = lowestBit(bitsA);
  let pattern = 0;
  if (a === b) {
    for (let i = 0; i < 3; i++) {
      const r = a - 1 + i;
      if (r >= 0 && r < height) pattern |= (((rows[r] << 1) >>> c) & 15) << (4 * i);
    }
    horizontalWhole ??= windowTable(3, 4, [5, 6]);
    return horizontalWhole[pattern] === 1;
  }
  for (let i = 0; i < 4; i++) {
    const r = a - 1 + i;
    if (r >= 0 && r < height) pattern |= (((rows[r] << 1) >>> c) & 7) << (3 * i);
  }
  verticalWhole ??= windowTable(4, 3, [4, 7]);
  return verticalWhole[pattern] === 1;
}

/**
 * For each pattern of a window (`rows` × `columns` cells, bit i·columns + j), 1 when the cells next
 * to the domino (cells `domino`) that the pattern holds are connected within the pattern.
 */
function windowTable(rows: number, columns: number, domino: readonly number[]): Uint8Array {
  const size = rows * columns;
  const dominoMask = domino.reduce((mask, i) => mask | (1 << i), 0);
  // adjacent[i]: the window cells next to cell i, the domino's left out.
  const adjacent = Array.from({ length: size }, (_, i) => {
    const [r, c] = [Math.floor(i / columns), i % columns];
    let mask = 0;
    if (r > 0) mask |= 1 << (i - columns);
    if (r + 1 < rows) mask |= 1 << (i + columns);
    if (c > 0) mask |= 1 << (i - 1);
    if (c + 1 < columns) mask |= 1 << (i + 1);
    return mask & ~dominoMask;
  });
  const next = domino.reduce((mask, i) => mask | adjacent[i], 0);
  const table = new Uint8Array(1 << size);
  for (let pattern = 0; pattern < table.length; pattern++) {
    if (pattern & dominoMask) continue;
    const present = pattern & next;
    if ((present & (present - 1)) === 0) {
      table[pattern] = 1;
      continue;
    }
    let reached = present & -present;
    for (let grown = reached; grown !== 0; ) {
      let spread = 0;
      for (let x = grown; x !== 0; x &= x - 1) spread |= adjacent[lowestBit(x)];
      grown = spread & pattern & ~reached;
      reached |= grown;
    }
    table[pattern] = (present & ~reached) === 0 ? 1 : 0;
  }
  return table;
}

let horizontalWhole: Uint8Array | undefined;
let verticalWhole: Uint8Array | undefined;

/** out[c] bit r = (rows[top + r] >>> shift) bit c, for the rows' `height` rows. */
function transpose(rows: ArrayLike<number>, top: number, height: number, shift: number, out: Int32Array): void {
  out.fill(0, 0, MAX_WIDTH + 2);
  for (let r = 0; r < height; r++) {
    for (let x = rows[top + r] >>> shift; x !== 0; x &= x - 1) out[lowestBit(x)] |= 1 << r;
  }
}

/**
 * In a region symmetric under the half-turn, whether no cell is its own image or next to it: such
 * cells can only be in the middle (the centre cell of an odd × odd box, the two middle cells of the
 * middle row or column when one side is odd and the other even).
 */
function mirrorCentreFree(rows: readonly number[], w: number, h: number): boolean {
  const hOdd = h % 2 === 1;
  const wOdd = w % 2 === 1;
  if (hOdd && wOdd) return (rows[(h - 1) / 2] & (1 << ((w - 1) / 2))) === 0;
  if (hOdd) return (rows[(h - 1) / 2] & (1 << (w / 2))) === 0;
  if (wOdd) return (rows[h / 2] & (1 << ((w - 1) / 2))) === 0;
  return true;
}
