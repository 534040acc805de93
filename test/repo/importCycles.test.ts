// No import cycles: the modules of the server, the client and the webview depend on each other one
// way only. Every relative import counts, type-only and re-exports included (a cycle of types still
// ties the modules together); a failure names each cycle as a path. And the engine's rooms are
// entered by their faces: outside the engine, no import reaches past a room's index.ts.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { repositoryPath, repositoryRoot } from '../helpers/paths';

function sourcesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...sourcesUnder(path));
    else if (entry.endsWith('.ts') && !entry.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** The module a relative specifier names (`./x` is x.ts or x/index.ts), or undefined for a package. */
function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** The specifiers a module imports: static, type-only, re-exports, side effects, `import()`, `require()`. */
function importedSpecifiers(source: string): string[] {
  // Comments out first (a specifier quoted in a comment is not an import); strings keep their `//`.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]);
  return found;
}

/** Each module's relative imports. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importedSpecifiers(readFileSync(file, 'utf8')).flatMap(
      (specifier) => resolved(file, specifier) ?? [],
    );
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components of more than one module, or of one that imports itself (Tarjan). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** One cycle through the component's first module, as a path that ends where it starts. */
function pathThrough(component: readonly string[], graph: ReadonlyMap<string, readonly string[]>): string[] {
  const inside = new Set(component);
  const start = component[0];
  // Breadth-first from start back to start, staying inside the component.
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const back: string[] = [];
        for (let at: string | undefined = v; at !== undefined && at !== start; at = previous.get(at)) back.push(at);
        return [start, ...back.reverse(), start].map((file) => relative(repositoryRoot, file));
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return component.map((file) => relative(repositoryRoot, file));
}

describe('import cycles', () => {
  it('none in server/src, client/src and client/webview', () => {
    const files = ['server/src', 'client/src', 'client/webview'].flatMap((dir) => sourcesUnder(repositoryPath(dir)));
    assert.ok(files.length > 50, 'the sources were found');
    const graph = importGraph(files);
    const found = cycles(graph).map((component) => pathThrough(component, graph).join(' -> '));
    assert.deepEqual(found, [], `import cycles:\n${found.join('\n')}`);
  });

  it("code outside the engine imports a room's face (its index.ts), never a module behind it", () => {
    const engine = repositoryPath('server', 'src', 'engine');
    const files = ['server/src', 'client/src', 'client/webview'].flatMap((dir) => sourcesUnder(repositoryPath(dir)));
    const past: string[] = [];
    for (const [file, targets] of importGraph(files.filter((f) => !f.startsWith(`${engine}/`)))) {
      for (const target of targets) {
        const inEngine = relative(engine, target);
        if (inEngine.startsWith('..')) continue;
        const parts = inEngine.split('/');
        // A shared top-level module (engine/types.ts) or a room's face (engine/heaps/index.ts) is fine.
        if (parts.length === 1 || (parts.length === 2 && parts[1] === 'index.ts')) continue;
        past.push(`${relative(repositoryRoot, file)} -> ${relative(repositoryRoot, target)}`);
      }
    }
    assert.ok(files.length > 50, 'the sources were found');
    assert.deepEqual(past, [], `imports past a room's face:\n${past.join('\n')}`);
  });

  it('reads every form of import', () => {
    const source = [
      "import { a } from './a';",
      "import type {\n  B,\n  C,\n} from '../b';",
      "export { d } from './d';",
      "export * from './e';",
      "import './f';",
      "const g = await import('./g');",
      "const h = require('./h');",
      "// import { x } from './commented';",
      "/* import { y } from './blocked'; */",
      "const url = 'file:///not/an/import';",
    ].join('\n');
    assert.deepEqual(importedSpecifiers(source).sort(), ['../b', './a', './d', './e', './f', './g', './h']);
  });

  it('finds a cycle where there is one (the check itself)', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts', '/d.ts']],
      ['/d.ts', []],
    ]);
    assert.deepEqual(
      cycles(graph).map((c) => [...c].sort()),
      [['/a.ts', '/b.ts', '/c.ts']],
    );
  });
});
