// "Did you mean …?" suggestions, with bounded work.
//
// A document may hold thousands of unknown names, a graph thousands of vertices, and a name
// twenty thousand letters: unbounded, the search took 18 s for 1,000 unknown names and 10 s for
// one long name. So: distances are computed in a band (cells farther than the limit from the
// diagonal cannot give a typo), words longer than MAX_SUGGESTED_LENGTH get no suggestion, and
// each analysis has a budget of work (SUGGESTION_BUDGET cells and candidates) past which
// unknown names are still reported, only without a suggestion. Repeated questions are answered
// from a memo.

/** Words longer than this get no suggestion: nobody mistypes a name that long by one letter. */
export const MAX_SUGGESTED_LENGTH = 64;
/** Work units (distance cells, and one per candidate looked at) for one analysis: a few ms. */
export const SUGGESTION_BUDGET = 3_000_000;
/** Candidates looked at per question, at most: a suggestion must stay cheap on huge graphs. */
const MAX_CANDIDATES = 20_000;

/** The work left for one analysis's suggestions. */
export class SuggestionBudget {
  private memo = new Map<string, string | undefined>();
  /** Questions left without a search because the budget was spent (for tests and reports). */
  skipped = 0;

  constructor(public remaining = SUGGESTION_BUDGET) {}

  /** The closest candidate within a distance that still looks like a typo, or undefined. `list` names the candidate list for the memo. */
  closestMatch(word: string, list: string, candidates: () => Iterable<string>): string | undefined {
    const memoKey = `${list}\u0000${word}`;
    if (this.memo.has(memoKey)) return this.memo.get(memoKey);
    if (word.length > MAX_SUGGESTED_LENGTH) return undefined;
    if (this.remaining <= 0) {
      this.skipped++;
      return undefined;
    }
    const found = closestMatch(word, candidates(), this);
    this.memo.set(memoKey, found);
    return found;
  }
}

/**
 * Optimal-string-alignment distance (edits, with adjacent swaps), giving up above `limit`. Only
 * cells within `limit` of the diagonal are computed; the rest are above the limit anyway.
 * `spend` is told how many cells were computed.
 */
export function editDistance(a: string, b: string, limit: number, spend: (cells: number) => void = () => undefined): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const over = limit + 1;
  const width = b.length + 1;
  let previous2 = new Array<number>(width).fill(over);
  let previous = Array.from({ length: width }, (_, j) => (j <= limit ? j : over));
  let current = new Array<number>(width).fill(over);
  let cells = 0;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    current.fill(over);
    current[0] = i <= limit ? i : over;
    let rowMin = current[0];
    for (let j = from; j <= to; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2] + 1);
      current[j] = Math.min(value, over);
      if (current[j] < rowMin) rowMin = current[j];
    }
    cells += width; // the fill above included: words are short (MAX_SUGGESTED_LENGTH), so rows are too
    if (rowMin > limit) {
      spend(cells);
      return over;
    }
    [previous2, previous, current] = [previous, current, previous2];
  }
  spend(cells);
  return previous[b.length];
}

/** The closest candidate within a distance that still looks like a typo, or undefined. */
export function closestMatch(word: string, candidates: Iterable<string>, budget?: { remaining: number }): string | undefined {
  if (word.length > MAX_SUGGESTED_LENGTH) return undefined;
  const limit = word.length <= 3 ? 1 : word.length <= 6 ? 2 : 3;
  const lower = word.toLowerCase();
  const spend = (cells: number) => {
    if (budget) budget.remaining -= cells;
  };
  let best: string | undefined;
  let bestDistance = limit + 1;
  let seen = 0;
  for (const candidate of candidates) {
    if (++seen > MAX_CANDIDATES || (budget && budget.remaining <= 0)) break;
    spend(1);
    if (candidate === word || Math.abs(candidate.length - word.length) > limit) continue;
    const distance = candidate.toLowerCase() === lower ? 0.5 : editDistance(word, candidate, limit, spend);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = candidate;
    }
  }
  return best;
}
