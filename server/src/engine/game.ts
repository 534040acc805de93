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
// Misère play: Nim's rule exactly (misere.ts, Bouton), any other sum by the exact budgeted search.
import type { ComponentInput, ComponentMove, GameInput, GameMove } from './gameTypes';
import { graphNimbers } from './graph';
import { heapNimber, ruleKey, sequenceNimber } from './heap';
import { MAX_THREE_WAY_HEAP, leavesThreeHeaps } from './hex';
import { leftmostMovesTo, leftmostNimber } from './leftmost';
import { misereNim, misereSearch } from './misere';
import { type WordPieceValues, wordMoveLeaves, wordMovesTo, wordPiece, wordPieceValues } from './words';
import { MAX_WYTHOFF_TABLE, type WythoffTable, isWythoffP, wythoffMovesTo, wythoffNimber, wythoffTable, wythoffWinningMoves } from './wythoff';
import { describeStop } from './budget';
import { sortedUnique } from './sequence';
import { TREBLECROSS_OCTAL, analyzeTreblecross, treblecrossMovesTo } from './treblecross';
import type { Budget, GraphData, GraphNimbers, HeapRule, HeapSequence, StopCause, TreblecrossAnalysis } from './types';
import { type Unit, unitOptions, wordDeletions } from './unitOptions';

/**
 * What the engine may reuse between calls: rule sequences by `ruleKey`, graph nimbers by graph.
 * The caller owns it (one per server, say); the engine only adds results that are exact.
 */
export interface EngineCache {
  readonly sequences: Map<string, HeapSequence>;
  readonly graphs: WeakMap<GraphData, GraphNimbers>;
  /** Wythoff nimbers: the largest square computed so far. */
  wythoff?: WythoffTable;
  /** Word pieces' interval tables, by dictionary and piece (the last WORD_PIECES_KEPT). */
  readonly wordPieces: Map<string, WordPieceValues>;
}

export function createEngineCache(): EngineCache {
  return { sequences: new Map(), graphs: new WeakMap(), wordPieces: new Map() };
}

const WORD_PIECES_KEPT = 256;

export interface GameOptions {
  readonly budget?: Budget;
  readonly cache?: EngineCache;
  /** List at most this many winning moves; `winningMoveCount` still counts them all. Default 1000. */
  readonly maxMoves?: number;
}

/** The value of one component. */
export interface ComponentAnalysis {
  /**
   * value: `nimber` is its nimber. unknown: not computed within the budget (reason says how far
   * it got). immediate-win: a Treblecross row the player to move completes at once. over: a
   * Treblecross row with three in a row already.
   */
  readonly status: 'value' | 'unknown' | 'immediate-win' | 'over';
  /** The component's nimber (XOR of its parts) when status is value. */
  readonly nimber: bigint | null;
  /** Heaps: each heap's nimber; tokens: each token's vertex's; an octal row: each run of X's. Null where unknown. */
  readonly parts: readonly (bigint | null)[];
  readonly reason?: string;
  /** Heaps and octal rows: the rule's sequence as far as it was computed. */
  readonly sequence?: HeapSequence;
  /** Tokens: every vertex's nimber. */
  readonly graph?: GraphNimbers;
  /** Treblecross rows. */
  readonly treblecross?: TreblecrossAnalysis;
  /** Wythoff: the nimber table used (it holds every position of the component when status is value). */
  readonly wythoff?: WythoffTable;
  /** Words: each piece's interval table. */
  readonly wordPieces?: readonly WordPieceValues[];
}

export interface GameAnalysis {
  readonly play: 'normal' | 'misere';
  readonly components: readonly ComponentAnalysis[];
  /** Normal play: the XOR of the components' nimbers. Null in misère play, when a row is won at once or over, or when unknown. */
  readonly nimber: bigint | null;
  /** N: the player to move wins; P: the player to move loses; null: not known (see reason). */
  readonly outcome: 'N' | 'P' | null;
  /** Why the outcome is unknown, or why there is no nimber. */
  readonly reason?: string;
  /** Why the misère search stopped before deciding the outcome (budget, cancellation or its size limit). */
  readonly stop?: StopCause;
  /** Winning moves, in component order, at most maxMoves of them. */
  readonly winningMoves: readonly GameMove[];
  /** How many winning moves there are in all. */
  readonly winningMoveCount: bigint;
}

const DEFAULT_MAX_MOVES = 1000;

