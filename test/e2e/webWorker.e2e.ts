// The browser build of the language server alone, as a web editor runs it: out/web/server.js as a
// Web Worker of a page in headless Chromium, LSP over `postMessage`, its computations in nested
// workers (out/web/worker.js). A small JSON-RPC client in the page (test/helpers/webWorkerServer.ts)
// plays the editor. Twice: in a plain page, where workers share no memory and a cancelled
// computation is stopped by ending its worker (pool.ts, CANCELLED_BY_ENDING_WORKER), and in a
// cross-origin isolated page (COOP + COEP), where cancellation goes through shared memory as in
// Node and a cancelled computation keeps what it found.
//
// Every value checked is computed here by brute force (mex over the moves), not read from the
// server. test/vscode/host.mjs runs this file with mocha and hands it the browser through
// `defineWebWorkerTests`; the files are served by a `node:http` server of the test's own. Then a
// page where WebAssembly may not compile (webWorkerNoWasm.ts): rules of one's own as closures.
import * as assert from 'node:assert/strict';
import type { BrowserContext, Worker } from 'playwright-core';
import { CANCEL_GRACE_MS, CANCELLED_BY_ENDING_WORKER } from '../../server/src/compute/pool';
import {
  APPLY_MOVE_COMMAND,
  CANCEL_COMPUTATIONS_COMMAND,
  EXPLAIN_GAME_COMMAND,
  SHOW_MOVES_COMMAND,
  type StatusParams,
} from '../../server/src/protocol';
import { bruteOctal, bruteSubtraction, mex } from '../engine/oracles/oracles';
import {
  type PageGlobals,
  type Position,
  type Range,
  serveWebBundles,
  type WebBundleServer,
  WebWorkerServer,
} from '../helpers/webWorkerServer';
import { defineNoWasmPage } from './webWorkerNoWasm';

export interface WebWorkerSession {
  browser: BrowserContext;
  repositoryRoot: string;
  resultsDir: string;
}

// ---- the oracles ----

// mex and the octal and subtraction brute forces are the unit tests' own (test/engine/oracles/oracles.ts).
const GRAPH: Record<string, string[]> = { a: ['b', 'c'], b: ['d'], c: ['d', 'e'], d: ['e'], e: [] };
function graphValue(vertex: string): number {
  return mex(GRAPH[vertex].map(graphValue));
}

/** The start of Kayles' nim-sequence (OEIS A002186), to check the brute force itself against. */
const KAYLES_PUBLISHED = [
  0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
];

const kayles = bruteOctal([0, 7, 7], 41);
const officers = bruteOctal([0, 6], 401);
const onetwo = bruteSubtraction([1, 2], 41);

/** A nimber as the server writes it. */
const nimber = (value: number) => (value === 0 ? '0' : `*${value}`);

// ---- the documents ----

const MAIN = 'file:///web/main.game';
const MAIN_TEXT = [
  '# Rules, a graph and games of each kind.',
  'rule k = octal 0.77',
  'rule onetwo = subtract {1, 2}',
  'graph g {',
  '  a -> b, c',
  '  b -> d',
  '  c -> d, e',
  '  d -> e',
  '}',
  'game heaps = k 7 + k 11',
  'game coins = onetwo 3 4 5',
  'game pebbles = g at a, c',
  'game mixed = k 9 + onetwo 8 + g at d',
  '',
].join('\n');
const MISTAKES = 'file:///web/mistakes.game';
const MISTAKES_TEXT = 'rule k = octal 0.77\ngame bad = k 7 +\ngame worse = nosuch 3\n';
const MESSY = 'file:///web/messy.game';
/** A case of test/language/format.test.ts, written by hand there. */
const MESSY_TEXT = 'rule s=subtract{1 ,2}\ngame g=s 3+nim 4\n';
const MESSY_FORMATTED = 'rule s = subtract {1, 2}\ngame g = s 3 + nim 4\n';
const LONG = 'file:///web/long.game';
// `big`: three rules whose loops run to their limit of work one after the other, about 15 s (no clock stops them).
const LONG_TEXT =
  'rule officers = octal 0.6\n' +
  'rule s1 = moves n -> n - 1 for k in 1..1000000000000000 if k == 1\n' +
  'rule s2 = moves n -> n - 1 for k in 1..1000000000000000 if k == 2\n' +
  'rule s3 = moves n -> n - 1 for k in 1..1000000000000000 if k == 3\n' +
  'game big = s1 3 + s2 3 + s3 1000000000000\ngame quick = nim 3 5\n';

