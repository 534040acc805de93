// The plain data the engine works on. The language layer (server/src/language/) builds these
// from a checked `.game` file; nothing here knows about text, positions or the LSP.

/** A move set for heaps. `subtract all` is `{ kind: 'subtractAllExcept', except: [] }`. */
export type HeapRule =
  | { kind: 'subtract'; set: readonly bigint[] } // finite subtraction set, every member > 0
  | { kind: 'subtractAllExcept'; except: readonly bigint[] } // remove any positive number not listed
  | { kind: 'octal'; digits: readonly number[] }; // digits[k] = octal digit for removing k tokens; digits[0] is the digit before the point (0)

/** A row rule: Treblecross. (Octal rules applied to rows are heap rules over the row's runs of X.) */
export type RowRule = { kind: 'treblecross' };

export type Rule = HeapRule | RowRule;

/** A DAG in compact form: successors of vertex v are succ[succStart[v] .. succStart[v+1]). */
export interface GraphData {
  readonly vertexNames: readonly string[];
  readonly succStart: Int32Array; // length vertexCount + 1
  readonly succ: Int32Array;
}

/** What a long computation may spend, and how it learns it should stop. */
export interface Budget {
  /** Stop after this many values (heap sizes, vertices, states) have been computed. */
  readonly maxValues?: number;
  /** Stop when Date.now() passes this time (ms since the epoch). */
  readonly deadline?: number;
  /** Polled now and then; return true to stop as soon as possible. */
  readonly isCancelled?: () => boolean;
}
