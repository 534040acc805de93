// Misère quotients on a busy, slow machine (issue 39, "the same answer on every machine"): a rule's
// quotient is grown once, in the background, in slices, and every game waits for it instead of
// racing a budget. Each guard runs an in-process server under a tiny per-job budget (what a slow
// machine gets done in a normal one) with CPU-burning threads beside it, and checks the answers
// against the engine's own quotients computed here without a budget. Times are printed, never
// asserted: the deadline is only what a hung server would miss.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { ruleKey } from '../../server/src/engine';
import { type MisereQuotient, misereQuotient, quotientImage } from '../../server/src/engine/misere/quotient';
import type { HeapRule } from '../../server/src/engine/types';
import { render, sourceOf } from '../features/render';
import { LanguageServerSession } from '../helpers/languageServer';
import { repositoryPath } from '../helpers/paths';
import { report } from './guards';

/** A thread that keeps a core busy while it runs (the "busy machine", beside whatever else runs). */
function burners(count = 1): { stop(): Promise<void> } {
  const threads = Array.from({ length: count }, () => new Worker('for (;;) {}', { eval: true }));
  return { stop: async () => void (await Promise.all(threads.map((t) => t.terminate()))) };
}

/** Is the misère sum of these heaps a P-position, by the rule's quotient computed here without a budget? */
const quotients = new Map<string, MisereQuotient>();
function isP(rule: HeapRule, heaps: readonly bigint[]): boolean {
  const key = ruleKey(rule);
  const q = quotients.get(key) ?? misereQuotient(rule, key).quotient;
  quotients.set(key, q);
  assert.ok(q.periodicity?.proved, `${key}'s quotient is proved periodic`);
  const product = heaps.reduce((x, n) => q.mul[x * q.size + (quotientImage(q, n) as number)], 0);
  return q.isP[product] === 1;
}

const RULES: Record<string, HeapRule> = {
  kayles: { kind: 'octal', digits: [0, 7, 7] },
  r8: { kind: 'octal', digits: [0, 7, 5] },
  s125: { kind: 'subtract', set: [1n, 2n, 5n] },
  s23: { kind: 'subtract', set: [2n, 3n] },
};

describe('resource: misère quotients on a busy machine', function () {
  this.timeout(90_000);

  it('the edge-cases fixture under load, 50 ms a job: misere kayles 20000 decided as on an idle machine', async () => {
    const expected = readFileSync(repositoryPath('test', 'fixtures', 'editor', 'edge-cases.game'), 'utf8');
    const source = sourceOf(expected);
    const load = burners();
    const { session } = await LanguageServerSession.inProcess({ settings: { computation: { budgetMs: 50 } } });
    try {
      const started = performance.now();
      const uri = 'file:///resource/edge-cases.game';
      await session.open(uri, source);
      await session.settledCodeLenses(uri, 80_000);
      const ms = performance.now() - started;
      const actual = render(source, (await session.inlayHints(uri)) ?? [], (await session.codeLenses(uri)) ?? []);
      assert.equal(actual, expected);
      const slices = session.jobsStarted.filter((j) => j.kind === 'quotientGrowth').length;
      report(
        'edge-cases.game settled under load, 50 ms a job',
        `${(ms / 1000).toFixed(1)} s, ${slices} slices`,
        '80 s',
      );
    } finally {
      await session.stop();
      await load.stop();
    }
  });

  it("big misère heaps of three rules beside a wild rule's endless quotient: each decided", async () => {
    const games: [string, keyof typeof RULES, bigint[]][] = [
      // Kayles' own growth is the first guard's; here a sum of 200 heaps and quick quotients.
      ['a', 'r8', [20000n, 123457n, 99n]],
      ['b', 'r8', Array.from({ length: 200 }, (_, i) => BigInt(1000 + 37 * i))],
      ['c', 'r8', [5000n, 777n, 31n, 10n ** 30n]],
      ['d', 's125', [100000n, 5n, 77n]],
      ['e', 's23', [10n ** 40n, 3n]],
    ];
    const text = [
      'rule r8 = octal 0.75',
      'rule s125 = subtract {1, 2, 5}',
      'rule s23 = subtract {2, 3}',
      ...games.map(([name, rule, heaps]) => `game ${name} = misere ${rule} ${heaps.join(' ')}`),
      // Its quotient grows past any budget (heap 34 alone takes minutes): it must starve nothing.
      'game wild = misere dawson-kayles 40 50',
      '',
    ].join('\n');
    const load = burners();
    const { session } = await LanguageServerSession.inProcess({ settings: { computation: { budgetMs: 50 } } });
    try {
      const started = performance.now();
      const uri = 'file:///resource/many.game';
      await session.open(uri, text);
      const outcomes = new Map<string, string>();
      for (;;) {
        const hints = (await session.inlayHints(uri)) ?? [];
        for (const hint of hints) {
          const label = typeof hint.label === 'string' ? hint.label : hint.label.map((p) => p.value).join('');
          const name = games[hint.position.line - 3]?.[0];
          if (name && /misère · (win|lose)/.test(label)) outcomes.set(name, label);
        }
        if (outcomes.size === games.length) break;
        const status = JSON.stringify(session.status.seen.at(-1));
        assert.ok(performance.now() - started < 80_000, `decided: ${[...outcomes.keys()].join(', ')}; ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const ms = performance.now() - started;
      for (const [name, rule, heaps] of games)
        assert.match(outcomes.get(name) ?? '', isP(RULES[rule], heaps) ? /lose/ : /win/, name);
      // The wild one is still growing, and says so.
      const status = await session.status.next(
        (s) => s.labels.some((l) => /^misère quotient of dawson-kayles, for game wild/.test(l)),
        'the wild growth in the status',
      );
      assert.ok(status.computing >= 1);
      const kinds = session.jobsStarted.map((j) => j.kind);
      const slices = kinds.filter((k) => k === 'quotientGrowth').length;
      // Each game read its quotient at most twice: before its rule's growth got there, and after.
      const gameJobs = kinds.filter((k) => k === 'game').length;
      assert.ok(gameJobs <= 2 * (games.length + 1), `${gameJobs} game jobs`);
      report(
        'five big misère games decided beside a wild growth',
        `${(ms / 1000).toFixed(1)} s, ${slices} slices`,
        '80 s',
      );
    } finally {
      await session.stop();
      await load.stop();
    }
  });
});
