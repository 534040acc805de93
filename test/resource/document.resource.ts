// The 2,000-line documents under an edit loop (issue 39, items 3 and 6): the generated document a
// user builds up and an unfriendly one (random names, rules, edges, heaps to 10^4), each opened in
// an in-process server with default settings but a short budget (its endless game stops sooner).
// Once the document has settled (the status says nothing is computing), typing a character at the
// end of a game's line and deleting it again, many times, must start no computation at all: the
// game's input is the same after the deletion, and its result is kept. Every job the pool was
// given is counted by a digest of the whole job: none may be given twice. Hovers, hints and lenses
// during the loop answer within the main-thread bound.
import * as assert from 'node:assert/strict';
import { generatedDocument, unfriendlyDocument } from '../helpers/generated';
import { LanguageServerSession, messages } from '../helpers/languageServer';
import { MAIN_THREAD_BOUND_MS, report, timed } from './guards';

const LINES = 2000;
const EDITS = 40;

/**
 * The jobs given more than once: digest → how many times. A misère quotient grows in slices of one
 * job each, resumed where the last stopped (each slice is new work), and a game past what its
 * quotient covered runs once more when the growth gets there: those are not counted, unless a game
 * ran more than twice.
 */
function repeated(session: LanguageServerSession): Map<string, number> {
  const counts = new Map<string, number>();
  for (const job of session.jobsStarted)
    counts.set(`${job.kind}:${job.digest}`, (counts.get(`${job.kind}:${job.digest}`) ?? 0) + 1);
  return new Map(
    [...counts].filter(([key, n]) => !key.startsWith('quotientGrowth:') && (key.startsWith('game:') ? n > 2 : n > 1)),
  );
}

async function settled(session: LanguageServerSession, timeoutMs = 240_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    // The last status sent, once something has been computing: the server says when it is done.
    const seen = session.status.seen;
    const last = seen.at(-1);
    if (last && last.computing === 0 && seen.some((s) => s.computing > 0)) return;
    if (Date.now() > until) throw new Error(`still computing after ${timeoutMs} ms: ${last?.labels.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

for (const [name, make] of [
  ['generated', generatedDocument],
  ['unfriendly', unfriendlyDocument],
] as const) {
  describe(`the ${LINES}-line ${name} document under an edit loop`, function () {
    this.timeout(300_000);
    let session: LanguageServerSession;
    const uri = `file:///resource/${name}.game`;
    const { text, gameLines } = make(LINES);

    before(async () => {
      ({ session } = await LanguageServerSession.inProcess({ settings: { computation: { budgetMs: 2_000 } } }));
      session.status.clear(); // settled() reads the status sent after the open
      await session.open(uri, text);
      await session.nextDiagnostics(uri);
      await settled(session);
    });
    after(() => session.stop());

    it('computes each input once, then starts nothing while a game is typed into and restored', async () => {
      assert.deepEqual([...repeated(session)], [], 'jobs given twice while settling');
      const before = session.jobsStarted.length;
      const lines = text.split('\n');
      let slowest = 0;
      let slowestWhat = '';
      for (let i = 0; i < EDITS; i++) {
        const line = gameLines[(i * 7919) % gameLines.length];
        const end = { line, character: lines[line].length };
        for (const [range, newText] of [
          [{ start: end, end }, '@'],
          [{ start: end, end: { line, character: end.character + 1 } }, ''],
        ] as const) {
          const version = await session.edit(uri, range, newText);
          await session.nextDiagnostics(uri, (p) => p.version === version);
        }
        const requests: (() => Promise<unknown>)[] = [
          () => session.hover(uri, { line, character: 6 }),
          () => session.inlayHints(uri, { start: { line, character: 0 }, end: { line: line + 60, character: 0 } }),
          () => session.codeLenses(uri),
        ];
        for (const [r, request] of requests.entries()) {
          const { ms } = await timed(request);
          if (ms > slowest) slowestWhat = `${['hover', 'hints', 'lenses'][r]} at line ${line}`;
          slowest = Math.max(slowest, ms);
          assert.ok(ms <= MAIN_THREAD_BOUND_MS, `a request took ${ms.toFixed(0)} ms`);
        }
      }
      await settled(session);
      report(
        `${name}: slowest hover, hints or lenses in the loop`,
        `${slowest.toFixed(1)} ms (${slowestWhat})`,
        `${MAIN_THREAD_BOUND_MS} ms`,
      );
      report(`${name}: jobs while settling`, `${before}`, 'each input once');
      // A hover asks for the longer remoteness search of its game when the quick one left it pending: at most one
      // each; nothing else may start.
      const started = session.jobsStarted.slice(before).map((j) => j.kind);
      const searches = started.filter((kind) => kind === 'remoteness').length;
      report(`${name}: remoteness searches the ${EDITS} hovers asked for`, `${searches}`, `${EDITS}`);
      assert.ok(searches <= EDITS, `${searches} remoteness searches for ${EDITS} hovers`);
      assert.deepEqual(
        started.filter((kind) => kind !== 'remoteness'),
        [],
        `jobs started by ${EDITS} edits that left the document as it was`,
      );
      assert.deepEqual([...repeated(session)], [], 'jobs given twice');
    });
  });
}

describe('work that no longer matters', function () {
  this.timeout(120_000);

  it('an edited game stops its old computation and a closed document all of its own', async () => {
    // Officers (0.6) has no known period: a heap of 10^12 computes for the whole budget, ten minutes here, so a
    // computation that ends within the wait below was stopped.
    const { session } = await LanguageServerSession.inProcess({ settings: { computation: { budgetMs: 600_000 } } });
    try {
      const uri = 'file:///resource/long.game';
      await session.open(uri, 'rule officers = octal 0.6\ngame long = officers 1000000000000\n');
      assert.deepEqual(messages((await session.nextDiagnostics(uri)).diagnostics), []);
      const first = await waitFor(() => session.jobsStarted.find((j) => j.kind === 'game'), 'the first computation');
      const version = await session.change(uri, 'rule officers = octal 0.6\ngame long = officers 1000000000001\n');
      await session.nextDiagnostics(uri, (p) => p.version === version);
      await waitFor(() => first.cancelled && first.ended, 'the edited game’s old computation stopped');
      const second = await waitFor(
        () => session.jobsStarted.find((j) => j.kind === 'game' && j !== first),
        'the edited game’s computation',
      );
      assert.ok(!second.ended, 'the new heap’s computation runs');
      await session.close(uri);
      await waitFor(() => session.jobsStarted.every((j) => j.ended), 'every computation of the closed document ended');
      assert.ok(second.cancelled, 'the closed document’s computation was cancelled');
      // The workers are free again: a computation asked for now is answered.
      const probe = 'file:///resource/probe.game';
      await session.open(probe, 'game p = nim 1 2\n');
      const hints = await waitFor(async () => {
        const labels = ((await session.inlayHints(probe)) ?? []).map((h) => String(h.label)).join(' ');
        return labels.includes('*3') ? labels : undefined;
      }, 'the probe’s value after the close');
      assert.match(hints, /\*3/);
      report(
        'computations of the long document',
        `${session.jobsStarted.length - 1}, all stopped`,
        'on edit and close',
      );
    } finally {
      await session.stop();
    }
  });
});

async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 30_000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
