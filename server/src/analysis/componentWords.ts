// What a hover says of a component beside its nimber, family by family: one entry per kind of
// checked component (COMPONENT_WORDS, exhaustive by type: a new kind without its words does not
// compile). Its lines read the computed result (the parts' nimbers, the rule's sequence, the
// Treblecross segments), which the language layer's family descriptors do not know; so the words
// live here, between the two, beside the rest of the wording.
import type { ComponentResult, RuleSummary } from '../compute/jobs';
import { type HackenbushPicture, hackenbushSummary, isWythoffP, wythoffPartner } from '../engine/families';
import type { HeapRule } from '../engine/types';
import { quoted } from '../language/diagnostics';
import type { CheckedComponent } from '../language/model';
import { numberText } from '../language/numberText';
import { describeRule, periodWords, proofWords, starCode } from './wording';

const nim = starCode;

/** Parts (heaps, positions, rows, tokens, pieces) a component's lines list; the rest are counted. */
export const LISTED_PARTS = 16;

/** The first LISTED_PARTS items written, and how many more: a line of half a million heaps is one short line. */
function firstParts<T>(items: readonly T[], write: (item: T, i: number) => string, bullet = ''): string[] {
  const written = items.slice(0, LISTED_PARTS).map(write);
  if (items.length > LISTED_PARTS)
    written.push(`${bullet}and ${(items.length - LISTED_PARTS).toLocaleString('en-US')} more`);
  return written;
}

/** Positions of Wythoff's game whose Beatty pair is named: an integer square root of a longer one is seconds. */
const BEATTY_LIMIT = 1n << 4096n;

type Checked<K extends CheckedComponent['kind']> = Extract<CheckedComponent, { kind: K }>;

/**
 * The lines of one kind of component; `part(i)` is its i-th part's nimber (heap, token, position), `∞`
 * (a token on an infinite vertex of a graph with cycles) or `?`.
 */
type ComponentWords<K extends CheckedComponent['kind']> = (
  component: Checked<K>,
  result: ComponentResult,
  part: (i: number) => string,
) => string[];

/** The lines a component's hover gives after its nimber (the winning moves follow them). */
export function componentLines(component: CheckedComponent, result: ComponentResult): string[] {
  // A component whose value is Smith's ∞(K): its parts without a nimber are infinite, not unknown.
  const part = (i: number) => {
    const g = result.parts[i];
    return g !== null ? nim(g) : result.status === 'infinite' ? '∞' : '?';
  };
  return (COMPONENT_WORDS[component.kind] as ComponentWords<CheckedComponent['kind']>)(component, result, part);
}

/** A heap rule in a line: its name, definition, period and proof, and its first values. */
export function ruleLine(name: string, rule: HeapRule, summary: RuleSummary | undefined): string {
  const head = `rule \`${name}\` (${describeRule(rule)})`;
  if (!summary) return head;
  const values =
    summary.firstValues.length === 0
      ? '\n\nG(0), G(1), …: none computed'
      : `\n\nG(0), G(1), …: ` +
        `\`${summary.firstValues.join(' ')}${summary.computedUpTo + 1 > summary.firstValues.length ? ' …' : ''}\``;
  if (summary.periodicity)
    return `${head}: ${periodWords(summary.periodicity)}, ${proofWords(summary.periodicity)}.${values}`;
  return `${head}: no period proved (${summary.reason ?? `values known up to n = ${summary.computedUpTo}`}).${values}`;
}

