// A misère quotient said for people: generators (the heaps whose images the earlier ones do not
// reach), each element's normal form, the relations between them; and whether the quotient is tame
// (one of misère Nim's, Plambeck–Siegel's T_k).
import type { MisereQuotient } from './quotientTypes';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

export function present(state: {
  readonly size: number;
  readonly mul: Int32Array;
  readonly images: readonly number[];
}): Pick<MisereQuotient, 'generators' | 'names' | 'relations'> {
  const m = state.size;
  const { mul } = state;
  // Generators: heaps whose image the earlier generators do not reach.
  const reached = new Uint8Array(m);
  reached[0] = 1;
  const generators: { heap: number; element: number; name: string }[] = [];
  for (let k = 1; k < state.images.length; k++) {
    const image = state.images[k];
    if (reached[image]) continue;
    const name = generators.length < LETTERS.length ? LETTERS[generators.length] : `g${generators.length + 1}`;
    generators.push({ heap: k, element: image, name });
    // Close the reached set under the new generator.
    const queue = [...reached.keys()].filter((x) => reached[x]);
    for (let i = 0; i < queue.length; i++)
      for (const g of generators) {
        const y = mul[queue[i] * m + g.element];
        if (!reached[y]) {
          reached[y] = 1;
          queue.push(y);
        }
      }
  }
  // Normal forms: words (exponent vectors) by degree, then more of the earlier letters first.
  const g = generators.length;
  const names = new Array<string>(m).fill('');
  const normal = new Map<string, number>(); // normal words → element
  const word = (exponents: readonly number[]) =>
    exponents
      .map((e, i) =>
        e === 0
          ? ''
          : generators[i].name + (e === 1 ? '' : [...String(e)].map((d) => SUPERSCRIPTS[Number(d)]).join('')),
      )
      .join('') || '1';
  const relations: string[] = [];
  let layer: number[][] = [new Array(g).fill(0)];
  const elementOf = new Map<string, number>([[layer[0].join(','), 0]]);
  names[0] = '1';
  normal.set(layer[0].join(','), 0);
  let found = 1;
  while (layer.length > 0) {
    const candidates = new Map<string, number[]>();
    for (const w of layer)
      for (let i = 0; i < g; i++) {
        const v = w.slice();
        v[i]++;
        candidates.set(v.join(','), v);
      }
    const sorted = [...candidates.values()].sort((a, b) => {
      for (let i = 0; i < g; i++) if (a[i] !== b[i]) return b[i] - a[i];
      return 0;
    });
    const nextLayer: number[][] = [];
    for (const v of sorted) {
      // Minimal only when every word one letter shorter is normal.
      let minimal = true;
      let element = -1;
      for (let i = 0; i < g && minimal; i++) {
        if (v[i] === 0) continue;
        const u = v.slice();
        u[i]--;
        const x = normal.get(u.join(','));
        if (x === undefined) minimal = false;
        else element = mul[x * m + generators[i].element];
      }
      if (!minimal) continue;
      const key = v.join(',');
      if (names[element] === '') {
        names[element] = word(v);
        normal.set(key, element);
        elementOf.set(key, element);
        nextLayer.push(v);
        found++;
      } else relations.push(`${word(v)} = ${names[element]}`);
    }
    layer = nextLayer;
  }
  if (found !== m) throw new Error(`internal: the generators reach ${found} of ${m} elements`);
  return { generators, names, relations };
}

// Tame quotients: those of misère Nim positions.

/**
 * The tame quotients are T1 = {1, a} (a² = 1, P = {a}) and, for k ≥ 2, T_k = ⟨a, b1..b_{k−1} |
 * a² = 1, b_i³ = b_i, b_i² = b_j²⟩ of order 2^k + 2 with P = {a, s} where s = b_i²: the quotients
 * of misère Nim's heaps below 2^(k−1)·2 (Plambeck–Siegel 2008, §5). Its elements are a^e·∏S for
 * S ⊆ {b_i} and a^e·s; s·T_k is the group (Z/2)^k with identity s. So in a Q of that order: a is
 * the one involution in P, s the other element of P, and the b's are any k − 1 elements with
 * x² = s, x³ = x that are independent in that group together with a: chosen greedily, no
 * backtracking is needed, and the map from T_k's normal forms is checked to be a bijection
 * keeping P (the relations hold by the choice, so it is a homomorphism).
 */
export function isTame(m: number, mul: Int32Array, isP: Uint8Array): boolean {
  const inP = [...Array(m).keys()].filter((x) => isP[x]);
  const times = (x: number, y: number) => mul[x * m + y];
  if (m === 2) return inP.length === 1 && inP[0] === 1 && times(1, 1) === 0; // {1, a}, a² = 1, a ∈ P
  let k = 2;
  while (2 ** k + 2 < m) k++;
  if (2 ** k + 2 !== m || inP.length !== 2) return false;
  const a = inP.find((x) => x !== 0 && times(x, x) === 0);
  const s = inP.find((x) => x !== a);
  if (a === undefined || s === undefined || times(s, s) !== s) return false;
  // The span of a and the chosen b's in the group s·Q: {s, a·s} to begin with.
  const span = new Set([s, times(a, s)]);
  const bs: number[] = [];
  for (let x = 0; x < m && bs.length < k - 1; x++) {
    if (span.has(x) || times(x, x) !== s || times(times(x, x), x) !== x) continue;
    bs.push(x);
    for (const y of [...span]) span.add(times(y, x));
  }
  if (bs.length !== k - 1) return false;
  const images = new Set<number>();
  for (let e = 0; e < 2; e++) {
    for (let mask = 0; mask < 1 << bs.length; mask++) {
      let x = e ? a : 0;
      bs.forEach((b, i) => {
        if (mask & (1 << i)) x = times(x, b);
      });
      images.add(x);
      // a^e·∏S is in P only for e = 1, S = ∅.
      if (isP[x] !== (e === 1 && mask === 0 ? 1 : 0)) return false;
    }
    const x = e ? times(a, s) : s;
    images.add(x);
    if (isP[x] !== (e === 0 ? 1 : 0)) return false;
  }
  return images.size === m;
}
