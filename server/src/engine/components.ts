// What every component family shares: the engine cache, a component's analysis, the list that
// collects winning moves, and the shape of a family's entry in the table (families/index.ts).

import type { ChompMemo, SearchResults } from './boards';
import type { ComponentInput, ComponentMove, GameMove } from './gameTypes';
import type { QuotientState } from './misere/quotient';
import type {
  Budget,
  GraphData,
  GraphNimbers,
  HeapSequence,
  LoopyValues,
  MisereSearchResult,
  MovesBox,
  StopCause,
  TreblecrossAnalysis,
  WordPieceValues,
  WythoffTable,
} from './types';

/**
 * What the engine may reuse between calls: rule sequences by `ruleKey`, graph nimbers by graph.
 * The caller owns it (one per server, say); the engine only adds results that are exact.
 */
export interface EngineCache {
  readonly sequences: Map<string, HeapSequence>;
  readonly graphs: WeakMap<GraphData, GraphNimbers>;
  /** Smith's values of graphs with cycles (families/loopyGraph.ts), by graph. */
  readonly loopyGraphs: WeakMap<GraphData, LoopyValues>;
  /** Wythoff nimbers: the largest square computed so far. */
  wythoff?: WythoffTable;
  /** Word pieces' interval tables, by dictionary and piece (the last WORD_PIECES_KEPT). */
  readonly wordPieces: Map<string, WordPieceValues>;
  /** Misère quotients of heap rules, by ruleKey, and joint ones by jointKey, resumable (misere/quotient.ts). */
  readonly quotients: Map<string, QuotientState>;
  /**
   * Exact misère searches of sums of heaps whose answer does not depend on the clock (decided, or
   * stopped by their size), by the heaps in order (the last MISERE_SEARCHES_KEPT): a game analysed
   * again when its rule's quotient has grown does not search again.
   */
  readonly misereSearches: Map<string, MisereSearchResult>;
  /**
   * Tuple rules of one's own, by the rule's text (families/movesTuples.ts): each rule's table of values
   * by sum (the tables of every rule together kept under a memory ceiling), and beside the entry its
   * searched positions' results.
   */
  readonly movesTuples: Map<string, MovesTuplesEntry>;
  /**
   * Boards and graph games, made when first needed: Chomp's tables (under their memory ceiling), and
   * the finished searches of Cram regions and Kayles components (boards/searchResults.ts).
   */
  readonly boards: { chomp?: ChompMemo; cram?: SearchResults; kayles?: SearchResults };
}

/** A tuple rule's table kept in the cache: its values in a box, level by level (the sum). */
export interface MovesTuplesEntry {
  box?: MovesBox;
}

export function createEngineCache(): EngineCache {
  return {
    sequences: new Map(),
    graphs: new WeakMap(),
    loopyGraphs: new WeakMap(),
    wordPieces: new Map(),
    quotients: new Map(),
    misereSearches: new Map(),
    movesTuples: new Map(),
    boards: {},
  };
}

export const MISERE_SEARCHES_KEPT = 256;

export const WORD_PIECES_KEPT = 256;

/**
 * Drops the cache's oldest sequences (then its Wythoff table, misère quotients, tuple rules' boxes)
 * until what it holds in values is at most `maxBytes`; returns the bytes it still holds. Sequences
 * are dropped oldest first (a Map keeps insertion order, and a longer sequence of a rule replaces its
 * older one at the end).
 */
export function trimCache(cache: EngineCache, maxBytes: number): number {
  let bytes = cache.wythoff ? wythoffBytes(cache.wythoff) : 0;
  for (const sequence of cache.sequences.values()) bytes += sequence.values.byteLength;
  for (const [key, sequence] of cache.sequences) {
    if (bytes <= maxBytes) break;
    bytes -= sequence.values.byteLength;
    cache.sequences.delete(key);
  }
  if (bytes > maxBytes && cache.wythoff) {
    bytes -= wythoffBytes(cache.wythoff);
    cache.wythoff = undefined;
  }
  // Misère quotients: a table of size² elements each, oldest first.
  for (const state of cache.quotients.values()) bytes += state.mul.byteLength;
  for (const [key, state] of cache.quotients) {
    if (bytes <= maxBytes) break;
    bytes -= state.mul.byteLength;
    cache.quotients.delete(key);
  }
  // Tuple rules' tables, oldest first (their searched results stay: a Map's bytes are not known).
  for (const entry of cache.movesTuples.values()) bytes += entry.box?.values.byteLength ?? 0;
  for (const entry of cache.movesTuples.values()) {
    if (bytes <= maxBytes) break;
    bytes -= entry.box?.values.byteLength ?? 0;
    entry.box = undefined;
  }
  return bytes;
}

function wythoffBytes(table: WythoffTable): number {
  return table.values.byteLength;
}

