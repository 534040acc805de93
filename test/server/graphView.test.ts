// The graph view's custom request (GraphRequest): vertices with their nimbers against the oracle,
// edges as written, the tokens games put on the graph, a graph found by position, a big graph
// summarised, a cyclic one explained; the lens above every graph and its command in an editor
// without a panel.
import * as assert from 'node:assert/strict';
import { GRAPH_DRAWN_VERTICES, type GraphAnswer, GraphRequest, SHOW_GRAPH_COMMAND } from '../../server/src/protocol';
import { bruteGraphNimbers } from '../engine/oracles';
import { LanguageServerSession } from '../helpers/languageServer';

type Drawn = Extract<GraphAnswer, { graph: string }>;

const uri = 'file:///graph.game';
const big = Array.from({ length: GRAPH_DRAWN_VERTICES + 50 }, (_, i) => `  n${i} -> n${i + 1}`).join('\n');
const text = [
  'graph g {',
  '  a -> b, c',
  '  b -> d',
  '  c -> d, e',
  '  d -> e',
  '}',
  'graph loop {',
  '  x -> y',
  '  y -> x',
  '}',
  `graph chain {\n${big}\n}`,
  'game pebbles = g at a, c',
  'game more = g at b + nim 3',
  '',
].join('\n');

describe('the graph request (the graph view)', function () {
  this.timeout(60_000);
  let session: LanguageServerSession;
  before(async () => {
    ({ session } = await LanguageServerSession.inProcess());
    await session.open(uri, text);
    await session.settledCodeLenses(uri);
  });
  after(() => session.stop());

  const ask = (params: Record<string, unknown>) => session.request(GraphRequest, { textDocument: { uri }, ...params });
  const settled = async (params: Record<string, unknown>): Promise<Drawn> => {
    for (;;) {
      const answer = await ask(params);
      assert.ok(!('refused' in answer), JSON.stringify(answer));
      if (!answer.computing) return answer;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('a small graph: every vertex with its nimber (the oracle), every edge, the tokens of both games', async () => {
    const answer = await settled({ graph: 'g' });
    const drawn = answer.drawn!;
    assert.deepEqual(
      drawn.vertices.map((v) => v.name),
      ['a', 'b', 'c', 'd', 'e'],
    );
    const successors = drawn.vertices.map((_, v) => drawn.edges.filter(([from]) => from === v).map(([, to]) => to));
    assert.deepEqual(
      drawn.edges.map(([from, to]) => `${drawn.vertices[from].name}->${drawn.vertices[to].name}`),
      ['a->b', 'a->c', 'b->d', 'c->d', 'c->e', 'd->e'],
    );
    assert.deepEqual(
      drawn.vertices.map((v) => v.nimber),
      bruteGraphNimbers(successors),
    );
    assert.deepEqual([answer.vertexCount, answer.edgeCount], [5, 6]);
    assert.deepEqual(answer.nimberCounts, [2, 2, 1]);
    assert.deepEqual(
      drawn.tokens.map((t) => `${t.game}@${drawn.vertices[t.vertex].name}`),
      ['pebbles@a', 'pebbles@c', 'more@b'],
    );
  });

  it('by position: on the declaration, on a game that puts tokens on it', async () => {
    assert.equal(((await ask({ position: { line: 2, character: 3 } })) as Drawn).graph, 'g');
    const line = text.split('\n').findIndex((l) => l.startsWith('game more'));
    assert.equal(((await ask({ position: { line, character: 12 } })) as Drawn).graph, 'g');
    assert.match(
      ((await ask({ position: { line: line + 1, character: 0 } })) as { refused: string }).refused,
      /Put the cursor on a graph/,
    );
  });

  it('a big graph is summarised (counts, no drawing); a cyclic one says why it has no nimbers', async () => {
    const chain = await settled({ graph: 'chain' });
    assert.equal(chain.drawn, undefined);
    assert.equal(chain.vertexCount, GRAPH_DRAWN_VERTICES + 51);
    // A chain alternates 0 and 1 from its end.
    assert.deepEqual(chain.nimberCounts, [Math.ceil(chain.vertexCount / 2), Math.floor(chain.vertexCount / 2)]);
    const loop = await settled({ graph: 'loop' });
    assert.match(loop.problem!, /has a cycle/);
    assert.deepEqual(
      loop.drawn!.vertices.map((v) => v.nimber),
      [null, null],
    );
    assert.match(((await ask({ graph: 'nosuch' })) as { refused: string }).refused, /no graph `nosuch`/);
    await assert.rejects(ask({}), /a graph \(its name\) or a position/);
  });

  it('a lens above every graph runs the show-graph command; the server runs it as a message', async () => {
    const lenses = ((await session.codeLenses(uri)) ?? []).filter(
      (lens) => lens.command?.command === SHOW_GRAPH_COMMAND,
    );
    assert.deepEqual(
      lenses.map((lens) => [lens.range.start.line, lens.command!.title]),
      [
        [0, '$(type-hierarchy) show the graph g'],
        [6, '$(type-hierarchy) show the graph loop'],
        [10, '$(type-hierarchy) show the graph chain'],
      ],
    );
    const told = await session.executeCommand(SHOW_GRAPH_COMMAND, lenses[0].command!.arguments);
    assert.equal(
      told,
      'graph g: 5 vertices, 6 edges. 2 with nimber 0, 2 with nimber 1, 1 with nimber 2; the vertices with nimber 0 are the P-positions',
    );
  });
});
