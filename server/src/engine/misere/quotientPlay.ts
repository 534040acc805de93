// Misère sums of heaps decided by a misère quotient: heaps (or rows of X's) of one rule other than Nim by
// the rule's own quotient (misere/quotient.ts), of several rules (Nim among them) by their joint quotient
// (misere/jointQuotient.ts). The sum and its winning moves are read off the images (quotientMoves.ts) when
// the quotient covers every heap: those computed, and every heap of a rule whose pretending function is
// proved periodic. Otherwise it says which rule's heap is past what was computed, and why, never guessing.
//
// Who grows the quotient: the game's own computation, within three quarters of its time, resumed
// from the cache. The language server also grows each rule's own quotient as a background computation
// of its own, in slices (compute/computations.ts), on the worker that holds it (where its games run
// too): there (`growsApart`) a sum the game's share did not reach says which heap it needs
// (`wanted`), and is decided again when the growth gets there. A joint quotient is grown by its games
// only (nothing grows it apart), within the same work limit.
import { timeShare } from '../budget';
import { type EngineCache, type MoveList, xRuns } from '../components';
import type { ComponentInput } from '../gameTypes';
import { ruleKey } from '../heaps/heap';
import { LIMITS } from '../limits';
import type { Budget, HeapRule } from '../types';
import { heapGenera } from './genus';
import {
  cachedJointQuotient,
  type JointMisereQuotient,
  type JointRuleQuotient,
  jointKey,
  ruleName,
  rulesInWords,
} from './jointQuotient';
import { cachedMisereQuotient, type MisereQuotient, quotientImage, stopIsFinal, windowTheorem } from './quotient';
import { DIRECT_HEAP, playByImages, type QuotientHeap } from './quotientMoves';
import type { QuotientPrefix } from './quotientTypes';

/** Which theory decided a misère game, in words for the hover and the CLI. */
export interface DecidedBy {
  readonly theory: 'nim' | 'genus' | 'quotient' | 'search';
  /** In the engine's words: each rule named as decidedByText names it without names of the document's. */
  readonly text: string;
  /**
   * The same text in pieces, where it names rules (a joint quotient's): a document that calls `subtract {1, 2}`
   * `onetwo` says `onetwo` (decidedByText). The names are not in `text` itself: a result is shared by every game
   * with the same rules and heaps, whatever each document calls them.
   */
  readonly parts?: readonly DecidedPart[];
}

/** A piece of a DecidedBy's text: words, or a rule (its key, and the engine's name for it). */
export type DecidedPart = string | { readonly ruleKey: string; readonly name: string };

/** A DecidedBy's text with each rule called by `names` (by rule key) where it has a name there. */
export function decidedByText(decidedBy: DecidedBy, names?: ReadonlyMap<string, string>): string {
  if (!decidedBy.parts || !names) return decidedBy.text;
  return decidedBy.parts
    .map((part) => (typeof part === 'string' ? part : (names.get(part.ruleKey) ?? part.name)))
    .join('');
}

/** Parts joined as a text, the rules by the engine's names. */
function partsText(parts: readonly DecidedPart[]): string {
  return parts.map((part) => (typeof part === 'string' ? part : part.name)).join('');
}

/** Pieces in words: `a and b`, `a, b and c` (each piece a list of parts). */
function partsInWords(pieces: readonly (readonly DecidedPart[])[]): DecidedPart[] {
  return pieces.flatMap((piece, i) => [...(i === 0 ? [] : i === pieces.length - 1 ? [' and '] : [', ']), ...piece]);
}

/** A tame sum's heaps get their genus symbols when all are at most this (a brute force)… */
const GENUS_IN_HOVER = 24;

/**
 * The heaps a quotient can be computed to one by one (an array's indices). Short of it, what
 * stops an unproved rule's quotient is the time budget, not a guess.
 */
const INDEXABLE_HEAP = 2 ** 31 - 1;

export type QuotientPlay =
  | { readonly outcome: 'N' | 'P'; readonly decidedBy: DecidedBy }
  /**
   * The quotient does not decide this sum: why, to add to the search's reason if it fails too
   * (not when cancelled: the search then stops for the same reason and says it). `wanted`: the
   * quotient read so far does not reach the sum's heaps but may still grow to them.
   */
  | { readonly skip: string; readonly cancelled?: boolean; readonly wanted?: QuotientWanted };

/** A rule's quotient a sum needs grown further: to heap `to` (or to a proof), from `heaps`. */
export interface QuotientWanted {
  readonly ruleKey: string;
  readonly rule: HeapRule;
  readonly to: number;
  readonly heaps: number;
}