const COMPONENT_WORDS: { readonly [K in CheckedComponent['kind']]: ComponentWords<K> } = {
  heaps: (component, result, part) => [
    ruleLine(component.ruleName, component.rule, result.rule),
    ...(component.heaps.length > 0
      ? ['', `heaps: ${firstParts(component.heaps, (h, i) => `${numberText(h)} → ${part(i)}`).join(', ')}`]
      : []),
    ...(component.heaps.length > 1 && result.nimber !== null
      ? [`${firstParts(result.parts, (g) => nim(g!), '… ').join(' ⊕ ')} = ${nim(result.nimber)}`]
      : []),
  ],
  'octal-row': (component, result, part) => [
    ruleLine(component.ruleName, component.rule, result.rule),
    '',
    'Each run of `X` is a heap:',
    firstParts(component.heaps, (h, i) => `${numberText(h)} → ${part(i)}`).join(', ') || '(no runs: no moves)',
  ],
  treblecross: (component, result) => treblecrossLines(component.cells, result),
  tokens: (component, _result, part) => {
    const tokens = firstParts(component.vertices, (v, i) => `\`${component.graph.vertexIndex.nameOf(v)}\` ${part(i)}`);
    return [`tokens on ${tokens.join(', ')} of graph \`${component.graph.name}\``];
  },
  wythoff: (component, result) => {
    const lines = ["Wythoff's game: take any number from one heap, or the same number from both.", ''];
    for (const [i, [a, b]] of component.positions.slice(0, LISTED_PARTS).entries()) {
      const g = result.parts[i];
      const beatty = wythoffPairWords(a, b);
      const value = g === null ? 'nimber not known' : nim(g);
      lines.push(`- (${numberText(a)}, ${numberText(b)}) → ${value}${beatty ? `; ${beatty}` : ''}`);
    }
    const more = component.positions.length - LISTED_PARTS;
    if (more > 0) lines.push(`- and ${more.toLocaleString('en-US')} more`);
    if (result.nimber === null)
      lines.push(
        '',
        'Who wins a lone position is known from the Beatty pairs (⌊kφ⌋, ⌊kφ⌋ + k) at any size; nimbers have no ' +
          'known formula and are computed for heaps up to a few thousand.',
      );
    return lines;
  },
  'moves-tuples': (component, result, part) => {
    const name = 'rule' in component.syntax ? component.syntax.rule.text : 'the rule';
    const tuple = (p: readonly bigint[]) => `(${p.map((x) => numberText(x)).join(', ')})`;
    return [
      `rule \`${name}\` (${quoted(component.rule.text, 200)}): a position's value is the mex of its options' ` +
        "values (a split's: the nim-sum of its parts'), computed as far as the budget allows",
      '',
      `positions: ${firstParts(component.positions, (p, i) => `${tuple(p)} → ${part(i)}`).join(', ')}`,
      ...(component.positions.length > 1 && result.nimber !== null
        ? [`${firstParts(result.parts, (g) => nim(g!), '… ').join(' ⊕ ')} = ${nim(result.nimber)}`]
        : []),
    ];
  },
  leftmost: (component, result) => [
    'The leftmost-pile game: a move takes coins from the leftmost non-empty pile of a row. From the right, ' +
      'G = a − 1 if a ≤ G(rest), else a.',
    '',
    ...firstParts(
      component.rows,
      (row, i) => `- [${firstParts(row, numberText).join(', ')}] → ${nim(result.parts[i] ?? 0n)}`,
    ),
  ],
  'graph-kayles': (component, result) => [
    component.game === 'node'
      ? "Node Kayles: a move takes a vertex and its neighbours. On a path it is Dawson's chess (octal 0.137)."
      : "Arc Kayles: a move takes an edge and both its ends, with every edge touching them. On a path it is Dawson's " +
        'Kayles (octal 0.07).',
    'A graph is valued as its connected parts (the nim-sum of theirs), each by its shape up to renaming (a canonical ' +
      'labelling, checked), paths, cycles, stars and complete graphs by their known values, the rest by search.',
    '',
    ...firstParts(
      component.positions,
      (position, i) =>
        boardWords(
          `${counted(position.vertices.length, 'vertex', 'vertices')}, ` +
            counted(position.edges.length, 'edge', 'edges'),
          result,
          i,
          ['connected part', 'vertex', 'vertices'],
        ),
      '- ',
    ),
  ],
  cram: (component, result) => [
    'Cram: a move fills two empty cells side by side or one above the other. A board is valued as its regions of ' +
      'empty cells, each by its shape up to rotation and reflection (one row or column, a path or a cycle of cells, ' +
      "is Dawson's Kayles); a region symmetric through its centre, no cell beside its own image, is 0 (the second " +
      'player answers each move with its mirror image), so every even × even rectangle is 0; the rest by search.',
    '',
    ...firstParts(
      component.boards,
      (board, i) => boardWords(`${board.height} × ${board.width} board`, result, i, ['region', 'cell', 'cells']),
      '- ',
    ),
  ],
  chomp: (component, result) => [
    'Chomp: a move takes a square and every square above it and to its right; the bottom-left square is ' +
      'poisoned, and a player left with it alone has lost. An L (a row and a column) is Nim on its two arms; two ' +
      'rows lose exactly when the top one is one shorter; other boards are valued by searching the staircases ' +
      'inside them. Every rectangle but 1 × 1 is a first-player win (strategy stealing).',
    '',
    ...firstParts(
      component.boards,
      (rows, i) => boardWords(`[${firstParts(rows, numberText).join(', ')}]`, result, i, undefined),
      '- ',
    ),
  ],
  staircase: (component, result) => [
    'Staircase Nim: a move brings coins from one step down to the next (off the staircase from step 1). Only the ' +
      'odd steps count: their coins are Nim heaps; coins brought down onto an odd step can be brought on down to ' +
      'an even one by the other player, so the even steps change nothing.',
    '',
    ...firstParts(component.stairs, (coins, i) => `- ${staircaseWords(coins)} → ${nim(result.parts[i] ?? 0n)}`, '- '),
  ],
  hackenbush: (component) => [
    'Green Hackenbush: a move cuts an edge, and whatever is no longer joined to the ground falls. Colon ' +
      'principle: a branch worth v standing on a stalk counts v + 1 where the stalk stands, and branches at a ' +
      'vertex add by ⊕. Fusion principle: the vertices of a cycle fuse into one, its edges becoming loops ' +
      'worth *1 each.',
    '',
    ...firstParts(component.pictures, (picture, i) => `- ${pictureWords(picture, component.vertexNames[i], i)}`, '- '),
  ],
  words: (component, result) => [
    `Word game \`${component.ruleName}\`: a move deletes a word; the pieces on either side are played apart.`,
    '',
    ...firstParts(
      component.pieces,
      (piece, i) => {
        const g = result.parts[i];
        return `- "${quoted(piece)}" → ${g === null ? 'not known' : nim(g)}`;
      },
      '- ',
    ),
  ],
};

