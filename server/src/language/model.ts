// The checked meaning of a `.game` file: what every name refers to, and each game as plain data
// the engine can take. Syntax nodes are kept alongside so features can point back into the text.

import { ruleKey } from '../engine';
import type { CramBoard, KaylesKind } from '../engine/boards';
import type { HackenbushPicture } from '../engine/families';
import type { KaylesPosition } from '../engine/gameTypes';
import type { GraphData, HeapRule, Rule } from '../engine/types';
import type { Component, GameDeclaration, GraphDeclaration, RuleDeclaration } from './ast';

export interface RuleSymbol {
  readonly kind: 'rule';
  readonly name: string;
  /** Absent for built-in rules. */
  readonly declaration?: RuleDeclaration;
  /** Absent when the rule's definition has errors. */
  readonly rule?: Rule;
}

export interface GraphSymbol {
  readonly kind: 'graph';
  readonly name: string;
  readonly declaration: GraphDeclaration;
  readonly data: GraphData;
  /** Vertex numbers by name (the parser's table: graphBody.ts). */
  readonly vertexIndex: VertexLookup;
  /** False when the graph has a cycle (its values are Smith's: some may be infinite). */
  readonly acyclic: boolean;
}

/** What finding a vertex by its name needs. */
export interface VertexLookup {
  get(name: string): number | undefined;
  keys(): Iterable<string>;
  /** Vertex v's name, without making every name. */
  nameOf(v: number): string;
  readonly size: number;
}

export interface GameSymbol {
  readonly kind: 'game';
  readonly name: string;
  readonly declaration: GameDeclaration;
  readonly play: 'normal' | 'misere';
  readonly components: readonly CheckedComponent[];
  /** True when every component resolved to a valid rule or graph: the engine may evaluate it. */
  readonly valid: boolean;
}

export type DeclaredSymbol = RuleSymbol | GraphSymbol | GameSymbol;

export type CheckedComponent =
  | {
      readonly kind: 'heaps';
      readonly syntax: Component;
      readonly ruleName: string;
      readonly rule: HeapRule;
      readonly heaps: readonly bigint[];
    }
  | {
      readonly kind: 'tokens';
      readonly syntax: Component;
      readonly graph: GraphSymbol;
      readonly vertices: readonly number[];
    }
  | { readonly kind: 'treblecross'; readonly syntax: Component; readonly cells: string }
  | { readonly kind: 'wythoff'; readonly syntax: Component; readonly positions: readonly (readonly [bigint, bigint])[] }
  | {
      readonly kind: 'moves-tuples';
      readonly syntax: Component;
      readonly rule: Extract<Rule, { kind: 'movesTuple' }>;
      readonly positions: readonly (readonly bigint[])[];
    }
  | { readonly kind: 'leftmost'; readonly syntax: Component; readonly rows: readonly (readonly bigint[])[] }
  | { readonly kind: 'staircase'; readonly syntax: Component; readonly stairs: readonly (readonly bigint[])[] }
  /** Node or Arc Kayles: each graph as what is left of it (all of it), and its vertices' names by number. */
  | {
      readonly kind: 'graph-kayles';
      readonly syntax: Component;
      readonly game: KaylesKind;
      readonly positions: readonly KaylesPosition[];
      readonly vertexNames: readonly (readonly string[])[];
    }
  /** Cram: each board, its empty cells 1 (row-major). */
  | { readonly kind: 'cram'; readonly syntax: Component; readonly boards: readonly CramBoard[] }
  /** Chomp: each board's rows, from the bottom up. */
  | { readonly kind: 'chomp'; readonly syntax: Component; readonly boards: readonly (readonly bigint[])[] }
  /** Green Hackenbush: each picture's edges (vertex 0 the ground) and its vertices' names. */
  | {
      readonly kind: 'hackenbush';
      readonly syntax: Component;
      readonly pictures: readonly HackenbushPicture[];
      readonly vertexNames: readonly (readonly string[])[];
    }
  | {
      readonly kind: 'words';
      readonly syntax: Component;
      readonly ruleName: string;
      readonly words: readonly string[];
      readonly pieces: readonly string[];
    }
  /** An octal rule on a row: each maximal run of `X` is a heap (`"XXX.XX"` = heaps 3 and 2). */
  | {
      readonly kind: 'octal-row';
      readonly syntax: Component;
      readonly ruleName: string;
      readonly rule: HeapRule;
      readonly cells: string;
      readonly heaps: readonly bigint[];
    };

export interface SemanticModel {
  /** Every declared name (and each built-in rule), in one namespace. */
  readonly symbols: ReadonlyMap<string, DeclaredSymbol>;
  /** Games in the order they are declared (a duplicate game is left out). */
  readonly games: readonly GameSymbol[];
}

/** The rules every file has without declaring them. */
export const BUILTIN_RULES: ReadonlyMap<string, Rule> = new Map<string, Rule>([
  ['nim', { kind: 'subtractAllExcept', except: [] }],
  ['kayles', { kind: 'octal', digits: [0, 7, 7] }],
  ['dawson', { kind: 'octal', digits: [0, 1, 3, 7] }],
  ['dawson-kayles', { kind: 'octal', digits: [0, 0, 7] }],
  ['grundy', { kind: 'octal', digits: [4], distinct: [0] }], // octal 4!.0: Grundy's game
  ['lasker', { kind: 'octal', digits: [4, 3], repeat: 1 }], // octal 4.[3]: Lasker's Nim
  ['treblecross', { kind: 'treblecross' }],
  ['wythoff', { kind: 'wythoff' }],
  ['leftmost', { kind: 'leftmost' }],
  // Contextual: a declaration of the name takes it (CONTEXTUAL_BUILTINS).
  ['staircase', { kind: 'staircase' }],
  ['hackenbush', { kind: 'hackenbush' }],
  ['chomp', { kind: 'chomp' }],
  ['cram', { kind: 'cram' }],
  ['node-kayles', { kind: 'node-kayles' }],
  ['arc-kayles', { kind: 'arc-kayles' }],
]);

/**
 * Built-in names that are version 3's contextual words: a file that declares one (as a rule, graph
 * or game) keeps its meaning, and its own declaration takes the name; elsewhere the name is the
 * built-in. The other built-ins cannot be declared.
 */
export const CONTEXTUAL_BUILTINS: ReadonlySet<string> = new Set([
  'staircase',
  'hackenbush',
  'chomp',
  'cram',
  'node-kayles',
  'arc-kayles',
]);

/**
 * The names a game's heaps (and rows of X's) call their rules by, by rule key: what a text about the game's rules
 * says (`onetwo`, where the engine says `subtract {1,2}`). Where two names mean one rule, the first written.
 */
export function heapRuleNames(game: GameSymbol): Map<string, string> {
  const names = new Map<string, string>();
  for (const component of game.components)
    if (component.kind === 'heaps' || component.kind === 'octal-row') {
      const key = ruleKey(component.rule);
      if (!names.has(key)) names.set(key, component.ruleName);
    }
  return names;
}
