// The plain data the engine works on. The language layer (server/src/language/) builds these
// from a checked `.game` file; nothing here knows about text, positions or the LSP.
import type { MovesRule } from './heaps/movesData';
import type { SubtractionSet } from './heaps/subtractionSets';

export type { SubtractionSet };

/** A move set for heaps. `subtract all` is `{ kind: 'subtractAllExcept', except: [] }`. */
export type HeapRule =
  | { kind: 'subtract'; set: readonly bigint[] } // finite subtraction set, every member > 0
  | { kind: 'subtractAllExcept'; except: readonly bigint[] } // remove any positive number not listed
  // an infinite subtraction set (subtractionSets.ts); finite ones are always `subtract`
  | { kind: 'subtractSet'; set: SubtractionSet }
  // remove any positive number not in an infinite set; finite ones are always `subtractAllExcept`
  | { kind: 'subtractAllExceptSet'; except: SubtractionSet }
  // A take-and-break code (takeBreakCode.ts): digits[k] = the digit for removing k tokens, digits[0]
  // the one before the point; `distinct`: the positions written with `!`; `repeat`: the last
  // `repeat` digits repeat forever (`4.[3]`). Codes with a digit of 8 or more are hexadecimal.
  | { kind: 'octal'; digits: readonly number[]; distinct?: readonly number[]; repeat?: number }
  // A rule of one's own with one variable (movesRule.ts), and its body as the formatter writes it.
  | { kind: 'moves'; moves: MovesRule; text: string };

/** A row rule: Treblecross. (Octal rules applied to rows are heap rules over the row's runs of X.) */
export type RowRule = { kind: 'treblecross' };

/**
 * The classics: Wythoff's game, the leftmost-pile game, Staircase Nim and Green Hackenbush (built-in),
 * and a word game's dictionary.
 */
export type ClassicRule =
  | { kind: 'wythoff' }
  | { kind: 'leftmost' }
  | { kind: 'staircase' }
  | { kind: 'hackenbush' }
  // Boards and graph games (language version 4, part 3): built-in, contextual.
  | { kind: 'chomp' }
  | { kind: 'cram' }
  | { kind: 'node-kayles' }
  | { kind: 'arc-kayles' }
  | { kind: 'words'; words: readonly string[] }
  // A rule of one's own on tuples of numbers (movesRule.ts: arity ≥ 2), and its body as written.
  | { kind: 'movesTuple'; moves: MovesRule; text: string };

export type Rule = HeapRule | RowRule | ClassicRule;

/** Is this rule played on heaps (subtraction and octal rules)? */
export function isHeapRule(rule: Rule | undefined): rule is HeapRule {
  switch (rule?.kind) {
    case 'subtract':
    case 'subtractAllExcept':
    case 'subtractSet':
    case 'subtractAllExceptSet':
    case 'octal':
    case 'moves':
      return true;
    default:
      return false;
  }
}

/** A DAG in compact form: successors of vertex v are succ[succStart[v] .. succStart[v+1]). */
export interface GraphData {
  readonly vertexNames: readonly string[];
  readonly succStart: Int32Array; // length vertexCount + 1
  readonly succ: Int32Array;
  /**
   * Optional: every vertex once, each after all its successors (the language layer's cycle search
   * gives it). With it the engine needs no search of its own; it checks the order as it goes and
   * searches anyway when the order is wrong.
   */
  readonly finishOrder?: Int32Array;
}

/** What a long computation may spend, and how it learns it should stop. */
export interface Budget {
  /** Stop after this many values (heap sizes, vertices, states) have been computed. */
  readonly maxValues?: number;
  /**
   * The memory one heap sequence may take, in bytes (default DEFAULT_SEQUENCE_BYTES): its values
   * stop at maxSequenceBytes / 4 (a value takes at most 4 bytes). What bounds a sequence is this
   * and the time, not a constant length.
   */
  readonly maxSequenceBytes?: number;
  /** Stop when Date.now() passes this time (ms since the epoch). */
  readonly deadline?: number;
  /** Polled now and then; return true to stop as soon as possible. */
  readonly isCancelled?: () => boolean;
  /**
   * Work counted in the computation's own units (budget.ts's Meter adds every unit it is told of),
   * shared by the calls given the same account: a stop that depends on the work done, never on the
   * machine's speed (a misère quotient's growth for games, misere/quotient.ts).
   */
  readonly work?: WorkAccount;
}

