// The browser build of the language server where WebAssembly may not compile: a page and its
// workers served with a content security policy without 'wasm-unsafe-eval' (NO_WASM_POLICY of
// test/helpers/webWorkerServer.ts), as a strict site serves them. There the compiled kernels of rules
// of one's own (server/src/engine/heaps/movesWasm.ts) cannot compile, and the closures
// (movesClosures.ts) compute instead: this checks that path gives the right values in a browser.
//
// It proves the path, not just the values: `new WebAssembly.Module` of a minimal valid module
// throws in the page, in the server's worker and in every computation worker (the ones that
// computed the values), while it compiles in a plain page of the same browser; and the server's
// own log line says its kernels run as JavaScript. Every value checked is computed here by brute
// force (mex over the moves). Part of the `worker` stage (test/vscode/host.mjs): webWorker.e2e.ts
// calls defineNoWasmPage inside its suite.
import * as assert from 'node:assert/strict';
import type { BrowserContext } from 'playwright-core';
import {
  NO_WASM_POLICY,
  type PageGlobals,
  type Position,
  serveWebBundles,
  type WebBundleServer,
  WebWorkerServer,
} from '../helpers/webWorkerServer';

/** G(0..length-1) of `half`: G(n) = mex of G(n − k) for k = 1..⌊n/2⌋. */
function bruteHalf(length: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < length; n++) {
    const seen = new Set<number>();
    for (let k = 1; k <= Math.floor(n / 2); k++) seen.add(g[n - k]);
    let value = 0;
    while (seen.has(value)) value++;
    g.push(value);
  }
  return g;
}

/** G(x, y) of `corner`: a queen's moves toward the corner (one coordinate down, or both by as much). */
function bruteCorner(x: number, y: number): number {
  const g: number[][] = [];
  for (let a = 0; a <= x; a++) {
    g.push([]);
    for (let b = 0; b <= y; b++) {
      const seen = new Set<number>();
      for (let k = 1; k <= a; k++) seen.add(g[a - k][b]);
      for (let k = 1; k <= b; k++) seen.add(g[a][b - k]);
      for (let k = 1; k <= Math.min(a, b); k++) seen.add(g[a - k][b - k]);
      let value = 0;
      while (seen.has(value)) value++;
      g[a].push(value);
    }
  }
  return g[x][y];
}

const half = bruteHalf(30);
const corner35 = bruteCorner(3, 5);

const nimber = (value: number) => (value === 0 ? '0' : `*${value}`);

const RULES = 'file:///web/own-rules.game';
const RULES_TEXT = [
  'rule half = moves n -> n - k for k in 1..n / 2',
  'rule corner = moves (x, y) -> (x - k, y) for k in 1..x | (x, y - k) for k in 1..y | ' +
    '(x - k, y - k) for k in 1..min(x, y)',
  'game g = half 10 + corner (3, 5)',
  '',
].join('\n');
const GAME_LINE = 2;

/**
 * What `new WebAssembly.Module` of the smallest valid module (its header alone) and an eval (`new Function`)
 * do where this runs, in a task of its own: the debugger's evaluate lets eval through a policy (CDP's
 * allowUnsafeEvalBlockedByCSP) while it runs, not in a later task, where the page's own code runs.
 */
function compileAndEval(): Promise<{ wasm: string; eval: string }> {
  const attempt = (what: () => unknown) => {
    try {
      what();
      return 'allowed';
    } catch (error) {
      return String(error);
    }
  };
  const bytes = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
  return new Promise((resolve) =>
    setTimeout(() =>
      resolve({
        wasm: attempt(() => new WebAssembly.Module(bytes)),
        eval: attempt(() => new Function('return 1 + 1')()),
      }),
    ),
  );
}

/** Both refused by the content security policy, as Chromium words it. */
const REFUSED = {
  wasm: /^CompileError: WebAssembly\.Module\(\): .*Content Security [Pp]olicy/,
  eval: /^EvalError: .*Content Security Policy/,
};
const assertRefused = (found: { wasm: string; eval: string }, where: string) => {
  assert.match(found.wasm, REFUSED.wasm, `${where} under ${NO_WASM_POLICY}`);
  assert.match(found.eval, REFUSED.eval, `${where} under ${NO_WASM_POLICY}`);
};

