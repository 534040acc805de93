// The extension's own protocol, beside the LSP: the custom requests and the commands the server
// executes or the client registers, with the shapes of their arguments and answers. The server's
// features, the VS Code client and the tests all import these names from here, so that no side
// declares them again. A request or notification is a typed message (RequestType: its method, its
// params and its answer together); a command is its name and the types of its arguments and answer.
// Each custom message's params check is beside it (a client's mistake is InvalidParams). The
// client bundles this file too, and the webview pages import its types.
//
// It reads best whole (over 600 lines): it is one contract, the list a client or a test author reads
// from top to bottom to learn every message beside the LSP, a section per view.
import {
  NotificationType,
  type Position,
  RequestType,
  type TextDocumentPositionParams,
} from 'vscode-languageserver-protocol';
import { InvalidParams, position, record, shown, uinteger, uri } from './paramChecks';

/** The server's command behind every winning-move lens: plays the move as a versioned edit. */
export const APPLY_MOVE_COMMAND = 'grundy.applyMove';

/**
 * The "k more winning moves" lens: the server offers the moves as a choice
 * (`window/showMessageRequest`) and plays the one picked. VS Code's client runs it itself
 * instead (a quick pick of every move, WINNING_MOVES_REQUEST, then APPLY_MOVE_COMMAND).
 */
export const SHOW_MOVES_COMMAND = 'grundy.showMoves';

/** The command of a lens that states a fact (every move loses, computing, not known): the game's hover as a message. */
export const EXPLAIN_GAME_COMMAND = 'grundy.explainGame';

export interface ExplainGameArguments {
  readonly uri: string;
  readonly game: string;
}

/** `grundy.explainGame`'s one argument (what a lens that states a fact carries). */
export function explainArguments(value: unknown): ExplainGameArguments {
  const v = record(value, "grundy.explainGame's argument");
  if (typeof v.uri !== 'string' || typeof v.game !== 'string')
    throw new InvalidParams(`grundy.explainGame needs { uri, game }, not ${shown(value)}`);
  return { uri: v.uri, game: v.game };
}

/**
 * Executed by the server: a game's whole explanation as Markdown (its hover in full, then each
 * component's working: a heap's options and mex, a token's successors), answered as a string. The
 * game is named (`{ uri, game }`) or found at a position (`{ uri, position }`).
 */
export const EXPLAIN_GAME_MARKDOWN_COMMAND = 'grundy.explainGameMarkdown';

export interface ExplainGameMarkdownArguments {
  readonly uri: string;
  readonly game?: string;
  readonly position?: Position;
}

/** `grundy.explainGameMarkdown`'s one argument: a document, and a game by name or by position. */
export function explainGameMarkdownArguments(value: unknown): ExplainGameMarkdownArguments {
  const v = record(value, "grundy.explainGameMarkdown's argument");
  const at = v.position === undefined ? undefined : position(v.position, "grundy.explainGameMarkdown's position");
  if (
    typeof v.uri !== 'string' ||
    (v.game !== undefined && typeof v.game !== 'string') ||
    (!at && v.game === undefined)
  )
    throw new InvalidParams(`grundy.explainGameMarkdown needs { uri, game } or { uri, position }, not ${shown(value)}`);
  return { uri: v.uri, ...(v.game === undefined ? {} : { game: v.game as string }), ...(at ? { position: at } : {}) };
}

/** Registered by the VS Code client: copies EXPLAIN_GAME_MARKDOWN_COMMAND's answer for the game at the cursor. */
export const COPY_EXPLANATION_COMMAND = 'grundy.copyExplanation';

/** Registered by the VS Code client: copies the whole nimber at the cursor (NUMBER_AT_REQUEST). */
export const COPY_NIMBER_COMMAND = 'grundy.copyNimber';

/** Executed by the server: every running computation stops and keeps what it has. Answers how many it stopped. */
export const CANCEL_COMPUTATIONS_COMMAND = 'grundy.cancelComputations';

/** Registered by the VS Code client: restarts the language server. */
export const RESTART_SERVER_COMMAND = 'grundy.restartServer';

/** Registered by the VS Code client: shows the language server's output channel. */
export const SHOW_OUTPUT_COMMAND = 'grundy.showOutput';

/**
 * Registered by the VS Code client: opens a new `.game` document with a first example (the walkthrough's first step).
 */
export const OPEN_EXAMPLE_COMMAND = 'grundy.openExample';

/** Everything needed to find the move again, and to notice that the document moved on. No bigints: JSON. */
export interface ApplyMoveArguments {
  readonly uri: string;
  readonly version: number;
  readonly game: string;
  /** A digest of the game's computation key when the lens was made: the move indexes into that result. */
  readonly key: string;
  readonly index: number;
  /** Which list `index` is into: the winning moves (absent), or a drawn game's moves that keep the draw. */
  readonly list?: 'draw';
}

export function isApplyMoveArguments(value: unknown): value is ApplyMoveArguments {
  const v = value as ApplyMoveArguments;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.uri === 'string' &&
    Number.isInteger(v.version) &&
    typeof v.game === 'string' &&
    typeof v.key === 'string' &&
    Number.isInteger(v.index) &&
    v.index >= 0 &&
    (v.list === undefined || v.list === 'draw')
  );
}

/** `grundy.applyMove`'s one argument (what a lens or the move picker carries). */
export function applyMoveArguments(value: unknown): ApplyMoveArguments {
  if (!isApplyMoveArguments(value))
    throw new InvalidParams(`grundy.applyMove needs { uri, version, game, key, index }, not ${shown(value)}`);
  return value;
}

