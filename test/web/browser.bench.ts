// `npm run bench -- browser`: the browser build of the language server (out/web/server.js, a Web
// Worker of a page in headless Chromium, LSP over postMessage, computations in nested workers)
// against the Node server (out/server/server.js as a process over stdio), on the same work:
//
//   - a heap rule's nim-sequence (`grundy/sequence`), first in a small document of its own: Kayles
//     to 10^5 (periodic: computed until its period is proved, the rest read off it), Officers
//     (0.6, no known period: every value computed) to 10^5, and a rule of one's own, `half` (take up
//     to half the heap: every value computed, ~n²/4 options), to 3·10^4 (to 10^5 it would take
//     minutes without WebAssembly); the first request computes, repeats come from the worker's cache
//     (but for `half`: a rule of one's own is computed from 0 on each request, heaps/moves.ts
//     movesSequence takes no `resume`, so its repeats measure the computation again);
//   - then the 2,000-line generated document of the latency benchmark (test/helpers/generated.ts),
//     once every game has its value (the budget is 5 s, so its one endless game stops): a hover on
//     a component (50 to warm up, then 300), and an edit until that version's diagnostics arrive
//     (100: a character typed at the end of a game's line, then deleted; the server's 30 ms typing
//     pause included); and the same on a 2,000-line unfriendly document (random names, subtraction
//     sets and octal codes, a graph of random edges, heaps up to 10^4), hovers on its games' first
//     components.
//
// Times are round trips as the client sees them. In Node, performance.now() around each request
// of the test client (test/helpers/languageServer.ts). In the browser, each loop runs inside the
// page (one page.evaluate for all of it) and times each request there with performance.now(): the
// page's postMessage to the server's worker and back, nothing of playwright's. The browser runs
// twice: in a plain page and in a cross-origin isolated one (shared memory for cancellation). The
// servers run one after the other, never at once. Target: the browser within 1.5× of Node.
//
// Rules of one's own compute with a WebAssembly kernel compiled from the rule where the platform
// allows it, with closures otherwise (server/src/engine/heaps/movesWasm.ts). The pages above allow
// it; a third page, served with a content security policy that forbids it (NO_WASM_POLICY of
// test/helpers/webWorkerServer.ts), measures `half` alone on the closures. Each page's computation
// workers are asked whether WebAssembly compiles there, so that the report says which path ran. The
// closures' time is reported against the WebAssembly page's, with no target: it is the fallback.
// That page's budget is 120 s (NO_WASM_SETTINGS): the closures take seconds, more than the 5 s;
// and it repeats the request 3 times, not 10 (each repeat computes again).
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import type { RuleSequenceAnswer, SequenceAnswer } from '../../server/src/protocol';
import { random } from '../engine/oracles/random';
import { generatedDocument, unfriendlyDocument } from '../helpers/generated';
import { LanguageServerSession } from '../helpers/languageServer';
import { repositoryPath, repositoryRoot } from '../helpers/paths';
import { type PageGlobals, type Position, serveWebBundles, WebWorkerServer } from '../helpers/webWorkerServer';

const LINES = 2000;
const WARM_UP = 50;
const HOVERS = 300;
const EDITS = 100;
const SEQUENCE_UP_TO = 100_000;
const SEQUENCE_REPEATS = 10;
const TARGET_RATIO = 1.5;
/** Long enough for every game but the endless one; short enough that it stops before measuring. */
const SETTINGS = { computation: { budgetMs: 5000 } };
const INITIALIZATION = { renderIcons: true, status: true };

const SEQUENCE_URI = 'file:///bench/rules.game';
const SEQUENCE_TEXT =
  'rule k = octal 0.77\nrule officers = octal 0.6\nrule half = moves n -> n - k for k in 1..n / 2\n';
/** Each rule measured: its label, its name in SEQUENCE_TEXT, how far, and whether it is a rule of one's own. */
const RULES: readonly (readonly [string, string, number, boolean])[] = [
  ['Kayles (0.77)', 'k', SEQUENCE_UP_TO, false],
  ['Officers (0.6)', 'officers', SEQUENCE_UP_TO, false],
  ['half (moves n -> n - k for k in 1..n / 2)', 'half', 30_000, true],
];
/** The rules of one's own: the only ones measured in the page that forbids WebAssembly. */
const OWN_RULES = RULES.filter(([, , , own]) => own);
/** The closures take seconds for `half`: a budget that never stops them first, and fewer repeats. */
const NO_WASM_SETTINGS = { computation: { budgetMs: 120_000 } };
const NO_WASM_REPEATS = 3;

