// Moore's partition refinement's signatures, numbered (quotientGrowth.ts's assemble): each element's class
// and its classes after each letter, the distinct ones numbered in order of first appearance. A hash table over
// numbers, so that a refinement of thousands of elements over a hundred letters builds no string per element.

/**
 * Moore's refinement's signatures (a class and its classes after each letter), each numbered in order of first
 * appearance: a hash table over the distinct ones, kept as numbers (no string per element).
 */
export class Signatures {
  /** The signature to number next (classOf reads it). */
  readonly scratch: Int32Array;
  size = 0;
  private stored: Int32Array;
  private table = new Int32Array(1024).fill(-1);
  constructor(private readonly width: number) {
    this.scratch = new Int32Array(width);
    this.stored = new Int32Array(width * 64);
  }
  /** The number of the signature in `scratch`, a new one when it was not met before. */
  classOf(): number {
    const { width, scratch } = this;
    let hash = 0x811c9dc5;
    for (let i = 0; i < width; i++) hash = Math.imul(hash ^ scratch[i], 0x01000193);
    const mask = this.table.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const c = this.table[slot];
      if (c < 0) break;
      let same = true;
      for (let i = 0, at = c * width; same && i < width; i++, at++) same = this.stored[at] === scratch[i];
      if (same) return c;
    }
    const c = this.size++;
    if (this.stored.length < this.size * width) {
      const grown = new Int32Array(this.stored.length * 2);
      grown.set(this.stored);
      this.stored = grown;
    }
    this.stored.set(scratch, c * width);
    if (2 * this.size > this.table.length) this.rehash();
    else this.place(c, hash);
    return c;
  }
  private place(c: number, hash: number): void {
    const mask = this.table.length - 1;
    let slot = hash & mask;
    while (this.table[slot] >= 0) slot = (slot + 1) & mask;
    this.table[slot] = c;
  }
  private rehash(): void {
    this.table = new Int32Array(this.table.length * 2).fill(-1);
    const { width } = this;
    for (let c = 0; c < this.size; c++) {
      let hash = 0x811c9dc5;
      for (let i = 0, at = c * width; i < width; i++, at++) hash = Math.imul(hash ^ this.stored[at], 0x01000193);
      this.place(c, hash);
    }
  }
}
