// The formatter: one case per line (text in, text out), then properties over every example and
// valid fixture and over mutated documents: formatting twice is formatting once, and it changes
// no meaning — the same diagnostics and, for the examples, the same value for every game,
// computed again from the formatted text (an oracle independent of the formatter's own check).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { reportGames } from '../../server/src/analysis/gameReport';
import { createEngineCache } from '../../server/src/engine';
import { analyzeText } from '../../server/src/language/analyze';
import { formatText } from '../../server/src/language/format';
import { fuzzSeeds, mutate, random } from '../helpers/mutate';
import { gameFilesIn } from '../helpers/paths';

const cases: [string, string, string][] = [
  [
    'spaces around = + ->, none inside braces, one after commas',
    'rule s=subtract{1 ,2}\ngame g=s 3+nim 4\n',
    'rule s = subtract {1, 2}\ngame g = s 3 + nim 4\n',
  ],
  [
    'a graph with a cycle and a self-loop, laid out as any other',
    'graph g{\na->a,b\n b->a\n }\ngame p=g at a\n',
    'graph g {\n  a -> a, b\n  b -> a\n}\ngame p = g at a\n',
  ],
  [
    'a body closed at the end of its last line: the lines after it at the margin',
    'graph g{\na->b\n b->c }\n   game p=g at a\n',
    'graph g {\n  a -> b\n  b -> c}\ngame p = g at a\n',
  ],
  [
    'graph bodies indented by two, the brace at the margin',
    'graph g{\na->b,c\n      b -> c\n   }\n',
    'graph g {\n  a -> b, c\n  b -> c\n}\n',
  ],
  [
    'pairs and lists',
    'game w = wythoff ( 3 ,5 )(1,2)\ngame l = leftmost [ 1, 2 ]  [3]\n',
    'game w = wythoff (3, 5) (1, 2)\ngame l = leftmost [1, 2] [3]\n',
  ],
  [
    'pictures: one space inside their braces and around each dash; a long picture indented',
    'game t=hackenbush{ground  -  a,a - b}{}+nim 1\n' +
      'game u = hackenbush {\nground - a # stalk\n    a - b\n  } + nim 1\n',
    'game t = hackenbush { ground - a, a - b } { } + nim 1\n' +
      'game u = hackenbush {\n  ground - a # stalk\n  a - b\n} + nim 1\n',
  ],
  [
    'boards and Chomp lists: as lists; a board over several lines, its rows indented and its `]` at the margin',
    'game c=cram[ "..",".#" ]  ["."]\ngame b = cram [\n"....", # top\n      "...."\n    ]\ngame h=chomp[3,2 ,1]\n',
    'game c = cram ["..", ".#"] ["."]\ngame b = cram [\n  "....", # top\n  "...."\n]\ngame h = chomp [3, 2, 1]\n',
  ],
  [
    'graphs of Node and Arc Kayles are written as pictures',
    'game k=node-kayles{a-b , b  -  c,d}\ngame l = arc-kayles {\na - b\n  }\n',
    'game k = node-kayles { a-b, b - c, d }\ngame l = arc-kayles {\n  a - b\n}\n',
  ],
  [
    'a dash on a line without a picture is a stray character: that line stays as it is',
    'game d=nim 3 - 4\ngame t=hackenbush{ground - a} + nim 3 - 4\n',
    'game d=nim 3 - 4\ngame t = hackenbush { ground - a } + nim 3 - 4\n',
  ],
  [
    'rows and words',
    'rule d = words { "ab" ,"c" }\ngame t = d "abc"   "cc"\n',
    'rule d = words {"ab", "c"}\ngame t = d "abc" "cc"\n',
  ],
  [
    'a trailing comment keeps its column when there is room',
    'rule s   = subtract {1}      # one\ngame g=s 1                   # two\n',
    'rule s = subtract {1}        # one\ngame g = s 1                 # two\n',
  ],
  ['a trailing comment with no room: one space after the code', 'game g=nim 1 2 3#c\n', 'game g = nim 1 2 3 #c\n'],
  [
    'comment lines kept, indented with their graph',
    '# top\ngraph g {\n# inside\n a -> b\n}\n',
    '# top\ngraph g {\n  # inside\n  a -> b\n}\n',
  ],
  [
    'trailing spaces, blank lines at most one, none at the end, one final newline',
    'game a = nim 1   \n\n\n\ngame b = nim 2\n\n\n',
    'game a = nim 1\n\ngame b = nim 2\n',
  ],
  ['leading blank lines go', '\n\ngame a = nim 1', 'game a = nim 1\n'],
  [
    'a line the lexer cannot read stays as it is',
    'game a = nim 1 @ 2  \ngame b=nim 2\n',
    'game a = nim 1 @ 2  \ngame b = nim 2\n',
  ],
  [
    'an unterminated string stays as it is',
    'game t = treblecross "..X  \ngame b=nim 2\n',
    'game t = treblecross "..X  \ngame b = nim 2\n',
  ],
  [
    'misere, octal, hex, subtract all except',
    'rule k=octal 0.77\nrule h = hex   0.F\nrule e=subtract all except{1}\ngame m=misere  nim 1\n',
    'rule k = octal 0.77\nrule h = hex 0.F\nrule e = subtract all except {1}\ngame m = misere nim 1\n',
  ],
  ['CRLF line ends are kept', 'game a=nim 1\r\ngame b=nim 2\r\n', 'game a = nim 1\r\ngame b = nim 2\r\n'],
  [
    'syntax errors are only respaced',
    'game g = = nim 3\nrule = subtract {1}\n',
    'game g = = nim 3\nrule = subtract {1}\n',
  ],
  ['an empty file stays empty', '', ''],
  [
    "a rule of one's own: spaces around its operators, none around `..`, after a sign or before a call's `(`",
    'rule r  =  moves (x,y)->(x-1,y)for k in 1 ..  -x+3|[ ]if not(x<-2)and min (x,y)>=-1 # note\n',
    'rule r = moves (x, y) -> (x - 1, y) for k in 1..-x + 3 | [] if not (x < -2) and min(x, y) >= -1 # note\n',
  ],
  [
    "a rule of one's own over several lines: its clauses line up under its `=`",
    'rule queen = moves (x, y) -> (x-k, y) for k in 1..x\n  |(x, y-k) for k in 1..y\nrule r = moves n ->\nn-1\n',
    'rule queen = moves (x, y) -> (x - k, y) for k in 1..x\n           | (x, y - k) for k in 1..y\n' +
      'rule r = moves n ->\n       n - 1\n',
  ],
  [
    "outside a rule of one's own, a hyphen still joins a name",
    'rule dk = moves n -> n-1\ngame g = dawson-kayles 3+dk 2\n',
    'rule dk = moves n -> n - 1\ngame g = dawson-kayles 3 + dk 2\n',
  ],
];