/** APPLY_MOVE_COMMAND's answer: applied (with the game after the move, long numbers abbreviated), or why not. */
export type ApplyMoveAnswer =
  | { readonly applied: true; readonly after: string; readonly reply?: ReplyAnswer }
  | { readonly applied: false; readonly message: string };

/** What the "k more winning moves" lens passes to the client, which asks WINNING_MOVES_REQUEST for the list. */
export interface ShowMovesArguments {
  readonly uri: string;
  readonly version: number;
  readonly game: string;
  readonly key: string;
  readonly title: string;
}

/** `grundy/winningMoves`' params (what a "k more winning moves" lens carries). */
export function showMovesArguments(value: unknown): ShowMovesArguments {
  const v = record(value, 'params');
  if (
    typeof v.uri !== 'string' ||
    !Number.isInteger(v.version) ||
    typeof v.game !== 'string' ||
    typeof v.key !== 'string' ||
    typeof v.title !== 'string'
  ) {
    throw new InvalidParams(`grundy/winningMoves needs { uri, version, game, key, title }, not ${shown(value)}`);
  }
  return v as unknown as ShowMovesArguments;
}

/** Custom request: every listed winning move of a game, for the client's move picker. Params: ShowMovesArguments. */
export type WinningMovesAnswer =
  | {
      readonly moves: readonly {
        readonly label: string;
        readonly description: string;
        readonly apply: ApplyMoveArguments;
      }[];
      /** Winning moves that exist but were not listed (decimal: counts may exceed 2^53). */
      readonly unlisted: string;
    }
  | { readonly refused: string };

export const WinningMovesRequest = new RequestType<ShowMovesArguments, WinningMovesAnswer, void>('grundy/winningMoves');

/**
 * Custom request: the whole nimber under the cursor (hovers, hints and lenses abbreviate long ones). Params:
 * TextDocumentPositionParams.
 */
export type NumberAtAnswer =
  /** `text`: the value in decimal, whole; `what`: what it is the value of, for a message. */
  { readonly text: string; readonly digits: number; readonly what: string } | { readonly refused: string };

export const NumberAtRequest = new RequestType<TextDocumentPositionParams, NumberAtAnswer, void>('grundy/numberAt');

// ---- the nim-sequence explorer ----

/**
 * Custom request: a heap rule's nim-sequence, for the explorer (VS Code's webview panel) and for
 * anyone else. Params: SequenceParams. Runs in a worker under the computation budget; cancelling
 * the request stops it.
 */
export interface SequenceParams {
  readonly textDocument: { readonly uri: string };
  /** The rule: its name (declared in the document, or built in)… */
  readonly rule?: string;
  /** …or the one at this position (a rule's declaration, or a heap game's rule name). */
  readonly position?: { readonly line: number; readonly character: number };
  /**
   * The values wanted: G(0) to G(upTo) (default SEQUENCE_DEFAULT_UP_TO, at most SEQUENCE_MAX_UP_TO);
   * for Wythoff's game, both heaps up to upTo (default WYTHOFF_DEFAULT_SIZE, at most WYTHOFF_MAX_SIZE).
   */
  readonly upTo?: number;
}

export const SEQUENCE_DEFAULT_UP_TO = 1000;
export const SEQUENCE_MAX_UP_TO = 1 << 20;
export const WYTHOFF_DEFAULT_SIZE = 127;
export const WYTHOFF_MAX_SIZE = 1023;

/**
 * The params of a request about a rule or a graph, named by `params[field]` or found at
 * `params.position`: one of the two is needed, and the name is a string.
 */
function namedOrAt(
  params: unknown,
  field: 'rule' | 'graph' | 'game',
): { readonly p: Record<string, unknown>; readonly name?: string; readonly at?: Position } {
  const p = record(params, 'params');
  const at = p.position === undefined ? undefined : position(p.position, 'params.position');
  const name = p[field];
  if (name !== undefined && typeof name !== 'string')
    throw new InvalidParams(`params.${field} must be a ${field}'s name, not ${shown(name)}`);
  if (name === undefined && at === undefined)
    throw new InvalidParams(`params needs a ${field} (its name) or a position`);
  return { p, ...(name === undefined ? {} : { name }), ...(at ? { at } : {}) };
}

/** SequenceRequest: a document, and a rule by name or by position; how far. */
export function sequenceParams(params: unknown): {
  readonly uri: string;
  readonly rule?: string;
  readonly position?: Position;
  readonly upTo?: number;
} {
  const { p, name, at } = namedOrAt(params, 'rule');
  if (p.upTo !== undefined && (!uinteger(p.upTo) || p.upTo > SEQUENCE_MAX_UP_TO))
    throw new InvalidParams(`params.upTo must be an integer from 0 to ${SEQUENCE_MAX_UP_TO}, not ${shown(p.upTo)}`);
  return {
    uri: uri(p.textDocument, 'params.textDocument'),
    ...(name === undefined ? {} : { rule: name }),
    ...(at ? { position: at } : {}),
    ...(p.upTo === undefined ? {} : { upTo: p.upTo as number }),
  };
}