/** Misère search gives up on heaps larger than this: a heap of n alone has up to n options. */
export const MISERE_MAX_HEAP = 10_000;

/** Collects moves: lists the first `limit`, counts all. */
class MoveList {
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

export function analyzeGame(input: GameInput, options: GameOptions = {}): GameAnalysis {
  const budget = options.budget ?? {};
  const cache = options.cache ?? createEngineCache();
  const maxMoves = options.maxMoves ?? DEFAULT_MAX_MOVES;
  const components = input.components.map((component) => analyzeComponent(component, budget, cache));
  if (input.play === 'misere') return misereGame(input, components, budget, maxMoves);
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
    return { ...base, nimber: null, outcome: 'N', reason: 'a row can be completed at once: three in a row wins', winningMoves: list.moves, winningMoveCount: list.count };
  }
  const lone = input.components.length === 1 ? input.components[0] : undefined;
  if (lone?.kind === 'wythoff' && lone.positions.length === 1) {
    // One Wythoff position: who wins, and every winning move, from the Beatty pairs, for heaps of
    // any size (its nimber is given when the table reaches it).
    const [a, b] = lone.positions[0];
    const nimber = components[0].nimber;
    if (isWythoffP(a, b)) return { ...base, ...none, nimber, outcome: 'P' };
    for (const move of wythoffWinningMoves(a, b)) list.add(0, { kind: 'wythoff', position: 0, to: move.to });
    return { ...base, nimber, outcome: 'N', winningMoves: list.moves, winningMoveCount: list.count, ...(nimber === null ? { reason: 'who wins comes from the Beatty pairs; the nimber is beyond the computed table' } : {}) };
  }
  const unknown = components.find((c) => c.status === 'unknown');
  if (unknown) return { ...base, ...none, nimber: null, outcome: null, reason: unknown.reason };

  const total = components.reduce((x, c) => x ^ c.nimber!, 0n);
  if (total === 0n) return { ...base, ...none, nimber: 0n, outcome: 'P' };
  input.components.forEach((component, index) => componentMovesTo(component, components[index], index, total, list));
  return { ...base, nimber: total, outcome: 'N', winningMoves: list.moves, winningMoveCount: list.count };
}

// ---------------------------------------------------------------------------------------------
// Values of components

type Of<K extends ComponentInput['kind']> = Extract<ComponentInput, { kind: K }>;

/**
 * Every family of components, by kind: how its value is computed and how it moves to a given
 * nimber. The rest of the engine reaches a family only through this table; the mapped type makes
 * a kind without an entry a compile error. (Misère play searches over units: unitOptions.ts.)
 */
const FAMILIES: {
  readonly [K in ComponentInput['kind']]: {
    value(component: Of<K>, budget: Budget, cache: EngineCache): ComponentAnalysis;
    /** Every move of the component to a position whose nimber makes the sum's XOR 0. */
    movesTo(component: Of<K>, value: ComponentAnalysis, index: number, total: bigint, list: MoveList): void;
  };
} = {
  heaps: { value: (c, budget, cache) => heapsValue(c.rule, c.heaps, budget, cache), movesTo: heapComponentMovesTo },
  'octal-row': { value: (c, budget, cache) => heapsValue(c.rule, xRuns(c.cells).map(([, length]) => BigInt(length)), budget, cache), movesTo: octalRowMovesTo },
  tokens: { value: (c, budget, cache) => tokensValue(c.graph, c.vertices, budget, cache), movesTo: tokenMovesTo },
  treblecross: { value: (c, budget, cache) => treblecrossValue(c.cells, budget, cache), movesTo: treblecrossComponentMovesTo },
  wythoff: { value: wythoffValue, movesTo: wythoffComponentMovesTo },
  leftmost: { value: leftmostValue, movesTo: leftmostComponentMovesTo },
  words: { value: wordsValue, movesTo: wordsComponentMovesTo },
};

function analyzeComponent(component: ComponentInput, budget: Budget, cache: EngineCache): ComponentAnalysis {
  return (FAMILIES[component.kind].value as (c: ComponentInput, b: Budget, k: EngineCache) => ComponentAnalysis)(component, budget, cache);
}

function componentMovesTo(component: ComponentInput, value: ComponentAnalysis, index: number, total: bigint, list: MoveList): void {
  (FAMILIES[component.kind].movesTo as (c: ComponentInput, v: ComponentAnalysis, i: number, t: bigint, l: MoveList) => void)(component, value, index, total, list);
}

