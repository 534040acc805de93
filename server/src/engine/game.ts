// Whole games: a sum of components under normal or misère play, its value, its outcome and every
// winning move.
//
// Normal play (Sprague–Grundy): the sum's nimber is the XOR of its components', the player to move
// wins iff it is non-zero, and the winning moves are exactly the moves of one unit (a heap, a
// token, a row's run) from nimber g to an option of nimber g ⊕ total: that option makes the XOR 0.
// Every option is looked at, not only smaller nimbers: in a subtraction game an option may have a
// larger nimber than its heap, and moving to it is just as good when it equals g ⊕ total.
//
// Moves are listed up to `maxMoves` but always counted exactly, even when a heap of 10^18 has
// ~10^17 winning splits (octal.ts's periodic values make the count a sum over residues).
//
// Treblecross rows break the XOR rule in one way only (treblecross.ts): a row where the player to
// move can complete three in a row is won at once, whatever else is in the sum; a row that already
// holds three in a row means the game is over (whoever made it won; the player to move has lost).
//
// Misère play: Nim's rule exactly (misere/search.ts, Bouton); heaps of one rule or of several by their misère
// quotient (misere/quotientPlay.ts: a rule's own, or the rules' joint quotient) when it reaches them; any other
// sum by the exact budgeted search;
// with tokens on a graph with cycles, by the search backwards from the ends (positions may repeat: a draw is
// possible).
//
// Tokens on a graph with cycles (families/loopyGraph.ts): a component may be infinite, ∞(K); the sum follows
// Smith's rule (infiniteSum), and its outcome may be D, a draw: then the moves that keep it are listed
// (drawMoves.ts), for the lenses and for the computer's replies.

import {
  type ComponentAnalysis,
  createEngineCache,
  type EngineCache,
  MISERE_SEARCHES_KEPT,
  MoveList,
  MovesStopped,
} from './components';
import { drawKeepingMoves } from './drawMoves';
import { FAMILIES } from './families';
import { heapsLeft } from './families/heaps';
import { isWythoffP, wythoffWinningMoves } from './families/wythoff';
import type { ComponentInput, GameInput, GameMove } from './gameTypes';
import { ruleKey } from './heaps/heap';
import { ruleErrorMessage } from './heaps/moves';
import { LIMITS } from './limits';
import { type DecidedBy, misereByQuotient, type QuotientPlay, type QuotientWanted } from './misere/quotientPlay';
import { type MisereSearchResult, misereNim, misereRetrograde, misereSearch } from './misere/search';
import { heapReachAtMost } from './misere/searchBound';
import { gameUnits, optionMover, UnitNames } from './search/gameUnits';
import type { Unit } from './search/unitOptions';
import type { Budget, HeapRule, StopCause } from './types';

export {
  type ComponentAnalysis,
  createEngineCache,
  type EngineCache,
  rememberSequence,
  trimCache,
  xRuns,
} from './components';
export { MISERE_MAX_HEAP } from './search/gameUnits';

export interface GameOptions {
  readonly budget?: Budget;
  readonly cache?: EngineCache;
  /** List at most this many winning moves; `winningMoveCount` still counts them all. Default 1000. */
  readonly maxMoves?: number;
  /**
   * Misère play: a rule's quotient also grows apart from the game (the server's background growth,
   * misere/quotientPlay.ts): when the game's own share does not reach its heaps, say in
   * `quotientWanted` how far it must grow, rather than end unknown.
   */
  readonly quotientsGrowApart?: boolean;
  /**
   * Misère play: the work a rule's quotient may do for games, so that how far it grows does not depend on the
   * machine. Default: LIMITS.quotientWork.
   */
  readonly quotientWork?: number;
}

/** Who wins: N the player to move, P the other player, D neither (with best play the game never ends). */
export type Outcome = 'N' | 'P' | 'D';

