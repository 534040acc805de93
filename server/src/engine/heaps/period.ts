// Finding periods in computed prefixes, and turning a proved period into the smallest one.
//
// Each heap family has a theorem of the form "if the prefix satisfies x(n + p) = x(n) for every n in
// a finite range starting at n0, the whole infinite sequence does from n0 on" (subtraction.ts,
// octal.ts, allButSequence.ts). The range a certificate needs is always linear in n0 and p:
// it uses the values at heaps 0 .. startWeight·n0 + periodWeight·p + extra - 1.
//
// Searching: for a candidate p, the last exception e_p is the largest n < length - p with
// x(n) ≠ x(n + p). Then n0 = e_p + 1 is the only start worth trying (a later start needs a longer
// prefix, an earlier one is refuted by e_p), so p is certified by the prefix exactly when
// needed(max(e_p + 1, minStart), p) ≤ length. The smallest certified p is the sequence's smallest
// period: its true smallest period q divides every period, has the same last exception (the
// preperiod does not depend on which period is used) and needs a shorter prefix, so it is certified
// whenever a multiple of it is.
import type { Periodicity } from '../types';

/** The prefix a certificate needs: values at heaps 0 .. startWeight·n0 + periodWeight·p + extra - 1. */
export interface CertificateShape {
  readonly startWeight: number;
  readonly periodWeight: number;
  readonly extra: number;
  /** The smallest n0 the theorem allows. */
  readonly minStart: number;
}

export function certificateLength(shape: CertificateShape, start: number, period: number): number {
  return shape.startWeight * start + shape.periodWeight * period + shape.extra;
}

/** A period the prefix certifies: x(n + period) = x(n) for every n ≥ start. */
export interface CertifiedPeriod {
  readonly start: number;
  readonly period: number;
  /** How many values the certificate used (heaps 0 .. needed - 1). */
  readonly needed: number;
}

/** A scan longer than this shares what it learnt with the candidate's multiples. */
const LONG_SCAN = 64;

/**
 * The smallest p certified by x[0 .. length), with its start, or undefined. Linear in practice: most
 * candidates are refuted by the first few comparisons from the end; a candidate that agrees with the
 * sequence over a long tail passes its last exception on to its multiples (x(n) = x(n + p) for all
 * n > e_p implies x(n) = x(n + kp) there too), so their scans start below it instead of at the end.
 */
export function findCertifiedPeriod(
  x: ArrayLike<number>,
  length: number,
  shape: CertificateShape,
): CertifiedPeriod | undefined {
  const maxPeriod = Math.floor((length - shape.extra - shape.startWeight * shape.minStart) / shape.periodWeight);
  if (maxPeriod < 1) return undefined;
  // Made at the first long scan: most searches never need it, and it is 2 bytes per value.
  let scanFrom: Int32Array | undefined;
  for (let p = 1; p <= maxPeriod; p++) {
    const from = scanFrom ? scanFrom[p] : -1;
    const top = from >= 0 ? Math.min(from, length - p - 1) : length - p - 1;
    let n = top;
    while (n >= shape.minStart && x[n] === x[n + p]) n--;
    const start = Math.max(n + 1, shape.minStart);
    const needed = certificateLength(shape, start, p);
    if (needed <= length) return { start, period: p, needed };
    if (top - n > LONG_SCAN) {
      scanFrom ??= new Int32Array(maxPeriod + 1).fill(-1);
      for (let multiple = 2 * p; multiple <= maxPeriod; multiple += p) {
        if (scanFrom[multiple] < 0 || n < scanFrom[multiple]) scanFrom[multiple] = n;
      }
    }
  }
  return undefined;
}

/**
 * Reads G(n) from a prefix of `length` values and a proved relation G(n + period) = G(n) + saltus
 * for n ≥ some start s with s + period ≤ length, at any n, as a number.
 */
export function extendedValue(
  values: ArrayLike<number>,
  length: number,
  period: number,
  saltus: number,
  n: number,
): number {
  if (n < length) return values[n];
  const steps = Math.ceil((n - length + 1) / period);
  return values[n - steps * period] + steps * saltus;
}

/**
 * From a proved relation G(n + period) = G(n) + saltus for all n ≥ from, the smallest period and
 * preperiod. The periods of an (arithmetic-)periodic sequence are the multiples of the smallest one,
 * so only divisors of `period` are tried, each over one full period from `from` (if the relation
 * holds there, shifting by the proved period carries it to every n ≥ from). The preperiod does not
 * depend on the period, and extends below `from` exactly as far as the values directly agree.
 */
export function smallestPeriodicity(
  values: ArrayLike<number>,
  length: number,
  from: number,
  period: number,
  saltus: number,
): { preperiod: number; period: number; saltus: number } {
  const at = (n: number) => extendedValue(values, length, period, saltus, n);
  let best = period;
  let bestSaltus = saltus;
  for (let q = 1; q < period; q++) {
    if (period % q !== 0 || (saltus * q) % period !== 0) continue;
    const s = (saltus * q) / period;
    let holds = true;
    for (let n = from; n < from + period && holds; n++) holds = at(n + q) - at(n) === s;
    if (holds) {
      best = q;
      bestSaltus = s;
      break;
    }
  }
  let preperiod = from;
  while (preperiod > 0 && at(preperiod - 1 + best) - at(preperiod - 1) === bestSaltus) preperiod--;
  return { preperiod, period: best, saltus: bestSaltus };
}

/** The nimber of heap n from a prefix of values and a proved periodicity. */
export function periodicValue(values: ArrayLike<number>, length: number, periodicity: Periodicity, n: bigint): bigint {
  if (n < BigInt(length)) return BigInt(values[Number(n)]);
  const { preperiod, period, saltus } = periodicity;
  const offset = n - BigInt(preperiod);
  const cycles = offset / BigInt(period);
  const base = values[preperiod + Number(offset % BigInt(period))];
  return BigInt(base) + cycles * BigInt(saltus);
}

/**
 * Whether the period found, values[start .. start + period), has no 0: what the Guy–Smith argument
 * needs for a code with `!` on a split (octal.ts).
 */
export function periodAvoidsZero(values: ArrayLike<number>, start: number, period: number): boolean {
  for (let n = start; n < start + period; n++) if (values[n] === 0) return false;
  return true;
}

/** What an observed regularity may cost to find: comparisons of values, in all. */
const OBSERVATION_WORK = 4_000_000;

/**
 * A regularity the computed values show without any proof: the smallest period p (with saltus
 * s = G(n + p) − G(n), 0 for plain periodicity) that holds over at least the second half of the
 * values and three whole periods, and the preperiod from which it holds. For the hover and the
 * sequence explorer to say "looks like period 2, adding 1 (not proved)"; never used to compute a
 * value. Bounded: periods up to a third of the values, and OBSERVATION_WORK comparisons.
 */
export function observedRegularity(
  values: ArrayLike<number>,
  length: number,
): { preperiod: number; period: number; saltus: number } | undefined {
  if (length < 12) return undefined;
  let work = 0;
  const from = length >> 1;
  for (let p = 1; 3 * p <= length - from; p++) {
    const s = values[length - 1] - values[length - 1 - p];
    if (s < 0) continue;
    let holds = true;
    for (let n = length - 1 - p; n >= from && holds; n--) {
      holds = values[n + p] - values[n] === s;
      if (++work > OBSERVATION_WORK) return undefined;
    }
    if (!holds) continue;
    let preperiod = from;
    while (preperiod > 0 && values[preperiod - 1 + p] - values[preperiod - 1] === s) preperiod--;
    return { preperiod, period: p, saltus: s };
  }
  return undefined;
}
