// "Did you mean …?" suggestions, with bounded work: an analysis runs on the server's main
// thread, so however many unknown names a document has, however long they are, suggesting
// costs at most `SUGGESTION_BUDGET` units of work per analysis. Past the budget an unknown name
// is still reported, only without a suggestion.

/** Edit-distance cells (plus one per candidate looked at) one analysis may spend on suggestions. */
export const SUGGESTION_BUDGET = 4_000_000;

/** Words longer than this get no suggestion: nobody misspells a name that long by a typo or two. */
export const MAX_SUGGESTED_LENGTH = 64;

/** Candidates looked at for one word, at most: a suggestion must stay cheap on huge graphs. */
const maxCandidates = 20_000;

/** Work counter for `editDistance`: the number of table cells computed. */
export interface Work {
  cells: number;
}

// Three rows of the table, reused: words are short (a candidate is within the limit of the
// word's length), so these stay small.
let rows = [new Int32Array(0), new Int32Array(0), new Int32Array(0)];

/**
 * Optimal-string-alignment distance (edits, with adjacent swaps), giving up above `limit`: only
 * the band of cells within `limit` of the diagonal is computed, and the search stops as soon as
 * a whole row exceeds the limit. Returns `limit + 1` for anything farther than `limit`.
 */
export function editDistance(a: string, b: string, limit: number, work?: Work): number {
  const n = a.length;
  const m = b.length;
  const far = limit + 1;
  if (Math.abs(n - m) > limit) return far;
  if (rows[0].length < m + 2) rows = [new Int32Array(m + 2), new Int32Array(m + 2), new Int32Array(m + 2)];
  let [previous2, previous, current] = rows;
  // Row 0: j edits to make b's first j characters; beyond the band, "far".
  for (let j = 0; j <= m + 1; j++) previous[j] = j <= limit ? j : far;
  let cells = 0;
  for (let i = 1; i <= n; i++) {
    const low = Math.max(1, i - limit);
    const high = Math.min(m, i + limit);
    // The cells just outside the band read by this row and the next: "far" (or the true
    // value in column 0, which is i).
    current[low - 1] = low === 1 ? Math.min(i, far) : far;
    if (high + 1 <= m) current[high + 1] = far;
    const ai = a.charCodeAt(i - 1);
    const aPrevious = i > 1 ? a.charCodeAt(i - 2) : -1;
    let rowMin = current[low - 1]; // column 0 belongs to the row (and is all of it when b is empty)
    for (let j = low; j <= high; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let value = previous[j - 1] + cost;
      const up = previous[j] + 1;
      if (up < value) value = up;
      const left = current[j - 1] + 1;
      if (left < value) value = left;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && aPrevious === bj) {
        const swap = previous2[j - 2] + 1;
        if (swap < value) value = swap;
      }
      if (value > far) value = far;
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    cells += high - low + 1;
    if (rowMin > limit) {
      if (work) work.cells += cells;
      return far;
    }
    const oldest = previous2;
    previous2 = previous;
    previous = current;
    current = oldest;
  }
  if (work) work.cells += cells;
  return Math.min(previous[m], far);
}

/**
 * The suggestions of one analysis, sharing one budget. Construct one per analysis; `work`
 * counts what was spent (cells of edit distance and candidates looked at).
 */
export class Suggester {
  readonly work: Work = { cells: 0 };
  /** Words that got no suggestion because the budget was spent. */
  refused = 0;

  constructor(readonly budget = SUGGESTION_BUDGET) {}

  /** The closest candidate within a distance that still looks like a typo, or undefined. */
  closestMatch(word: string, candidates: Iterable<string>): string | undefined {
    if (word.length > MAX_SUGGESTED_LENGTH) return undefined;
    if (this.work.cells >= this.budget) {
      this.refused++;
      return undefined;
    }
    const limit = word.length <= 3 ? 1 : word.length <= 6 ? 2 : 3;
    const lowerWord = word.toLowerCase();
    let best: string | undefined;
    let bestDistance = limit + 1;
    let seen = 0;
    for (const candidate of candidates) {
      if (++seen > maxCandidates || this.work.cells >= this.budget) break;
      this.work.cells++;
      if (candidate === word || Math.abs(candidate.length - word.length) > limit) continue;
      // Names are ASCII (the lexer's rule), so a case-only difference keeps the length.
      const distance =
        candidate.length === word.length && candidate.toLowerCase() === lowerWord
          ? 0.5
          : editDistance(word, candidate, limit, this.work);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = candidate;
      }
    }
    return best;
  }
}

/** One suggestion on its own budget (for callers outside an analysis). */
export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  return new Suggester().closestMatch(word, candidates);
}
