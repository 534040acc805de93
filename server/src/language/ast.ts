// The syntax tree. Every node carries the span of text it came from; nodes that the parser had
// to invent while recovering from an error are simply absent (optional fields), never faked.
import type { Span } from './text';

export interface Name extends Span {
  readonly text: string;
}

export interface NumberLiteral extends Span {
  readonly text: string;
  readonly value: bigint;
}

export interface StringLiteral extends Span {
  /** The characters between the quotes. */
  readonly value: string;
  /** Offset of the first character after the opening quote. */
  readonly valueStart: number;
}

// ---- rules ----

/** `{1, 2}` in a set: numbers in braces. */
export interface NumberSet extends Span {
  readonly kind: 'numbers';
  readonly numbers: readonly NumberLiteral[];
  /** True when the braces had a syntax error (already reported). */
  readonly malformed: boolean;
}

/** The version 3 sets named by one word (contextual: these are names everywhere else). */
export const NAMED_SETS = ['squares', 'cubes', 'triangular', 'primes', 'fibonacci'] as const;
export type NamedSetWord = (typeof NAMED_SETS)[number];
/** The sets named by a word, `of` and a number. */
export const PARAMETRIC_SETS = ['powers', 'multiples'] as const;

/** `squares`, `primes`, …: a named infinite set. */
export interface NamedSet extends Span {
  readonly kind: 'named';
  readonly name: NamedSetWord;
}

/** `powers of K`, `multiples of K`. */
export interface ParametricSet extends Span {
  readonly kind: 'powers' | 'multiples';
  /** Absent when `of` was missing (reported). */
  readonly of?: Span;
  /** Absent when the number was missing (reported). */
  readonly parameter?: NumberLiteral;
}

export type SetTerm = NumberSet | NamedSet | ParametricSet;

/** A subtraction set: terms joined by `|` (their union). */
export interface SetExpression extends Span {
  readonly terms: readonly SetTerm[];
  /** True when any part had a syntax error (already reported): the rule has no meaning. */
  readonly malformed: boolean;
}

/** Every number written in braces in a set, in order. */
export function setNumbers(set: SetExpression): NumberLiteral[] {
  return set.terms.flatMap((term) => (term.kind === 'numbers' ? term.numbers : []));
}

export interface SubtractSet extends Span {
  readonly kind: 'subtract';
  readonly set: SetExpression;
}

export interface SubtractAllExcept extends Span {
  readonly kind: 'subtract-all';
  /** Absent for plain `subtract all` (Nim). */
  readonly except?: SetExpression;
}

export interface OctalCode extends Span {
  readonly kind: 'octal';
  /** 8 for `octal 0.77`, 16 for `hex 0.F7` (digits 0–F; bit 8 leaves three heaps). */
  readonly base: 8 | 16;
  /** The code as written, e.g. `0.137`; absent when it was missing. */
  readonly code?: Span & { readonly text: string };
}

/** `words {"ab", "ba"}`: a dictionary for word games. */
export interface WordsBody extends Span {
  readonly kind: 'words';
  readonly set: Span;
  readonly words: readonly StringLiteral[];
  readonly malformed: boolean;
}

/**
 * A term of a rule of one's own (movesBody.ts reads them): expressions and conditions share one
 * grammar, so that parentheses group either; the checker (movesCheck.ts) says which is which.
 */
export type MovesTerm =
  | (Span & { readonly kind: 'int'; readonly value: bigint })
  | (Span & { readonly kind: 'var'; readonly name: Name })
  | (Span & {
      readonly kind: 'binary';
      readonly op: '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'and' | 'or';
      /** Where the operator is written. */
      readonly at: Span;
      readonly left: MovesTerm;
      readonly right: MovesTerm;
    })
  | (Span & { readonly kind: 'unary'; readonly op: '-' | 'not'; readonly arg: MovesTerm })
  | (Span & { readonly kind: 'call'; readonly fn: Name; readonly args: readonly MovesTerm[] })
  /** `(a)`: kept, so that a position `(x)` of a tuple rule with one number is told from a parenthesis. */
  | (Span & { readonly kind: 'paren'; readonly inner: MovesTerm })
  /** `(x - 1, y)`: a position of a tuple rule. */
  | (Span & { readonly kind: 'tuple'; readonly items: readonly MovesTerm[] })
  /** `[a, n - a]`: a split, the parts a move leaves. */
  | (Span & { readonly kind: 'split'; readonly parts: readonly MovesTerm[] });

/** `for K in A..B` in a clause. Parts absent where the parser recovered (reported). */
export interface MovesLoop extends Span {
  /** The words `for` (absent when it was missing: reported) and `in`. */
  readonly forWord?: Span;
  readonly inWord?: Span;
  readonly variable?: Name;
  readonly from?: MovesTerm;
  readonly to?: MovesTerm;
}

/** `OPTION for … if CONDITION`: one clause of a rule of one's own. */
export interface MovesClauseNode extends Span {
  readonly option?: MovesTerm;
  readonly loops: readonly MovesLoop[];
  /** The word `if`, before the condition. */
  readonly ifWord?: Span;
  readonly condition?: MovesTerm;
}

/** `moves VARS -> CLAUSE | CLAUSE | …`: a rule of one's own. */
export interface MovesBody extends Span {
  readonly kind: 'moves';
  /** The position's variables: one (a heap) or a tuple. */
  readonly variables: readonly Name[];
  /** Written as a tuple `(x, y)` (a tuple of one is a tuple rule too). */
  readonly tuple: boolean;
  readonly clauses: readonly MovesClauseNode[];
  /** True when any part had a syntax error (already reported): the rule has no meaning. */
  readonly malformed: boolean;
}