/** SEQUENCE_REQUEST's answer for a heap rule. */
export interface RuleSequenceAnswer {
  readonly rule: string;
  /** The document's version the answer was made from: a client following edits asks again while it is older. */
  readonly version?: number;
  /** The rule as written out: `subtract {1, 2}`, `octal 0.77`. */
  readonly definition: string;
  readonly family: 'subtract' | 'subtractAllExcept' | 'subtractSet' | 'subtractAllExceptSet' | 'octal' | 'moves';
  /** G(0) … G(values.length - 1): computed up to `computedUpTo`, the rest from the proved period. */
  readonly values: readonly number[];
  readonly computedUpTo: number;
  /** Present when the period is proved: then every value is known. */
  readonly period?: {
    readonly preperiod: number;
    readonly period: number;
    /** 0, or what each period adds (arithmetic periodicity). */
    readonly saltus: number;
    readonly provedAt: number;
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
  };
  /** The proof status in words: "period 12 from n = 71; proved at n = … by …", or "no period up to n = …". */
  readonly status: string;
  /** Why the computation stopped short of `upTo`, when it did (the budget, a cancellation). */
  readonly stopped?: string;
  /**
   * Octal codes: the values split as rare and common by a mask (a value is rare when its bits
   * under the mask have even parity), the mask with the fewest rare heaps among the values.
   */
  readonly rareCommon?: {
    readonly mask: number;
    /** The rare values that occur, ascending. */
    readonly rareValues: readonly number[];
    /** How many heaps (of the values sent) have rare values, and the first of them. */
    readonly rareHeapCount: number;
    readonly rareHeaps: readonly number[];
  };
}

/**
 * SEQUENCE_REQUEST's answer for Wythoff's game (`wythoff`) and for a rule of one's own of two variables (`table`):
 * a heat map of G(a, b), the P-positions (value 0) marked.
 */
export interface WythoffTableAnswer {
  readonly rule: string;
  /** As RuleSequenceAnswer's. */
  readonly version?: number;
  readonly definition: string;
  readonly family: 'wythoff' | 'table';
  /** Both heaps from 0 to size. */
  readonly size: number;
  /** G(a, b) at a·(size + 1) + b. */
  readonly table: readonly number[];
  readonly status: string;
  readonly stopped?: string;
}

export type SequenceAnswer = RuleSequenceAnswer | WythoffTableAnswer | { readonly refused: string };

export const SequenceRequest = new RequestType<SequenceParams, SequenceAnswer, void>('grundy/sequence');

/**
 * Custom request: a heap rule's misère quotient and its heaps' genus, for the explorer's misère
 * view and for anyone else. Params: SequenceParams (`upTo`: the pretending function and the genus
 * shown up to this heap, default QUOTIENT_DEFAULT_UP_TO, at most QUOTIENT_MAX_UP_TO). Runs in a
 * worker under the computation budget; cancelling the request stops it.
 */
export const QuotientRequest = new RequestType<SequenceParams, QuotientAnswer, void>('grundy/quotient');

export const QUOTIENT_DEFAULT_UP_TO = 60;
export const QUOTIENT_MAX_UP_TO = 10_000;
/** Quotients up to this many elements come with their multiplication table. */
export const QUOTIENT_TABLE_MAX = 64;

export type QuotientAnswer =
  | {
      readonly rule: string;
      /** The rule as written out: `octal 0.77`. */
      readonly definition: string;
      /** The quotient is exact for sums of heaps up to this size (and every size when proved). */
      readonly heaps: number;
      readonly size: number;
      readonly tame: boolean;
      /** Element names: normal forms in the generators (`1`, `a`, `ab²`, …); index = element. */
      readonly elements: readonly string[];
      /** The elements in the P-portion (indices into `elements`). */
      readonly pPortion: readonly number[];
      readonly generators: readonly { readonly name: string; readonly heap: number }[];
      readonly relations: readonly string[];
      /** The pretending function: Φ(H_n) for n = 0..upTo (indices into `elements`; −1 unknown). */
      readonly pretending: readonly number[];
      /** Present when the pretending function is seen (or proved) periodic. */
      readonly period?: { readonly start: number; readonly period: number; readonly proved: boolean };
      /** The quotient and its proof status in words. */
      readonly status: string;
      /** Why the quotient stopped short, when it did. */
      readonly stopped?: string;
      /** x·y at x·size + y, for quotients of at most QUOTIENT_TABLE_MAX elements. */
      readonly table?: readonly number[];
      /** Conway's genus of heaps 0, 1, … (as far as the budget allowed). */
      readonly genus: readonly { readonly symbol: string; readonly tame: boolean }[];
      readonly genusStatus: string;
    }
  | { readonly refused: string };

/**
 * Custom request: the joint misère quotient of a misère game's heap rules (two or more, Nim among them): the monoid
 * that decides the game and every misère sum of those rules' heaps, for the explorer's misère view of a set of rules
 * and for anyone else. Params: JointQuotientParams. Runs in a worker under the computation budget; cancelling the
 * request stops it (the answer then says how far it got).
 */
export const JointQuotientRequest = new RequestType<JointQuotientParams, JointQuotientAnswer, void>(
  'grundy/jointQuotient',
);

export interface JointQuotientParams {
  readonly textDocument: { readonly uri: string };
  /** The game: its name… */
  readonly game?: string;
  /** …or the one at this position. */
  readonly position?: { readonly line: number; readonly character: number };
  /**
   * Each rule's pretending function is shown to this heap (default QUOTIENT_DEFAULT_UP_TO, at most
   * QUOTIENT_MAX_UP_TO), and a rule with a window theorem grown this far, or to a proof of its period. A rule
   * without one (Nim) has the game's heaps: its largest there (a quotient with more Nim heaps is another monoid).
   */
  readonly upTo?: number;
}