/** Work done so far and where it stops (Budget's `work`). */
export interface WorkAccount {
  spent: number;
  readonly limit: number;
}

/**
 * How a heap rule's nimbers repeat: G(n + period) = G(n) + saltus for every n ≥ preperiod, with
 * period and preperiod both as small as possible. Only ever reported when proved.
 */
export interface Periodicity {
  readonly preperiod: number;
  readonly period: number;
  /** 0 for a periodic sequence; positive for an arithmetic-periodic one (`subtract all except`). */
  readonly saltus: number;
  /** The certificate was checked on the computed values of heaps 0..provedAt. */
  readonly provedAt: number;
  /** The theorem that turns the finite check into a statement about every heap (see period.ts). */
  readonly proof:
    | 'closed-form'
    | 'subtraction-window'
    | 'residue-classes'
    | 'guy-smith'
    | 'guy-smith-distinct'
    | 'guy-smith-three'
    | 'every-smaller-heap'
    | 'lasker'
    | 'all-but-window';
}

/** Why a computation stopped before it was done (budget.ts). */
export type StopCause = 'cancelled' | 'deadline' | 'max-values' | 'size-limit' | 'work-limit';

/**
 * The nimbers of one heap rule, as far as they were computed: a pure function of the rule (and of
 * how far the budget let the computation go), so it can be cached by `ruleKey(rule)` and shared.
 */
export interface HeapSequence {
  readonly rule: HeapRule;
  readonly key: string;
  /** values[n] is the nimber of a heap of n, for 0 ≤ n ≤ computedUpTo. Never mutated once returned. */
  readonly values: Uint8Array | Uint16Array | Uint32Array;
  readonly computedUpTo: number;
  /** Present when the (arithmetic) period is proved: then every heap's nimber is known. */
  readonly periodicity?: Periodicity;
  /** True exactly when `periodicity` is present. */
  readonly complete: boolean;
  /** Why the computation stopped without a proof: a budget, the size limit, or (stop absent) the request's `stopAt`. */
  readonly stop?: StopCause;
  /** A sentence for people, present when not complete: what was computed and why it stopped. */
  readonly reason?: string;
}

/** A heap's nimber, or why it is not known. Heap nimbers are bigints: a Nim heap of 10^100 has nimber 10^100. */
export type HeapNimber =
  | { readonly nimber: bigint; readonly sequence?: HeapSequence }
  | { readonly nimber: null; readonly reason: string; readonly computedUpTo: number; readonly sequence?: HeapSequence };

/** Every vertex's nimber in a graph. */
/** Smith's generalized Sprague–Grundy values of a graph that may have cycles (families/loopyGraph.ts). */
export interface LoopyValues {
  /** values[v]: the finite value of v, or INFINITE. */
  readonly values: Int32Array;
  /**
   * counters[v]: the order in which v got its finite value (Smith's counter c: the reply that
   * undoes an opponent's move goes to a follower with a smaller one), or -1 for an infinite vertex.
   */
  readonly counters: Int32Array;
  /**
   * complete: every vertex has its value. over-budget: stopped early (`stop`, `reason`): the values
   * given so far are exact, the rest are UNLABELLED (-2). invalid: the arrays are not a graph.
   */
  readonly status: 'complete' | 'over-budget' | 'invalid';
  readonly stop?: StopCause;
  readonly reason?: string;
}

