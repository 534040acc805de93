// Green Hackenbush pictures: the colon and fusion principles (below), linear time.
//
// Green Hackenbush: a picture of edges drawn from the ground; a move cuts one edge, and everything
// no longer joined to the ground falls away. Values in time linear in the picture, every winning
// cut in time linear plus the squares of the cycle classes' sizes (below).
//
// The two principles (Winning Ways, ch. 7; Berlekamp, Conway and Guy):
// - Colon principle: a branch of value v standing on a stalk of one edge is worth v + 1 there, and
//   branches at one vertex add by XOR. So a tree's value is computed from its leaves down.
// - Fusion principle: the vertices of any cycle may be fused into one without changing the value;
//   the cycle's edges become loops at the fused vertex, and a loop is worth *1 (a loop is a stalk
//   of one edge whose far end is the vertex itself).
// Fusing every cycle fuses each 2-edge-connected component (a maximal set of vertices joined by
// two edge-disjoint paths) into one vertex; what joins the fused vertices are the bridges, which
// form a tree hanging from the ground's component. So the value is, from the leaves down:
// val(C) = (the parity of C's edges, each a loop) ⊕ XOR over the bridges from C to D of (val(D) + 1).
// Edges not joined to the ground are no part of the game: they fell before play began.
//
// One depth-first search from the ground gives it all: its tree edges and back edges (every other
// edge; loops aside), the low points that find the bridges (Tarjan), and the components, which are
// the pieces of the search tree cut at the bridges (no back edge crosses a bridge).
//
// Winning cuts. Cutting a bridge drops what hangs below it; cutting an edge inside a component C
// leaves C joined (a 2-edge-connected graph stays connected without any one edge) but may turn
// some of its other edges into bridges: exactly the edges f with {e, f} a cut pair, e's cycle
// equivalence class (edges lying on exactly the same cycles). The class's edges lie around one
// cycle of C; removing them leaves as many blobs, X_0 (the one holding C's root) … X_{n−1},
// joined in a ring by the class edges; inside each blob every edge stays on a cycle. Cutting the
// k-th class edge opens the ring into a path of blobs hanging from X_0 on two arms, and the
// colon principle gives the new value from the blobs' sums alone (a blob's sum: the parity of
// its edges and the branches hanging from it, one XOR). Classes are found by XOR-labels: each back
// edge gets a random 64-bit label, a tree edge the XOR of the labels of the back edges over it;
// equal labels, same class (two edges of different classes get equal labels with probability
// 2^−64 per pair; the value itself never depends on labels). Along the search tree, a class is a
// run of tree edges down one path, with the back edge closing it if that back edge is its only
// cover; a blob's sum is a difference of subtree sums.
//
// The cut to a wanted value: wanted values travel down the bridge tree (a cut below a bridge must
// bring what hangs there to one value, which the bridge's parent dictates), then each class of
// each component with a wanted value is tried cut by cut: O(n) per cut, O(n²) per class of n
// edges. Pictures of 10^5 edges: `npm run bench -- hackenbush`.
import { independentParts, movesSpender } from '../components';
import type { ComponentMove, HackenbushPicture } from '../gameTypes';
import type { Budget } from '../types';

export type { HackenbushPicture };

export const GROUND = 0;

export function edgeCount(picture: HackenbushPicture): number {
  return picture.ends.length >> 1;
}

/** What one search of a picture finds (see the header). */
interface Structure {
  /** Vertices reached from the ground, in preorder. */
  readonly order: Int32Array;
  readonly reached: number;
  /** The tree edge to each vertex's parent (−1 for the ground and unreached vertices). */
  readonly parentEdge: Int32Array;
  readonly parent: Int32Array;
  /** Per edge: 0 not joined to the ground, 1 tree edge, 2 back edge, 3 loop. */
  readonly edgeKind: Uint8Array;
  /** Per edge, for tree edges: the child's vertex. For back edges: the lower (later) end. */
  readonly lowerEnd: Int32Array;
  readonly bridge: Uint8Array;
  /** Component of each reached vertex (by its root's vertex number). */
  readonly component: Int32Array;
  /** Per vertex: its weight (see subtreeSum): the parity of the edges it owns and its bridge branches. */
  readonly subtreeSum: Int32Array;
  /** val(component rooted at v), for component roots v. */
  readonly value: number;
}

/** Each picture's search, made once: a value and then its winning cuts read the same one. */
const searched = new WeakMap<HackenbushPicture, Structure>();