/** One edit of the plan: replace `range` by `text`. */
interface Edit {
  readonly range: { readonly start: Position; readonly end: Position };
  readonly text: string;
}

interface SequenceTimes {
  readonly first: number;
  readonly repeats: number[];
  readonly values: number;
  readonly computedUpTo: number;
  readonly stopped?: string;
  /** The values' digest, to check both servers answered the same. */
  readonly digest: string;
}

interface Measured {
  readonly sequences: SequenceTimes[];
  /** What `new WebAssembly.Module` did in each computation worker of the page (Node: not asked). */
  readonly wasm?: string[];
  /** Per plan, in the order of the plans. */
  readonly documents: DocumentTimes[];
}

interface DocumentTimes {
  readonly hovers: number[];
  /**
   * The nimber each hover gives, all together: the same from both servers, or one of them answered
   * something else. (Not the whole text: how many first values of a rule a hover lists depends on how
   * far the worker that computed it had gone, which depends on the order the workers took the jobs.)
   */
  readonly hoverText: string;
  readonly edits: number[];
}

/** What both servers are asked about one document, in the same order. */
interface Plan {
  /** For people: what kind of document. */
  readonly name: string;
  readonly uri: string;
  readonly text: string;
  readonly hovers: Position[];
  readonly edits: Edit[];
}

/** Hovers on game lines and edits at their ends (a character typed, then deleted), for a document. */
function plan(
  name: string,
  uri: string,
  text: string,
  gameLines: readonly number[],
  hoverColumn: (line: string) => number,
): Plan {
  const lines = text.split('\n');
  const next = random(11);
  const hovers = Array.from({ length: WARM_UP + HOVERS }, () => {
    const line = gameLines[Math.floor(next() * gameLines.length)];
    return { line, character: hoverColumn(lines[line]) };
  });
  const edits: Edit[] = [];
  for (let i = 0; i < EDITS / 2; i++) {
    const line = gameLines[Math.floor(next() * gameLines.length)];
    const end = { line, character: lines[line].length };
    edits.push({ range: { start: end, end }, text: '@' });
    edits.push({ range: { start: end, end: { line, character: end.character + 1 } }, text: '' });
  }
  return { name, uri, text, hovers, edits };
}

function makePlans(): Plan[] {
  const friendly = generatedDocument(LINES);
  const unfriendly = unfriendlyDocument(LINES);
  return [
    plan('generated document', 'file:///bench/browser.game', friendly.text, friendly.gameLines, () => 16),
    // On the first component's last character (a heap's number or a vertex's name).
    plan('unfriendly document', 'file:///bench/unfriendly.game', unfriendly.text, unfriendly.gameLines, (line) => {
      const first = line.slice(line.indexOf('= ') + 2).split(' + ')[0];
      return line.indexOf('= ') + 2 + first.length - 1;
    }),
  ];
}

function digest(values: readonly number[]): string {
  let hash = 0;
  for (const value of values) hash = (Math.imul(hash, 31) + value) | 0;
  return `${values.length}:${hash >>> 0}`;
}

function sequenceTimes(answers: { ms: number; answer: SequenceAnswer }[]): SequenceTimes {
  const last = answers[answers.length - 1].answer;
  if (!('values' in last)) throw new Error(`no sequence: ${JSON.stringify(last).slice(0, 300)}`);
  const answer = last as RuleSequenceAnswer;
  return {
    first: answers[0].ms,
    repeats: answers.slice(1).map((a) => a.ms),
    values: answer.values.length,
    computedUpTo: answer.computedUpTo,
    ...(answer.stopped ? { stopped: answer.stopped } : {}),
    digest: digest(answer.values),
  };
}