export type RuleBody = SubtractSet | SubtractAllExcept | OctalCode | WordsBody | MovesBody;

export interface RuleDeclaration extends Span {
  readonly kind: 'rule';
  readonly name?: Name;
  readonly body?: RuleBody;
}

// ---- graphs ----

/** A graph's vertices, numbered (graphBody.ts's VertexTable, which makes a name only when asked). */
export interface GraphVertices {
  get(name: string): number | undefined;
  keys(): Iterable<string>;
  /** Vertex v's name, without making every name. */
  nameOf(v: number): string;
  readonly size: number;
  /** Every vertex's name, by number (made when first asked for). */
  readonly names: readonly string[];
}

/**
 * The body. Line k (an edge line `from -> to, …`, or a lone vertex) has its source vertex
 * `lineFrom[k]` written at `lineStart[k]`, ends at `lineEnd[k]`, and holds edges
 * `lineEdges[k]` to `lineEdges[k + 1]`. Edge e goes from its line's source to `edgeTo[e]`, its
 * target written at `edgeAt[e]`. A vertex's name is as long at every occurrence, so offsets suffice.
 */
export interface GraphBody {
  readonly vertices: GraphVertices;
  readonly lineCount: number;
  readonly lineFrom: Int32Array<ArrayBuffer>;
  readonly lineStart: Int32Array<ArrayBuffer>;
  readonly lineEnd: Int32Array<ArrayBuffer>;
  readonly lineEdges: Int32Array<ArrayBuffer>;
  readonly edgeCount: number;
  readonly edgeTo: Int32Array<ArrayBuffer>;
  readonly edgeAt: Int32Array<ArrayBuffer>;
}

/** One line of a graph body: `a -> b, c`, or a lone vertex `a`. */
export interface EdgeLine extends Span {
  readonly from: Name;
  readonly to: readonly Name[];
}

export interface GraphDeclaration extends Span {
  readonly kind: 'graph';
  readonly name?: Name;
  /** The body in arrays (graphBody.ts): what the checker reads. */
  readonly body: GraphBody;
  /** The body's lines as nodes, made from `body` when first asked for (features read these). */
  readonly lines: readonly EdgeLine[];
}

// ---- games ----

/** `RULE 3 4 5`: one heap per number. */
export interface HeapsComponent extends Span {
  readonly kind: 'heaps';
  readonly rule: Name;
  readonly heaps: readonly NumberLiteral[];
}

/** `GRAPH at a, c`: one token per listed vertex. */
export interface TokensComponent extends Span {
  readonly kind: 'tokens';
  readonly graph: Name;
  readonly at: Span;
  readonly vertices: readonly Name[];
}

/** `RULE "..X.."`: a row configuration; a word game's pieces when there are several strings. */
export interface RowComponent extends Span {
  readonly kind: 'row';
  readonly rule: Name;
  readonly row: StringLiteral;
  /** The strings after the first (`dict "ab" "ba"`): only word games take more than one. */
  readonly more: readonly StringLiteral[];
}

/** `(A, B)`: one parenthesised group of numbers (a Wythoff position has two). */
export interface NumberGroup extends Span {
  readonly numbers: readonly NumberLiteral[];
}

/** `wythoff (3, 5) (1, 2)`: positions as pairs. */
export interface PairsComponent extends Span {
  readonly kind: 'pairs';
  readonly rule: Name;
  readonly pairs: readonly NumberGroup[];
}

/** `leftmost [1, 2] [3, 0, 1]`: rows as bracketed lists. */
export interface ListsComponent extends Span {
  readonly kind: 'lists';
  readonly rule: Name;
  readonly lists: readonly NumberGroup[];
}

/**
 * `A - B`: an edge of a picture (Hackenbush: `ground` is the ground); `A` alone, without `to`: a lone
 * vertex, which the graphs of Node and Arc Kayles may have (a Hackenbush picture may not).
 */
export interface PictureEdge extends Span {
  readonly from: Name;
  readonly to?: Name;
}

/** `{ ground - a, a - b }`: one picture (Hackenbush, a graph of Node or Arc Kayles), its edges in the order written. */
export interface Picture extends Span {
  readonly edges: readonly PictureEdge[];
}

/** `hackenbush { ground - a } { ground - b, b - b }`: pictures in braces. */
export interface PicturesComponent extends Span {
  readonly kind: 'pictures';
  readonly rule: Name;
  readonly pictures: readonly Picture[];
}

/** `[".#..", "...."]`: one board, a string a row (from the top), as written. */
export interface Board extends Span {
  readonly rows: readonly StringLiteral[];
}

/** `cram ["....", ".#.."] ["..."]`: boards in brackets, one bracketed list of strings a board. */
export interface BoardsComponent extends Span {
  readonly kind: 'boards';
  readonly rule: Name;
  readonly boards: readonly Board[];
}

export type Component =
  | HeapsComponent
  | BoardsComponent
  | TokensComponent
  | RowComponent
  | PairsComponent
  | ListsComponent
  | PicturesComponent;

export interface GameDeclaration extends Span {
  readonly kind: 'game';
  readonly name?: Name;
  /** The `misere` keyword, when present. */
  readonly misere?: Span;
  /** The text after `=` (and after `misere`): what a move rewrites. Absent when missing. */
  readonly sum?: Span;
  readonly components: readonly Component[];
}

export type Declaration = RuleDeclaration | GraphDeclaration | GameDeclaration;

export interface SourceFile {
  readonly text: string;
  readonly declarations: readonly Declaration[];
}
