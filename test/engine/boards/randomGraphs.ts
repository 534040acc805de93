// The random graphs the Kayles benchmarks measure: G(n, m) with m = 3n/2 edges (average degree 3),
// distinct pairs drawn uniformly from a seeded generator, so that every run measures the same graphs.
import type { KaylesGraph } from '../../../server/src/engine/boards';
import { integer, random } from '../oracles/random';

/** G(n, 3n/2) from `seed`: distinct pairs drawn uniformly until there are 3n/2 of them. */
export function randomGraph(seed: number, n: number): KaylesGraph {
  const next = random(seed * 7919 + n);
  const taken = new Set<number>();
  const edges: [number, number][] = [];
  while (edges.length < (3 * n) / 2) {
    const u = integer(next, 0, n - 1);
    const v = integer(next, 0, n - 1);
    if (u === v || taken.has(Math.min(u, v) * n + Math.max(u, v))) continue;
    taken.add(Math.min(u, v) * n + Math.max(u, v));
    edges.push([u, v]);
  }
  return { vertices: n, edges };
}
