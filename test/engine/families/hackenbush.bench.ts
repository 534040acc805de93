// `npm run bench -- hackenbush`: Green Hackenbush pictures as users write them, with random vertex
// names and edges in random order: a 10^5-edge tree, a 10^5-edge stalk (as deep as a picture
// gets), a 10^4-edge picture with many cycles (a random tree with extra random edges) and one
// 10^4-edge cycle (a single class of 10^4 edges, the unfriendly case for winning cuts). Each is
// timed through the engine (value and every winning cut, beside a Nim heap) and through the
// whole front end (parse, check, analyse: what the editor does on a change). Target: the
// engine's p95 over 15 samples ≤ 200 ms for each picture.

import { reportGames } from '../../../server/src/analysis/gameReport';
import { analyzeGame } from '../../../server/src/engine';
import type { HackenbushPicture } from '../../../server/src/engine/families/hackenbush';
import { analyzeText } from '../../../server/src/language/analyze';
import type { Picture } from '../../../server/src/language/ast';
import { pictureData } from '../../../server/src/language/families/hackenbush';
import { random } from '../oracles/random';

const SAMPLES = 15;
const TARGET_MS = 200;

/** Random names (letters, 3 to 8 of them), distinct; `ground` for vertex 0. */
function names(count: number, next: () => number): string[] {
  const seen = new Set(['ground']);
  const list = ['ground'];
  while (list.length < count) {
    const length = 3 + Math.floor(next() * 6);
    const name = Array.from({ length }, () => String.fromCharCode(97 + Math.floor(next() * 26))).join('');
    if (!seen.has(name) && name !== 'at' && name !== 'all') {
      seen.add(name);
      list.push(name);
    }
  }
  return list;
}

/** The edges as text: shuffled, each end first at random. */
function pictureText(edges: [number, number][], next: () => number, vertexNames: string[]): string {
  for (let i = edges.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [edges[i], edges[j]] = [edges[j], edges[i]];
  }
  const written = edges
    .map(([u, v]) => (next() < 0.5 ? [u, v] : [v, u]))
    .map(([u, v]) => `${vertexNames[u]} - ${vertexNames[v]}`);
  const lines: string[] = [];
  for (let i = 0; i < written.length; i += 8) lines.push(`  ${written.slice(i, i + 8).join(', ')}`);
  return `game picture = hackenbush {\n${lines.join('\n')}\n} + nim 1\n`;
}

function tree(n: number, next: () => number): [number, number][] {
  return Array.from({ length: n }, (_, i) => [Math.floor(next() * (i + 1)), i + 1] as [number, number]);
}

const CASES: [string, (next: () => number) => { vertices: number; edges: [number, number][] }][] = [
  ['a tree of 100,000 edges', (next) => ({ vertices: 100_001, edges: tree(100_000, next) })],
  [
    'a stalk of 100,000 edges',
    () => ({ vertices: 100_001, edges: Array.from({ length: 100_000 }, (_, i) => [i, i + 1] as [number, number]) }),
  ],
  [
    'cycles: a tree of 7,000 edges and 3,000 more',
    (next) => {
      const edges = tree(7000, next);
      for (let i = 0; i < 3000; i++) edges.push([Math.floor(next() * 7001), Math.floor(next() * 7001)]);
      return { vertices: 7001, edges };
    },
  ],
  [
    'one cycle of 10,000 edges',
    () => ({
      vertices: 10_000,
      edges: Array.from({ length: 10_000 }, (_, i) => [i, (i + 1) % 10_000] as [number, number]),
    }),
  ],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

console.log(`Green Hackenbush: value and every winning cut, ${SAMPLES} samples each`);
for (const [name, make] of CASES) {
  const next = random(name.length * 7919);
  const { vertices, edges } = make(next);
  const text = pictureText(edges, next, names(vertices, next));
  const document = analyzeText(text);
  const component = document.file.declarations.find((d) => d.kind === 'game')!;
  if (component.kind !== 'game' || component.components[0].kind !== 'pictures') throw new Error('not a picture');
  const picture: HackenbushPicture = pictureData(component.components[0].pictures[0] as Picture).data;
  const engine: number[] = [];
  const whole: number[] = [];
  let summary = '';
  for (let sample = 0; sample < SAMPLES; sample++) {
    // A new picture object each time: the engine keeps each picture's search (by object), as an
    // analysis reads a picture's value and then its cuts; a sample must not find the last one's.
    const fresh: HackenbushPicture = { vertexCount: picture.vertexCount, ends: picture.ends.slice() };
    let started = performance.now();
    const analysis = analyzeGame(
      {
        play: 'normal',
        components: [
          { kind: 'hackenbush', pictures: [fresh] },
          { kind: 'heaps', rule: { kind: 'subtractAllExcept', except: [] }, heaps: [1n] },
        ],
      },
      { maxMoves: 1000 },
    );
    engine.push(performance.now() - started);
    summary = `nimber ${analysis.components[0].nimber}, ${analysis.winningMoveCount} winning moves`;
    started = performance.now();
    const games = reportGames(analyzeText(text), { maxMoves: 1000 });
    whole.push(performance.now() - started);
    if (games[0].result?.nimber !== analysis.nimber) throw new Error('the front end and the engine disagree');
  }
  engine.sort((a, b) => a - b);
  whole.sort((a, b) => a - b);
  const p95 = percentile(engine, 0.95);
  console.log(
    `${name} (${summary}): engine p50 ${percentile(engine, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
      `[target ≤ ${TARGET_MS} ms]; parse + check + analyse p50 ${percentile(whole, 0.5).toFixed(1)} ms, ` +
      `p95 ${percentile(whole, 0.95).toFixed(1)} ms`,
  );
  if (p95 > TARGET_MS) process.exitCode = 1;
}