interface Hint {
  readonly position: Position;
  readonly label: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function defineNoWasmPage(session: { browser: BrowserContext; repositoryRoot: string }): void {
  describe("in a page whose content security policy forbids WebAssembly (rules of one's own as closures)", () => {
    let http: WebBundleServer;
    let server: WebWorkerServer;

    before(async () => {
      http = await serveWebBundles(session.repositoryRoot, { isolated: false, csp: 'no-wasm' });
      ({ server } = await WebWorkerServer.start(session.browser, http.url));
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
      server.request<Hint[]>('textDocument/inlayHint', {
        textDocument: { uri },
        range: { start: { line: 0, character: 0 }, end: { line: 10_000, character: 0 } },
      });
    const hoverText = async (position: Position) =>
      (
        await server.request<{ contents: { value: string } } | null>('textDocument/hover', {
          textDocument: { uri: RULES },
          position,
        })
      )?.contents.value ?? '';

    it('WebAssembly and eval are refused in this page and its server worker, allowed in a plain page', async () => {
      const plain = await serveWebBundles(session.repositoryRoot, { isolated: false });
      const page = await session.browser.newPage();
      try {
        await page.goto(plain.url);
        assert.deepEqual(await page.evaluate(compileAndEval), { wasm: 'allowed', eval: 'allowed' });
      } finally {
        await page.close();
        await plain.close();
      }
      assertRefused(await server.page.evaluate(compileAndEval), 'the page');
      const own = server.serverWorker;
      assert.ok(own, `no worker of out/web/server.js among ${server.workers.map((w) => w.url()).join(', ')}`);
      // The worker's policy is its script's answer's (a worker does not inherit its page's): checked there.
      assertRefused(await own.evaluate(compileAndEval), "the server's worker");
    });

    it('half 10 + corner (3, 5): hovers and inlay hints give the brute force values', async () => {
      assert.equal(half[10], 5);
      assert.equal(corner35, 0);
      await server.open(RULES, RULES_TEXT);
      assert.deepEqual((await server.diagnostics(RULES, 1)).diagnostics, []);
      let labels: string[] = [];
      for (let i = 0; ; i++) {
        labels = (await hints(RULES)).filter((h) => h.position.line === GAME_LINE).map((h) => h.label);
        if (!labels.some((label) => label.includes('computing'))) break;
        if (i >= 200) {
          // What the server logged (a computation worker that stopped says why there).
          const logged = await server.received<{ message: string }>('window/logMessage');
          assert.fail(
            `still computing: ${labels.join(' | ')}; logged:\n  ${logged.map((m) => m.message).join('\n  ')}`,
          );
        }
        await sleep(50);
      }
      const sum = half[10] ^ corner35;
      assert.deepEqual(labels, [nimber(half[10]), nimber(corner35), `⊕ = ${nimber(sum)} · ${sum ? 'win' : 'lose'}`]);
      const line = RULES_TEXT.split('\n')[GAME_LINE];
      const onHalf = await hoverText({ line: GAME_LINE, character: line.indexOf('10') });
      assert.equal(/nimber \*\*`([^`]+)`\*\*/.exec(onHalf)?.[1], nimber(half[10]), onHalf);
      const onCorner = await hoverText({ line: GAME_LINE, character: line.indexOf('3, 5') });
      assert.equal(/nimber \*\*`([^`]+)`\*\*/.exec(onCorner)?.[1], nimber(corner35), onCorner);
    });

    it("grundy/sequence of half: its first 30 values are the brute force's", async () => {
      const answer = await server.request<{ values?: number[]; family?: string; refused?: string }>('grundy/sequence', {
        textDocument: { uri: RULES },
        rule: 'half',
        upTo: 29,
      });
      assert.equal(answer.family, 'moves', JSON.stringify(answer).slice(0, 300));
      assert.deepEqual(answer.values, half);
    });

    it("its computation workers, which computed them, refuse WebAssembly too; the server's log says so", async () => {
      const nested = server.computationWorkers;
      assert.ok(nested.length > 0, 'a computation worker started');
      for (const worker of nested) assertRefused(await worker.evaluate(compileAndEval), worker.url());
      // The server's own word (browser/main.ts): what its computation workers' kernels compiled to.
      const logged = await server.page.evaluate(() =>
        (globalThis as unknown as PageGlobals).lsp.next<{ message: string }>('window/logMessage', (m) =>
          m.message.startsWith('computations run in'),
        ),
      );
      assert.match(logged.message, /octal scan: JavaScript \(WebAssembly did not compile here\)/);
    });
  });
}
