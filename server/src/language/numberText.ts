// Numbers for people, bounded in size. Heaps may have a million digits, and so may the nimbers and
// counts computed from them: written out whole in a hover, a lens title or an inlay hint they cost
// a quarter of a second each to print and megabytes to send, and nobody reads them. Past
// LONG_NUMBER_DIGITS digits a number is shown as its first and last digits and its digit count:
// `71234567890123456789…12345678901234567890 (1,000,001 digits)`. The whole value stays one
// request away (grundy/numberAt) and, for heaps, in the text itself.
//
// Nothing here prints a long number: its first digits come from one power of ten (kept, and its
// neighbours made from it in one linear step) and one division, its last from one remainder, its
// length from its bit length. When the caller has the digits (a heap as written), knownDigits
// hands them over and the abbreviation is a slice of them.

/** Numbers with more digits than this are abbreviated. */
export const LONG_NUMBER_DIGITS = 64;
/** How many leading and trailing digits an abbreviated number keeps. */
const KEPT_DIGITS = 20;

const LIMIT = 10n ** BigInt(LONG_NUMBER_DIGITS);
const KEPT = 10n ** BigInt(KEPT_DIGITS);

/** Abbreviations already made: a hover or a lens list shows the same few numbers many times. */
const made = new Map<bigint, string>();
const MADE_KEPT = 64;

/** The digits of a decimal digit string, abbreviated when long (no conversion: O(1) beyond the slice). */
export function digitsText(digits: string): string {
  const negative = digits.startsWith('-');
  const body = negative ? digits.slice(1) : digits;
  if (body.length <= LONG_NUMBER_DIGITS) return digits;
  return (
    `${negative ? '-' : ''}${body.slice(0, KEPT_DIGITS)}…${body.slice(-KEPT_DIGITS)} ` +
    `(${body.length.toLocaleString('en-US')} digits)`
  );
}

/**
 * Tells numberText the digits of n, when the caller has them (a heap as written): its abbreviation is then
 * made from them (constant time), for n and for every number equal to it (a Nim heap's nimber, a move taking it all).
 */
export function knownDigits(n: bigint, digits: string): void {
  if (n < LIMIT || made.has(n)) return;
  if (made.size >= MADE_KEPT) made.delete(made.keys().next().value as bigint);
  // Copied, not sliced: a slice would keep the whole text it was cut from (a document) for as long as it is kept here.
  made.set(n, [...digitsText(digits.replace(/^0+(?=\d)/, ''))].join(''));
}

/** A number in decimal, abbreviated past LONG_NUMBER_DIGITS digits. */
export function numberText(n: bigint | number): string {
  if (typeof n === 'number')
    return Number.isSafeInteger(n) || !Number.isFinite(n) ? String(n) : numberText(BigInt(Math.trunc(n)));
  if (n < 0n) return `-${numberText(-n)}`;
  if (n < LIMIT) return n.toString();
  const known = made.get(n);
  if (known !== undefined) return known;
  const text = abbreviate(n);
  if (made.size >= MADE_KEPT) made.delete(made.keys().next().value as bigint);
  made.set(n, text);
  return text;
}

/** `count.toLocaleString` for counts that may be huge: grouped when short, abbreviated when long. */
export function countText(n: bigint | number): string {
  const big = BigInt(n);
  return big < LIMIT ? big.toLocaleString('en-US') : numberText(big);
}

/** Powers of ten by exponent, the last few made: the numbers of one answer are mostly of one length. */
const powers = new Map<number, bigint>();
const POWERS_KEPT = 4;

/** 10^e, kept: for a million-digit number it is the one costly step (50 ms), the rest is linear. */
function powerOfTen(e: number): bigint {
  let power = powers.get(e);
  if (power === undefined) {
    // A neighbour kept (the digit count's first guess is off by one near a power of ten): one linear step from it.
    const below = powers.get(e - 1);
    const above = powers.get(e + 1);
    power = below !== undefined ? below * 10n : above !== undefined ? above / 10n : 10n ** BigInt(e);
    if (powers.size >= POWERS_KEPT) powers.delete(powers.keys().next().value as number);
    powers.set(e, power);
  }
  return power;
}

/**
 * n's digit count and its first KEPT_DIGITS digits, for n ≥ LIMIT, without printing it (printing a
 * million digits takes 340 ms; one power of ten takes 50 ms and is kept, one division 1.5 ms). The
 * digit count starts from the bit length and is then made exact by the leading digits' size.
 */
function leadingDigits(n: bigint): { digits: number; leading: bigint } {
  const hex = n.toString(16); // linear, unlike decimal printing
  const topBits = Number.parseInt(hex.slice(0, 13), 16);
  const log10 = Math.log10(topBits) + 4 * (hex.length - Math.min(13, hex.length)) * Math.log10(2);
  let digits = Math.floor(log10) + 1; // may be off by one near a power of ten: corrected below
  let leading = n / powerOfTen(digits - KEPT_DIGITS);
  if (leading >= KEPT) {
    digits++;
    leading /= 10n;
  } else if (leading < KEPT / 10n) {
    digits--;
    leading = n / powerOfTen(digits - KEPT_DIGITS);
  }
  return { digits, leading };
}

/** How many decimal digits n has (of |n|; 1 for 0), without printing it. */
export function digitCount(n: bigint): number {
  const size = n < 0n ? -n : n;
  return size < LIMIT ? size.toString().length : leadingDigits(size).digits;
}

function abbreviate(n: bigint): string {
  const { digits, leading } = leadingDigits(n);
  const trailing = (n % KEPT).toString().padStart(KEPT_DIGITS, '0');
  return `${leading}…${trailing} (${digits.toLocaleString('en-US')} digits)`;
}

/** Text with every run of more than LONG_NUMBER_DIGITS digits abbreviated (linear in the text). */
export function withShortNumbers(text: string): string {
  return text.replace(LONG_RUN, digitsText);
}

const LONG_RUN = new RegExp(`\\d{${LONG_NUMBER_DIGITS + 1},}`, 'g');
