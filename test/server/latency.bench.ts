// `npm run bench`: the language server's latency, as an editor feels it. The bundled server runs
// over stdio; a generated 2,000-line document is open, and one long computation (a huge heap of
// Officers, 0.6, whose period nobody knows) runs in the background for the whole benchmark. Times
// are client-side round trips (JSON-RPC over pipes included): hover, inlay hints for a screenful
// and for the whole file, code lenses for the whole file, and an edit until its fresh
// diagnostics arrive (the server's 30 ms typing pause included).
import { readFileSync } from 'node:fs';
import { analyzeVersion } from '../../server/src/compute/requests';
import { tuneHeapForAnalyses } from '../../server/src/heapTuning';
import { LineIndex } from '../../server/src/language/text';
import { random } from '../engine/oracles/random';
import { generatedDocument, unfriendlyDocument } from '../helpers/generated';
import { LanguageServerSession } from '../helpers/languageServer';

// The server's process runs so (main.ts); frontEnd below times its analysis in this process.
tuneHeapForAnalyses();

/**
 * The server's main-thread work for a version of the document, in this process: `analyzeVersion`,
 * which stateOf in server.ts calls (parse, check and the requests of every game and graph). A
 * whole analysis, as on opening the document or replacing its text (issue 23's target: median
 * ≤ 5 ms, p95 ≤ 10 ms), with the version before still held, as the server holds it; and one
 * keystroke's analysis from the last, a character typed at the end of a game's line and deleted.
 */
function frontEnd(text: string, gameLines: number[]): void {
  let held = analyzeVersion(text);
  for (let i = 0; i < 30; i++) held = analyzeVersion(text); // compiled first, as in a server that has been running
  const whole: number[] = [];
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    const next = analyzeVersion(text);
    whole.push(performance.now() - started);
    held = next;
  }
  const lines = new LineIndex(text);
  const next = random(3);
  const keystrokes: number[] = [];
  for (let i = 0; i < 400; i++) {
    const line = gameLines[Math.floor(next() * gameLines.length)];
    const at = lines.lineEnd(line);
    const typed = `${text.slice(0, at)}7${text.slice(at)}`;
    for (const version of [typed, text]) {
      const started = performance.now();
      held = analyzeVersion(version, held);
      keystrokes.push(performance.now() - started);
    }
  }
  whole.sort((a, b) => a - b);
  keystrokes.sort((a, b) => a - b);
  const ms = (t: number) => `${t.toFixed(2)} ms`;
  const met = percentile(whole, 0.5) <= 5 && percentile(whole, 0.95) <= 10;
  console.log(
    `front end on this document (analyzeVersion: parse, check, requests): a whole analysis median ` +
      `${ms(percentile(whole, 0.5))}, p95 ${ms(percentile(whole, 0.95))} [target median ≤ 5 ms, p95 ≤ 10 ms: ` +
      `${met ? 'met' : 'not met'}]; a keystroke's incremental analysis median ${ms(percentile(keystrokes, 0.5))}, ` +
      `p95 ${ms(percentile(keystrokes, 0.95))}`,
  );
}

const LINES = 2000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/**
 * Issue 15's targets: hover, hints and lenses p95 ≤ 10 ms while a long computation runs; an edit's fresh diagnostics
 * p95 ≤ the typing pause + 15 ms.
 */
const REQUEST_P95_MS = 10;
const EDIT_P95_MS = 30 + 15;

async function measure(
  name: string,
  runs: number,
  once: (i: number) => Promise<unknown>,
  targetP95 = REQUEST_P95_MS,
): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await once(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const ms = (t: number) => `${t.toFixed(t < 10 ? 2 : 1)} ms`;
  const p95 = percentile(times, 0.95);
  const verdict = `[target p95 ≤ ${targetP95} ms: ${p95 <= targetP95 ? 'met' : 'not met'}]`;
  console.log(
    `${name.padEnd(62)} median ${ms(percentile(times, 0.5)).padStart(9)}   p95 ${ms(p95).padStart(9)}   (${runs} ` +
      `runs) ${verdict}`,
  );
}