/** One rule's part of a joint quotient: its pretending function, and how far it is known. */
export interface JointQuotientRule {
  /** As the document names it (`kayles`, `onetwo`). */
  readonly rule: string;
  readonly definition: string;
  /** The quotient is exact for this rule's heaps up to this size (every size when its period is proved). */
  readonly heaps: number;
  /** Φ(H_n) for n = 0..upTo (indices into the answer's `elements`; −1 unknown). */
  readonly pretending: readonly number[];
  readonly period?: { readonly start: number; readonly period: number; readonly proved: boolean };
  /** Its reach and proof in words. */
  readonly status: string;
}

export type JointQuotientAnswer =
  | {
      readonly game: string;
      /** The document's version the answer was made from (a client following edits asks again while older). */
      readonly version: number;
      readonly rules: readonly JointQuotientRule[];
      readonly size: number;
      readonly tame: boolean;
      /** Element names: normal forms in the generators; index = element. */
      readonly elements: readonly string[];
      readonly pPortion: readonly number[];
      /** Each generator: its letter, and the heap (of which rule, as the document names it) it is the image of. */
      readonly generators: readonly { readonly name: string; readonly rule: string; readonly heap: number }[];
      readonly relations: readonly string[];
      /** The quotient in words: its rules, size, P-portion's size, tame or wild. */
      readonly status: string;
      /** Why it stopped short, when it did (which rule's heap, and why). */
      readonly stopped?: string;
      /** x·y at x·size + y, for quotients of at most QUOTIENT_TABLE_MAX elements. */
      readonly table?: readonly number[];
    }
  | { readonly refused: string };

/** JointQuotientRequest: a document, and a game by name or by position; how far. */
export function jointQuotientParams(params: unknown): {
  readonly uri: string;
  readonly game?: string;
  readonly position?: Position;
  readonly upTo?: number;
} {
  const { p, name, at } = namedOrAt(params, 'game');
  if (p.upTo !== undefined && (!uinteger(p.upTo) || p.upTo > QUOTIENT_MAX_UP_TO))
    throw new InvalidParams(`params.upTo must be an integer from 0 to ${QUOTIENT_MAX_UP_TO}, not ${shown(p.upTo)}`);
  return {
    uri: uri(p.textDocument, 'params.textDocument'),
    ...(name === undefined ? {} : { game: name }),
    ...(at ? { position: at } : {}),
    ...(p.upTo === undefined ? {} : { upTo: p.upTo as number }),
  };
}

/**
 * The lens above every misère game of heaps of several rules, and a palette command (VS Code): open the misère view
 * of the game's rules. The server runs it too (other editors), by telling the quotient's summary.
 */
export const EXPLORE_QUOTIENT_COMMAND = 'grundy.exploreQuotient';

export interface ExploreQuotientArguments {
  readonly uri: string;
  readonly game: string;
}

export function exploreQuotientArguments(value: unknown): ExploreQuotientArguments {
  const v = record(value, "grundy.exploreQuotient's argument");
  if (typeof v.uri !== 'string' || typeof v.game !== 'string')
    throw new InvalidParams(`grundy.exploreQuotient needs { uri, game }, not ${shown(value)}`);
  return { uri: v.uri, game: v.game };
}

/**
 * The lens above every heap rule, and a palette command (VS Code): open the explorer. The server
 * executes it too (for other editors), by telling the sequence's first values and status.
 */
export const EXPLORE_SEQUENCE_COMMAND = 'grundy.exploreSequence';

export interface ExploreSequenceArguments {
  readonly uri: string;
  readonly rule: string;
}

export function exploreArguments(value: unknown): ExploreSequenceArguments {
  const v = record(value, "grundy.exploreSequence's argument");
  if (typeof v.uri !== 'string' || typeof v.rule !== 'string')
    throw new InvalidParams(`grundy.exploreSequence needs { uri, rule }, not ${shown(value)}`);
  return { uri: v.uri, rule: v.rule };
}

// ---- status ----

/**
 * Notification from the server, to a client that asks for it (`initializationOptions.status:
 * true`, as VS Code's client does): what is computing, and the last failure. Sent when it changes,
 * at most four times a second.
 */
export interface StatusParams {
  /** Computations running or queued for open documents. */
  readonly computing: number;
  /** The names of the oldest few (games, rules, graphs). */
  readonly labels: readonly string[];
  /** The last computation that failed since the server started, in a line. */
  readonly lastError?: string;
}

export const StatusNotification = new NotificationType<StatusParams>('grundy/status');

// ---- the graph view ----

/**
 * Custom request: a declared graph as the graph view draws it: its vertices with their nimbers,
 * its edges, and the tokens the document's games put on it. Params: GraphParams. A graph of more
 * than GRAPH_DRAWN_VERTICES vertices is summarised instead (counts, and how many vertices have
 * each nimber). Answers at once: nimbers still computing are null, with `computing` set.
 */
/** Graphs up to this many vertices are drawn; larger ones are summarised. */
export const GRAPH_DRAWN_VERTICES = 300;

export interface GraphParams {
  readonly textDocument: { readonly uri: string };
  /** The graph: its name… */
  readonly graph?: string;
  /** …or the one at this position (its declaration, or a game that puts tokens on it). */
  readonly position?: { readonly line: number; readonly character: number };
}

