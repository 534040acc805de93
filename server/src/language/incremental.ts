// Incremental parsing: after an edit, only the units (parser.ts's ParseUnit: one declaration, or
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
import type { Component, Declaration, NumberGroup, NumberLiteral, StringLiteral } from './ast';
import type { DiagnosticSink } from './diagnostics';
import { movedDiagnostic, type ParseUnit, parse } from './parser';
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
export function reparse(previousText: string, units: ParseUnit[], text: string, sink: DiagnosticSink, suggester: Suggester): Reparsed | undefined {
  // The changed region: [changeStart, previousText.length - unchangedEnd) before, [changeStart, text.length - unchangedEnd) after.
  const shortest = Math.min(previousText.length, text.length);
  let changeStart = 0;
  while (changeStart < shortest && previousText.charCodeAt(changeStart) === text.charCodeAt(changeStart)) changeStart++;
  let unchangedEnd = 0;
  while (
    unchangedEnd < shortest - changeStart &&
    previousText.charCodeAt(previousText.length - 1 - unchangedEnd) === text.charCodeAt(text.length - 1 - unchangedEnd)
  )
    unchangedEnd++;
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

type Movable = { start: number; end: number };

function move(span: Span | undefined, delta: number): void {
  if (!span) return;
  (span as Movable).start += delta;
  (span as Movable).end += delta;
}

function moveAll(spans: readonly Span[], delta: number): void {
  for (const span of spans) move(span, delta);
}

function moveString(literal: StringLiteral | undefined, delta: number): void {
  if (!literal) return;
  move(literal, delta);
  (literal as { valueStart: number }).valueStart += delta;
}

function moveGroups(groups: readonly NumberGroup[], delta: number): void {
  for (const group of groups) {
    move(group, delta);
    moveAll(group.numbers, delta);
  }
}

/** Moves every span of a declaration's tree (each node is its own object: none is shared). */
export function moveDeclaration(declaration: Declaration, delta: number): void {
  move(declaration, delta);
  move(declaration.name, delta);
  switch (declaration.kind) {
    case 'rule': {
      const body = declaration.body;
      if (!body) return;
      move(body, delta);
      switch (body.kind) {
        case 'subtract':
          move(body.set, delta);
          moveAll(body.numbers as readonly NumberLiteral[], delta);
          return;
        case 'subtract-all':
          if (body.except) {
            move(body.except.set, delta);
            moveAll(body.except.numbers, delta);
          }
          return;
        case 'octal':
          move(body.code, delta);
          return;
        case 'words':
          move(body.set, delta);
          for (const word of body.words) moveString(word, delta);
          return;
      }
      return;
    }
    case 'graph':
      for (const line of declaration.lines) {
        move(line, delta);
        move(line.from, delta);
        moveAll(line.to, delta);
      }
      return;
    case 'game':
      move(declaration.misere, delta);
      move(declaration.sum, delta);
      for (const component of declaration.components) moveComponent(component, delta);
      return;
  }
}

function moveComponent(component: Component, delta: number): void {
  move(component, delta);
  switch (component.kind) {
    case 'heaps':
      move(component.rule, delta);
      moveAll(component.heaps, delta);
      return;
    case 'tokens':
      move(component.graph, delta);
      move(component.at, delta);
      moveAll(component.vertices, delta);
      return;
    case 'row':
      move(component.rule, delta);
      moveString(component.row, delta);
      for (const more of component.more) moveString(more, delta);
      return;
    case 'pairs':
      move(component.rule, delta);
      moveGroups(component.pairs, delta);
      return;
    case 'lists':
      move(component.rule, delta);
      moveGroups(component.lists, delta);
      return;
  }
}
