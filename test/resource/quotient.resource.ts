// Misère quotients on a busy, slow machine (issue 39, "the same answer on every machine"): a rule's
// quotient is grown once, in the background, in slices, and every game waits for it instead of
// racing a budget. Each guard runs an in-process server under a tiny per-job budget (what a slow
// machine gets done in a normal one) with CPU-burning threads beside it, and checks the answers
// against the engine's own quotients computed here without a budget. Times are printed, never
// asserted: the deadline is only what a hung server would miss.
//
// Then mixed misère sums (issue 44: heaps and rows of several rules, decided by their joint quotient) at their most
// unfriendly, as boards.resource.ts takes boards: a huge Kayles heap beside Nim, a huge Nim heap beside Kayles, 10^4
// heaps of four rules, a row of 10^5 cells, a document of 2,000 lines of them. Every request answers within
// MAIN_THREAD_BOUND_MS, each game is decided (checked where an oracle says how) or unknown with its reason, and
// closing the document leaves the workers idle.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { CodeLens, InlayHint } from 'vscode-languageserver-protocol';
import { ruleKey } from '../../server/src/engine';
import { jointMisereQuotient } from '../../server/src/engine/misere/jointQuotient';
import { type MisereQuotient, misereQuotient, quotientImage } from '../../server/src/engine/misere/quotient';
import type { HeapRule } from '../../server/src/engine/types';
import { EXPLAIN_GAME_MARKDOWN_COMMAND } from '../../server/src/protocol';
import { integer, random } from '../engine/oracles/random';
import { render, sourceOf } from '../features/render';
import { LanguageServerSession } from '../helpers/languageServer';
import { MisereBrute, mixedMisereDocument } from '../helpers/misereBrute';
import { repositoryPath } from '../helpers/paths';
import { MAIN_THREAD_BOUND_MS, markdown, positionOf, report, timed, tooltip, until } from './guards';

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

// ---- mixed misère sums (issue 44) ----

const NIM: HeapRule = { kind: 'subtractAllExcept', except: [] };
const S12: HeapRule = { kind: 'subtract', set: [1n, 2n] };

/** Digits of a number that starts with 9, ends with 3 and has `length` digits (its ends tell an abbreviation's). */
const digits = (length: number, middle: string) => `9${middle.repeat(length - 2)}3`;
const KAYLES_HEAP = digits(100_000, '7');
const NIM_HEAP = digits(10_000, '1');

/** 2,500 heaps of each of four rules, from a seeded generator: Kayles to 40, Nim to 3, the two others to 50. */
const MANY: readonly (readonly [string, HeapRule, readonly number[]])[] = (() => {
  const next = random(44);
  const draw = (most: number) => Array.from({ length: 2_500 }, () => integer(next, 1, most));
  return [
    ['kayles', RULES.kayles, draw(40)],
    ['nim', NIM, draw(3)],
    ['s12', S12, draw(50)],
    ['r8', RULES.r8, draw(50)],
  ];
})();

/** A row of 10^5 cells: runs of 1 to 20 X's with one or two dots after each, from a seeded generator. */
const ROW = (() => {
  const next = random(4444);
  const runs: number[] = [];
  let cells = '';
  while (cells.length < 100_000 - 22) {
    const run = integer(next, 1, 20);
    runs.push(run);
    cells += `${'X'.repeat(run)}${'.'.repeat(integer(next, 1, 2))}`;
  }
  return { cells: cells.padEnd(100_000, '.'), runs };
})();

/**
 * Is the misère sum of these heaps a P-position, by the joint quotient of their rules computed here without a
 * budget (Nim's heaps to the largest there, every other rule to its proof)?
 */
function jointIsP(heaps: readonly (readonly [HeapRule, bigint])[]): boolean {
  const rules = [...new Map(heaps.map(([rule]) => [ruleKey(rule), rule])).values()];
  const nimTo = heaps.reduce((most, [rule, n]) => (rule === NIM && n > most ? n : most), 0n);
  const { quotient } = jointMisereQuotient(rules, {}, { to: new Map([[ruleKey(NIM), Number(nimTo)]]) });
  const views = new Map(quotient.rules.map((view) => [view.ruleKey, view]));
  let product = 0;
  for (const [rule, n] of heaps) {
    const view = views.get(ruleKey(rule));
    const image = view && quotientImage(view, n);
    assert.ok(image !== undefined, `${view?.name} heap ${String(n).slice(0, 20)} is past the quotient computed here`);
    product = quotient.mul[product * quotient.size + image];
  }
  return quotient.isP[product] === 1;
}

