// Misère play of sums of heaps of several rules (issue 44's mixed sums), straight from the rules: each heap's moves
// as its rule says them (Nim, finite subtraction sets, `subtract all except` a finite set, octal codes of digits
// 0–7), and the outcome of a sum by plain recursion over its positions, where the player who cannot move wins. No
// engine code: the fuzzers and the resource guard check the engine's joint misère quotients against it. Beside it,
// the documents they fuzz: random mixes of those rules, heaps and rows of X's, in misère games.
import type { ComponentInput } from '../../server/src/engine/gameTypes';
import type { HeapRule } from '../../server/src/engine/types';

/** A heap of a sum: its rule and its size. */
export interface BruteHeap {
  readonly rule: HeapRule;
  readonly size: number;
}

/**
 * What a heap of `n` leaves after each of its moves under `rule`: the heaps left, each non-empty (none when the move
 * takes it all). Octal digit d for taking k: 1 takes the whole heap, 2 leaves one heap, 4 leaves two (the digit
 * before the point, taking none, may only be 4: a split).
 */
export function heapOptions(rule: HeapRule, n: number): number[][] {
  switch (rule.kind) {
    case 'subtract':
      return rule.set.filter((s) => s <= BigInt(n)).map((s) => leaving(n - Number(s)));
    case 'subtractAllExcept': {
      const options: number[][] = [];
      for (let take = 1; take <= n; take++) if (!rule.except.includes(BigInt(take))) options.push(leaving(n - take));
      return options;
    }
    case 'octal': {
      if (rule.distinct || rule.repeat || rule.digits.some((d) => d > 7) || (rule.digits[0] & 3) !== 0)
        throw new Error(`no brute force for the code ${rule.digits.join('')}`);
      const options: number[][] = [];
      rule.digits.forEach((digit, take) => {
        const left = n - take;
        if (left < 0 || (take === 0 && n === 0)) return;
        if (digit & 1 && left === 0) options.push([]);
        if (digit & 2 && left >= 1) options.push([left]);
        if (digit & 4) for (let a = 1; 2 * a <= left; a++) options.push([a, left - a]);
      });
      return options;
    }
    default:
      throw new Error(`no brute force for a ${rule.kind} rule`);
  }
}

const leaving = (n: number): number[] => (n > 0 ? [n] : []);

/** Can `rule` be brute forced here (heapOptions knows its moves)? */
export function bruteForceable(rule: HeapRule): boolean {
  if (rule.kind === 'subtract' || rule.kind === 'subtractAllExcept') return true;
  return (
    rule.kind === 'octal' &&
    !rule.distinct &&
    !rule.repeat &&
    rule.digits.every((d) => d <= 7) &&
    (rule.digits[0] & 3) === 0
  );
}

/** A rule's identity for the memo: its plain data, bigints written out. */
const ruleId = (rule: HeapRule) => JSON.stringify(rule, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));

/**
 * Misère outcomes of sums of heaps by recursion over their positions, memoised by position (a sorted list of rule
 * and size), across calls: one instance may serve many documents.
 */
export class MisereBrute {
  private readonly ids = new Map<string, number>();
  private readonly rules: HeapRule[] = [];
  private readonly options = new Map<string, number[][]>();
  /** Position key → is it a P-position (the player to move loses)? */
  private readonly memo = new Map<string, boolean>();

  /** Is the misère sum of `heaps` a P-position? There is a move, and every move leaves an N-position. */
  isP(heaps: readonly BruteHeap[]): boolean {
    const position: [number, number][] = heaps.filter((h) => h.size > 0).map((h) => [this.idOf(h.rule), h.size]);
    return this.positionIsP(position);
  }

