// `npm run bench -- subtractionSets`: version 3's infinite subtraction sets against C, in the same
// run. The baseline is test/engine/heaps/baseline/subtraction.c (gcc -O2), doing what the engine does:
// the members up to N, then one pass over the members up to each heap with a stamp array for the
// mex. Each prints a hash of the values, which must equal the engine's. Targets: `subtract squares`
// to 10^6 and `subtract primes` to 10^5, each ≤ 1.5 × the C program. Best of three, alternately.
import { ruleSequence } from '../../../server/src/engine';
import type { SubtractionSet } from '../../../server/src/engine/heaps/subtractionSets';
import { compileBaseline, hashValues, runBaseline } from '../../helpers/cBaseline';

const CASES: [name: 'squares' | 'primes', count: number][] = [
  ['squares', 1_000_000],
  ['primes', 100_000],
];
const RUNS = 3;
const TARGET = 1.5;

function runEngine(set: SubtractionSet, count: number): { ms: number; hash: string } {
  const started = performance.now();
  const sequence = ruleSequence(
    { kind: 'subtractSet', set },
    { deadline: Date.now() + 3_600_000 },
    { stopAt: count - 1, findPeriod: false },
  );
  const ms = performance.now() - started;
  if (sequence.computedUpTo !== count - 1)
    throw new Error(`the engine stopped at ${sequence.computedUpTo}: ${sequence.reason}`);
  return { ms, hash: hashValues(sequence.values, count) };
}

const binary = compileBaseline('subtraction.c', 'subtraction');
console.log('infinite subtraction sets: the engine (values, no period search) against C, best of 3, same run');
for (const [name, count] of CASES) {
  let engineBest = Number.POSITIVE_INFINITY;
  let cBest = Number.POSITIVE_INFINITY;
  const hashes = new Set<string>();
  for (let run = 0; run < RUNS; run++) {
    const engine = runEngine({ kind: name }, count);
    engineBest = Math.min(engineBest, engine.ms);
    hashes.add(engine.hash);
    if (binary) {
      const c = runBaseline(binary, [name, String(count)]);
      cBest = Math.min(cBest, c.ms);
      hashes.add(c.hash);
    }
  }
  const same = hashes.size === 1 ? `values equal (hash ${[...hashes][0]})` : `VALUES DIFFER: ${[...hashes].join(', ')}`;
  if (hashes.size !== 1) process.exitCode = 1;
  const ratio = engineBest / cBest;
  const versus = Number.isFinite(cBest) ? `${ratio.toFixed(2)}× C (${(cBest / 1000).toFixed(2)} s)` : 'no C baseline';
  console.log(
    `subtract ${name} to ${count.toLocaleString('en-US')}: engine ${(engineBest / 1000).toFixed(2)} s; ${versus} ` +
      `[target ≤ ${TARGET}]; ${same}`,
  );
  if (Number.isFinite(cBest) && ratio > TARGET) process.exitCode = 1;
}