function search(picture: HackenbushPicture): Structure {
  let found = searched.get(picture);
  if (!found) {
    found = searchFromGround(picture);
    searched.set(picture, found);
  }
  return found;
}

/**
 * Each vertex's edges in compressed form: those of v are adjacent[start[v] .. start[v + 1]).
 * Loops are left out (they never join two vertices), and so is the edge `skip` (a cut), if any.
 */
function adjacency(picture: HackenbushPicture, skip = -1): { start: Int32Array; adjacent: Int32Array } {
  const { vertexCount: n, ends } = picture;
  const m = ends.length >> 1;
  const start = new Int32Array(n + 1);
  for (let e = 0; e < m; e++) {
    const u = ends[2 * e];
    const v = ends[2 * e + 1];
    if (u === v || e === skip) continue;
    start[u + 1]++;
    start[v + 1]++;
  }
  for (let v = 0; v < n; v++) start[v + 1] += start[v];
  const fill = start.slice(0, n);
  const adjacent = new Int32Array(start[n]);
  for (let e = 0; e < m; e++) {
    const u = ends[2 * e];
    const v = ends[2 * e + 1];
    if (u === v || e === skip) continue;
    adjacent[fill[u]++] = e;
    adjacent[fill[v]++] = e;
  }
  return { start, adjacent };
}

/**
 * The two ends of edge e as text, lower first: edges between the same two vertices are alike (a
 * cut of either leaves the same picture).
 */
export function edgeEndsKey(picture: HackenbushPicture, e: number): string {
  const u = picture.ends[2 * e];
  const v = picture.ends[2 * e + 1];
  return u < v ? `${u}-${v}` : `${v}-${u}`;
}

/** Iterative depth-first search from the ground over the edges that are joined to it. */
function searchFromGround(picture: HackenbushPicture): Structure {
  const { vertexCount: n, ends } = picture;
  const m = ends.length >> 1;
  const { start, adjacent } = adjacency(picture);

  const pre = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const parentEdge = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const order = new Int32Array(n);
  const edgeKind = new Uint8Array(m);
  const lowerEnd = new Int32Array(m).fill(-1);
  const cursor = new Int32Array(n);
  const stack = new Int32Array(n);
  let reached = 0;
  let top = 0;
  if (n > 0) {
    pre[GROUND] = 0;
    low[GROUND] = 0;
    order[reached++] = GROUND;
    cursor[GROUND] = start[GROUND];
    stack[top++] = GROUND;
  }
  while (top > 0) {
    const u = stack[top - 1];
    if (cursor[u] < start[u + 1]) {
      const e = adjacent[cursor[u]++];
      if (e === parentEdge[u]) continue;
      const w = ends[2 * e] === u ? ends[2 * e + 1] : ends[2 * e];
      if (pre[w] < 0) {
        pre[w] = low[w] = reached;
        order[reached++] = w;
        parentEdge[w] = e;
        parent[w] = u;
        edgeKind[e] = 1;
        lowerEnd[e] = w;
        cursor[w] = start[w];
        stack[top++] = w;
      } else if (pre[w] < pre[u]) {
        // A back edge, met first from its lower end (from the upper end it is met again later).
        edgeKind[e] = 2;
        lowerEnd[e] = u;
        if (pre[w] < low[u]) low[u] = pre[w];
      }
    } else {
      top--;
      const p = parent[u];
      if (p >= 0 && low[u] < low[p]) low[p] = low[u];
    }
  }
  for (let e = 0; e < m; e++) if (ends[2 * e] === ends[2 * e + 1] && pre[ends[2 * e]] >= 0) edgeKind[e] = 3;

  const bridge = new Uint8Array(m);
  const component = new Int32Array(n).fill(-1);
  for (let i = 0; i < reached; i++) {
    const v = order[i];
    const e = parentEdge[v];
    if (e < 0) component[v] = v;
    else if (low[v] > pre[parent[v]]) {
      bridge[e] = 1;
      component[v] = v;
    } else component[v] = component[parent[v]];
  }

  // Weights: each edge is owned by one vertex (a tree edge by its child, a back edge by its lower
  // end, a loop by its vertex) and counts 1; a bridge child D adds val(D) + 1 at its parent, and
  // its own edge is not C's. Subtree sums within a component, from the leaves up.
  // Values are at most the number of edges (by induction: a ⊕ b ≤ a + b), so 32-bit integers hold them.
  const subtreeSum = new Int32Array(n);
  for (let e = 0; e < m; e++) {
    const kind = edgeKind[e];
    if (kind === 2) subtreeSum[lowerEnd[e]] ^= 1;
    else if (kind === 3) subtreeSum[ends[2 * e]] ^= 1;
    else if (kind === 1 && !bridge[e]) subtreeSum[lowerEnd[e]] ^= 1;
  }
  for (let i = reached - 1; i > 0; i--) {
    const v = order[i];
    const p = parent[v];
    subtreeSum[p] ^= bridge[parentEdge[v]] ? subtreeSum[v] + 1 : subtreeSum[v];
  }
  return {
    order,
    reached,
    parentEdge,
    parent,
    edgeKind,
    lowerEnd,
    bridge,
    component,
    subtreeSum,
    value: n > 0 ? subtreeSum[GROUND] : 0,
  };
}