export type GraphAnswer =
  | {
      readonly graph: string;
      readonly vertexCount: number;
      readonly edgeCount: number;
      /** True while the nimbers are being computed (they are null until then). */
      readonly computing: boolean;
      /** Why there are no nimbers: a cycle, a failure, the budget. */
      readonly problem?: string;
      /** How many vertices have each nimber (index: the nimber). */
      readonly nimberCounts: readonly number[];
      /** A graph with cycles: how many vertices are infinite, ∞(K), and how many of those are draws (0 not in K). */
      readonly infiniteCount?: number;
      readonly drawCount?: number;
      /** Present when the graph is drawn (at most GRAPH_DRAWN_VERTICES vertices). */
      readonly drawn?: {
        readonly vertices: readonly GraphVertex[];
        /** [from, to] by index into `vertices`. */
        readonly edges: readonly (readonly [number, number])[];
        /** Which edges lie on a cycle (indexes into `edges`; both ends can reach each other): absent when none do. */
        readonly cycleEdges?: readonly number[];
        /** Tokens the document's games put on the graph: the game, and the vertex (an index). */
        readonly tokens: readonly { readonly game: string; readonly vertex: number }[];
      };
    }
  | { readonly refused: string };

/** A vertex of a drawn graph: its name and value, and who wins with one token on it. */
export interface GraphVertex {
  readonly name: string;
  /** Its nimber; null while computing, when unknown, or when it is infinite. */
  readonly nimber: number | null;
  /** On a graph with cycles, a vertex whose value is ∞(K): K, the finite values among its options. */
  readonly infinite?: readonly number[];
  /** One token here, the player to move: N wins, P loses, D draws (infinite play); absent while unknown. */
  readonly outcome?: 'N' | 'P' | 'D';
}

export const GraphRequest = new RequestType<GraphParams, GraphAnswer, void>('grundy/graph');

/** GraphRequest: a document, and a graph by name or by position. */
export function graphParams(params: unknown): {
  readonly uri: string;
  readonly graph?: string;
  readonly position?: Position;
} {
  const { p, name, at } = namedOrAt(params, 'graph');
  return {
    uri: uri(p.textDocument, 'params.textDocument'),
    ...(name === undefined ? {} : { graph: name }),
    ...(at ? { position: at } : {}),
  };
}

/**
 * The lens above every graph, and a palette command (VS Code): open the graph view. The server runs it by telling a
 * summary.
 */
export const SHOW_GRAPH_COMMAND = 'grundy.showGraph';

export interface ShowGraphArguments {
  readonly uri: string;
  readonly graph: string;
}

export function showGraphArguments(value: unknown): ShowGraphArguments {
  const v = record(value, "grundy.showGraph's argument");
  if (typeof v.uri !== 'string' || typeof v.graph !== 'string')
    throw new InvalidParams(`grundy.showGraph needs { uri, graph }, not ${shown(value)}`);
  return { uri: v.uri, graph: v.graph };
}

// ---- the picture view (Green Hackenbush) ----

/**
 * Custom request: a Hackenbush picture of a game as the view draws it: its vertices (0 is the
 * ground), its edges as written, the cuts that win the game and the edges not joined to the
 * ground. Params: PictureParams. A picture of more than GRAPH_DRAWN_VERTICES vertices is
 * summarised. Answers at once: a value still computing is null, with `computing` set.
 */
export interface PictureParams {
  readonly textDocument: { readonly uri: string };
  /** The game: its name and the picture's index among its pictures (from 0)… */
  readonly game?: string;
  readonly picture?: number;
  /** …or the picture at this position. */
  readonly position?: { readonly line: number; readonly character: number };
}

export type PictureAnswer =
  | {
      readonly game: string;
      /** The picture's index among the game's pictures (from 0), and how many it has. */
      readonly picture: number;
      readonly pictures: number;
      readonly vertexCount: number;
      readonly edgeCount: number;
      readonly computing: boolean;
      /** Why there is no value: errors in the game, a failure, the budget. */
      readonly problem?: string;
      /** The picture's nimber, and the whole game's (null until known, or in misère play). */
      readonly nimber: number | null;
      readonly gameNimber: number | null;
      /** Present when the picture is drawn (at most GRAPH_DRAWN_VERTICES vertices). */
      readonly drawn?: {
        /** Vertex names; 0 is `ground`. */
        readonly vertices: readonly string[];
        /** [one end, the other] by index into `vertices`, in the order written. */
        readonly edges: readonly (readonly [number, number])[];
        /** Edges (indices) whose cut wins the game (listed winning moves only). */
        readonly winning: readonly number[];
        /** Edges (indices) not joined to the ground: no part of the game. */
        readonly loose: readonly number[];
      };
    }
  | { readonly refused: string };

export const PictureRequest = new RequestType<PictureParams, PictureAnswer, void>('grundy/picture');

/** PictureRequest: a document, and a picture by game and index or by position. */
export function pictureParams(params: unknown): {
  readonly uri: string;
  readonly game?: string;
  readonly picture?: number;
  readonly position?: Position;
} {
  const { p, name, at } = namedOrAt(params, 'game');
  const index = p.picture;
  if (index !== undefined && !(typeof index === 'number' && Number.isSafeInteger(index) && index >= 0))
    throw new InvalidParams(`params.picture must be a picture's index (0, 1, …), not ${shown(index)}`);
  return {
    uri: uri(p.textDocument, 'params.textDocument'),
    ...(name === undefined ? {} : { game: name, picture: (index as number | undefined) ?? 0 }),
    ...(at ? { position: at } : {}),
  };
}