interface MixedCase {
  readonly what: string;
  /** The game, `g`, on its last line. */
  readonly text: string;
  /** A place in the game, hovered and completed at. */
  readonly inside: string;
  /** Its heaps, when it must be decided: as the joint quotient computed here says. */
  readonly heaps?: () => (readonly [HeapRule, bigint])[];
  /** What its reason must say when it is not known; and, when it may be decided, what decided it. */
  readonly unknown?: RegExp;
  readonly decidedBy?: RegExp;
}

const MIXED_CASES: MixedCase[] = [
  {
    // Kayles' period is proved, but Nim's heap of 5 makes the joint quotient another one, far larger and not proved
    // within the work a quotient may do for games (344 elements by Kayles' heap 73, and still growing).
    what: 'misere kayles <10^5 digits> + nim 5',
    text: `game g = misere kayles ${KAYLES_HEAP} + nim 5`,
    inside: KAYLES_HEAP,
    unknown:
      /misère quotient of kayles and nim stops at kayles heaps up to [\d,]+ and nim heaps up to 5: .+ is past it/,
    decidedBy: /kayles heaps of every size/,
  },
  {
    // With Nim's heaps to 3 the joint quotient is Kayles' own 40 elements, proved periodic: the heap is decided.
    what: 'misere kayles <10^5 digits> + nim 3',
    text: `game g = misere kayles ${KAYLES_HEAP} + nim 3`,
    inside: KAYLES_HEAP,
    heaps: () => [
      [RULES.kayles, BigInt(KAYLES_HEAP)],
      [NIM, 3n],
    ],
  },
  {
    what: 'misere kayles 20 + nim <10^4 digits>',
    text: `game g = misere kayles 20 + nim ${NIM_HEAP}`,
    inside: NIM_HEAP,
    unknown: /a nim heap of .+ is past what a misère quotient computes heap by heap, and this rule's cannot be proved/,
  },
  {
    what: '10^4 heaps of kayles, nim 1..3, subtract {1, 2} and octal 0.75',
    text: [
      'rule s12 = subtract {1, 2}',
      'rule r8 = octal 0.75',
      `game g = misere ${MANY.map(([name, , heaps]) => `${name} ${heaps.join(' ')}`).join(' + ')}`,
    ].join('\n'),
    inside: `s12 ${MANY[2][2].slice(0, 3).join(' ')}`,
    heaps: () => MANY.flatMap(([, rule, heaps]) => heaps.map((n) => [rule, BigInt(n)] as const)),
  },
  {
    what: 'a kayles row of 10^5 cells beside nim 1 2 3',
    text: `game g = misere kayles "${ROW.cells}" + nim 1 2 3`,
    inside: ROW.cells,
    heaps: () => [
      ...ROW.runs.map((n) => [RULES.kayles, BigInt(n)] as const),
      ...[1n, 2n, 3n].map((n) => [NIM, n] as const),
    ],
  },
];

/** A misère game's hint: its outcome, or null when it is not known (any other label fails). */
function outcomeOf(hint: InlayHint | undefined): 'N' | 'P' | null {
  const label = String(hint?.label);
  if (label === '= ? (not known)') return null;
  const decided = /^misère · (win|lose)$/.exec(label);
  assert.ok(decided, `a misère game's hint: ${label.slice(0, 200)}`);
  return decided[1] === 'win' ? 'N' : 'P';
}