/** `1 vertex`, `5 vertices`. */
const counted = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A board's independent parts named in a hover, at most (the engine lists BOARD_PARTS_LISTED). */
const BOARD_PARTS = 6;

/**
 * `- 3 × 4 board → *1: …`: a board's (or graph's) value and how it came about: the theorem that gives it,
 * or the independent parts it splits into (`unit`: what a part is and what it is made of), each with its
 * value and why (bounded), their nim-sum making the board's. Chomp has no parts: a theorem, or the search.
 */
function boardWords(
  head: string,
  result: ComponentResult,
  i: number,
  unit: readonly [part: string, member: string, members: string] | undefined,
): string {
  const g = result.parts[i];
  const value = g === null || g === undefined ? 'nimber not known' : nim(g);
  const why = result.boards?.[i];
  const line = `- ${head} → ${value}`;
  if (!why) return line;
  if (why.theorem) return `${line}: ${why.theorem}`;
  if (!unit) return g === null || g === undefined ? line : `${line}: by searching the staircases inside it`;
  const [part, member, members] = unit;
  const size = (n: number) => counted(n, member, members);
  const partValue = (p: (typeof why.parts)[number]) => (p.value === null ? 'not known' : nim(BigInt(p.value)));
  if (why.partCount === 0) return `${line}: nothing left to play, no move`;
  if (why.partCount === 1) {
    const only = why.parts[0];
    return `${line}: one ${part} of ${size(only.size)}${only.why ? `: ${only.why}` : ''}`;
  }
  const shown = why.parts
    .slice(0, BOARD_PARTS)
    .map((p) => `  - ${size(p.size)} → ${partValue(p)}${p.why ? `: ${p.why}` : ''}`);
  const more = why.partCount - shown.length;
  return [
    `${line}: ${why.partCount.toLocaleString('en-US')} ${part}s played apart, their nim-sum:`,
    ...shown,
    ...(more > 0 ? [`  - and ${more.toLocaleString('en-US')} more`] : []),
  ].join('\n');
}

/** Pictures' fused components or stalks named in a hover, at most. */
const PICTURE_PARTS = 6;