/** The lens above each picture of a game: open the picture view (VS Code); the server tells a summary. */
export const SHOW_PICTURE_COMMAND = 'grundy.showPicture';

export interface ShowPictureArguments {
  readonly uri: string;
  readonly game: string;
  readonly picture: number;
}

export function showPictureArguments(value: unknown): ShowPictureArguments {
  const v = record(value, "grundy.showPicture's argument");
  if (typeof v.uri !== 'string' || typeof v.game !== 'string' || !Number.isSafeInteger(v.picture))
    throw new InvalidParams(`grundy.showPicture needs { uri, game, picture }, not ${shown(value)}`);
  return { uri: v.uri, game: v.game, picture: v.picture as number };
}

// ---- the board view (Cram, Chomp, Node Kayles, Arc Kayles) ----

/**
 * Custom request: a board of a game as the board view draws it: a Cram board's cells, a Chomp
 * staircase, the graph of Node or Arc Kayles; and the game's winning moves on it, each with what
 * APPLY_MOVE_COMMAND needs to play it (the board view plays a move as its lens does). Params:
 * BoardParams. A board of more than BOARD_DRAWN_CELLS cells or squares, or a graph of more than
 * GRAPH_DRAWN_VERTICES vertices, is summarised (`tooLarge` says so). Answers at once: a value still
 * computing is null, with `computing` set.
 */
export interface BoardParams {
  readonly textDocument: { readonly uri: string };
  /** The game: its name and the board's index among its boards and graphs (from 0, over all its such components)… */
  readonly game?: string;
  readonly board?: number;
  /** …or the board at this position. */
  readonly position?: { readonly line: number; readonly character: number };
}

/** Cram boards up to this many cells, and Chomp boards up to this many squares, are drawn; larger ones summarised. */
export const BOARD_DRAWN_CELLS = 1024;

/** What every winning move on a drawn board carries: how to play it, and how it is written. */
export interface BoardMove {
  /** Its index among the game's listed winning moves: ApplyMoveArguments' `index`. */
  readonly index: number;
  /** As its lens is titled (without the ▶), and in words. */
  readonly label: string;
  readonly description: string;
}

/** A drawn board, by kind. Rows and columns count from 1, as moves are written. */
export type BoardDrawing =
  | {
      readonly kind: 'cram';
      /** The rows from the top, as written: `.` an empty cell, `#` a filled one. */
      readonly rows: readonly string[];
      /** Each winning placement's two cells, [row, column] (row 1 the top). */
      readonly winning: readonly (BoardMove & {
        readonly cells: readonly [readonly [number, number], readonly [number, number]];
      })[];
    }
  | {
      readonly kind: 'chomp';
      /** The rows' lengths from the bottom up; the square at row 1, column 1 is poisoned. */
      readonly rows: readonly number[];
      /** Each winning square (row 1 the bottom): taking it takes every square above it and to its right. */
      readonly winning: readonly (BoardMove & { readonly row: number; readonly column: number })[];
    }
  | {
      readonly kind: 'node-kayles';
      readonly vertices: readonly string[];
      /** [one end, the other] by index into `vertices`. */
      readonly edges: readonly (readonly [number, number])[];
      /** Each winning vertex (an index into `vertices`): taking it takes its neighbours. */
      readonly winning: readonly (BoardMove & { readonly vertex: number })[];
    }
  | {
      readonly kind: 'arc-kayles';
      readonly vertices: readonly string[];
      readonly edges: readonly (readonly [number, number])[];
      /** Each winning edge (an index into `edges`): taking it takes both its ends. */
      readonly winning: readonly (BoardMove & { readonly edge: number })[];
    };

export type BoardAnswer =
  | {
      readonly game: string;
      /** The board's index among the game's boards and graphs (from 0), and how many it has. */
      readonly board: number;
      readonly boards: number;
      readonly kind: BoardDrawing['kind'];
      /** The board's size in words: `3 × 4 cells, 1 filled`, `4 rows, 12 squares`, `5 vertices, 5 edges`. */
      readonly size: string;
      readonly play: 'normal' | 'misere';
      /** The document's version the answer was made from (a click plays into this version, or is refused). */
      readonly version: number;
      readonly computing: boolean;
      /** Why there is no value: errors in the game, a failure, the budget. */
      readonly problem?: string;
      /** The board's nimber and the whole game's, in decimal (long ones abbreviated); null until known, or misère. */
      readonly nimber: string | null;
      readonly gameNimber: string | null;
      /** The whole game's outcome: N, the player to move wins; P, loses; D, a draw; null while unknown. */
      readonly outcome: 'N' | 'P' | 'D' | null;
      /** ApplyMoveArguments' `key` for the winning moves (present once the value is known). */
      readonly key?: string;
      /** Listed winning moves of the game that are not on this board (another board or component). */
      readonly elsewhere: number;
      /** Winning moves that exist but were not listed (decimal): the board shows the listed ones. */
      readonly unlisted: string;
      /** Present when the board is drawn. */
      readonly drawn?: BoardDrawing;
      /** Why the board is not drawn (its size past the view's limit). */
      readonly tooLarge?: string;
    }
  | { readonly refused: string };

export const BoardRequest = new RequestType<BoardParams, BoardAnswer, void>('grundy/board');

