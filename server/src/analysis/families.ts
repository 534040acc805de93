// The component families as the language sees them, in one table: for each kind of checked
// component, the engine's input, and what its value depends on (the computation key, written
// from the text, never from printed values). Code that must know every family goes through
// this table (or an exhaustive switch); the mapped type makes a family without an entry a
// compile error. See ARCHITECTURE.md, "Adding a game family".
import { ruleKey, TREBLECROSS_OCTAL } from '../engine';
import type { ComponentInput } from '../engine/gameTypes';
import type { CheckedComponent, GraphSymbol } from '../language/model';
import { appendHeapTexts } from '../language/plainHeaps';

type Of<K extends CheckedComponent['kind']> = Extract<CheckedComponent, { kind: K }>;

export interface LanguageFamily<K extends CheckedComponent['kind']> {
  /** The engine's plain input for the component. */
  input(component: Of<K>): ComponentInput;
  /**
   * What the value depends on, as text: equal keys, equal values. Appended to `parts` in pieces,
   * which the caller joins once: a document's keys are made all at once, for every game.
   */
  key(component: Of<K>, parts: string[], graphKey: (graph: GraphSymbol) => string): void;
  /** The rule key whose sequence the computation fills a worker's cache with, if any. */
  affinity(component: Of<K>): string | undefined;
}

/** JSON for strings in keys: quotes and separators inside them cannot run into the key's own. */
const quote = (text: string) => JSON.stringify(text);

export const LANGUAGE_FAMILIES: { readonly [K in CheckedComponent['kind']]: LanguageFamily<K> } = {
  heaps: {
    input: (c) => ({ kind: 'heaps', rule: c.rule, heaps: c.heaps }),
    // The heaps as written, not printed from their values: printing a million-digit heap takes a
    // quarter of a second. Equal text means equal values (`007` and `7` only cost a computation).
    key: (c, parts) => {
      parts.push(ruleKey(c.rule), ':');
      if (c.syntax.kind === 'heaps') appendHeapTexts(c.syntax, parts);
      else for (const heap of c.heaps) parts.push(' ', String(heap));
    },
    affinity: (c) => ruleKey(c.rule),
  },
  'octal-row': {
    input: (c) => ({ kind: 'octal-row', rule: c.rule, cells: c.cells }),
    key: (c, parts) => parts.push(ruleKey(c.rule), ': "', c.cells, '"'),
    affinity: (c) => ruleKey(c.rule),
  },
  treblecross: {
    input: (c) => ({ kind: 'treblecross', cells: c.cells }),
    key: (c, parts) => parts.push('treblecross: "', c.cells, '"'),
    affinity: () => ruleKey(TREBLECROSS_OCTAL),
  },
  tokens: {
    input: (c) => ({ kind: 'tokens', graph: c.graph.data, vertices: c.vertices }),
    key: (c, parts, graphKey) => parts.push(graphKey(c.graph), ' at ', c.vertices.join(',')),
    affinity: () => undefined,
  },
  wythoff: {
    input: (c) => ({ kind: 'wythoff', positions: c.positions }),
    key: (c, parts) => parts.push(`wythoff: ${c.positions.map(([a, b]) => `(${a}, ${b})`).join(' ')}`),
    affinity: () => 'wythoff',
  },
  leftmost: {
    input: (c) => ({ kind: 'leftmost', rows: c.rows }),
    key: (c, parts) => parts.push(`leftmost: ${c.rows.map((row) => `[${row.join(', ')}]`).join(' ')}`),
    affinity: () => undefined,
  },
  words: {
    input: (c) => ({ kind: 'words', words: c.words, pieces: c.pieces }),
    key: (c, parts) =>
      parts.push(`words {${[...c.words].sort().map(quote).join(', ')}}: ${c.pieces.map(quote).join(' ')}`),
    affinity: () => undefined,
  },
};

export function componentInput(component: CheckedComponent): ComponentInput {
  return (LANGUAGE_FAMILIES[component.kind] as LanguageFamily<CheckedComponent['kind']>).input(component as never);
}

/** Appends the component's key to `parts` (see LanguageFamily.key). */
export function componentKey(
  component: CheckedComponent,
  parts: string[],
  graphKey: (graph: GraphSymbol) => string,
): void {
  (LANGUAGE_FAMILIES[component.kind] as LanguageFamily<CheckedComponent['kind']>).key(
    component as never,
    parts,
    graphKey,
  );
}

export function componentAffinity(component: CheckedComponent): string | undefined {
  return (LANGUAGE_FAMILIES[component.kind] as LanguageFamily<CheckedComponent['kind']>).affinity(component as never);
}