// ---- Wythoff, leftmost, words ----

/** Wythoff nimbers are tabled up to at least this (one table per cache, grown when a larger heap needs it). */
const WYTHOFF_TABLE_MIN = 64;

function wythoffValue(component: Of<'wythoff'>, budget: Budget, cache: EngineCache): ComponentAnalysis {
  let largest = 0n;
  for (const [a, b] of component.positions) largest = [largest, a, b].reduce((x, y) => (y > x ? y : x));
  let table = cache.wythoff;
  if ((!table || BigInt(table.size) < largest) && largest <= BigInt(MAX_WYTHOFF_TABLE)) {
    // Grow by doubling, so that a document's heaps do not each cost a new table.
    const size = Math.min(MAX_WYTHOFF_TABLE, Math.max(WYTHOFF_TABLE_MIN, Number(largest), 2 * (table?.size ?? 0)));
    const computed = wythoffTable(size, budget);
    if (!table || computed.size > table.size) table = computed;
    if (!computed.stop) cache.wythoff = computed;
  }
  const parts = component.positions.map(([a, b]) => (table ? (wythoffNimber(table, a, b) ?? null) : null));
  const known = (g: number | null): g is number => g !== null;
  if (parts.every(known)) return { status: 'value', nimber: parts.reduce<bigint>((x, g) => x ^ BigInt(g), 0n), parts: parts.map(BigInt), ...(table ? { wythoff: table } : {}) };
  const reach = table ? table.size : -1;
  const reason =
    largest > BigInt(MAX_WYTHOFF_TABLE)
      ? `Wythoff nimbers have no known formula; they are computed for heaps up to ${MAX_WYTHOFF_TABLE.toLocaleString('en-US')}, and this position has a heap of ${largest}`
      : `Wythoff nimbers were computed for heaps up to ${Math.max(reach, 0)} before the budget ran out${table?.stop ? ` (${describeStop(table.stop)})` : ''}`;
  return { status: 'unknown', nimber: null, parts: parts.map((g) => (g === null ? null : BigInt(g))), reason, ...(table ? { wythoff: table } : {}) };
}

function wythoffComponentMovesTo(component: Of<'wythoff'>, value: ComponentAnalysis, index: number, total: bigint, list: MoveList): void {
  const table = value.wythoff!;
  const seen = new Set<string>();
  component.positions.forEach(([a, b], position) => {
    const key = `${a},${b}`;
    if (seen.has(key)) return; // equal positions: the same moves
    seen.add(key);
    const target = value.parts[position]! ^ total;
    if (target > 0xffffn) return; // table values are below 2^16
    for (const move of wythoffMovesTo(table, a, b, Number(target))) list.add(index, { kind: 'wythoff', position, to: move.to });
  });
}

function leftmostValue(component: Of<'leftmost'>): ComponentAnalysis {
  const parts = component.rows.map((row) => leftmostNimber(row));
  return { status: 'value', nimber: parts.reduce((x, g) => x ^ g, 0n), parts };
}

function leftmostComponentMovesTo(component: Of<'leftmost'>, value: ComponentAnalysis, index: number, total: bigint, list: MoveList): void {
  const seen = new Set<string>();
  component.rows.forEach((piles, row) => {
    const key = piles.join(',');
    if (seen.has(key)) return;
    seen.add(key);
    for (const move of leftmostMovesTo(piles, value.parts[row]! ^ total)) list.add(index, { kind: 'leftmost', row, pile: move.pile, to: move.to });
  });
}

/** The pieces a word move leaves, as a position: empty ones dropped, order ignored. */
const piecesKey = (pieces: readonly string[]) => JSON.stringify(pieces.filter((p) => p.length > 0).sort());

function wordsValue(component: Of<'words'>, budget: Budget, cache: EngineCache): ComponentAnalysis {
  const dictionary = [...new Set(component.words)].sort();
  const pieces = component.pieces.map((text) => {
    const key = `${JSON.stringify(dictionary)}\u0000${text}`;
    let values = cache.wordPieces.get(key);
    if (!values) {
      values = wordPieceValues(wordPiece(text, dictionary), budget);
      if (values.nimber !== null) {
        if (cache.wordPieces.size >= WORD_PIECES_KEPT) cache.wordPieces.delete(cache.wordPieces.keys().next().value as string);
        cache.wordPieces.set(key, values);
      }
    }
    return values;
  });
  const parts = pieces.map((p) => (p.nimber === null ? null : BigInt(p.nimber)));
  const unknown = pieces.find((p) => p.nimber === null);
  if (unknown) return { status: 'unknown', nimber: null, parts, reason: unknown.reason ?? 'not computed', wordPieces: pieces };
  return { status: 'value', nimber: parts.reduce<bigint>((x, g) => x ^ g!, 0n), parts, wordPieces: pieces };
}