/** BoardRequest: a document, and a board by game and index or by position. */
export function boardParams(params: unknown): {
  readonly uri: string;
  readonly game?: string;
  readonly board?: number;
  readonly position?: Position;
} {
  const { p, name, at } = namedOrAt(params, 'game');
  const index = p.board;
  if (index !== undefined && !(typeof index === 'number' && Number.isSafeInteger(index) && index >= 0))
    throw new InvalidParams(`params.board must be a board's index (0, 1, …), not ${shown(index)}`);
  return {
    uri: uri(p.textDocument, 'params.textDocument'),
    ...(name === undefined ? {} : { game: name, board: (index as number | undefined) ?? 0 }),
    ...(at ? { position: at } : {}),
  };
}

/**
 * The lens above each board of a game, and a palette command (VS Code): open the board view. The server runs it by
 * telling a summary.
 */
export const SHOW_BOARD_COMMAND = 'grundy.showBoard';

export interface ShowBoardArguments {
  readonly uri: string;
  readonly game: string;
  readonly board: number;
}

export function showBoardArguments(value: unknown): ShowBoardArguments {
  const v = record(value, "grundy.showBoard's argument");
  if (
    typeof v.uri !== 'string' ||
    typeof v.game !== 'string' ||
    !(typeof v.board === 'number' && Number.isSafeInteger(v.board) && v.board >= 0)
  )
    throw new InvalidParams(`grundy.showBoard needs { uri, game, board }, not ${shown(value)}`);
  return { uri: v.uri, game: v.game, board: v.board as number };
}

// ---- what lenses and hints carry to be resolved ----

/**
 * What an unresolved lens carries, enough to make its command again and to notice a change: the
 * document's number (DocumentView.number) and version, the index of the game among the document's
 * games and of the lens among the game's lenses. An array: it is sent thousands of times.
 */
export type LensData = readonly [document: number, version: number, game: number, lens: number];

/**
 * What a hint sent without its tooltip carries (to a client that resolves tooltips): the document's
 * number (DocumentView.number), nothing more. On resolve the hint is found again by its position
 * and label. A tooltip was most of a hint's bytes, and a document of 2,000 games has 5,000 hints:
 * in the whole document's answer (440 KB), what `data` said besides the document (its version,
 * the game and the component) was a sixth of the bytes to write and to read.
 */
export type HintData = number;

/**
 * Executed by the server: starts play mode for one game (the lens "▶ Play against the computer").
 * The user moves (a winning-move lens, or an edit of the game's text that is one legal move) and
 * the computer answers with REPLY_COMMAND. Arguments: PlayArguments. Answers PlayAnswer.
 */
export const PLAY_COMMAND = 'grundy.play';

/** Executed by the server: ends play mode for one game. Arguments: PlayArguments. */
export const STOP_PLAY_COMMAND = 'grundy.stopPlay';

/**
 * Executed by the server: the computer makes its move in a game, as a versioned edit through
 * `workspace/applyEdit` (one undo step), and answers ReplyAnswer. It wins as fast as it can from a
 * winning position and holds on as long as it can from a losing one (largest remoteness); from a
 * drawn one (a graph with cycles) it keeps the draw. In play mode the position must be the one the
 * computer left, or one legal move from it; otherwise the command is refused and the text kept; a
 * position met again at the user's turn is offered as a draw by repetition (`window/showMessageRequest`).
 * Arguments: ReplyArguments.
 */
export const REPLY_COMMAND = 'grundy.reply';

/** A game by name, or (VS Code's palette) the game whose declaration holds `position`. */
export type PlayArguments =
  | { readonly uri: string; readonly game: string }
  | { readonly uri: string; readonly position: Position };

export function playArguments(value: unknown, command = PLAY_COMMAND): PlayArguments {
  const v = record(value, `${command}'s argument`);
  if (typeof v.uri === 'string' && typeof v.game === 'string') return { uri: v.uri, game: v.game };
  if (typeof v.uri === 'string' && v.position !== undefined)
    return { uri: v.uri, position: position(v.position, `${command}'s position`) };
  throw new InvalidParams(`${command} needs { uri, game } or { uri, position }, not ${shown(value)}`);
}

export interface PlayAnswer {
  readonly started: boolean;
  readonly message: string;
}

export interface ReplyArguments {
  readonly uri: string;
  /** The document's version the caller saw: a reply to another version is refused. */
  readonly version: number;
  readonly game: string;
  /**
   * Set by a client that calls after every edit (VS Code's play mode): a position that is not yet
   * one legal move is answered (`waiting`, `not-a-move`) without an error and without a message.
   */
  readonly auto?: boolean;
}

export function replyArguments(value: unknown): ReplyArguments {
  const v = record(value, `${REPLY_COMMAND}'s argument`);
  if (
    typeof v.uri !== 'string' ||
    !Number.isInteger(v.version) ||
    typeof v.game !== 'string' ||
    (v.auto !== undefined && typeof v.auto !== 'boolean')
  )
    throw new InvalidParams(`${REPLY_COMMAND} needs { uri, version, game }, not ${shown(value)}`);
  return { uri: v.uri, version: v.version as number, game: v.game, ...(v.auto ? { auto: true } : {}) };
}

/**
 * REPLY_COMMAND's answer. `moved`: the computer's move (as a lens would label it, in words, and the
 * game after it), who is then to move and how long the game lasts (`remoteness`, when the search
 * reached it). `over`: the game ended (`winner`; `draw`: the computer's move brought back a position
 * met before, and the user called the game a draw by repetition). `waiting`: the position is the one
 * the computer left (it is the user's move). `not-a-move`: the text is not one legal move from that position.
 */
