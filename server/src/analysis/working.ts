// The working behind a value, for the hover and the explanation command: a heap's options under
// its rule with their values and the mex picked, a vertex's successors and their mex, and a sum's
// XOR in binary columns with the component a winning move changes.
//
// It runs on the server's main thread, so everything here is bounded whatever the input: a heap of
// more than WORKING_DIGITS digits is not worked at all (each of its options is a number as long as
// it, and a listing of a million-digit heap's options made gigabytes), and smaller heaps'
// options are listed from the rule's definition (as engine/search/unitOptions.ts lists them, in the same
// order, with sizes of any length) but at most MAX_OPTIONS of them, in at most MAX_STEPS steps;
// their values are read only from what the hover has at hand, the rule's summary (its first values
// and, when proved, its period). When an option's value is not there, or there are too many
// options, the working is not shown and a sentence says why. The set of values reached and the
// mex are always computed from every option, never from the few listed.
import type { RuleSummary } from '../compute/jobs';
import {
  codeDigitOf,
  codeDistinct,
  isInfiniteCode,
  membersAscending,
  membersUpTo,
  movesHeapPartsBounded,
  periodicValue,
} from '../engine/heaps';
import type { GraphNimbers, HeapRule } from '../engine/types';
import type { GraphSymbol } from '../language/model';
import { countText, digitCount, numberText } from '../language/numberText';
import { star, starCode } from './wording';

const nim = starCode;

/** A heap's options listed at most: past them, its working is not shown. */
export const MAX_OPTIONS = 10_000;
/** Steps (positions tried, options made) a listing may take. */
const MAX_STEPS = 4 * MAX_OPTIONS;
/** Options written out in full; the rest are counted ("and k more"). */
export const SHOWN_OPTIONS = 8;
/** Distinct values written out in full. */
const SHOWN_VALUES = 12;
/**
 * Heaps with more digits than this get no working: each option is a number of the heap's length,
 * and MAX_STEPS of them must stay a few milliseconds of the main thread's time (working.test.ts
 * times the largest heap allowed under every rule kind).
 */
export const WORKING_DIGITS = 1_000;
const WORKING_LIMIT = 10n ** BigInt(WORKING_DIGITS);
/** Members of a subtraction set read by the sieve (membersUpTo) before the generator takes over. */
const SIEVED_MEMBERS = 1_000_000;

/**
 * Every option of a heap of n under the rule: each the heaps the move leaves (none, one, or two or
 * three for a split; heaps of 0 left out), in unitOptions' order; undefined when there are more than
 * `limit`, or listing them takes more than MAX_STEPS steps.
 */
export function heapOptions(rule: HeapRule, n: bigint, limit = MAX_OPTIONS): bigint[][] | undefined {
  const listed = listOptions(rule, n, limit);
  return typeof listed === 'string' ? undefined : listed;
}

