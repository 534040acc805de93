// Remoteness beside every value, counted in positions (issue 39): an in-process server's hovers.
// `kayles 6 7 7` (701 positions) and `nim 10 20 30` (3,311) get their remoteness, as the product
// graph has it; games whose search would be huge answer their value promptly, the remoteness not
// found with a reason that counts what it says (positions met, or moves generated); and an edit
// elsewhere in the document computes nothing again (the jobs the pool was given, by digest).
import * as assert from 'node:assert/strict';
import type { Hover } from 'vscode-languageserver-protocol';
import type { GameInput } from '../../server/src/engine/gameTypes';
import type { HeapRule } from '../../server/src/engine/types';
import { bruteRemoteness, ProductGame, stateOf } from '../engine/oracles/gameOracle';
import { LanguageServerSession } from '../helpers/languageServer';
import { report } from './guards';

/**
 * The CPU time (this process's, its worker threads included) the four games' values with their
 * searches should take, as measured here: the engine alone spends about 0.8 s (the two huge ones
 * reach the search's limits, 0.3 to 0.4 s each), the workers compiling and collecting about as much
 * again. CPU, not the time on the clock: what a loaded machine changes is the wait, not the work. A
 * search of nim 10000 9999 without its limit of moves would take minutes, or all the memory.
 */
const VALUE_TARGET_MS = 2000;
/** Ten times the target: a busy machine never fails it, a search without its limits would. */
const VALUE_BOUND_MS = 10 * VALUE_TARGET_MS;
const cpuMs = (since?: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const uri = 'file:///resource/remoteness.game';
const games = [
  ['k', 'kayles 6 7 7'],
  ['n', 'nim 10 20 30'],
  ['big', 'kayles 30 31 32 33'],
  ['wide', 'nim 10000 9999'],
] as const;
const documentText = (before = '') => `${before}${games.map(([name, game]) => `game ${name} = ${game}\n`).join('')}`;

const hoverText = (hover: Hover | null) => (hover?.contents as { value?: string } | undefined)?.value ?? '';

/** The remoteness from its definition over the explicit graph of the sum (the winner hurries, the loser stalls). */
function oracleRemoteness(input: GameInput): number {
  return bruteRemoteness(new ProductGame(input), input.play, input.components.map(stateOf)).moves;
}

const heaps = (rule: HeapRule, ...sizes: number[]): GameInput => ({
  play: 'normal',
  components: [{ kind: 'heaps', rule, heaps: sizes.map(BigInt) }],
});

/** The hover's line when the game's heaps prove it past the search's positions. */
const LIMIT_MET = 'Remoteness not found: beyond the remoteness search limit \\(20,000 positions\\):';

describe('resource: remoteness beside every value, counted in positions', () => {
  let session: LanguageServerSession;
  before(async () => {
    ({ session } = await LanguageServerSession.inProcess());
  });
  after(async () => {
    await session.stop();
  });

  /** The hover of the game on `line` once its value is there, and how long after `since` it came. */
  async function valueHover(
    line: number,
    name: string,
    since: number,
    at = uri,
  ): Promise<{ text: string; ms: number }> {
    const position = { line, character: 'game '.length + Math.floor(name.length / 2) };
    for (;;) {
      const text = hoverText(await session.hover(at, position));
      const ms = performance.now() - since;
      // A remoteness pending is searched when a hover asks (the first says so): hover again.
      if (!/still computing|Remoteness: searching/.test(text)) return { text, ms };
      if (ms > 60_000) return { text, ms };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('small games get their remoteness; huge ones their value promptly, with the limit they met', async () => {
    // The workers started and warm first: what is timed is the games' computations.
    await session.open('file:///resource/warm.game', 'game w = nim 1 2\n');
    await valueHover(0, 'w', performance.now(), 'file:///resource/warm.game');
    const opened = performance.now();
    const cpu = process.cpuUsage();
    await session.open(uri, documentText());
    const hovers = new Map<string, { text: string; ms: number }>();
    for (const [line, [name]] of games.entries()) hovers.set(name, await valueHover(line, name, opened));

    const kayles: HeapRule = { kind: 'octal', digits: [0, 7, 7] };
    const nim: HeapRule = { kind: 'subtractAllExcept', except: [] };
    const expected = { k: oracleRemoteness(heaps(kayles, 6, 7, 7)), n: oracleRemoteness(heaps(nim, 10, 20, 30)) };
    assert.match(hovers.get('k')!.text, new RegExp(`in ${expected.k} moves \\(remoteness ${expected.k}\\)\\.`));
    assert.match(hovers.get('n')!.text, new RegExp(`in ${expected.n} moves, .*\\(remoteness ${expected.n}\\)\\.`));
    assert.match(hovers.get('big')!.text, /nimber \*\*`\*12`\*\*/);
    assert.match(hovers.get('big')!.text, new RegExp(`${LIMIT_MET} the game has at least 58,275\\.`));
    assert.match(hovers.get('wide')!.text, /nimber \*\*`\*31`\*\*/);
    assert.match(hovers.get('wide')!.text, new RegExp(`${LIMIT_MET} the game has at least 50,004,999\\.`));
    for (const [name, { text }] of hovers) assert.doesNotMatch(text, /not searched beside the value/, name);
    const used = cpuMs(cpu);
    report(
      'the four values with their searches, from the open',
      `${used.toFixed(0)} ms of CPU; on the clock ` +
        [...hovers].map(([name, h]) => `${name} ${h.ms.toFixed(0)} ms`).join(', '),
      `${VALUE_BOUND_MS} ms of CPU`,
    );
    assert.ok(used < VALUE_BOUND_MS, `the values took ${used.toFixed(0)} ms of CPU`);
  });

  it('an edit elsewhere computes no game again: each job is started once, by what it depends on', async () => {
    const before = session.jobsStarted.length;
    assert.ok(before >= games.length + 1, `${before} jobs for ${games.length + 1} games`);
    // A comment line above them: every game moves one line down, none changes.
    await session.edit(uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, '# moved\n');
    const edited = performance.now();
    for (const [line, [name]] of games.entries()) {
      const { text } = await valueHover(line + 1, name, edited);
      assert.match(text, /nimber/, name);
    }
    const counts = new Map<string, number>();
    for (const job of session.jobsStarted) counts.set(job.digest, (counts.get(job.digest) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1);
    report('jobs started', `${before} before the edit, ${session.jobsStarted.length} after`, 'none twice');
    assert.deepEqual(twice, [], 'no job is started twice');
    assert.equal(session.jobsStarted.length, before, 'the edit started no job');
  });
});
