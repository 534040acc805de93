// The exact check of (F), the condition that proves a candidate quotient (quotient.ts's header):
// decided for every position of the heaps given, by a search over bounded counts of each type of
// heap, never assumed.
import { Meter } from '../budget';
import type { Budget, StopCause } from '../types';
import { type Base, budgetStop } from './quotientTypes';

/** States of the exact check of (F): each holds a set of elements, so this bounds its memory. */
const MAX_CHECK_STATES = 400_000;

/**
 * Decides (F) for every position of the heaps given: ρ(v) ∈ set ⟺ ψ(v) accepted and no move of v
 * reaches the set. Heaps with the same image, ψ and option images are one type (they move
 * alike). (⟹) is one test per element and type: if y·h is in the set, no option o of the type
 * may give y·o in it. (⟸) asks whether some position v outside the set, accepted, has no move
 * into it: for each type t present (c_t copies), h_t^(c_t − 1)·(the other types) must be "safe"
 * for t (no option of t lands in the set). Counts past a type's index + period change nothing, so
 * the search is over bounded counts, type by type, keeping (the product so far, ψ so far, the set
 * of products of the types still to come that meet every condition laid down so far): the
 * conditions are preimages under multiplication, so they intersect into one set. `acceptOf`,
 * when given, says acceptance per element (the structure refines ψ); else ψ is tracked.
 */