/** The picture's nimber. */
export function hackenbushNimber(picture: HackenbushPicture): number {
  return search(picture).value;
}

/** What a hover says of a picture: its value and how it was reached. */
export interface HackenbushSummary {
  readonly nimber: number;
  /** Edges joined to the ground (the others fell before play began). */
  readonly joined: number;
  readonly bridges: number;
  /** Components of two or more vertices, or with loops, fused by the fusion principle: edges in each. */
  readonly fused: readonly { readonly root: number; readonly vertices: number; readonly edges: number }[];
  /** When the picture is stalks from the ground (paths with no branching and no cycle): each stalk's length. */
  readonly stalks?: readonly number[];
  /**
   * The branches standing on the ground's component by one edge (at most `limit`): the vertex at
   * the edge's top and what stands on it, worth `value` there and value + 1 on the ground.
   */
  readonly branches: readonly { readonly vertex: number; readonly value: number }[];
  /** How many branches there are in all. */
  readonly branchCount: number;
}

/** The value with what made it (fused components, stalks), for people; fused lists at most `limit` components. */
export function hackenbushSummary(picture: HackenbushPicture, limit = 8): HackenbushSummary {
  const s = search(picture);
  const m = edgeCount(picture);
  let joined = 0;
  let bridges = 0;
  const sizes = new Map<number, { vertices: number; edges: number }>();
  for (let i = 0; i < s.reached; i++) {
    const c = s.component[s.order[i]];
    const entry = sizes.get(c) ?? { vertices: 0, edges: 0 };
    entry.vertices++;
    sizes.set(c, entry);
  }
  for (let e = 0; e < m; e++) {
    if (s.edgeKind[e] === 0) continue;
    joined++;
    if (s.bridge[e]) {
      bridges++;
      continue;
    }
    const owner = s.edgeKind[e] === 3 ? picture.ends[2 * e] : s.lowerEnd[e];
    sizes.get(s.component[owner])!.edges++;
  }
  const fused = [...sizes]
    .filter(([, size]) => size.edges > 0)
    .slice(0, limit)
    .map(([root, size]) => ({ root, ...size }));
  const branches: { vertex: number; value: number }[] = [];
  let branchCount = 0;
  for (let i = 1; i < s.reached; i++) {
    const v = s.order[i];
    if (!s.bridge[s.parentEdge[v]] || s.component[s.parent[v]] !== GROUND) continue;
    branchCount++;
    if (branches.length < limit) branches.push({ vertex: v, value: s.subtreeSum[v] });
  }
  // Stalks: every vertex but the ground has at most one child, and nothing is fused.
  let stalks: number[] | undefined;
  if (fused.length === 0) {
    const children = new Int32Array(picture.vertexCount);
    const child = new Int32Array(picture.vertexCount);
    for (let i = 1; i < s.reached; i++) {
      const v = s.order[i];
      children[s.parent[v]]++;
      child[s.parent[v]] = v;
    }
    let plain = true;
    for (let i = 1; i < s.reached && plain; i++) if (children[s.order[i]] > 1) plain = false;
    if (plain) {
      stalks = [];
      for (let i = 1; i < s.reached; i++) {
        const v = s.order[i];
        if (s.parent[v] !== GROUND) continue;
        let length = 1;
        for (let w = v; children[w] > 0; w = child[w]) length++;
        stalks.push(length);
      }
    }
  }
  return { nimber: s.value, joined, bridges, fused, ...(stalks ? { stalks } : {}), branches, branchCount };
}

/** A small deterministic generator for the labels (xorshift32): the same picture, the same labels. */
function labelSource(): () => number {
  let x = 0x9e3779b9;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
}

