// The main thread does bounded work per request (issue 39, item 2): a hover, a lens, a hint, a
// completion or an explanation on any text answers within MAIN_THREAD_BOUND_MS, the values still
// arrive from the workers, closing a document stops its work, and the server's memory stays
// bounded. Each document puts a huge number where a number may stand: a heap of a million digits
// under nim, kayles and a subtraction set, a 1 MB line of heaps, a huge member of a subtraction
// set, an octal code of huge length, Wythoff, staircase and leftmost positions, a long row, a
// graph vertex of a huge name, a cycle of 10^5 vertices and a chain of 10^5 self-loops (graphs with cycles,
// language version 4), a heap of a million digits under a rule of one's own and such a rule nested 10^5
// deep, and a rule that never ends (its first values in a completion's detail held the main thread for ever,
// until they were given a work limit). Before the fix a hover on a million-digit nim heap took 5.7 s (its
// options listed as million-digit bigints) and the server reached 4.1 GB.
import * as assert from 'node:assert/strict';
import type { CodeLens, Position } from 'vscode-languageserver-protocol';
import { digitsText } from '../../server/src/language/numberText';
import { EXPLAIN_GAME_MARKDOWN_COMMAND, NumberAtRequest } from '../../server/src/protocol';
import { LanguageServerSession } from '../helpers/languageServer';
import { MAIN_THREAD_BOUND_MS, markdown, positionOf, report, timed, until } from './guards';

/** Digits of a number that starts with 9, ends with 3 and has `length` digits (its ends tell an abbreviation's). */
function digits(length: number, middle = '7'): string {
  return `9${middle.repeat(length - 2)}3`;
}

const MILLION = digits(1_000_000);
const HUNDRED_THOUSAND = digits(100_000);
/** A 1 MB line: 100 heaps of 10,000 digits. */
const LINE_HEAPS = Array.from({ length: 100 }, (_, i) => `${(i % 9) + 1}${'3'.repeat(9_998)}${i % 10}`);

/** A cycle through 10^5 vertices, one edge a line. */
const RING = Array.from({ length: 100_000 }, (_, v) => `  v${v} -> v${(v + 1) % 100_000}`);
/** 10^5 vertices, each with a self-loop and an edge to the next. */
const PASSES = Array.from({ length: 100_000 }, (_, v) => `  p${v} -> p${v}${v + 1 < 100_000 ? `, p${v + 1}` : ''}`);

interface Case {
  readonly what: string;
  readonly text: string;
  /** Where the huge number is (a position on it is hovered and completed at). */
  readonly number: string;
  /** What the game's hover must say once its value is in. */
  readonly value?: string;
  /** What the hover on the number must say. */
  readonly onNumber?: readonly string[];
}

