/** A small deterministic generator (mulberry32), so a failing case can be reproduced from its seed. */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [low, high]. */
export function integer(next: () => number, low: number, high: number): number {
  return low + Math.floor(next() * (high - low + 1));
}