const lineOf = (text: string, start: string) => text.split('\n').findIndex((line) => line.startsWith(start));

/** Where each whole word `word` stands on the line after its `=` (its first character). */
function wordsAt(text: string, line: number, word: string): Position[] {
  const lineText = text.split('\n')[line];
  const from = lineText.indexOf('=');
  return [...lineText.slice(from).matchAll(new RegExp(`(?<![\\w.])${word}(?![\\w.])`, 'g'))].map((m) => ({
    line,
    character: from + m.index,
  }));
}

interface Hint {
  readonly position: Position;
  readonly label: string;
}
interface Lens {
  readonly range: Range;
  readonly command?: { readonly title: string; readonly command: string; readonly arguments?: unknown[] };
}
interface CompletionItem {
  readonly label: string;
}
interface DocumentSymbol {
  readonly name: string;
  readonly detail?: string;
  readonly children?: DocumentSymbol[];
}

const WHOLE = { start: { line: 0, character: 0 }, end: { line: 10_000, character: 0 } };

/** Resolves with `value` after `ms`. */
const sleep = <T>(ms: number, value?: T) =>
  new Promise<T | undefined>((resolve) => setTimeout(() => resolve(value), ms));

/** Whether a worker answers an evaluate within `ms`: a worker busy with a computation answers nothing. */
async function answers(worker: Worker, ms: number): Promise<boolean> {
  const answered = await Promise.race([worker.evaluate(() => true).catch(() => false), sleep(ms, false)]);
  return answered === true;
}

export function defineWebWorkerTests(session: WebWorkerSession): void {
  describe('the language server alone in a Web Worker', function () {
    this.timeout(30_000);

    it('the brute force agrees with the published start of Kayles', () => {
      assert.deepEqual(kayles.slice(0, KAYLES_PUBLISHED.length), KAYLES_PUBLISHED);
    });

    for (const isolated of [false, true]) definePage(session, isolated);
    defineNoWasmPage(session);
  });
}