export type ReplyAnswer =
  | {
      readonly status: 'moved';
      readonly message: string;
      readonly label: string;
      readonly description: string;
      readonly after: string;
      readonly remoteness?: number;
      /** Who wins now that it is the user's move, with best play (`draw`: neither, the game never ends). */
      readonly userOutcome?: 'win' | 'lose' | 'draw';
      readonly winner?: 'you' | 'computer';
    }
  | { readonly status: 'over'; readonly message: string; readonly winner: 'you' | 'computer' | 'draw' }
  | { readonly status: 'waiting' | 'not-a-move' | 'not-applied'; readonly message: string };

// ---- the game tree ----

/** How many children of a node the game tree lists (it counts them all). */
export const GAME_TREE_MAX_CHILDREN = 60;

/**
 * Custom request: a node of a game's tree, for the graph panel's tree view. The node is the position
 * reached from the game as written by `path`, each step a move's index among the listed children of
 * the node before (from 0); its children are its moves. `root`, from an earlier answer, says which
 * game the path was made for: when the game has changed since, the path is refused. Computed in a
 * worker under a small budget. Params: GameTreeParams; answer: GameTreeAnswer.
 */
export interface GameTreeParams {
  readonly textDocument: { readonly uri: string };
  /** The game: its name… */
  readonly game?: string;
  /** …or the one whose declaration holds this position. */
  readonly position?: { readonly line: number; readonly character: number };
  /** Move indexes from the game's position (none: the game itself). */
  readonly path?: readonly number[];
  /** The answer's `root` the path was made for. */
  readonly root?: string;
}

/** A position's value as the tree shows it. */
export interface GameTreeValue {
  /** The nimber in decimal (normal play, when known). */
  readonly nimber: string | null;
  /** Who wins: N (the player to move) or P (the other), D neither (a draw); null when unknown. */
  readonly outcome: 'N' | 'P' | 'D' | null;
  /** Tokens on a graph with cycles: the value is Smith's ∞(K), K here in decimal (ascending; nimber null). */
  readonly infinite?: readonly string[];
  /** How many moves are left with best play (Smith's remoteness), when the search reached it (never for a draw). */
  readonly remoteness?: number;
  /** Why the value is unknown. */
  readonly reason?: string;
}

export interface GameTreeChild extends GameTreeValue {
  /** The move, e.g. `5 → 2`, `5 → 1+2`, `a → c`. */
  readonly label: string;
  /** The position after it, written as in a game (long ones shortened with …). */
  readonly position: string;
  /** The position after it has moves, and is not one met above (`repeats`): it can be opened. */
  readonly hasChildren: boolean;
  /**
   * A back edge (play may go round a graph's cycle): the position after the move is the one this many
   * steps up the path from the root (0: this node itself). The tree does not open it again.
   */
  readonly repeats?: number;
}

export type GameTreeAnswer =
  | (GameTreeValue & {
      readonly game: string;
      readonly play: 'normal' | 'misere';
      readonly path: readonly number[];
      /** Which game the path is good for: send it back with the next path. */
      readonly root: string;
      readonly position: string;
      readonly children: readonly GameTreeChild[];
      /** How many moves the position has; null when they are not listed (`movesReason` says why). */
      readonly moveCount: number | null;
      readonly movesReason?: string;
    })
  | { readonly refused: string };

export const GameTreeRequest = new RequestType<GameTreeParams, GameTreeAnswer, void>('grundy/gameTree');

/** GameTreeRequest: a document, a game by name or by position, a path of move indexes and perhaps the root's hash. */
export function gameTreeParams(params: unknown): {
  readonly uri: string;
  readonly game?: string;
  readonly position?: Position;
  readonly path: readonly number[];
  readonly root?: string;
} {
  const { p, name, at } = namedOrAt(params, 'game');
  const path = p.path ?? [];
  if (!Array.isArray(path) || !path.every(uinteger) || path.length > 10_000)
    throw new InvalidParams(`params.path must be a list of move indexes (0, 1, …), not ${shown(path)}`);
  if (p.root !== undefined && typeof p.root !== 'string')
    throw new InvalidParams(`params.root must be a string from an earlier answer, not ${shown(p.root)}`);
  return {
    uri: uri(p.textDocument, 'params.textDocument'),
    ...(name === undefined ? {} : { game: name }),
    ...(at ? { position: at } : {}),
    path: path as number[],
    ...(p.root === undefined ? {} : { root: p.root as string }),
  };
}

/**
 * Executed by the server, and a palette command (VS Code): show a game's tree. VS Code's client opens
 * it in the graph panel; the server, for other editors, tells the game's moves and their values as a
 * message. Arguments: ShowGameTreeArguments.
 */
export const SHOW_GAME_TREE_COMMAND = 'grundy.showGameTree';

export interface ShowGameTreeArguments {
  readonly uri: string;
  readonly game: string;
}

export function showGameTreeArguments(value: unknown): ShowGameTreeArguments {
  const v = record(value, `${SHOW_GAME_TREE_COMMAND}'s argument`);
  if (typeof v.uri !== 'string' || typeof v.game !== 'string')
    throw new InvalidParams(`${SHOW_GAME_TREE_COMMAND} needs { uri, game }, not ${shown(value)}`);
  return { uri: v.uri, game: v.game };
}