describe('resource: mixed misère sums at their most unfriendly (issue 44)', function () {
  this.timeout(300_000);
  let session: LanguageServerSession;
  let slowest = 0;
  before(async () => {
    ({ session } = await LanguageServerSession.inProcess());
  });
  after(async () => {
    await session.stop();
    report('slowest request of all', `${slowest.toFixed(0)} ms`, `${MAIN_THREAD_BOUND_MS} ms`);
    const peakMb = process.resourceUsage().maxRSS / 1024;
    report('peak memory of the process (server, workers and test)', `${peakMb.toFixed(0)} MiB`, '1,536 MiB');
    assert.ok(peakMb < 1536, `peak memory ${peakMb.toFixed(0)} MiB`);
  });

  /** Of requests asked many times (`quiet`), the slowest of each kind, reported once (reportQuiet). */
  const quietSlowest = new Map<string, number>();

  /** A request on the main thread, timed against the bound. */
  async function within<T>(what: string, request: () => Promise<T>, quiet = false): Promise<T> {
    const { value, ms } = await timed(request);
    slowest = Math.max(slowest, ms);
    if (quiet) quietSlowest.set(what, Math.max(ms, quietSlowest.get(what) ?? 0));
    else report(what, `${ms.toFixed(0)} ms`, `${MAIN_THREAD_BOUND_MS} ms`);
    assert.ok(ms < MAIN_THREAD_BOUND_MS, `${what} took ${ms.toFixed(0)} ms`);
    return value;
  }

  function reportQuiet(): void {
    for (const [what, ms] of quietSlowest)
      report(`${what}, the slowest`, `${ms.toFixed(0)} ms`, `${MAIN_THREAD_BOUND_MS} ms`);
    quietSlowest.clear();
  }

  MIXED_CASES.forEach((c, i) => {
    if (process.env.ONLY && !c.what.includes(process.env.ONLY)) return;
    it(`${c.what}: every request within the bound, decided or unknown with its reason, idle after close`, async () => {
      const uri = `file:///resource/mixedMisere${i}.game`;
      const opened = await timed(async () => {
        await session.open(uri, c.text);
        return session.hover(uri, { line: 0, character: 0 });
      });
      report(`${c.what}: open and a first request (the analysis)`, `${opened.ms.toFixed(0)} ms`, 'none');
      const onName = positionOf(c.text, 'game g');
      onName.character += 5;
      const inside = positionOf(c.text, c.inside);
      let gameHover = '';
      const valued = await timed(() =>
        until(async () => {
          gameHover = markdown(await session.hover(uri, onName));
          return !gameHover.includes('computing');
        }, `${c.what}: the game's value`),
      );
      const hints = (await within(`${c.what}: inlay hints`, () => session.inlayHints(uri))) ?? [];
      assert.equal(hints.length, 1, JSON.stringify(hints).slice(0, 300));
      const hint = await within(`${c.what}: the hint's tooltip`, () => session.resolveInlayHint(hints[0]));
      const outcome = outcomeOf(hint);
      report(`${c.what}: the value, after`, `${outcome ?? 'unknown'}, ${(valued.ms / 1000).toFixed(1)} s`, '120 s');
      report(
        `${c.what}: the game's hover, the hint's tooltip`,
        `${gameHover.length}, ${tooltip(hint).length} chars`,
        '',
      );
      if (c.heaps) {
        const expected = jointIsP(c.heaps()) ? 'P' : 'N';
        assert.equal(outcome, expected, gameHover.slice(0, 1000));
        assert.match(gameHover, /Decided by the misère quotient of /, gameHover.slice(0, 1000));
      } else if (outcome === null) {
        // Not known, and why: the limit that stopped it, in the tooltip and in the hover.
        assert.match(tooltip(hint), c.unknown ?? /$^/, tooltip(hint).slice(0, 1000));
        assert.match(gameHover, /not known/, gameHover.slice(0, 1000));
      } else assert.match(gameHover, c.decidedBy ?? /$^/, `decided: ${gameHover.slice(0, 1000)}`);

      await within(`${c.what}: hover on the game`, () => session.hover(uri, onName));
      await within(`${c.what}: hover inside`, () => session.hover(uri, inside));
      const lenses = (await within(`${c.what}: code lenses`, () => session.codeLenses(uri))) ?? [];
      const titles: string[] = [];
      for (const lens of (lenses as CodeLens[]).slice(0, 10)) {
        const resolved = lens.command
          ? lens
          : await within(`${c.what}: a lens resolved`, () => session.resolveCodeLens(lens));
        titles.push(resolved.command?.title ?? '');
      }
      if (outcome === null)
        assert.ok(
          titles.some((title) => /not known: ./.test(title)),
          titles.join(' | ').slice(0, 500),
        );
      const diagnostics = session.diagnostics.seen.filter((d) => d.uri === uri).at(-1)?.diagnostics ?? [];
      report(
        `${c.what}: the lenses' titles, the diagnostics' messages`,
        `${titles.join('').length}, ${diagnostics.map((d) => d.message).join('').length} chars`,
        '',
      );
      // Numbers in what the editor shows are at most 64 digits (README, "Limits"): a reason quoting a huge heap too.
      for (const [where, text] of [
        ['hover', gameHover],
        ['tooltip', tooltip(hint)],
        ['lens titles', titles.join(' | ')],
        ['diagnostics', diagnostics.map((d) => d.message).join(' | ')],
      ])
        assert.ok(!/\d{65}/.test(text), `${c.what}: a number of more than 64 digits in the ${where}`);
      await within(`${c.what}: completion inside`, () =>
        session.request('textDocument/completion', { textDocument: { uri }, position: inside }),
      );
      await within(`${c.what}: explanation`, () =>
        session.executeCommand(EXPLAIN_GAME_MARKDOWN_COMMAND, [{ uri, game: 'g' }]),
      );

      await session.close(uri);
      const closed = await timed(() =>
        until(() => session.busyWorkers === 0, `${c.what}: workers idle after didClose`, 60_000),
      );
      report(`${c.what}: workers idle after didClose`, `${closed.ms.toFixed(0)} ms`, '60,000 ms');
    });
  });

  /** The document's case: 2,000 lines of random mixed misère games (mixedMisereDocument), a few of them big. */
  async function twoThousandLines(): Promise<void> {
    // As the 2,000-line documents' guard (document.resource.ts), a short budget: its few big games stop sooner.
    const { session: server } = await LanguageServerSession.inProcess({
      settings: { computation: { budgetMs: 2_000 } },
    });
    const uri = 'file:///resource/mixedMisere2000.game';
    const generated = mixedMisereDocument(random(2000), { games: 1_996, big: 0.01 });
    const lines = generated.text.split('\n');
    while (lines.length < 2_000) lines.push('# end');
    const text = lines.join('\n');
    const what = '2,000 mixed misère lines';
    try {
      const opened = await timed(() => server.open(uri, text).then(() => server.hover(uri, { line: 0, character: 0 })));
      report(`${what}: open and a first request (the analysis)`, `${opened.ms.toFixed(0)} ms`, 'none');
      let hints: InlayHint[] = [];
      const valuedAll = async () => {
        hints = (await within(`${what}: inlay hints`, () => server.inlayHints(uri), true)) ?? [];
        return hints.length > 0 && hints.every((h) => !String(h.label).includes('computing'));
      };
      const settled = await timed(() => until(valuedAll, `${what}: every game valued`, 240_000, 1_000));
      report(`${what}: every game valued after`, `${(settled.ms / 1000).toFixed(1)} s`, '240 s');
      const byLine = new Map(hints.map((hint) => [hint.position.line, hint]));
      const brute = new MisereBrute();
      let compared = 0;
      let unknown = 0;
      for (const game of generated.games) {
        const hint = byLine.get(game.line);
        const outcome = outcomeOf(hint);
        if (outcome === null) {
          const asked = () => server.resolveInlayHint(hint as InlayHint);
          const resolved = await within(`${what}: an unknown game's tooltip`, asked, true);
          assert.match(tooltip(resolved), /is not known: \S/, `${game.name}: ${tooltip(resolved).slice(0, 300)}`);
          unknown++;
        }
        if (!game.heaps) continue;
        // Every small game is decided, as the brute force from the rules says.
        assert.equal(outcome, brute.isP(game.heaps) ? 'P' : 'N', `${game.name}: ${lines[game.line]}`);
        compared++;
      }
      report(`${what}: decided as the brute force says, unknown (with a reason)`, `${compared}, ${unknown}`, '');
      for (const game of generated.games.filter((_, i) => i % 100 === 0))
        await within(`${what}: hover on a game`, () => server.hover(uri, { line: game.line, character: 6 }), true);
      const middle = { start: { line: 1_000, character: 0 }, end: { line: 1_060, character: 0 } };
      await within(`${what}: inlay hints of 60 lines`, () => server.inlayHints(uri, middle));
      const lenses = (await within(`${what}: code lenses`, () => server.codeLenses(uri))) ?? [];
      for (const lens of (lenses as CodeLens[]).filter((_, i) => i % 400 === 0))
        if (!lens.command) await within(`${what}: a lens resolved`, () => server.resolveCodeLens(lens), true);
      reportQuiet();
      await server.close(uri);
      const closed = await timed(() => until(() => server.busyWorkers === 0, `${what}: workers idle after didClose`));
      report(`${what}: workers idle after didClose`, `${closed.ms.toFixed(0)} ms`, '120,000 ms');
    } finally {
      await server.stop();
    }
  }
  const documentCase =
    'a document of 2,000 lines of mixed misère games: each decided (small ones by brute force) or unknown';
  if (!process.env.ONLY || documentCase.includes(process.env.ONLY)) it(documentCase, twoThousandLines);
});
