// The game tree (GameTreeRequest) over an in-process LSP session: the root's children of a nim game
// are exactly its moves, each valued as the engine values the position after it (and as a brute
// force mex does), the P-positions marked; a node two levels down; a path made for another game,
// or past a node's moves, refused; a game too large to list; misère outcomes; the server's own
// command tells the moves as a message. On a graph with cycles: Smith's values ∞(K) and draws, and a
// move back to a position on the path from the root a back edge, however far up, in a sum too.
import * as assert from 'node:assert/strict';
import { analyzeGame } from '../../server/src/engine';
import { losesAt } from '../../server/src/engine/search/remoteness';
import {
  GAME_TREE_MAX_CHILDREN,
  type GameTreeAnswer,
  type GameTreeParams,
  GameTreeRequest,
  type GameTreeValue,
  SHOW_GAME_TREE_COMMAND,
} from '../../server/src/protocol';
import { LanguageServerSession } from '../helpers/languageServer';

type Node = Exclude<GameTreeAnswer, { refused: string }>;

const uri = 'file:///tree.game';
const text = [
  'game three = nim 3 4 5',
  'game huge = nim 1000000',
  'game last = misere nim 1 1 1',
  'graph g {',
  '  a -> b, c',
  '  b -> c',
  '}',
  'game pebbles = g at a + kayles 3',
  'game wide = nim 40 41',
  'game w = wythoff (1, 2)',
  'game l = leftmost [1, 2] [1]',
  'game s = staircase [1, 1]',
  'game h = hackenbush { ground - a, a - b }',
  'game r = kayles "XX.X"',
  'game cr = cram ["...", "#.#"]',
  'game ch = chomp [2, 1]',
  'game nk = node-kayles { a - b, c }',
  'game ak = arc-kayles { a - b, b - c }',
  'graph loops {',
  '  a -> a, e',
  '  b -> c, e',
  '  c -> b',
  '  s -> t',
  '  t -> s',
  '}',
  'game g1 = loops at a',
  'game g2 = loops at c',
  'game g3 = loops at b + nim 1',
  'game g4 = loops at a + nim 1',
  'game g5 = loops at s',
  'graph door {',
  '  d -> s, out',
  '  s -> t',
  '  t -> s',
  '}',
  'game gd = door at d',
  '',
].join('\n');

/** Nim's nimber by brute force: the mex of the nimbers after every move. */
function nimByMex(heaps: readonly number[]): number {
  const memo = new Map<string, number>();
  const value = (hs: readonly number[]): number => {
    const key = [...hs].sort((a, b) => a - b).join(',');
    const known = memo.get(key);
    if (known !== undefined) return known;
    const seen = new Set<number>();
    hs.forEach((h, i) => {
      for (let to = 0; to < h; to++) seen.add(value(hs.map((x, j) => (j === i ? to : x))));
    });
    let mex = 0;
    while (seen.has(mex)) mex++;
    memo.set(key, mex);
    return mex;
  };
  return value(heaps);
}

/** The heaps of a nim position as the tree writes it (`nim 3 1 5`). */
const heapsOf = (position: string) =>
  position
    .replace(/^nim /, '')
    .split(' ')
    .map(Number)
    .filter((h) => h > 0);

