// Incremental parsing: after an edit, only the units (parseUnits.ts's ParseUnit: one declaration, or
// one line that is not a declaration) whose text the edit touched are parsed again. Units before
// the edit are kept as they are; units after it are kept too, their offsets moved by the edit's
// change in length. The result is exactly what parsing the whole new text gives (the differential
// test in test/language/incremental.test.ts checks it on mutated documents), because a unit's
// parse depends only on the text it read (`start` to `readEnd`) and the parser carries nothing
// from one unit to the next except the offsets it has reported (`clean`).
//
// Kept units after the edit are moved in place: their syntax nodes are the previous analysis's,
// whose offsets are then those of the new text. The previous analysis is therefore used up; it
// must not be read again (analyze.ts lets each analysis be the base of one other at most).
import type {
  Component,
  Declaration,
  MovesBody,
  MovesTerm,
  Name,
  NumberGroup,
  NumberLiteral,
  SetExpression,
  StringLiteral,
} from './ast';
import type { DiagnosticSink } from './diagnostics';
import type { GraphNode } from './graphBody';
import { walkTerms } from './movesBody';
import { parse } from './parser';
import { movedDiagnostic, type ParseUnit } from './parseUnits';
import { PlainHeaps } from './plainHeaps';
import type { Suggester } from './suggest';
import type { Span } from './text';

export interface Reparsed {
  readonly declarations: Declaration[];
  readonly units: ParseUnit[];
  readonly errorStarts: number[];
  /** Suggestion work of the kept units (the new ones spent the suggester's). */
  readonly keptSuggestionCells: number;
}

/**
 * Parses `text`, which was `previousText` when `units` were made, reusing every unit the change
 * left alone. Diagnostics of every unit, kept or new, go to `sink` in text order. Undefined when
 * the new parse could not keep its units (too many problems): the caller parses from scratch.
 */
export function reparse(
  previousText: string,
  units: ParseUnit[],
  text: string,
  sink: DiagnosticSink,
  suggester: Suggester,
): Reparsed | undefined {
  // The changed region: [changeStart, previousText.length - unchangedEnd) before, [changeStart, text.length -
  // unchangedEnd) after.
  const { changeStart, unchangedEnd } = changedRegion(previousText, text);
  const previousChangeEnd = previousText.length - unchangedEnd;
  const delta = text.length - previousText.length;

  // Units before the change that read nothing of it, the last of them clean.
  let kept = 0;
  while (kept < units.length && units[kept].readEnd <= changeStart) kept++;
  while (kept > 0 && !units[kept - 1].clean) kept--;
  const from = kept > 0 ? units[kept - 1].resumeAt : 0;

  // Parse from there until a unit starts where one started before, past the change, after a clean one.
  let resumeUnit = units.length;
  const parsed = parse(text, sink, suggester, {
    record: true,
    from,
    stopBefore: (start) => {
      const before = start - delta;
      if (before < previousChangeEnd) return false;
      const index = unitStartingAt(units, before, kept);
      if (index < 0 || (index > 0 && !units[index - 1].clean)) return false;
      resumeUnit = index;
      return true;
    },
  });
  if (!parsed.units) return undefined;

  const declarations: Declaration[] = [];
  const all: ParseUnit[] = [];
  const errorStarts: number[] = [];
  let keptSuggestionCells = 0;
  const keep = (unit: ParseUnit) => {
    all.push(unit);
    if (unit.declaration) declarations.push(unit.declaration);
    for (const diagnostic of unit.diagnostics) sink.push(diagnostic);
    for (const start of unit.errorStarts) errorStarts.push(start);
  };
  for (let i = 0; i < kept; i++) {
    keep(units[i]);
    keptSuggestionCells += units[i].suggestionCells;
  }
  // The new units' diagnostics went to the sink as they were parsed.
  for (const unit of parsed.units) {
    all.push(unit);
    if (unit.declaration) declarations.push(unit.declaration);
    for (const start of unit.errorStarts) errorStarts.push(start);
  }
  if (parsed.stoppedAt !== undefined) {
    for (let i = resumeUnit; i < units.length; i++) {
      const unit = units[i];
      if (delta !== 0) moveUnit(unit, delta);
      keep(unit);
      keptSuggestionCells += unit.suggestionCells;
    }
  }
  return { declarations, units: all, errorStarts, keptSuggestionCells };
}

