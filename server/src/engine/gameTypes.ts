// Games (sums of components) and their moves, as plain data: what the engine is asked and
// what it answers. Positions inside components are indexes, never text: writing a move back
// into the document is the language layer's job.
import type { CramBoard, KaylesKind } from './boards';
import type { GraphData, HeapRule, Rule } from './types';

/** A Hackenbush picture: vertex 0 is the ground; edge i joins ends[2i] and ends[2i + 1] (loops allowed). */
export interface HackenbushPicture {
  readonly vertexCount: number;
  readonly ends: Int32Array;
}

export type ComponentInput =
  | { readonly kind: 'heaps'; readonly rule: HeapRule; readonly heaps: readonly bigint[] }
  | { readonly kind: 'tokens'; readonly graph: GraphData; readonly vertices: readonly number[] }
  | { readonly kind: 'treblecross'; readonly cells: string }
  /** An octal rule on a row: each maximal run of `X` is a heap. */
  | { readonly kind: 'octal-row'; readonly rule: HeapRule; readonly cells: string }
  /** Wythoff's game: one position (two heaps) per pair. */
  | { readonly kind: 'wythoff'; readonly positions: readonly (readonly [bigint, bigint])[] }
  /** A rule of one's own on tuples (`corner (3, 5)`): one position per tuple, each of the rule's arity. */
  | {
      readonly kind: 'moves-tuples';
      readonly rule: Extract<Rule, { kind: 'movesTuple' }>;
      readonly positions: readonly (readonly bigint[])[];
    }
  /** The leftmost-pile game: one row of piles per list. */
  | { readonly kind: 'leftmost'; readonly rows: readonly (readonly bigint[])[] }
  /** Staircase Nim: one list of coins per staircase, step 1 first. */
  | { readonly kind: 'staircase'; readonly stairs: readonly (readonly bigint[])[] }
  /** Green Hackenbush: one picture per braces group (vertex 0 the ground). */
  | { readonly kind: 'hackenbush'; readonly pictures: readonly HackenbushPicture[] }
  /** A word game: the dictionary, and one string per independent piece. */
  | { readonly kind: 'words'; readonly words: readonly string[]; readonly pieces: readonly string[] }
  /** Chomp: one board per list, its rows' lengths from the bottom up (non-increasing, each at least 1). */
  | { readonly kind: 'chomp'; readonly boards: readonly (readonly bigint[])[] }
  /** Cram: one board per bracketed list (its empty cells 1, row-major). */
  | { readonly kind: 'cram'; readonly boards: readonly CramBoard[] }
  /** Node or Arc Kayles: one graph per braces group, as what is left of the graph written (KaylesPosition). */
  | { readonly kind: 'graph-kayles'; readonly game: KaylesKind; readonly positions: readonly KaylesPosition[] };

/**
 * What is left of a graph of Node or Arc Kayles: its vertices (numbered as the graph was written) and the
 * edges among them. A move removes vertices; the numbers of the others stay, so their names do.
 */
export interface KaylesPosition {
  readonly vertices: readonly number[];
  readonly edges: readonly (readonly [number, number])[];
}

export interface GameInput {
  readonly play: 'normal' | 'misere';
  readonly components: readonly ComponentInput[];
}

/** One move, inside one component. */
export type ComponentMove =
  /** A heap (index within its component) loses `take` tokens and leaves 0, 1 or 2 heaps. */
  | { readonly kind: 'heap'; readonly heap: number; readonly take: bigint; readonly leaves: readonly bigint[] }
  /** A token (index within its component's `at` list) slides to another vertex. */
  | { readonly kind: 'token'; readonly token: number; readonly to: number }
  /** Treblecross: mark a cell (0-based); `winsAtOnce` when it completes three in a row. */
  | { readonly kind: 'mark'; readonly cell: number; readonly winsAtOnce: boolean }
  /** An octal rule on a row: cells [start, start + count) go from `X` to `.`. */
  | { readonly kind: 'knock'; readonly start: number; readonly count: number }
  /** Wythoff: a position (index within its component) becomes `to`. */
  | { readonly kind: 'wythoff'; readonly position: number; readonly to: readonly [bigint, bigint] }
  /** A tuple rule of one's own: a position (index within its component) becomes the positions it leaves. */
  | { readonly kind: 'moves-tuple'; readonly position: number; readonly leaves: readonly (readonly bigint[])[] }
  /** Leftmost: in a row (index), the leftmost non-empty pile (index in the row) goes down to `to`. */
  | { readonly kind: 'leftmost'; readonly row: number; readonly pile: number; readonly to: bigint }
  /** Staircase: in a staircase (index), `count` coins go from `step` (index) to the step below (off, from 0). */
  | { readonly kind: 'staircase'; readonly stair: number; readonly step: number; readonly count: bigint }
  /** Hackenbush: in a picture (index), the edge (index, as written) is cut; what no longer stands falls. */
  | { readonly kind: 'hackenbush'; readonly picture: number; readonly edge: number }
  /**
   * Words: in a piece (index), the word of `length` code points at code point `start` is deleted, leaving two pieces.
   */
  /** Chomp: on a board (index), the square at row `row`, column `column` (from 1, row 1 the bottom) is taken. */
  | { readonly kind: 'chomp'; readonly board: number; readonly row: number; readonly column: number }
  /** Cram: on a board (index), the two neighbouring empty cells (row-major indices, ascending) are filled. */
  | { readonly kind: 'cram'; readonly board: number; readonly cells: readonly [number, number] }
  /**
   * Node or Arc Kayles: on a graph (index), the vertex (Node) or the edge's two ends (Arc) taken, and every vertex
   * that goes with them (as the graph is numbered).
   */
  | {
      readonly kind: 'graph-kayles';
      readonly graph: number;
      readonly taken: readonly number[];
      readonly removed: readonly number[];
    }
  | {
      readonly kind: 'word';
      readonly piece: number;
      readonly start: number;
      readonly length: number;
      readonly leaves: readonly [string, string];
    };

export interface GameMove {
  readonly component: number;
  readonly move: ComponentMove;
}