  private idOf(rule: HeapRule): number {
    const key = ruleId(rule);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.rules.length;
      this.ids.set(key, id);
      this.rules.push(rule);
    }
    return id;
  }

  private optionsOf(id: number, n: number): number[][] {
    const key = `${id}:${n}`;
    let options = this.options.get(key);
    if (!options) {
      options = heapOptions(this.rules[id], n);
      this.options.set(key, options);
    }
    return options;
  }

  private positionIsP(position: [number, number][]): boolean {
    position.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const key = position.map(([id, n]) => `${id}:${n}`).join(' ');
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    let canMove = false;
    let everyOptionN = true;
    for (let i = 0; i < position.length && everyOptionN; i++) {
      const [id, n] = position[i];
      if (i > 0 && position[i - 1][0] === id && position[i - 1][1] === n) continue;
      const rest = position.filter((_, j) => j !== i);
      for (const parts of this.optionsOf(id, n)) {
        canMove = true;
        if (this.positionIsP([...rest, ...parts.map((p): [number, number] => [id, p])])) {
          everyOptionN = false;
          break;
        }
      }
    }
    // The player who cannot move wins: a position without moves is an N-position.
    const isP = canMove && everyOptionN;
    this.memo.set(key, isP);
    return isP;
  }
}

/**
 * The heaps of a game's components (heaps, or rows whose runs of X are heaps), when every rule is one heapOptions
 * knows and every heap is small enough to be a number; undefined otherwise.
 */
export function bruteHeapsOf(components: readonly ComponentInput[]): BruteHeap[] | undefined {
  const heaps: BruteHeap[] = [];
  for (const c of components) {
    if ((c.kind !== 'heaps' && c.kind !== 'octal-row') || !bruteForceable(c.rule)) return undefined;
    if (c.kind === 'heaps') {
      if (c.heaps.some((h) => h > 1000n)) return undefined;
      heaps.push(...c.heaps.map((h) => ({ rule: c.rule, size: Number(h) })));
    } else for (const run of c.cells.split(/[^X]+/)) if (run.length > 0) heaps.push({ rule: c.rule, size: run.length });
  }
  return heaps;
}

/** Has the player to move any move (else, in misère play, they have won)? */
export const canMove = (heaps: readonly BruteHeap[]) => heaps.some((h) => heapOptions(h.rule, h.size).length > 0);

/** The tokens of a sum: its heaps' sizes added up. */
export const tokensOf = (heaps: readonly BruteHeap[]) => heaps.reduce((total, h) => total + h.size, 0);

// ---- mixed misère documents ----

/** A rule a mixed document may use: the name it is written by, its declaration (none for a built-in) and its data. */
interface MixRule {
  readonly name: string;
  readonly declaration?: string;
  readonly rule: HeapRule;
}

const BUILT_IN: readonly MixRule[] = [
  { name: 'nim', rule: { kind: 'subtractAllExcept', except: [] } },
  { name: 'kayles', rule: { kind: 'octal', digits: [0, 7, 7] } },
  { name: 'dawson', rule: { kind: 'octal', digits: [0, 1, 3, 7] } },
  { name: 'dawson-kayles', rule: { kind: 'octal', digits: [0, 0, 7] } },
];

/**
 * A game of a mixed document: its name and line, and the heaps its text says (rows read as their runs) when it is
 * small (none for a big one, whose heaps may be past a number).
 */
export interface MixedGame {
  readonly name: string;
  readonly line: number;
  readonly heaps?: readonly BruteHeap[];
}

/** Distinct integers in [low, high], sorted, at least one. */
function members(next: () => number, low: number, high: number, most: number): number[] {
  const count = 1 + Math.floor(next() * most);
  const chosen = new Set<number>();
  for (let i = 0; i < count; i++) chosen.add(low + Math.floor(next() * (high - low + 1)));
  return [...chosen].sort((a, b) => a - b);
}

