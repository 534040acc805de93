// A rule's misère quotient as the server computes it: once per rule, in the background, in slices
// each resumed where the last stopped, shared by every game and document; a game past what it
// covers so far says so and is decided when it gets there, however slow the machine (no verdict
// here races a budget: the budgets are tiny on purpose, and the tests wait for the answer).
import * as assert from 'node:assert/strict';
import { ruleKey } from '../../server/src/engine';
import { misereQuotient, quotientImage } from '../../server/src/engine/misere/quotient';
import type { HeapRule } from '../../server/src/engine/types';
import { CANCEL_COMPUTATIONS_COMMAND } from '../../server/src/protocol';
import { LanguageServerSession } from '../helpers/languageServer';

const kayles: HeapRule = { kind: 'octal', digits: [0, 7, 7] };

/** The engine's own answer, with no budget: is the misère sum of these Kayles heaps a P-position? */
function kaylesIsP(...heaps: number[]): boolean {
  const { quotient: q } = misereQuotient(kayles, ruleKey(kayles));
  const product = heaps.reduce((x, n) => q.mul[x * q.size + (quotientImage(q, BigInt(n)) as number)], 0);
  return q.isP[product] === 1;
}

function hoverText(hover: Awaited<ReturnType<LanguageServerSession['hover']>>): string {
  const contents = hover?.contents;
  if (!contents) return '';
  if (typeof contents === 'string') return contents;
  if ('value' in contents) return contents.value;
  return contents.map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
}

/** Hovers the game's name until `accept` holds (a generous deadline: a slow machine gets there later). */
async function hoverUntil(
  session: LanguageServerSession,
  uri: string,
  line: number,
  accept: (text: string) => boolean,
  what: string,
  timeoutMs = 120_000,
): Promise<{ text: string; seen: string[] }> {
  const seen: string[] = [];
  const until = Date.now() + timeoutMs;
  for (;;) {
    const text = hoverText(await session.hover(uri, { line, character: 6 }));
    if (seen[seen.length - 1] !== text) seen.push(text);
    if (accept(text)) return { text, seen };
    if (Date.now() > until) throw new Error(`no hover with ${what} within ${timeoutMs} ms; seen:\n${seen.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The hover says who wins (its header's "whoever moves last loses" is not an answer). */
const decided = (text: string) => /the player to move (wins|loses)/.test(text);

describe('misère quotients grown in the background', function () {
  this.timeout(180_000);

  it('misere kayles 20000, 20 ms a job: says the quotient is computing, then decides as the engine', async () => {
    const { session } = await LanguageServerSession.inProcess({ settings: { computation: { budgetMs: 20 } } });
    try {
      const uri = 'file:///quotient/slow.game';
      await session.open(uri, 'game g = misere kayles 20000\n');
      const computing = await hoverUntil(
        session,
        uri,
        0,
        (t) => /computing the misère quotient of kayles/.test(t),
        'computing',
        60_000,
      );
      assert.match(computing.text, /heap \d+ so far/);
      const status = await session.status.next(
        (s) => s.labels.some((l) => /misère quotient of kayles, for game g/.test(l)),
        'the status',
      );
      assert.ok(status.computing >= 1);
      const { text } = await hoverUntil(session, uri, 0, decided, 'the outcome');
      const expected = kaylesIsP(20000) ? /the player to move loses/ : /the player to move wins/;
      assert.match(text, expected, text);
      const kinds = session.jobsStarted.map((j) => j.kind);
      assert.ok(kinds.filter((k) => k === 'quotientGrowth').length > 1, 'grown in more than one slice');
    } finally {
      await session.stop();
    }
  });

  it('two documents and three games of one rule: one growth of its quotient, none once it is proved', async () => {
    const { session } = await LanguageServerSession.inProcess({ settings: { computation: { budgetMs: 50 } } });
    try {
      const first = 'file:///quotient/first.game';
      const second = 'file:///quotient/second.game';
      await session.open(first, 'game a = misere kayles 20000\ngame b = misere kayles 9000 3\n');
      await session.open(second, 'game c = misere kayles 30001 7 7\n');
      for (const [uri, line, heaps] of [
        [first, 0, [20000]],
        [first, 1, [9000, 3]],
        [second, 0, [30001, 7, 7]],
      ] as const) {
        const { text } = await hoverUntil(session, uri, line, decided, `the outcome of line ${line} of ${uri}`);
        assert.match(text, kaylesIsP(...heaps) ? /the player to move loses/ : /the player to move wins/, text);
      }
      const growths = session.jobsStarted.filter((j) => j.kind === 'quotientGrowth');
      // Every slice grows the one quotient of kayles (its digest names the rule and where it grows to).
      assert.ok(growths.length >= 1);
      const games = session.jobsStarted.filter((j) => j.kind === 'game').length;
      // Each game read the quotient before it was there and once after it: at most twice each.
      assert.ok(games <= 6, `${games} game jobs`);
      // A third document once the quotient is proved: decided by reading it, no growth.
      const third = 'file:///quotient/third.game';
      await session.open(third, 'game d = misere kayles 123456789 4\n');
      const { text } = await hoverUntil(session, third, 0, decided, 'the outcome of d');
      assert.match(text, kaylesIsP(123456789, 4) ? /the player to move loses/ : /the player to move wins/, text);
      assert.equal(session.jobsStarted.filter((j) => j.kind === 'quotientGrowth').length, growths.length);
      assert.equal(session.jobsStarted.filter((j) => j.kind === 'game').length, games + 1);
    } finally {
      await session.stop();
    }
  });

  it("a wild rule's quotient grows until cancelled: the status names it, the game says where it stopped", async () => {
    const { session } = await LanguageServerSession.inProcess({ settings: { computation: { budgetMs: 100 } } });
    try {
      const uri = 'file:///quotient/wild.game';
      await session.open(uri, 'game g = misere dawson-kayles 40 50\n');
      await session.status.next(
        (s) => s.labels.some((l) => /^misère quotient of dawson-kayles, for game g \(heap \d+ so far\)$/.test(l)),
        'the growth in the status',
        60_000,
      );
      await hoverUntil(
        session,
        uri,
        0,
        (t) => /still computing the misère quotient of dawson-kayles/.test(t),
        'computing',
      );
      const stopped = await session.executeCommand(CANCEL_COMPUTATIONS_COMMAND);
      assert.ok((stopped as number) >= 1);
      await session.status.next((s) => s.computing === 0, 'idle', 60_000);
      const { text } = await hoverUntil(session, uri, 0, (t) => !/still/.test(t), 'the end');
      assert.match(text, /the misère quotient of dawson-kayles was cancelled at heap \d+/);
    } finally {
      await session.stop();
    }
  });
});
