// A generated document like one a user builds up: rules and a graph, then games of every kind with
// comments between them. The latency benchmark types into a 2,000-line one; tests use smaller ones.
import { random } from '../engine/random';

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
