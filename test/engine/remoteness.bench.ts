// `npm run bench -- remoteness`: what remoteness costs.
// 1. The computer's reply in play mode (jobs.ts replyChoice: the search of the whole sum to its
//    end, then the quickest win or the longest loss) on positions people play, best of 3 from a
//    cold cache: target 1 s at most for each but the last (a big one, for scale).
// 2. The small search beside every game's value (gameResult), on 2,000 games like a document's,
//    friendly (small heaps) and unfriendly (random heaps up to 10^4, random rules): the time per
//    game against the value alone (analyzeGame) in the same run, as percentiles. Target: p95 of
//    the added time ≤ 10 ms (a small game's value takes a tenth of a millisecond, so the ratio of
//    the totals is printed, not aimed at).
import { gameResult, replyChoice } from '../../server/src/compute/jobs';
import { analyzeGame, createEngineCache } from '../../server/src/engine';
import type { GameInput } from '../../server/src/engine/gameTypes';
import type { HeapRule } from '../../server/src/engine/types';
import { integer, random } from './random';

const nim: HeapRule = { kind: 'subtractAllExcept', except: [] };
const kayles: HeapRule = { kind: 'octal', digits: [0, 7, 7] };
const onetwo: HeapRule = { kind: 'subtract', set: [1n, 2n] };
const game = (play: GameInput['play'], rule: HeapRule, ...heaps: number[]): GameInput => ({
  play,
  components: [{ kind: 'heaps', rule, heaps: heaps.map(BigInt) }],
});

console.log("the computer's reply, best of 3, cold cache");
for (const [what, input] of [
  ['nim 3 4 5', game('normal', nim, 3, 4, 5)],
  ['nim 10 20 30', game('normal', nim, 10, 20, 30)],
  ['onetwo 30 40 50', game('normal', onetwo, 30, 40, 50)],
  ['kayles 12 15', game('normal', kayles, 12, 15)],
  ['kayles 9 10 11 (a P-position: the longest loss)', game('normal', kayles, 9, 10, 11)],
  ['misere kayles 8 9 10', game('misere', kayles, 8, 9, 10)],
  ['misere nim 5 6 7 8', game('misere', nim, 5, 6, 7, 8)],
  ['kayles 12 15 20 (175,244 positions)', game('normal', kayles, 12, 15, 20)],
] as const) {
  let fastest = Number.POSITIVE_INFINITY;
  let said = '';
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const choice = replyChoice(input, { deadline: Date.now() + 30_000 }, createEngineCache());
    fastest = Math.min(fastest, performance.now() - started);
    said = choice.kind === 'move' ? `${choice.how}, remoteness after ${choice.remoteness ?? '?'}` : choice.kind;
  }
  console.log(`${what.padEnd(48)} ${fastest.toFixed(1).padStart(8)} ms   ${said}`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
for (const [kind, maxHeap] of [
  ['friendly: 1–3 heaps up to 12', 12],
  ['unfriendly: 1–3 heaps up to 10,000', 10_000],
] as const) {
  const next = random(kind.length);
  const rules: HeapRule[] = [
    nim,
    kayles,
    onetwo,
    { kind: 'octal', digits: [0, 0, 7] },
    { kind: 'subtract', set: [1n, 3n, 4n] },
  ];
  const inputs = Array.from({ length: 2000 }, () =>
    game(
      next() < 0.3 ? 'misere' : 'normal',
      rules[integer(next, 0, rules.length - 1)],
      ...Array.from({ length: integer(next, 1, 3) }, () => integer(next, 0, maxHeap)),
    ),
  );
  const cache = createEngineCache();
  for (const input of inputs.slice(0, 50)) gameResult(input, { cache }); // warm: the rules' sequences
  const value: number[] = [];
  const added: number[] = [];
  let found = 0;
  for (const input of inputs) {
    let started = performance.now();
    analyzeGame(input, { cache });
    const alone = performance.now() - started;
    started = performance.now();
    const result = gameResult(input, { cache });
    const both = performance.now() - started;
    value.push(alone);
    added.push(Math.max(0, both - alone));
    if (result.remoteness !== undefined) found++;
  }
  const total = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
  const sortedAdded = [...added].sort((a, b) => a - b);
  const [alone, both] = [total(value), total(value) + total(added)];
  const at = (p: number) => percentile(sortedAdded, p).toFixed(2);
  console.log(
    `\n${kind}: remoteness found for ${found} of 2,000 games\n` +
      `  value alone: ${alone.toFixed(0)} ms in all; with remoteness: ${both.toFixed(0)} ms ` +
      `(${(both / alone).toFixed(2)}×)\n` +
      `  added per game: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
  );
}
