// Numbers for people, bounded in size. Heaps may have a million digits, and so may the nimbers and
// counts computed from them: written out whole in a hover, a lens title or an inlay hint they cost
// a quarter of a second each to print and megabytes to send, and nobody reads them. Past
// LONG_NUMBER_DIGITS digits a number is shown as its first and last digits and its digit count:
// `71234567890123456789…12345678901234567890 (1,000,001 digits)`. The whole value stays one
// request away (grundy/numberAt) and, for heaps, in the text itself.

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

/**
 * First and last digits and the digit count without printing the whole number (printing a
 * million digits takes 250 ms; one power of ten and one division take a seventh of that). The
 * digit count starts from the bit length and is then made exact by the leading digits' size.
 */
function abbreviate(n: bigint): string {
  const hex = n.toString(16); // linear, unlike decimal printing
  const topBits = Number.parseInt(hex.slice(0, 13), 16);
  const log10 = Math.log10(topBits) + 4 * (hex.length - Math.min(13, hex.length)) * Math.log10(2);
  let digits = Math.floor(log10) + 1; // may be off by one near a power of ten: corrected below
  let scale = 10n ** BigInt(digits - KEPT_DIGITS);
  let leading = n / scale;
  if (leading >= KEPT) {
    digits++;
    scale *= 10n;
    leading /= 10n;
  } else if (leading < KEPT / 10n) {
    digits--;
    scale /= 10n;
    leading = n / scale;
  }
  const trailing = (n % KEPT).toString().padStart(KEPT_DIGITS, '0');
  return `${leading}…${trailing} (${digits.toLocaleString('en-US')} digits)`;
}

/** Text with every run of more than LONG_NUMBER_DIGITS digits abbreviated (linear in the text). */
export function withShortNumbers(text: string): string {
  return text.replace(LONG_RUN, digitsText);
}

const LONG_RUN = new RegExp(`\\d{${LONG_NUMBER_DIGITS + 1},}`, 'g');
