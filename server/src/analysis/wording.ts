// The words every feature and the command line use for values and why: nimbers, outcomes,
// periods and their proofs, rules. One home, so that the editor and `grundy` say the same thing the
// same way (the command line's shorter forms are here too, beside the long ones).

import type { GameResult, RuleSummary } from '../compute/jobs';
import type { Outcome } from '../engine';
import { codeRuleText, setText } from '../engine/heaps';
import type { HeapRule, Periodicity } from '../engine/types';
import type { GameSymbol } from '../language/model';
import { numberText } from '../language/numberText';
import { type GameReport, INVALID_GAME_REASON, shownNimber } from './gameReport';

/** A nimber as CGT writes it: 0, *1, *2, … (`*1` rather than `*`, so it reads in any font). */
export const star = (g: bigint | number): string => (BigInt(g) === 0n ? '0' : `*${numberText(g)}`);

/** A nimber in Markdown, in code style: `*3`. */
export const starCode = (g: bigint | number): string => `\`${star(g)}\``;

export const outcomeWords = (outcome: Outcome): string =>
  outcome === 'N'
    ? 'the player to move wins'
    : outcome === 'P'
      ? 'the player to move loses'
      : 'a draw: with best play the game never ends';

/** Smith's value of a position that may go on for ever: ∞(K), K the finite values it can move to (`∞()` for none). */
export const infiniteValueText = (options: readonly bigint[]): string =>
  `∞(${options.map((k) => numberText(k)).join(', ')})`;

/** A component's value as shown beside it: `*3`, `*0`… or Smith's `∞(0, 2)`; null when none is shown. */
export function shownValue(game: GameSymbol, result: GameResult | undefined, index: number): string | null {
  const nimber = shownNimber(game, result, index);
  if (nimber !== null) return `*${nimber}`;
  const infinite = game.play === 'normal' ? result?.components[index]?.infinite : undefined;
  return infinite ? infiniteValueText(infinite) : null;
}

/**
 * How long the game lasts with best play (its remoteness), in words: "the player to move wins in 7
 * moves". Undefined when the search did not reach it (the game's `remotenessReason` says why).
 */
export function remotenessWords(result: {
  readonly play: 'normal' | 'misere';
  readonly remoteness?: number;
  readonly outcome: Outcome | null;
}): string | undefined {
  const r = result.remoteness;
  if (r === undefined || result.outcome === null || result.outcome === 'D') return undefined;
  if (r === 0)
    return result.play === 'normal'
      ? 'no move is left: the player to move has lost'
      : 'no move is left: the player to move has won (the last move lost)';
  const moves = `${r} move${r === 1 ? '' : 's'}`;
  return result.outcome === 'N'
    ? `the player to move wins in ${moves}`
    : `the player to move loses in ${moves}, holding on as long as possible`;
}

export const outcomeShort = (outcome: Outcome): string => (outcome === 'N' ? 'win' : outcome === 'P' ? 'lose' : 'draw');

export function proofWords(p: Periodicity): string {
  switch (p.proof) {
    case 'closed-form':
      return 'G(n) = n for every n (Nim)';
    case 'subtraction-window':
      return `proved at n = ${p.provedAt} by the window theorem for subtraction games`;
    case 'guy-smith':
      return `proved at n = ${p.provedAt} by the Guy–Smith periodicity theorem`;
    case 'guy-smith-distinct':
      return (
        `proved at n = ${p.provedAt} by the Guy–Smith periodicity theorem for splits into different sizes ` +
        `(no 0 in the period, so the one extra split of n + p, into equal heaps, adds nothing new)`
      );
    case 'every-smaller-heap':
      return (
        'G(n) = n for every n, by a theorem: every smaller heap is one move away, and a split leaves heaps ' +
        'whose nim-sum is at most their total, less than n'
      );
    case 'lasker':
      return (
        'G(n) = n for n ≡ 1, 2 (mod 4), n + 1 for n ≡ 3, n − 1 for n ≡ 0 (n ≥ 1): the theorem for Lasker’s Nim, ' +
        'proved by the last two bits of the splits'
      );
    case 'guy-smith-three':
      return (
        `proved at n = ${p.provedAt} by the Guy–Smith argument for codes that leave up to three heaps (the ` +
        `window 3·n0 + 2p + t)`
      );
    case 'all-but-window':
      return `proved at n = ${p.provedAt} by the window argument for subtract-all-except games`;
    case 'residue-classes':
      return (
        `proved at n = ${p.provedAt} by the residue-class argument for infinite subtraction sets (past the ` +
        `first member of each class mod ${p.period}, the options' values depend only on n mod ${p.period})`
      );
  }
}