/** A declared rule: a subtraction set, `subtract all except` a set, or an octal code of two or three digits. */
function declaredRule(next: () => number, index: number): MixRule {
  const choice = next();
  if (choice < 0.35) {
    const set = members(next, 1, 6, 3);
    return {
      name: `s${index}`,
      declaration: `rule s${index} = subtract {${set.join(', ')}}`,
      rule: { kind: 'subtract', set: set.map(BigInt) },
    };
  }
  if (choice < 0.5) {
    const except = members(next, 1, 4, 2);
    return {
      name: `a${index}`,
      declaration: `rule a${index} = subtract all except {${except.join(', ')}}`,
      rule: { kind: 'subtractAllExcept', except: except.map(BigInt) },
    };
  }
  const digits = Array.from({ length: 2 + Math.floor(next() * 2) }, () => Math.floor(next() * 8));
  digits[digits.length - 1] ||= 1 + Math.floor(next() * 7);
  return {
    name: `o${index}`,
    declaration: `rule o${index} = octal 0.${digits.join('')}`,
    rule: { kind: 'octal', digits: [0, ...digits] },
  };
}

/** A row of `tokens` X's in runs, with dots between and around them (a dot alone for none). */
function rowOf(next: () => number, tokens: number): { text: string; runs: number[] } {
  const runs: number[] = [];
  let cells = next() < 0.5 || tokens === 0 ? '.' : '';
  for (let left = tokens; left > 0; ) {
    const run = 1 + Math.floor(next() * left);
    runs.push(run);
    cells += `${'X'.repeat(run)}${'.'.repeat(1 + Math.floor(next() * 2))}`;
    left -= run;
  }
  return { text: `"${cells}"`, runs };
}

/**
 * A document of `games` misère games, each a sum of 2 to 4 components (heaps or, under an octal rule, a row of X's)
 * of rules drawn from the built-in ones and a few declared ones. A game is small (at most 12 tokens, what the brute
 * force decides at once), but for a share `big` of them: one to three heaps a component, each to 60 or of 20 to
 * 40 digits, or a row of up to 40 X's.
 */
export function mixedMisereDocument(
  next: () => number,
  options: { games?: number; big?: number } = {},
): { text: string; games: MixedGame[] } {
  const { games: count = 4, big = 0.15 } = options;
  const declared = Array.from({ length: 1 + Math.floor(next() * 3) }, (_, i) => declaredRule(next, i + 1));
  const rules = [...BUILT_IN, ...declared];
  const lines = declared.map((r) => r.declaration as string);
  const games: MixedGame[] = [];
  for (let g = 0; g < count; g++) {
    const isBig = next() < big;
    let tokens = 2 + Math.floor(next() * 11);
    const parts: string[] = [];
    const heaps: BruteHeap[] = [];
    const componentCount = 2 + Math.floor(next() * 3);
    for (let c = 0; c < componentCount; c++) {
      const { name, rule } = rules[Math.floor(next() * rules.length)];
      const share = c === componentCount - 1 ? tokens : Math.floor(next() * (tokens + 1));
      tokens -= share;
      if (rule.kind === 'octal' && next() < 0.3) {
        const row = rowOf(next, isBig ? 1 + Math.floor(next() * 40) : share);
        parts.push(`${name} ${row.text}`);
        heaps.push(...row.runs.map((size) => ({ rule, size })));
        continue;
      }
      // Small: heaps adding up to the share (a lone 0 when it is none). Big: one to three heaps to 60, or huge.
      const sizes: string[] = [];
      if (isBig)
        for (let h = Math.floor(next() * 3); h >= 0; h--)
          sizes.push(
            next() < 0.2
              ? `${1 + Math.floor(next() * 9)}${'0'.repeat(19 + Math.floor(next() * 20))}`
              : `${Math.floor(next() * 61)}`,
          );
      else if (share === 0) sizes.push('0');
      else
        for (let left = share; left > 0; ) {
          const size = 1 + Math.floor(next() * left);
          sizes.push(`${size}`);
          left -= size;
        }
      parts.push(`${name} ${sizes.join(' ')}`);
      heaps.push(...sizes.map((size) => ({ rule, size: Number(size) })));
    }
    games.push({ name: `m${g}`, line: lines.length, ...(isBig ? {} : { heaps }) });
    lines.push(`game m${g} = misere ${parts.join(' + ')}`);
  }
  return { text: `${lines.join('\n')}\n`, games };
}