const cases: Case[] = [
  {
    what: 'a nim heap of 10^6 digits',
    text: `game g = nim ${MILLION}`,
    number: MILLION,
    value: `nimber **\`*${digitsText(MILLION)}\`**`,
    onNumber: [`nimber **\`*${digitsText(MILLION)}\`**`, 'Working not shown: the heap has 1,000,000 digits'],
  },
  {
    what: 'a nim heap of 10^5 digits',
    text: `game g = nim ${HUNDRED_THOUSAND}`,
    number: HUNDRED_THOUSAND,
    value: `nimber **\`*${digitsText(HUNDRED_THOUSAND)}\`**`,
    onNumber: ['Working not shown: the heap has 100,000 digits'],
  },
  {
    what: 'a kayles heap of 10^6 digits',
    text: `game g = kayles ${MILLION}`,
    number: MILLION,
    onNumber: ['nimber **', 'Working not shown: the heap has 1,000,000 digits'],
  },
  {
    what: 'a heap of 10^6 digits under a subtraction set',
    text: `rule s = subtract {1, 3, 4}\ngame g = s ${MILLION}`,
    number: MILLION,
    onNumber: ['nimber **', 'Working not shown: the heap has 1,000,000 digits'],
  },
  {
    what: 'a 1 MB line of heaps',
    text: `game g = nim ${LINE_HEAPS.join(' ')}`,
    number: LINE_HEAPS[50],
    value: `nimber **\`*${digitsText(LINE_HEAPS.reduce((x, h) => x ^ BigInt(h), 0n).toString())}\`**`,
    onNumber: [`nimber **\`*${digitsText(LINE_HEAPS[50])}\`**`, 'the heap has 10,000 digits'],
  },
  {
    what: "a heap of 10^6 digits under a rule of one's own",
    text: `rule half = moves n -> n - k for k in 1..n / 2\ngame g = half ${MILLION}`,
    number: MILLION,
    value: "no theorem proves a period of a rule of one's own",
    onNumber: ['nimber not known', 'holds the values of heaps up to'],
  },
  {
    what: "a rule of one's own nested 10^5 deep",
    text: `rule deep = moves n -> ${'('.repeat(100_000)}n${')'.repeat(100_000)} - 1\ngame g = nim 3 + deep 4`,
    number: 'nim 3',
    onNumber: ['not computed, because the game has errors'],
  },
  {
    // Each option is tried 10^15 times over: the rule never ends; it stops at its limit of 2^30 steps (5 s here).
    what: "a rule of one's own that never ends",
    text: 'rule slow = moves n -> n - 1 for k in 1..1000000000000000 if k == 1\ngame g = slow 3 + nim 2',
    number: 'nim 2',
    value: 'the nimber of heap 3 is unknown: no value computed because its work limit was reached',
  },
  {
    what: 'a member of 10^5 digits in a subtraction set',
    text: `rule s = subtract {1, ${HUNDRED_THOUSAND}}\ngame g = s 10`,
    number: HUNDRED_THOUSAND,
    value: 'nimber **`0`**',
  },
  {
    what: 'an octal code of 10^5 digits',
    text: `rule o = octal 0.${'7'.repeat(100_000)}\ngame g = o 20`,
    number: '7'.repeat(100_000),
  },
  {
    what: 'a Wythoff position of 10^5 digits',
    text: `game g = wythoff (${HUNDRED_THOUSAND}, 5)`,
    number: HUNDRED_THOUSAND,
  },
  {
    what: 'a staircase step of 10^5 digits',
    text: `game g = staircase [${HUNDRED_THOUSAND}, 1]`,
    number: HUNDRED_THOUSAND,
    value: `nimber **\`*${digitsText((BigInt(HUNDRED_THOUSAND) ^ 0n).toString())}\`**`,
  },
  {
    what: 'a leftmost row of 10^5 digits',
    text: `game g = leftmost [${HUNDRED_THOUSAND}, 2]`,
    number: HUNDRED_THOUSAND,
  },
  {
    what: 'a kayles row of 10^6 cells',
    text: `game g = kayles "${'.'.repeat(1_000_000)}"`,
    number: '.'.repeat(1_000_000),
  },
  {
    what: 'a graph vertex named with 10^5 characters',
    text: `graph h {\n  v${'x'.repeat(100_000)} -> b\n}\ngame g = h at v${'x'.repeat(100_000)}`,
    number: `v${'x'.repeat(100_000)}`,
    value: 'nimber **`*1`**',
  },
  {
    // Language version 4: cycles are values, not errors. A ring with no way out: every vertex ∞(), a draw.
    what: 'a token on a cycle of 10^5 vertices',
    text: `graph ring {\n${RING.join('\n')}\n}\ngame g = ring at v50000 + nim 3`,
    number: 'v50000',
    value: "value **∞()** (Smith's): **a draw",
    onNumber: ["value **∞()** (Smith's: the graph has cycles)", 'a draw (no option has value 0)'],
  },
  {
    // Each vertex may pass (a self-loop) or step on; the last only passes: every vertex ∞(), a draw.
    what: 'a chain of 10^5 self-loops',
    text: `graph passes {\n${PASSES.join('\n')}\n}\ngame g = passes at p0, p1`,
    number: 'p1',
    value: "value **∞()** (Smith's)",
  },
];