export interface GameAnalysis {
  readonly play: 'normal' | 'misere';
  readonly components: readonly ComponentAnalysis[];
  /**
   * Normal play: the XOR of the components' nimbers. Null in misère play, when a row is won at once or over, or when
   * unknown.
   */
  readonly nimber: bigint | null;
  /**
   * N: the player to move wins; P: the player to move loses; D: a draw (a graph with cycles: with best play the game
   * never ends); null: not known (see reason).
   */
  readonly outcome: Outcome | null;
  /**
   * Normal play with tokens on a graph with cycles: the sum's value is Smith's ∞(K), K here (ascending; empty for ∞(),
   * when two components are infinite), and `nimber` is null.
   */
  readonly infinite?: readonly bigint[];
  /** Why the outcome is unknown, or why there is no nimber. */
  readonly reason?: string;
  /** Why the misère search stopped before deciding the outcome (budget, cancellation or its size limit). */
  readonly stop?: StopCause;
  /** Winning moves, in component order, at most maxMoves of them. */
  readonly winningMoves: readonly GameMove[];
  /** How many winning moves there are in all. */
  readonly winningMoveCount: bigint;
  /**
   * A drawn game (a graph with cycles): the moves that keep the draw, at most maxMoves of them (normal
   * play: drawMoves.ts; misère: the search backwards); `drawMovesReason` says why they are not listed.
   */
  readonly drawMoves?: readonly GameMove[];
  readonly drawMovesReason?: string;
  /** Misère play: which theory decided the outcome (Nim's rule, genus, the rule's quotient, the search). */
  readonly decidedBy?: DecidedBy;
  /** Not decided, but would be by the rule's misère quotient grown this far (quotientsGrowApart). */
  readonly quotientWanted?: QuotientWanted;
}

const DEFAULT_MAX_MOVES = 1000;

/**
 * Misère play, before a rule's quotient is grown for a game: the work (elements read) the quotient at
 * hand may still do (about 20 ms here); then a sum whose exact search surely generates at most
 * SEARCH_FIRST_MOVES moves (searchMovesAtMost; about 0.3 s here) is searched: `misere notone 343` is decided at
 * once (342 positions, 0.1 s), where its rule's quotient (no period, a new element nearly every heap) would
 * have done all its work first.
 */
const QUICK_WORK = 1_000_000;
const SEARCH_FIRST_MOVES = 500_000;

/**
 * An upper bound on the moves an exact search of these units generates, or Infinity: for heaps only, the
 * positions (the product of what each heap reaches, heapReachAtMost: ∏(n + 1) when no heap splits) times
 * the most options one position has (summed).
 */
function searchMovesAtMost(units: readonly Unit[]): number {
  let positions = 1;
  let options = 0;
  for (const unit of units) {
    const reach = unit.kind === 'heap' ? heapReachAtMost(unit.rule, unit.size, SEARCH_FIRST_MOVES) : undefined;
    if (!reach) return Number.POSITIVE_INFINITY;
    positions *= reach.positions;
    if (positions > SEARCH_FIRST_MOVES) return Number.POSITIVE_INFINITY;
    options += reach.options;
  }
  return positions * options;
}

/** Sums of at most this many heaps have their misère searches kept (EngineCache's misereSearches). */
const MISERE_SEARCH_KEY_HEAPS = 256;

/**
 * misereSearch, kept in the cache when the units are heaps and the answer does not depend on the clock: a
 * misère game past its rule's quotient is analysed again when the quotient has grown (the server's growth
 * apart), and a search of two million moves that found nothing then (seconds) would find nothing again.
 */
function cachedMisereSearch(cache: EngineCache, units: readonly Unit[], budget: Budget): MisereSearchResult {
  const keyed = budget.maxValues === undefined && units.length <= MISERE_SEARCH_KEY_HEAPS;
  const key = keyed && units.every((u) => u.kind === 'heap') ? heapUnitsKey(units) : undefined;
  const kept = key === undefined ? undefined : cache.misereSearches.get(key);
  if (kept) return kept;
  const search = misereSearch(units, budget);
  if (key !== undefined && (search.outcome !== null || search.stop === 'size-limit')) {
    if (cache.misereSearches.size >= MISERE_SEARCHES_KEPT)
      cache.misereSearches.delete(cache.misereSearches.keys().next().value as string);
    cache.misereSearches.set(key, search);
  }
  return search;
}

function heapUnitsKey(units: readonly Unit[]): string {
  return units.map((unit) => (unit.kind === 'heap' ? `${ruleKey(unit.rule)}:${unit.size}` : '')).join(' ');
}

