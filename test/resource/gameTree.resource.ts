// The game tree of big games (issue 39, item 6): every family's big position asked for its tree
// node in an in-process server. The node is computed in a worker under the computation budget;
// the guard checks that it answers (a node, or a refusal that says why: never a crash or a dead
// worker), that the server's main thread answers a hover meanwhile within its bound, and that the
// process's memory stays bounded.
import * as assert from 'node:assert/strict';
import { type GameTreeAnswer, GameTreeRequest } from '../../server/src/protocol';
import { LanguageServerSession } from '../helpers/languageServer';
import { MAIN_THREAD_BOUND_MS, report, timed } from './guards';

const BUDGET_MS = 3_000;
/** The process's resident memory may not grow by more than this while the trees are made (workers included). */
const GROWTH_BOUND_MB = 1_000;

const picture = (edges: number) =>
  `hackenbush { ground - p0, ${Array.from({ length: edges - 1 }, (_, i) => `p${i} - p${i + 1}`).join(', ')} }`;
const games: [string, string][] = [
  ['kayles4', 'kayles 40 50 60 70'],
  ['nimPair', 'nim 1000000 999999'],
  ['hugeHeap', `kayles ${'9'.repeat(1000)}`],
  ['misere', 'misere kayles 30 40 50'],
  ['picture', picture(2000)],
  ['row', `treblecross "${'.'.repeat(20_000)}"`],
  ['xRow', `kayles "${'X'.repeat(20_000)}"`],
  ['stairs', `staircase [${Array.from({ length: 2000 }, (_, i) => i % 7).join(', ')}]`],
  ['wythoff', 'wythoff (100000, 99999)'],
  ['leftmost', `leftmost [${Array.from({ length: 500 }, () => 9).join(', ')}]`],
];
const text = `${['game probe = nim 1 2', ...games.map(([name, game]) => `game ${name} = ${game}`)].join('\n')}\n`;

describe('the game tree of big games', function () {
  this.timeout(300_000);
  let session: LanguageServerSession;
  const uri = 'file:///resource/trees.game';

  before(async () => {
    ({ session } = await LanguageServerSession.inProcess({ settings: { computation: { budgetMs: BUDGET_MS } } }));
    await session.open(uri, text);
    await session.nextDiagnostics(uri);
  });
  after(() => session.stop());

  for (const [name, game] of games) {
    it(`${name} (${game.slice(0, 40)}…): a node or a reason, the main thread free meanwhile`, async () => {
      const rssBefore = process.memoryUsage().rss / 2 ** 20;
      const tree = session.request(GameTreeRequest, { textDocument: { uri }, game: name }) as Promise<GameTreeAnswer>;
      const { ms: hoverMs } = await timed(() => session.hover(uri, { line: 0, character: 6 }));
      const { value: answer, ms } = await timed(() => tree);
      const grown = process.memoryUsage().rss / 2 ** 20 - rssBefore;
      report(`${name}: tree node`, `${ms.toFixed(0)} ms, memory +${grown.toFixed(0)} MB`, `${GROWTH_BOUND_MB} MB`);
      report(`${name}: a hover meanwhile`, `${hoverMs.toFixed(1)} ms`, `${MAIN_THREAD_BOUND_MS} ms`);
      assert.ok(hoverMs <= MAIN_THREAD_BOUND_MS, `the hover took ${hoverMs.toFixed(0)} ms`);
      assert.ok(grown <= GROWTH_BOUND_MB, `memory grew by ${grown.toFixed(0)} MB`);
      if ('refused' in answer) assert.match(answer.refused, /\w/);
      else {
        assert.equal(answer.game, name);
        // A node lists its moves, or says why it does not.
        assert.ok(
          answer.moveCount !== null || (answer.movesReason ?? '').length > 0,
          JSON.stringify(answer).slice(0, 300),
        );
        if (answer.moveCount !== null) assert.ok(answer.children.length <= answer.moveCount);
      }
      // No worker died on it: the next computation still answers.
      const { value: probe } = await timed(() =>
        session.request(GameTreeRequest, { textDocument: { uri }, game: 'probe' }),
      );
      assert.ok(!('refused' in (probe as GameTreeAnswer)));
      assert.equal((probe as Exclude<GameTreeAnswer, { refused: string }>).children.length, 3);
    });
  }
});
