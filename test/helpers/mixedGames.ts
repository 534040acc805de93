// Seeded documents of many games that mix every family (issue 55: a game's result is a function of the game alone,
// so a game must get the same answer in such a document as alone). A document is its declarations (every rule and
// graph its games may use, always the same ones) then N games, each one line: heaps of every rule kind (built-ins,
// finite subtraction sets, all-but sets, octal and hexadecimal codes, infinite sets and codes, take-and-break codes
// with splits and `!`, rules of one's own of one and two variables), Wythoff positions, tokens on graphs with and
// without cycles, Treblecross and octal rows, Staircase Nim, Green Hackenbush, Cram, Node and Arc Kayles, Chomp,
// the leftmost-pile game, a word game, misère sums of one rule and of several, heaps of 30 to 60 digits, and sums of
// these. Each game is meant to be decided within a second or two alone; a few are deliberately past a limit (a Cram
// board beyond the search, Grundy's game at a heap of 40 digits, a Wythoff nimber past the table in a sum, a misère
// sum with a heap past the search) so that "unknown, with the same reason" is compared too. With `heavy`, a few more
// that take tens of seconds alone (misère Kayles beside Nim 4 or Lasker's Nim with a huge heap: the joint quotient
// stops at its limit of work).
import { integer, random } from '../engine/oracles/random';

/** The declarations every generated document starts with: what its games may name. */
export const MIXED_DECLARATIONS = [
  '# Rules: finite and all-but subtraction sets, octal and hexadecimal codes, infinite sets and codes,',
  '# take-and-break codes, rules of their own of one and two variables, and a word game dictionary.',
  'rule s134 = subtract {1, 3, 4}',
  'rule s257 = subtract {2, 5, 7}',
  'rule onetwo = subtract {1, 2}',
  'rule ae25 = subtract all except {2, 5}',
  'rule o137 = octal 0.137',
  'rule dk = octal 0.07',
  'rule off = octal 0.6',
  'rule o4 = octal 0.4',
  'rule hf8 = hex 0.F8',
  'rule hb4 = hex 0.B4',
  'rule sq = subtract squares',
  'rule p2 = subtract powers of 2',
  'rule sq23 = subtract squares | {2, 3}',
  'rule npr = subtract all except primes',
  'rule fib = subtract fibonacci',
  'rule m3 = subtract multiples of 3 | {1}',
  'rule ic = octal 0.1[37]',
  'rule las = octal 4.[3]',
  'rule tb = octal 4.07',
  'rule g2 = octal 4!.0',
  'rule ub = octal 0.4!',
  'rule half = moves n -> n - k for k in 1..n / 2',
  'rule divs = moves n -> n - d for d in 1..n - 1 if n % d == 0',
  'rule pins = moves n -> [a, n - 1 - a] for a in 0..(n - 1) / 2',
  '          | [a, n - 2 - a] for a in 0..(n - 2) / 2',
  'rule rook = moves (x, y) -> (x - k, y) for k in 1..x if x - k != y',
  '          | (x, y - k) for k in 1..y if y - k != x',
  'rule queen = moves (x, y) -> (x - k, y) for k in 1..x | (x, y - k) for k in 1..y | ' +
    '(x - k, y - k) for k in 1..min(x, y)',
  'rule dict = words {"ab", "ba", "c", "abc"}',
  '',
  '# Graphs: one without cycles, two with.',
  'graph dag {',
  '  a -> b, c',
  '  b -> d, f',
  '  c -> d, e',
  '  d -> e, g',
  '  e -> g',
  '  f -> g, h',
  '  g -> h',
  '  h',
  '}',
  'graph loops {',
  '  a -> a, e',
  '  b -> c, e',
  '  c -> b',
  '  s -> t',
  '  t -> s',
  '  e',
  '}',
  'graph ring {',
  '  r1 -> r2, yard',
  '  r2 -> r3',
  '  r3 -> r4, yard',
  '  r4 -> r1',
  '}',
] as const;

