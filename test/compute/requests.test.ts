// Computation keys: made of what the answer depends on. A graph's body stands in its keys (and in
// the keys of the games on it) as a digest, so that a big graph with many games on it does not
// make a key per game as long as the graph's text.
import * as assert from 'node:assert/strict';
import { documentRequests } from '../../server/src/compute/requests';
import { analyzeText } from '../../server/src/language/analyze';

const graph = (vertices: number, extra = '') => {
  const lines = ['graph big {'];
  for (let v = 0; v < vertices; v++) lines.push(`  vertex${v} -> vertex${v + 1}, vertex${v + 2}`);
  return `${lines.join('\n')}${extra}\n}\n`;
};

const keys = (text: string) => {
  const document = analyzeText(text);
  const requests = documentRequests(document, 50);
  return {
    games: [...requests.games.values()].map((r) => r.key),
    graphs: [...requests.graphs.values()].map((r) => r.key),
  };
};

describe('computation keys', () => {
  it('a game on a 2 MB graph has a short key; the graph is keyed by its body, wherever it stands', () => {
    const body = graph(50_000);
    assert.ok(body.length > 2_000_000);
    const games = Array.from({ length: 100 }, (_, i) => `game g${i} = big at vertex${i}, vertex${i + 7}`).join('\n');
    const first = keys(`${body}${games}\n`);
    assert.equal(first.games.length, 100);
    for (const key of [...first.games, ...first.graphs])
      assert.ok(key.length < 200, `a key of ${key.length} characters`);
    assert.equal(new Set(first.games).size, 100);
    // The same graph after a comment and with the games above it: the same keys.
    const moved = keys(`# a comment\n${games}\n${body}`);
    assert.deepEqual(moved.graphs, first.graphs);
    assert.deepEqual(moved.games, first.games);
    // One more edge: other keys.
    const changed = keys(`${graph(50_000, '\n  vertex0 -> vertex9')}${games}\n`);
    assert.notDeepEqual(changed.graphs, first.graphs);
    assert.ok(changed.games.every((key, i) => key !== first.games[i]));
  });
});