describe('resource: the main thread does bounded work per request', function () {
  this.timeout(120_000);
  let session: LanguageServerSession;
  let slowest = 0;
  before(async () => {
    ({ session } = await LanguageServerSession.inProcess());
  });
  after(async () => {
    await session.stop();
    report('slowest request of all', `${slowest.toFixed(0)} ms`, `${MAIN_THREAD_BOUND_MS} ms`);
    const peakMb = process.resourceUsage().maxRSS / 1024;
    report('peak memory of the process (server, workers and test)', `${peakMb.toFixed(0)} MiB`, '1,536 MiB');
    assert.ok(peakMb < 1536, `peak memory ${peakMb.toFixed(0)} MiB`);
  });

  cases.forEach((c, i) => {
    if (process.env.ONLY && !c.what.includes(process.env.ONLY)) return;
    it(`${c.what}: every request within the bound, the value arrives, closing it stops its work`, async () => {
      const uri = `file:///resource/mainThread${i}.game`;
      const opened = await timed(async () => {
        await session.open(uri, c.text);
        return session.hover(uri, { line: 0, character: 0 });
      });
      report(`${c.what}: open and a first request (the analysis)`, `${opened.ms.toFixed(0)} ms`, 'none');
      const name = positionOf(c.text, 'game g') as Position;
      const onName = { line: name.line, character: name.character + 3 };
      const onNumber = positionOf(c.text, c.number);
      // The value, from the workers (the hover says "still computing" until then).
      let gameHover = '';
      await until(async () => {
        gameHover = markdown(await session.hover(uri, onName));
        return !gameHover.includes('computing');
      }, `${c.what}: the game's value`);
      if (c.value) assert.ok(gameHover.includes(c.value), `${c.value} not in\n${gameHover.slice(0, 2000)}`);
      // A token's vertex is hovered with its graph's values, a computation of their own.
      await until(
        async () => !markdown(await session.hover(uri, onNumber)).includes('computing'),
        `${c.what}: the value at the number`,
      );
      const requests: [string, () => Promise<unknown>][] = [
        ['hover on the number', () => session.hover(uri, onNumber)],
        ['hover on the game', () => session.hover(uri, onName)],
        ['inlay hints', () => session.inlayHints(uri)],
        ['code lenses', () => session.codeLenses(uri)],
        [
          'completion on the number',
          () => session.request('textDocument/completion', { textDocument: { uri }, position: onNumber }),
        ],
        ['explanation', () => session.executeCommand(EXPLAIN_GAME_MARKDOWN_COMMAND, [{ uri, game: 'g' }])],
      ];
      for (const [what, request] of requests) {
        const { value, ms } = await timed(request);
        slowest = Math.max(slowest, ms);
        report(`${c.what}: ${what}`, `${ms.toFixed(0)} ms`, `${MAIN_THREAD_BOUND_MS} ms`);
        assert.ok(ms < MAIN_THREAD_BOUND_MS, `${what} took ${ms.toFixed(0)} ms`);
        if (what === 'hover on the number')
          for (const phrase of c.onNumber ?? [])
            assert.ok(markdown(value).includes(phrase), `${phrase} not in\n${markdown(value).slice(0, 2000)}`);
        if (what === 'code lenses')
          for (const lens of (value as CodeLens[] | null) ?? []) {
            const resolved = lens.command ? lens : await timed(() => session.resolveCodeLens(lens));
            if ('ms' in resolved) assert.ok(resolved.ms < MAIN_THREAD_BOUND_MS, `a lens resolved in ${resolved.ms} ms`);
          }
      }
      await session.close(uri);
      const closed = await timed(() =>
        until(() => session.busyWorkers === 0, `${c.what}: workers idle after didClose`),
      );
      report(`${c.what}: workers idle after didClose`, `${closed.ms.toFixed(0)} ms`, '30,000 ms');
    });
  });

  it('a million-digit nimber is printed whole in a worker: a hover meanwhile answers within the bound', async () => {
    const uri = 'file:///resource/mainThreadNumberAt.game';
    // The nimber is the heap XOR 1, not a heap: its digits are not in the text. The heap ends in 3, so it ends in 2.
    const text = `game g = nim ${MILLION} 1`;
    await session.open(uri, text);
    const onName = { line: 0, character: 6 };
    await until(async () => !markdown(await session.hover(uri, onName)).includes('computing'), 'the value');
    const whole = session.request<{ text?: string; refused?: string }>(NumberAtRequest.method, {
      textDocument: { uri },
      position: onName,
    });
    const meanwhile = await timed(() => session.hover(uri, positionOf(text, MILLION)));
    report('a hover while the nimber is printed', `${meanwhile.ms.toFixed(0)} ms`, `${MAIN_THREAD_BOUND_MS} ms`);
    assert.ok(meanwhile.ms < MAIN_THREAD_BOUND_MS, `the hover took ${meanwhile.ms.toFixed(0)} ms`);
    const answer = await timed(() => whole);
    report('the whole nimber (10^6 digits), printed in a worker', `${answer.ms.toFixed(0)} ms more`, 'none');
    assert.equal(answer.value.text, `${MILLION.slice(0, -1)}2`, answer.value.refused);
    await session.close(uri);
  });

  it('closing a document stops its running work at once (a computation of seconds)', async () => {
    const uri = 'file:///resource/mainThreadLong.game';
    // Each option tried 10^15 times over: the rule runs to its limit of 2^30 steps of its loops, 5 s here.
    await session.open(uri, 'rule slow = moves n -> n - 1 for k in 1..1000000000000000 if k == 1\ngame g = slow 3');
    await until(() => session.busyWorkers > 0, 'the computation started', 10_000, 10);
    // It does not end by itself: still running a second later.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.ok(session.busyWorkers > 0, 'the computation ended by itself: this test would prove nothing');
    await session.close(uri);
    const closed = await timed(() => until(() => session.busyWorkers === 0, 'workers idle after didClose', 10_000, 10));
    report('a long computation: workers idle after didClose', `${closed.ms.toFixed(0)} ms`, '10,000 ms');
  });
});
