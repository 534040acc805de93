// `grundy` reads files as a stream of games (analyzeStreaming): the rules and graphs held, each
// game checked and let go. It must mean what the whole analysis means: the same diagnostics, to
// the diagnostic, and the same games, in order, valid or not, with the same components.
import * as assert from 'node:assert/strict';
import { gameKey } from '../../server/src/compute/requests';
import { type AnalyzedDocument, analyzeStreaming, analyzeText } from '../../server/src/language/analyze';
import type { GameSymbol } from '../../server/src/language/model';
import { generatedDocument } from '../helpers/generated';
import { fuzzSeeds, mutate, random, tokenSoup } from '../helpers/mutate';

const diagnostics = (document: AnalyzedDocument) =>
  document.diagnostics.map((d) =>
    JSON.stringify([
      d.span.start,
      d.span.end,
      d.severity,
      d.code,
      d.message,
      d.replacement ?? null,
      d.related?.map((r) => [r.span.start, r.span.end, r.message]) ?? [],
    ]),
  );

function assertSameMeaning(text: string, label: string): void {
  const whole = analyzeText(text);
  const streamed: GameSymbol[] = [];
  const stream = analyzeStreaming(text, (game) => streamed.push(game));
  assert.deepEqual(diagnostics(stream), diagnostics(whole), `${label}: diagnostics differ\n${JSON.stringify(text.slice(0, 2000))}`);
  const games = (list: readonly GameSymbol[], document: AnalyzedDocument) =>
    list.map((g) => `${g.name} ${g.declaration.start} ${g.valid} ${g.play} ${g.components.length} ${g.valid ? gameKey(document, g) : ''}`);
  assert.deepEqual(games(streamed, stream), games(whole.model.games, whole), `${label}: games differ\n${JSON.stringify(text.slice(0, 2000))}`);
  assert.equal(stream.work.suggestionCells, whole.work.suggestionCells, `${label}: suggestion work differs`);
}

describe('reading a file as a stream of games', () => {
  it("every example and fixture, and 600 mutations of them: the whole analysis's diagnostics and games", () => {
    const seeds = fuzzSeeds();
    for (const seed of seeds) assertSameMeaning(seed, 'a seed document');
    const next = random(5150);
    for (let i = 0; i < 600; i++) assertSameMeaning(mutate(seeds[i % seeds.length], next), `mutation ${i} (seed 5150)`);
  });

  it('token soup, duplicate names, games named like rules, components naming games above and below, a generated document', () => {
    const next = random(61);
    for (let i = 0; i < 200; i++) assertSameMeaning(tokenSoup(next), `token soup ${i} (seed 61)`);
    assertSameMeaning(
      'game a = nim 1\ngame a = nim 2\nrule a = subtract {1}\ngame b = a 3\ngame c = b 1 + d 2\ngame d = nim 3\nrule r = subtract {1, 2}\ngame r = r 4\ngame e = r 5 + zz 1\n',
      'names',
    );
    assertSameMeaning(generatedDocument(2000).text, 'the generated document');
  });
});