export function analyzeGame(input: GameInput, options: GameOptions = {}): GameAnalysis {
  const budget = options.budget ?? {};
  const cache = options.cache ?? createEngineCache();
  const maxMoves = options.maxMoves ?? DEFAULT_MAX_MOVES;
  const components = input.components.map((component) => analyzeComponent(component, budget, cache));
  if (input.play === 'misere')
    try {
      return misereGame(input, components, budget, cache, maxMoves, {
        growsApart: options.quotientsGrowApart ?? false,
        work: options.quotientWork ?? LIMITS.quotientWork,
      });
    } catch (error) {
      // A rule of one's own that breaks the contract (a part not smaller than its position) stops the search.
      const reason = ruleErrorMessage(error);
      if (reason === undefined) throw error;
      return {
        play: input.play,
        components,
        nimber: null,
        outcome: null,
        reason,
        winningMoves: [],
        winningMoveCount: 0n,
      };
    }
  const base = { play: input.play, components } as const;
  const none = { winningMoves: [], winningMoveCount: 0n } as const;

  const over = components.find((c) => c.status === 'over');
  if (over) return { ...base, ...none, nimber: null, outcome: 'P', reason: over.reason };
  const list = new MoveList(maxMoves);
  const immediate = components.some((c) => c.status === 'immediate-win');
  if (immediate) {
    components.forEach((c, index) => {
      if (c.treblecross?.status !== 'immediate-win') return;
      for (const cell of c.treblecross.winningCells) list.add(index, { kind: 'mark', cell, winsAtOnce: true });
    });
    return {
      ...base,
      nimber: null,
      outcome: 'N',
      reason: 'a row can be completed at once: three in a row wins',
      winningMoves: list.moves,
      winningMoveCount: list.count,
    };
  }
  const lone = input.components.length === 1 ? input.components[0] : undefined;
  if (lone?.kind === 'wythoff' && lone.positions.length === 1) {
    // One Wythoff position: who wins, and every winning move, from the Beatty pairs, for heaps of
    // any size (its nimber is given when the table reaches it).
    const [a, b] = lone.positions[0];
    const nimber = components[0].nimber;
    if (isWythoffP(a, b)) return { ...base, ...none, nimber, outcome: 'P' };
    for (const move of wythoffWinningMoves(a, b)) list.add(0, { kind: 'wythoff', position: 0, to: move.to });
    return {
      ...base,
      nimber,
      outcome: 'N',
      winningMoves: list.moves,
      winningMoveCount: list.count,
      ...(nimber === null
        ? { reason: 'who wins comes from the Beatty pairs; the nimber is beyond the computed table' }
        : {}),
    };
  }
  const unknown = components.find((c) => c.status === 'unknown');
  if (unknown) return { ...base, ...none, nimber: null, outcome: null, reason: unknown.reason };

  if (components.some((c) => c.status === 'infinite')) {
    const sum = infiniteSum(input, components, list);
    if (sum.outcome !== 'D') return sum;
    const { moves, reason } = drawKeepingMoves(input, components, budget, cache, maxMoves);
    return { ...sum, drawMoves: moves, ...(reason ? { drawMovesReason: reason } : {}) };
  }
  const total = components.reduce((x, c) => x ^ c.nimber!, 0n);
  if (total === 0n) return { ...base, ...none, nimber: 0n, outcome: 'P' };
  try {
    input.components.forEach((component, index) =>
      componentMovesTo(component, components[index], index, total, list, budget),
    );
  } catch (error) {
    if (!(error instanceof MovesStopped)) throw error;
    // The value is known; the moves are those found before the budget ran out, and it is said.
    return {
      ...base,
      nimber: total,
      outcome: 'N',
      reason: error.why
        ? `the winning moves listed are those found; there may be more: ${error.why}`
        : 'the winning moves listed are those found before ' +
          `${error.stop === 'cancelled' ? 'cancelling' : 'the time budget ran out'}; there may be more`,
      stop: error.stop,
      winningMoves: list.moves,
      winningMoveCount: list.count,
    };
  }
  return { ...base, nimber: total, outcome: 'N', winningMoves: list.moves, winningMoveCount: list.count };
}

/**
 * A sum with an infinite component (Smith): one ∞(K) beside finite components of nim-sum n is
 * ∞(K ⊕ n), won when n ∈ K (by moving that component to value n) and drawn otherwise; two or more
 * infinite components are ∞(), a draw.
 */