/**
 * The rule whose quotient would decide a misère game of these components (heaps or rows of X's of
 * one rule other than Nim), or undefined: what the server's pool pins to the worker holding it.
 */
export function quotientRuleOf(components: readonly ComponentInput[]): HeapRule | undefined {
  const first = components[0];
  if (first?.kind !== 'heaps' && first?.kind !== 'octal-row') return undefined;
  const rule = first.rule;
  if (rule.kind === 'subtractAllExcept' && rule.except.length === 0) return undefined; // Nim: Bouton
  const key = ruleKey(rule);
  for (const c of components) if ((c.kind !== 'heaps' && c.kind !== 'octal-row') || ruleKey(c.rule) !== key) return;
  return rule;
}

/** The work limit of a quotient's growth for this call: the games' limit, and at most `more` past its work so far. */
function workLimitOf(
  state: { readonly work: number; readonly workLimitMet: number } | undefined,
  gamesLimit: number | undefined,
  more: number | undefined,
): number {
  // Once the next heap failed within the work it may do for games, that is its stop (said as such), whatever
  // little more this call allows.
  const spent = gamesLimit !== undefined && (state?.workLimitMet ?? 0) >= gamesLimit;
  return Math.min(
    gamesLimit ?? Number.POSITIVE_INFINITY,
    more === undefined || spent ? Number.POSITIVE_INFINITY : (state?.work ?? 0) + more,
  );
}

/** How a quotient deciding a misère sum may grow (misereByQuotient, and byJointQuotient for mixed sums). */
export interface QuotientPlayOptions {
  /**
   * Say how far a rule's own quotient must grow (the server grows it apart) rather than end unknown. A joint
   * quotient is never grown apart: the game grows it, and `more` is then not read (it stands for the growth apart).
   */
  readonly growsApart?: boolean;
  /** The share of the budget's time left the quotient may take (default 3/4). */
  readonly share?: number;
  /** The work the quotient may do for games, all calls together (QuotientOptions.workLimit). */
  readonly workLimit?: number;
  /** At most this much work more than it has done so far: a quotient at hand, not one grown for long. */
  readonly more?: number;
  /**
   * A quick look: a rule's own quotient decides only if the heaps the sum needs took at most this much work in
   * all, from nothing (the same whatever else grew it, so the same decision alone or beside other games).
   */
  readonly quick?: number;
}

/** A heap of the sum before its image is read. */
type SumHeap = Omit<QuotientHeap, 'view' | 'image'>;

/**
 * Decides a misère sum whose components are all heaps, or rows of X's, of heap rules: of one rule (not Nim:
 * Bouton does that) by its quotient, of several by their joint quotient. A row's runs of X are its heaps.
 */
