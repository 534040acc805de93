// Subtraction sets as the language's version 3 writes them: finite sets, the named infinite ones
// (squares, cubes, triangular numbers, primes, Fibonacci numbers, powers of K, multiples of K) and
// unions of these. A heap of n only ever meets the members up to n, so every computation works on
// `membersUpTo(set, n)`: the finite part of the set that can matter, sorted, each member once.
// The generators count up (no floating point): members are exact for any limit that fits in memory.

/** A subtraction set: every member is a positive integer. */
export type SubtractionSet =
  | { readonly kind: 'finite'; readonly members: readonly bigint[] }
  | { readonly kind: 'squares' }
  | { readonly kind: 'cubes' }
  | { readonly kind: 'triangular' }
  | { readonly kind: 'primes' }
  /** 1, 2, 3, 5, 8, 13, …: each Fibonacci number once (F(1) = F(2) = 1 counted once). */
  | { readonly kind: 'fibonacci' }
  /** 1, K, K², … (K ≥ 2). */
  | { readonly kind: 'powers'; readonly base: bigint }
  /** K, 2K, 3K, … (K ≥ 1). */
  | { readonly kind: 'multiples'; readonly of: bigint }
  | { readonly kind: 'union'; readonly parts: readonly SubtractionSet[] };

/** Does the set have finitely many members? */
export function isFiniteSet(set: SubtractionSet): boolean {
  switch (set.kind) {
    case 'finite':
      return true;
    case 'union':
      return set.parts.every(isFiniteSet);
    default:
      return false;
  }
}

/** The members from 1 to `limit`, ascending, each once (`limit` at most 2^31 - 1: they are Int32s). */
export function membersUpTo(set: SubtractionSet, limit: number): Int32Array {
  if (!Number.isInteger(limit) || limit < 0 || limit > 0x7fffffff)
    throw new RangeError(`membersUpTo: limit ${limit} is not an integer from 0 to 2^31 - 1`);
  if (set.kind === 'union') return unionOf(set.parts.map((part) => membersUpTo(part, limit)));
  const out: number[] = [];
  switch (set.kind) {
    case 'finite':
      for (const m of [...new Set(set.members)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
        if (m >= 1n && m <= BigInt(limit)) out.push(Number(m));
      break;
    case 'squares':
      for (let k = 1; k * k <= limit; k++) out.push(k * k);
      break;
    case 'cubes':
      for (let k = 1; k * k * k <= limit; k++) out.push(k * k * k);
      break;
    case 'triangular':
      for (let k = 1; (k * (k + 1)) / 2 <= limit; k++) out.push((k * (k + 1)) / 2);
      break;
    case 'primes':
      return primesUpTo(limit);
    case 'fibonacci':
      for (let a = 1, b = 2; a <= limit; [a, b] = [b, a + b]) out.push(a);
      break;
    case 'powers':
      for (let p = 1n; p <= BigInt(limit); p *= set.base) out.push(Number(p));
      break;
    case 'multiples':
      for (let m = set.of; m <= BigInt(limit); m += set.of) out.push(Number(m));
      break;
  }
  return Int32Array.from(out);
}

/** The primes up to `limit`, by the sieve of Eratosthenes over odd numbers. */
function primesUpTo(limit: number): Int32Array {
  if (limit < 2) return new Int32Array(0);
  // composite[i] is for the odd number 2i + 1.
  const half = (limit + 1) >>> 1;
  const composite = new Uint8Array(half);
  for (let i = 1; (2 * i + 1) * (2 * i + 1) <= limit; i++) {
    if (composite[i]) continue;
    const p = 2 * i + 1;
    for (let j = (p * p - 1) / 2; j < half; j += p) composite[j] = 1;
  }
  let count = 1;
  for (let i = 1; i < half; i++) if (!composite[i]) count++;
  const primes = new Int32Array(count);
  primes[0] = 2;
  for (let i = 1, k = 1; i < half; i++) if (!composite[i]) primes[k++] = 2 * i + 1;
  return primes;
}

/** Sorted lists merged into one, each member once. */
function unionOf(lists: readonly Int32Array[]): Int32Array {
  const all = new Int32Array(lists.reduce((n, list) => n + list.length, 0));
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  let kept = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[kept++] = all[i];
  return all.slice(0, kept);
}
