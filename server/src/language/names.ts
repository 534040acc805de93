// Every place a name is written, and what it names: the index behind go to definition, find
// references, highlights and rename. Rules, graphs and games share one namespace (their key is
// `name:TEXT`); a vertex belongs to its graph (`vertex:START:TEXT`, START being where the graph's
// declaration begins, so that two graphs' `a`s are different vertices, and the vertices of a
// graph declared twice stay with their own declaration). A name used but never declared still
// has a key: its uses are found together, and renamed together.
import type { AnalyzedDocument } from './analyze';
import type { GraphDeclaration, MovesBody, Name, RuleDeclaration } from './ast';
import { KEYWORDS } from './lexer';
import { BUILTIN_RULES, CONTEXTUAL_BUILTINS } from './model';
import { termNames } from './movesBody';
import type { Span } from './text';

/** `variable`: a variable of a rule of one's own (its position's, or a clause's loop's). */
export type NameKind = 'rule' | 'graph' | 'game' | 'vertex' | 'variable' | 'unknown';

export interface Occurrence extends Span {
  readonly name: string;
  readonly key: string;
  readonly kind: NameKind;
  /** Where the name is declared (a rule's, graph's or game's name; a vertex's first mention in its graph). */
  readonly declaration: boolean;
  /** For a vertex: the name of its graph. */
  readonly graph?: string;
}

export interface NameIndex {
  /** By position in the text. */
  readonly occurrences: readonly Occurrence[];
  /** The occurrence whose name contains the offset (its end included: a cursor just after a name is on it). */
  at(offset: number): Occurrence | undefined;
  /** Every occurrence of the key, in the order of the text. */
  uses(key: string): readonly Occurrence[];
  /** The first declaration of the key (the one the checker kept); undefined for built-ins and undeclared names. */
  definition(key: string): Occurrence | undefined;
}

const nameKey = (text: string) => `name:${text}`;
/**
 * A rule of one's own's variable: its position's are the rule's (`variable:START:NAME`), a loop's its
 * clause's (`variable:START:CLAUSE:NAME`), START where the rule's declaration begins.
 */
const variableKey = (rule: RuleDeclaration, name: string, clause?: number) =>
  clause === undefined ? `variable:${rule.start}:${name}` : `variable:${rule.start}:${clause}:${name}`;
const vertexKey = (graph: GraphDeclaration, text: string) => `vertex:${graph.start}:${text}`;

/** Whether a rule, graph or game name is a built-in rule's (which cannot be renamed). */
export const isBuiltinName = (text: string): boolean => BUILTIN_RULES.has(text);

/** Whether a name is a built-in that a declaration may take (a contextual word: `staircase`). */
export const isContextualBuiltin = (text: string): boolean => CONTEXTUAL_BUILTINS.has(text);

const KEYWORD_SET: ReadonlySet<string> = new Set(KEYWORDS);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*$/;

/** Why a text cannot be a name, or undefined when it can (the lexer's rule: letters, digits, `_`, inner `-`). */
export function invalidName(text: string): string | undefined {
  if (!NAME.test(text))
    return (
      `\`${text}\` is not a name: a name starts with a letter or \`_\` and goes on with letters, digits, ` +
      `\`_\`, or \`-\` between them`
    );
  if (KEYWORD_SET.has(text)) return `\`${text}\` is a keyword`;
  return undefined;
}

const indexes = new WeakMap<AnalyzedDocument, NameIndex>();

/** The document's name index, built once per analysis: O(size of the document). */
export function nameIndex(document: AnalyzedDocument): NameIndex {
  let index = indexes.get(document);
  if (!index) {
    index = buildIndex(document);
    indexes.set(document, index);
  }
  return index;
}