/** A regularity the computed values show, said as what it is: seen, not proved. */
export function observedWords(o: { preperiod: number; period: number; saltus: number }, upTo: number): string {
  return (
    `the values up to n = ${upTo.toLocaleString('en-US')} look like ${periodWords(o)}, but no theorem here ` +
    'proves it'
  );
}

export function periodWords(p: { preperiod: number; period: number; saltus: number }): string {
  const from = p.preperiod === 0 ? 'from the start' : `from n = ${p.preperiod}`;
  const saltus = p.saltus === 0 ? '' : `, adding ${p.saltus} each period (arithmetic periodicity)`;
  return `period ${p.period} ${from}${saltus}`;
}

/** The value of a rule's sequence at n when a summary can tell (first values, or the period). */
export function sequenceWhy(rule: RuleSummary, n: bigint): string {
  const p = rule.periodicity;
  if (n <= BigInt(rule.computedUpTo) && (!p || n < BigInt(p.preperiod + p.period)))
    return `computed directly (values up to n = ${rule.computedUpTo.toLocaleString('en-US')} are known)`;
  if (!p) return `computed directly`;
  const residue = ((n - BigInt(p.preperiod)) % BigInt(p.period)) + BigInt(p.preperiod);
  const shift = p.saltus === 0 ? '' : ` plus ${p.saltus} per period`;
  return (
    `${numberText(n)} ≡ ${residue} (mod ${p.period}): the value of heap ${residue}${shift}, by ` +
    `${periodWords(p)}, ${proofWords(p)}`
  );
}

export function elapsed(sinceMs: number): string {
  const seconds = (Date.now() - sinceMs) / 1000;
  return seconds < 1 ? 'just started' : `for ${seconds.toFixed(1)} s`;
}

/** A heap rule as written in a `.game` file (Nim named). */
export function describeRule(rule: HeapRule): string {
  switch (rule.kind) {
    case 'subtract':
      return `subtract {${rule.set.join(', ')}}`;
    case 'subtractAllExcept':
      return rule.except.length === 0 ? 'subtract all: Nim' : `subtract all except {${rule.except.join(', ')}}`;
    case 'subtractSet':
      return `subtract ${setText(rule.set)}`;
    case 'subtractAllExceptSet':
      return `subtract all except ${setText(rule.except)}`;
    case 'octal':
      return codeRuleText(rule);
    case 'moves':
      return rule.text;
  }
}

/**
 * Markdown as plain text: emphasis and code marks dropped, the words kept. A code span followed by
 * another is a thing and its value (`nim 6` `*6`): in plain text, "nim 6 (*6)". A fenced block's
 * fences are dropped, its lines kept.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^```[^\n]*(\n|$)/gm, '')
    .replace(/`([^`\n]+)` `([^`\n]+)`/g, '$1 ($2)')
    .replace(/\*\*/g, '')
    .replace(/`/g, '')
    .replace(/(^|\s)_([^_\n]+)_(?=$|[\s.,;:])/gm, '$1$2');
}

// ---- the command line's shorter forms ----

/** A game report's outcome, in words (or why it is unknown). */
export function reportOutcomeWords(report: GameReport): string {
  const result = report.result;
  if (!result) return `unknown: ${INVALID_GAME_REASON}`;
  return result.outcome === null ? `unknown: ${result.reason}` : outcomeWords(result.outcome);
}

/** The proofs that are theorems about a whole family of codes (no certificate: the values are checked against them). */
export const THEOREM_PROOFS: readonly Periodicity['proof'][] = ['closed-form', 'every-smaller-heap', 'lasker'];

/** The name of each periodicity proof, as `grundy sequence` prints it. */
export const proofNames: Record<Periodicity['proof'], string> = {
  'closed-form': 'G(n) = n',
  'subtraction-window': 'a window of max S values repeats',
  'guy-smith': 'the Guy–Smith theorem',
  'guy-smith-distinct': 'the Guy–Smith theorem for splits into different sizes (no 0 in the period)',
  'guy-smith-three': 'the Guy–Smith argument for three heaps (window 3·n0 + 2p + t)',
  'every-smaller-heap': 'G(n) = n: every smaller heap is a move, every split leaves less',
  lasker: 'the theorem for Lasker’s Nim (period 4, saltus 4)',
  'all-but-window': 'a window of max E first-occurrence gaps repeats',
  'residue-classes': 'the residue-class argument (past the first member of each class, options depend on n mod p)',
};