/** heapOptions, or what stopped the listing: too many options, or too many steps. */
function listOptions(rule: HeapRule, n: bigint, limit: number): bigint[][] | 'options' | 'steps' {
  const options: bigint[][] = [];
  let steps = 0;
  /** Adds an option; false when the listing must stop. */
  const add = (heaps: bigint[]): boolean => {
    options.push(heaps.filter((h) => h !== 0n));
    return options.length <= limit && ++steps <= MAX_STEPS;
  };
  const step = (): boolean => ++steps <= MAX_STEPS;
  const stopped = () => (options.length > limit ? 'options' : 'steps');
  switch (rule.kind) {
    case 'subtract':
      for (const s of rule.set) if (!step() || (s <= n && !add([n - s]))) return stopped();
      return options;
    case 'subtractAllExcept': {
      const except = new Set(rule.except);
      for (let s = 1n; s <= n; s++) if (!step() || (!except.has(s) && !add([n - s]))) return stopped();
      return options;
    }
    case 'subtractSet': {
      const sieved = membersUpTo(rule.set, Number(n < SIEVED_MEMBERS ? n : SIEVED_MEMBERS));
      if (sieved.length > limit) return 'options';
      for (const m of sieved) if (!add([n - BigInt(m)])) return stopped();
      if (n <= SIEVED_MEMBERS) return options;
      for (const m of membersAscending(rule.set)) {
        if (m > n || !step()) return m > n ? options : stopped();
        if (m > SIEVED_MEMBERS && !add([n - m])) return stopped();
      }
      return options;
    }
    case 'subtractAllExceptSet': {
      const except = membersAscending(rule.except);
      let next = except.next();
      for (let s = 1n; s <= n; s++) {
        if (!step()) return stopped();
        while (!next.done && next.value < s) next = except.next();
        if ((next.done || next.value !== s) && !add([n - s])) return stopped();
      }
      return options;
    }
    case 'octal': {
      // A finite code has no digit past its end; a repeating group has one for every k.
      const end = BigInt(rule.digits.length - 1);
      const last = isInfiniteCode(rule) || n < end ? n : end;
      for (let k = 0n; k <= last; k++) {
        if (!step()) return stopped();
        const digit = k === 0n ? rule.digits[0] & 12 : codeDigitOf(rule, k); // before the point, only splits
        const strict = codeDistinct(rule, Number(k)) ? 1n : 0n; // `!`: the heaps left differ
        const left = n - k;
        if (digit & 1 && left === 0n && !add([])) return stopped();
        if (digit & 2 && left > 0n && !add([left])) return stopped();
        if (digit & 4) for (let a = 1n; 2n * a + strict <= left; a++) if (!add([a, left - a])) return stopped();
        if (digit & 8)
          for (let a = 1n; 3n * a + 3n * strict <= left; a++)
            for (let b = a + strict; a + 2n * b + strict <= left; b++) if (!add([a, b, left - a - b])) return stopped();
      }
      return options;
    }
    case 'moves': {
      if (n > BigInt(Number.MAX_SAFE_INTEGER)) return 'steps';
      const listed = movesHeapPartsBounded(rule, Number(n), limit, MAX_STEPS);
      return typeof listed === 'string' ? listed : listed.map((parts) => parts.map(BigInt));
    }
  }
}

/** G(m) when the summary tells it: one of its first values, or read off its proved period. */
export function summaryValue(summary: RuleSummary, m: bigint): bigint | undefined {
  const first = summary.firstValues;
  if (m < BigInt(first.length)) return BigInt(first[Number(m)]);
  const p = summary.periodicity;
  if (!p || p.preperiod + p.period > first.length) return undefined;
  return periodicValue(first, first.length, p, m);
}

/** One option as a heap's working shows it: the heaps left, each one's value, and their XOR. */
export interface WorkingOption {
  readonly heaps: readonly bigint[];
  readonly values: readonly bigint[];
  readonly value: bigint;
}

export type HeapWorking =
  | {
      readonly shown: true;
      /** The first SHOWN_OPTIONS options. */
      readonly options: readonly WorkingOption[];
      /** How many options there are in all. */
      readonly count: number;
      /** Every value an option reaches, each once, ascending. */
      readonly values: readonly bigint[];
      /** The least value no option reaches: the heap's nimber. */
      readonly mex: bigint;
    }
  | { readonly shown: false; readonly why: string };

/**
 * The working of a heap of n: every option's value from the summary, and their mex; or why it is not
 * shown. `written` is the heap as written in the text, when there is one: a long heap's digits are
 * counted from it (counting them from n takes a power of ten as long as n).
 */
export function heapWorking(
  rule: HeapRule,
  n: bigint,
  summary: RuleSummary | undefined,
  written?: string,
): HeapWorking {
  // Compared with a constant: constant time for a heap of any length (bigints compare lengths first).
  if (n >= WORKING_LIMIT) {
    const digits = written !== undefined && /^\d+$/.test(written) ? written.replace(/^0+/, '').length : digitCount(n);
    return { shown: false, why: `the heap has ${countText(digits)} digits, too long to work here` };
  }
  const options = listOptions(rule, n, MAX_OPTIONS);
  if (options === 'options')
    return { shown: false, why: `the heap has more than ${countText(MAX_OPTIONS)} options, too many to list here` };
  if (options === 'steps')
    return { shown: false, why: `listing its options takes more than ${countText(MAX_STEPS)} steps, too many here` };
  // Nim's values are the closed form G(m) = m (the engine computes no sequence for it).
  const nim = rule.kind === 'subtractAllExcept' && rule.except.length === 0;
  const reached = new Set<bigint>();
  const shown: WorkingOption[] = [];
  for (const heaps of options) {
    const values: bigint[] = [];
    let value = 0n;
    for (const h of heaps) {
      const g = nim ? h : summary ? summaryValue(summary, h) : undefined;
      if (g === undefined) return { shown: false, why: unknownOptionWords(h, summary) };
      values.push(g);
      value ^= g;
    }
    reached.add(value);
    if (shown.length < SHOWN_OPTIONS) shown.push({ heaps, values, value });
  }
  let mex = 0n;
  while (reached.has(mex)) mex++;
  const values = [...reached].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { shown: true, options: shown, count: options.length, values, mex };
}