function buildIndex(document: AnalyzedDocument): NameIndex {
  const { file, model } = document;
  const found: Occurrence[] = [];
  const kindOf = (text: string): NameKind => model.symbols.get(text)?.kind ?? 'unknown';
  const add = (name: Name, key: string, kind: NameKind, declaration: boolean, graph?: string) =>
    found.push({
      start: name.start,
      end: name.end,
      name: name.text,
      key,
      kind,
      declaration,
      ...(graph === undefined ? {} : { graph }),
    });

  for (const declaration of file.declarations) {
    switch (declaration.kind) {
      case 'rule':
        if (declaration.name) add(declaration.name, nameKey(declaration.name.text), 'rule', true);
        if (declaration.body?.kind === 'moves') addVariables(declaration, declaration.body, add);
        break;
      case 'graph': {
        const graphName = declaration.name?.text ?? '';
        if (declaration.name) add(declaration.name, nameKey(graphName), 'graph', true);
        const seen = new Set<string>();
        const vertex = (name: Name) => {
          add(name, vertexKey(declaration, name.text), 'vertex', !seen.has(name.text), graphName);
          seen.add(name.text);
        };
        for (const line of declaration.lines) {
          vertex(line.from);
          line.to.forEach(vertex);
        }
        break;
      }
      case 'game':
        if (declaration.name) add(declaration.name, nameKey(declaration.name.text), 'game', true);
        for (const component of declaration.components) {
          const head = component.kind === 'tokens' ? component.graph : component.rule;
          add(head, nameKey(head.text), kindOf(head.text), false);
          if (component.kind !== 'tokens') continue;
          const graph = model.symbols.get(head.text);
          if (graph?.kind !== 'graph') continue;
          for (const vertex of component.vertices)
            add(vertex, vertexKey(graph.declaration, vertex.text), 'vertex', false, head.text);
        }
        break;
    }
  }
  found.sort((a, b) => a.start - b.start);

  const byKey = new Map<string, Occurrence[]>();
  for (const occurrence of found) {
    const list = byKey.get(occurrence.key);
    if (list) list.push(occurrence);
    else byKey.set(occurrence.key, [occurrence]);
  }
  return {
    occurrences: found,
    at(offset) {
      let low = 0;
      let high = found.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (found[middle].end < offset) low = middle + 1;
        else high = middle;
      }
      const candidate = found[low];
      return candidate && candidate.start <= offset && offset <= candidate.end ? candidate : undefined;
    },
    uses: (key) => byKey.get(key) ?? [],
    definition(key) {
      const uses = byKey.get(key) ?? [];
      if (key.startsWith('vertex:') || key.startsWith('variable:')) return uses.find((o) => o.declaration);
      // The declaration the checker kept is the model's symbol's.
      const symbol = model.symbols.get(key.slice('name:'.length));
      const declared = symbol && 'declaration' in symbol ? symbol.declaration?.name : undefined;
      return declared ? uses.find((o) => o.start === declared.start) : undefined;
    },
  };
}

/**
 * The variables of a rule of one's own, each use with what binds it: a loop of its clause, else the
 * position. A name bound by nothing is `unknown` (the checker reports it), keyed by itself.
 */
function addVariables(
  rule: RuleDeclaration,
  body: MovesBody,
  add: (name: Name, key: string, kind: NameKind, declaration: boolean) => void,
): void {
  const position = new Set<string>();
  for (const variable of body.variables) {
    add(variable, variableKey(rule, variable.text), 'variable', !position.has(variable.text));
    position.add(variable.text);
  }
  body.clauses.forEach((clause, index) => {
    const loops = new Set<string>();
    for (const loop of clause.loops) if (loop.variable) loops.add(loop.variable.text);
    const use = (name: Name) => {
      if (loops.has(name.text)) add(name, variableKey(rule, name.text, index), 'variable', false);
      else if (position.has(name.text)) add(name, variableKey(rule, name.text), 'variable', false);
      else add(name, `variable:${rule.start}:?:${name.text}`, 'unknown', false);
    };
    const bound = new Set<string>();
    for (const loop of clause.loops) {
      if (loop.from) termNames(loop.from, use);
      if (loop.to) termNames(loop.to, use);
      if (loop.variable) {
        add(loop.variable, variableKey(rule, loop.variable.text, index), 'variable', !bound.has(loop.variable.text));
        bound.add(loop.variable.text);
      }
    }
    if (clause.option) termNames(clause.option, use);
    if (clause.condition) termNames(clause.condition, use);
  });
}
