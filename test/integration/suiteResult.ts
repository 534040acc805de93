// How an integration suite talks to test/vscode/host.mjs, in either extension host (test/integration/index.ts in
// the Node host, test/web-integration/index.ts in the web worker host): every line of its output marked, and the
// last one `integration tests: N passed, N failed`, which host.mjs reads for the counts.

/**
 * Marks every line of the suite's output. The web workbench hands the extension host's console
 * to test/vscode/host.mjs mixed with its own log and with format arguments unapplied; the
 * marker tells the suite's lines apart, and formatting here keeps them readable.
 */
const OUTPUT_MARKER = '[integration] ';

/** A console.log of marked lines, its arguments applied by `format` (Node's util.format, or the web suite's own). */
export function markedLog(format: (...args: unknown[]) => string): (...args: unknown[]) => void {
  return (...args) => {
    for (const line of format(...args).split('\n')) console.log(OUTPUT_MARKER + line);
  };
}

/** Runs the suite mocha has loaded and says its result line; throws when a test failed or none ran. */
export async function runAndReport(
  mocha: { run(done: () => void): Mocha.Runner },
  log: (text: string) => void,
): Promise<void> {
  const stats = await new Promise<Mocha.Stats>((resolve) => {
    const runner = mocha.run(() => resolve(runner.stats ?? ({ passes: 0, failures: 1 } as Mocha.Stats)));
  });
  // test/vscode/host.mjs reads this line for the counts; keep its shape.
  log(`integration tests: ${stats.passes} passed, ${stats.failures} failed`);
  if (stats.failures > 0) throw new Error(`${stats.failures} integration test(s) failed`);
  if (stats.passes === 0) throw new Error('no integration test ran');
}