/** One generated game: its name, its text after `=` and the families it is made of (for reports). */
export interface MixedGame {
  readonly name: string;
  /** What follows `game NAME = `. */
  readonly text: string;
  readonly families: readonly string[];
}

export interface MixedDocument {
  readonly text: string;
  readonly games: readonly MixedGame[];
}

export interface MixedOptions {
  readonly seed: number;
  readonly games: number;
  /** Add the games that take tens of seconds alone (the bench's size; never in CI's). */
  readonly heavy?: boolean;
}

type Next = () => number;

/** A component: its family and its text. */
interface Part {
  readonly family: string;
  readonly text: string;
}

const pick = <T>(next: Next, list: readonly T[]): T => list[Math.floor(next() * list.length)];

/** A number of exactly `digits` digits. */
function bigNumber(next: Next, digits: number): string {
  let text = String(integer(next, 1, 9));
  while (text.length < digits) text += String(integer(next, 0, 9));
  return text;
}

/** `count` heaps in [low, high], written with spaces between. */
const heaps = (next: Next, count: number, low: number, high: number): string =>
  Array.from({ length: count }, () => integer(next, low, high)).join(' ');

/** A row of X's and dots with `runs` runs of 1 to `longest` X's. */
function octalRow(next: Next, runs: number, longest: number): string {
  let cells = next() < 0.5 ? '.' : '';
  for (let r = 0; r < runs; r++) cells += `${'X'.repeat(integer(next, 1, longest))}${'.'.repeat(integer(next, 1, 2))}`;
  return `"${cells}"`;
}

/** A Treblecross row: empty cells with a few marks, never two within two cells of each other (no game is over). */
function trebleRow(next: Next): string {
  const length = integer(next, 3, 22);
  const cells: string[] = [];
  let sinceMark = 3;
  for (let i = 0; i < length; i++) {
    const mark = sinceMark >= 3 && next() < 0.12;
    cells.push(mark ? 'X' : '.');
    sinceMark = mark ? 0 : sinceMark + 1;
  }
  return `"${cells.join('')}"`;
}

/** A Wythoff position: mostly to 1,000, some to 4,096, once in a while beyond the table. */
function wythoffPair(next: Next, beyond: boolean): string {
  const most = beyond ? 100_000 : next() < 0.7 ? 1000 : 4096;
  const low = beyond ? 4097 : 0;
  return `(${integer(next, low, most)}, ${integer(next, 0, most)})`;
}

/** A Cram board of `rows` × `cols` with a share of cells filled. */
function cramBoard(next: Next, rows: number, cols: number, filled: number): string {
  const row = () => `"${Array.from({ length: cols }, () => (next() < filled ? '#' : '.')).join('')}"`;
  return `[${Array.from({ length: rows }, row).join(', ')}]`;
}

/** An undirected graph on a few vertices, written as Node and Arc Kayles write it. */
function kaylesGraph(next: Next): string {
  const vertices = integer(next, 2, 8);
  const names = 'abcdefgh'.slice(0, vertices).split('');
  const edges = new Set<string>();
  for (let v = 1; v < vertices; v++) edges.add(`${names[integer(next, 0, v - 1)]} - ${names[v]}`);
  for (let extra = integer(next, 0, 3); extra > 0; extra--) {
    const a = integer(next, 0, vertices - 1);
    const b = integer(next, 0, vertices - 1);
    if (a < b) edges.add(`${names[a]} - ${names[b]}`);
  }
  if (next() < 0.2) edges.add('z');
  return `{ ${[...edges].join(', ')} }`;
}

/** A Hackenbush picture: a tree from the ground, sometimes with a cycle or a loop. */
function picture(next: Next): string {
  const count = integer(next, 1, 9);
  const edges: string[] = [];
  const names = ['ground'];
  for (let i = 0; i < count; i++) {
    const name = `v${i}`;
    edges.push(`${pick(next, names)} - ${name}`);
    names.push(name);
  }
  if (next() < 0.3) edges.push(`${pick(next, names)} - ${pick(next, names)}`);
  return `{ ${edges.join(', ')} }`;
}

