// The parser reads plain game lines and plain graph lines straight from the text (plainGame,
// fastEdgeLines); everything else goes through tokens. Both paths must give the same parse, to
// the unit and the diagnostic: these tests parse documents both ways (`tokensOnly`) and compare.
import * as assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/language/analyze';
import type { HeapsComponent } from '../../server/src/language/ast';
import { DiagnosticSink } from '../../server/src/language/diagnostics';
import { parse } from '../../server/src/language/parser';
import { appendHeapTexts, heapValues, PlainHeaps } from '../../server/src/language/plainHeaps';
import { Suggester } from '../../server/src/language/suggest';
import { generatedDocument } from '../helpers/generated';
import { fuzzSeeds, mutate, random } from '../helpers/mutate';

/** A parse as plain data: the tree (bigints as text), every unit, every diagnostic. */
function parsed(text: string, tokensOnly: boolean): string {
  const sink = new DiagnosticSink();
  const result = parse(text, sink, new Suggester(), { record: true, tokensOnly });
  return JSON.stringify(
    {
      declarations: result.file.declarations.map((d) =>
        d.kind === 'graph' ? { ...d, body: undefined, lines: d.lines } : d,
      ),
      units: result.units,
      errorStarts: result.errorStarts,
      diagnostics: sink.result(),
    },
    (_, value) => (typeof value === 'bigint' ? `${value}n` : value),
  );
}

function assertSameParse(text: string, label: string): void {
  assert.equal(parsed(text, false), parsed(text, true), `${label}: ${JSON.stringify(text.slice(0, 300))}`);
}

/** Game lines the plain path reads, and lines next to them that it must leave to the tokens. */
const gameLines = [
  'game g = nim 3 4 5',
  'game g=nim 3',
  'game\tg\t=\tkayles\t17 + dawson 4',
  'game g = misere kayles 5 7 + k "X.X" + big at a, b',
  'game g = misere   nim 1 1 1',
  'game g = treblecross "..X.." # a comment',
  'game g = nim 3+kayles 4',
  'game g = g2 at a,b , c',
  'game g = g2 at 1, 2',
  'game g = nim 007 100000000000000000000000000000',
  'game g = k"XX"',
  'game g = nim 3 +',
  '  kayles 4',
  'game g = g2 at a,',
  '  b',
  'game g = nim 3 # + kayles',
  'game g = nim 3 ;',
  'game g = nim 0.5',
  'game g = nim 3a',
  'game g = words "ab" "ba"',
  'game g = wythoff (3, 5) (1, 2)',
  'game g = leftmost [1, 2] [3]',
  'game g = misere misere nim 3',
  'game misere = nim 3',
  'game g = nim',
  'game g =',
  'game g',
  'game = nim 3',
  'game g = at a',
  'game g = g2 at',
  'game g = g2 at-x',
  'game g = g2 atom',
  'game g = misere-x 3',
  'game g = nim 3 "row"',
  'game g = k "unclosed',
  'game g = nim\u00a03\ufeff4\f5',
  'game g = dawson-kayles 9 + dawson-kayles- 3',
  'game g = nim 3 → kayles 4',
  'game g = nim 3 4 game h = nim 1',
];

describe('plain lines read straight from the text', () => {
  it('every kind of game line, and every line next to it: the same parse as by tokens', () => {
    const prelude = 'rule k = octal 0.77\ngraph g2 {\n  a -> b, c\n  b -> c\n}\ngraph big {\n a\n}\n';
    for (const line of gameLines) {
      for (const ending of ['\n', '\r\n', '']) {
        assertSameParse(`${prelude}${line}${ending}`, line);
        assertSameParse(`${line}${ending}game next = nim 1${ending}`, line);
      }
    }
    for (let i = 0; i < gameLines.length; i++) assertSameParse(gameLines.slice(i).join('\n'), `from line ${i}`);
  });

  it('a generated document of 2,000 lines and its mutations: the same parse as by tokens', () => {
    const { text } = generatedDocument(2000);
    assertSameParse(text, 'the generated document');
    assertSameParse(text.replace(/\n/g, '\r\n'), 'the generated document with CRLF');
    const next = random(4242);
    for (let i = 0; i < 100; i++)
      assertSameParse(mutate(generatedDocument(40).text, next), `mutation ${i} (seed 4242)`);
  });

  it('every example and valid fixture, and mutations of them: the same parse as by tokens', () => {
    const next = random(77);
    for (const seed of fuzzSeeds()) {
      assertSameParse(seed, 'a seed document');
      for (let i = 0; i < 5; i++) assertSameParse(mutate(seed, next), `a mutated seed (seed 77, mutation ${i})`);
    }
  });

  it('heaps read from a plain line stay text until asked for, and give what the token path gives', () => {
    const lines = [
      'game g = nim 3 4 5',
      'game g = nim\t7  0012\t \t 99',
      'game g = kayles 123456789012345678901234567890 1',
      'game g = dawson 5 + nim 6   7',
    ];
    const heapsOf = (text: string, tokensOnly: boolean) =>
      parse(text, new DiagnosticSink(), new Suggester(), { tokensOnly }).file.declarations.flatMap((d) =>
        d.kind === 'game' ? d.components.filter((c): c is HeapsComponent => c.kind === 'heaps') : [],
      );
    for (const line of lines) {
      const plain = heapsOf(line, false);
      const tokens = heapsOf(line, true);
      assert.ok(plain.length > 0 && plain.every((c) => c instanceof PlainHeaps), `${line}: read as plain heaps`);
      assert.equal(plain.length, tokens.length);
      for (let i = 0; i < plain.length; i++) {
        assert.deepEqual(plain[i].heaps, tokens[i].heaps, `${line}: the literals`);
        assert.deepEqual(heapValues(plain[i]), heapValues(tokens[i]), `${line}: the values`);
        const [fromPlain, fromTokens]: string[][] = [[], []];
        appendHeapTexts(plain[i], fromPlain);
        appendHeapTexts(tokens[i], fromTokens);
        assert.equal(fromPlain.join(''), fromTokens.join(''), `${line}: the key's text`);
      }
    }
  });

  it('plain heaps moved by an edit above them: the literals are where the new text has them', () => {
    const text = 'game a = nim 1\ngame b = kayles 17 4\n';
    let analysis = analyzeText(text, { reusable: true });
    const declaration = analysis.model.games.find((g) => g.name === 'b')!.declaration;
    for (const inserted of ['# a comment\n', 'game c = nim 2\n\n']) {
      const next = inserted + analysis.file.text;
      analysis = analyzeText(next, { reusable: true }, analysis);
      const b = analysis.model.games.find((g) => g.name === 'b')!;
      assert.equal(b.declaration, declaration, 'the declaration kept (and moved), not parsed again');
      const heaps = b.declaration.components[0] as HeapsComponent;
      assert.deepEqual(
        heaps.heaps.map((h) => [next.slice(h.start, h.end), h.text]),
        [
          ['17', '17'],
          ['4', '4'],
        ],
      );
    }
  });
});
