// Completion by context, one fixture per case (`|` is the cursor), asked of views; over the wire, a
// client without snippets.

import * as assert from 'node:assert/strict';
import type { CompletionItem } from 'vscode-languageserver-protocol';
import { ViewFixtures } from '../helpers/features';
import { CLIENT_CAPABILITIES, cursorAt, LanguageServerSession } from '../helpers/languageServer';

const BUILTINS = [
  'nim',
  'kayles',
  'dawson',
  'dawson-kayles',
  'grundy',
  'lasker',
  'treblecross',
  'wythoff',
  'leftmost',
  'staircase',
  'hackenbush',
  'chomp',
  'cram',
  'node-kayles',
  'arc-kayles',
];
const rules = 'rule onetwo = subtract {1, 2}\ngraph g {\n  top -> mid, low\n  mid -> low\n}\n';

describe('completion', () => {
  // What a feature answers, asked of views; the wire is asked below where it matters.
  const views = new ViewFixtures();

  const cases: [string, string, { includes?: string[]; excludes?: string[]; exactly?: string[] }][] = [
    ['at the start of a line: the declarations', `${rules}|`, { exactly: ['rule', 'graph', 'game'] }],
    ['a keyword being typed at the start of a line', `${rules}ga|`, { exactly: ['rule', 'graph', 'game'] }],
    [
      'after `rule NAME =`: the rule kinds',
      'rule s = |',
      {
        exactly: [
          'subtract {…}',
          'subtract squares',
          'subtract all',
          'subtract all except {…}',
          'octal 0.…',
          'hex 0.…',
          'moves n -> …',
          'words {…}',
        ],
      },
    ],
    [
      "inside a rule of one's own: the position's variables, the clause's loops, the words",
      'rule r = moves (x, y) -> (x - |, y) for k in 1..x \\| (x, y - j) for j in 1..y',
      { exactly: ['x', 'y', 'k', 'for', 'in', 'if', 'and', 'or', 'not', 'min', 'max', 'abs'] },
    ],
    [
      "a rule of one's own, in its second clause: that clause's loop, not the first's",
      'rule r = moves (x, y) -> (x - k, y) for k in 1..x \\| (x, y - |) for j in 1..y',
      { includes: ['x', 'y', 'j'], excludes: ['k'] },
    ],
    ["a rule of one's own, naming its variables: nothing", 'rule r = moves |', { exactly: [] }],
    ['after `subtract`: the sets', 'rule s = subtract |', { includes: ['{…}', 'squares', 'primes', 'powers of …'] }],
    ['a set being typed', 'rule s = subtract squ|', { includes: ['squares', 'multiples of …'] }],
    ['after `|`: the sets', 'rule s = subtract squares \\| |', { includes: ['{…}', 'fibonacci', 'multiples of …'] }],
    ['after `all except`: the sets', 'rule s = subtract all except |', { includes: ['squares', 'cubes'] }],
    ['after `subtract all`: nothing', 'rule s = subtract all |', { exactly: [] }],
    [
      'after `game NAME =`: rules, graphs, built-ins and misere',
      `${rules}game x = |`,
      { exactly: ['misere', 'onetwo', 'g', ...BUILTINS] },
    ],
    ['a name being typed after `=`', `${rules}game x = on|`, { includes: ['onetwo', 'g', 'nim'] }],
    [
      'after `misere`: no second misere',
      `${rules}game x = misere |`,
      { includes: ['onetwo', 'nim'], excludes: ['misere'] },
    ],
    ['after `+`', `${rules}game x = nim 3 + |`, { includes: ['onetwo', 'g', 'kayles'], excludes: ['misere', 'x'] }],
    ['games are not components', `${rules}game y = nim 1\ngame x = nim 3 + |`, { excludes: ['y'] }],
    ['after `GRAPH at`: its vertices', `${rules}game x = g at |`, { exactly: ['top', 'mid', 'low'] }],
    ['after a comma in the vertex list', `${rules}game x = g at top, |`, { exactly: ['top', 'mid', 'low'] }],
    ['a vertex being typed', `${rules}game x = onetwo 3 + g at top, m|`, { exactly: ['top', 'mid', 'low'] }],
    ['in a graph body: the vertices named so far', 'graph g {\n  a -> b\n  b -> |\n}', { exactly: ['a', 'b'] }],
    ['after a heap: nothing (a number is expected)', `${rules}game x = nim 3 |`, { exactly: [] }],
    ['inside a subtraction set: nothing', 'rule s = subtract {1, |', { exactly: [] }],
    ['after an unknown graph’s `at`: nothing', 'game x = nope at |', { exactly: [] }],
    ['in a picture after `{`: the ground', 'game t = hackenbush { |', { exactly: ['ground'] }],
    [
      'in a picture after `-`: the ground and its vertices so far',
      'game t = hackenbush { ground - a, a - b, b - | }',
      { exactly: ['ground', 'a', 'b'] },
    ],
    [
      'in a picture, a vertex being typed on a line of its own',
      'game t = hackenbush {\n  ground - top\n  to| }',
      { exactly: ['ground', 'top'] },
    ],
    ['in a picture after a vertex: nothing (a dash is expected)', 'game t = hackenbush { ground | }', { exactly: [] }],
    // Boards and graph games (issue 43): a graph of Node or Arc Kayles offers its vertices, and no ground.
    ['in a graph of Node Kayles after `-`', 'game k = node-kayles { a - b, b - | }', { exactly: ['a', 'b'] }],
    ['in a graph of Arc Kayles after `{`: nothing yet', 'game k = arc-kayles { |', { exactly: [] }],
    ['in a graph over lines', 'game k = arc-kayles {\n  a - b\n  c\n  | }', { exactly: ['a', 'b', 'c'] }],
    ['in a Cram board: nothing', 'game c = cram ["..", |', { exactly: [] }],
    ['in a Chomp board: nothing', 'game c = chomp [3, |', { exactly: [] }],
    ['after a board, `+`: the components', 'game c = cram [".."] + |', { includes: ['chomp', 'node-kayles'] }],
  ];
  cases.forEach(([title, source, expected]) =>
    it(title, async () => void (await views.expectCompletion(source, expected))),
  );

  it('a rule’s detail says what it is and its first values; a built-in says built-in', async () => {
    // Asked twice: the first asks the rule's values to be computed.
    await views.expectCompletion(`${rules}game x = |`, {});
    // Asked until the values are in (no count of tries: a busy machine computes them later).
    let detail = '';
    while (!detail.includes('…')) {
      const items = await views.expectCompletion(`${rules}game x = |`, {});
      detail = items.find((item) => item.label === 'onetwo')!.detail ?? '';
      if (!detail.includes('…')) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(detail, 'rule: subtract {1, 2}: 0 1 2 0 1 2 0 1 2 0 1 2 …');
    const items = await views.expectCompletion(`${rules}game x = |`, {});
    assert.match(items.find((i) => i.label === 'kayles')!.detail!, /^built-in rule: octal 0\.77/);
    assert.match(items.find((i) => i.label === 'wythoff')!.detail!, /wythoff \(3, 5\)/);
    assert.equal(items.find((i) => i.label === 'g')!.detail, 'graph: 3 vertices');
  });

  it("a rule of one's own: its first values as far as the completion's work limit reaches, said so", async () => {
    // Heap 0 alone loops 10^15 times (the option n - 1 is no move, but each k is tried): the detail
    // must stop at its work limit, not hold the main thread for days.
    const slow = 'rule slow = moves n -> n - 1 for k in 1..1000000000000000 if k == 1\n';
    const half = 'rule half = moves n -> n - k for k in 1..n / 2\n';
    const items = await views.expectCompletion(`${slow}${half}game x = |`, {});
    assert.equal(
      items.find((item) => item.label === 'slow')!.detail,
      'rule: moves n -> n - 1 for k in 1..1000000000000000 if k == 1: ' +
        'first values not computed (more take too long to compute here)',
    );
    assert.equal(
      items.find((item) => item.label === 'half')!.detail,
      'rule: moves n -> n - k for k in 1..n / 2: 0 0 1 0 2 1 3 0 4 2 5 1 …',
    );
  });

  it('snippets with placeholders for a client that takes them', async () => {
    const items = await views.expectCompletion('|', {});
    const graph = items.find((i) => i.label === 'graph')!;
    assert.equal(graph.insertTextFormat, 2);
    assert.equal(graph.insertText, 'graph ${1:name} {\n  ${2:a} -> ${3:b}\n}');
  });

  it('plain text for a client without snippet support', async () => {
    const { session: plain } = await LanguageServerSession.inProcess({
      capabilities: { ...CLIENT_CAPABILITIES, textDocument: { ...CLIENT_CAPABILITIES.textDocument, completion: {} } },
    });
    try {
      const { text, position } = cursorAt('rule s = |');
      const uri = 'file:///plain.game';
      await plain.open(uri, text);
      const items = (await plain.connection.sendRequest<CompletionItem[]>('textDocument/completion', {
        textDocument: { uri },
        position,
      }))!;
      const octal = items.find((i) => i.label === 'octal 0.…')!;
      assert.equal(octal.insertTextFormat, 1);
      assert.equal(octal.insertText, 'octal 0.77');
      assert.ok(
        items.every((i) => !i.insertText!.includes('$')),
        'no placeholders',
      );
    } finally {
      await plain.stop();
    }
  });
});