/** A Chomp board: rows' lengths from the bottom, none longer than the one below. */
function chompBoard(next: Next): string {
  const rows: number[] = [integer(next, 1, 7)];
  for (let r = integer(next, 0, 5); r > 0; r--) rows.push(integer(next, 1, rows[rows.length - 1]));
  return `[${rows.join(', ')}]`;
}

/** A Staircase Nim list. */
const staircase = (next: Next): string =>
  `[${Array.from({ length: integer(next, 1, 6) }, () => integer(next, 0, next() < 0.2 ? 10 ** 9 : 20)).join(', ')}]`;

/** A word game's piece. */
const piece = (next: Next): string =>
  `"${Array.from({ length: integer(next, 0, 9) }, () => pick(next, ['a', 'b', 'c'])).join('')}"`;

/** Components of normal play, by family: each small enough to be decided in a second or two. */
const NORMAL: readonly ((next: Next) => Part)[] = [
  (next) => ({ family: 'nim', text: `nim ${heaps(next, integer(next, 1, 4), 0, 100)}` }),
  (next) => ({ family: 'kayles', text: `kayles ${heaps(next, integer(next, 1, 3), 0, 2000)}` }),
  (next) => ({
    family: 'dawson',
    text: `${pick(next, ['dawson', 'dawson-kayles', 'o137', 'dk'])} ${heaps(next, 2, 0, 500)}`,
  }),
  (next) => ({ family: 'grundy', text: `${pick(next, ['grundy', 'g2'])} ${heaps(next, integer(next, 1, 2), 0, 200)}` }),
  (next) => ({ family: 'lasker', text: `${pick(next, ['lasker', 'las'])} ${heaps(next, 2, 0, 10 ** 6)}` }),
  (next) => ({
    family: 'subtract',
    text: `${pick(next, ['s134', 's257', 'onetwo'])} ${heaps(next, integer(next, 1, 3), 0, 10 ** 6)}`,
  }),
  (next) => ({ family: 'all-except', text: `ae25 ${heaps(next, integer(next, 1, 2), 0, 300)}` }),
  (next) => ({ family: 'octal', text: `${pick(next, ['off', 'o4'])} ${heaps(next, integer(next, 1, 2), 0, 150)}` }),
  (next) => ({ family: 'hex', text: `${pick(next, ['hf8', 'hb4'])} ${heaps(next, integer(next, 1, 2), 0, 150)}` }),
  (next) => ({
    family: 'infinite set',
    text: `${pick(next, ['sq', 'p2', 'sq23', 'npr', 'fib', 'm3'])} ${heaps(next, integer(next, 1, 2), 0, 1500)}`,
  }),
  (next) => ({ family: 'infinite code', text: `ic ${heaps(next, integer(next, 1, 2), 0, 150)}` }),
  (next) => ({
    family: 'take-and-break',
    text: `${pick(next, ['tb', 'ub'])} ${heaps(next, integer(next, 1, 2), 0, 150)}`,
  }),
  (next) => ({
    family: 'moves',
    text: `${pick(next, ['half', 'divs', 'pins'])} ${heaps(next, integer(next, 1, 3), 0, 300)}`,
  }),
  (next) => ({
    family: 'moves (two variables)',
    text: `${pick(next, ['rook', 'queen'])} (${integer(next, 0, 25)}, ${integer(next, 0, 25)})`,
  }),
  (next) => ({
    family: 'wythoff',
    text: `wythoff ${Array.from({ length: integer(next, 1, 2) }, () => wythoffPair(next, false)).join(' ')}`,
  }),
  (next) => ({
    family: 'graph',
    text: `dag at ${Array.from({ length: integer(next, 1, 3) }, () => pick(next, 'abcdefgh'.split(''))).join(', ')}`,
  }),
  (next) => ({
    family: 'graph with cycles',
    text:
      next() < 0.5
        ? `loops at ${pick(next, ['a', 'b', 'c', 'e', 's'])}`
        : `ring at ${pick(next, ['r1', 'r2', 'r3', 'r4'])}`,
  }),
  (next) => ({ family: 'treblecross', text: `treblecross ${trebleRow(next)}` }),
  (next) => ({
    family: 'octal row',
    text: `${pick(next, ['kayles', 'dawson-kayles', 'dk', 'off'])} ${octalRow(next, integer(next, 1, 3), 8)}`,
  }),
  (next) => ({ family: 'staircase', text: `staircase ${staircase(next)}` }),
  (next) => ({ family: 'hackenbush', text: `hackenbush ${picture(next)}` }),
  (next) => ({ family: 'cram', text: `cram ${cramBoard(next, integer(next, 1, 3), integer(next, 1, 4), 0.2)}` }),
  (next) => ({ family: 'node-kayles', text: `node-kayles ${kaylesGraph(next)}` }),
  (next) => ({ family: 'arc-kayles', text: `arc-kayles ${kaylesGraph(next)}` }),
  (next) => ({ family: 'chomp', text: `chomp ${chompBoard(next)}` }),
  (next) => ({
    family: 'leftmost',
    text: `leftmost [${heaps(next, integer(next, 1, 4), 0, 9).replaceAll(' ', ', ')}]`,
  }),
  (next) => ({ family: 'words', text: `dict ${piece(next)} ${piece(next)}` }),
  (next) => ({
    family: 'big numbers',
    text: `${pick(next, ['nim', 'kayles', 'dawson', 's134', 'onetwo', 'p2', 'lasker'])} ${bigNumber(
      next,
      integer(next, 30, 60),
    )}`,
  }),
];

