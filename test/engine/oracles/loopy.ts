// Loopy games from their definitions, sharing no code with the engine: win, lose or draw of every
// position of a finite game graph by retrograde analysis (a position with no move is lost; one
// with a move to a lost position is won; one all of whose moves reach won positions is lost; the
// rest are drawn: with best play the game never ends), and the sum of tokens on graphs (plus one
// Nim heap) as one explicit product graph.

/** The outcome of the player to move: W wins, L loses, D draws. */
export type Outcome = 'W' | 'L' | 'D';

/**
 * Outcomes of every position 0..count-1 of a game whose moves `options(p)` lists; in misère play a
 * position with no move is won (the opponent made the last move, and that loses).
 */
export function retrogradeOutcomes(
  count: number,
  options: (p: number) => readonly number[],
  play: 'normal' | 'misere' = 'normal',
): Outcome[] {
  const predecessors: number[][] = Array.from({ length: count }, () => []);
  const left = new Array<number>(count).fill(0);
  for (let p = 0; p < count; p++) {
    const list = options(p);
    left[p] = list.length;
    for (const q of list) predecessors[q].push(p);
  }
  const outcome: (Outcome | undefined)[] = new Array(count).fill(undefined);
  const queue: number[] = [];
  for (let p = 0; p < count; p++)
    if (left[p] === 0) {
      outcome[p] = play === 'normal' ? 'L' : 'W';
      queue.push(p);
    }
  for (let head = 0; head < queue.length; head++) {
    const q = queue[head];
    for (const p of predecessors[q]) {
      if (outcome[p] !== undefined) continue;
      if (outcome[q] === 'L') {
        outcome[p] = 'W';
        queue.push(p);
      } else if (--left[p] === 0) {
        outcome[p] = 'L';
        queue.push(p);
      }
    }
  }
  return outcome.map((o) => o ?? 'D');
}

/**
 * The sum of `tokens` tokens on a graph (successor lists) and a Nim heap of at most `heap`, as one
 * graph: position = the tokens' vertices and the heap, in mixed radix. A move slides one token
 * along an edge or takes from the heap.
 */
export class TokenSum {
  readonly count: number;

  constructor(
    readonly successors: readonly (readonly number[])[],
    readonly tokens: number,
    readonly heap: number,
  ) {
    this.count = successors.length ** tokens * (heap + 1);
  }

  encode(vertices: readonly number[], heap: number): number {
    let p = heap;
    for (const v of vertices) p = p * this.successors.length + v;
    return p;
  }

  decode(p: number): { vertices: number[]; heap: number } {
    const n = this.successors.length;
    const vertices = new Array<number>(this.tokens);
    for (let t = this.tokens - 1; t >= 0; t--) {
      vertices[t] = p % n;
      p = Math.floor(p / n);
    }
    return { vertices, heap: p };
  }

  options = (p: number): number[] => {
    const { vertices, heap } = this.decode(p);
    const found: number[] = [];
    vertices.forEach((v, t) => {
      for (const w of this.successors[v]) {
        const moved = vertices.slice();
        moved[t] = w;
        found.push(this.encode(moved, heap));
      }
    });
    for (let h = 0; h < heap; h++) found.push(this.encode(vertices, h));
    return found;
  };
}

/**
 * Smith's remoteness of every position from its definition, layer by layer (no queue): a position
 * with no move has 0; a won one has r when r - 1 is the least remoteness among its lost options (the
 * winner can force the end within r moves and no fewer); a lost one has 1 + the greatest of its
 * options' once all are known (the loser holds on); a drawn one none (null). Quadratic: small games.
 */
export function remotenessByDefinition(
  count: number,
  options: (p: number) => readonly number[],
  outcomes: readonly Outcome[],
): (number | null)[] {
  const r: (number | null)[] = new Array(count).fill(null);
  for (let p = 0; p < count; p++) if (options(p).length === 0) r[p] = 0;
  for (let layer = 1; layer <= count; layer++) {
    const found: number[] = [];
    for (let p = 0; p < count; p++) {
      if (r[p] !== null || outcomes[p] === 'D') continue;
      const list = options(p);
      if (outcomes[p] === 'W' && list.some((q) => outcomes[q] === 'L' && r[q] === layer - 1)) found.push(p);
      if (outcomes[p] === 'L' && list.every((q) => r[q] !== null && (r[q] as number) < layer))
        if (list.some((q) => r[q] === layer - 1)) found.push(p);
    }
    for (const p of found) r[p] = layer;
  }
  return r;
}