export function misereByQuotient(
  components: readonly ComponentInput[],
  cache: EngineCache,
  budget: Budget,
  list: MoveList,
  options: QuotientPlayOptions = {},
): QuotientPlay | undefined {
  const { share = 3 / 4 } = options;
  // A heap (its index), or a row's run of X's (where it starts).
  const heaps: SumHeap[] = [];
  for (const [component, c] of components.entries()) {
    if (c.kind !== 'heaps' && c.kind !== 'octal-row') return undefined;
    const rule = c.rule;
    if (c.kind === 'heaps')
      c.heaps.forEach((size, index) => {
        if (size > 0n) heaps.push({ component, index, size, row: false, rule });
      });
    else {
      if (splitsThreeWays(rule)) return undefined; // a run split three ways has no one way to write it
      for (const [start, length] of xRuns(c.cells))
        heaps.push({ component, index: start, size: BigInt(length), row: true, rule });
    }
  }
  // The rules of the heaps there are (a component with none asks for nothing).
  const rules = new Map(heaps.map((heap) => [ruleKey(heap.rule), heap.rule]));
  if (heaps.length === 0 || (rules.size === 1 && isNim([...rules.values()][0]))) return undefined; // Nim: Bouton
  // Each rule's largest heap: how far its quotient must reach.
  const largest = new Map<string, bigint>();
  for (const heap of heaps) {
    const key = ruleKey(heap.rule);
    if (heap.size > (largest.get(key) ?? 0n)) largest.set(key, heap.size);
  }
  const to = new Map<string, number>();
  for (const [key, size] of largest) {
    const rule = rules.get(key) as HeapRule;
    const named = rules.size > 1 ? `${ruleName(rule)} ` : '';
    if (splitsThreeWays(rule) && size > BigInt(DIRECT_HEAP))
      return { skip: `a ${named}heap of ${size} splits three ways in too many ways to list` };
    const theorem = windowTheorem(rule);
    if (size > BigInt(INDEXABLE_HEAP) && 'none' in theorem)
      return {
        skip:
          `a ${named}heap of ${size} is past what a misère quotient computes heap by heap, and this rule's ` +
          `cannot be proved periodic (${theorem.none})`,
      };
    to.set(key, size > BigInt(INDEXABLE_HEAP) ? INDEXABLE_HEAP : Number(size));
  }
  if (rules.size > 1) return byJointQuotient([...rules.values()], heaps, to, cache, budget, list, options);
  const rule = heaps[0].rule;
  const key = ruleKey(rule);
  // Three quarters of the time left (`share`): the exact search may still decide a small sum the
  // quotient cannot reach yet (the quotient resumes where it stopped: misereGame gives it back the
  // time a search that gave up on its size left).
  const workLimit =
    options.quick === undefined
      ? workLimitOf(cache.quotients.get(key), options.workLimit, options.more)
      : Math.min(options.workLimit ?? Number.POSITIVE_INFINITY, options.quick);
  const quotient = cachedMisereQuotient(cache, rule, key, timeShare(budget, share), {
    to: to.get(key) as number,
    ...(Number.isFinite(workLimit) ? { workLimit } : {}),
  });
  const read: QuotientHeap[] = [];
  for (const heap of heaps) {
    const image = quotientImage(quotient, heap.size);
    if (image === undefined) {
      // A quotient stopped by its method (a size limit, (F) failing), or past the work it may do
      // for games (not the little more this call allowed), will not grow any further.
      const grows = options.growsApart === true && !stopIsFinal(quotient.stop, workLimit === options.workLimit);
      return {
        skip: quotientShortOf(quotient, heap.size),
        cancelled: quotient.stop?.cause === 'cancelled',
        ...(grows ? { wanted: { ruleKey: key, rule, to: to.get(key) as number, heaps: quotient.heaps } } : {}),
      };
    }
    read.push({ ...heap, view: quotient, image });
  }
  const needed = neededPrefix(quotient, largest.get(key) as bigint);
  if (options.quick !== undefined && needed.work > options.quick)
    return { skip: `the misère quotient needs more than a quick look for heaps up to ${largest.get(key)}` };
  const outcome = playByImages(read, list);
  const decidedBy = describe(needed);
  if (decidedBy.theory !== 'genus') return { outcome, decidedBy };
  // Tame: the heaps' genus symbols say how they play, when a brute force reaches them quickly.
  const sizes = [...new Set(heaps.map((h) => h.size))].sort((a, b) => (a < b ? -1 : 1));
  const largestSize = sizes[sizes.length - 1];
  if (largestSize > BigInt(GENUS_IN_HOVER)) return { outcome, decidedBy };
  const { genera } = heapGenera(rule, Number(largestSize), {
    ...budget,
    work: { spent: 0, limit: LIMITS.genusPositions },
  });
  if (genera.length <= Number(largestSize)) return { outcome, decidedBy };
  const symbols = sizes.map((n) => `${n}: ${genera[Number(n)].symbol}`).join(', ');
  return { outcome, decidedBy: { ...decidedBy, text: `${decidedBy.text}; the heaps' genus: ${symbols}` } };
}

/** A mixed sum (heaps of several rules) by the rules' joint quotient, grown by the game (jointQuotient.ts). */
function byJointQuotient(
  rules: readonly HeapRule[],
  heaps: readonly SumHeap[],
  to: ReadonlyMap<string, number>,
  cache: EngineCache,
  budget: Budget,
  list: MoveList,
  options: QuotientPlayOptions,
): QuotientPlay {
  const key = jointKey(rules, to);
  const more = options.growsApart ? undefined : options.more;
  const workLimit = workLimitOf(cache.quotients.get(key), options.workLimit, more);
  const limit = Number.isFinite(workLimit) ? { workLimit } : {};
  const shared = cachedJointQuotient(cache, rules, timeShare(budget, options.share ?? 3 / 4), { to, ...limit });
  // The shared quotient grows as far as any game of the document asked; a game grown past its own heaps reads the
  // quotient of exactly those (as it would alone), so that its answer and its words are its own.
  // A rule proved periodic before the heaps the game names: alone, the game would grow it to the same proof.
  const own = (view: JointRuleQuotient, wanted = to.get(view.ruleKey) ?? 0) =>
    view.heaps === wanted || (view.periodicity?.proved === true && view.heaps < wanted);
  const quotient = shared.rules.every((view) => own(view))
    ? shared
    : cachedJointQuotient(cache, rules, timeShare(budget, options.share ?? 3 / 4), { to, ...limit, exact: true });
  const views = new Map(quotient.rules.map((view) => [view.ruleKey, view]));
  const read: QuotientHeap[] = [];
  for (const heap of heaps) {
    const view = views.get(ruleKey(heap.rule)) as JointRuleQuotient;
    const image = quotientImage(view, heap.size);
    if (image === undefined)
      return { skip: jointShortOf(quotient, view, heap.size), cancelled: quotient.stop?.cause === 'cancelled' };
    read.push({ ...heap, view, image });
  }
  const outcome = playByImages(read, list);
  return { outcome, decidedBy: describeJoint(quotient) };
}