function wordsComponentMovesTo(component: Of<'words'>, value: ComponentAnalysis, index: number, total: bigint, list: MoveList): void {
  const seen = new Set<string>();
  value.wordPieces!.forEach((piece, pieceIndex) => {
    const text = component.pieces[pieceIndex];
    if (seen.has(text)) return;
    seen.add(text);
    const target = value.parts[pieceIndex]! ^ total;
    if (target > 0xffffffffn) return;
    const reached = new Set<string>(); // deleting "ab" or "ba" from "aba" leaves the same piece
    for (const move of wordMovesTo(piece, Number(target))) {
      const leaves = wordMoveLeaves(piece.piece, move);
      const key = piecesKey(leaves);
      if (reached.has(key)) continue;
      reached.add(key);
      list.add(index, { kind: 'word', piece: pieceIndex, start: move.start, length: move.length, leaves });
    }
  });
}

/** Keeps the better of a cached and a new sequence of one rule: complete, or else longer. */
export function rememberSequence(cache: EngineCache, sequence: HeapSequence | undefined): void {
  if (!sequence) return;
  const cached = cache.sequences.get(sequence.key);
  if (!cached || (!cached.complete && (sequence.complete || sequence.computedUpTo > cached.computedUpTo))) cache.sequences.set(sequence.key, sequence);
}

function heapsValue(rule: HeapRule, heaps: readonly bigint[], budget: Budget, cache: EngineCache): ComponentAnalysis {
  const key = ruleKey(rule);
  if (rule.kind === 'octal' && leavesThreeHeaps(rule.digits)) {
    const large = heaps.find((n) => n > BigInt(MAX_THREE_WAY_HEAP));
    if (large !== undefined) {
      const reason = `a heap of ${large} under a code that leaves three heaps: its moves are enumerated for heaps up to ${MAX_THREE_WAY_HEAP.toLocaleString('en-US')}`;
      return { status: 'unknown', nimber: null, parts: heaps.map(() => null), reason };
    }
  }
  const parts: (bigint | null)[] = new Array(heaps.length).fill(null);
  let reason: string | undefined;
  // Largest first: one computation reaches every smaller heap.
  const order = heaps.map((_, i) => i).sort((i, j) => (heaps[j] > heaps[i] ? 1 : heaps[j] < heaps[i] ? -1 : 0));
  for (const i of order) {
    const result = heapNimber(rule, heaps[i], budget, cache.sequences.get(key));
    rememberSequence(cache, result.sequence);
    parts[i] = result.nimber;
    if (result.nimber === null) reason ??= result.reason;
  }
  const sequence = cache.sequences.get(key);
  const status = reason === undefined ? 'value' : 'unknown';
  const nimber = reason === undefined ? parts.reduce<bigint>((x, g) => x ^ g!, 0n) : null;
  return { status, nimber, parts, ...(reason ? { reason } : {}), ...(sequence ? { sequence } : {}) };
}

function tokensValue(graph: GraphData, vertices: readonly number[], budget: Budget, cache: EngineCache): ComponentAnalysis {
  let result = cache.graphs.get(graph);
  if (!result) {
    result = graphNimbers(graph, budget);
    if (result.status === 'complete' || result.status === 'cyclic' || result.status === 'invalid') cache.graphs.set(graph, result);
  }
  const known = result;
  const parts = vertices.map((v) => (known.nimbers[v] >= 0 ? BigInt(known.nimbers[v]) : null));
  if (parts.every((g) => g !== null)) {
    return { status: 'value', nimber: parts.reduce<bigint>((x, g) => x ^ g!, 0n), parts, graph: known };
  }
  return { status: 'unknown', nimber: null, parts, graph: known, reason: known.reason ?? 'a token stands on a vertex without a nimber' };
}

