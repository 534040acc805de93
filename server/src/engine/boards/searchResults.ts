// Finished searches, shared between boards and games: what a search of one Cram region or one Kayles
// component gave, kept by the exact thing searched (its canonical form, or its exact cells or edges).
//
// Why sharing this is safe (issue 55: one game, one answer): each such search runs alone, with a
// memo of its own made fresh for it and its own account of positions, so what it gives (a value,
// or "stopped at its limit of N positions") and the positions it took are a function of its key
// and its limit alone. A result read here is the result the search would give, with the same count
// and so the same words: a board's answer never depends on what other boards were computed first.
// A search stopped by the user's cancel or an explicit time cap is not finished and is not kept.
//
// Limits: a value found in P positions answers any limit of at least P (the search, the same at
// every step until its limit is hit, takes the same path); a search stopped at limit L answers any
// limit of at most L as stopped there. Anything else is searched again.

/** A finished search: its value (null: stopped at its limit), and the positions it took (its limit when stopped). */
export interface FinishedSearch {
  readonly value: number | null;
  readonly positions: number;
}

/** Finished searches by key, the last `maxEntries` used kept (one forgotten is searched again, to the same result). */
export class SearchResults {
  private readonly entries = new Map<string, FinishedSearch>();

  constructor(readonly maxEntries = 1 << 16) {}

  /** What a search of `key` under `limit` positions gives, when a finished search says it; else undefined. */
  get(key: string, limit: number): FinishedSearch | undefined {
    const found = this.entries.get(key);
    if (found === undefined) return undefined;
    if (found.value !== null ? found.positions > limit : found.positions < limit) return undefined;
    // Used last: kept longest.
    this.entries.delete(key);
    this.entries.set(key, found);
    return found.value !== null ? found : { value: null, positions: limit };
  }

  /** Keeps a finished search; a value (it answers every larger limit) is never replaced by a stop. */
  set(key: string, result: FinishedSearch): void {
    const known = this.entries.get(key);
    if (known?.value != null) return;
    if (known && result.value === null && result.positions <= known.positions) return;
    this.entries.delete(key);
    this.entries.set(key, result);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Searches kept. */
  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
