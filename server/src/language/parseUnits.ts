// What the parser's top-level loop (parser.ts's parseFile) records of its steps and resumes by:
// the units incremental.ts reuses after an edit, the resume points by which a later parse skips
// the declarations read before (analyzeStreaming's second reading, of the games alone), and where
// a parse given `stopBefore` stops. Apart from the grammar because none of it is grammar: the loop
// tells the recorder where each step starts and what it made, and the recorder alone knows what is
// kept of it, what may be skipped, and where to stop.
import type { Declaration } from './ast';
import type { Diagnostic } from './diagnostics';

/**
 * One step of the top-level loop: a declaration, or a line that is not one. Everything it holds is a
 * function of the text from `start` to `readEnd` alone (the parser begins every step after a line
 * break, with nothing carried over but offsets already reported, see `clean`), which is what lets
 * an edit elsewhere keep it.
 */
export interface ParseUnit {
  /** Where its first token starts. */
  start: number;
  /**
   * Past the last character the lexer looked at while the unit was parsed (one or two past the end of the last token it
   * read ahead).
   */
  readEnd: number;
  /** Where the next step's lexing resumes: the end of the unit's last token. */
  resumeAt: number;
  readonly declaration: Declaration | undefined;
  /** Copies (no span shared with the tree) of the diagnostics reported while parsing it, in order. */
  diagnostics: Diagnostic[];
  errorStarts: number[];
  /**
   * True when nothing reported while parsing it lies at or after the next unit's start: the next unit's parse owes
   * nothing to this one.
   */
  clean: boolean;
  /** What suggestions cost while parsing it. */
  readonly suggestionCells: number;
}

/**
 * A ParseUnit as the parser makes it. Made by a constructor, not an object literal: V8 tracks the
 * allocation site of a literal and may pretenure it, and a unit pretenured into the old generation
 * kept its declaration's young nodes alive past the analysis, as garbage only a full collection
 * finds (see RecordingSink in checker.ts). A class has no allocation site.
 */
class Unit implements ParseUnit {
  clean = false;
  constructor(
    public start: number,
    public readEnd: number,
    public resumeAt: number,
    readonly declaration: Declaration | undefined,
    public diagnostics: Diagnostic[],
    public errorStarts: number[],
    readonly suggestionCells: number,
  ) {}
}

/**
 * Problems kept per unit at most, over the whole parse: past that the parse keeps no units (it is not worth reusing,
 * and memory stays bounded).
 */
export const MAX_RECORDED_PROBLEMS = 1000;

/**
 * Shared by every unit and check entry that reported nothing (never written to: their lists are replaced, not pushed
 * to, once made).
 */
export const NONE: never[] = [];

/** A copy of a diagnostic whose spans are its own objects, moved by `delta`. */
export function movedDiagnostic(diagnostic: Diagnostic, delta: number): Diagnostic {
  const moved: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = {
    ...diagnostic,
    span: { start: diagnostic.span.start + delta, end: diagnostic.span.end + delta },
  };
  if (diagnostic.replacementSpan)
    moved.replacementSpan = {
      start: diagnostic.replacementSpan.start + delta,
      end: diagnostic.replacementSpan.end + delta,
    };
  if (diagnostic.related)
    moved.related = diagnostic.related.map((r) => ({
      span: { start: r.span.start + delta, end: r.span.end + delta },
      message: r.message,
    }));
  return moved;
}

/** The options of a parse (parser.ts's ParseOptions) that concern its steps: what to record, skip, stop before. */
export interface UnitOptions {
  /** Keep the units (see ParseUnit). */
  readonly record?: boolean;
  /** Filled with where each kept declaration starts (its first token) and where the parse resumed after it. */
  readonly resumePoints?: Map<number, number>;
  /** Declarations not to read again: from a start in `resumePoints`, the parse goes on where it resumed then. */
  readonly skip?: ReadonlyMap<number, number>;
  /**
   * Asked before each unit after the first, with the offset its first token starts at: true stops
   * the parse there (`stoppedAt`). Only asked when the unit before ended clean.
   */
  readonly stopBefore?: (start: number) => boolean;
}

/** One parse's record of its steps (see UnitOptions), told by the top-level loop as it goes. */
export class UnitRecorder {
  /** The units so far, while recording (undefined when not recording, or when too many problems came to keep them). */
  units: ParseUnit[] | undefined;
  /** Where `stopBefore` stopped the parse. */
  stoppedAt: number | undefined;
  /** The unit just recorded, until the next step's start says whether it ended clean. */
  private previous: Unit | undefined;
  /** The current unit's problems: made on the first (most units have none). */
  private problems: Diagnostic[] | undefined;
  private errorStarts: number[] | undefined;
  private recordedProblems = 0;
  private readonly resumePoints: Map<number, number> | undefined;
  private readonly skip: ReadonlyMap<number, number> | undefined;
  private readonly stopBefore: ((start: number) => boolean) | undefined;

  constructor(options: UnitOptions) {
    if (options.record) this.units = [];
    this.resumePoints = options.resumePoints;
    this.skip = options.skip;
    this.stopBefore = options.stopBefore;
  }

  /** A problem reported (and passed on) while the current unit was parsed. */
  problem(diagnostic: Diagnostic): void {
    if (!this.units) return;
    if (++this.recordedProblems > MAX_RECORDED_PROBLEMS) {
      this.units = undefined;
      return;
    }
    this.problems ??= [];
    this.errorStarts ??= [];
    this.problems.push(movedDiagnostic(diagnostic, 0));
    this.errorStarts.push(diagnostic.span.start);
  }

  /** The next step's first token starts at `start` (the end of the text, after the last). */
  reached(start: number): void {
    const previous = this.previous;
    if (!previous) return;
    // Whether the unit just parsed reported anything from here on (the lexer reading ahead,
    // a missing `}` shown at this token): then this unit's parse depends on it.
    previous.clean = allBefore(previous.errorStarts, start);
    this.previous = undefined;
  }

  /** Whether the parse stops before the unit starting at `start` (UnitOptions.stopBefore); then it is `stoppedAt`. */
  stops(start: number): boolean {
    const last = this.units?.at(-1);
    const stopBefore = this.stopBefore;
    if (!stopBefore || !last?.clean || !stopBefore(start)) return false;
    this.stoppedAt = start;
    return true;
  }

  /** Where the parse goes on when the declaration starting at `start` was read before (UnitOptions.skip). */
  resumeAfter(start: number): number | undefined {
    return this.skip?.get(start);
  }

  /** The declaration starting at `start` was kept, and the parse resumes at `resumeAt` after it. */
  kept(start: number, resumeAt: number): void {
    this.resumePoints?.set(start, resumeAt);
  }

  /** The step starting at `start` is over (see ParseUnit for the rest); the next one's problems are its own. */
  finish(
    start: number,
    readEnd: number,
    resumeAt: number,
    declaration: Declaration | undefined,
    suggestionCells: number,
  ): void {
    if (this.units) {
      const unit = new Unit(
        start,
        readEnd,
        resumeAt,
        declaration,
        this.problems ?? NONE,
        this.errorStarts ?? NONE,
        suggestionCells,
      );
      this.units.push(unit);
      this.previous = unit;
    }
    // Problems reported between units (the lexer, at the next unit's first token) are that unit's.
    this.problems = undefined;
    this.errorStarts = undefined;
  }
}

/** Whether every offset is before `end`. */
function allBefore(offsets: readonly number[], end: number): boolean {
  for (const offset of offsets) if (offset >= end) return false;
  return true;
}