/** Whole misère games: one rule, several rules, and other families the exact search reaches. */
const MISERE: readonly ((next: Next) => Part)[] = [
  (next) => ({ family: 'misère nim', text: `misere nim ${heaps(next, integer(next, 1, 4), 0, 5)}` }),
  (next) => ({
    family: 'misère one rule',
    text: `misere ${pick(next, ['kayles', 'dawson', 's134', 'onetwo'])} ${heaps(next, integer(next, 1, 4), 1, 40)}`,
  }),
  (next) => ({
    family: 'misère one rule',
    text: `misere kayles ${bigNumber(next, integer(next, 30, 40))} ${integer(next, 1, 30)}`,
  }),
  (next) => ({
    family: 'misère several rules',
    text: `misere kayles ${heaps(next, integer(next, 1, 2), 1, 30)} + nim ${heaps(next, integer(next, 1, 2), 1, 3)}`,
  }),
  (next) => ({
    family: 'misère several rules',
    text: `misere kayles ${integer(next, 1, 20)} + ${pick(next, ['s134', 'onetwo'])} ${integer(next, 1, 9)}`,
  }),
  (next) => ({
    family: 'misère several rules',
    text: `misere dawson ${integer(next, 1, 14)} + nim ${integer(next, 1, 3)} + onetwo ${integer(next, 1, 9)}`,
  }),
  // Sums over one set of rules, small and huge: each grows the rules' joint quotient as far as it needs, and a
  // game's answer (its `decidedBy` too) must not depend on how far another game grew it.
  (next) => ({ family: 'misère several rules', text: `misere kayles ${bigNumber(next, 39)} + nim 3` }),
  (next) => ({ family: 'misère several rules', text: `misere kayles ${heaps(next, 2, 1, 20)} + nim 3` }),
  (next) => ({
    family: 'misère several rules',
    text: `misere dawson ${integer(next, 1, 3)} + nim 3 + onetwo ${integer(next, 1, 3)}`,
  }),
  (next) => ({
    family: 'misère board',
    text: `misere cram ${cramBoard(next, integer(next, 1, 3), integer(next, 1, 3), 0.2)}`,
  }),
  (next) => ({ family: 'misère board', text: `misere chomp [${integer(next, 2, 4)}, ${integer(next, 1, 2)}]` }),
  (next) => ({
    family: 'misère staircase',
    text: `misere staircase [${heaps(next, integer(next, 1, 3), 0, 3).replaceAll(' ', ', ')}]`,
  }),
  (next) => ({ family: 'misère hackenbush', text: `misere hackenbush ${picture(next)}` }),
  (next) => ({ family: 'misère graph with cycles', text: `misere loops at ${pick(next, ['a', 'b', 'c'])}` }),
  (next) => ({ family: 'misère wythoff', text: `misere wythoff (${integer(next, 0, 12)}, ${integer(next, 0, 12)})` }),
  (next) => ({ family: 'misère moves', text: `misere half ${integer(next, 1, 12)} + nim ${integer(next, 1, 2)}` }),
];