function splitsThreeWays(rule: HeapRule): boolean {
  return rule.kind === 'octal' && rule.digits.some((d) => d & 8);
}

function isNim(rule: HeapRule): boolean {
  return rule.kind === 'subtractAllExcept' && rule.except.length === 0;
}

/**
 * The quotient as a sum whose largest heap is `largest` sees it: of heaps up to that one, or up to where its
 * period was proved, if that came first: what the game alone would grow, whatever else grew the shared quotient
 * further.
 */
function neededPrefix(q: MisereQuotient, largest: bigint): QuotientPrefix & { readonly heaps: number } {
  const reach = largest > BigInt(q.heaps) ? q.heaps : Number(largest);
  let at = reach;
  for (let h = 1; h <= reach; h++)
    if (q.prefixes[h]?.proved) {
      at = h;
      break;
    }
  return { ...(q.prefixes[at] ?? { work: 0, size: 1, pCount: 0, tame: false }), heaps: at };
}

/** The words for a sum decided by its rule's quotient (neededPrefix: as the sum sees it). */
function describe(prefix: QuotientPrefix & { readonly heaps: number }): DecidedBy {
  const range = prefix.proved
    ? `proved for every heap: heaps repeat with period ${prefix.proved.period} from heap ${prefix.proved.start}`
    : `exact for heaps up to ${prefix.heaps}`;
  if (prefix.tame)
    return {
      theory: 'genus',
      text:
        `tame: the rule's heaps play as misère Nim heaps (Conway's genus theory); its misère quotient is ` +
        `T of order ${prefix.size} (${range})`,
    };
  return {
    theory: 'quotient',
    text: `the rule's misère quotient: ${prefix.size} elements, ${prefix.pCount} of them P (${range})`,
  };
}

function quotientShortOf(q: MisereQuotient, size: bigint): string {
  if (q.stop) return `the misère quotient stops at heap ${q.heaps}: ${q.stop.reason}`;
  return `the misère quotient is known for heaps up to ${q.heaps} and no period is proved; this heap has ${size}`;
}

/** The rules' heaps a joint quotient is exact for: `kayles heaps up to 19 and nim heaps up to 7`. */
function jointReach(q: JointMisereQuotient): DecidedPart[] {
  return partsInWords(
    q.rules.map((r) => [ruleRef(r), ` heaps ${r.periodicity?.proved ? 'of every size' : `up to ${r.heaps}`}`]),
  );
}

function ruleRef(r: JointRuleQuotient): DecidedPart {
  return { ruleKey: r.ruleKey, name: r.name };
}

function jointShortOf(q: JointMisereQuotient, view: JointRuleQuotient, size: bigint): string {
  const names = rulesInWords(q.rules.map((r) => r.name));
  const past = `a ${view.name} heap of ${size} is past it`;
  if (q.stop) return `the misère quotient of ${names} stops at ${partsText(jointReach(q))}: ${q.stop.reason}; ${past}`;
  return (
    `the misère quotient of ${names} is known for ${view.name} heaps up to ${view.heaps}, with no period proved ` +
    `(${view.periodicity?.ground ?? 'none seen'}); ${past}`
  );
}

function describeJoint(q: JointMisereQuotient): DecidedBy {
  const names = partsInWords(q.rules.map((r) => [ruleRef(r)]));
  const periods = q.rules
    .filter((r) => r.periodicity?.proved)
    .flatMap((r, i): DecidedPart[] => [
      i === 0 ? '; ' : ', ',
      ruleRef(r),
      ` heaps repeat with period ${r.periodicity?.period} from heap ${r.periodicity?.start}`,
    ]);
  const range: DecidedPart[] = ['exact for ', ...jointReach(q), ...periods];
  const pCount = q.isP.reduce((x, y) => x + y, 0);
  const parts: DecidedPart[] = q.tame
    ? [
        'tame: the heaps of ',
        ...names,
        ` play as misère Nim heaps (Conway's genus theory); their misère quotient is T of order ${q.size} (`,
        ...range,
        ')',
      ]
    : ['the misère quotient of ', ...names, `: ${q.size} elements, ${pCount} of them P (`, ...range, ')'];
  return { theory: q.tame ? 'genus' : 'quotient', text: partsText(parts), parts };
}
