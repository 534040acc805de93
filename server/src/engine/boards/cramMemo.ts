// The Cram transposition table: what is known of each region's value, by its canonical form
// (cramShape.ts), shared by every search given the same memo, within a memory ceiling.
//
// An entry is one 32-bit integer: −(g + 1) when the region's value g is known, otherwise a mask of
// the values its options are known to reach (bit m: some option has value m, so g ≠ m). The
// outcome search (cramSearch.ts, after Lemoine and Viennot, "Nimbers are inevitable", 2010) learns
// both kinds. Keys are the 4 words of a packed canonical form, in open addressing with linear
// probing over a typed array (20 bytes a slot, key and entry side by side, off the JavaScript
// heap); forms too large to pack go to a Map, which counts against the same ceiling.
//
// The ceiling is a promise, not a hope: a table grows by doubling up to the largest size two tables
// may have under it, and then lives in two generations. When the young one is full, the old one is
// dropped and the young one becomes old; an entry found in the old generation is copied back into
// the young one, so what the search keeps using survives. Forgetting loses only time: every entry
// is a proved fact, and the search never depends on one staying.

/** The memory a memo may take unless told otherwise: 512 MiB. */
export const DEFAULT_CRAM_MEMO_BYTES = 512 * 2 ** 20;
const SLOT_BYTES = 20;
const MAX_LOAD = 0.7;
const FIRST_SLOTS = 2 ** 14;
/** A string key's entry, estimated: the Map's slot, the string's header and its characters. */
const WIDE_ENTRY_BYTES = 96;

/** A slot: the 4 key words, then the entry, side by side (one cache line read per probe, mostly). */
const SLOT_WORDS = 5;

class Table {
  readonly slots: Int32Array;
  readonly mask: number;
  count = 0;

  constructor(readonly size: number) {
    this.slots = new Int32Array(size * SLOT_WORDS);
    this.mask = size - 1;
  }

  clear(): void {
    this.slots.fill(0);
    this.count = 0;
  }

  /** Where the key is, or the empty slot where it would go (a word index). */
  find(k0: number, k1: number, k2: number, k3: number): number {
    let h = Math.imul(k0 ^ Math.imul(k1, 0x9e3779b1), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13) ^ k2, 0xc2b2ae35);
    h = Math.imul(h ^ (h >>> 16) ^ k3, 0x27d4eb2f);
    h ^= h >>> 15;
    const slots = this.slots;
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const at = i * SLOT_WORDS;
      const head = slots[at];
      if (head === 0 || (head === k0 && slots[at + 1] === k1 && slots[at + 2] === k2 && slots[at + 3] === k3))
        return at;
    }
  }

  /** Writes the entry at a place found by find(). */
  put(at: number, k0: number, k1: number, k2: number, k3: number, entry: number): void {
    const slots = this.slots;
    if (slots[at] === 0) {
      slots[at] = k0;
      slots[at + 1] = k1;
      slots[at + 2] = k2;
      slots[at + 3] = k3;
      this.count++;
    }
    slots[at + 4] = entry;
  }
}

/** The key words of a canonical form (cramShape.ts's Shape). */
export interface MemoKey {
  readonly k0: number;
  readonly k1: number;
  readonly k2: number;
  readonly k3: number;
  readonly wide: string | undefined;
}

/**
 * What is known of Cram regions' values, to share between computations (the engine cache holds one).
 * `maxBytes` bounds its memory, estimated from its arrays' sizes (at least 64 KiB).
 */
export class CramMemo {
  readonly maxBytes: number;
  private readonly maxSlots: number;
  private young: Table;
  private old: Table | undefined;
  private readonly wide = new Map<string, number>();
  private readonly maxWide: number;

  constructor(options: { readonly maxBytes?: number } = {}) {
    this.maxBytes = Math.max(2 ** 16, options.maxBytes ?? DEFAULT_CRAM_MEMO_BYTES);
    // Two tables of the largest size, and a tenth of the ceiling for string keys.
    let slots = 2 ** 8;
    while (2 * (slots * 2) * SLOT_BYTES <= this.maxBytes * 0.85) slots *= 2;
    this.maxSlots = slots;
    this.maxWide = Math.floor((this.maxBytes * 0.1) / WIDE_ENTRY_BYTES);
    this.young = new Table(Math.min(FIRST_SLOTS, slots));
  }

  /** A form's entry: −(g + 1) for a known value g, else the mask of values its options reach (0: none known). */
  get(key: MemoKey): number {
    if (key.wide !== undefined) return this.wide.get(key.wide) ?? 0;
    const { k0, k1, k2, k3 } = key;
    const young = this.young;
    const i = young.find(k0, k1, k2, k3);
    if (young.slots[i] !== 0) return young.slots[i + 4];
    const old = this.old;
    if (!old) return 0;
    const j = old.find(k0, k1, k2, k3);
    if (old.slots[j] === 0) return 0;
    const entry = old.slots[j + 4];
    this.set(key, entry);
    return entry;
  }

  set(key: MemoKey, entry: number): void {
    if (key.wide !== undefined) {
      if (this.wide.size >= this.maxWide && !this.wide.has(key.wide)) this.wide.clear();
      this.wide.set(key.wide, entry);
      return;
    }
    const { k0, k1, k2, k3 } = key;
    let young = this.young;
    if (young.count + 1 > young.size * MAX_LOAD) young = this.makeRoom();
    young.put(young.find(k0, k1, k2, k3), k0, k1, k2, k3, entry);
  }

  /** Entries held (both generations, string keys included). */
  get size(): number {
    return this.young.count + (this.old?.count ?? 0) + this.wide.size;
  }

  /** The memory held, estimated: the tables' arrays and the string keys' entries. */
  get bytes(): number {
    return (this.young.size + (this.old?.size ?? 0)) * SLOT_BYTES + this.wide.size * WIDE_ENTRY_BYTES;
  }

  clear(): void {
    this.young = new Table(Math.min(FIRST_SLOTS, this.maxSlots));
    this.old = undefined;
    this.wide.clear();
  }

  /** A young table with room for one more entry: twice as large, or a new generation at the ceiling. */
  private makeRoom(): Table {
    const full = this.young;
    if (full.size < this.maxSlots) {
      const grown = new Table(full.size * 2);
      const slots = full.slots;
      for (let at = 0; at < slots.length; at += SLOT_WORDS) {
        const k0 = slots[at];
        if (k0 === 0) continue;
        const [k1, k2, k3] = [slots[at + 1], slots[at + 2], slots[at + 3]];
        grown.put(grown.find(k0, k1, k2, k3), k0, k1, k2, k3, slots[at + 4]);
      }
      this.young = grown;
    } else {
      const recycled = this.old;
      this.old = full;
      if (recycled && recycled.size === full.size) recycled.clear();
      this.young = recycled && recycled.size === full.size ? recycled : new Table(full.size);
    }
    return this.young;
  }
}
