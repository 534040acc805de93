// The picture view's answer (PictureRequest) on a view: a Hackenbush picture's vertices (the ground
// first), its edges as written, the winning cuts (each leaves a game whose player to move loses,
// checked by analysing the text after it), the edges standing on nothing; a picture found by
// position, a big picture summarised, refusals. Over the wire: the request and its bad params,
// the lens above every game with pictures and its command in an editor without a panel.
import * as assert from 'node:assert/strict';
import { reportGames } from '../../server/src/analysis/gameReport';
import { pictureRequestAnswer } from '../../server/src/features/pictureView';
import { analyzeText } from '../../server/src/language/analyze';
import {
  GRAPH_DRAWN_VERTICES,
  type PictureAnswer,
  PictureRequest,
  SHOW_PICTURE_COMMAND,
} from '../../server/src/protocol';
import { viewOf } from '../helpers/features';
import { LanguageServerSession } from '../helpers/languageServer';

type Drawn = Extract<PictureAnswer, { game: string }>;

const uri = 'file:///picture.game';
const stalk = Array.from({ length: GRAPH_DRAWN_VERTICES + 20 }, (_, i) => `v${i} - v${i + 1}`).join(', ');
const text = [
  'game tree = hackenbush { ground - a, a - b, a - c, c - d, x - y }',
  'game two = hackenbush { ground - a } { ground - b, b - c, c - ground } + nim 1',
  `game tall = hackenbush { ground - v0, ${stalk} }`,
  'game none = nim 3',
  '',
].join('\n');

describe('the picture request (the picture view)', function () {
  this.timeout(60_000);
  const view = viewOf(text);
  const ask = (params: Parameters<typeof pictureRequestAnswer>[1]) => pictureRequestAnswer(view, params);
  const settled = (params: Parameters<typeof pictureRequestAnswer>[1]): Drawn => {
    const answer = ask(params);
    assert.ok(!('refused' in answer), JSON.stringify(answer));
    assert.ok(!answer.computing, 'computed');
    return answer;
  };

  it('a tree: its vertices with the ground first, its edges as written, the loose edge, the winning cut', () => {
    const answer = settled({ game: 'tree', picture: 0 });
    const drawn = answer.drawn!;
    assert.deepEqual(drawn.vertices, ['ground', 'a', 'b', 'c', 'd', 'x', 'y']);
    assert.deepEqual(
      drawn.edges.map(([u, v]) => `${drawn.vertices[u]} - ${drawn.vertices[v]}`),
      ['ground - a', 'a - b', 'a - c', 'c - d', 'x - y'],
    );
    assert.deepEqual(drawn.loose, [4]);
    assert.deepEqual([answer.nimber, answer.gameNimber, answer.pictures], [4, 4, 1]);
    assert.deepEqual(drawn.winning, [0]); // cutting `ground - a` leaves nothing: 0
  });

  it("the winning cuts of a game's second picture: each, written into the text, leaves a P-position", () => {
    const answer = settled({ game: 'two', picture: 1 });
    assert.deepEqual([answer.picture, answer.pictures, answer.nimber, answer.gameNimber], [1, 2, 1, 1]);
    const drawn = answer.drawn!;
    assert.ok(drawn.winning.length > 0);
    const report = reportGames(view.document, { maxMoves: 100 }).find((r) => r.game.name === 'two')!;
    for (const edge of drawn.winning) {
      const [u, v] = drawn.edges[edge];
      const move = report.winningMoves.find((m) =>
        m.label.includes(`cut ${drawn.vertices[u]} - ${drawn.vertices[v]}`),
      )!;
      const after = text.slice(0, move.edit.span.start) + move.edit.newText + text.slice(move.edit.span.end);
      const again = reportGames(analyzeText(after)).find((r) => r.game.name === 'two')!;
      assert.equal(again.result!.outcome, 'P', move.label);
    }
  });

  it('by position: on a picture, on the game; a big picture is summarised; refusals say why', () => {
    assert.deepEqual(
      [
        (ask({ position: { line: 1, character: 45 } }) as Drawn).picture,
        (ask({ position: { line: 1, character: 6 } }) as Drawn).picture,
      ],
      [1, 0],
    );
    const tall = settled({ game: 'tall', picture: 0 });
    assert.equal(tall.drawn, undefined);
    assert.equal(tall.nimber, GRAPH_DRAWN_VERTICES + 21);
    assert.match((ask({ game: 'none', picture: 0 }) as { refused: string }).refused, /has no Hackenbush picture/);
    assert.match((ask({ game: 'two', picture: 2 }) as { refused: string }).refused, /has 2 pictures, not 3/);
    assert.match((ask({ position: { line: 3, character: 2 } }) as { refused: string }).refused, /Put the cursor/);
  });

  it('over the wire: the request, its bad params refused; a lens runs show-picture as a message', async () => {
    const { session } = await LanguageServerSession.inProcess();
    try {
      await session.open(uri, text);
      await session.settledCodeLenses(uri);
      const request = (params: Record<string, unknown>) =>
        session.request(PictureRequest, { textDocument: { uri }, ...params });
      let answer = await request({ game: 'tree', picture: 0 });
      while (!('refused' in answer) && answer.computing) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        answer = await request({ game: 'tree', picture: 0 });
      }
      assert.deepEqual(answer, pictureRequestAnswer(view, { game: 'tree', picture: 0 }));
      await assert.rejects(request({}), /a game \(its name\) or a position/);
      await assert.rejects(request({ game: 'tree', picture: -1 }), /params.picture must be/);
      const lenses = ((await session.codeLenses(uri)) ?? []).filter(
        (lens) => lens.command?.command === SHOW_PICTURE_COMMAND,
      );
      assert.deepEqual(
        lenses.map((lens) => [lens.range.start.line, lens.command!.title]),
        [
          [0, '$(type-hierarchy) show the picture of tree'],
          [1, '$(type-hierarchy) show the picture 1 of two'],
          [1, '$(type-hierarchy) show the picture 2 of two'],
          [2, '$(type-hierarchy) show the picture of tall'],
        ],
      );
      const told = await session.executeCommand(SHOW_PICTURE_COMMAND, lenses[0].command!.arguments);
      assert.equal(told, 'picture 1 of tree: 7 vertices (the ground one), 5 edges. nimber 4; 1 winning cut(s)');
    } finally {
      await session.stop();
    }
  });
});