/**
 * Every edge whose cut leaves the picture with nimber `target`, in the order written. `spend` is
 * called with units of work as it goes (it may throw to stop).
 */
export function hackenbushCutsTo(
  picture: HackenbushPicture,
  target: number,
  spend: (work: number) => void = () => {},
): number[] {
  const s = search(picture);
  const { ends } = picture;
  const m = ends.length >> 1;
  const n = picture.vertexCount;
  const cuts: number[] = [];
  if (n === 0) return cuts;

  // Wanted values down the bridge tree: wanted[root of C] is what C with all it carries must be
  // worth after a cut inside it, or −1 when no cut there can do it.
  const wanted = new Int32Array(n).fill(-1);
  wanted[GROUND] = target;
  for (let i = 1; i < s.reached; i++) {
    const v = s.order[i];
    const e = s.parentEdge[v];
    if (!s.bridge[e]) continue;
    const above = s.component[s.parent[v]];
    if (wanted[above] < 0) continue;
    // The rest of the component above, without this branch, must make up the difference.
    const need = wanted[above] ^ s.subtreeSum[above] ^ (s.subtreeSum[v] + 1);
    if (need === 0) cuts.push(e);
    else wanted[v] = need - 1;
  }

  // Classes of the edges inside components, by label.
  const hasWanted = (c: number) => wanted[c] >= 0;
  const labelLow = new Uint32Array(m);
  const labelHigh = new Uint32Array(m);
  const accLow = new Uint32Array(n);
  const accHigh = new Uint32Array(n);
  const next = labelSource();
  for (let e = 0; e < m; e++) {
    if (s.edgeKind[e] !== 2) continue;
    const lo = next();
    const hi = next();
    labelLow[e] = lo;
    labelHigh[e] = hi;
    const u = s.lowerEnd[e];
    const w = ends[2 * e] === u ? ends[2 * e + 1] : ends[2 * e];
    accLow[u] ^= lo;
    accHigh[u] ^= hi;
    accLow[w] ^= lo;
    accHigh[w] ^= hi;
  }
  for (let i = s.reached - 1; i > 0; i--) {
    const v = s.order[i];
    const e = s.parentEdge[v];
    labelLow[e] = accLow[v];
    labelHigh[e] = accHigh[v];
    const p = s.parent[v];
    accLow[p] ^= accLow[v];
    accHigh[p] ^= accHigh[v];
  }
  spend(m + n);

  // Group each component's non-bridge edges by label; a class's tree edges come in preorder of
  // their children, which is top to bottom along their path.
  const classes = new Map<string, number[]>();
  for (let i = 1; i < s.reached; i++) {
    const v = s.order[i];
    const e = s.parentEdge[v];
    if (s.bridge[e] || !hasWanted(s.component[v])) continue;
    const key = `${labelLow[e]}:${labelHigh[e]}`;
    const list = classes.get(key);
    if (list) list.push(e);
    else classes.set(key, [e]);
  }
  for (let e = 0; e < m; e++) {
    const kind = s.edgeKind[e];
    if (kind === 3) {
      // A loop is a class of its own: cutting it takes one *1 from its component.
      const c = s.component[ends[2 * e]];
      if (hasWanted(c) && (s.subtreeSum[c] ^ 1) === wanted[c]) cuts.push(e);
      continue;
    }
    if (kind !== 2 || !hasWanted(s.component[s.lowerEnd[e]])) continue;
    const key = `${labelLow[e]}:${labelHigh[e]}`;
    const list = classes.get(key);
    if (list)
      list.push(e); // the back edge closing the ring, last
    else classes.set(key, [e]);
  }

  let blobs = new Int32Array(16);
  for (const members of classes.values()) {
    const last = members[members.length - 1];
    const closed = s.edgeKind[last] === 2;
    const tree = closed ? members.slice(0, -1) : members;
    const anyEnd = closed ? s.lowerEnd[last] : s.lowerEnd[tree[0]];
    const c = s.component[anyEnd];
    const root = c;
    const sum = (v: number) => s.subtreeSum[v];
    // The ring of blobs X_0 … X_{k−1} and the class edge after each (ring[i] between X_i and X_{i+1}).
    const ring: number[] = [];
    if (tree.length === 0) {
      // A back edge alone: cutting it takes one edge from the component's parity.
      if ((sum(root) ^ 1) === wanted[c]) cuts.push(last);
      continue;
    }
    const child = tree.map((e) => s.lowerEnd[e]);
    const q = tree.length;
    const k = closed ? q + 1 : q;
    if (blobs.length < k) blobs = new Int32Array(2 * k);
    if (closed) {
      blobs[0] = sum(root) ^ sum(child[0]);
      for (let i = 0; i < q - 1; i++) blobs[i + 1] = sum(child[i]) ^ sum(child[i + 1]) ^ 1;
      blobs[q] = sum(child[q - 1]); // t_q and b both counted in it: 1 ⊕ 1
      for (const e of tree) ring.push(e);
      ring.push(last);
    } else {
      blobs[0] = sum(root) ^ sum(child[0]) ^ sum(child[q - 1]) ^ 1;
      for (let i = 0; i < q - 1; i++) blobs[i + 1] = sum(child[i]) ^ sum(child[i + 1]) ^ 1;
      for (const e of tree) ring.push(e);
    }
    for (let cut = 0; cut < k; cut++) {
      spend(k);
      // Cutting ring[cut] (between X_cut and X_{cut+1}): one arm X_1 … X_cut, the other X_{k−1} … X_{cut+1}.
      let value = blobs[0];
      if (cut >= 1) {
        let v = blobs[cut];
        for (let i = cut - 1; i >= 1; i--) v = blobs[i] ^ (v + 1);
        value ^= v + 1;
      }
      if (cut + 1 <= k - 1) {
        let v = blobs[cut + 1];
        for (let i = cut + 2; i <= k - 1; i++) v = blobs[i] ^ (v + 1);
        value ^= v + 1;
      }
      if (value === wanted[c]) cuts.push(ring[cut]);
    }
  }
  return cuts.sort((a, b) => a - b);
}

