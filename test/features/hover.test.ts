// Hovers, one case per line: a document with a `|` cursor marker and phrases the hover must
// contain (in order). The hover is asked of the document's view (test/helpers/features.ts), every
// value computed; over the wire, test/server/protocol.test.ts.
import * as assert from 'node:assert/strict';
import { hover } from '../../server/src/features/hover';
import { atCursor, expectHover } from '../helpers/features';

const seed = 'rule onetwo = subtract {1, 2}\n';
const pebbles = 'graph g {\n  a -> b, c\n  b -> d\n  c -> d, e\n  d -> e\n}\n';

const loops = 'graph loops {\n  a -> a, e\n  b -> c, e\n  c -> b\n  s -> t\n  t -> s\n}\n';
/** p is 1 though it may move to the infinite q: q is answered by q -> r, back to value 1. */
const answered = 'graph h {\n  p -> q, e\n  q -> q, r\n  r -> e\n}\n';

const moves = 'rule half = moves n -> n - k for k in 1..n/2\n';

const cases: [string, string, string[]][] = [
  [
    "a rule of one's own: its values and a period only seen, never proved",
    'rule h|alf = moves n -> n - k for k in 1..n/2\n',
    ['**rule `half`**: moves n -> n - k for k in 1..n / 2', 'G(0), G(1), …: `0 0 1 0 2 1 3 0 4 2', 'No period proved'],
  ],
  [
    "a rule's loop variable: where it is bound and what it takes",
    'rule half = moves n -> n - |k for k in 1..n/2\n',
    ['`k`: bound by `for k in 1..n / 2` in clause 1 (line 1)', 'only that clause sees it'],
  ],
  [
    "a rule's position variable",
    'rule half = moves n -> |n - k for k in 1..n/2\n',
    ['`n`: the heap', 'every clause sees it'],
  ],
  [
    "a heap of a rule of one's own: its nimber, the working (options, values, mex), the winning move as written",
    `${moves}game g = half 1|0`,
    [
      '**heap of 10** under `half`',
      'nimber **`*5`**',
      'Working: options: `9` `*2`, `8` `*4`, `7` `0`',
      'mex = 5',
      '`half 10 → 7`: the heap of 10 becomes 7',
    ],
  ],
  [
    "a tuple rule of one's own: its definition",
    'rule c|orner = moves (x, y) -> (x - k, y) for k in 1..x\n',
    ["a rule of one's own on positions of 2 numbers", '`moves (x, y) -> (x - k, y) for k in 1..x`'],
  ],
  [
    'a graph with cycles, an infinite vertex that wins: its value, options, and the winning move',
    loops.replace('  a -> a, e', '  |a -> a, e'),
    ['value **∞(0)**', 'options: `a` ∞(0), `e` 0', "Smith's value **∞(0)**", 'wins, moving to `e` (value 0)'],
  ],
  [
    'a graph with cycles, a drawn vertex: the draw, and the move that keeps it',
    loops.replace('  s -> t', '  |s -> t'),
    ['value **∞()**', 'options: `t` ∞()', 'a draw (no option has value 0); moving to `t` keeps it'],
  ],
  [
    'a graph with cycles, a finite vertex on a cycle: as a nimber would be',
    loops.replace('  c -> b', '  |c -> b'),
    ['value **0**', 'options: `b` *1', "Smith's value **0**, as a nimber would be"],
  ],
  [
    'a finite vertex with an infinite option: the option and the move that answers it',
    answered.replace('  p -> q', '  |p -> q'),
    ['value ***1**', 'options: `q` ∞(1), `e` 0', 'answered by a move back to value 1 (`q` → `r`)'],
  ],
  [
    'a drawn game on a graph with cycles: its value, the draw, remoteness ∞, the move that keeps it',
    `${loops}game g|4 = loops at a + nim 1`,
    ['value **∞(1)**', 'a draw', 'Remoteness ∞', 'Moves that keep the draw', '`loops a → a`'],
  ],
  [
    'an infinite component: its value, its tokens, the one infinite',
    `${loops}game g4 = loops |at a, b + nim 0`,
    ["value **∞(1)** (Smith's: the graph has cycles)", 'tokens on `a` ∞, `b` `*1` of graph `loops`'],
  ],
  [
    'a won game with an infinite token: the winning move to a follower of the right value',
    `${loops}game g|1 = loops at a`,
    ['value **∞(0)**', 'the player to move wins', 'Winning move', '`loops a → e`'],
  ],
  [
    'a graph with cycles, declared: its values',
    loops.replace('graph loops', 'graph lo|ops'),
    ["values (Smith's: the graph has cycles): `a` ∞(0), `e` 0, `b` *1, `c` 0, `s` ∞(), `t` ∞()"],
  ],
  [
    'an infinite set: the period proved by residue classes',
    'rule p2 = subtract powers of 2\ngame g = p2 |100000000000000000000',
    ['nimber **`*1`**', '≡ 1 (mod 3)', 'residue-class argument', 'Winning moves (34)', 'take 1 from the heap'],
  ],
  [
    'an infinite set without a period: values computed directly, moves from the members',
    'rule sq = subtract squares \\| {2, 3}\ngame g = sq |26 + nim 1',
    ['under `sq` (subtract squares | {2, 3})', 'nimber **`*6`**', 'computed directly', 'take 25 from the heap of 26'],
  ],
  [
    'a huge Lasker heap: the theorem, and its splits counted',
    'game g = lasker |1000000000000000000006 + nim 1',
    ['nimber **`*1000000000000000000006`**', 'plus 4 per period', 'Lasker', 'Winning moves'],
  ],
  [
    'Grundy game: values computed directly, splits into different sizes',
    'game g = grundy |13 + nim 2',
    ['nimber **`*3`**', 'computed directly', 'split the heap of 13 into 2 and 11'],
  ],
  [
    'a rule whose values look regular without proof: said as seen, not proved',
    'rule |o = octal 0.1[37]\ngame g = o 5',
    ['No period proved', 'Not proved, only seen', 'period 2 from the start, adding 1 each period'],
  ],
  [
    'Staircase Nim: the odd steps explained, the move written as the list after it',
    'game g = stair|case [3, 0, 5, 2]',
    [
      'nimber **`*6`**',
      'Only the odd steps count',
      '[3, 0, 5, 2]: odd steps 3 ⊕ 5 → `*6`',
      '`staircase [3, 0, 5, 2] → [3, 2, 3, 2]`: move 2 coins from step 3 to step 2',
    ],
  ],
  [
    'Green Hackenbush: the colon principle on a tree, the cut written as the picture after it',
    'game g = hacken|bush { ground - a, a - b, a - c, c - d }',
    [
      'nimber **`*4`**',
      'Colon principle',
      'picture 1 (4 edges) → `*4`: a tree',
      'on the ground: `a` `*3` + 1 = `*4`',
      '`hackenbush: cut ground - a`: cut `ground - a`: 3 more edges fall',
    ],
  ],
  [
    'Green Hackenbush: a cycle fused, stalks counted',
    'game g = hacken|bush { ground - x, x - y, y - ground } { ground - a, a - b, ground - c }',
    ['`ground` and 2 more vertices fused: 3 edges on cycles become loops, *1', 'stalks of 2, 1 edges'],
  ],
  ['all except an infinite set', 'rule no = subtract all except squares\ngame g = no |30', ['nimber **`*15`**']],
  [
    'game name: value, outcome, XOR, moves',
    `${seed}game co|ins = onetwo 3 4 5`,
    [
      'game `coins`',
      'nimber **`*3`**',
      'the player to move wins',
      '```\n  *3 = 11   onetwo 3 4 5\n⊕ -------\n  *3 = 11\n```',
      'highest bit, 2, is set in `onetwo 3 4 5` (value `*3`)',
      'from `*3` to `*3` ⊕ `*3` = `0` makes the XOR 0',
      'Winning moves (2)',
      '`onetwo 4 → 2`: take 2 from the heap of 4',
      '`onetwo 5 → 4`: take 1 from the heap of 5',
    ],
  ],
  ['game name of a P-position', `${seed}game |lost = onetwo 3 4 4`, ['nimber **`0`**', 'the player to move loses']],
  [
    'XOR in binary columns over components, and the component a winning move changes',
    `${seed}game |m = onetwo 4 + nim 6`,
    [
      '```\n  *1 = 001   onetwo 4\n  *6 = 110   nim 6\n⊕ --------\n  *7 = 111\n```',
      "The total's highest bit, 4, is set in `nim 6` (value `*6`)",
      'from `*6` to `*6` ⊕ `*7` = `*1` makes the XOR 0',
      'The player to move wins.',
      '`nim 6 → 1`: take 5 from the heap of 6',
    ],
  ],
  [
    'the binary XOR of a P-position: no component to change',
    'game |z = nim 5 + nim 3 + nim 6',
    ['```\n  *5 = 101   nim 5\n  *3 = 011   nim 3\n  *6 = 110   nim 6\n⊕ --------\n   0 = 000\n```', 'The XOR is 0'],
  ],
  [
    'a subtraction heap: its options, their values and the mex',
    'rule s = subtract {1, 2, 5}\ngame g = s |8',
    ['nimber **`*2`**', 'Working: options: `7` `*1`, `6` `0`, `3` `0` — values {0, 1}; mex = 2, so `*2`.'],
  ],
  [
    'a Kayles heap: splits are two heaps, their value the XOR',
    'game g = kayles |4',
    [
      'nimber **`*1`**',
      'options: `3` `*3`, `2+1` `*2 ⊕ *1 = *3`, `2` `*2`, `1+1` `*1 ⊕ *1 = 0` — values {0, 2, 3}; mex = 1, so `*1`.',
    ],
  ],
  [
    'a Kayles heap with more options than are listed: the rest counted, the mex from all of them',
    'game g = kayles |9 + nim 3',
    ['nimber **`*4`**', '`5+2` `*4 ⊕ *2 = *6`, and 1 more — values {0, 1, 2, 3, 6, 7}; mex = 4, so `*4`.'],
  ],
  [
    "a huge heap whose options' values the proved period gives: its own working, not its residue's",
    'rule p2 = subtract powers of 2\ngame g = p2 |100000000000000000000',
    [
      'nimber **`*1`**',
      'Working: options: `99999999999999999999` `0`, `99999999999999999998` `*2`',
      'and 59 more — values {0, 2}; mex = 1, so `*1`.',
    ],
  ],
  [
    'a huge heap with too many options: no working, the value from the period',
    'game g = lasker |1000000000000000000006 + nim 1',
    ['plus 4 per period', 'Working not shown: the heap has more than 10,000 options'],
  ],
  [
    'a heap whose options lie past the values at hand: no working, and why',
    'game g = kayles |40',
    ['Working not shown: an option leaves a heap of 39, and the hover has only the values of heaps 0 to 31'],
  ],
  [
    'a Grundy game heap: splits into different sizes only',
    'game g = grundy |7',
    [
      'nimber **`0`**',
      'options: `6+1` `*1 ⊕ 0 = *1`, `5+2` `*2 ⊕ 0 = *2`, `4+3` `0 ⊕ *1 = *1` — values {1, 2}; mex = 0',
    ],
  ],
  [
    'one heap: nimber and the proved period',
    `${seed}game g = onetwo 3 |1000000000000000001 4`,
    [
      'heap of 1000000000000000001',
      'nimber **`*2`**',
      '≡ 2 (mod 3)',
      'period 3',
      'proved at n = ',
      'window theorem for subtraction games',
      'take 1 from the heap of 1000000000000000001',
    ],
  ],
  [
    "misère Kayles: the rule's quotient decides it, and says so",
    'game |k = misere kayles 12 15 20 31 40',
    ['misère play', 'the player to move wins', "Decided by the rule's misère quotient: 40 elements", 'Winning moves'],
  ],
  [
    "a tame misère sum (Dawson's chess, heaps to 5): genus theory, with the heaps' genus symbols",
    'game |t = misere dawson 3 4 5',
    [
      'the player to move wins',
      'Decided by tame',
      "(Conway's genus theory)",
      'genus: 3: 2^(20), 4: 0^(120), 5: 3^(31)',
    ],
  ],
  [
    'misère Nim: Bouton',
    'game |n = misere nim 1 1 1',
    ['the player to move loses', "Decided by misère Nim: Bouton's rule"],
  ],
  [
    'a misère sum of two tame rules: their heaps play as misère Nim heaps (1 and 2 here: the player to move wins); ' +
      'a rule is called by the name the document gives it',
    `${seed}game |m = misere kayles 4 + onetwo 2`,
    ['the player to move wins', 'Decided by tame: the heaps of kayles and onetwo play as misère Nim heaps'],
  ],
  [
    'a misère sum of two rules, one wild: their joint misère quotient',
    'game |m = misere kayles 20 30 + nim 5',
    ['Decided by the misère quotient of kayles and nim: 56 elements'],
  ],
  [
    'one heap of Nim',
    'game g = nim |7 2',
    [
      'heap of 7',
      'nimber **`*7`**',
      'In Nim a heap of n has nimber n',
      '`0` `0` — values {0, 1, 2, 3, 4, 5, 6}; mex = 7',
    ],
  ],
  [
    'an octal heap: Guy–Smith',
    'game g = kayles 1000|001',
    [
      'heap of 1000001',
      '1000001 ≡ 77 (mod 12)',
      'period 12 from n = 71',
      'Guy–Smith periodicity theorem',
      'Working not shown: the heap has more than 10,000 options',
      'Winning moves (83,334)',
      'and 83,329 more',
    ],
  ],
  [
    'component head: its parts and the rule',
    `${seed}game g = one|two 3 4 5 + nim 1`,
    [
      '`onetwo 3 4 5`',
      'nimber **`*3`**',
      'rule `onetwo` (subtract {1, 2}): period 3 from the start',
      'G(0), G(1), …: `0 1 2 0 1 2`',
      'heaps: 3 → `0`, 4 → `*1`, 5 → `*2`',
      '`0` ⊕ `*1` ⊕ `*2` = `*3`',
    ],
  ],
  [
    'component head of 40 heaps: the first 16 listed, the rest counted',
    `${seed}game g = one|two ${Array.from({ length: 40 }, (_, i) => i + 1).join(' ')}`,
    [
      'heaps: 1 → `*1`, 2 → `*2`, 3 → `0`',
      '16 → `*1`, and 24 more',
      '`*1` ⊕ `*2` ⊕ `0`',
      '`*1` ⊕ … and 24 more = `*2`',
    ],
  ],
  [
    'Wythoff positions of 20: the first 16 listed, the rest counted',
    `game g = wyth|off ${Array.from({ length: 20 }, (_, i) => `(${i}, ${i + 1})`).join(' ')}`,
    ['- (15, 16) → `*', '- and 4 more'],
  ],
  [
    'a Treblecross row: segments and winning cells',
    'game t = treblecross ".....|X."',
    ['nimber **`*1`**', 'independent segments', 'cells 1–3 ("...")', 'Winning moves (3)', 'mark cell 1'],
  ],
  ['a Treblecross row won at once', 'game t = treblecross "..X.|X...."', ['wins at once by marking cell 4']],
  [
    'an octal row: runs as heaps',
    'game r = kayles "XXX.|XX"',
    ['Each run of `X` is a heap', '3 → `*3`, 2 → `*2`', 'clear cell 1'],
  ],
  [
    'a token: its vertex and options',
    `${pebbles}game p = g at |a, c`,
    ['token on `a` in `p`', 'nimber **`*1`**', 'options: `b` `0`, `c` `*2` — values {0, 2}; mex = 1, so `*1`.'],
  ],
  [
    'a vertex in a graph body',
    `${pebbles.replace('c -> d, e', '|c -> d, e')}game p = g at a`,
    ['vertex `c` of graph `g`', 'nimber **`*2`**', 'options: `d` `*1`, `e` `0` — values {0, 1}; mex = 2, so `*2`.'],
  ],
  ['a terminal vertex', pebbles.replace('d -> e\n', 'd -> |e\n'), ['vertex `e`', 'nimber **`0`**', 'no moves']],
  ['a graph name', 'graph |g {\n  a -> b\n}', ['graph `g`', '2 vertices, 1 edges', '`a` `*1`, `b` `0`']],
  [
    'a rule name: first values and period',
    'rule |s = subtract {2, 3, 7}',
    [
      'rule `s`',
      'subtract {2, 3, 7}',
      '`0 0 1 1 2 0 0 1 1 2 0 0 1 1 2 0 0 1 1 2 0 0 1 1 2 0 0 1 1 2 0 0 …`',
      'period 5',
    ],
  ],
  [
    'a rule with a preperiod',
    'rule |k = octal 0.77',
    [
      'G(0), G(1), …: `0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4 7 2 …`',
      'period 12 from n = 71',
      'Guy–Smith',
    ],
  ],
  [
    'subtract all except: arithmetic periodicity',
    'rule |a = subtract all except {1}',
    ['`0 0 1 1 2 2 3 3', 'adding 1 each period (arithmetic periodicity)'],
  ],
  ['misère game', 'game |m = misere nim 1 1 1', ['misère play', 'the player to move loses']],
  ['a game with errors', 'game |b = onetow 3', ['not computed, because the game has errors']],
  [
    'a heap of 100 digits: abbreviated, the whole value one command away',
    `game g = nim ${'9'.repeat(50)}|${'1'.repeat(50)} 1`,
    [
      'heap of 99999999999999999999…11111111111111111111 (100 digits)',
      'nimber **`*99999999999999999999…11111111111111111111 (100 digits)`**',
      'Copy Nimber at Cursor',
    ],
  ],
  ['nothing under the cursor', `${seed}|\ngame g = nim 1`, []],
  // The hover's range holds the position (checked for every case below): these once answered with the game's name.
  [
    'a readable component of a game with errors',
    'game x = foo 3 + wythoff (17, |16)',
    ['`wythoff (17, 16)`** in `x`', 'not computed, because the game has errors'],
  ],
  [
    'the unreadable component of a game with errors',
    'game x = fo|o 3 + wythoff (17, 16)',
    ['game `x`', 'not computed, because the game has errors'],
  ],
  ['the `+` between components', `${seed}game m = onetwo 4 |+ nim 6`, ['game `m`', '  *7 = 111']],
  ['an arrow in a graph body', 'graph g {\n  a -|> b\n}', ['graph `g`', '2 vertices, 1 edges']],
  [
    "a Cram board: the regions it splits into, each with its value and why (a row is Dawson's Kayles)",
    'game g = cr|am ["...#......", "###.######"]\n',
    // Dawson's Kayles (0.07): G(3) = 1, G(6) = 3, G(1) = 0.
    [
      '2 × 10 board → `*2`: 3 regions played apart, their nim-sum:',
      '3 cells → `*1`: ',
      "6 cells → `*3`: a line of 6 cells: Dawson's Kayles (octal 0.07), G(6) = 3",
      '1 cell → `0`: a single empty cell: no domino fits',
    ],
  ],
  [
    'a Cram board given by the mirror theorem, said as such',
    'game g = cr|am ["....", "...."]\n',
    ['2 × 4 board → `0`: the empty cells are symmetric under the half-turn', '(the mirror strategy)'],
  ],
  [
    'Node Kayles: the connected parts with their values and why, one vertex said in the singular',
    'game g = node-kay|les { a - b, c - d, d - e, e - f, f - c, g }\n',
    [
      '7 vertices, 5 edges → `0`: 3 connected parts played apart, their nim-sum:',
      "2 vertices → `*1`: a path of 2 vertices: Dawson's chess (octal 0.137) at 2 is 1",
      '4 vertices → `0`: a cycle of 4 vertices: every move leaves a path of 1 (value 1), so 0',
      '1 vertex → `*1`: a single vertex: one move takes it',
    ],
  ],
  [
    'Chomp: the theorem that gives a board, or the search',
    'game g = ch|omp [3, 2] [5, 3, 3, 1]\n',
    ['[3, 2] → `0`: two rows are 0 exactly when the top one is shorter by one', '[5, 3, 3, 1] → `*1`: by searching'],
  ],
];