export interface GraphNimbers {
  /** nimbers[v] for each vertex; -1 where there is none (see status). */
  readonly nimbers: Int32Array;
  /**
   * complete: every vertex has a nimber. cyclic: the graph has a cycle; from graphNimbers, vertices
   * from which a cycle can be reached have no nimber (-1), the others do; from graphValues, every
   * vertex has Smith's value (`loopy`): -1 is ∞. over-budget: stopped early; the vertices that
   * have a nimber are exact. invalid: the CSR arrays are malformed (see reason); nothing computed.
   */
  readonly status: 'complete' | 'cyclic' | 'over-budget' | 'invalid';
  /** A graph with a cycle, from graphValues: Smith's values with their counters (`nimbers` is its `values`). */
  readonly loopy?: LoopyValues;
  /** One directed cycle when status is cyclic: each vertex has an edge to the next, the last to the first. */
  readonly cycle?: readonly number[];
  /** How many vertices have a nimber. */
  readonly computed: number;
  readonly stop?: StopCause;
  readonly reason?: string;
}

/** A maximal run of Treblecross cells that are safe to mark, and its nimber (0.007 at length + 2). */
export interface TreblecrossSegment {
  readonly start: number;
  readonly length: number;
  readonly nimber: number;
}

/** What a Treblecross row is (treblecross.ts). Cells are indexed from 0. */
export type TreblecrossAnalysis =
  /** Three marked cells in a row already: the game is over, there are no moves. `at` is the first of them. */
  | { readonly status: 'over'; readonly at: number }
  /** The player to move wins at once by marking any of these cells: an N-position without a nimber. */
  | { readonly status: 'immediate-win'; readonly winningCells: readonly number[] }
  | {
      readonly status: 'nimber';
      readonly cells: string;
      readonly nimber: number;
      /** The independent runs of safe cells; empty for rows of at most two cells (see treblecross.ts). */
      readonly segments: readonly TreblecrossSegment[];
      /** The 0.007 nimbers used, long enough for every segment: treblecrossMovesTo reads them. */
      readonly sequence: HeapSequence;
    }
  | {
      readonly status: 'over-budget';
      readonly reason: string;
      readonly computedUpTo: number;
      readonly stop?: StopCause;
    };

/**
 * The exact misère search's answer (misere/search.ts), declared here so that the engine cache can keep it without
 * importing the search: the root's winning options (unit index, option index into its options) when decided.
 */
export type MisereSearchResult =
  | {
      readonly outcome: 'N' | 'P';
      readonly winning: readonly { unit: number; option: number }[];
      /** Distinct positions met (not every position of the game: the search stops at a winning move). */
      readonly states: number;
    }
  | { readonly outcome: null; readonly reason: string; readonly stop: StopCause; readonly states: number };

// Tables the engine cache keeps (components.ts's EngineCache), declared here so that the cache's module imports no
// family: the families import it.

/** A word piece (families/words.ts): its code points and where each word occurs. */
export interface WordPiece {
  /** The piece's code points. */
  readonly points: readonly number[];
  /** For each start p, the lengths of the words that occur at p (in code points), ascending. */
  readonly occurrences: readonly (readonly number[])[];
}

/** A word piece's interval table and nimber (families/words.ts). */
export interface WordPieceValues {
  readonly piece: WordPiece;
  /** f(i, j) at i·(n + 1) + j, for i ≤ j; absent when the computation stopped. */
  readonly table?: Uint32Array;
  readonly nimber: number | null;
  readonly stop?: StopCause;
  readonly reason?: string;
}

/** Wythoff's nimbers for both heaps up to a size (families/wythoff.ts). */
export interface WythoffTable {
  /** Both heaps up to this are known. */
  readonly size: number;
  /** G(a, b) at a·(size + 1) + b. */
  readonly values: Uint16Array;
  /** Why the table is smaller than asked, if it is. */
  readonly stop?: StopCause;
}

/**
 * A tuple rule's values of every position of a box (families/movesTuples.ts, by movesTupleValues): the
 * positions p with 0 ≤ p_i ≤ bounds_i.
 */
export interface MovesBox {
  readonly bounds: readonly number[];
  /** p's value at Σ p_i·strides_i; −1 where the fill stopped before it. */
  readonly values: Int32Array;
  readonly strides: readonly number[];
  /**
   * Whether the rule stopped the fill (a part not smaller than its position, a number too large):
   * the values it reached are kept and the box is not filled again (it would stop there again).
   */
  readonly stoppedByRule: boolean;
}