function unknownOptionWords(heap: bigint, summary: RuleSummary | undefined): string {
  if (!summary) return `the value of a heap of ${numberText(heap)}, one of its options, is not at hand here`;
  const known = summary.firstValues.length;
  if (known === 0) return `the value of a heap of ${numberText(heap)}, one of its options, is not at hand here`;
  const p = summary.periodicity;
  const period = p ? `, and the period (from n = ${p.preperiod}) cannot be read off them` : ', and no period is proved';
  return (
    `an option leaves a heap of ${numberText(heap)}, and the hover has only the values of heaps 0 to ` +
    `${known - 1} at hand${period}`
  );
}

/** A set of values as `{0, 1, 3}`, bounded: the first ones, `…`, the last, and how many. */
export function valuesText(values: readonly bigint[]): string {
  if (values.length <= SHOWN_VALUES) return `{${values.map(numberText).join(', ')}}`;
  const head = values.slice(0, SHOWN_VALUES - 1).map(numberText);
  return `{${head.join(', ')}, …, ${numberText(values[values.length - 1])}} (${countText(values.length)} values)`;
}

/**
 * `options: \`b\` \`*1\`, \`c\` \`0\` — values {0, 1}; mex = 2, so \`*2\`.`: options as written (the first
 * few), how many more, the values reached and the mex.
 */
export function mexWords(written: readonly string[], count: number, values: readonly bigint[], mex: bigint): string {
  if (count === 0) return `options: none — values {}; mex = 0, so ${nim(0n)}.`;
  const more = count - written.length;
  const list = `${written.join(', ')}${more > 0 ? `, and ${countText(more)} more` : ''}`;
  return `options: ${list} — values ${valuesText(values)}; mex = ${numberText(mex)}, so ${nim(mex)}.`;
}

/** A heap's working in a line (Markdown). */
export function heapWorkingWords(working: HeapWorking): string {
  if (!working.shown) return `Working not shown: ${working.why}.`;
  const written = working.options.map((o) => {
    // Larger heaps first: `2+1`.
    const descending = (i: number, j: number) => (o.heaps[i] > o.heaps[j] ? -1 : o.heaps[i] < o.heaps[j] ? 1 : 0);
    const order = o.heaps.map((_, i) => i).sort(descending);
    if (order.length === 0) return `\`0\` ${nim(0n)}`;
    if (order.length === 1) return `\`${numberText(o.heaps[0])}\` ${nim(o.value)}`;
    const heaps = order.map((i) => numberText(o.heaps[i])).join('+');
    const values = order.map((i) => star(o.values[i])).join(' ⊕ ');
    return `\`${heaps}\` \`${values} = ${star(o.value)}\``;
  });
  return `Working: ${mexWords(written, working.count, working.values, working.mex)}`;
}

// ---- a vertex ----

/**
 * A vertex's successors with their nimbers and the mex (Markdown), the first SHOWN_OPTIONS written
 * out, every one counted; undefined for a vertex with no moves. `nimbers` must have the vertex's.
 */
export function vertexWorking(graph: GraphSymbol, nimbers: GraphNimbers, vertex: number): string | undefined {
  const { succStart, succ } = graph.data;
  const count = succStart[vertex + 1] - succStart[vertex];
  if (count <= 0) return undefined;
  const written: string[] = [];
  const reached = new Set<number>();
  for (let slot = succStart[vertex]; slot < succStart[vertex + 1]; slot++) {
    const g = nimbers.nimbers[succ[slot]];
    reached.add(g);
    if (written.length < SHOWN_OPTIONS) written.push(`\`${graph.vertexIndex.nameOf(succ[slot])}\` ${nim(g)}`);
  }
  let mex = 0;
  while (reached.has(mex)) mex++;
  const values = [...reached].sort((a, b) => a - b).map(BigInt);
  return mexWords(written, count, values, BigInt(mex));
}

// ---- a sum's XOR ----

