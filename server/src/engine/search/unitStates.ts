// The positions of a sum of units, as the exact searches (misère outcome, remoteness) walk them:
// a unit is a small integer id (one per distinct unit met), a position the sorted ids of its units
// that still have moves, two UTF-16 code units each, so that equal positions are one short string.
// A search is bounded by two counts, each worded as what it counts: the distinct positions it meets
// (its memo, so its memory; Budget.maxValues when smaller) and the moves it generates (every option of
// every position it visits, and each unit's options once when first listed: the work per position,
// which one position can make large — a heap of 10,000 under Nim has 10,000 options). The clock and
// the cancellation are polled every 1,024 moves.
import { kaylesPositionText } from '../families/graphKayles';
import type { Budget, StopCause } from '../types';
import { treblecrossOver, type Unit, unitOptions } from './unitOptions';

/** The most code units made into a string by one call (a function's arguments are limited). */
const MAX_APPLIED = 4096;

/** Thrown inside a search to unwind when the budget runs out; never escapes it. */
export class SearchStopped {
  constructor(
    readonly reason: string,
    readonly stop: StopCause,
    /** The limit met, when it was one of the search's own (SearchLimits). */
    readonly limit?: 'positions' | 'moves',
  ) {}
}

/** Where a search is in the options of one position (its units' ids, sorted). */
export interface OptionCursor {
  readonly keys: readonly number[];
  unit: number;
  option: number;
}

/** What a search may do: the distinct positions it may meet and the moves it may generate. */
export interface SearchLimits {
  readonly positions: number;
  readonly moves: number;
}

/**
 * A position is a key of one code unit per unit that has moves, so the memory of a search is its
 * positions times its width and its work its moves times its width (each move builds the key of
 * the position it reaches): a row of 30,000 runs of X met 20,000 positions of 30,000 units each,
 * 3 GB. The memo may hold this many code units (about 20 MB) and the moves may build this many (measured on that
 * row: `grundy analyze` peaks at 276 MB with them, 108 MB without a search; the searches of sums of fewer than 500
 * units, every game a user writes by hand, keep their own limits).
 */
export const SEARCH_KEY_UNITS = 10_000_000;
export const SEARCH_MOVE_UNITS = 50_000_000;

/** `limits` for a search of positions of `width` units: no more than SEARCH_KEY_UNITS and SEARCH_MOVE_UNITS allow. */
export function limitsForWidth(limits: SearchLimits, width: number): SearchLimits {
  const w = Math.max(1, width);
  return {
    positions: Math.min(limits.positions, Math.max(1, Math.floor(SEARCH_KEY_UNITS / w))),
    moves: Math.min(limits.moves, Math.max(1, Math.floor(SEARCH_MOVE_UNITS / w))),
  };
}

export class UnitStates {
  private moves = 0;
  /** Distinct positions met: the empty one (every game reaches it) and each one the search enters. */
  private positions = 1;
  private readonly maxPositions: number;
  private readonly maxMoves: number;
  // Rules, graphs, pictures and dictionaries are told apart by identity: one id per object met.
  private readonly ids = new Map<object, number>();
  /** A unit's id by its key; ids are dense, from 0. */
  private readonly unitIds = new Map<string, number>();
  private readonly units: Unit[] = [];
  /** Each unit's options, as unit ids, computed once (by id). */
  private readonly options: (number[][] | undefined)[] = [];
  /** Rows holding three in a row, by id. */
  private readonly over: boolean[] = [];
  /** Each unit's options as the sorted ids of their units with moves (null: the option ends the game), by id. */
  private readonly merged: ((number[] | null)[] | undefined)[] = [];

  private readonly positionsStop: StopCause;
  /** merge's scratch: a position's code units. */
  private readonly codes: number[] = [];

  /**
   * `what` names the search in its reasons ("beyond the misère search limit"); `limits` are its own,
   * the budget's maxValues (when smaller) taking the place of its positions.
   */
  constructor(
    private readonly budget: Budget,
    limits: SearchLimits,
    private readonly what: string,
  ) {
    const asked = budget.maxValues ?? Number.POSITIVE_INFINITY;
    this.maxPositions = Math.min(asked, limits.positions);
    this.positionsStop = asked < limits.positions ? 'max-values' : 'size-limit';
    this.maxMoves = limits.moves;
  }

  /** Distinct positions met so far (the empty one included). */
  get positionsMet(): number {
    return this.positions;
  }

  /** Moves generated so far. */
  get movesGenerated(): number {
    return this.moves;
  }

  /** Counts a position the search enters for the first time (it is not in its memo). */
  meet = (): void => {
    if (++this.positions > this.maxPositions)
      throw new SearchStopped(
        `beyond the ${this.what} limit (${this.maxPositions.toLocaleString('en-US')} positions)`,
        this.positionsStop,
        'positions',
      );
  };

  /** Counts `amount` moves generated; polls the clock and the cancellation every 1,024. */
  spend = (amount: number): void => {
    const before = this.moves;
    this.moves += amount;
    const { budget } = this;
    if (this.moves > this.maxMoves)
      throw new SearchStopped(
        `beyond the ${this.what} limit (${this.maxMoves.toLocaleString('en-US')} moves generated; ` +
          `${this.positions.toLocaleString('en-US')} positions met)`,
        'size-limit',
        'moves',
      );
    if (this.moves >> 10 !== before >> 10) {
      if (budget.deadline !== undefined && Date.now() > budget.deadline)
        throw new SearchStopped(
          `beyond the ${this.what} time limit (${this.positions.toLocaleString('en-US')} positions met)`,
          'deadline',
        );
      if (budget.isCancelled?.()) throw new SearchStopped('cancelled', 'cancelled');
    }
  };