/**
 * Characters compared at once while looking for the change: the engine's own string comparison, far faster than a loop
 * over characters (even before the loop is compiled).
 */
const BLOCK = 256;

/** How long the two texts' common beginning is, and their common end (not overlapping it). */
export function changedRegion(before: string, after: string): { changeStart: number; unchangedEnd: number } {
  const shortest = Math.min(before.length, after.length);
  let changeStart = 0;
  while (
    changeStart + BLOCK <= shortest &&
    before.slice(changeStart, changeStart + BLOCK) === after.slice(changeStart, changeStart + BLOCK)
  )
    changeStart += BLOCK;
  while (changeStart < shortest && before.charCodeAt(changeStart) === after.charCodeAt(changeStart)) changeStart++;
  const room = shortest - changeStart;
  let unchangedEnd = 0;
  while (
    unchangedEnd + BLOCK <= room &&
    before.slice(before.length - unchangedEnd - BLOCK, before.length - unchangedEnd) ===
      after.slice(after.length - unchangedEnd - BLOCK, after.length - unchangedEnd)
  )
    unchangedEnd += BLOCK;
  while (
    unchangedEnd < room &&
    before.charCodeAt(before.length - 1 - unchangedEnd) === after.charCodeAt(after.length - 1 - unchangedEnd)
  )
    unchangedEnd++;
  return { changeStart, unchangedEnd };
}

/** The index of the unit (at or after `from`) that starts at `start`, or -1. */
function unitStartingAt(units: readonly ParseUnit[], start: number, from: number): number {
  let low = from;
  let high = units.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (units[middle].start < start) low = middle + 1;
    else high = middle;
  }
  return low < units.length && units[low].start === start ? low : -1;
}

function moveUnit(unit: ParseUnit, delta: number): void {
  unit.start += delta;
  unit.readEnd += delta;
  unit.resumeAt += delta;
  if (unit.diagnostics.length > 0) {
    unit.diagnostics = unit.diagnostics.map((d) => movedDiagnostic(d, delta));
    unit.errorStarts = unit.errorStarts.map((start) => start + delta);
  }
  if (unit.declaration) moveDeclaration(unit.declaration, delta);
}

// Moving touches every node after the edit, on every keystroke. Each function below sees one or
// two shapes of object (names, numbers, strings, tokens, plain spans; each component kind in its
// own case), so that the engine's property accesses stay monomorphic: one function for every node
// would see a dozen shapes, a megamorphic access per offset. (Measured only together with the
// block comparison of changedRegion: the two took the per-keystroke analysis from 2.1 to 1.8 ms median.)
type Movable = { start: number; end: number };

function moveName(name: Name | undefined, delta: number): void {
  if (!name) return;
  (name as Movable).start += delta;
  (name as Movable).end += delta;
}

function moveNames(names: readonly Name[], delta: number): void {
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as Movable;
    name.start += delta;
    name.end += delta;
  }
}

function moveNumbers(numbers: readonly NumberLiteral[], delta: number): void {
  for (let i = 0; i < numbers.length; i++) {
    const number = numbers[i] as Movable;
    number.start += delta;
    number.end += delta;
  }
}

function moveString(literal: StringLiteral | undefined, delta: number): void {
  if (!literal) return;
  const moved = literal as Movable & { valueStart: number };
  moved.start += delta;
  moved.end += delta;
  moved.valueStart += delta;
}

/** A span object of its own (`{start, end}`), or a token kept as one. */
function moveSpan(span: Span | undefined, delta: number): void {
  if (!span) return;
  (span as Movable).start += delta;
  (span as Movable).end += delta;
}

function moveGroups(groups: readonly NumberGroup[], delta: number): void {
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i] as NumberGroup & Movable;
    group.start += delta;
    group.end += delta;
    moveNumbers(group.numbers, delta);
  }
}

function moveSet(set: SetExpression, delta: number): void {
  moveSpan(set, delta);
  for (const term of set.terms) {
    moveSpan(term, delta);
    if (term.kind === 'numbers') moveNumbers(term.numbers, delta);
    else if (term.kind !== 'named') {
      if (term.of) moveSpan(term.of, delta);
      if (term.parameter) moveSpan(term.parameter, delta);
    }
  }
}