function infiniteSum(input: GameInput, components: readonly ComponentAnalysis[], list: MoveList): GameAnalysis {
  const base = { play: input.play, components, nimber: null } as const;
  const infinite = components.flatMap((c, index) => (c.status === 'infinite' ? [index] : []));
  if (infinite.length > 1) return { ...base, infinite: [], outcome: 'D', winningMoves: [], winningMoveCount: 0n };
  const [index] = infinite;
  const rest = components.reduce((x, c, i) => (i === index ? x : x ^ (c.nimber as bigint)), 0n);
  const options = (components[index].infinite ?? []).map((k) => k ^ rest);
  options.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (!options.includes(0n))
    return { ...base, infinite: options, outcome: 'D', winningMoves: [], winningMoveCount: 0n };
  const component = input.components[index];
  const family = FAMILIES[component.kind] as {
    infiniteMovesTo?: (c: ComponentInput, v: ComponentAnalysis, i: number, r: bigint, l: MoveList) => void;
  };
  family.infiniteMovesTo?.(component, components[index], index, rest, list);
  return { ...base, infinite: options, outcome: 'N', winningMoves: list.moves, winningMoveCount: list.count };
}

function analyzeComponent(component: ComponentInput, budget: Budget, cache: EngineCache): ComponentAnalysis {
  return (FAMILIES[component.kind].value as (c: ComponentInput, b: Budget, k: EngineCache) => ComponentAnalysis)(
    component,
    budget,
    cache,
  );
}

function componentMovesTo(
  component: ComponentInput,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
  budget: Budget,
): void {
  (
    FAMILIES[component.kind].movesTo as (
      c: ComponentInput,
      v: ComponentAnalysis,
      i: number,
      t: bigint,
      l: MoveList,
      b: Budget,
    ) => void
  )(component, value, index, total, list, budget);
}