/**
 * CPU time of the server's main thread (its workers left out: they compute in the background), from
 * /proc/PID/task/PID/stat (utime + stime, in clock ticks of 10 ms).
 */
function mainThreadCpuMs(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time of the server's whole process, its workers included, from /proc/PID/stat (clock ticks of 10 ms). */
function processCpuMs(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Work once, then rest (issue 39): a server with default settings and every feature on (remoteness beside every
 * value, working, misère quotients) opens the document; how long until nothing is computing (the status says so), and
 * the CPU it took; then 100 keystrokes (a character typed at the end of a game's line, then deleted), and what each
 * costs the main thread and the whole process (workers included: a keystroke that restores a game must start nothing).
 * The targets are issue 39's figures. Measured this way on the 2-core reference machine, main as the issue was filed
 * (27df8f5) settled the generated document in 29.8 s (53 s of CPU) and spent 6.3–6.8 ms of main-thread CPU a keystroke:
 * the figures are not what this measures there. What keeps the generated document from settling sooner is Dawson's
 * Kayles: its misère quotient grows for about 12 s on one worker (its quotient's work limit), 7 s of them on heap 33,
 * which the method refuses in the end (4,232 elements, past 4,096).
 */
async function settleAndType(name: string, text: string, gameLines: number[]): Promise<void> {
  const { session } = await LanguageServerSession.start();
  const uri = `file:///bench/${name}.game`;
  const cpuAtOpen = processCpuMs(session.pid);
  const opened = performance.now();
  session.status.clear();
  await session.open(uri, text);
  await session.status.next((s) => s.computing > 0, 'computations for the document');
  for (;;) {
    const seen = session.status.seen;
    if (seen[seen.length - 1].computing === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const settle = performance.now() - opened;
  const settleCpu = processCpuMs(session.pid) - cpuAtOpen;
  const lines = text.split('\n');
  const next = random(5);
  const main0 = mainThreadCpuMs(session.pid);
  const all0 = processCpuMs(session.pid);
  const edits = 100;
  for (let i = 0; i < edits / 2; i++) {
    const line = gameLines[Math.floor(next() * gameLines.length)];
    const end = { line, character: lines[line].length };
    for (const [range, newText] of [
      [{ start: end, end }, '@'],
      [{ start: end, end: { line, character: end.character + 1 } }, ''],
    ] as const) {
      const version = await session.edit(uri, range, newText);
      await session.nextDiagnostics(uri, (p) => p.version === version);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500)); // what the last keystroke started, if anything
  const mainPerEdit = (mainThreadCpuMs(session.pid) - main0) / edits;
  const allPerEdit = (processCpuMs(session.pid) - all0) / edits;
  console.log(
    `${name} document, default settings: open → settled ${(settle / 1000).toFixed(1)} s, ` +
      `${(settleCpu / 1000).toFixed(1)} s of CPU [target: settled ≤ 17 s, as before issue 39]; ` +
      `per keystroke: main thread ${mainPerEdit.toFixed(1)} ms, ` +
      `whole process ${allPerEdit.toFixed(1)} ms of CPU [target main thread ≤ 3.9 ms, as before issue 39]`,
  );
  await session.stop();
}

async function main(): Promise<void> {
  const generated = generatedDocument(LINES);
  await settleAndType('generated', generated.text, generated.gameLines);
  const unfriendly = unfriendlyDocument(LINES);
  await settleAndType('unfriendly', unfriendly.text, unfriendly.gameLines);

  const { session } = await LanguageServerSession.start({ settings: { computation: { budgetMs: 600_000 } } });
  const { text, gameLines } = generatedDocument(LINES);
  frontEnd(text, gameLines);
  const uri = 'file:///bench/latency.game';
  const opened = performance.now();
  await session.open(uri, text);
  await session.nextDiagnostics(uri);
  const firstDiagnostics = performance.now() - opened;
  // Every game but the background one gets its value; then measure while that one still runs.
  const settled = async () => {
    for (;;) {
      const hints = (await session.inlayHints(uri)) ?? [];
      const computing = hints.filter((h) => String(h.label).includes('computing'));
      if (computing.length === 1 && computing[0].position.line === 12)
        return ((await session.codeLenses(uri)) ?? []).length;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const lensCount = await settled();
  const allValues = performance.now() - opened;
  console.log(
    `language server latency: ${LINES}-line document, ${gameLines.length} games, ${lensCount} code lenses; ` +
      `Officers (0.6) at 10^12 computing throughout`,
  );
  console.log(
    `open → first diagnostics ${firstDiagnostics.toFixed(0)} ms; open → every other game's value ` +
      `${allValues.toFixed(0)} ms`,
  );

  const next = random(11);
  await measure('hover on a game name', 200, () =>
    session.hover(uri, { line: gameLines[Math.floor(next() * gameLines.length)], character: 6 }),
  );
  await measure('hover on a component (heap, token or row)', 200, () =>
    session.hover(uri, { line: gameLines[Math.floor(next() * gameLines.length)], character: 16 }),
  );
  await measure('hover on the game still computing', 100, () => session.hover(uri, { line: 12, character: 6 }));
  await measure('inlay hints, a screen of 60 lines', 200, () => {
    const line = Math.floor(next() * (LINES - 60));
    return session.inlayHints(uri, { start: { line, character: 0 }, end: { line: line + 60, character: 0 } });
  });
  await measure('inlay hints, the whole document', 50, () => session.inlayHints(uri));
  await measure('code lenses, the whole document', 50, () => session.codeLenses(uri));
  const hints = (await session.inlayHints(uri)) ?? [];
  if (hints.some((h) => h.data !== undefined))
    await measure('inlay hint resolve (its tooltip, when the editor shows it)', 200, () =>
      session.resolveInlayHint(hints[Math.floor(next() * hints.length)]),
    );
  // Every lens, as a client that resolves all it gets does (those above rules and graphs come with their commands).
  const lenses = (await session.codeLenses(uri)) ?? [];
  if (lenses.length > 0)
    await measure('code lens resolve (a document of over 1,000 games)', 200, () =>
      session.resolveCodeLens(lenses[Math.floor(next() * lenses.length)]),
    );
  // A keystroke as an editor sends it (one incremental change), then the diagnostics of that
  // version: a character typed at the end of a game's line, the next edit deletes it again.
  const cpuBefore = mainThreadCpuMs(session.pid);
  let typedAt: { line: number; character: number } | undefined;
  const edits = 100;
  await measure(
    'edit → fresh diagnostics (30 ms typing pause included)',
    edits,
    async () => {
      let version: number;
      if (typedAt) {
        version = await session.edit(
          uri,
          { start: typedAt, end: { line: typedAt.line, character: typedAt.character + 1 } },
          '',
        );
        typedAt = undefined;
      } else {
        const line = gameLines[Math.floor(next() * gameLines.length)];
        const end = session.text(uri).split('\n')[line].length;
        typedAt = { line, character: end };
        version = await session.edit(uri, { start: typedAt, end: typedAt }, '@');
      }
      await session.nextDiagnostics(uri, (p) => p.version === version);
    },
    EDIT_P95_MS,
  );
  const cpuPerEdit = (mainThreadCpuMs(session.pid) - cpuBefore) / edits;
  console.log(
    `server main-thread CPU per keystroke (analysis, keys, diagnostics, everything else it did meanwhile): ` +
      `${cpuPerEdit.toFixed(1)} ms on average [target ≤ 10 ms]`,
  );
  // Lenses may come without commands (a document of over 1,000 games): resolve the one we read.
  const lens = (await session.codeLenses(uri))?.find((l) => l.range.start.line === 12);
  const still = (lens && (lens.command ?? (await session.resolveCodeLens(lens)).command)?.title) ?? '';
  console.log(
    `the background computation was still running at the end: ` +
      `${still.includes('$(sync~spin)') ? 'yes' : `no (${still})`}`,
  );
  await session.stop();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