/** `picture 1 (4 edges) → *4: …`: how a picture's value comes about (bounded). */
function pictureWords(picture: HackenbushPicture, names: readonly string[], index: number): string {
  const summary = hackenbushSummary(picture, PICTURE_PARTS);
  const edges = picture.ends.length / 2;
  const count = `${edges.toLocaleString('en-US')} edge${edges === 1 ? '' : 's'}`;
  const head = `picture ${index + 1} (${count}) → ${nim(BigInt(summary.nimber))}`;
  if (summary.joined === 0) return `${head}: nothing stands on the ground`;
  const parts: string[] = [];
  if (summary.stalks) {
    const shown = summary.stalks.slice(0, PICTURE_PARTS).join(', ');
    parts.push(
      `stalks of ${shown}${summary.stalks.length > PICTURE_PARTS ? ', …' : ''} edges (a stalk of n edges is *n, Nim)`,
    );
  } else if (summary.fused.length === 0) parts.push('a tree: the colon principle from the leaves down');
  for (const f of summary.fused) {
    const who =
      f.vertices === 1
        ? `\`${names[f.root]}\``
        : `\`${names[f.root]}\` and ${f.vertices - 1} more ${f.vertices === 2 ? 'vertex' : 'vertices'} fused`;
    parts.push(
      `${who}: ${f.edges} edge${f.edges === 1 ? '' : 's'} on cycles become loops, ${f.edges % 2 ? '*1' : '0'}`,
    );
  }
  if (summary.fused.length === PICTURE_PARTS) parts.push('…');
  if (!summary.stalks && summary.branchCount > 0) {
    const shown = summary.branches.map(
      (b) => `\`${names[b.vertex]}\` ${nim(BigInt(b.value))} + 1 = ${nim(BigInt(b.value + 1))}`,
    );
    const more = summary.branchCount - summary.branches.length;
    parts.push(`on the ground: ${shown.join(', ')}${more > 0 ? `, and ${more} more` : ''}`);
  }
  const loose = edges - summary.joined;
  if (loose > 0) parts.push(`${loose} edge${loose === 1 ? '' : 's'} not joined to the ground take no part`);
  return `${head}: ${parts.join('; ')}`;
}

/** Odd steps shown in a staircase's line; past them, `…`. */
const STAIRCASE_TERMS = 12;

/** `[3, 0, 5, 2]: odd steps 3 ⊕ 5`, the odd steps' coins that make a staircase's nimber (bounded). */
function staircaseWords(coins: readonly bigint[]): string {
  const shown = coins.slice(0, 2 * STAIRCASE_TERMS);
  const list = `[${shown.map(numberText).join(', ')}${coins.length > shown.length ? ', …' : ''}]`;
  const odd = shown.filter((_, i) => i % 2 === 0);
  if (odd.length === 0) return `${list}: no coins`;
  const terms = odd.map(numberText).join(' ⊕ ') + (coins.length > shown.length ? ' ⊕ …' : '');
  return `${list}: odd steps ${terms}`;
}

/** "the Beatty pair k = …" for a Wythoff P-position, or undefined. */
function wythoffPairWords(a: bigint, b: bigint): string | undefined {
  if (a >= BEATTY_LIMIT || b >= BEATTY_LIMIT || !isWythoffP(a, b)) return undefined;
  if (a === 0n && b === 0n) return 'the terminal position (k = 0)';
  const { k } = wythoffPartner(a < b ? a : b);
  return `a P-position: the Beatty pair k = ${numberText(k)}, (⌊kφ⌋, ⌊kφ⌋ + k)`;
}

function treblecrossLines(cells: string, result: ComponentResult): string[] {
  const t = result.treblecross;
  if (!t) return [];
  switch (t.status) {
    case 'over':
      return [`Three marked cells in a row at cell ${t.at + 1}: the game is over, and the player to move has lost.`];
    case 'immediate-win':
      return [
        `The player to move wins at once by marking cell${t.winningCells.length === 1 ? '' : 's'} ` +
          `${t.winningCells.map((c) => c + 1).join(', ')} (three in a row).`,
      ];
    case 'over-budget':
      return [result.reason ?? 'not computed within the budget'];
    case 'nimber': {
      if (t.segments.length === 0)
        return [`No cell can be marked safely: every move lets the opponent complete three in a row.`];
      const lines = ['Cells that are safe to mark form independent segments (each is 0.007 at its length + 2):'];
      for (const s of t.segments)
        lines.push(
          `- cells ${s.start + 1}–${s.start + s.length} ("${cells.slice(s.start, s.start + s.length)}"): ` +
            `${nim(s.nimber)}`,
        );
      return lines;
    }
  }
}