function misereGame(
  input: GameInput,
  components: ComponentAnalysis[],
  budget: Budget,
  cache: EngineCache,
  maxMoves: number,
  quotients: { readonly growsApart: boolean; readonly work?: number },
): GameAnalysis {
  const base = { play: 'misere', components, nimber: null } as const;
  // Why the rule's quotient did not decide it, said with the search's own reason if that fails too.
  let quotientNote: string | undefined;
  let quotientWanted: QuotientWanted | undefined;
  const unknown = (reason: string, stop?: StopCause): GameAnalysis => ({
    ...base,
    outcome: null,
    reason: quotientNote ? `${reason}; ${quotientNote}` : reason,
    ...(stop ? { stop } : {}),
    ...(quotientWanted ? { quotientWanted } : {}),
    winningMoves: [],
    winningMoveCount: 0n,
  });
  const list = new MoveList(maxMoves);

  const isNim = (rule: HeapRule) => rule.kind === 'subtractAllExcept' && rule.except.length === 0;
  if (input.components.every((c) => c.kind === 'heaps' && isNim(c.rule))) {
    // Bouton: every heap of every component in one list, any size.
    const owners: [number, number][] = [];
    const heaps: bigint[] = [];
    input.components.forEach((c, component) => {
      if (c.kind !== 'heaps') return;
      c.heaps.forEach((size, heap) => {
        owners.push([component, heap]);
        heaps.push(size);
      });
    });
    const { outcome, winningMoves } = misereNim(heaps);
    const seen = new Set<string>();
    for (const { heap, to } of winningMoves) {
      const [component, index] = owners[heap];
      const key = `${component}:${heaps[heap]}:${to}`; // equal heaps of one component: one move
      if (seen.has(key)) continue;
      seen.add(key);
      list.add(component, { kind: 'heap', heap: index, take: heaps[heap] - to, leaves: heapsLeft(to) });
    }
    const decidedBy: DecidedBy = { theory: 'nim', text: "misère Nim: Bouton's rule" };
    return { ...base, outcome, winningMoves: list.moves, winningMoveCount: list.count, decidedBy };
  }

  // The exact search, over units: a heap, a token, a row's run of X's, a Wythoff position, a
  // leftmost row, a staircase, a Hackenbush picture, a word piece.
  const game = gameUnits(input, 'misère search');
  /** The game's moves of these options of its units, into `into` (each move once). */
  const movesOf = (options: readonly { unit: number; option: number }[], into: MoveList): void => {
    const seen = new Set<string>();
    const names = new UnitNames();
    const movers = new Map<number, ReturnType<typeof optionMover>>();
    if ('reason' in game) throw new Error('internal: a search without units');
    for (const { unit, option } of options) {
      let moves = movers.get(unit);
      if (!moves) {
        moves = optionMover(game.owners[unit], game.units[unit], names);
        movers.set(unit, moves);
      }
      for (const { key, move } of moves(option)) {
        if (!seen.has(key)) into.add(move.component, move.move);
        seen.add(key);
      }
    }
  };
  const searched = (
    search: { readonly outcome: Outcome; readonly winning: readonly { unit: number; option: number }[] },
    text = 'the exact search of the whole sum',
  ): GameAnalysis => {
    movesOf(search.winning, list);
    const decidedBy: DecidedBy = { theory: 'search', text };
    return { ...base, outcome: search.outcome, winningMoves: list.moves, winningMoveCount: list.count, decidedBy };
  };

  // Tokens on a graph with cycles: positions may repeat, so the sum is decided backwards from its ends
  // (a draw when neither player can force one), and no quotient applies.
  if (components.some((c) => c.loopy)) {
    if ('reason' in game) return unknown(game.reason);
    const search = misereRetrograde(game.units, budget);
    if (search.outcome === null) return unknown(search.reason, search.stop);
    const decided = searched(
      search,
      'the exact search of the whole sum, backwards from its ends (positions may repeat)',
    );
    if (search.outcome !== 'D') return decided;
    // A draw: the moves to drawn positions keep it, as in normal play (drawMoves.ts).
    const keeping = new MoveList(maxMoves);
    movesOf(search.drawing, keeping);
    return { ...decided, drawMoves: keeping.moves };
  }

  // Heaps of one rule or several: their misère quotient, when it covers every heap of the sum. First the quotient
  // at hand (its theory says more than a search: a genus, a quotient's P-portion), then a short exact search (a small
  // sum is decided at once though its rule's quotient grows slowly), then the quotient to its limit of work.
  const { growsApart, work } = quotients;
  const decided = (play: QuotientPlay | undefined): GameAnalysis | undefined => {
    if (!play || !('outcome' in play)) return undefined;
    const { outcome, decidedBy } = play;
    return { ...base, outcome, winningMoves: list.moves, winningMoveCount: list.count, decidedBy };
  };
  const atHand = decided(
    misereByQuotient(input.components, cache, budget, list, { workLimit: work, quick: QUICK_WORK, more: QUICK_WORK }),
  );
  if (atHand) return atHand;
  let searchedFirst: MisereSearchResult | undefined;
  if (!('reason' in game) && searchMovesAtMost(game.units) <= SEARCH_FIRST_MOVES) {
    searchedFirst = cachedMisereSearch(cache, game.units, budget);
    if (searchedFirst.outcome !== null) return searched(searchedFirst);
  }
  // Where the quotient grows apart (the server's background growth), the game only reads it: growing it here too
  // would hold the worker its rule's jobs are pinned to for a share of the budget, and the growth does it anyway.
  const play = misereByQuotient(input.components, cache, budget, list, {
    growsApart,
    workLimit: work,
    ...(growsApart ? { more: 0 } : {}),
  });
  const byQuotient = decided(play);
  if (byQuotient) return byQuotient;
  const quotient = play && 'skip' in play ? play : undefined;
  if (quotient && !quotient.cancelled) quotientNote = quotient.skip;
  quotientWanted = quotient?.wanted;

  if ('reason' in game) return unknown(game.reason);
  const search = searchedFirst ?? cachedMisereSearch(cache, game.units, budget);
  if (search.outcome === null && search.stop === 'size-limit' && quotient && !quotient.cancelled) {
    // The search gave up on its size, not the clock: the time it left goes back to the quotient,
    // resumed where it stopped.
    const again = misereByQuotient(input.components, cache, budget, list, {
      growsApart,
      share: 1,
      workLimit: work,
      ...(growsApart ? { more: 0 } : {}),
    });
    if (again && 'outcome' in again)
      return {
        ...base,
        outcome: again.outcome,
        winningMoves: list.moves,
        winningMoveCount: list.count,
        decidedBy: again.decidedBy,
      };
    if (again && !again.cancelled) quotientNote = again.skip;
    quotientWanted = again?.wanted;
  }
  if (search.outcome === null) return unknown(search.reason, search.stop);
  return searched(search);
}