async function measureNode(plans: readonly Plan[]): Promise<Measured> {
  const { session } = await LanguageServerSession.start({ settings: SETTINGS });
  try {
    await session.open(SEQUENCE_URI, SEQUENCE_TEXT);
    const sequences: SequenceTimes[] = [];
    for (const [, rule, upTo] of RULES) {
      const answers: { ms: number; answer: SequenceAnswer }[] = [];
      for (let i = 0; i <= SEQUENCE_REPEATS; i++) {
        const started = performance.now();
        const answer = await session.request<SequenceAnswer>('grundy/sequence', {
          textDocument: { uri: SEQUENCE_URI },
          rule,
          upTo,
        });
        answers.push({ ms: performance.now() - started, answer });
      }
      sequences.push(sequenceTimes(answers));
    }

    const documents: DocumentTimes[] = [];
    for (const plan of plans) {
      await session.open(plan.uri, plan.text);
      await session.nextDiagnostics(plan.uri, (p) => p.version === 1, 60_000);
      for (let i = 0; ; i++) {
        const hints = (await session.inlayHints(plan.uri)) ?? [];
        if (!hints.some((h) => String(h.label).includes('computing'))) break;
        if (i > 1200) throw new Error('the Node server never settled');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const hovers: number[] = [];
      let hoverText = '';
      for (const position of plan.hovers) {
        const started = performance.now();
        const hover = await session.hover(plan.uri, position);
        hovers.push(performance.now() - started);
        const text = (hover?.contents as { value?: string } | undefined)?.value ?? '';
        hoverText += `${/nimber \*\*`[^`]*`\*\*/.exec(text)?.[0] ?? '(no nimber)'}\u0000`;
      }
      const edits: number[] = [];
      for (const edit of plan.edits) {
        const started = performance.now();
        const version = await session.edit(plan.uri, edit.range, edit.text);
        await session.nextDiagnostics(plan.uri, (p) => p.version === version);
        edits.push(performance.now() - started);
      }
      documents.push({ hovers: hovers.slice(WARM_UP), hoverText, edits });
    }
    return { sequences, documents };
  } finally {
    await session.stop();
  }
}

/**
 * The plans and `rules`' sequences in a page of `browser`: plain, cross-origin isolated, or (`csp`)
 * forbidding WebAssembly.
 */
async function measureBrowser(
  browser: Browser,
  plans: readonly Plan[],
  { isolated, csp, rules = RULES }: { isolated: boolean; csp?: 'no-wasm'; rules?: typeof RULES },
): Promise<Measured> {
  const http = await serveWebBundles(repositoryRoot, { isolated, csp });
  const context = await browser.newContext();
  try {
    const { server } = await WebWorkerServer.start(context, http.url, {
      settings: csp ? NO_WASM_SETTINGS : SETTINGS,
      initializationOptions: INITIALIZATION,
    });
    const isolatedHere = await server.page.evaluate(
      () => (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true,
    );
    if (isolatedHere !== isolated) throw new Error(`the page is${isolatedHere ? '' : ' not'} cross-origin isolated`);
    await server.open(SEQUENCE_URI, SEQUENCE_TEXT);
    const sequences: SequenceTimes[] = [];
    for (const [, rule, upTo] of rules) {
      const answers = await server.page.evaluate(
        async ({ uri, rule, upTo, repeats }) => {
          const lsp = (globalThis as unknown as PageGlobals).lsp;
          const answers: { ms: number; answer: unknown }[] = [];
          for (let i = 0; i <= repeats; i++) {
            const started = performance.now();
            const answer = await lsp.request('grundy/sequence', { textDocument: { uri }, rule, upTo });
            answers.push({ ms: performance.now() - started, answer });
          }
          return answers;
        },
        { uri: SEQUENCE_URI, rule, upTo, repeats: csp ? NO_WASM_REPEATS : SEQUENCE_REPEATS },
      );
      sequences.push(sequenceTimes(answers as { ms: number; answer: SequenceAnswer }[]));
    }
    // Which path the computations took: whether WebAssembly compiles in the workers that ran them (in a
    // task of the worker's own, not in the debugger's evaluate, which may be let through a policy).
    const wasm = await Promise.all(
      server.computationWorkers.map((worker) =>
        worker.evaluate(
          () =>
            new Promise<string>((resolve) =>
              setTimeout(() => {
                try {
                  new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
                  resolve('compiles');
                } catch (error) {
                  resolve(`refused: ${String(error).slice(0, 50)}…`);
                }
              }),
            ),
        ),
      ),
    );

    const documents: DocumentTimes[] = [];
    for (const plan of plans) {
      await server.open(plan.uri, plan.text);
      documents.push(
        await server.page.evaluate(
          async ({ uri, hoverAt, edits, warmUp }) => {
            const lsp = (globalThis as unknown as PageGlobals).lsp;
            await lsp.diagnostics(uri, 1, 60_000);
            const whole = { start: { line: 0, character: 0 }, end: { line: 1_000_000, character: 0 } };
            for (let i = 0; ; i++) {
              const hints = await lsp.request<{ label: string }[]>('textDocument/inlayHint', {
                textDocument: { uri },
                range: whole,
              });
              if (!hints.some((h) => String(h.label).includes('computing'))) break;
              if (i > 1200) throw new Error('the browser server never settled');
              await new Promise((resolve) => setTimeout(resolve, 50));
            }
            const hovers: number[] = [];
            let hoverText = '';
            for (const position of hoverAt) {
              const started = performance.now();
              const hover = await lsp.request<{ contents?: { value?: string } } | null>('textDocument/hover', {
                textDocument: { uri },
                position,
              });
              hovers.push(performance.now() - started);
              hoverText += `${/nimber \*\*`[^`]*`\*\*/.exec(hover?.contents?.value ?? '')?.[0] ?? '(no nimber)'}\u0000`;
            }
            const editTimes: number[] = [];
            for (const edit of edits) {
              const started = performance.now();
              const version = lsp.edit(uri, edit.range, edit.text);
              await lsp.diagnostics(uri, version);
              editTimes.push(performance.now() - started);
            }
            return { hovers: hovers.slice(warmUp), hoverText, edits: editTimes };
          },
          { uri: plan.uri, hoverAt: plan.hovers, edits: plan.edits, warmUp: WARM_UP },
        ),
      );
    }
    if (server.errors.length > 0) console.log(`the page's errors:\n  ${server.errors.join('\n  ')}`);
    return { sequences, documents, wasm };
  } finally {
    await context.close();
    await http.close();
  }
}

