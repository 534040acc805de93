// The transposition tables of Node Kayles and Arc Kayles (graphKayles.ts), with a memory ceiling.
//
// Two tables, both exact and both bounded:
//  - by canonical form: a component's canonical labelling (graphKaylesCanon.ts), or, for a component
//    too large or too symmetric to label, its vertex set in the graph it was cut from (which names
//    that graph: a stamp the memo hands out, never reused), to its value. Two generations of Maps:
//    when the newer one holds half the budgeted bytes it becomes the older one and the older one is
//    dropped; a hit in the older one is copied into the newer (a cheap least-recently-used).
//  - by vertex set, for graphs of at most 64 vertices: an open-addressing table of (stamp, set in
//    two 32-bit words) → value in one typed array, grown by doubling up to its share of the ceiling and then
//    overwriting (a transposition table's replacement: a lost entry costs time, never a wrong value).
// Nothing unproved is stored: only values that the search finished.
import type { HeapSequence } from '../types';

/** The memory the memo may take unless told otherwise: 256 MiB. */
export const DEFAULT_KAYLES_MEMO_BYTES = 256 * 2 ** 20;

/** Bytes a Map entry costs beside its key's characters (V8: the entry, the string's header). */
const ENTRY_OVERHEAD = 64;
/** Bytes per slot of the set table: a stamp, two words of set, a value. */
const SLOT_BYTES = 16;
const FIRST_SLOTS = 1 << 12;
/** Slots looked at from a key's home slot before an entry is overwritten. */
const PROBES = 8;

export class KaylesMemo {
  /** The memory the memo may take, in bytes (estimated: key characters and a fixed cost per entry). */
  readonly maxBytes: number;
  private newer = new Map<string, number>();
  private older = new Map<string, number>();
  private newerBytes = 0;
  private stamps = 0;
  private slots = 0;
  private maxSlots: number;
  /** The set table: per slot, the stamp (0: empty), the set's two words and the value. */
  private table = new Int32Array(0);
  private filled = 0;
  /** The octal sequences the known families read (graphKaylesKnown.ts): 0.137 and 0.07. */
  readonly sequences = new Map<string, HeapSequence>();

  constructor(maxBytes = DEFAULT_KAYLES_MEMO_BYTES) {
    this.maxBytes = Math.max(1 << 20, maxBytes);
    // A quarter of the memory for the set table, the rest for the canonical forms.
    let slots = FIRST_SLOTS;
    while (slots * 2 * SLOT_BYTES <= this.maxBytes / 4) slots *= 2;
    this.maxSlots = slots;
  }

  /** A value by canonical key, or undefined. */
  get(key: string): number | undefined {
    const found = this.newer.get(key);
    if (found !== undefined) return found;
    const old = this.older.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key: string, value: number): void {
    if (this.newer.has(key)) return;
    this.newer.set(key, value);
    this.newerBytes += 2 * key.length + ENTRY_OVERHEAD;
    const budget = (this.maxBytes - this.maxSlots * SLOT_BYTES) / 2;
    if (this.newerBytes > budget) {
      this.older = this.newer;
      this.newer = new Map();
      this.newerBytes = 0;
    }
  }

  /** Canonical forms held. */
  get size(): number {
    return this.newer.size + this.older.size;
  }

  /** A stamp naming one graph whose vertex sets are keys: never handed out twice. */
  newStamp(): number {
    this.stamps++;
    return this.stamps;
  }

  /**
   * The stamp of the graph named `key` (its canonical form, or its exact edges): the same for the
   * same key while the memo keeps it, so that a later call on the same graph finds its sets.
   */
  stampFor(key: string): number {
    const known = this.get(`#${key}`);
    if (known !== undefined) return known;
    const stamp = this.newStamp();
    this.set(`#${key}`, stamp);
    return stamp;
  }

  /**
   * The value of a vertex set of the graph stamped `stamp` (at most 64 vertices: `low` holds
   * vertices 0..31, `high` 32..63), or -1.
   */
  setValue(stamp: number, low: number, high: number): number {
    if (this.slots === 0) return -1;
    const table = this.table;
    const mask = this.slots - 1;
    let slot = home(stamp, low, high, mask);
    for (let probe = 0; probe < PROBES; probe++) {
      const at = slot << 2;
      const owner = table[at];
      if (owner === 0) return -1;
      if (owner === stamp && table[at + 1] === low && table[at + 2] === high) return table[at + 3];
      slot = (slot + 1) & mask;
    }
    return -1;
  }

  rememberSet(stamp: number, low: number, high: number, value: number): void {
    if (this.slots === 0) this.resize(FIRST_SLOTS);
    else if (this.filled * 2 > this.slots && this.slots < this.maxSlots) this.resize(this.slots * 2);
    const table = this.table;
    const mask = this.slots - 1;
    const start = home(stamp, low, high, mask);
    // Every probed slot taken by another set: the set's home slot is overwritten.
    let slot = start;
    for (let probe = 0, at = start; probe < PROBES; probe++, at = (at + 1) & mask) {
      const owner = table[at << 2];
      if (owner === 0) this.filled++;
      if (owner === 0 || (owner === stamp && table[(at << 2) + 1] === low && table[(at << 2) + 2] === high)) {
        slot = at;
        break;
      }
    }
    const at = slot << 2;
    table[at] = stamp;
    table[at + 1] = low;
    table[at + 2] = high;
    table[at + 3] = value;
  }

  /** Bytes held, as estimated against the ceiling. */
  get bytes(): number {
    let older = 0;
    for (const key of this.older.keys()) older += 2 * key.length + ENTRY_OVERHEAD;
    return this.newerBytes + older + this.slots * SLOT_BYTES;
  }

  private resize(slots: number): void {
    const old = this.table;
    this.slots = slots;
    this.table = new Int32Array(4 * slots);
    this.filled = 0;
    for (let at = 0; at < old.length; at += 4)
      if (old[at] !== 0) this.rememberSet(old[at], old[at + 1], old[at + 2], old[at + 3]);
  }
}

function home(stamp: number, low: number, high: number, mask: number): number {
  const h = Math.imul(low ^ Math.imul(high ^ Math.imul(stamp, 0x85ebca6b), 0xc2b2ae35), 0x9e3779b1);
  return (h ^ (h >>> 15)) & mask;
}