describe('the game tree request', function () {
  this.timeout(60_000);
  let session: LanguageServerSession;
  const ask = (params: Omit<GameTreeParams, 'textDocument'>) =>
    session.request(GameTreeRequest, { textDocument: { uri }, ...params });
  const node = async (params: Omit<GameTreeParams, 'textDocument'>): Promise<Node> => {
    const answer = await ask(params);
    assert.ok(!('refused' in answer), JSON.stringify(answer));
    return answer;
  };
  before(async () => {
    session = (await LanguageServerSession.inProcess()).session;
    await session.open(uri, text);
  });
  after(async () => {
    await session?.stop();
  });

  it('the root of nim 3 4 5: exactly its 12 moves, each valued as the engine and a brute force mex', async () => {
    const root = await node({ game: 'three' });
    assert.equal(root.position, 'nim 3 4 5');
    assert.deepEqual([root.nimber, root.outcome, root.moveCount, root.play], ['2', 'N', 12, 'normal']);
    assert.equal(root.children.length, 12);
    const expected: string[] = [];
    [3, 4, 5].forEach((h, i) => {
      for (let to = h - 1; to >= 0; to--) expected.push([3, 4, 5].map((x, j) => (j === i ? to : x)).join(' '));
    });
    const positions = root.children.map((c) => heapsOf(c.position));
    assert.deepEqual(
      root.children.map((c) => c.position.replace(/^nim /, '')).sort(),
      expected
        .map((e) =>
          e
            .split(' ')
            .filter((h) => h !== '0')
            .join(' '),
        )
        .sort(),
    );
    root.children.forEach((child, k) => {
      const heaps = positions[k];
      const engine = analyzeGame({
        play: 'normal',
        components: [{ kind: 'heaps', rule: { kind: 'subtractAllExcept', except: [] }, heaps: heaps.map(BigInt) }],
      });
      assert.equal(child.nimber, String(engine.nimber), child.position);
      assert.equal(Number(child.nimber), nimByMex(heaps), child.position);
      assert.equal(child.outcome, child.nimber === '0' ? 'P' : 'N', child.position);
      assert.match(child.label, /^\d → \d$/);
      assert.equal(child.hasChildren, heaps.length > 0);
      assert.ok(child.remoteness !== undefined && losesAt('normal', child.remoteness) === (child.outcome === 'P'));
    });
    // The winning moves of nim 3 4 5 (nim-sum 2): 3 → 1 only.
    assert.deepEqual(
      root.children.filter((c) => c.outcome === 'P').map((c) => [c.label, c.position]),
      [['3 → 1', 'nim 1 4 5']],
    );
  });

  it('a path two levels down, and a path made for another game or past the moves refused', async () => {
    const root = await node({ game: 'three' });
    const winning = root.children.findIndex((c) => c.outcome === 'P');
    const child = await node({ game: 'three', path: [winning], root: root.root });
    assert.equal(child.position, 'nim 1 4 5');
    assert.deepEqual([child.nimber, child.outcome, child.moveCount], ['0', 'P', 10]);
    assert.ok(
      child.children.every((c) => c.outcome === 'N'),
      'every move from a P-position wins for the other',
    );
    const grandchild = await node({ game: 'three', path: [winning, 0], root: root.root });
    assert.equal(grandchild.position, child.children[0].position);
    assert.equal(grandchild.nimber, child.children[0].nimber);
    assert.deepEqual(grandchild.path, [winning, 0]);
    const other = await ask({ game: 'three', path: [0], root: 'not-this-game' });
    assert.match((other as { refused: string }).refused, /changed since its tree was drawn/);
    const past = await ask({ game: 'three', path: [winning, 10] });
    assert.match((past as { refused: string }).refused, /has 10 moves, not a move 11/);
    await assert.rejects(ask({ game: 'three', path: [-1] }), /params.path must be/);
    await assert.rejects(ask({ path: [] }), /a game \(its name\) or a position/);
    assert.match(((await ask({ game: 'nope' })) as { refused: string }).refused, /no game `nope`/);
  });

  // Moves that leave equal positions are one (nim 40 40 has 40), so the wide game's heaps differ.
  it('a game too large to list its moves says so; a wide one lists its first children, counting all', async () => {
    const huge = await node({ game: 'huge' });
    assert.deepEqual([huge.nimber, huge.moveCount, huge.children.length], ['1000000', null, 0]);
    assert.match(huge.movesReason ?? '', /10,000|too large|past/);
    const wide = await node({ game: 'wide' });
    assert.deepEqual([wide.moveCount, wide.children.length], [81, GAME_TREE_MAX_CHILDREN]);
  });

  it('misère play: outcomes, not nimbers; a token on a graph by its vertex names; by position', async () => {
    const last = await node({ game: 'last' });
    assert.deepEqual([last.play, last.outcome, last.nimber], ['misere', 'P', null]);
    assert.deepEqual(
      last.children.map((c) => [c.label, c.position, c.outcome, c.nimber]),
      [['1 → 0', 'nim 1 1', 'N', null]],
    );
    const pebbles = await node({ position: { line: 7, character: 3 } });
    assert.equal(pebbles.position, 'g at a + kayles 3');
    const labels = pebbles.children.map((c) => c.label);
    assert.ok(labels.includes('g a → b') && labels.includes('g a → c'), labels.join(', '));
    assert.ok(labels.includes('kayles 3 → 1+1'), labels.join(', '));
    assert.ok(pebbles.children.some((c) => c.position === 'g at c + kayles 3'));
  });

  it('each kind of component written as in a game, and its moves as labels', async () => {
    const written = async (game: string) => {
      const root = await node({ game });
      return [root.position, ...root.children.map((c) => `${c.label} ⇒ ${c.position}${c.hasChildren ? '' : ' .'}`)];
    };
    assert.deepEqual(await written('w'), [
      'wythoff (1, 2)',
      '(1, 2) → (0, 2) ⇒ wythoff (0, 2)',
      '(1, 2) → (1, 0) ⇒ wythoff (1, 0)',
      '(1, 2) → (1, 1) ⇒ wythoff (1, 1)',
      '(1, 2) → (0, 1) ⇒ wythoff (0, 1)',
    ]);
    assert.deepEqual(await written('l'), [
      'leftmost [1, 2] [1]',
      'row 1: 1 → 0 ⇒ leftmost [0, 2] [1]',
      'row 2: 1 → 0 ⇒ leftmost [1, 2] [0]',
    ]);
    assert.deepEqual(await written('s'), [
      'staircase [1, 1]',
      '1 from step 1 → off ⇒ staircase [0, 1]',
      '1 from step 2 → step 1 ⇒ staircase [2, 0]',
    ]);
    assert.deepEqual(await written('h'), [
      'hackenbush { ground - a, a - b }',
      'cut ground - a ⇒ hackenbush { } .',
      'cut a - b ⇒ hackenbush { ground - a }',
    ]);
    assert.deepEqual(await written('r'), [
      'kayles "XX.X"',
      'knock 1 ⇒ kayles ".X.X"',
      'knock 2 ⇒ kayles "X..X"',
      'knock 1–2 ⇒ kayles "...X"',
      'knock 4 ⇒ kayles "XX.."',
    ]);
  });

  it('boards and graph games: every move of the rules, written as in a game, each where it leads', async () => {
    const written = async (game: string) => {
      const root = await node({ game });
      return [root.position, ...root.children.map((c) => `${c.label} ⇒ ${c.position}${c.hasChildren ? '' : ' .'}`)];
    };
    // The empty cells (1, 1), (1, 2), (1, 3) and (2, 2): three dominoes, each leaving no two cells side by side.
    assert.deepEqual(await written('cr'), [
      'cram ["...", "#.#"]',
      'fill (1, 1) (1, 2) ⇒ cram ["##.", "#.#"] .',
      'fill (1, 2) (1, 3) ⇒ cram [".##", "#.#"] .',
      'fill (1, 2) (2, 2) ⇒ cram [".#.", "###"] .',
    ]);
    assert.deepEqual(await written('ch'), ['chomp [2, 1]', 'take (1, 2) ⇒ chomp [1, 1]', 'take (2, 1) ⇒ chomp [2]']);
    // Taking a or b takes both: one move to that graph is listed.
    assert.deepEqual(await written('nk'), [
      'node-kayles { a - b, c }',
      'take a ⇒ node-kayles { c }',
      'take c ⇒ node-kayles { a - b }',
    ]);
    assert.deepEqual(await written('ak'), [
      'arc-kayles { a - b, b - c }',
      'take a - b ⇒ arc-kayles { c } .',
      'take b - c ⇒ arc-kayles { a } .',
    ]);
  });

  it("the server's own command tells the root's moves", async () => {
    const told = (await session.executeCommand(SHOW_GAME_TREE_COMMAND, [{ uri, game: 'three' }])) as string;
    assert.match(told, /^three = nim 3 4 5: \*2, remoteness \d+; 12 moves: 3 → 2 \(\*/);
    assert.match(told, /3 → 1 \(0 \(P\)/);
    await assert.rejects(session.executeCommand(SHOW_GAME_TREE_COMMAND, [{ uri }]), /needs \{ uri, game \}/);
  });
  /** A value as the lines below write it: the nimber, or ∞(K), then the outcome. */
  const written = (v: GameTreeValue) =>
    `${v.nimber ?? (v.infinite ? `∞(${v.infinite.join(', ')})` : '?')} ${v.outcome}`;
  /** A node's children: `label ⇒ position value`, then `↺ n` for a back edge n steps up, `.` for no move left. */
  const lines = (n: Node) =>
    n.children.map((c) => {
      const end = c.repeats !== undefined ? ` ↺ ${c.repeats}` : c.hasChildren ? '' : ' .';
      return `${c.label} ⇒ ${c.position} ${written(c)}${end}`;
    });
  /** The node reached by the children's labels, one at a time from the root. */
  const reached = async (game: string, labels: readonly string[]): Promise<Node> => {
    let at = await node({ game });
    const path: number[] = [];
    for (const label of labels) {
      const k = at.children.findIndex((c) => c.label === label);
      assert.ok(k >= 0, `no move ${label} in ${lines(at).join('; ')}`);
      path.push(k);
      at = await node({ game, path, root: at.root });
    }
    return at;
  };

  it('a graph with cycles: a move round a loop or back up the path is a back edge; ∞(K) and draws', async () => {
    // a -> a, e: a is ∞(0) (move to e wins); its pass a → a comes back to a itself.
    const g1 = await node({ game: 'g1' });
    assert.deepEqual([g1.position, written(g1)], ['loops at a', '∞(0) N']);
    assert.deepEqual(lines(g1), ['a → a ⇒ loops at a ∞(0) N ↺ 0', 'a → e ⇒ loops at e 0 P .']);
    assert.equal(g1.children[0].hasChildren, false, 'a back edge is not opened');
    // s <-> t and no way out: ∞(), a draw, with no remoteness (the game never ends); t → s goes one step up.
    const g5 = await node({ game: 'g5' });
    assert.deepEqual([written(g5), g5.remoteness], ['∞() D', undefined]);
    assert.deepEqual(lines(g5), ['s → t ⇒ loops at t ∞() D']);
    assert.deepEqual(lines(await reached('g5', ['s → t'])), ['t → s ⇒ loops at s ∞() D ↺ 1']);
    // c -> b -> c, e: c is 0 though the cycle is endless. Down c → b → c, the move to b is back to the latest b (1 up).
    assert.deepEqual(lines(await node({ game: 'g2' })), ['c → b ⇒ loops at b 1 N']);
    assert.deepEqual(lines(await reached('g2', ['c → b'])), ['b → c ⇒ loops at c 0 P ↺ 1', 'b → e ⇒ loops at e 0 P .']);
    assert.deepEqual(lines(await reached('g2', ['c → b', 'b → c'])), ['c → b ⇒ loops at b 1 N ↺ 1']);
  });

  it('in a sum, a move back to the same tokens is no back edge once another component has moved', async () => {
    // loops at b + nim 1: b → c, then the heap, then c → b leaves b again, but not the root's nim 1.
    const afterHeap = await reached('g3', ['loops b → c', 'nim 1 → 0']);
    assert.deepEqual(lines(afterHeap), ['loops c → b ⇒ loops at b + nim 0 1 N']);
    const back = await reached('g3', ['loops b → c', 'nim 1 → 0', 'loops c → b']);
    assert.deepEqual(lines(back), [
      'loops b → c ⇒ loops at c + nim 0 0 P ↺ 1',
      'loops b → e ⇒ loops at e + nim 0 0 P .',
    ]);
    // ∞(0) ⊕ 1 = ∞(1): a draw; its pass is a back edge, its heap move not.
    const g4 = await node({ game: 'g4' });
    assert.deepEqual([written(g4), g4.remoteness], ['∞(1) D', undefined]);
    assert.deepEqual(lines(g4), [
      'loops a → a ⇒ loops at a + nim 1 ∞(1) D ↺ 0',
      'loops a → e ⇒ loops at e + nim 1 1 N',
      'nim 1 → 0 ⇒ loops at a + nim 0 ∞(0) N',
    ]);
    // d -> s (a draw), out: d wins in one move; the move to the draw has no remoteness (not Infinity, not null).
    const gd = await node({ game: 'gd' });
    assert.deepEqual([written(gd), gd.remoteness], ['∞(0) N', 1]);
    assert.deepEqual(
      gd.children.map((c) => [c.label, written(c), c.remoteness]),
      [
        ['d → s', '∞() D', undefined],
        ['d → out', '0 P', 0],
      ],
    );
    const told = (await session.executeCommand(SHOW_GAME_TREE_COMMAND, [{ uri, game: 'g1' }])) as string;
    assert.equal(
      told.split('; … ')[0],
      'g1 = loops at a: ∞(0) (N), remoteness 1; 2 moves: ' +
        'a → a (∞(0) (N), remoteness 1, a position met before); a → e (0 (P), remoteness 0).',
    );
  });
});