/** The value of one component. */
export interface ComponentAnalysis {
  /**
   * value: `nimber` is its nimber. infinite: Smith's value ∞(K), K in `infinite` (tokens on a graph
   * with cycles). unknown: not computed within the budget (reason says how far it got).
   * immediate-win: a Treblecross row the player to move completes at once. over: a Treblecross row
   * with three in a row already.
   */
  readonly status: 'value' | 'infinite' | 'unknown' | 'immediate-win' | 'over';
  /** The component's nimber (XOR of its parts) when status is value. */
  readonly nimber: bigint | null;
  /** Heaps: each heap's nimber; tokens: each token's vertex's; an octal row: each run of X's. Null where unknown. */
  readonly parts: readonly (bigint | null)[];
  readonly reason?: string;
  /** Heaps and octal rows: the rule's sequence as far as it was computed. */
  readonly sequence?: HeapSequence;
  /** Tokens: every vertex's nimber. */
  readonly graph?: GraphNimbers;
  /**
   * Status infinite: K of the component's value ∞(K), ascending (empty when two of its tokens stand
   * on infinite vertices: the component alone is a draw).
   */
  readonly infinite?: readonly bigint[];
  /** Tokens on a graph with cycles: Smith's values of every vertex (then `graph` is absent). */
  readonly loopy?: LoopyValues;
  /** Treblecross rows. */
  readonly treblecross?: TreblecrossAnalysis;
  /** Wythoff: the nimber table used (it holds every position of the component when status is value). */
  readonly wythoff?: WythoffTable;
  /** Words: each piece's interval table. */
  readonly wordPieces?: readonly WordPieceValues[];
  /** Boards and graph games (Cram, Chomp, Node and Arc Kayles): how each board's value came about. */
  readonly boards?: readonly BoardWhy[];
}

/** Independent parts of a board listed in its BoardWhy, at most (the rest are counted): a message stays small. */
export const BOARD_PARTS_LISTED = 16;

/**
 * How a board's (or a graph's) value came about: the independent parts it splits into (Cram: its regions
 * of empty cells; a graph: its connected parts; none for Chomp, one staircase), each with its size, value
 * and why, the first BOARD_PARTS_LISTED of them; and the theorem that gives the whole board's value (or,
 * with the value unknown, says who wins).
 */
export interface BoardWhy {
  readonly parts: readonly { readonly size: number; readonly value: number | null; readonly why?: string }[];
  /** All the parts, listed or not. */
  readonly partCount: number;
  readonly theorem?: string;
}

/** A board's BoardWhy from its analysis' parts (cells or vertices) and theorem. */
export function boardWhy(
  parts: readonly { readonly value: number | null; readonly why?: string }[],
  size: (i: number) => number,
  theorem: string | undefined,
): BoardWhy {
  return {
    parts: parts.slice(0, BOARD_PARTS_LISTED).map((part, i) => ({
      size: size(i),
      value: part.value,
      ...(part.why ? { why: part.why } : {}),
    })),
    partCount: parts.length,
    ...(theorem ? { theorem } : {}),
  };
}

/** Collects moves: lists the first `limit`, counts all. */
export class MoveList {
  readonly moves: GameMove[] = [];
  count = 0n;
  constructor(private readonly limit: number) {}
  get full(): boolean {
    return this.moves.length >= this.limit;
  }
  add(component: number, move: ComponentMove): void {
    this.count++;
    if (!this.full) this.moves.push({ component, move });
  }
  /** Counts moves that are not listed (the list is full). */
  addUnlisted(count: bigint): void {
    this.count += count;
  }
}

/** Keeps the better of a cached and a new sequence of one rule: complete, or else longer. */
export function rememberSequence(cache: EngineCache, sequence: HeapSequence | undefined): void {
  if (!sequence) return;
  const cached = cache.sequences.get(sequence.key);
  if (!cached || (!cached.complete && (sequence.complete || sequence.computedUpTo > cached.computedUpTo))) {
    cache.sequences.delete(sequence.key); // to the end: the newest
    cache.sequences.set(sequence.key, sequence);
  }
}

/** The maximal runs of `X` in a row, as [start, length]. */
export function xRuns(cells: string): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < cells.length; ) {
    if (cells[i] !== 'X') {
      i++;
      continue;
    }
    const start = i;
    while (i < cells.length && cells[i] === 'X') i++;
    runs.push([start, i - start]);
  }
  return runs;
}

export type Of<K extends ComponentInput['kind']> = Extract<ComponentInput, { kind: K }>;

/**
 * The entry of a family whose component is a list of independent parts (leftmost rows,
 * staircases, Hackenbush pictures), each valued exactly at once: the value XORs the parts'
 * nimbers, and the moves are each part's moves to its nimber ⊕ total; parts with the same key
 * have the same moves, listed once.
 */