function moveMovesBody(body: MovesBody, delta: number): void {
  moveSpan(body, delta);
  for (const variable of body.variables) moveSpan(variable, delta);
  for (const clause of body.clauses) {
    moveSpan(clause, delta);
    moveSpan(clause.ifWord, delta);
    if (clause.option) moveTerm(clause.option, delta);
    if (clause.condition) moveTerm(clause.condition, delta);
    for (const loop of clause.loops) {
      moveSpan(loop, delta);
      moveSpan(loop.forWord, delta);
      moveSpan(loop.inWord, delta);
      moveSpan(loop.variable, delta);
      if (loop.from) moveTerm(loop.from, delta);
      if (loop.to) moveTerm(loop.to, delta);
    }
  }
}

/** A term and every term under it (walkTerms: an explicit stack, terms nest), with their names and operators. */
function moveTerm(root: MovesTerm, delta: number): void {
  walkTerms(root, (term) => {
    moveSpan(term, delta);
    if (term.kind === 'var') moveSpan(term.name, delta);
    else if (term.kind === 'binary') moveSpan(term.at, delta);
    else if (term.kind === 'call') moveSpan(term.fn, delta);
  });
}

/** Moves every span of a declaration's tree (each node is its own object: none is shared). */
export function moveDeclaration(declaration: Declaration, delta: number): void {
  const moved = declaration as Declaration & Movable;
  moved.start += delta;
  moved.end += delta;
  moveName(declaration.name, delta);
  switch (declaration.kind) {
    case 'rule': {
      const body = declaration.body;
      if (!body) return;
      switch (body.kind) {
        case 'subtract':
          (body as Movable).start += delta;
          (body as Movable).end += delta;
          moveSet(body.set, delta);
          return;
        case 'subtract-all':
          (body as Movable).start += delta;
          (body as Movable).end += delta;
          if (body.except) moveSet(body.except, delta);
          return;
        case 'octal':
          (body as Movable).start += delta;
          (body as Movable).end += delta;
          moveName(body.code, delta);
          return;
        case 'words':
          (body as Movable).start += delta;
          (body as Movable).end += delta;
          moveSpan(body.set, delta);
          for (const word of body.words) moveString(word, delta);
          return;
        case 'moves':
          moveMovesBody(body, delta);
          return;
      }
      return;
    }
    case 'graph':
      (declaration as GraphNode).moveBody(delta);
      return;
    case 'game':
      moveSpan(declaration.misere, delta);
      moveSpan(declaration.sum, delta);
      for (const component of declaration.components) moveComponent(component, delta);
      return;
  }
}

function moveComponent(component: Component, delta: number): void {
  moveSpan(component, delta);
  switch (component.kind) {
    case 'heaps':
      moveName(component.rule, delta);
      // A plain line's heaps are made from its text when asked for: nothing more to move.
      if (!(component instanceof PlainHeaps)) moveNumbers(component.heaps, delta);
      return;
    case 'tokens':
      moveName(component.graph, delta);
      moveSpan(component.at, delta);
      moveNames(component.vertices, delta);
      return;
    case 'row':
      moveName(component.rule, delta);
      moveString(component.row, delta);
      for (const more of component.more) moveString(more, delta);
      return;
    case 'pairs':
      moveName(component.rule, delta);
      moveGroups(component.pairs, delta);
      return;
    case 'boards':
      moveName(component.rule, delta);
      for (const board of component.boards) {
        moveSpan(board, delta);
        for (const row of board.rows) moveString(row, delta);
      }
      return;
    case 'lists':
      moveName(component.rule, delta);
      moveGroups(component.lists, delta);
      return;
    case 'pictures':
      moveName(component.rule, delta);
      for (const picture of component.pictures) {
        moveSpan(picture, delta);
        for (const edge of picture.edges) {
          moveSpan(edge, delta);
          moveName(edge.from, delta);
          moveName(edge.to, delta);
        }
      }
      return;
  }
  // Every kind returns above: a new kind of component fails to compile here until it is moved.
  const unmoved: never = component;
  void unmoved;
}
