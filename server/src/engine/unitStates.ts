// The positions of a sum of units, as the exact searches (misère outcome, remoteness) walk them:
// a unit is a short key, a position the sorted keys of its units that still have moves, joined by
// spaces, so that equal positions are one string. Every option generated counts against the
// budget, which is polled every 1,024 of them.
import type { Budget, StopCause } from './types';
import { treblecrossOver, type Unit, unitOptions } from './unitOptions';

/** Thrown inside a search to unwind when the budget runs out; never escapes it. */
export class SearchStopped {
  constructor(
    readonly reason: string,
    readonly stop: StopCause,
  ) {}
}

/** A position's unit keys (the empty position has none). */
export function stateKeys(state: string): string[] {
  return state === '' ? [] : state.split(' ');
}

/** Where a search is in the options of one position. */
export interface OptionCursor {
  readonly keys: readonly string[];
  unit: number;
  option: number;
}

export class UnitStates {
  private work = 0;
  private readonly maxWork: number;
  // Rules, graphs, pictures and dictionaries are told apart by identity: one id per object met.
  private readonly ids = new Map<object, number>();
  private readonly unitsByKey = new Map<string, Unit>();
  /** Each unit's options, as unit keys, computed once. */
  private readonly optionsByKey = new Map<string, string[][]>();

  /** `what` names the search in its reasons ("beyond the misère search limit"). */
  constructor(
    private readonly budget: Budget,
    defaultWork: number,
    private readonly what: string,
  ) {
    this.maxWork = budget.maxValues ?? defaultWork;
  }

  spend = (amount: number): void => {
    const before = this.work;
    this.work += amount;
    const { budget } = this;
    if (this.work > this.maxWork)
      throw new SearchStopped(
        `beyond the ${this.what} limit (${this.maxWork.toLocaleString('en-US')} positions)`,
        budget.maxValues === undefined ? 'size-limit' : 'max-values',
      );
    if (this.work >> 10 !== before >> 10) {
      if (budget.deadline !== undefined && Date.now() > budget.deadline)
        throw new SearchStopped(`beyond the ${this.what} time limit`, 'deadline');
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

  keyOf = (unit: Unit): string => {
    // No spaces: a state is its units' keys joined by spaces.
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
        case 'word':
          return `s${this.idOf(unit.words)}:${encodeURIComponent(unit.text)}`;
        case 'treblecross':
          return `x${unit.cells}`;
      }
    })();
    if (!this.unitsByKey.has(key)) this.unitsByKey.set(key, unit);
    return key;
  };

  optionsOfUnit = (key: string): string[][] => {
    let options = this.optionsByKey.get(key);
    if (!options) {
      const units = unitOptions(this.unitsByKey.get(key)!);
      this.spend(units.length);
      options = units.map((option) => option.map(this.keyOf));
      this.optionsByKey.set(key, options);
    }
    return options;
  };

  /**
   * Canonical state: units with moves only (a unit with none never matters), sorted. A row with
   * three in a row ends the game: that position is the empty one (no move is left).
   */
  canonical = (keys: readonly string[]): string => {
    if (keys.some((k) => k.startsWith('x') && treblecrossOver(this.unitsByKey.get(k)!))) return '';
    return keys
      .filter((k) => this.optionsOfUnit(k).length > 0)
      .sort()
      .join(' ');
  };

  /** The cursor's next option as a canonical state, or undefined when there is none left. */
  nextOption(cursor: OptionCursor): string | undefined {
    const { keys } = cursor;
    while (cursor.unit < keys.length) {
      if (cursor.unit > 0 && keys[cursor.unit] === keys[cursor.unit - 1]) {
        cursor.unit++; // equal units give equal options
        continue;
      }
      const options = this.optionsOfUnit(keys[cursor.unit]);
      if (cursor.option < options.length) {
        this.spend(1);
        const rest = keys.slice(0, cursor.unit).concat(keys.slice(cursor.unit + 1));
        return this.canonical(rest.concat(options[cursor.option++]));
      }
      cursor.unit++;
      cursor.option = 0;
    }
    return undefined;
  }

  /** The state after option `option` of unit `unit` of a position given as its units' keys (not canonical). */
  after(keys: readonly string[], unit: number, option: number): string {
    const rest = keys.slice(0, unit).concat(keys.slice(unit + 1));
    return this.canonical(rest.concat(this.optionsOfUnit(keys[unit])[option]));
  }
}
