// Hostile input, generated: each case opens a pathological document in a fresh server and then
// checks three things besides its own: the server answers the next request (a hover on a small
// probe document, correctly), its memory stayed under a ceiling, and its text model is intact
// (what it says about the document matches the text we sent). Sizes are scaled down from the
// benchmark's (test/server/scale.bench.ts measures time at full size); nothing here is timed
// beyond mocha's timeout.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { PublishDiagnosticsParams } from 'vscode-languageserver';

type Diagnostic = PublishDiagnosticsParams['diagnostics'][number];

import { MAX_DIAGNOSTICS } from '../../server/src/language/diagnostics';
import { NumberAtRequest } from '../../server/src/protocol';
import { random } from '../engine/oracles/random';
import { LanguageServerSession } from '../helpers/languageServer';

/** The server's resident memory may not pass this, workers included (VmHWM: the peak). */
const MEMORY_CEILING_MB = 700;
const PROBE = 'file:///hostile/probe.game';
const HOSTILE = 'file:///hostile/hostile.game';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function peakMemoryMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

function hoverText(hover: { contents: unknown } | null): string {
  const contents = hover?.contents as { value?: string } | undefined;
  return contents?.value ?? '';
}

/** Polls a hover until it no longer says "computing" (however long it takes: the suite's timeout is the limit). */
async function settledHover(
  session: LanguageServerSession,
  uri: string,
  position: { line: number; character: number },
): Promise<string> {
  for (;;) {
    const text = hoverText(await session.hover(uri, position));
    if (!/still computing/.test(text)) return text;
    await sleep(50);
  }
}

/** Polls whole-document inlay hints until none says "computing" (the suite's timeout is the limit). */
async function settledHints(session: LanguageServerSession, uri: string): Promise<{ label: string; line: number }[]> {
  for (;;) {
    const hints = ((await session.inlayHints(uri)) ?? []).map((h) => ({
      label: String(h.label),
      line: h.position.line,
    }));
    if (!hints.some((h) => h.label.includes('computing'))) return hints;
    await sleep(100);
  }
}

/** A digit string of the given length that starts with 7 (so it is that long as a number). */
const digits = (length: number) => `7${'1234567890'.repeat(Math.ceil(length / 10)).slice(0, length - 1)}`;

/** The same 20,000 random letters each time. */
function longName(): string {
  const next = random(5);
  return Array.from({ length: 20_000 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(next() * 26)]).join('');
}

interface HostileCase {
  readonly name: string;
  readonly text: () => string;
  /** What this document must give; runs after its first diagnostics arrived (passed in). */
  readonly check: (session: LanguageServerSession, text: string, diagnostics: Diagnostic[]) => Promise<void>;
  /** Its own ceiling on the server's peak memory (MB), instead of MEMORY_CEILING_MB. */
  readonly ceilingMb?: number;
}

