// `npm run bench -- remoteness`: what remoteness costs.
// 1. The computer's reply in play mode (jobs.ts replyChoice: the search of the whole sum to its
//    end, then the quickest win or the longest loss) on positions people play, best of 3 from a
//    cold cache: target 1 s at most for each but the last (a big one, for scale).
// 2. What the limits of the search beside every value cost (GAME_REMOTENESS_LIMITS): a search that
//    meets its 20,000 positions, and ones stopped by the moves they generate (heaps of thousands),
//    CPU time, best of 3. Every game past the limits costs at most about this.
// 3. The search beside every game's value (gameResult), on games like a document's: friendly
//    (2,000 games, small heaps), medium (500, heaps up to 30: many of up to 20,000 positions) and
//    unfriendly (300, random heaps up to 10^4: nearly all past the limits), random rules: the time
//    per game against the value alone (analyzeGame) in the same run, as percentiles, and why the
//    remoteness was not found. Targets: p95 of the added time ≤ 20 ms for friendly games (every one
//    is searched to its end now, some of thousands of positions: 13 ms measured, where the estimate
//    in moves that skipped 139 of them had 8.6); for the others, p95 ≤ 500 ms, what the limits allow
//    (2.): a game past them costs that beside its value (a small game's value takes a tenth of a
//    millisecond, so the ratio of the totals is printed, not aimed at).
import { gameResult, replyChoice } from '../../../server/src/compute/jobs';
import { analyzeGame, createEngineCache } from '../../../server/src/engine';
import type { GameInput } from '../../../server/src/engine/gameTypes';
import { gameUnits } from '../../../server/src/engine/search/gameUnits';
import { GAME_REMOTENESS_LIMITS, remotenessSearch } from '../../../server/src/engine/search/remoteness';
import type { HeapRule } from '../../../server/src/engine/types';
import { integer, random } from '../oracles/random';

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

console.log('\nthe limits of the search beside every value (20,000 positions, 200,000 moves), best of 3');
for (const [what, input] of [
  ['kayles 6 7 7 (701 positions)', game('normal', kayles, 6, 7, 7)],
  ['nim 10 20 30 (3,311 positions)', game('normal', nim, 10, 20, 30)],
  ['kayles 30 31 32 33', game('normal', kayles, 30, 31, 32, 33)],
  ['nim 30 40 50', game('normal', nim, 30, 40, 50)],
  ['nim 10000 9999', game('normal', nim, 10_000, 9_999)],
  ['kayles 10000', game('normal', kayles, 10_000)],
  ['misere kayles 5000 4000', game('misere', kayles, 5_000, 4_000)],
] as const) {
  const units = gameUnits(input);
  if ('reason' in units) throw new Error(units.reason);
  let cpu = Number.POSITIVE_INFINITY;
  let wall = Number.POSITIVE_INFINITY;
  let said = '';
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const usage = process.cpuUsage();
    const search = remotenessSearch(units.units, input.play, {}, GAME_REMOTENESS_LIMITS);
    const used = process.cpuUsage(usage);
    wall = Math.min(wall, performance.now() - started);
    cpu = Math.min(cpu, (used.user + used.system) / 1000);
    said =
      `${search.states.toLocaleString('en-US')} positions, ${search.moves.toLocaleString('en-US')} moves: ` +
      (search.remoteness === null ? search.reason : `remoteness ${search.remoteness}`);
  }
  console.log(`${what.padEnd(28)} ${cpu.toFixed(1).padStart(7)} ms CPU ${wall.toFixed(1).padStart(7)} ms   ${said}`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
for (const [kind, count, maxHeap, target] of [
  ['friendly: 1–3 heaps up to 12', 2000, 12, 20],
  ['medium: 1–3 heaps up to 30', 500, 30, 500],
  ['unfriendly: 1–3 heaps up to 10,000', 300, 10_000, 500],
] as const) {
  const next = random(kind.length);
  const rules: HeapRule[] = [
    nim,
    kayles,
    onetwo,
    { kind: 'octal', digits: [0, 0, 7] },
    { kind: 'subtract', set: [1n, 3n, 4n] },
  ];
  const inputs = Array.from({ length: count }, () =>
    game(
      next() < 0.3 ? 'misere' : 'normal',
      rules[integer(next, 0, rules.length - 1)],
      ...Array.from({ length: integer(next, 1, 3) }, () => integer(next, 0, maxHeap)),
    ),
  );
  const cache = createEngineCache();
  for (const input of inputs.slice(0, 50)) analyzeGame(input, { cache }); // warm: the rules' sequences
  const value: number[] = [];
  const added: number[] = [];
  const why = new Map<string, number>();
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
    else {
      const reason = (result.remotenessReason ?? '?').replace(/; [\d,]+ positions? met/, '').replace(/\d[\d,]*/g, 'N');
      why.set(reason, (why.get(reason) ?? 0) + 1);
    }
  }
  const total = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
  const sortedAdded = [...added].sort((a, b) => a - b);
  const [alone, both] = [total(value), total(value) + total(added)];
  const at = (p: number) => percentile(sortedAdded, p).toFixed(2);
  const p95 = percentile(sortedAdded, 0.95);
  console.log(
    `\n${kind}: remoteness found for ${found} of ${count.toLocaleString('en-US')} games\n` +
      [...why].map(([reason, n]) => `  not found (${n}): ${reason}\n`).join('') +
      `  value alone: ${alone.toFixed(0)} ms in all; with remoteness: ${both.toFixed(0)} ms ` +
      `(${(both / alone).toFixed(2)}×)\n` +
      `  added per game: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms ` +
      `(target p95 ≤ ${target} ms: ${p95 <= target ? 'met' : 'NOT MET'})`,
  );
}
