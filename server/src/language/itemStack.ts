// The items of the lists being read (a game's components, a component's heaps or vertices, a
// picture's edges), one stack for all, each list copied out at its exact length when it ends. A
// list grown by `push` keeps a backing store of 17 slots for its one to three items: a third of what
// a document of games kept alive, and of what the collector copied after every analysis. The
// parser and its plain-line paths (plainLines.ts) each read with one.
export class ItemStack {
  private readonly items: unknown[] = [];
  private end = 0;

  /** How many items are on the stack: a list being read begins at this mark. */
  get size(): number {
    return this.end;
  }

  push(item: unknown): void {
    this.items[this.end++] = item;
  }

  /** The item at `index` (below `size`). */
  at<T>(index: number): T {
    return this.items[index] as T;
  }

  /** The items pushed since `mark`, as a list of their own; they leave the stack. */
  take<T>(mark: number): T[] {
    const list = this.items.slice(mark, this.end) as T[];
    this.end = mark;
    return list;
  }

  /** Drops the items pushed since `mark` (a list given up). */
  dropTo(mark: number): void {
    this.end = mark;
  }
}
