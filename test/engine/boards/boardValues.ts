// Values of the boards' games the benchmarks compare the engine with, each from outside the engine:
// published tables (with their sources), theorems, and brute forces written from the rules alone.
//  - Cram: Piotr Beling's table (README of github.com/beling/impartial-games, "Cram (under the normal
//    play convention)", rows 4–7 × columns 4–15; it credits the smaller boards to Glop, Lemoine and
//    Viennot's solver, "Nimbers are inevitable", arXiv:1011.5841, 2010, and most boards up to 5×7 to
//    Schneider's master's thesis, "Das Spiel Juvavum", 2009); one row is Dawson's Kayles, octal 0.07,
//    whose G(n) is Dawson's chess's G(n − 1) (OEIS A002187, test/engine/oracles/published.ts); an
//    even × even board is 0 (the second player answers each move with its image through the centre).
//    No published table of 2 × n or 3 × n values could be read here (Glop's records page is not among
//    the stored sources), so those boards are checked against the brute force below where it reaches.
//  - cramBrute: every subset of empty cells reached from the board, valued by the mex over its moves
//    (a table of 2^cells bytes: boards of at most 27 cells, 128 MiB).
//  - Chomp: every staircase inside rows × columns valued bottom-up, and every board of at most three
//    rows up to 100 columns in one table; both from the rules alone (a move at row r, column c, not
//    the poisoned (1, 1), cuts rows r and above to c − 1 squares).
import { DAWSONS_CHESS } from '../oracles/published';

/** Beling's table: rows → values of rows × rows, rows × (rows + 1), … (undefined: not computed there). */
const BELING: readonly [rows: number, values: readonly (number | undefined)[]][] = [
  [4, [0, 2, 0, 3, 0, 1, 0, 1, 0, 3, 0, 4]], // 4×4 … 4×15
  [5, [0, 2, 1, 1, 1, 2, 0, 3]], // 5×5 … 5×12
  [6, [0, 5, 0, 1, 0, undefined, 0, undefined, 0]], // 6×6 … 6×14
  [7, [1, 3, 1]], // 7×7 … 7×9
];

/** Published Cram values by "rows×columns" (rows ≤ columns): Beling's table. */
export const BELING_CRAM: ReadonlyMap<string, number> = new Map(
  BELING.flatMap(([rows, values]) =>
    values.flatMap((value, k) => (value === undefined ? [] : [[`${rows}×${rows + k}`, value] as [string, number]])),
  ),
);

export interface KnownValue {
  readonly value: number;
  readonly source: string;
}

/** The value of the empty rows × columns Cram board where a source outside the engine gives it. */
export function knownCram(rows: number, columns: number): KnownValue | undefined {
  const [m, n] = rows <= columns ? [rows, columns] : [columns, rows];
  if (m === 1 && n <= DAWSONS_CHESS.length) return { value: DAWSONS_CHESS[n - 1], source: 'Dawson (A002187)' };
  const published = BELING_CRAM.get(`${m}×${n}`);
  if (published !== undefined) return { value: published, source: 'Beling' };
  if (m % 2 === 0 && n % 2 === 0) return { value: 0, source: 'symmetry' };
  return undefined;
}

/** The largest board cramBrute takes. */
export const CRAM_BRUTE_CELLS = 27;

/** The value of the empty rows × columns Cram board by exhaustive search over its subsets of empty cells. */
export function cramBrute(rows: number, columns: number): number {
  const cells = rows * columns;
  if (cells > CRAM_BRUTE_CELLS) throw new Error(`${rows}×${columns}: more than ${CRAM_BRUTE_CELLS} cells`);
  const dominoes: number[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const i = r * columns + c;
      if (c + 1 < columns) dominoes.push((1 << i) | (1 << (i + 1)));
      if (r + 1 < rows) dominoes.push((1 << i) | (1 << (i + columns)));
    }
  // value + 1 by the set of empty cells; 0: not yet known. Depth: at most cells / 2 moves.
  const table = new Uint8Array(2 ** cells);
  const value = (empty: number): number => {
    if (table[empty] !== 0) return table[empty] - 1;
    let reached = 0;
    for (const domino of dominoes) if ((empty & domino) === domino) reached |= 1 << value(empty & ~domino);
    let g = 0;
    while (reached & (1 << g)) g++;
    if (g > 30) throw new Error('a value past the 31 bits of the brute force');
    table[empty] = g + 1;
    return g;
  };
  return value(2 ** cells - 1);
}

/** A Chomp board inside rows × columns, its rows' lengths as base-(columns + 1) digits, bottom row lowest. */
const staircaseKey = (board: readonly number[], base: number) =>
  board.reduceRight((key, length) => key * base + length, 0);

/**
 * Every Chomp board inside rows × columns (its rows' lengths non-increasing, at least one square)
 * with its value, from the rules alone: boards in order of area, each the mex of its options.
 */
export function chompStaircases(rows: number, columns: number): { board: number[]; value: number }[] {
  const boards: number[][] = [];
  const extend = (prefix: number[]) => {
    if (prefix.length > 0) boards.push(prefix);
    if (prefix.length === rows) return;
    const top = prefix.length > 0 ? prefix[prefix.length - 1] : columns;
    for (let length = 1; length <= top; length++) extend([...prefix, length]);
  };
  extend([]);
  const area = (board: readonly number[]) => board.reduce((sum, length) => sum + length, 0);
  boards.sort((a, b) => area(a) - area(b));
  const base = columns + 1;
  const values = new Map<number, number>();
  const seen = new Uint32Array(rows * columns + 2);
  let stamp = 0;
  const out: { board: number[]; value: number }[] = [];
  for (const board of boards) {
    stamp++;
    for (let r = 0; r < board.length; r++)
      for (let c = r === 0 ? 2 : 1; c <= board[r]; c++) {
        const after = board.slice(0, r);
        for (let s = r; s < board.length && Math.min(board[s], c - 1) > 0; s++) after.push(Math.min(board[s], c - 1));
        seen[values.get(staircaseKey(after, base))!] = stamp;
      }
    let g = 0;
    while (seen[g] === stamp) g++;
    values.set(staircaseKey(board, base), g);
    out.push({ board, value: g });
  }
  return out;
}

/**
 * Every Chomp board of at most three rows inside [columns, columns, columns], from the rules alone:
 * value(p, q, r) for p ≥ q ≥ r ≥ 0 and p ≥ 1 (the board is [p, q, r] without its empty rows).
 */
export function chompThreeRows(columns: number): (p: number, q: number, r: number) => number {
  const side = columns + 1;
  const values = new Uint16Array(side * side * side);
  const at = (p: number, q: number, r: number) => (p * side + q) * side + r;
  const seen = new Uint32Array(3 * columns + 2);
  let stamp = 0;
  // Every option has fewer squares in the first row, or as many and fewer in the second, or
  // as many in both and fewer in the third: this order values each board after its options.
  for (let p = 1; p <= columns; p++)
    for (let q = 0; q <= p; q++)
      for (let r = 0; r <= q; r++) {
        stamp++;
        for (let c = 2; c <= p; c++) seen[values[at(c - 1, Math.min(q, c - 1), Math.min(r, c - 1))]] = stamp;
        for (let c = 1; c <= q; c++) seen[values[at(p, c - 1, Math.min(r, c - 1))]] = stamp;
        for (let c = 1; c <= r; c++) seen[values[at(p, q, c - 1)]] = stamp;
        let g = 0;
        while (seen[g] === stamp) g++;
        values[at(p, q, r)] = g;
      }
  return (p, q, r) => values[at(p, q, r)];
}