export function verify(
  structure: { size: number; mul: Int32Array; images: readonly number[]; optionImages: readonly Int32Array[] },
  set: Uint8Array,
  base: Base,
  budget: Budget,
  acceptOf?: Uint8Array,
): true | { cause: StopCause | 'method'; reason: string } {
  const { size: m, mul, images, optionImages } = structure;
  const words = (m + 31) >>> 5;
  const has = (bits: Uint32Array, y: number) => (bits[y >>> 5] >>> (y & 31)) & 1;
  const types = new Map<string, { image: number; psi: number; safe: Uint32Array }>();
  // safe(O) = {y : y·o ∉ set for every o in O}: the complement of the union of the sets
  // {y : y·o ∈ set}, each made once per option element, each union once per option set.
  const into = new Map<number, Uint32Array>();
  const safeOf = new Map<string, { safe: Uint32Array; key: string }>();
  for (let k = 1; k < images.length; k++) {
    const optionsKey = optionImages[k].join(',');
    let known = safeOf.get(optionsKey);
    if (!known) {
      const unsafe = new Uint32Array(words);
      for (const o of optionImages[k]) {
        let bits = into.get(o);
        if (!bits) {
          bits = new Uint32Array(words);
          for (let y = 0; y < m; y++) if (set[mul[y * m + o]]) bits[y >>> 5] |= 1 << (y & 31);
          into.set(o, bits);
        }
        for (let w = 0; w < words; w++) unsafe[w] |= bits[w];
      }
      const safe = new Uint32Array(words);
      for (let w = 0; w < words; w++) safe[w] = ~unsafe[w];
      if (m & 31) safe[words - 1] &= (1 << (m & 31)) - 1; // no elements past m
      known = { safe, key: safe.join(',') };
      safeOf.set(optionsKey, known);
    }
    const { safe } = known;
    const psi = acceptOf ? 0 : base.image(k);
    // Heaps that move alike in the quotient (same image, ψ and safe set) are one type.
    const key = `${images[k]}:${psi}:${known.key}`;
    if (!types.has(key)) types.set(key, { image: images[k], psi, safe });
  }
  // (⟹), the moves: an element of the set has no move into it.
  for (const { image, safe } of types.values())
    for (let y = 0; y < m; y++)
      if (set[mul[y * m + image]] && !has(safe, y))
        return { cause: 'method', reason: 'a position in the set would have a move into it' };
  const accepted = (z: number, psi: number) => (acceptOf ? acceptOf[z] : base.accept[psi]);
  // A state: the product so far, ψ so far, and the products still allowed to come. That set is
  // the intersection of the conditions laid down, each "u·s is safe for type t", kept as the pairs
  // (u, t): a later type with product p turns each u into u·p, so no set is ever read through a
  // product element by element; the sets {s : u·s safe for t} are made once each. States are kept
  // once each, found by a hash of the product, ψ and the allowed set.
  type CheckState = { z: number; psi: number; conditions: number[]; allowed: Uint32Array };
  const typeList = [...types.values()];
  const typeCount = typeList.length;
  let states: CheckState[] = [];
  const full = new Uint32Array(words);
  for (let y = 0; y < m; y++) full[y >>> 5] |= 1 << (y & 31);
  states.push({ z: 0, psi: 0, conditions: [], allowed: full });
  // Work is counted in elements read; the clock and the cancellation are asked every 2^22.
  const meter = new Meter(budget, 1 << 22);
  const safeThrough: (Uint32Array | undefined)[] = new Array(m * typeCount);
  /** {s : u·s is safe for type t}. */
  const condition = (u: number, t: number): Uint32Array => {
    const key = u * typeCount + t;
    let bits = safeThrough[key];
    if (bits) return bits;
    bits = new Uint32Array(words);
    const { safe } = typeList[t];
    const row = u * m;
    for (let s = 0; s < m; s++) {
      const y = mul[row + s];
      if ((safe[y >>> 5] >>> (y & 31)) & 1) bits[s >>> 5] |= 1 << (s & 31);
    }
    meter.spend(m);
    safeThrough[key] = bits;
    return bits;
  };
  const hashOf = (z: number, psi: number, bits: Uint32Array) => {
    let h = Math.imul(z ^ 0x9e3779b9, 0x85ebca6b) ^ psi;
    for (let w = 0; w < words; w++) h = Math.imul(h ^ bits[w], 0x01000193);
    return h >>> 0;
  };
  const sameBits = (x: Uint32Array, y: Uint32Array) => {
    for (let w = 0; w < words; w++) if (x[w] !== y[w]) return false;
    return true;
  };
  for (let t = 0; t < typeCount; t++) {
    const { image, psi } = typeList[t];
    const powers = [0];
    const at = new Map<number, number>([[0, 0]]);
    let start = 0;
    for (;;) {
      const next = mul[powers[powers.length - 1] * m + image];
      const earlier = at.get(next);
      if (earlier !== undefined) {
        start = earlier;
        break;
      }
      at.set(next, powers.length);
      powers.push(next);
    }
    const power = (c: number) =>
      c < powers.length ? powers[c] : powers[start + ((c - start) % (powers.length - start))];
    // A count matters through h^(c − 1), h^c and ψ^c: past both cycles' starts, it repeats with
    // the lcm of their periods.
    const psiCycle = cycle(psi, base.size, base.mul);
    const maxCount = Math.max(start, psiCycle.start) + 1 + lcm(powers.length - start, psiCycle.length - psiCycle.start);
    const buckets = new Map<number, CheckState[]>();
    const next: CheckState[] = [];
    /** Whether a state like this one (its product, ψ and allowed set) is kept already; else keeps a copy. */
    const keep = (z: number, psi: number, conditions: readonly number[], count: number, allowed: Uint32Array) => {
      const h = hashOf(z, psi, allowed);
      const bucket = buckets.get(h);
      if (bucket?.some((o) => o.z === z && o.psi === psi && sameBits(o.allowed, allowed))) return;
      const state = { z, psi, conditions: conditions.slice(0, count), allowed: allowed.slice() };
      if (bucket) bucket.push(state);
      else buckets.set(h, [state]);
      next.push(state);
    };
    // None of this type:
    for (const state of states) keep(state.z, state.psi, state.conditions, state.conditions.length, state.allowed);
    // A candidate is built in these, and copied only when kept (most are not: empty, or met before).
    const allowed = new Uint32Array(words);
    const conditions: number[] = [];
    for (const state of states) {
      let psiPower = state.psi;
      for (let c = 1; c <= maxCount; c++) {
        psiPower = base.mul[psiPower * base.size + psi];
        const hc = power(c);
        const before = mul[state.z * m + power(c - 1)];
        conditions[0] = before;
        conditions[1] = t;
        let count = 2;
        const first = condition(before, t);
        let any = 0;
        for (let w = 0; w < words; w++) any |= allowed[w] = first[w];
        for (let i = 0; any && i < state.conditions.length; i += 2) {
          const u = mul[state.conditions[i] * m + hc];
          const bits = condition(u, state.conditions[i + 1]);
          any = 0;
          for (let w = 0; w < words; w++) any |= allowed[w] &= bits[w];
          conditions[count++] = u;
          conditions[count++] = state.conditions[i + 1];
        }
        meter.spend(words * (1 + state.conditions.length / 2));
        if (!any) continue;
        keep(mul[state.z * m + hc], psiPower, conditions, count, allowed);
      }
    }
    if (next.length > MAX_CHECK_STATES)
      return {
        cause: 'method',
        reason: `its check needs more than ${MAX_CHECK_STATES.toLocaleString('en-US')} states`,
      };
    const stopped = meter.spend(0);
    if (stopped) return budgetStop(stopped);
    states = next;
  }
  for (const state of states) {
    if (set[state.z] && !accepted(state.z, state.psi))
      return { cause: 'method', reason: 'a position in the set would not be accepted' };
    if (!set[state.z] && accepted(state.z, state.psi) && has(state.allowed, 0))
      return { cause: 'method', reason: 'a position outside the set would have no move into it' };
  }
  return true;
}

/** The powers of x in a monoid to their first repeat: the list and where the cycle starts. */
function cycle(x: number, size: number, mul: Int32Array): { start: number; length: number } {
  const at = new Map<number, number>([[0, 0]]);
  let power = 0;
  for (let c = 1; ; c++) {
    power = mul[power * size + x];
    const earlier = at.get(power);
    if (earlier !== undefined) return { start: earlier, length: c };
    at.set(power, c);
  }
}

function lcm(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y) [x, y] = [y, x % y];
  return (a / x) * b;
}
