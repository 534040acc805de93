// Published nim-sequences and periods, as data: a new case is one line.

/**
 * Kayles, 0.77 (OEIS A002186), heaps 0..83, as quoted in the task brief from OEIS; checked against
 * the brute force in the tests rather than trusted.
 */
export const KAYLES = [
  0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2,
  3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4,
  7, 2, 1, 8, 2, 7,
];

/**
 * Dawson's chess, 0.137 (OEIS A002187), heaps 0..104, written down from memory of the OEIS entry
 * (no network here), so checked against the brute force in the tests rather than trusted.
 */
export const DAWSONS_CHESS = [
  0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0,
  3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3,
  3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1,
];

/** Octal games with published periods: preperiod = last exception + 1. */
export const OCTAL_PERIODS: readonly { name: string; digits: number[]; preperiod: number; period: number }[] = [
  { name: 'Kayles 0.77', digits: [0, 7, 7], preperiod: 71, period: 12 },
  { name: "Dawson's chess 0.137", digits: [0, 1, 3, 7], preperiod: 52, period: 34 },
  { name: "Dawson's Kayles 0.07", digits: [0, 0, 7], preperiod: 53, period: 34 },
  { name: 'Nim-like 0.3 (subtract 1)', digits: [0, 3], preperiod: 0, period: 2 },
];

/** Subtraction sets with known periods. */
export const SUBTRACTION_PERIODS: readonly { set: number[]; preperiod: number; period: number }[] = [
  { set: [1, 2], preperiod: 0, period: 3 },
  { set: [2, 3, 7], preperiod: 0, period: 5 },
  { set: [1, 2, 3], preperiod: 0, period: 4 },
  { set: [1, 3, 4], preperiod: 0, period: 7 },
];