function treblecrossValue(cells: string, budget: Budget, cache: EngineCache): ComponentAnalysis {
  const key = ruleKey(TREBLECROSS_OCTAL);
  const analysis = analyzeTreblecross(cells, budget, cache.sequences.get(key));
  switch (analysis.status) {
    case 'over':
      return { status: 'over', nimber: null, parts: [], treblecross: analysis, reason: `three marked cells in a row at cell ${analysis.at + 1}: the game is over` };
    case 'immediate-win':
      return { status: 'immediate-win', nimber: null, parts: [], treblecross: analysis };
    case 'nimber':
      rememberSequence(cache, analysis.sequence);
      return { status: 'value', nimber: BigInt(analysis.nimber), parts: analysis.segments.map((s) => BigInt(s.nimber)), treblecross: analysis, sequence: analysis.sequence };
    case 'over-budget':
      return { status: 'unknown', nimber: null, parts: [], treblecross: analysis, reason: analysis.reason };
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

// ---------------------------------------------------------------------------------------------
// Normal-play winning moves

function heapComponentMovesTo(component: Of<'heaps'>, value: ComponentAnalysis, index: number, total: bigint, list: MoveList): void {
  const seen = new Set<bigint>(); // equal heaps have the same moves, to the same positions
  component.heaps.forEach((n, heap) => {
    if (seen.has(n)) return;
    seen.add(n);
    const target = value.parts[heap]! ^ total;
    heapMovesTo(component.rule, value.sequence, n, target, {
      list,
      add: (take, leaves) => list.add(index, { kind: 'heap', heap, take, leaves }),
    });
  });
}

function octalRowMovesTo(component: Of<'octal-row'>, value: ComponentAnalysis, index: number, total: bigint, list: MoveList): void {
  xRuns(component.cells).forEach(([start, length], run) => {
    const target = value.parts[run]! ^ total;
    rowRunMovesTo(component.rule, value.sequence!, length, target, (offset, count) => list.add(index, { kind: 'knock', start: start + offset, count }));
  });
}

function tokenMovesTo(component: Of<'tokens'>, value: ComponentAnalysis, index: number, total: bigint, list: MoveList): void {
  const { succStart, succ } = component.graph;
  const nimbers = value.graph!.nimbers;
  const seen = new Set<number>();
  component.vertices.forEach((v, token) => {
    if (seen.has(v)) return; // tokens on one vertex: moving either gives the same position
    seen.add(v);
    const target = BigInt(nimbers[v]) ^ total;
    for (let slot = succStart[v]; slot < succStart[v + 1]; slot++) {
      if (BigInt(nimbers[succ[slot]]) === target) list.add(index, { kind: 'token', token, to: succ[slot] });
    }
  });
}

function treblecrossComponentMovesTo(_component: Of<'treblecross'>, value: ComponentAnalysis, index: number, total: bigint, list: MoveList): void {
  const analysis = value.treblecross;
  if (analysis?.status !== 'nimber') return;
  const target = BigInt(analysis.nimber) ^ total;
  if (target > 0xffffffffn) return; // row nimbers are 32-bit numbers: no move reaches this one
  for (const cell of treblecrossMovesTo(analysis, Number(target))) list.add(index, { kind: 'mark', cell, winsAtOnce: false });
}

interface HeapMoveSink {
  readonly list: MoveList;
  add(take: bigint, leaves: readonly bigint[]): void;
}

const heapsLeft = (...sizes: bigint[]) => sizes.filter((s) => s > 0n);

/**
 * Every move of a heap of n to an option of nimber `target`. `sequence` holds the rule's values;
 * it is absent only when the heap's nimber came from a closed form (heap.ts: closedFormNimber).
 */
function heapMovesTo(rule: HeapRule, sequence: HeapSequence | undefined, n: bigint, target: bigint, sink: HeapMoveSink): void {
  const g = (m: bigint): bigint => {
    const value = sequence ? sequenceNimber(sequence, m) : undefined;
    if (value === undefined) throw new Error(`internal: the nimber of heap ${m} is not known though heap ${n}'s is`);
    return value;
  };
  switch (rule.kind) {
    case 'subtract': {
      for (const s of sortedUnique(rule.set)) if (s <= n && g(n - s) === target) sink.add(s, heapsLeft(n - s));
      return;
    }
    case 'subtractAllExcept': {
      const excluded = new Set(sortedUnique(rule.except));
      const first = excluded.size === 0 ? undefined : [...excluded][0];
      if (!sequence || first === undefined || n < first) {
        // G(m) = m for every m < n here (Nim, or no exception is small enough to matter).
        if (target < n) sink.add(n - target, heapsLeft(target));
        return;
      }
      for (const m of positionsWithValue(sequence, target, n)) if (!excluded.has(n - m)) sink.add(n - m, heapsLeft(m));
      return;
    }
    case 'octal': {
      if (!sequence) return; // heap 0: no moves
      const digits = rule.digits;
      for (let k = 0; k < digits.length && BigInt(k) <= n; k++) {
        const take = BigInt(k);
        const d = k === 0 ? digits[0] & 12 : digits[k]; // before the point, only splits are moves
        if (d & 1 && n === take && target === 0n) sink.add(take, []);
        if (d & 2 && n > take && g(n - take) === target) sink.add(take, [n - take]);
        if (d & 4 && n - take >= 2n) splitsTo(sequence, n - take, target, (a, b) => sink.add(take, [a, b]), sink.list);
        if (d & 8 && n - take >= 3n) threeWaySplitsTo(sequence, Number(n - take), target, (a, b, c) => sink.add(take, [a, b, c]));
      }
    }
  }
}

/** Heaps m < below with G(m) = target, for a sequence that is a prefix plus (maybe) an arithmetic period with saltus > 0. */
function positionsWithValue(sequence: HeapSequence, target: bigint, below: bigint): bigint[] {
  const found: bigint[] = [];
  const length = sequence.computedUpTo + 1;
  const prefixEnd = below < BigInt(length) ? Number(below) : length;
  for (let m = 0; m < prefixEnd; m++) if (BigInt(sequence.values[m]) === target) found.push(BigInt(m));
  const periodicity = sequence.periodicity;
  if (!periodicity || periodicity.saltus <= 0 || below <= BigInt(length)) return found;
  // G(r + k·p) = G(r) + k·s for r in the first period: each residue reaches `target` at most once.
  const { preperiod, period, saltus } = periodicity;
  const beyond: bigint[] = [];
  for (let r = preperiod; r < preperiod + period; r++) {
    const difference = target - BigInt(sequence.values[r]);
    if (difference < 0n || difference % BigInt(saltus) !== 0n) continue;
    const m = BigInt(r) + (difference / BigInt(saltus)) * BigInt(period);
    if (m >= BigInt(length) && m < below) beyond.push(m);
  }
  return found.concat(beyond.sort((a, b) => (a < b ? -1 : 1)));
}

/**
 * Every split of a heap of m into a + b (1 ≤ a ≤ b) with G(a) ⊕ G(b) = target, in increasing a:
 * listed through `add` while the list has room, counted always. Beyond the computed prefix the
 * values are periodic (octal sequences have saltus 0), and for a ≥ preperiod whether a split
 * qualifies depends only on a mod period (b ≥ m/2 is periodic too), so each residue is decided
 * once and its splits are counted by division.
 */
function splitsTo(sequence: HeapSequence, m: bigint, target: bigint, add: (a: bigint, b: bigint) => void, list: MoveList): void {
  const values = sequence.values;
  const length = sequence.computedUpTo + 1;
  const half = m / 2n;
  if (target > 0xffffffffn) return; // octal nimbers are 32-bit numbers
  const t = Number(target);
  if (m < BigInt(length)) {
    const size = Number(m);
    for (let a = 1; a <= size >> 1; a++) {
      if ((values[a] ^ values[size - a]) !== t) continue;
      if (list.full) list.addUnlisted(1n);
      else add(BigInt(a), BigInt(size - a));
    }
    return;
  }
  const periodicity = sequence.periodicity;
  if (!periodicity) throw new Error(`internal: heap ${m} is beyond the computed values and no period is proved`);
  const valueAt = (x: bigint) => Number(sequenceNimber(sequence, x));
  const { preperiod, period } = periodicity;
  // a below the preperiod: one by one (b = m - a is far beyond it: m ≥ length > 2·preperiod).
  for (let a = 1; a < preperiod && BigInt(a) <= half; a++) {
    if ((values[a] ^ valueAt(m - BigInt(a))) !== t) continue;
    if (list.full) list.addUnlisted(1n);
    else add(BigInt(a), m - BigInt(a));
  }
  if (BigInt(preperiod) > half) return;
  const matches = new Uint8Array(period);
  for (let j = 0; j < period; j++) {
    const a = BigInt(preperiod + j);
    if (a > half) break;
    if ((values[preperiod + j] ^ valueAt(m - a)) !== t) continue;
    matches[j] = 1;
    list.addUnlisted((half - a) / BigInt(period) + 1n);
  }
  if (!matches.includes(1)) return;
  // List from the smallest a; the moves were counted above, so listing adds without counting.
  for (let a = BigInt(preperiod); a <= half && !list.full; a++) {
    if (!matches[Number((a - BigInt(preperiod)) % BigInt(period))]) continue;
    list.count--;
    add(a, m - a);
  }
}

/**
 * Every split of a heap of m into a + b + c (1 ≤ a ≤ b ≤ c) with G(a) ⊕ G(b) ⊕ G(c) = target, in
 * order. Quadratic in m: heaps are at most MAX_THREE_WAY_HEAP here (heapsValue says so beyond).
 */
function threeWaySplitsTo(sequence: HeapSequence, m: number, target: bigint, add: (a: bigint, b: bigint, c: bigint) => void): void {
  if (target > 0xffffffffn) return;
  const t = Number(target);
  const values = sequence.values;
  const length = sequence.computedUpTo + 1;
  const p = sequence.periodicity;
  const valueAt = (x: number) => (x < length ? values[x] : values[p!.preperiod + ((x - p!.preperiod) % p!.period)]);
  for (let a = 1; 3 * a <= m; a++) {
    const ga = values[a];
    for (let b = a; a + 2 * b <= m; b++) if ((ga ^ valueAt(b) ^ valueAt(m - a - b)) === t) add(BigInt(a), BigInt(b), BigInt(m - a - b));
  }
}

/**
 * Every move of an octal rule on a run of `length` X's that leaves runs with nimbers XOR-ing to
 * `target`: knocking down cells [offset, offset + k) leaves runs of offset and length - k - offset.
 * Unlike heaps, the two ends of a run are different cells, so both are listed.
 */
function rowRunMovesTo(rule: HeapRule, sequence: HeapSequence, length: number, target: bigint, add: (offset: number, count: number) => void): void {
  if (rule.kind !== 'octal') return;
  const g = (size: number) => Number(sequenceNimber(sequence, size));
  const digits = rule.digits;
  for (let k = 1; k < digits.length && k <= length; k++) {
    const d = digits[k];
    for (let left = 0; left + k <= length; left++) {
      const right = length - k - left;
      const allowed = left === 0 && right === 0 ? d & 1 : left === 0 || right === 0 ? d & 2 : d & 4;
      if (allowed && BigInt(g(left) ^ g(right)) === target) add(left, k);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Misère play

function misereGame(input: GameInput, components: ComponentAnalysis[], budget: Budget, maxMoves: number): GameAnalysis {
  const base = { play: 'misere', components, nimber: null } as const;
  const unknown = (reason: string, stop?: StopCause): GameAnalysis => ({ ...base, outcome: null, reason, ...(stop ? { stop } : {}), winningMoves: [], winningMoveCount: 0n });
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
    return { ...base, outcome, winningMoves: list.moves, winningMoveCount: list.count };
  }

  // The exact search, over units: a heap, a token, a row's run of X's, a Wythoff position, a
  // leftmost row, a word piece.
  type Owner =
    | { component: number; kind: 'heap'; index: number }
    | { component: number; kind: 'token'; index: number }
    | { component: number; kind: 'run'; start: number }
    | { component: number; kind: 'wythoff' | 'leftmost' | 'word'; index: number };
  const units: Unit[] = [];
  const owners: Owner[] = [];
  const tooLarge = (size: bigint) => `beyond the misère search limit (heaps of at most ${MISERE_MAX_HEAP.toLocaleString('en-US')}; this one has ${size})`;
  for (let component = 0; component < input.components.length; component++) {
    const c = input.components[component];
    if (c.kind === 'treblecross') return unknown('Treblecross has no misère form: whoever completes three in a row wins');
    if (c.kind === 'wythoff') {
      for (const [index, [a, b]] of c.positions.entries()) {
        const large = a > b ? a : b;
        if (large > BigInt(MISERE_MAX_HEAP)) return unknown(tooLarge(large));
        if (large === 0n) continue;
        units.push({ kind: 'wythoff', a: Number(a), b: Number(b) });
        owners.push({ component, kind: 'wythoff', index });
      }
      continue;
    }
    if (c.kind === 'leftmost') {
      for (const [index, row] of c.rows.entries()) {
        const large = row.reduce((x, y) => (y > x ? y : x), 0n);
        if (large > BigInt(MISERE_MAX_HEAP)) return unknown(tooLarge(large));
        if (large === 0n) continue;
        units.push({ kind: 'leftmost', piles: row.map(Number) });
        owners.push({ component, kind: 'leftmost', index });
      }
      continue;
    }
    if (c.kind === 'words') {
      for (const [index, text] of c.pieces.entries()) {
        if (text.length === 0) continue;
        units.push({ kind: 'word', text, words: c.words });
        owners.push({ component, kind: 'word', index });
      }
      continue;
    }
    if (c.kind === 'tokens') {
      c.vertices.forEach((vertex, index) => {
        units.push({ kind: 'vertex', graph: c.graph, vertex });
        owners.push({ component, kind: 'token', index });
      });
      continue;
    }
    const sizes = c.kind === 'heaps' ? c.heaps.map((size, index) => [size, index] as const) : xRuns(c.cells).map(([start, length]) => [BigInt(length), start] as const);
    for (const [size, where] of sizes) {
      if (size > BigInt(MISERE_MAX_HEAP)) return unknown(`beyond the misère search limit (heaps of at most ${MISERE_MAX_HEAP.toLocaleString('en-US')}; this one has ${size})`);
      units.push({ kind: 'heap', rule: c.rule, size: Number(size) });
      owners.push(c.kind === 'heaps' ? { component, kind: 'heap', index: where } : { component, kind: 'run', start: where });
    }
  }
  const search = misereSearch(units, budget);
  if (search.outcome === null) return unknown(search.reason, search.stop);
  const seen = new Set<string>();
  for (const { unit, option } of search.winning) {
    const owner = owners[unit];
    const u = units[unit];
    if (u.kind === 'wythoff' && owner.kind === 'wythoff') {
      const left = unitOptions(u)[option];
      const to: [bigint, bigint] = left.length === 0 ? [0n, 0n] : left[0].kind === 'wythoff' ? [BigInt(left[0].a), BigInt(left[0].b)] : [0n, 0n];
      const key = `w${owner.component}:${u.a},${u.b}:${to}`;
      if (!seen.has(key)) list.add(owner.component, { kind: 'wythoff', position: owner.index, to });
      seen.add(key);
      continue;
    }
    if (u.kind === 'leftmost' && owner.kind === 'leftmost') {
      // Options are the leftmost pile's new sizes 0, 1, …, in order.
      const pile = u.piles.findIndex((a) => a > 0);
      const key = `l${owner.component}:${u.piles}:${option}`;
      if (!seen.has(key)) list.add(owner.component, { kind: 'leftmost', row: owner.index, pile, to: BigInt(option) });
      seen.add(key);
      continue;
    }
    if (u.kind === 'word' && owner.kind === 'word') {
      const deletion = wordDeletions(u.text, u.words)[option];
      const key = `s${owner.component}:${u.text}:${piecesKey(deletion.leaves)}`;
      if (!seen.has(key)) list.add(owner.component, { kind: 'word', piece: owner.index, start: deletion.start, length: deletion.length, leaves: deletion.leaves });
      seen.add(key);
      continue;
    }
    const leaves = unitOptions(u)[option];
    if (owner.kind === 'token') {
      const to = leaves[0].kind === 'vertex' ? leaves[0].vertex : -1;
      const key = `t${owner.component}:${(u as { vertex: number }).vertex}:${to}`;
      if (!seen.has(key)) list.add(owner.component, { kind: 'token', token: owner.index, to });
      seen.add(key);
      continue;
    }
    const n = (u as { size: number }).size;
    const sizes = leaves.map((l) => (l.kind === 'heap' ? l.size : 0));
    const take = n - sizes.reduce((x, s) => x + s, 0);
    if (owner.kind === 'heap') {
      const key = `h${owner.component}:${n}:${sizes.join(',')}`;
      if (!seen.has(key)) list.add(owner.component, { kind: 'heap', heap: owner.index, take: BigInt(take), leaves: sizes.map(BigInt) });
      seen.add(key);
      continue;
    }
    if (owner.kind !== 'run') throw new Error(`internal: a ${u.kind} unit owned by a ${owner.kind}`);
    // A run: every placement of the knocked-down cells that leaves these runs.
    const offsets = sizes.length === 0 ? [0] : sizes.length === 1 ? [0, sizes[0]] : [...new Set([sizes[0], sizes[1]])];
    for (const offset of offsets) list.add(owner.component, { kind: 'knock', start: owner.start + offset, count: take });
  }
  return { ...base, outcome: search.outcome, winningMoves: list.moves, winningMoveCount: list.count };
}
