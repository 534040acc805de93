// Background computation as the editor sees it: values arrive later and the server asks for a
// refresh; long work shows progress the user can cancel; edits cancel work nobody needs; a
// request that throws or a worker that dies leaves the server answering.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import type { Feature } from '../../server/src/features/feature';
import { CANCEL_COMPUTATIONS_COMMAND } from '../../server/src/protocol';
import { LanguageServerSession } from '../helpers/languageServer';

/** Officers (0.6) has no known period: a huge heap computes until the budget stops it. */
const slow = (name: string, extra = 0) => `game ${name} = officers ${1_000_000_000_000 + extra}`;
const rules = 'rule officers = octal 0.6\nrule onetwo = subtract {1, 2}\n';

describe('background computation', function () {
  this.timeout(60_000);

  it('the workers run at a lower priority than the main thread, which answers the editor (Linux)', async function () {
    if (process.platform !== 'linux') this.skip();
    const { session } = await LanguageServerSession.start();
    try {
      const pid = session.pid!;
      // A thread's niceness is field 19 of /proc/PID/task/TID/stat (counted after the name in parentheses).
      const niceness = (tid: string) => {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      };
      // A game to compute: the workers are started and at work.
      await session.open('file:///background/priority.game', `${rules}${slow('big')}\n`);
      let threads: string[] = [];
      let lowered: string[] = [];
      for (let i = 0; i < 200 && lowered.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        threads = readdirSync(`/proc/${pid}/task`);
        lowered = threads.filter((tid) => niceness(tid) === 10);
      }
      assert.equal(niceness(String(pid)), 0, 'the main thread');
      assert.ok(lowered.length >= 1, `threads lowered to niceness 10: ${lowered.length} of ${threads.length}`);
      assert.ok(lowered.length < threads.length - 1, 'only the workers');
    } finally {
      await session.stop();
    }
  });

  it('grundy/status: computing (game names), idle, the last failure; grundy.cancelComputations stops', async () => {
    const { session } = await LanguageServerSession.inProcess({ settings: { computation: { budgetMs: 60_000 } } });
    try {
      const uri = 'file:///background/status.game';
      await session.open(uri, `${rules}${slow('big')}\n${slow('huge', 1)}\n`);
      const busy = await session.status.next((s) => s.computing === 2, 'two computing');
      assert.deepEqual([...busy.labels].sort(), ['big', 'huge']);
      session.messages.clear();
      assert.equal(await session.executeCommand(CANCEL_COMPUTATIONS_COMMAND), 2);
      assert.match((await session.messages.next(() => true, 'the message')).message, /^Stopped 2 computations/);
      const idle = await session.status.next((s) => s.computing === 0, 'idle');
      assert.equal(idle.lastError, undefined);
      assert.equal(await session.executeCommand(CANCEL_COMPUTATIONS_COMMAND), 0);
      // A worker that dies fails its game: the status says so.
      await session.change(uri, `${rules}${slow('doomed', 2)}\n`);
      await session.status.next((s) => s.computing === 1, 'computing the doomed game');
      await Promise.all(session.workers.map((worker) => worker.terminate()));
      const failed = await session.status.next((s) => s.lastError !== undefined, 'a failure');
      assert.match(failed.lastError!, /^doomed: /);
    } finally {
      await session.stop();
    }
  });

  it('without initializationOptions.status no status notification is sent', async () => {
    const { session } = await LanguageServerSession.inProcess({ status: false });
    try {
      const uri = 'file:///background/quiet.game';
      await session.open(uri, `${rules}game quick = onetwo 4\n`);
      await session.settledCodeLenses(uri);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(session.status.seen.length, 0);
    } finally {
      await session.stop();
    }
  });

  it('a slow game computes in the background: hovers answer meanwhile, a refresh follows its result', async () => {
    const { session } = await LanguageServerSession.inProcess({ settings: { computation: { budgetMs: 1500 } } });
    try {
      const uri = 'file:///background/slow.game';
      await session.open(uri, `${rules}${slow('big')}\ngame quick = onetwo 4\n`);
      // The quick game has its value while the slow one is still computing: another worker took it.
      const early = await session.codeLensesWhere(uri, (titles) => titles.includes('onetwo 4 → 3'), 30_000);
      assert.match(early[0].command!.title, /computing big/);
      const hover = await session.hover(uri, { line: 2, character: 6 });
      assert.match((hover!.contents as { value: string }).value, /still computing/);
      const hints = (await session.inlayHints(uri))!.map((h) => h.label);
      assert.deepEqual(hints, ['= … computing', '= *1 · win']);
      // Then its limit of values stops it (Officers has no period in reach: the same heap on any machine); the
      // server asks the client to refresh and says how far it got.
      const refresh = await session.refreshes.next(
        (r) => r.method === 'workspace/inlayHint/refresh',
        'an inlay hint refresh after the slow result',
      );
      assert.ok(
        await session.refreshes.next(
          (r) => r.method === 'workspace/codeLens/refresh' && r.at >= refresh.at - 100,
          'a code lens refresh',
        ),
      );
      const lenses = await session.codeLensesWhere(uri, (titles) => titles.includes('who wins is not known'), 120_000);
      assert.match(
        lenses[0].command!.title,
        /who wins is not known: the nimber of heap 1000000000000 is unknown: nimbers computed up to n = 131071/,
      );
      const published = await session.nextDiagnostics(uri, (p) =>
        p.diagnostics.some((d) => d.code === 'value-unknown'),
      );
      const diagnostic = published.diagnostics.find((d) => d.code === 'value-unknown')!;
      assert.match(String(diagnostic.message), /computed up to n = 131071.*its limit of values/);
      assert.deepEqual(diagnostic.range.start, { line: 2, character: 5 });
      assert.deepEqual(
        (await session.inlayHints(uri))!.map((h) => h.label),
        ['= ? (not known)', '= *1 · win'],
      );
    } finally {
      await session.stop();
    }
  });

  it('long work reports $/progress, and cancelling it stops the computation', async () => {
    const { session } = await LanguageServerSession.inProcess({ settings: { computation: { budgetMs: 60_000 } } });
    try {
      const uri = 'file:///background/cancel.game';
      await session.open(uri, `${rules}${slow('big')}\n`);
      const begin = await session.progress.next((p) => p.value.kind === 'begin', 'a progress begin');
      assert.equal(begin.value.cancellable, true);
      assert.match(begin.value.title!, /computing nimbers/);
      assert.match(begin.value.message!, /big/);
      assert.ok(session.progressTokens.includes(begin.token));
      await session.connection.sendNotification('window/workDoneProgress/cancel', { token: begin.token });
      await session.progress.next((p) => p.token === begin.token && p.value.kind === 'end', 'the progress end');
      const lenses = await session.codeLensesWhere(uri, (titles) => !titles.includes('computing'), 30_000);
      assert.match(lenses[0].command!.title, /stopped because cancelled/);
      const published = await session.nextDiagnostics(uri, (p) =>
        p.diagnostics.some((d) => d.code === 'value-unknown'),
      );
      assert.match(String(published.diagnostics[0].message), /cancelled; edit the game to compute again/);
    } finally {
      await session.stop();
    }
  });

  it('an edit cancels work no document needs any more', async () => {
    // Enough slow games to occupy every worker (the pool has at most 4) for a minute each.
    const { session } = await LanguageServerSession.inProcess({ settings: { computation: { budgetMs: 60_000 } } });
    try {
      const uri = 'file:///background/stale.game';
      await session.open(uri, rules + [0, 1, 2, 3, 4].map((i) => slow(`slow${i}`, i)).join('\n'));
      await session.codeLensesWhere(uri, (titles) => titles.includes('computing slow0'), 30_000);
      await session.change(uri, `${rules}game quick = onetwo 5\n`);
      // Only if the stale computations stopped is a worker free for this within the test's time.
      const lenses = await session.codeLensesWhere(uri, (titles) => titles.includes('onetwo 5 → 3'), 20_000);
      assert.equal(lenses.length, 1);
    } finally {
      await session.stop();
    }
  });

  it('a request that throws is answered with an error, and the server goes on', async () => {
    // A feature of the test's own, registered like every other: its command and request throw.
    const throwing: Feature = {
      name: 'throwing',
      handlers: () => ({
        commands: {
          'test.throw': () => {
            throw new Error('a test asked this command to fail');
          },
        },
        requests: {
          'test/throw': () => {
            throw new Error('a test asked this request to fail');
          },
        },
      }),
    };
    const { session, initialize } = await LanguageServerSession.inProcess({ extraFeatures: [throwing] });
    try {
      assert.ok(
        initialize.capabilities.executeCommandProvider?.commands.includes('test.throw'),
        "a feature's commands are listed",
      );
      const uri = 'file:///background/throw.game';
      await session.open(uri, 'game g = nim 3 5\n');
      await assert.rejects(session.executeCommand('test.throw'), /command failed: a test asked this command to fail/);
      await assert.rejects(
        session.connection.sendRequest('test/throw', {}),
        /throwing failed: a test asked this request to fail/,
      );
      assert.ok(
        session.logs.seen.some((l) => l.type === 1 && l.message.includes('throwing failed')),
        'the failure is logged as an error',
      );
      const lenses = await session.settledCodeLenses(uri);
      assert.equal(lenses[0].command!.title, '▶ nim 5 → 3');
      assert.match(
        ((await session.hover(uri, { line: 0, character: 5 }))!.contents as { value: string }).value,
        /nimber \*\*`\*6`\*\*/,
      );
    } finally {
      await session.stop();
    }
  });

  it('a worker that dies fails its game only; a new worker takes the next one', async () => {
    const { session } = await LanguageServerSession.inProcess({
      workers: 1,
      settings: { computation: { budgetMs: 60_000 } },
    });
    try {
      const uri = 'file:///background/crash.game';
      await session.open(uri, `${rules}${slow('big')}\n`);
      await session.codeLensesWhere(uri, (titles) => titles.includes('computing big'), 30_000);
      // As a crash would: from outside, since a busy worker reads no messages.
      await session.workers[0].terminate();
      const lenses = await session.codeLensesWhere(uri, (titles) => !titles.includes('$(sync~spin)'), 30_000);
      assert.match(
        lenses[0].command!.title,
        /computing big failed: the computation's worker stopped: it exited with code \d+/,
      );
      const published = await session.nextDiagnostics(uri, (p) =>
        p.diagnostics.some((d) => d.code === 'computation-failed'),
      );
      assert.equal(published.diagnostics[0].severity, 2);
      await session.change(uri, `${rules}${slow('big')}\ngame after = onetwo 7 8\n`);
      await session.codeLensesWhere(uri, (titles) => titles.includes('onetwo 8 → 7'), 30_000);
      assert.equal(session.workers.length, 2, 'one replacement worker');
    } finally {
      await session.stop();
    }
  });

  it('settings: inlay hints off, fewer move lenses, a smaller budget', async () => {
    const { session } = await LanguageServerSession.inProcess({
      settings: { inlayHints: { enabled: false }, codeLens: { maxMoves: 1 } },
    });
    try {
      const uri = 'file:///background/settings.game';
      await session.open(uri, 'game g = nim 3 5 7\n');
      const lenses = await session.settledCodeLenses(uri);
      assert.deepEqual(
        lenses.map((l) => l.command!.title),
        ['▶ nim 3 → 2', '2 more winning moves…'],
      );
      assert.deepEqual(await session.inlayHints(uri), []);
      session.settings = { inlayHints: { enabled: true } };
      session.configurationRequests.clear();
      await session.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      // The server reads the new settings, then asks the client to refresh what they change.
      const asked = await session.configurationRequests.next(() => true, 'a workspace/configuration request');
      await session.refreshes.next(
        (r) => r.method === 'workspace/inlayHint/refresh' && r.at >= asked.at,
        'a refresh after the settings changed',
      );
      let labels: unknown[] = [];
      for (let i = 0; i < 100 && labels.length === 0; i++) {
        labels = (await session.inlayHints(uri))!.map((h) => h.label);
        if (labels.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.deepEqual(labels, ['= *1 · win']);
      assert.equal((await session.settledCodeLenses(uri)).length, 3);
    } finally {
      await session.stop();
    }
  });
});