/** Rows a sum's XOR table shows; the rest are one row, their XOR. */
export const XOR_ROWS = 16;
/** Bits a binary column shows whole; past them, its first and last XOR_KEPT_BITS. */
const XOR_BITS = 64;
const XOR_KEPT_BITS = 24;
/** A row's label at most (characters). */
const LABEL_LENGTH = 48;

/** The number of bits of n ≥ 0 (0 for 0), from its hexadecimal digits (linear, four times shorter than binary). */
export function bitLength(n: bigint): number {
  if (n === 0n) return 0;
  const hex = n.toString(16);
  return 4 * (hex.length - 1) + Number.parseInt(hex[0], 16).toString(2).length;
}

/** n in binary over `width` bits, or its first and last XOR_KEPT_BITS bits when the width is past XOR_BITS. */
function binary(n: bigint, width: number): string {
  if (width <= XOR_BITS) return n.toString(2).padStart(width, '0');
  const low = (n & ((1n << BigInt(XOR_KEPT_BITS)) - 1n)).toString(2).padStart(XOR_KEPT_BITS, '0');
  const high = (n >> BigInt(width - XOR_KEPT_BITS)).toString(2).padStart(XOR_KEPT_BITS, '0');
  return `${high}…${low}`;
}

function label(text: string): string {
  // Only the start is read: a component may be a megabyte of heaps.
  const cut = text.length > 4 * LABEL_LENGTH;
  const line = (cut ? text.slice(0, 4 * LABEL_LENGTH) : text).replace(/\s+/g, ' ');
  return cut || line.length > LABEL_LENGTH ? `${line.slice(0, LABEL_LENGTH - 1)}…` : line;
}

/**
 * A sum's XOR in binary columns (a fenced code block), then why the player to move wins or loses by
 * it: when the total is not 0, the component whose value has the total's highest bit, and the move
 * there that makes the XOR 0. `label(i)` is the i-th component as written; `values` its nimbers.
 */
export function xorTableLines(labels: (i: number) => string, values: readonly bigint[]): string[] {
  let total = 0n;
  for (const g of values) total ^= g;
  const shown = values.length <= XOR_ROWS ? values.length : XOR_ROWS - 1;
  let rest = 0n;
  for (let i = shown; i < values.length; i++) rest ^= values[i];
  const rows: [bigint, string][] = values.slice(0, shown).map((g, i) => [g, label(labels(i))]);
  if (shown < values.length) rows.push([rest, `… ${countText(values.length - shown)} more components (their XOR)`]);
  let width = 1;
  for (const [g] of rows) width = Math.max(width, bitLength(g));
  const stars = [...rows.map(([g]) => star(g)), star(total)];
  const starWidth = Math.max(...stars.map((s) => s.length));
  const line = (prefix: string, g: bigint, s: string, what: string) =>
    `${prefix}${s.padStart(starWidth)} = ${binary(g, width)}${what ? `   ${what}` : ''}`;
  const block = [
    '```',
    ...rows.map(([g, what], i) => line('  ', g, stars[i], what)),
    `⊕ ${'-'.repeat(starWidth + 3 + binary(0n, width).length)}`,
    line('  ', total, stars[stars.length - 1], ''),
    '```',
  ];
  const out = ['', ...block];
  if (width > XOR_BITS)
    out.push('', `_The values have ${countText(width)} bits: each row shows its first and last ${XOR_KEPT_BITS}._`);
  out.push('', xorWhy(labels, values, total));
  return out;
}

function xorWhy(labels: (i: number) => string, values: readonly bigint[], total: bigint): string {
  if (total === 0n)
    return (
      'The XOR is 0: a move changes one component’s value, and so makes the XOR non-zero, which the opponent ' +
      'can make 0 again. The player to move loses.'
    );
  const top = bitLength(total) - 1;
  const bit = top < 64 ? numberText(1n << BigInt(top)) : `2^${top}`;
  const index = values.findIndex((g) => (g >> BigInt(top)) & 1n);
  const g = values[index];
  const to = g ^ total;
  const where = `\`${label(labels(index))}\``;
  return (
    `The total's highest bit, ${bit}, is set in ${where} (value ${nim(g)}): a move there from ${nim(g)} to ` +
    `${nim(g)} ⊕ ${nim(total)} = ${nim(to)} makes the XOR 0. Such a move exists: ${nim(to)} is less than ` +
    `${nim(g)} (that bit goes from 1 to 0 and no higher bit changes), and a value is the mex of its options, ` +
    'so every smaller value is an option. The player to move wins.'
  );
}