describe('hovers', () => {
  cases.forEach(([title, marked, expected]) => it(title, () => expectHover(marked, expected)));
});

/** The hover's Markdown at the cursor. */
function hoverText(source: string): string {
  const { view, offset } = atCursor(source);
  const answer = hover(view, offset);
  return answer ? (answer.contents as { value: string }).value : '';
}

describe("a game's XOR table", () => {
  it('misère play has no XOR: the theory that decided it instead', () => {
    for (const source of [
      'game |m = misere nim 1 1 1',
      'game |k = misere kayles 4 5',
      'game |d = misere dawson 3 4 5',
    ]) {
      const text = hoverText(source);
      assert.match(text, /Decided by/, text);
      assert.doesNotMatch(text, /```|⊕|highest bit/, text);
    }
  });

  it('many components: 15 rows, then one row for the rest with their XOR, and the total of all', () => {
    const heaps = Array.from({ length: 40 }, (_, i) => i + 1);
    const text = hoverText(`game |w = ${heaps.map((h) => `nim ${h}`).join(' + ')}`);
    const block = /```\n([^`]*)```/.exec(text)?.[1].trimEnd().split('\n') ?? [];
    assert.equal(block.length, 18, text); // 15 rows, the rest, the rule, the total
    let rest = 0;
    for (let h = 16; h <= 40; h++) rest ^= h;
    const total = heaps.reduce((a, b) => a ^ b, 0);
    const width = Math.max(...heaps.map((h) => h.toString(2).length));
    assert.match(
      block[15],
      new RegExp(`= ${rest.toString(2).padStart(width, '0')}   … 25 more components \\(their XOR\\)$`),
    );
    assert.match(block[17], new RegExp(`\\*${total} = ${total.toString(2).padStart(width, '0')}$`));
  });

  it('values past 64 bits: each row its first and last 24 bits, and the winning component named', () => {
    const big = 2n ** 100n + 5n;
    const text = hoverText(`game |w = nim ${big} + nim 3`);
    assert.match(text, new RegExp(`= 1${'0'.repeat(23)}…${'0'.repeat(21)}101   nim ${big}`), text);
    assert.match(text, new RegExp(`= ${'0'.repeat(24)}…${'0'.repeat(22)}11   nim 3`), text);
    assert.match(text, /The values have 101 bits/);
    assert.match(text, /The total's highest bit, 2\^100, is set in `nim 1267650600228229401496703205381`/);
    for (const line of text.split('\n')) assert.ok(line.length < 1000, line);
  });
});