  private idOf(thing: object): number {
    let id = this.ids.get(thing);
    if (id === undefined) {
      id = this.ids.size + 1;
      this.ids.set(thing, id);
    }
    return id;
  }

  /** The unit's id: equal units (same kind, same rule or graph object, same size or text) have one id. */
  keyOf = (unit: Unit): number => {
    const key = (() => {
      switch (unit.kind) {
        case 'heap':
          return `h${this.idOf(unit.rule)}:${unit.size}`;
        case 'vertex':
          return `v${this.idOf(unit.graph)}:${unit.vertex}`;
        case 'wythoff':
          return `w${unit.a},${unit.b}`;
        case 'leftmost':
          return `l${unit.piles.join(',')}`;
        case 'staircase':
          return `c${unit.coins.join(',')}`;
        case 'hackenbush':
          return `k${this.idOf(unit.picture)}:${unit.edges.join(',')}`;
        case 'tuple':
          return `p${this.idOf(unit.rule)}:${unit.position.join(',')}`;
        case 'word':
          return `s${this.idOf(unit.words)}:${unit.text}`;
        case 'treblecross':
          return `x${unit.cells}`;
        case 'chomp':
          return `o${unit.rows.join(',')}`;
        case 'cram':
          return `q${unit.board.width}:${unit.board.empty.join('')}`;
        case 'graph-kayles':
          return `n${unit.game}:${kaylesPositionText(unit.position)}`;
      }
    })();
    let id = this.unitIds.get(key);
    if (id === undefined) {
      id = this.units.length;
      this.unitIds.set(key, id);
      this.units.push(unit);
      this.over.push(treblecrossOver(unit));
    }
    return id;
  };

  optionsOfUnit = (id: number): number[][] => {
    let options = this.options[id];
    if (!options) {
      const units = unitOptions(this.units[id]);
      this.spend(units.length);
      options = units.map((option) => option.map(this.keyOf));
      this.options[id] = options;
    }
    return options;
  };

  /**
   * Canonical state: the units with moves only (a unit with none never matters), sorted, each id
   * written as two UTF-16 code units. A row with three in a row ends the game: that position is
   * the empty one (no move is left).
   */
  canonical = (ids: readonly number[]): string => {
    const kept: number[] = [];
    for (const id of ids) {
      if (this.over[id]) return '';
      if (this.optionsOfUnit(id).length > 0) kept.push(id);
    }
    kept.sort((a, b) => a - b);
    let state = '';
    for (const id of kept) state += String.fromCharCode(id >>> 16, id & 0xffff);
    return state;
  };

  /** A canonical state's unit ids, sorted (the empty position has none). */
  decode(state: string): number[] {
    const ids = new Array<number>(state.length >> 1);
    for (let i = 0; i < ids.length; i++) ids[i] = (state.charCodeAt(2 * i) << 16) | state.charCodeAt(2 * i + 1);
    return ids;
  }

  /** The cursor's next option as a canonical state, or undefined when there is none left. */
  nextOption(cursor: OptionCursor): string | undefined {
    const { keys } = cursor;
    while (cursor.unit < keys.length) {
      if (cursor.unit > 0 && keys[cursor.unit] === keys[cursor.unit - 1]) {
        cursor.unit++; // equal units give equal options
        continue;
      }
      const options = this.mergedOptions(keys[cursor.unit]);
      if (cursor.option < options.length) {
        this.spend(1);
        return this.merge(keys, cursor.unit, options[cursor.option++]);
      }
      cursor.unit++;
      cursor.option = 0;
    }
    return undefined;
  }

  private mergedOptions(id: number): (number[] | null)[] {
    let merged = this.merged[id];
    if (!merged) {
      merged = this.optionsOfUnit(id).map((option) => {
        if (option.some((u) => this.over[u])) return null;
        return option.filter((u) => this.optionsOfUnit(u).length > 0).sort((a, b) => a - b);
      });
      this.merged[id] = merged;
    }
    return merged;
  }

  /**
   * The canonical state of a canonical position (sorted ids, each with moves) with unit `unit`
   * replaced by `option` (sorted ids with moves; null ends the game): a merge of two sorted lists.
   */
  private merge(keys: readonly number[], unit: number, option: number[] | null): string {
    if (option === null) return '';
    // The code units gathered first and made one flat string at once: a string built a character
    // at a time is a chain that the memo's lookup must flatten, most of a search's time.
    const codes = this.codes;
    codes.length = 0;
    const push = (id: number) => codes.push(id >>> 16, id & 0xffff);
    let j = 0;
    for (let i = 0; i < keys.length; i++) {
      if (i === unit) continue;
      const id = keys[i];
      for (; j < option.length && option[j] < id; j++) push(option[j]);
      push(id);
    }
    for (; j < option.length; j++) push(option[j]);
    if (codes.length <= MAX_APPLIED) return String.fromCharCode.apply(null, codes);
    let state = ''; // a position of thousands of units: in pieces, as arguments are limited
    for (let k = 0; k < codes.length; k += MAX_APPLIED)
      state += String.fromCharCode.apply(null, codes.slice(k, k + MAX_APPLIED));
    return state;
  }

  /** The state after option `option` of unit `unit` of a position given as its units' ids (not canonical). */
  after(keys: readonly number[], unit: number, option: number): string {
    const rest = keys.slice(0, unit).concat(keys.slice(unit + 1));
    return this.canonical(rest.concat(this.optionsOfUnit(keys[unit])[option]));
  }
}