export function independentParts<K extends ComponentInput['kind'], P>(family: {
  parts(component: Of<K>): readonly P[];
  key(part: P): string;
  nimber(part: P): bigint;
  /** The moves of part number `index` to a position of nimber `target` (within the budget: see MovesStopped). */
  movesTo(part: P, target: bigint, index: number, budget: Budget): Iterable<ComponentMove>;
}): ComponentFamily<K> {
  return {
    value(component) {
      const parts = family.parts(component).map((part) => family.nimber(part));
      return { status: 'value', nimber: parts.reduce((x, g) => x ^ g, 0n), parts };
    },
    movesTo(component, value, index, total, list, budget) {
      const seen = new Set<string>();
      family.parts(component).forEach((part, i) => {
        const key = family.key(part);
        if (seen.has(key)) return;
        seen.add(key);
        for (const move of family.movesTo(part, value.parts[i]! ^ total, i, budget)) list.add(index, move);
      });
    },
  };
}

/**
 * A family's entry: how a component's value is computed, and every move of it to a position
 * whose nimber makes the sum's XOR 0 (the value's part ⊕ total, for each of its parts).
 */
export interface ComponentFamily<K extends ComponentInput['kind']> {
  value(component: Of<K>, budget: Budget, cache: EngineCache): ComponentAnalysis;
  /** May throw MovesStopped when the budget runs out (the moves found so far are in `list`). */
  movesTo(
    component: Of<K>,
    value: ComponentAnalysis,
    index: number,
    total: bigint,
    list: MoveList,
    budget: Budget,
  ): void;
  /**
   * A component of value ∞(K) (status infinite), in a sum whose other components' nim-sum is `rest`:
   * its moves to a finite value that makes the whole sum 0, the only moves that win. Families that
   * are never infinite leave it out.
   */
  infiniteMovesTo?(component: Of<K>, value: ComponentAnalysis, index: number, rest: bigint, list: MoveList): void;
}

/**
 * A component of independent parts each valued under a budget (boards, graphs, tuple positions), each part's
 * nimber or null: the XOR of them all, or unknown with `reason` (why the first unknown part is unknown).
 */
export function partsAnalysis(parts: readonly (bigint | null)[], reason: string | undefined): ComponentAnalysis {
  return reason !== undefined
    ? { status: 'unknown', nimber: null, parts, reason }
    : { status: 'value', nimber: parts.reduce<bigint>((x, g) => x ^ g!, 0n), parts };
}

/** One board's (or graph's) value as its family finds it: the nimber or null, how it came about, why it is unknown. */
export interface BoardValue {
  readonly value: number | null;
  readonly why: BoardWhy;
  /** Present when `value` is null. */
  readonly unknown?: string;
}

/**
 * A component of boards or graphs (Cram, Chomp, Node and Arc Kayles), each valued alone by `boardValue`: the
 * nim-sum of their values with each board's BoardWhy, or unknown with the first unknown board's reason.
 */
export function boardsAnalysis<B>(
  boards: readonly B[],
  boardValue: (board: B, i: number) => BoardValue,
): ComponentAnalysis {
  const parts: (bigint | null)[] = [];
  const whys: BoardWhy[] = [];
  let reason: string | undefined;
  boards.forEach((board, i) => {
    const found = boardValue(board, i);
    whys.push(found.why);
    parts.push(found.value === null ? null : BigInt(found.value));
    if (found.value === null) reason ??= found.unknown;
  });
  return { ...partsAnalysis(parts, reason), boards: whys };
}

/** Thrown by a family's movesTo when its budget runs out or it is cancelled. */
export class MovesStopped extends Error {
  /** `why`: what stopped the listing when the budget's cause alone does not say it (a board's moves out of reach). */
  constructor(
    readonly stop: StopCause,
    readonly why?: string,
  ) {
    super(why ?? (stop === 'cancelled' ? 'cancelled' : 'the time budget ran out'));
  }
}

/** The stop of a listing a solver left incomplete (`why` says what it could not reach): cancelled, or out of time. */
export function listingStopped(budget: Budget, why: string): MovesStopped {
  return new MovesStopped(budget.isCancelled?.() ? 'cancelled' : 'deadline', why);
}

/**
 * A `spend(work)` for long move searches: every 2^20 units of work, it checks the budget's deadline
 * and cancellation and throws MovesStopped when either says stop.
 */
export function movesSpender(budget: Budget): (work: number) => void {
  let since = 0;
  return (work) => {
    since += work;
    if (since < 1 << 20) return;
    since = 0;
    if (budget.isCancelled?.()) throw new MovesStopped('cancelled');
    if (budget.deadline !== undefined && Date.now() > budget.deadline) throw new MovesStopped('deadline');
  };
}
