// A bigint in decimal, whole, for the one request that wants every digit (grundy/numberAt, "Copy
// Nimber"): run in a worker, and stoppable. BigInt's own toString is one native call that no budget
// can interrupt, and it is superlinear (a million digits: a third of a second; ten million: tens of
// seconds). So a long number is split by powers of ten, 10^(CHUNK·2^i), into chunks of CHUNK
// digits, printed by toString a few chunks at a time; the budget is asked between splits and parts.
// Divide and conquer keeps it near the cost of the multiplications that made the powers.
import { Meter } from './budget';
import type { Budget, StopCause } from './types';

/** Digits a chunk printed by BigInt's own toString has (printing 4,096 digits takes a few microseconds). */
const CHUNK_DIGITS = 4096;
const CHUNK = 10n ** BigInt(CHUNK_DIGITS);
/** Parts printed whole by toString, up to this many digits (still near linear there: about a millisecond). */
const PRINTED_WHOLE = 8 * CHUNK_DIGITS;

/** n's decimal digits, whole; or why they were not all made (the budget's cause). */
export function decimalText(n: bigint, budget: Budget = {}): { text: string } | { stopped: StopCause } {
  if (n < 0n) {
    const positive = decimalText(-n, budget);
    return 'text' in positive ? { text: `-${positive.text}` } : positive;
  }
  if (n < CHUNK) return { text: n.toString() };
  const meter = new Meter(budget, 1);
  // powers[i] = 10^(CHUNK_DIGITS·2^i), up to the first one past √n.
  const powers = [CHUNK];
  while (powers[powers.length - 1] * powers[powers.length - 1] <= n) {
    if (meter.spend(1)) return { stopped: meter.poll()! };
    powers.push(powers[powers.length - 1] * powers[powers.length - 1]);
  }
  const chunks: string[] = [];
  // Below powers[level]: n's digits, padded to CHUNK_DIGITS·2^level unless it is the number's first part.
  const write = (m: bigint, level: number, first: boolean): boolean => {
    if (meter.spend(1)) return false;
    const width = CHUNK_DIGITS * 2 ** (level + 1);
    if (width <= PRINTED_WHOLE) {
      const text = m.toString();
      chunks.push(first ? text : text.padStart(width, '0'));
      return true;
    }
    const power = powers[level];
    if (first && m < power) return write(m, level - 1, true);
    const high = m / power;
    return write(high, level - 1, first) && write(m - high * power, level - 1, false);
  };
  if (!write(n, powers.length - 1, true)) return { stopped: meter.poll()! };
  return { text: chunks.join('') };
}
