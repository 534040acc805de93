// The graph view's answer (GraphRequest) on a view: vertices with their nimbers against the
// oracle, edges as written, the tokens games put on the graph, a graph found by position, a big
// graph summarised, a cyclic one explained. Over the wire: the request and its bad params, the lens
// above every graph and its command in an editor without a panel.
import * as assert from 'node:assert/strict';
import { graphRequestAnswer } from '../../server/src/features/graphView';
import { GRAPH_DRAWN_VERTICES, type GraphAnswer, GraphRequest, SHOW_GRAPH_COMMAND } from '../../server/src/protocol';
import { retrogradeOutcomes } from '../engine/oracles/loopy';
import { bruteGraphNimbers } from '../engine/oracles/oracles';
import { random } from '../engine/oracles/random';
import { randomSuccessors } from '../engine/oracles/randomGames';
import { viewOf } from '../helpers/features';
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
  // Every value of a view is computed (test/helpers/features.ts): no answer is still computing.
  const view = viewOf(text);
  const ask = (params: Parameters<typeof graphRequestAnswer>[1]) => graphRequestAnswer(view, params);
  const settled = (params: Parameters<typeof graphRequestAnswer>[1]): Drawn => {
    const answer = ask(params);
    assert.ok(!('refused' in answer), JSON.stringify(answer));
    assert.ok(!answer.computing, 'computed');
    return answer;
  };

  it('a small graph: every vertex with its nimber (the oracle), every edge, the tokens of both games', () => {
    const answer = settled({ graph: 'g' });
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

  it('by position: on the declaration, on a game that puts tokens on it', () => {
    assert.equal((ask({ position: { line: 2, character: 3 } }) as Drawn).graph, 'g');
    const line = text.split('\n').findIndex((l) => l.startsWith('game more'));
    assert.equal((ask({ position: { line, character: 12 } }) as Drawn).graph, 'g');
    assert.match(
      (ask({ position: { line: line + 1, character: 0 } }) as { refused: string }).refused,
      /Put the cursor on a graph/,
    );
  });

  it('a big graph is summarised (counts, no drawing); a cycle with no way out: two draws', () => {
    const chain = settled({ graph: 'chain' });
    assert.equal(chain.drawn, undefined);
    assert.equal(chain.vertexCount, GRAPH_DRAWN_VERTICES + 51);
    // A chain alternates 0 and 1 from its end.
    assert.deepEqual(chain.nimberCounts, [Math.ceil(chain.vertexCount / 2), Math.floor(chain.vertexCount / 2)]);
    // x -> y -> x and no way out: both infinite with no finite option, ∞(): a draw; both edges on the cycle.
    const loop = settled({ graph: 'loop' });
    assert.equal(loop.problem, undefined);
    assert.deepEqual(loop.drawn!.vertices, [
      { name: 'x', nimber: null, infinite: [], outcome: 'D' },
      { name: 'y', nimber: null, infinite: [], outcome: 'D' },
    ]);
    assert.deepEqual(loop.drawn!.cycleEdges, [0, 1]);
    assert.deepEqual([loop.infiniteCount, loop.drawCount], [2, 2]);
    assert.equal(settled({ graph: 'g' }).drawn!.cycleEdges, undefined, 'no cycle, no cycle edges');
    assert.match((ask({ graph: 'nosuch' }) as { refused: string }).refused, /no graph `nosuch`/);
  });

  it("graphs with cycles: each vertex's outcome is retrograde analysis's, cycle edges those whose ends meet", () => {
    const next = random(41);
    let infinite = 0;
    for (let round = 0; round < 150; round++) {
      const count = 1 + Math.floor(next() * 9);
      const successors = randomSuccessors(next, count, Math.floor(next() * 2.5 * count));
      const lines = successors.map((s, v) => (s.length ? `  v${v} -> ${s.map((w) => `v${w}`).join(', ')}` : `  v${v}`));
      const answer = graphRequestAnswer(viewOf(`graph r {\n${lines.join('\n')}\n}\n`), { graph: 'r' }) as Drawn;
      const drawn = answer.drawn!;
      // The text names vertices in order of first appearance: map them back to the oracle's numbers.
      const number = drawn.vertices.map((v) => Number(v.name.slice(1)));
      const outcomes = retrogradeOutcomes(count, (p) => successors[p]);
      const expected = { W: 'N', L: 'P', D: 'D' } as const;
      drawn.vertices.forEach((v, i) =>
        assert.equal(v.outcome, expected[outcomes[number[i]]], `round ${round}, ${v.name}`),
      );
      const reaches = (from: number, to: number) => {
        const seen = new Set([from]);
        for (const queue = [from]; queue.length; )
          for (const w of successors[queue.pop()!]) if (!seen.has(w)) seen.add(w), queue.push(w);
        return seen.has(to);
      };
      const onCycle = drawn.edges.flatMap(([u, v], e) => (reaches(number[v], number[u]) ? [e] : []));
      assert.deepEqual(drawn.cycleEdges ?? [], onCycle, `round ${round}`);
      infinite += drawn.vertices.filter((v) => v.infinite).length;
    }
    assert.ok(infinite > 100, `${infinite} infinite vertices met`);
  });

  it('over the wire: the request, its bad params refused; a lens runs show-graph as a message', async () => {
    const { session } = await LanguageServerSession.inProcess();
    try {
      await session.open(uri, text);
      await session.settledCodeLenses(uri);
      const request = (params: Record<string, unknown>) =>
        session.request(GraphRequest, { textDocument: { uri }, ...params });
      let answer = await request({ graph: 'g' });
      while (!('refused' in answer) && answer.computing) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        answer = await request({ graph: 'g' });
      }
      assert.deepEqual(answer, graphRequestAnswer(view, { graph: 'g' }));
      await assert.rejects(request({}), /a graph \(its name\) or a position/);
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
        'graph g: 5 vertices, 6 edges. 2 with nimber 0, 2 with nimber 1, 1 with nimber 2; the vertices with nimber ' +
          '0 are the P-positions',
      );
    } finally {
      await session.stop();
    }
  });
});