function percentile(times: readonly number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

const ms = (t: number) => `${t.toFixed(t < 10 ? 2 : 1)} ms`;

/** p50 and p95 of each side, and browser/Node; met when both ratios are within the target. */
function compare(name: string, node: readonly number[], browsers: [string, readonly number[]][]): boolean {
  const [n50, n95] = [percentile(node, 0.5), percentile(node, 0.95)];
  console.log(`${name} (${node.length} samples each)`);
  console.log(`  ${'Node (stdio)'.padEnd(26)} p50 ${ms(n50).padStart(9)}   p95 ${ms(n95).padStart(9)}`);
  let met = true;
  for (const [label, times] of browsers) {
    const [b50, b95] = [percentile(times, 0.5), percentile(times, 0.95)];
    const within = b50 / n50 <= TARGET_RATIO && b95 / n95 <= TARGET_RATIO;
    met &&= within;
    console.log(
      `  ${label.padEnd(26)} p50 ${ms(b50).padStart(9)}   p95 ${ms(b95).padStart(9)}   browser/Node: p50 ` +
        `${(b50 / n50).toFixed(2)}×, p95 ${(b95 / n95).toFixed(2)}× [target within ${TARGET_RATIO}×: ` +
        `${within ? 'met' : 'not met'}]`,
    );
  }
  return met;
}

async function main(): Promise<void> {
  // Chromium from Debian, installed if missing (as the VS Code stages do): test/vscode/setup.mjs.
  const setup = (await import(pathToFileURL(repositoryPath('test', 'vscode', 'setup.mjs')).href)) as {
    ensureChromium(): string;
  };
  const executablePath = setup.ensureChromium();
  const plans = makePlans();
  console.log(
    `browser (out/web/server.js in headless Chromium) vs Node (out/server/server.js over stdio), default ` +
      `settings but a ${SETTINGS.computation.budgetMs} ms budget: ${LINES}-line documents ` +
      `(${plans.map((p) => p.name).join(', ')}), every game settled; nim-sequences in a document of their own`,
  );

  const node = await measureNode(plans);
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  let plain: Measured;
  let isolated: Measured;
  let noWasm: Measured;
  try {
    plain = await measureBrowser(browser, plans, { isolated: false });
    isolated = await measureBrowser(browser, plans, { isolated: true });
    noWasm = await measureBrowser(browser, [], { isolated: false, csp: 'no-wasm', rules: OWN_RULES });
  } finally {
    await browser.close();
  }
  let met = true;
  plans.forEach((plan, d) => {
    const browsers = (pick: (m: DocumentTimes) => readonly number[]): [string, readonly number[]][] => [
      ['browser (plain page)', pick(plain.documents[d])],
      ['browser (isolated page)', pick(isolated.documents[d])],
    ];
    const nodeTimes = node.documents[d];
    for (const [label, measured] of [
      ['plain', plain.documents[d]],
      ['isolated', isolated.documents[d]],
    ] as const) {
      if (measured.hoverText !== nodeTimes.hoverText) {
        const theirs = measured.hoverText.split('\u0000');
        const ours = nodeTimes.hoverText.split('\u0000');
        const at = theirs.findIndex((text, i) => text !== ours[i]);
        console.log(
          `the browser (${label} page) answered other hovers than Node in the ${plan.name}, first at ` +
            `${JSON.stringify(plan.hovers[at])}:\n  browser: ${theirs[at]}\n  Node:    ${ours[at]}`,
        );
        process.exitCode = 1;
      }
    }
    const nimbers = nodeTimes.hoverText.split('\u0000').filter((text) => text.startsWith('nimber')).length;
    console.log(
      `${plan.name}: ${nimbers} of ${plan.hovers.length} hovers give a nimber; every server gives the same ones`,
    );
    // Both compared and printed whatever the other found.
    const hoverMet = compare(
      `${plan.name}: hover on a component, warmed up`,
      nodeTimes.hovers,
      browsers((m) => m.hovers),
    );
    const editMet = compare(
      `${plan.name}: edit → fresh diagnostics (30 ms typing pause included)`,
      nodeTimes.edits,
      browsers((m) => m.edits),
    );
    met = met && hoverMet && editMet;
  });

  // Which path each page's computations took.
  for (const [label, measured, wasm] of [
    ['plain', plain, true],
    ['isolated', isolated, true],
    ['no-wasm CSP', noWasm, false],
  ] as const) {
    const found = measured.wasm ?? [];
    console.log(`WebAssembly in the ${label} page's computation workers: ${found.join('; ') || 'none started'}`);
    if (found.length === 0 || found.some((f) => (f === 'compiles') !== wasm)) {
      console.log(`  the ${label} page's workers were expected to ${wasm ? 'compile' : 'refuse'} it`);
      process.exitCode = 1;
    }
  }

  let ownMet = true;
  RULES.forEach(([name, rule, upTo, own], i) => {
    const sides: [string, SequenceTimes][] = [
      ['Node (stdio)', node.sequences[i]],
      ['browser (plain page)', plain.sequences[i]],
      ['browser (isolated page)', isolated.sequences[i]],
    ];
    const closures = own ? noWasm.sequences[OWN_RULES.findIndex(([, r]) => r === rule)] : undefined;
    if (closures) sides.push(['browser (no-wasm CSP page)', closures]);
    const first = sides[0][1];
    console.log(
      `nim-sequence of ${name} to ${upTo.toLocaleString('en-US')} (grundy/sequence): ${first.values} ` +
        `values, computed to n = ${first.computedUpTo}${first.stopped ? `, stopped: ${first.stopped}` : ''}; the ` +
        `first request, then the median of ${SEQUENCE_REPEATS} repeats` +
        (own ? ` (${NO_WASM_REPEATS} without WebAssembly)` : ''),
    );
    const ratios = (times: SequenceTimes, to: SequenceTimes) =>
      [times.first / to.first, percentile(times.repeats, 0.5) / percentile(to.repeats, 0.5)] as const;
    for (const [label, times] of sides) {
      // The closures against the WebAssembly page like it (plain, not isolated); the others against Node.
      const [against, to] = times === closures ? ['closures/WebAssembly', plain.sequences[i]] : ['browser/Node', first];
      const [firstRatio, repeatRatio] = ratios(times, to);
      const ratio =
        times === first ? '' : `   ${against}: first ${firstRatio.toFixed(2)}×, repeats ${repeatRatio.toFixed(2)}×`;
      console.log(
        `  ${label.padEnd(26)} first ${ms(times.first).padStart(9)}   repeats ` +
          `${ms(percentile(times.repeats, 0.5)).padStart(9)}${ratio}`,
      );
      if (times.digest !== first.digest) {
        console.log(`  ${label} answered other values than Node: ${times.digest} vs ${first.digest}`);
        process.exitCode = 1;
      }
    }
    if (!own) return;
    // A rule of one's own: the browser with WebAssembly (both pages) within the target of Node, first and repeats.
    const within = [plain, isolated].every((m) => ratios(m.sequences[i], first).every((r) => r <= TARGET_RATIO));
    ownMet &&= within;
    const equal = sides.every(([, t]) => t.digest === first.digest);
    console.log(
      `  values (digest ${first.digest}) ${equal ? 'equal' : 'NOT equal'} on every side; target (browser ` +
        `with WebAssembly within ${TARGET_RATIO}× of Node, first and repeats): ${within ? 'met' : 'not met'}; ` +
        'the no-wasm CSP page ' +
        '(closures): no target, its time is reported against the WebAssembly page',
    );
  });
  console.log(`target (hover and edit latency within ${TARGET_RATIO}× of Node): ${met ? 'met' : 'not met'}`);
  console.log(
    `target (rules of one's own with WebAssembly within ${TARGET_RATIO}× of Node): ${ownMet ? 'met' : 'not met'}`,
  );
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