/** The edges still joined to the ground after cutting `edge` (indices into the picture's edges, in order). */
export function hackenbushKeptAfterCut(picture: HackenbushPicture, edge: number): Int32Array {
  const { vertexCount: n, ends } = picture;
  const m = ends.length >> 1;
  const { start, adjacent } = adjacency(picture, edge);
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  if (n > 0) {
    seen[GROUND] = 1;
    queue[tail++] = GROUND;
  }
  while (head < tail) {
    const u = queue[head++];
    for (let i = start[u]; i < start[u + 1]; i++) {
      const e = adjacent[i];
      const w = ends[2 * e] === u ? ends[2 * e + 1] : ends[2 * e];
      if (!seen[w]) {
        seen[w] = 1;
        queue[tail++] = w;
      }
    }
  }
  const kept: number[] = [];
  for (let e = 0; e < m; e++) if (e !== edge && seen[ends[2 * e]]) kept.push(e);
  return Int32Array.from(kept);
}

/** The picture made of some of a picture's edges (same vertices). */
export function subPicture(picture: HackenbushPicture, edges: ArrayLike<number>): HackenbushPicture {
  const ends = new Int32Array(2 * edges.length);
  for (let i = 0; i < edges.length; i++) {
    ends[2 * i] = picture.ends[2 * edges[i]];
    ends[2 * i + 1] = picture.ends[2 * edges[i] + 1];
  }
  return { vertexCount: picture.vertexCount, ends };
}

/** The edges joined to the ground (the others are no part of the game). */
export function joinedEdges(picture: HackenbushPicture): Uint8Array {
  const s = search(picture);
  const joined = new Uint8Array(edgeCount(picture));
  for (let e = 0; e < joined.length; e++) joined[e] = s.edgeKind[e] === 0 ? 0 : 1;
  return joined;
}

export const hackenbushFamily = independentParts<'hackenbush', HackenbushPicture>({
  parts: (component) => component.pictures,
  key: (picture) => picture.ends.join(','),
  nimber: (picture) => BigInt(hackenbushNimber(picture)),
  movesTo: pictureCutsTo,
});

/** The cuts of a picture to nimber `target`; edges between the same two vertices are alike: one of them is listed. */
function pictureCutsTo(picture: HackenbushPicture, target: bigint, index: number, budget: Budget): ComponentMove[] {
  // A picture's value is at most its number of edges: no cut reaches a larger one.
  if (target > BigInt(picture.ends.length)) return [];
  const moves: ComponentMove[] = [];
  const cut = new Set<string>();
  // The cuts inside a long cycle class cost the square of its length: within the budget.
  for (const edge of hackenbushCutsTo(picture, Number(target), movesSpender(budget))) {
    const ends = edgeEndsKey(picture, edge);
    if (cut.has(ends)) continue;
    cut.add(ends);
    moves.push({ kind: 'hackenbush', picture: index, edge });
  }
  return moves;
}
