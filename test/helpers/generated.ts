// Generated documents: one like a user builds up (rules and a graph, then games of every kind with
// comments between them) and an unfriendly one (random names, rules, edges and heaps). The
// benchmarks type into 2,000-line ones, the resource guards too; tests use smaller ones.
import { random } from '../engine/oracles/random';

/** A document of `lineCount` lines: rules and a graph, then games of every kind, with comments. */
export function generatedDocument(lineCount: number): { text: string; gameLines: number[] } {
  const next = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const lines = [
    '# A generated document for the latency benchmark.',
    'rule onetwo = subtract {1, 2}',
    'rule s237 = subtract {2, 3, 7}',
    'rule notone = subtract all except {1}',
    'rule k = octal 0.77',
    'rule officers = octal 0.6',
    'graph g {',
    '  a -> b, c',
    '  b -> d',
    '  c -> d, e',
    '  d -> e',
    '}',
    'game background = officers 1000000000000   # the long computation',
  ];
  const gameLines: number[] = [];
  const heap = () => String(1 + Math.floor(next() * 10 ** (1 + Math.floor(next() * 12))));
  const components = [
    () => `onetwo ${heap()} ${heap()}`,
    () => `s237 ${heap()}`,
    () => `notone ${Math.floor(next() * 500)}`,
    () => `kayles ${heap()}`,
    () => `dawson ${heap()}`,
    () => `nim ${heap()} ${heap()}`,
    () => `g at ${pick(['a', 'b', 'c', 'd'])}, ${pick(['a', 'c', 'e'])}`,
    () =>
      `treblecross "${Array.from({ length: 5 + Math.floor(next() * 25) }, () => (next() < 0.1 ? 'X' : '.')).join('')}"`,
    () => `k "${Array.from({ length: 3 + Math.floor(next() * 20) }, () => (next() < 0.8 ? 'X' : '.')).join('')}"`,
  ];
  for (let i = 0; lines.length < lineCount; i++) {
    if (i % 10 === 9) {
      lines.push(`# section ${i / 10}`);
      continue;
    }
    const parts = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(components)());
    gameLines.push(lines.length);
    lines.push(`game g${i} = ${next() < 0.05 ? 'misere ' : ''}${parts.join(' + ')}`);
  }
  return { text: `${lines.join('\n')}\n`, gameLines };
}

/**
 * A document nobody would write by hand but a generator might: random names (letters and digits, any length),
 * random subtraction sets and two-digit octal codes, a graph of random edges (each vertex to random later ones),
 * games summing random rules on heaps up to 10^4 and tokens on random vertices.
 */
export function unfriendlyDocument(lineCount: number): { text: string; gameLines: number[] } {
  const next = random(29);
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const name = (prefix: string) =>
    prefix + Array.from({ length: int(1, 14) }, () => 'abcdefghijklmnopqrstuvwxyz0123456789_'[int(0, 36)]).join('');
  const lines: string[] = ['# Random names, rules, edges and heaps.'];
  const rules = Array.from({ length: 12 }, () => name('R'));
  rules.forEach((rule, i) => {
    if (i % 3 === 2) lines.push(`rule ${rule} = octal 0.${int(1, 7)}${int(0, 7)}`);
    else {
      const set = [...new Set(Array.from({ length: int(1, 5) }, () => int(1, 40)))].sort((a, b) => a - b);
      lines.push(`rule ${rule} = subtract {${set.join(', ')}}`);
    }
  });
  const graph = name('G');
  const vertices = [...new Set(Array.from({ length: 300 }, () => name('v')))];
  lines.push(`graph ${graph} {`);
  vertices.forEach((vertex, i) => {
    const later = vertices.length - i - 1;
    if (later === 0) return;
    const targets = new Set(Array.from({ length: int(1, Math.min(4, later)) }, () => vertices[i + int(1, later)]));
    lines.push(`  ${vertex} -> ${[...targets].join(', ')}`);
  });
  lines.push('}');
  const gameLines: number[] = [];
  const used = new Set<string>();
  while (lines.length < lineCount) {
    let game = name('g');
    while (used.has(game)) game = name('g');
    used.add(game);
    const parts = Array.from({ length: int(1, 4) }, () =>
      next() < 0.2
        ? `${graph} at ${vertices[int(0, vertices.length - 1)]}`
        : `${rules[int(0, rules.length - 1)]} ${int(0, 10_000)}`,
    );
    gameLines.push(lines.length);
    lines.push(`game ${game} = ${parts.join(' + ')}`);
  }
  return { text: `${lines.join('\n')}\n`, gameLines };
}