const cases: HostileCase[] = [
  {
    // Members near 10^18: a period cannot be proved before heaps of 10^18, so the values grow
    // until their memory runs out. Each of the two workers holds one such sequence; with the
    // default setting (768 MiB for the computations) the server stays under 1 GiB.
    name:
      'rules with members near 10^18: each computation stops at the limit of values of its rule and says so; the ' +
      'server stays under 1 GiB',
    ceilingMb: 1024,
    text: () =>
      [
        'rule a = subtract {1, 999999999999999998, 999999999999999999, 1000000000000000000, 1000000000000000001}',
        'rule b = subtract all except {999999999999999999, 1000000000000000000}',
        'game x = a 10000000000000000000 999999999999999999',
        'game y = b 10000000000000000000 5',
        'game z = a 12 + b 7',
        '',
      ].join('\n'),
    check: async (session) => {
      const limited = (d: Diagnostic) => /stopped because it reached its limit of values$/.test(String(d.message));
      const { diagnostics } = await session.nextDiagnostics(
        HOSTILE,
        (p) => p.diagnostics.filter(limited).length >= 2,
        60_000,
      );
      assert.deepEqual(
        diagnostics.filter(limited).map((d) => d.range.start.line),
        [2, 3],
        diagnostics.map((d) => d.message).join('\n'),
      );
      assert.match(await settledHover(session, HOSTILE, { line: 2, character: 6 }), /reached its limit of values/);
      // Small heaps of the same rules are known: a 12 (only 1 can be taken: 12 mod 2 = 0), b 7.
      assert.match(await settledHover(session, HOSTILE, { line: 4, character: 6 }), /the player to move (wins|loses)/);
    },
  },
  {
    name: 'huge numbers: abbreviated in hovers, hints and lenses; small answers; the whole value one request away',
    text: () => `rule onetwo = subtract {1, 2}\ngame big = nim ${digits(100_000)} 5 + onetwo ${digits(100_000)}\n`,
    check: async (session) => {
      const d = BigInt(digits(100_000));
      const expected = d ^ 5n ^ (d % 3n); // Nim: the XOR of the heaps; subtract {1, 2}: n mod 3
      const gameHover = await settledHover(session, HOSTILE, { line: 1, character: 6 });
      assert.ok(gameHover.length < 10_000, `the game hover is ${gameHover.length} characters`);
      assert.match(gameHover, /\(100,000 digits\)/);
      assert.match(gameHover, /Copy Nimber at Cursor/);
      const heapHover = hoverText(await session.hover(HOSTILE, { line: 1, character: 20 }));
      assert.match(heapHover, /heap of 71234567890123456789…\d{20} \(100,000 digits\)/);
      const lenses = (await session.settledCodeLenses(HOSTILE)) ?? [];
      assert.ok(JSON.stringify(lenses).length < 10_000, `the lenses are ${JSON.stringify(lenses).length} characters`);
      const hints = await session.inlayHints(HOSTILE);
      assert.ok(JSON.stringify(hints).length < 10_000, `the hints are ${JSON.stringify(hints).length} characters`);
      const whole = (await session.connection.sendRequest(NumberAtRequest, {
        textDocument: { uri: HOSTILE },
        position: { line: 1, character: 6 },
      })) as {
        text: string;
        digits: number;
      };
      assert.equal(whole.text, expected.toString(), 'the whole nimber, against XOR computed here');
      assert.equal(whole.digits, expected.toString().length);
      // Playing the winning move writes the whole number into the text.
      const play = lenses.find((lens) => lens.command?.title.startsWith('▶'));
      assert.ok(play?.command, 'a winning-move lens');
      const answer = (await session.executeCommand(play.command.command, play.command.arguments)) as {
        applied: boolean;
        after: string;
      };
      assert.equal(answer.applied, true);
      assert.ok(answer.after.length < 1000, 'the answer abbreviates the game after the move');
      assert.ok(
        !session.text(HOSTILE).includes('…') && session.text(HOSTILE).length > 100_000,
        'whole numbers in the text after the move',
      );
      assert.match(await settledHover(session, HOSTILE, { line: 1, character: 6 }), /the player to move loses/);
    },
  },
  {
    name: 'a rule name of 20,000 characters, misspelt: its diagnostic, without a suggestion search over it',
    text: () => `rule ${longName()} = subtract {1, 2}\ngame g = ${longName().slice(1)} 3\n`,
    check: async (_session, _text, diagnostics) => {
      const unknown = diagnostics.filter((d) => d.code === 'unknown-name');
      assert.equal(unknown.length, 1);
      assert.deepEqual(unknown[0].range, { start: { line: 1, character: 9 }, end: { line: 1, character: 9 + 19_999 } });
      assert.doesNotMatch(
        String(unknown[0].message),
        /did you mean/,
        'names this long get no suggestion (comparing two costs 400 million steps)',
      );
    },
  },
  {
    name: '300 games with 900 unknown names: every one gets its diagnostic',
    text: () =>
      `${[
        'rule onetwo = subtract {1, 2}',
        ...Array.from({ length: 300 }, (_, i) => `game u${i} = ontwo${i} 3 + nmi${i} 4 + kayls${i} 5`),
      ].join('\n')}\n`,
    check: async (_session, _text, diagnostics) => {
      const unknown = diagnostics.filter((d) => d.code === 'unknown-name');
      assert.equal(unknown.length, 900);
      for (let i = 0; i < 300; i++)
        assert.ok(
          unknown.some((d) => d.range.start.line === i + 1 && String(d.message).includes(`\`nmi${i}\``)),
          `line ${i + 1}`,
        );
    },
  },
  {
    name: '2,000 games: every one gets its value, right; lenses are sent small and resolved when shown',
    text: () => `${Array.from({ length: 2000 }, (_, i) => `game g${i} = nim ${i} ${(i * 7919) % 1000}`).join('\n')}\n`,
    check: async (session) => {
      const hints = await settledHints(session, HOSTILE);
      assert.equal(hints.length, 2000);
      for (const hint of hints) {
        const i = hint.line;
        const nimber = i ^ ((i * 7919) % 1000);
        assert.equal(hint.label, nimber === 0 ? '= 0 · lose' : `= *${nimber} · win`, `game g${i}`);
      }
      // Over RESOLVE_LENSES_ABOVE games: two lenses per game (one winning move, or "every move
      // loses"; then "play against the computer"), each without its command until resolved.
      const lenses = (await session.codeLenses(HOSTILE)) ?? [];
      assert.equal(lenses.length, 4000);
      assert.ok(lenses.every((lens) => lens.command === undefined && lens.data !== undefined));
      assert.ok(JSON.stringify(lenses).length < 4000 * 200, 'small lenses: a range and where to find the game again');
      for (const i of [0, 7, 1000, 1999]) {
        const lens = await session.resolveCodeLens(lenses[2 * i]);
        assert.match(
          (await session.resolveCodeLens(lenses[2 * i + 1])).command?.title ?? '',
          /play against the computer/,
        );
        const [a, b] = [i, (i * 7919) % 1000];
        // Nim on two heaps: the winning move makes them equal, from the larger.
        const expected =
          a === b
            ? 'every move loses (nim-sum 0): the player to move loses'
            : `▶ nim ${Math.max(a, b)} → ${Math.min(a, b)}`;
        assert.equal(lens.command?.title, expected, `game g${i}`);
      }
      const play = await session.resolveCodeLens(lenses[14]);
      const answer = (await session.executeCommand(play.command!.command, play.command!.arguments)) as {
        applied: boolean;
      };
      assert.equal(answer.applied, true);
      assert.equal(session.text(HOSTILE).split('\n')[7], 'game g7 = nim 7 7');
      // A lens of the version before the move is refused politely.
      assert.match((await session.resolveCodeLens(lenses[8])).command?.title ?? '', /the document has changed/);
    },
  },
  {
    name:
      'junk: a 200 KB line of letters and stray characters, then 5,000 broken lines: diagnostics capped, the ' +
      'cap said in a last one',
    text: () => {
      const next = random(13);
      const line = Array.from(
        { length: 100_000 },
        () => 'abc'[Math.floor(next() * 3)] + '@$^~'[Math.floor(next() * 4)],
      ).join('');
      return `${line}\n${'game = \n'.repeat(5000)}game after = nim 3\n`;
    },
    check: async (session, _text, diagnostics) => {
      assert.equal(diagnostics.length, MAX_DIAGNOSTICS + 1, 'the cap, and one that says how many more');
      assert.match(String(diagnostics.at(-1)!.message), /and [\d,]+ more/);
      // The game after the junk is still read and computed.
      assert.match(await settledHover(session, HOSTILE, { line: 5001, character: 6 }), /nimber \*\*`\*3`\*\*/);
    },
  },
  {
    name: 'a sum of 2,000 components: the XOR of all of them',
    text: () => `game deep = ${Array.from({ length: 2000 }, (_, i) => `nim ${i * 3 + 1}`).join(' + ')}\n`,
    check: async (session) => {
      let xor = 0;
      for (let i = 0; i < 2000; i++) xor ^= i * 3 + 1;
      const hints = await settledHints(session, HOSTILE);
      assert.equal(hints.at(-1)?.label, xor === 0 ? '⊕ = 0 · lose' : `⊕ = *${xor} · win`);
      assert.equal(hints.length, 2001, 'one hint per component and one for the game');
    },
  },
  {
    name: 'mixed line ends (\\n, \\r\\n, \\r) and an incremental edit: positions stay right',
    text: () => {
      const next = random(29);
      return Array.from(
        { length: 3000 },
        (_, i) =>
          (i === 1500 ? `game bad = nosuch ${i}` : `game m${i} = nim ${i}`) +
          ['\n', '\r\n', '\r'][Math.floor(next() * 3)],
      ).join('');
    },
    check: async (session, _text, diagnostics) => {
      const unknown = diagnostics.filter((d) => d.code === 'unknown-name');
      assert.equal(unknown.length, 1);
      assert.deepEqual(unknown[0].range.start, { line: 1500, character: 11 });
      // An incremental edit in the middle: line 2000's heap becomes 7.
      const version = session.version(HOSTILE) + 1;
      await session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: HOSTILE, version },
        contentChanges: [
          { range: { start: { line: 2000, character: 17 }, end: { line: 2000, character: 21 } }, text: '7' },
        ],
      });
      assert.match(
        await settledHover(session, HOSTILE, { line: 2000, character: 6 }),
        /game `m2000`[\s\S]*nimber \*\*`\*7`\*\*/,
      );
      assert.match(
        await settledHover(session, HOSTILE, { line: 2999, character: 6 }),
        /game `m2999`[\s\S]*nimber \*\*`\*2999`\*\*/,
      );
      const after = await session.nextDiagnostics(HOSTILE, (p) => p.version === version);
      assert.deepEqual(
        after.diagnostics.filter((d) => d.code === 'unknown-name').map((d) => d.range.start),
        [{ line: 1500, character: 11 }],
      );
    },
  },
  {
    name: 'requests out of order: about documents never opened, changes before opens, double closes',
    text: () => 'game g = nim 3 4\n',
    check: async (session) => {
      const ghost = 'file:///hostile/never-opened.game';
      assert.equal(await session.hover(ghost, { line: 0, character: 6 }), null);
      assert.deepEqual((await session.inlayHints(ghost)) ?? [], []);
      assert.deepEqual((await session.codeLenses(ghost)) ?? [], []);
      await session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: ghost, version: 2 },
        contentChanges: [{ text: 'game x = nim 1\n' }],
      });
      await session.connection.sendNotification('textDocument/didClose', { textDocument: { uri: ghost } });
      await session.connection.sendNotification('$/cancelRequest', { id: 987654 });
      await session.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: HOSTILE, languageId: 'game', version: 99, text: 'game h = nim 5\n' },
      });
      // A second open of an open document is the client's mistake; the server goes on either way.
      const text = hoverText(await session.hover(HOSTILE, { line: 0, character: 6 }));
      assert.match(text, /game `(g|h)`/);
    },
  },
];

describe('hostile input: bounded, answering, intact', function () {
  this.timeout(120_000);

  for (const c of cases) {
    it(c.name, async () => {
      const { session } = await LanguageServerSession.start({ settings: { computation: { budgetMs: 20_000 } } });
      try {
        await session.open(PROBE, 'rule onetwo = subtract {1, 2}\ngame probe = onetwo 4 + nim 6\n');
        await session.nextDiagnostics(PROBE);
        const text = c.text();
        await session.open(HOSTILE, text);
        const { diagnostics } = await session.nextDiagnostics(HOSTILE, () => true, 60_000);
        await c.check(session, text, diagnostics);
        // The next request is answered, and right.
        assert.match(await settledHover(session, PROBE, { line: 1, character: 6 }), /nimber \*\*`\*7`\*\*/);
        const peak = peakMemoryMb(session.pid);
        assert.ok(peak < (c.ceilingMb ?? MEMORY_CEILING_MB), `peak memory ${peak.toFixed(0)} MB`);
      } finally {
        await session.stop();
      }
    });
  }
});
