// `npm run bench -- memory`: the editor's computations under their memory budget (the setting
// grundy.computation.memoryMb, default 768 MiB for all workers together). The bundled server, with
// default settings, opens documents whose rules cannot be proved periodic before heaps of 10^18:
// their sequences grow until they reach their worker's share. Target (issue 23): the server's
// peak resident memory (VmHWM, workers included) under 1 GiB, each such game saying "stopped at
// the memory limit". Before the budget, the first document took the server to 2.8 GB.
import { readFileSync } from 'node:fs';
import { LanguageServerSession } from '../helpers/languageServer';

const CEILING_MB = 1024;

function peakMemoryMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

const documents: [string, string, number][] = [
  [
    'members near 10^18 (subtract and subtract all except)',
    [
      'rule a = subtract {1, 999999999999999998, 999999999999999999, 1000000000000000000, 1000000000000000001}',
      'rule b = subtract all except {999999999999999999, 1000000000000000000}',
      'game x = a 10000000000000000000 999999999999999999',
      'game y = b 10000000000000000000 5',
      'game z = a 12 + b 7',
    ].join('\n'),
    2,
  ],
  [
    'four such rules at once (more sequences than workers)',
    Array.from(
      { length: 4 },
      (_, i) =>
        `rule r${i} = subtract {${i + 1}, ${999999999999999990n + BigInt(i)}}\ngame g${i} = r${i} 10000000000000000000`,
    ).join('\n'),
    4,
  ],
];

async function main(): Promise<void> {
  for (const [title, text, games] of documents) {
    const { session } = await LanguageServerSession.start();
    try {
      const started = performance.now();
      await session.open('file:///memory.game', text);
      const limited = (message: unknown) => /stopped at the memory limit/.test(String(message));
      const { diagnostics } = await session.nextDiagnostics(
        'file:///memory.game',
        (p) => p.diagnostics.filter((d) => limited(d.message)).length >= games,
        120_000,
      );
      const seconds = (performance.now() - started) / 1000;
      const peak = peakMemoryMb(session.pid);
      const said = diagnostics.filter((d) => limited(d.message)).length;
      console.log(
        `${title}: ${said} games stopped at the memory limit after ${seconds.toFixed(1)} s; server peak ` +
          `${peak.toFixed(0)} MiB [target < ${CEILING_MB} MiB: ${peak < CEILING_MB ? 'met' : 'NOT MET'}]`,
      );
      if (peak >= CEILING_MB) process.exitCode = 1;
    } finally {
      await session.stop();
    }
  }
}

void main();