/** Deliberately past a limit, cheaply: the answer is "unknown" with its reason (or decided past a table). */
const PAST_LIMITS: readonly ((next: Next) => Part)[] = [
  (next) => ({ family: 'past limits: cram', text: `cram ${cramBoard(next, 11, 13, 0)}` }),
  (next) => ({ family: 'past limits: grundy', text: `grundy ${bigNumber(next, 40)}` }),
  (next) => ({
    family: 'past limits: wythoff',
    text: `wythoff ${wythoffPair(next, true)} + nim ${integer(next, 1, 9)}`,
  }),
  (next) => ({ family: 'past limits: wythoff', text: `wythoff ${wythoffPair(next, true)}` }),
  (next) => ({ family: 'past limits: misère', text: `misere loops at a + nim ${bigNumber(next, 20)}` }),
];

/** Past a limit after tens of seconds of work alone (the bench only). */
const HEAVY: readonly ((next: Next) => Part)[] = [
  (next) => ({ family: 'past limits: misère kayles', text: `misere kayles ${bigNumber(next, 39)} + nim 4` }),
  (next) => ({ family: 'past limits: misère kayles', text: `misere kayles ${bigNumber(next, 39)} + lasker 9` }),
  (next) => ({ family: 'past limits: cram', text: `cram ${cramBoard(next, 5, 9, 0)}` }),
];

/** A document of `games` games mixing every family (the same for the same seed). */
export function mixedGamesDocument(options: MixedOptions): MixedDocument {
  const next = random(options.seed);
  const games: MixedGame[] = [];
  const add = (parts: readonly Part[]) =>
    games.push({ name: '', text: parts.map((p) => p.text).join(' + '), families: parts.map((p) => p.family) });
  const sum = () => add(Array.from({ length: integer(next, 2, 3) }, () => pick(next, NORMAL)(next)));
  // Every family at least once and a few sums (as far as the size allows), then at random.
  const families = [...NORMAL, ...MISERE, ...PAST_LIMITS, ...(options.heavy ? HEAVY : [])];
  for (const family of families) if (games.length < options.games) add([family(next)]);
  for (let s = 0; s < 5 && games.length < options.games; s++) sum();
  while (games.length < options.games) {
    const roll = next();
    if (roll < 0.5) add([pick(next, NORMAL)(next)]);
    else if (roll < 0.7) add([pick(next, MISERE)(next)]);
    else if (roll < 0.73) add([pick(next, PAST_LIMITS)(next)]);
    else sum();
  }
  // Shuffled, so that the order of families differs from one seed to the next.
  for (let i = games.length - 1; i > 0; i--) {
    const j = integer(next, 0, i);
    [games[i], games[j]] = [games[j], games[i]];
  }
  const named = games.map((game, i) => ({ ...game, name: `mix${i}` }));
  const lines = [...MIXED_DECLARATIONS, '', '# Games.', ...named.map((game) => `game ${game.name} = ${game.text}`)];
  return { text: `${lines.join('\n')}\n`, games: named };
}
