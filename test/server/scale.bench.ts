// `npm run bench`: the language server at scale and under hostile input, as an editor feels it.
//
// 1. Many games: a document of 10,000 and one of 100,000 small, distinct games (every one its own
//    computation). Times from didOpen to the first diagnostics and to the moment a whole-document
//    inlay-hint request has every game's value (none "computing"), and the server's peak memory
//    (VmHWM of its process, workers included).
// 2. Stalls: while the server takes in a pathological document, a second small document is
//    hovered every 10 ms; the worst round trip is the longest the main thread was deaf. Each
//    document runs in a fresh server.
import { readFileSync } from 'node:fs';
import { random } from '../engine/oracles/random';
import { LanguageServerSession } from '../helpers/languageServer';

function peakMemoryMb(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

/** N small games, all different (so N computations), of every cheap kind. */
export function manyGames(count: number): string {
  const next = random(5);
  const lines = [
    'rule onetwo = subtract {1, 2}',
    'rule s237 = subtract {2, 3, 7}',
    'graph g {',
    '  a -> b, c',
    '  b -> d',
    '  c -> d, e',
    '  d -> e',
    '}',
  ];
  const heap = () => 1 + Math.floor(next() * 1000);
  const kinds = [
    (i: number) => `nim ${i} ${heap()}`,
    (i: number) => `onetwo ${i} + s237 ${heap()}`,
    (i: number) => `kayles ${heap()} ${i % 97}`,
    (i: number) => `g at a, c + nim ${i}`,
    (i: number) => `dawson ${i % 500} + nim ${heap()}`,
  ];
  for (let i = 0; i < count; i++) lines.push(`game g${i} = ${kinds[i % kinds.length](i)}`);
  return `${lines.join('\n')}\n`;
}

/**
 * 'all' when a whole-document request shows every game's value; asks for the whole document only once the last lines
 * are done.
 */
async function allHintsShown(
  session: LanguageServerSession,
  uri: string,
  count: number,
  lastLines: { start: { line: number; character: number }; end: { line: number; character: number } },
): Promise<'all' | 'not yet'> {
  const computing = (hints: { label: unknown }[]) =>
    hints.filter((h) => JSON.stringify(h.label).includes('computing')).length;
  const last = (await session.inlayHints(uri, lastLines)) ?? [];
  if (last.length === 0 || computing(last) > 0) return 'not yet';
  const hints = (await session.inlayHints(uri)) ?? [];
  const games = hints.filter((h) => /(win|lose)/.test(JSON.stringify(h.label))).length;
  return computing(hints) === 0 && games === count ? 'all' : 'not yet';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function manyGamesCase(count: number): Promise<void> {
  const { session } = await LanguageServerSession.start({ settings: { computation: { budgetMs: 600_000 } } });
  try {
    const uri = `file:///bench/many-${count}.game`;
    const text = manyGames(count);
    const opened = performance.now();
    await session.open(uri, text);
    await session.nextDiagnostics(uri, () => true, 600_000);
    const diagnosticsMs = performance.now() - opened;
    const peakAtDiagnostics = peakMemoryMb(session.pid);
    let hintsMs = NaN;
    let requests = 0;
    // Computations finish roughly in document order: watch the last lines (as an editor shows a
    // screenful), then ask for the whole document's hints to check that every game has its value.
    const lineCount = text.split('\n').length;
    const lastLines = {
      start: { line: Math.max(0, lineCount - 40), character: 0 },
      end: { line: lineCount, character: 0 },
    };
    for (;;) {
      const whole = await allHintsShown(session, uri, count, lastLines);
      requests++;
      if (whole === 'all') {
        hintsMs = performance.now() - opened;
        break;
      }
      if (performance.now() - opened > 600_000) break;
      await sleep(50);
    }
    const peak = peakMemoryMb(session.pid);
    console.log(
      `${count.toLocaleString('en-US').padStart(7)} games (${(text.length / 1e6).toFixed(1)} MB): open → ` +
        `diagnostics ${diagnosticsMs.toFixed(0).padStart(6)} ms; open → every game's inlay hint ` +
        `${Number.isNaN(hintsMs) ? 'NOT within 600 s' : `${hintsMs.toFixed(0).padStart(6)} ms`} (${requests} ` +
        `polls); peak memory ${peak.toFixed(0)} MB (${peakAtDiagnostics.toFixed(0)} MB by the diagnostics)`,
    );
  } finally {
    await session.stop();
  }
}

/** Pathological documents, each with what it is. */
function hostileDocuments(): { name: string; text: string }[] {
  const next = random(13);
  // Letters and stray characters alternating: every stray character is its own problem.
  const junk = Array.from(
    { length: 500_000 },
    () => 'abc'[Math.floor(next() * 3)] + '@$^~'[Math.floor(next() * 4)],
  ).join('');
  const longName = Array.from({ length: 20_000 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(next() * 26)]).join('');
  const vertices = Array.from({ length: 2000 }, (_, i) => `vertex${i}`);
  const graph = ['graph big {', ...vertices.slice(0, -1).map((v, i) => `  ${v} -> ${vertices[i + 1]}`), '}'];
  const unknown = [
    ...graph,
    'rule onetwo = subtract {1, 2}',
    ...Array.from({ length: 1000 }, (_, i) => `game u${i} = ontwo${i} 3 + big at vertx${i} + nmi 4`),
  ];
  const digits = `7${'1234567890'.repeat(100_000)}`;
  return [
    { name: '1,000 unknown names (3,000 lookups)', text: `${unknown.join('\n')}\n` },
    {
      name: 'a rule name of 20,000 characters, misspelt',
      text: `rule ${longName} = subtract {1, 2}\ngame g = ${longName.slice(1)} 3\n`,
    },
    { name: 'one 1 MB line of junk', text: `${junk}\n` },
    { name: 'a heap of a million digits', text: `game big = nim ${digits} 5 + kayles ${digits}\n` },
    { name: '10,000 games', text: manyGames(10_000) },
    {
      name: 'a sum of 10,000 components',
      text: `game deep = ${Array.from({ length: 10_000 }, (_, i) => `nim ${i + 1}`).join(' + ')}\n`,
    },
    {
      name: 'mixed line ends',
      text: Array.from(
        { length: 20_000 },
        (_, i) => `game m${i} = nim ${i}${['\n', '\r\n', '\r'][Math.floor(next() * 3)]}`,
      ).join(''),
    },
  ];
}

async function stallCase(name: string, text: string): Promise<number> {
  const { session } = await LanguageServerSession.start({ settings: { computation: { budgetMs: 10_000 } } });
  try {
    const probe = 'file:///bench/probe.game';
    await session.open(probe, 'game probe = nim 3 4\n');
    await session.nextDiagnostics(probe);
    const uri = 'file:///bench/hostile.game';
    let worst = 0;
    let stop = false;
    const prober = (async () => {
      while (!stop) {
        const asked = performance.now();
        await session.hover(probe, { line: 0, character: 6 });
        worst = Math.max(worst, performance.now() - asked);
        await sleep(10);
      }
    })();
    const opened = performance.now();
    await session.open(uri, text);
    await session.nextDiagnostics(uri, () => true, 600_000);
    const diagnosticsMs = performance.now() - opened;
    // Then what follows: hovers all over it, the lenses, the hints.
    const lines = text.split(/\r\n|\r|\n/).length;
    for (let i = 0; i < 20; i++) await session.hover(uri, { line: Math.floor((i * lines) / 20), character: 14 + i });
    await session.codeLenses(uri);
    await session.inlayHints(uri);
    await sleep(1000);
    stop = true;
    await prober;
    console.log(
      `${name.padEnd(40)} open → diagnostics ${diagnosticsMs.toFixed(0).padStart(6)} ms; worst probe round trip ` +
        `${worst.toFixed(0).padStart(6)} ms; peak memory ${peakMemoryMb(session.pid).toFixed(0)} MB`,
    );
    return worst;
  } finally {
    await session.stop();
  }
}

async function main(): Promise<void> {
  const only = process.argv[2];
  if (!only || only === 'many') {
    console.log(
      'many games: open → diagnostics, open → every game value in the inlay hints, peak memory (targets: 10,000 in ' +
        '2 s, 100,000 in 20 s, under 1 GiB)',
    );
    const counts = process.argv[3] ? [Number(process.argv[3])] : [10_000, 100_000];
    for (const count of counts) await manyGamesCase(count);
  }
  if (!only || only === 'stall') {
    console.log(
      '\nmain-thread stalls: worst hover round trip on another document while the server takes in each ' +
        'pathological one',
    );
    let worst = 0;
    for (const { name, text } of hostileDocuments())
      if (!process.argv[3] || name.includes(process.argv[3])) worst = Math.max(worst, await stallCase(name, text));
    console.log(`worst main-thread stall over the pathological documents: ${worst.toFixed(0)} ms`);
  }
}

if (require.main === module)
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
