// `grundy` reads files as a stream of games (analyzeStreaming): the rules and graphs held, each
// game checked and let go. It must mean what the whole analysis means: the same diagnostics, to
// the diagnostic, and the same games, in order, valid or not, with the same components.
import * as assert from 'node:assert/strict';
import { gameKey } from '../../server/src/compute/requests';
import { type AnalyzedDocument, analyzeText, StreamedText } from '../../server/src/language/analyze';
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
  const reader = new StreamedText(text);
  const stream = reader.analyze((game) => streamed.push(game));
  const again: GameSymbol[] = [];
  reader.gamesAgain((game) => again.push(game));
  assert.deepEqual(
    diagnostics(stream),
    diagnostics(whole),
    `${label}: diagnostics differ\n${JSON.stringify(text.slice(0, 2000))}`,
  );
  const games = (list: readonly GameSymbol[], document: AnalyzedDocument) =>
    list.map(
      (g) =>
        `${g.name} ${g.declaration.start} ${g.valid} ${g.play} ${g.components.length} ` +
        `${g.valid ? gameKey(document, g) : ''}`,
    );
  assert.deepEqual(
    games(streamed, stream),
    games(whole.model.games, whole),
    `${label}: games differ\n${JSON.stringify(text.slice(0, 2000))}`,
  );
  assert.deepEqual(
    games(again, stream),
    games(whole.model.games, whole),
    `${label}: games streamed again differ\n${JSON.stringify(text.slice(0, 2000))}`,
  );
  assert.equal(stream.work.suggestionCells, whole.work.suggestionCells, `${label}: suggestion work differs`);
}

describe('reading a file as a stream of games', () => {
  it("every example and fixture, and 600 mutations of them: the whole analysis's diagnostics and games", () => {
    const seeds = fuzzSeeds();
    for (const seed of seeds) assertSameMeaning(seed, 'a seed document');
    const next = random(5150);
    for (let i = 0; i < 600; i++) assertSameMeaning(mutate(seeds[i % seeds.length], next), `mutation ${i} (seed 5150)`);
  });

  it('graphs with mistakes between games (their bodies skipped when the games are read again)', () => {
    const next = random(808);
    const graph = () =>
      [
        'graph g {',
        '  a -> b',
        next() < 0.3 ? '  b -> ' : '  b -> c',
        next() < 0.3 ? '' : '}',
        next() < 0.2 ? '} junk' : '',
      ].join(next() < 0.5 ? '\n' : '\r\n');
    for (let i = 0; i < 200; i++) {
      const parts = Array.from({ length: 6 }, (_, k) =>
        next() < 0.4 ? graph() : `game x${k} = ${next() < 0.5 ? 'g at a' : 'nim 3'}${next() < 0.2 ? ' +' : ''}`,
      );
      const text = parts.join('\n');
      assertSameMeaning(text, `graphs ${i} (seed 808)`);
      assertSameMeaning(mutate(text, next), `graphs ${i}, mutated (seed 808)`);
    }
  });

  it('token soup, duplicate names, games named like rules, games named above and below, a generated document', () => {
    const next = random(61);
    for (let i = 0; i < 200; i++) assertSameMeaning(tokenSoup(next), `token soup ${i} (seed 61)`);
    assertSameMeaning(
      'game a = nim 1\ngame a = nim 2\nrule a = subtract {1}\ngame b = a 3\ngame c = b 1 + d 2\n' +
        'game d = nim 3\nrule r = subtract {1, 2}\ngame r = r 4\ngame e = r 5 + zz 1\n',
      'names',
    );
    assertSameMeaning(generatedDocument(2000).text, 'the generated document');
  });
});