function definePage(session: WebWorkerSession, isolated: boolean): void {
  describe(isolated ? 'in a cross-origin isolated page (shared memory)' : 'in a plain page (no shared memory)', () => {
    let http: WebBundleServer;
    let server: WebWorkerServer;
    let capabilities: Record<string, unknown>;

    before(async () => {
      http = await serveWebBundles(session.repositoryRoot, { isolated });
      ({
        server,
        initialize: { capabilities },
      } = await WebWorkerServer.start(session.browser, http.url, {
        initializationOptions: { status: true },
      }));
    });
    after(async () => {
      await server?.stop();
      await http?.close();
    });
    afterEach(function () {
      if (this.currentTest?.state === 'failed' && server.errors.length > 0)
        console.log(`the page's errors:\n  ${server.errors.join('\n  ')}`);
    });

    const hints = (uri: string) =>
      server.request<Hint[]>('textDocument/inlayHint', { textDocument: { uri }, range: WHOLE });
    const lenses = (uri: string) => server.request<Lens[]>('textDocument/codeLens', { textDocument: { uri } });
    const hoverText = async (uri: string, position: Position) =>
      (
        await server.request<{ contents: { value: string } } | null>('textDocument/hover', {
          textDocument: { uri },
          position,
        })
      )?.contents.value ?? '';
    /** The document's hints once none of its games is still computing. */
    const settledHints = async (uri: string) => {
      for (let i = 0; ; i++) {
        const all = await hints(uri);
        if (!all.some((h) => h.label.includes('computing'))) return all;
        if (i > 200) assert.fail(`still computing: ${JSON.stringify(all)}`);
        await sleep(50);
      }
    };

    it(`the page and the server's worker are ${isolated ? '' : 'not '}cross-origin isolated`, async () => {
      assert.equal(await server.page.evaluate(() => globalThis.crossOriginIsolated), isolated);
      const own = server.serverWorker;
      assert.ok(own, `no worker of out/web/server.js among ${server.workers.map((w) => w.url()).join(', ')}`);
      assert.deepEqual(
        await own.evaluate(() => [globalThis.crossOriginIsolated, typeof SharedArrayBuffer === 'function']),
        [isolated, isolated],
      );
    });

    it('initialize answers the capabilities and the commands the server executes', () => {
      for (const provider of [
        'hoverProvider',
        'inlayHintProvider',
        'codeLensProvider',
        'completionProvider',
        'documentSymbolProvider',
        'renameProvider',
        'documentFormattingProvider',
      ])
        assert.ok(capabilities[provider], `${provider}: ${JSON.stringify(capabilities[provider])}`);
      const tokens = capabilities.semanticTokensProvider as { legend?: { tokenTypes?: string[] } } | undefined;
      assert.ok(tokens?.legend?.tokenTypes?.includes('number'), JSON.stringify(tokens));
      const commands = (capabilities.executeCommandProvider as { commands?: string[] } | undefined)?.commands ?? [];
      for (const command of [APPLY_MOVE_COMMAND, SHOW_MOVES_COMMAND, EXPLAIN_GAME_COMMAND, CANCEL_COMPUTATIONS_COMMAND])
        assert.ok(commands.includes(command), `${command} among ${commands.join(', ')}`);
    });

    it('opening documents publishes their diagnostics: none for a good one, each mistake where it is', async () => {
      await server.open(MAIN, MAIN_TEXT);
      await server.open(MISTAKES, MISTAKES_TEXT);
      assert.deepEqual((await server.diagnostics(MAIN, 1)).diagnostics, []);
      const found = (await server.diagnostics(MISTAKES, 1)).diagnostics;
      const bad = lineOf(MISTAKES_TEXT, 'game bad');
      const worse = lineOf(MISTAKES_TEXT, 'game worse');
      const badEnd = MISTAKES_TEXT.split('\n')[bad].length;
      const nosuch = wordsAt(MISTAKES_TEXT, worse, 'nosuch')[0];
      assert.deepEqual(
        found.map((d) => [d.range.start.line, d.range.start.character, d.range.end.character, d.severity]),
        [
          // Something is missing after the `+`: at the line's end.
          [bad, badEnd, badEnd, 1],
          [worse, nosuch.character, nosuch.character + 'nosuch'.length, 1],
        ],
      );
      assert.match(found[0].message, /expected a rule or graph name/);
      assert.match(found[1].message, /nosuch/);
    });

    it('the server says how its computations run: Web Workers, WebAssembly, how they are cancelled', async () => {
      // Logged once its first computation worker is ready (the documents opened above started them).
      const logged = await server.page.evaluate(() =>
        (globalThis as unknown as PageGlobals).lsp.next<{ message: string }>('window/logMessage', (m) =>
          m.message.startsWith('computations run in'),
        ),
      );
      assert.match(logged.message, /^computations run in \d+ Web Workers; octal scan: WebAssembly; subtraction mex: /);
      assert.match(logged.message, /subtraction mex: WebAssembly;/);
      assert.match(
        logged.message,
        isolated ? /cancellation: shared memory/ : /cancellation: a computation still running 250 ms after/,
      );
    });

    it('a hover on a heap or a token answers its nimber', async () => {
      await settledHints(MAIN);
      const expected: [string, string, number][] = [
        ['game heaps', '7', kayles[7]],
        ['game heaps', '11', kayles[11]],
        ['game coins', '3', onetwo[3]],
        ['game coins', '4', onetwo[4]],
        ['game coins', '5', onetwo[5]],
        ['game pebbles', 'a', graphValue('a')],
        ['game pebbles', 'c', graphValue('c')],
        ['game mixed', '9', kayles[9]],
        ['game mixed', '8', onetwo[8]],
        ['game mixed', 'd', graphValue('d')],
      ];
      for (const [game, word, value] of expected) {
        const [position] = wordsAt(MAIN_TEXT, lineOf(MAIN_TEXT, game), word);
        const text = await hoverText(MAIN, position);
        assert.match(text, /nimber \*\*`[^`]+`\*\*/, `${game}: ${word}: ${text}`);
        assert.equal(/nimber \*\*`([^`]+)`\*\*/.exec(text)![1], nimber(value), `${game}: ${word}: ${text}`);
      }
    });

    it("inlay hints give each component's nimber and the game's nim-sum", async () => {
      const heaps = lineOf(MAIN_TEXT, 'game heaps');
      const all = await hints(MAIN);
      // Each component's hint stands at its end; the sum's at the line's end.
      const at = (line: number, word: string) => {
        const start = wordsAt(MAIN_TEXT, line, word)[0];
        return { line, character: start.character + word.length };
      };
      assert.deepEqual(
        all.filter((h) => h.position.line === heaps).map((h) => [h.position, h.label]),
        [
          [at(heaps, '7'), nimber(kayles[7])],
          [at(heaps, '11'), nimber(kayles[11])],
          [at(heaps, '11'), `⊕ = ${nimber(kayles[7] ^ kayles[11])} · win`],
        ],
      );
      const mixed = lineOf(MAIN_TEXT, 'game mixed');
      const mixedSum = kayles[9] ^ onetwo[8] ^ graphValue('d');
      assert.deepEqual(
        all.filter((h) => h.position.line === mixed).map((h) => h.label),
        [
          nimber(kayles[9]),
          nimber(onetwo[8]),
          nimber(graphValue('d')),
          `⊕ = ${nimber(mixedSum)} · ${mixedSum ? 'win' : 'lose'}`,
        ],
      );
      // One component (a rule's heaps, a graph's tokens): the sum alone.
      const coins = onetwo[3] ^ onetwo[4] ^ onetwo[5];
      const pebbles = graphValue('a') ^ graphValue('c');
      assert.deepEqual(
        all.filter((h) => h.position.line === lineOf(MAIN_TEXT, 'game coins')).map((h) => h.label),
        [`= ${nimber(coins)} · win`],
      );
      assert.deepEqual(
        all.filter((h) => h.position.line === lineOf(MAIN_TEXT, 'game pebbles')).map((h) => h.label),
        [`= ${nimber(pebbles)} · win`],
      );
    });

    /** `k A + k B`'s winning moves by brute force: each as `k FROM → REST` (REST: the heaps left, if any). */
    const kaylesWinningMoves = (heaps: readonly number[]) => {
      const total = heaps.reduce((x, n) => x ^ kayles[n], 0);
      const moves = new Set<string>();
      heaps.forEach((n, i) => {
        const others = total ^ kayles[n];
        for (const take of [1, 2])
          for (let left = 0; left <= n - take; left++) {
            const right = n - take - left;
            if ((kayles[left] ^ kayles[right] ^ others) !== 0 || left > right) continue;
            moves.add(`${i} k ${n} → ${[left, right].filter((h) => h > 0).join(' ')}`.trimEnd());
          }
      });
      return [...moves].map((move) => move.slice(move.indexOf(' ') + 1));
    };

    it('code lenses list winning moves', async () => {
      const heaps = lineOf(MAIN_TEXT, 'game heaps');
      const moves = (await lenses(MAIN))
        .filter((l) => l.range.start.line === heaps && l.command?.command === APPLY_MOVE_COMMAND)
        .map((l) => l.command!.title);
      const winning = kaylesWinningMoves([7, 11]);
      assert.ok(winning.length > 0);
      // At most three lenses (grundy.codeLens.maxMoves), each a winning move.
      assert.equal(moves.length, Math.min(3, winning.length), `${moves.join(' | ')} of ${winning.join(' | ')}`);
      for (const move of moves) assert.ok(winning.includes(move.replace(/^▶ /, '')), `${move} of ${winning}`);
    });

    it("executing a lens's command plays the move through workspace/applyEdit: the game is then lost", async () => {
      const heaps = lineOf(MAIN_TEXT, 'game heaps');
      const lens = (await lenses(MAIN)).find(
        (l) => l.range.start.line === heaps && l.command?.command === APPLY_MOVE_COMMAND,
      )!;
      const answer = await server.request<{ applied: boolean }>('workspace/executeCommand', {
        command: lens.command!.command,
        arguments: lens.command!.arguments,
      });
      assert.equal(answer.applied, true, JSON.stringify(answer));
      assert.equal((await server.received('workspace/applyEdit')).length, 1);
      const text = await server.text(MAIN);
      const line = text.split('\n')[heaps];
      const after = [...line.slice(line.indexOf('=')).matchAll(/\d+/g)].map((m) => Number(m[0]));
      assert.notDeepEqual(after, [7, 11], line);
      assert.equal(
        after.reduce((x, n) => x ^ kayles[n], 0),
        0,
        `the position after ${lens.command!.title}: ${line}`,
      );
      // The client sent the change (version 2): the server analyses it and publishes for it.
      assert.deepEqual((await server.diagnostics(MAIN, 2)).diagnostics, []);
      const labels = (await settledHints(MAIN)).filter((h) => h.position.line === heaps).map((h) => h.label);
      assert.deepEqual(labels, [...after.map((n) => nimber(kayles[n])), '⊕ = 0 · lose']);
      const moves = (await lenses(MAIN)).filter(
        (l) => l.range.start.line === heaps && l.command?.command === APPLY_MOVE_COMMAND,
      );
      assert.deepEqual(moves, [], 'no winning move from a lost position');
    });

    it('completion, document symbols, formatting and semantic tokens answer', async () => {
      const coins = lineOf(MAIN_TEXT, 'game coins');
      const items = await server.request<CompletionItem[] | { items: CompletionItem[] }>('textDocument/completion', {
        textDocument: { uri: MAIN },
        position: { line: coins, character: 'game coins = '.length },
      });
      const labels = (Array.isArray(items) ? items : items.items).map((item) => item.label);
      for (const name of ['k', 'onetwo', 'g', 'kayles', 'nim']) assert.ok(labels.includes(name), `${name}: ${labels}`);

      const symbols = await server.request<DocumentSymbol[]>('textDocument/documentSymbol', {
        textDocument: { uri: MAIN },
      });
      assert.deepEqual(
        symbols.map((s) => s.name),
        ['k', 'onetwo', 'g', 'heaps', 'coins', 'pebbles', 'mixed'],
      );
      // The graph's vertices, each with its nimber.
      const vertices = symbols.find((s) => s.name === 'g')?.children ?? [];
      assert.deepEqual(
        vertices.map((v) => [v.name, v.detail]).sort(),
        Object.keys(GRAPH).map((v) => [v, nimber(graphValue(v))]),
      );

      await server.open(MESSY, MESSY_TEXT);
      const edits = await server.request<{ range: Range; newText: string }[]>('textDocument/formatting', {
        textDocument: { uri: MESSY },
        options: { tabSize: 2, insertSpaces: true },
      });
      assert.equal(
        await server.page.evaluate(
          ([text, edits]) => (globalThis as unknown as PageGlobals).lsp.withEdits(text, edits),
          [MESSY_TEXT, edits] as const,
        ),
        MESSY_FORMATTED,
      );

      const tokens = await server.request<{ data: number[] }>('textDocument/semanticTokens/full', {
        textDocument: { uri: MAIN },
      });
      assert.ok(tokens.data.length > 0 && tokens.data.length % 5 === 0, `${tokens.data.length} numbers`);
    });

    /** The status the server last sent with a label of `game` computing. */
    const computing = (game: string) =>
      server.page.evaluate(
        (game) =>
          (globalThis as unknown as PageGlobals).lsp.next<StatusParams>('grundy/status', (s) =>
            s.labels.includes(game),
          ),
        game,
      );
    const lensTitle = async (uri: string, line: number) =>
      (await lenses(uri))
        .filter((l) => l.range.start.line === line)
        .map((l) => l.command?.title ?? '')
        .join(' | ');

    /** The titles of a line's lenses, once they match `wanted`. */
    const lensTitleWhen = async (uri: string, line: number, wanted: RegExp) => {
      for (let i = 0; ; i++) {
        const title = await lensTitle(uri, line);
        if (wanted.test(title)) return title;
        assert.ok(i < 200, `line ${line}'s lenses never matched ${wanted}: ${title}`);
        await sleep(50);
      }
    };

    it("a long computation runs in a nested worker: the server's thread answers a hover meanwhile", async () => {
      await server.open(LONG, LONG_TEXT);
      await computing('big');
      const big = lineOf(LONG_TEXT, 'game big');
      // The quick game's value, from the other worker, while the first computes.
      await lensTitleWhen(LONG, lineOf(LONG_TEXT, 'game quick'), /▶ nim 5 → 3/);
      // Timed in the page: the client's round trip, with the computation running.
      const [position] = wordsAt(LONG_TEXT, lineOf(LONG_TEXT, 'game quick'), '5');
      const hover = await server.page.evaluate(
        async ([uri, position]) => {
          const lsp = (globalThis as unknown as PageGlobals).lsp;
          const started = performance.now();
          const answer = await lsp.request<{ contents: { value: string } }>('textDocument/hover', {
            textDocument: { uri },
            position,
          });
          return { ms: performance.now() - started, text: answer.contents.value };
        },
        [LONG, position] as const,
      );
      assert.match(hover.text, /nimber \*\*`\*5`\*\*/);
      assert.ok(hover.ms < 1000, `the hover took ${hover.ms.toFixed(0)} ms`);
      assert.match(await lensTitle(LONG, big), /computing big/, 'the computation was still running');
      assert.match(await hoverText(LONG, wordsAt(LONG_TEXT, big, '1000000000000')[0]), /still computing/);
      // The server's own worker is free; one of its computation workers (nested, started from a
      // blob) is busy: it answers nothing.
      assert.equal(await answers(server.serverWorker!, 2000), true, "the server's worker answers");
      const nested = server.computationWorkers;
      const free = await Promise.all(nested.map((worker) => answers(worker, 1000)));
      assert.ok(free.includes(false), `computation workers answering: ${free.join(', ')} (one should be busy)`);
      assert.match(await lensTitle(LONG, big), /computing big/, 'still running after the probe');
    });

    const how = isolated ? 'keeping what it found' : 'by ending its worker';
    it(`grundy.cancelComputations stops it, ${how}`, async () => {
      const big = lineOf(LONG_TEXT, 'game big');
      assert.equal(await server.request('workspace/executeCommand', { command: CANCEL_COMPUTATIONS_COMMAND }), 1);
      const title = await lensTitleWhen(LONG, big, /^(?![\s\S]*computing big…)/);
      if (isolated)
        assert.match(
          title,
          /(nimbers computed up to n = [\d,]+; no period proved yet; stopped|no value computed) because cancelled/,
        );
      else assert.ok(title.includes(`computing big failed: ${CANCELLED_BY_ENDING_WORKER}`), title);
      // The quick game keeps its value.
      assert.match(await lensTitle(LONG, lineOf(LONG_TEXT, 'game quick')), /▶ nim 5 → 3/);
      // What the user is told says which of the two happened.
      const said = await server.received<{ message: string }>('window/showMessage');
      const told = said.map((m) => m.message).find((m) => m.startsWith('Stopped 1 computation'));
      if (isolated) assert.equal(told, 'Stopped 1 computation: each keeps what it had found.');
      else assert.match(told ?? '', /one still running after 250 ms loses what it had found/);
    });

    it('$/cancelRequest stops a sequence request; the server answers a hover meanwhile', async () => {
      const quick = wordsAt(LONG_TEXT, lineOf(LONG_TEXT, 'game quick'), '3')[0];
      // All in the page, timed there: the request, a hover while it runs, the cancel, its answer.
      const run = await server.page.evaluate(
        async ([uri, position]) => {
          const lsp = (globalThis as unknown as PageGlobals).lsp;
          const sequence = lsp.send<{ values?: number[]; stopped?: string; refused?: string }>('grundy/sequence', {
            textDocument: { uri },
            rule: 'officers',
            upTo: 1 << 20,
          });
          let answered: number | undefined;
          void sequence.answer.then(() => (answered = performance.now()));
          await new Promise((resolve) => setTimeout(resolve, 300));
          const hoverAt = performance.now();
          const hover = await lsp.request<{ contents: { value: string } }>('textDocument/hover', {
            textDocument: { uri },
            position,
          });
          const hoverMs = performance.now() - hoverAt;
          const answeredBeforeCancel = answered !== undefined;
          const cancelledAt = performance.now();
          lsp.notify('$/cancelRequest', { id: sequence.id });
          const answer = await sequence.answer;
          return {
            hoverMs,
            hover: hover.contents.value,
            answeredBeforeCancel,
            afterCancelMs: performance.now() - cancelledAt,
            stopped: answer.stopped,
            refused: answer.refused,
            values: answer.values?.slice(0, 401),
            count: answer.values?.length,
          };
        },
        [LONG, quick] as const,
      );
      assert.equal(run.answeredBeforeCancel, false, 'the sequence was still computing');
      assert.match(run.hover, /nimber \*\*`\*3`\*\*/);
      assert.ok(run.hoverMs < 1000, `the hover took ${run.hoverMs.toFixed(0)} ms`);
      if (isolated) {
        // Stopped through shared memory: it answers with what it found.
        assert.match(run.stopped ?? '', /^Cancelled at n = [\d,]+\.$/, JSON.stringify(run).slice(0, 300));
        assert.ok(run.count! > 400 && run.count! < (1 << 20) + 1, `${run.count} values`);
        assert.deepEqual(run.values, officers);
      } else {
        // The job cannot be asked to stop: after the grace period its worker is ended, nothing kept.
        assert.equal(run.refused, `Computing the sequence failed: ${CANCELLED_BY_ENDING_WORKER}`);
        assert.ok(run.afterCancelMs >= CANCEL_GRACE_MS - 5, `answered ${run.afterCancelMs.toFixed(0)} ms after`);
      }
    });

    it('closing a document stops its computations: a worker is free again at once', async () => {
      const SLOW = 'file:///web/slow.game';
      // More slow games than the pool has workers (at most 4): every worker is busy.
      const slow = [1, 2, 3, 4, 5].map((i) => `game slow${i} = officers ${10 ** 12 + i}`);
      await server.open(SLOW, `rule officers = octal 0.6\n${slow.join('\n')}\n`);
      await computing('slow1');
      const closedAt = Date.now();
      await server.close(SLOW);
      const QUICK = 'file:///web/quick.game';
      await server.open(QUICK, 'game after = nim 3 6\n');
      // The budget is 10 s: only a stopped computation leaves a worker for this game sooner.
      await lensTitleWhen(QUICK, 0, /▶ nim 6 → 3/);
      const waited = Date.now() - closedAt;
      assert.ok(waited < 5000, `the quick game waited ${waited} ms`);
      // Where memory is shared the workers stopped their jobs and took the next; elsewhere they were
      // ended after the grace period, and the quick game started a new one (so well after the
      // close: a worker reported about as it closed was started for the slow games).
      const startedSince = server.computationWorkers.filter(
        (w) => server.startedAt.get(w)! >= closedAt + CANCEL_GRACE_MS / 2,
      ).length;
      if (isolated) assert.equal(startedSince, 0, 'the same workers');
      else assert.ok(startedSince >= 1, 'a new computation worker, the old ones ended');
    });

    it("shutdown and exit end the server's worker: it answers nothing more", async () => {
      const quick = wordsAt(LONG_TEXT, lineOf(LONG_TEXT, 'game quick'), '3')[0];
      const hover = () =>
        server.request('textDocument/hover', { textDocument: { uri: LONG }, position: quick }).then(
          () => 'answered',
          (error: Error) => `refused: ${error.message}`,
        );
      assert.equal(await Promise.race([hover(), sleep(1000, 'no answer')]), 'answered');
      assert.equal(await server.request('shutdown'), null);
      await server.notify('exit');
      // Playwright hears of the worker's end late (seconds) or not at all: what shows it is the silence
      // of a worker that answered within milliseconds, the server and the debugger's evaluate alike.
      assert.equal(await Promise.race([hover(), sleep(1000, 'no answer')]), 'no answer');
      assert.equal(await answers(server.serverWorker!, 500), false);
    });
  });
}
