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

/** The smallest member of a set (sets are never empty except `{}`: then undefined). */
export function smallestMember(set: SubtractionSet): bigint | undefined {
  switch (set.kind) {
    case 'finite': {
      const positive = set.members.filter((m) => m > 0n);
      return positive.length === 0 ? undefined : positive.reduce((a, b) => (b < a ? b : a));
    }
    case 'primes':
      return 2n;
    case 'multiples':
      return set.of;
    case 'union': {
      const smallest = set.parts.map(smallestMember).filter((m) => m !== undefined);
      return smallest.length === 0 ? undefined : smallest.reduce((a, b) => (b < a ? b : a));
    }
    default:
      return 1n;
  }
}

/** A canonical text for a set: two sets with the same text have the same members. */
export function setKey(set: SubtractionSet): string {
  const parts: Exclude<SubtractionSet, { kind: 'union' }>[] = [];
  const flatten = (s: SubtractionSet): void => {
    if (s.kind === 'union') s.parts.forEach(flatten);
    else parts.push(s);
  };
  flatten(set);
  const finite = [...new Set(parts.flatMap((p) => (p.kind === 'finite' ? p.members : [])))]
    .filter((m) => m > 0n)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const named = [...new Set(parts.filter((p) => p.kind !== 'finite').map(termText))].sort();
  const texts = finite.length > 0 || named.length === 0 ? [...named, `{${finite.join(',')}}`] : named;
  return texts.join(' | ');
}

/** A set's written form, as the language writes it (`powers of 2`, `{1, 2}`, `squares | {2}`). */
export function setText(set: SubtractionSet): string {
  return set.kind === 'union' ? set.parts.map(setText).join(' | ') : termText(set);
}

function termText(set: Exclude<SubtractionSet, { kind: 'union' }>): string {
  switch (set.kind) {
    case 'finite':
      return `{${set.members.join(', ')}}`;
    case 'powers':
      return `powers of ${set.base}`;
    case 'multiples':
      return `multiples of ${set.of}`;
    default:
      return set.kind;
  }
}

/**
 * The members in increasing order, each once, as bigints, without end for an infinite set: for
 * heaps beyond any array (a proved period makes them known).
 */
export function* membersAscending(set: SubtractionSet): Generator<bigint> {
  switch (set.kind) {
    case 'finite':
      yield* [...new Set(set.members)].filter((m) => m > 0n).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return;
    case 'squares':
    case 'cubes':
      for (let k = 1n; ; k++) yield set.kind === 'squares' ? k * k : k * k * k;
    case 'triangular':
      for (let k = 1n; ; k++) yield (k * (k + 1n)) / 2n;
    case 'primes':
      yield 2n;
      for (let m = 3n; ; m += 2n) {
        let prime = true;
        for (let d = 3n; d * d <= m && prime; d += 2n) prime = m % d !== 0n;
        if (prime) yield m;
      }
    case 'fibonacci':
      for (let a = 1n, b = 2n; ; [a, b] = [b, a + b]) yield a;
    case 'powers':
      for (let p = 1n; ; p *= set.base) yield p;
    case 'multiples':
      for (let m = set.of; ; m += set.of) yield m;
    case 'union': {
      const heads = set.parts.map((part) => {
        const it = membersAscending(part);
        return { it, next: it.next() };
      });
      let last = 0n;
      for (;;) {
        let best: bigint | undefined;
        for (const h of heads) if (!h.next.done && (best === undefined || h.next.value < best)) best = h.next.value;
        if (best === undefined) return;
        for (const h of heads) while (!h.next.done && h.next.value === best) h.next = h.it.next();
        if (best > last) yield best;
        last = best;
      }
    }
  }
}

/**
 * For each residue r mod p, the smallest member ≡ r (mod p), or -1 when no member is; undefined
 * when that cannot be settled with members up to `searchLimit` (a class's first member lies beyond
 * it). The residues of each named set are periodic in its index, so one period of indices settles
 * every class: k² and k³ repeat mod p with period p in k, k(k+1)/2 with period 2p, K·j with period
 * p in j, K^i is eventually periodic (each term fixes the next), and the pairs of consecutive
 * Fibonacci numbers mod p are purely periodic (the step is invertible). For primes, the classes
 * prime to p hold primes (Dirichlet's theorem; the first one is found by search) and a class
 * sharing a factor d with p holds a prime only if d is that prime.
 */
export function firstMembersByResidue(set: SubtractionSet, p: number, searchLimit: number): number[] | undefined {
  const first = new Array<number>(p).fill(-1);
  const note = (value: number, residue: number): boolean => {
    if (first[residue] >= 0) return true;
    if (value > searchLimit) return false;
    first[residue] = value;
    return true;
  };
  switch (set.kind) {
    case 'finite':
      for (const m of set.members) {
        if (m <= 0n) continue;
        const r = Number(m % BigInt(p));
        const value = m > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(m);
        if (first[r] < 0 || value < first[r]) first[r] = value;
      }
      return first;
    case 'squares':
    case 'cubes': {
      const power = set.kind === 'squares' ? 2 : 3;
      for (let k = 1; k <= p; k++) {
        const r = power === 2 ? (k * k) % p : (((k * k) % p) * k) % p;
        if (!note(k ** power, r)) return undefined;
      }
      return first;
    }
    case 'triangular':
      for (let k = 1; k <= 2 * p; k++) if (!note((k * (k + 1)) / 2, ((k * (k + 1)) / 2) % p)) return undefined;
      return first;
    case 'multiples': {
      if (set.of > BigInt(searchLimit)) return undefined;
      const of = Number(set.of);
      for (let j = 1; j <= p; j++) if (!note(j * of, (j * of) % p)) return undefined;
      return first;
    }
    case 'powers': {
      const base = set.base % BigInt(p);
      let residue = 1 % p;
      let value = 1n;
      const seen = new Set<number>();
      while (!seen.has(residue)) {
        seen.add(residue);
        if (!note(value > BigInt(searchLimit) ? searchLimit + 1 : Number(value), residue)) return undefined;
        residue = Number((BigInt(residue) * base) % BigInt(p));
        value *= set.base;
      }
      return first;
    }
    case 'fibonacci': {
      let [a, b] = [1, 2];
      let [ra, rb] = [1 % p, 2 % p];
      const [startA, startB] = [ra, rb];
      do {
        if (!note(a, ra)) return undefined;
        [a, b] = [b, a + b];
        [ra, rb] = [rb, (ra + rb) % p];
      } while (ra !== startA || rb !== startB);
      return first;
    }
    case 'primes': {
      if (p > searchLimit) return undefined;
      const primes = primesUpTo(searchLimit);
      for (let i = 0; i < primes.length; i++) {
        const q = primes[i];
        const r = q % p;
        if (first[r] < 0) first[r] = q;
      }
      for (let r = 0; r < p; r++) {
        if (first[r] >= 0) continue;
        if (gcd(r, p) === 1) return undefined; // Dirichlet: there is one, beyond the search
      }
      return first;
    }
    case 'union': {
      for (const part of set.parts) {
        const own = firstMembersByResidue(part, p, searchLimit);
        if (!own) return undefined;
        for (let r = 0; r < p; r++) if (own[r] >= 0 && (first[r] < 0 || own[r] < first[r])) first[r] = own[r];
      }
      return first;
    }
  }
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}