describe('formatting', () => {
  cases.forEach(([title, before, after]) => it(title, () => assert.equal(formatText(before), after)));

  it('is idempotent, and keeps the diagnostics, on every example and valid fixture', () => {
    for (const text of fuzzSeeds()) {
      const once = formatText(text);
      assert.equal(formatText(once), once);
      assert.deepEqual(codes(once), codes(text));
    }
  });

  it('is idempotent and keeps the diagnostics on 400 mutated documents', () => {
    const next = random(20261123);
    const seeds = fuzzSeeds();
    for (let i = 0; i < 400; i++) {
      const text = mutate(seeds[i % seeds.length], next);
      const once = formatText(text);
      assert.equal(formatText(once), once, `not idempotent on ${JSON.stringify(text)}`);
      assert.deepEqual(codes(once), codes(text), `diagnostics changed on ${JSON.stringify(text)}`);
    }
  });

  it('keeps the value of every game of every example', function () {
    this.timeout(120_000);
    const cache = createEngineCache();
    for (const file of gameFilesIn('examples')) {
      const text = readFileSync(file, 'utf8');
      const values = (source: string) =>
        // No deadline: each game stops at the engine's own limits of work, so both texts get the same answers
        // however busy the machine (under load a deadline of 20 s could cut the first and not the second, cached).
        reportGames(analyzeText(source), { cache, budget: {} }).map(
          ({ game, result: r }) => `${game.name} ${r?.nimber} ${r?.infinite} ${r?.outcome} ${r?.winningMoveCount}`,
        );
      const formatted = formatText(text);
      assert.deepEqual(values(formatted), values(text), file);
    }
  });
});

/** What the front end says about a text, positions left out (formatting moves things). */
function codes(text: string): string[] {
  return analyzeText(text).diagnostics.map((d) => `${d.code}: ${d.message.replace(/line \d+/g, 'line N')}`);
}
