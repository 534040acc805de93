// Hovers, one case per line: a document with a `|` cursor marker and phrases the hover must
// contain (in order). The hover is asked of the document's view (test/helpers/features.ts), every
// value computed; over the wire, test/server/protocol.test.ts.
import { expectHover } from '../helpers/features';

const seed = 'rule onetwo = subtract {1, 2}\n';
const pebbles = 'graph g {\n  a -> b, c\n  b -> d\n  c -> d, e\n  d -> e\n}\n';

const cases: [string, string, string[]][] = [
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
      '`onetwo 3 4 5` `*3`',
      'Winning moves (2)',
      '`onetwo 4 → 2`: take 2 from the heap of 4',
      '`onetwo 5 → 4`: take 1 from the heap of 5',
    ],
  ],
  ['game name of a P-position', `${seed}game |lost = onetwo 3 4 4`, ['nimber **`0`**', 'the player to move loses']],
  [
    'XOR written out over components',
    `${seed}game |m = onetwo 4 + nim 6`,
    ['`onetwo 4` `*1` ⊕ `nim 6` `*6` = **`*7`**', '`nim 6 → 1`: take 5 from the heap of 6'],
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
    'a misère sum of two rules: the exact search',
    `${seed}game |m = misere kayles 4 + onetwo 2`,
    ['the player to move wins', 'Decided by the exact search of the whole sum'],
  ],
  ['one heap of Nim', 'game g = nim |7 2', ['heap of 7', 'nimber **`*7`**', 'In Nim a heap of n has nimber n']],
  [
    'an octal heap: Guy–Smith',
    'game g = kayles 1000|001',
    [
      'heap of 1000001',
      '1000001 ≡ 77 (mod 12)',
      'period 12 from n = 71',
      'Guy–Smith periodicity theorem',
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
    ['token on `a` in `p`', 'nimber **`*1`**', 'options: `b` `0`, `c` `*2`'],
  ],
  [
    'a vertex in a graph body',
    `${pebbles.replace('c -> d, e', '|c -> d, e')}game p = g at a`,
    ['vertex `c` of graph `g`', 'nimber **`*2`**', 'options: `d` `*1`, `e` `0`', 'mex'],
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
  ['the `+` between components', `${seed}game m = onetwo 4 |+ nim 6`, ['game `m`', '= **`*7`**']],
  ['an arrow in a graph body', 'graph g {\n  a -|> b\n}', ['graph `g`', '2 vertices, 1 edges']],
];

describe('hovers', () => {
  cases.forEach(([title, marked, expected]) => it(title, () => expectHover(marked, expected)));
});
