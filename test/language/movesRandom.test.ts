// Random rules of one's own written as text, through the whole front end: each of 200 random rules (half heap
// rules, half two-variable tuple rules: oracles/movesBrute.ts's generator) is printed as `.game` source
// (movesRuleText), put in a document with a random sum of its positions (and sometimes `+ nim K`), analysed
// (analyzeText) and reported (reportGame) as the editor and the command line do. The document has no errors and its
// rule is the data printed (so the printer writes the language and the checker reads it back); the game's nimber is
// the XOR of the brute force's values, or unknown with a reason naming the violation the brute force meets; and the
// winning moves, as the game's text after each, are those the brute force finds, written as the contract writes a
// move (expected texts written here, not by the engine's move writers). The engine's own test checks the same
// rules as plain data; this one checks that the text means that data, and that the report says what it means.
import * as assert from 'node:assert/strict';
import { reportGame } from '../../server/src/analysis/gameReport';
import { createEngineCache } from '../../server/src/engine';
import type { MovesRule } from '../../server/src/engine/heaps';
import { analyzeText } from '../../server/src/language/analyze';
import type { RuleSymbol } from '../../server/src/language/model';
import {
  bin,
  bruteOptions,
  bruteValue,
  checkerSlots,
  int,
  movesRuleText,
  randomRule,
  Violation,
  v,
} from '../engine/oracles/movesBrute';
import { integer, random } from '../engine/oracles/random';

const NAME = 'own';

/** A position as a game writes it: a heap `7`, a tuple `(3, 5)`. */
const written = (position: readonly number[]) =>
  position.length === 1 ? String(position[0]) : `(${position.join(', ')})`;

/**
 * What a move leaves, written where its position was (families/heaps.ts and movesTuples.ts, as the contract says):
 * a heap rule's parts in the rule's order, heaps of 0 left out, `0` when nothing is left (`r 7` → `r 1 6`, `[]` →
 * `r 0`); a tuple rule's parts in order, zeros kept, the position of zeros when nothing is left (`[]` → `(0, 0)`).
 */
function leavesText(parts: readonly (readonly number[])[], arity: number): string {
  if (arity === 1) {
    const heaps = parts.map((p) => p[0]).filter((h) => h > 0);
    return heaps.length === 0 ? '0' : heaps.join(' ');
  }
  return parts.length === 0 ? written(new Array(arity).fill(0)) : parts.map(written).join(' ');
}

interface Sum {
  readonly positions: readonly number[][];
  readonly nim?: number;
}

/** The game's right-hand side, with position `at` replaced by `replaced` and the nim heap by `nim`. */
function sumText(sum: Sum, at = -1, replaced = '', nim = sum.nim): string {
  const positions = sum.positions.map((p, i) => (i === at ? replaced : written(p)));
  return `${NAME} ${positions.join(' ')}${nim === undefined ? '' : ` + nim ${nim}`}`;
}

function randomSum(next: () => number, arity: number): Sum {
  const positions = Array.from({ length: integer(next, 1, 3) }, () =>
    arity === 1 ? [integer(next, 0, 12)] : [integer(next, 0, 6), integer(next, 0, 6)],
  );
  return next() < 0.4 ? { positions, nim: integer(next, 0, 7) } : { positions };
}

/** What the brute force says of a sum: its nimber and the texts its winning moves leave, or the violation met. */
type Expected =
  | { readonly nimber: number; readonly moves: readonly string[] }
  | { readonly violation: Violation; readonly heap?: number };

function expected(rule: MovesRule, sum: Sum): Expected {
  const memo = new Map<string, number>();
  const value = (position: number[]) => bruteValue(rule, position, memo);
  // A heap of 0 is nothing (as in every heap game): its value is 0, the rule not asked, and it has no move.
  const nothing = (position: readonly number[]) => rule.arity === 1 && position[0] === 0;
  try {
    // A heap rule's values are computed in order from heap 0 (the engine's sequence): the game needs every heap
    // up to its largest, reached or not (none when all are 0). A tuple rule's positions are searched: only those
    // a move reaches, the position of zeros too.
    if (rule.arity === 1) {
      const largest = Math.max(...sum.positions.map((p) => p[0]));
      for (let n = 0; n <= largest && largest > 0; n++)
        try {
          value([n]);
        } catch (error) {
          if (error instanceof Violation) return { violation: error, heap: n };
          throw error;
        }
    }
    const values = sum.positions.map((position) => (nothing(position) ? 0 : value(position)));
    const nimber = values.reduce((x, g) => x ^ g, sum.nim ?? 0);
    const moves: string[] = [];
    if (nimber === 0) return { nimber, moves };
    // Equal positions have the same moves: the report lists those of the first one only.
    const seen = new Set<string>();
    sum.positions.forEach((position, at) => {
      if (seen.has(written(position)) || nothing(position)) return;
      seen.add(written(position));
      const rest = nimber ^ values[at];
      for (const parts of bruteOptions(rule, position))
        if (parts.reduce((x, part) => x ^ value(part), 0) === rest)
          moves.push(sumText(sum, at, leavesText(parts, rule.arity)));
    });
    // The nim heap: `nim 5` → `nim 2` (`nim 0` when all of it is taken).
    if (sum.nim !== undefined && (sum.nim ^ nimber) < sum.nim) moves.push(sumText(sum, -1, '', sum.nim ^ nimber));
    return { nimber, moves };
  } catch (error) {
    if (error instanceof Violation) return { violation: error };
    throw error;
  }
}

/** Texts as a set, in order. */
const unique = (texts: readonly string[]) => [...new Set(texts)].sort();

interface Counts {
  rules: number;
  values: number;
  violations: number;
  lost: number;
  moves: number;
}

/** `rule` printed as text with a game of `sum`, analysed and reported as the editor does, against the brute force. */
function check(rule: MovesRule, sum: Sum, counts: Counts): void {
  const arity = rule.arity;
  const text = `${movesRuleText(rule, NAME)}\ngame g = ${sumText(sum)}\n`;
  const where = `${text}${JSON.stringify(rule)}`;
  const document = analyzeText(text);

  // (a) The printer writes the language, and the checker reads back the data printed (its loops numbered per
  // clause, the generator's on from clause to clause: checkerSlots renumbers them, the same meaning).
  const errors = document.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
  assert.deepEqual(errors, [], where);
  const checked = (document.model.symbols.get(NAME) as RuleSymbol).rule;
  assert.equal(checked?.kind, arity === 1 ? 'moves' : 'movesTuple', where);
  const { moves, text: ruleText } = checked as Extract<typeof checked, { kind: 'moves' | 'movesTuple' }>;
  assert.deepEqual(moves, checkerSlots(rule), where);
  assert.equal(`rule ${NAME} = ${ruleText}`, movesRuleText(rule, NAME), where);
  counts.rules++;

  // (b) The nimber, or unknown with the violation named.
  const game = document.model.games[0];
  const report = reportGame(document, game, { cache: createEngineCache(), maxMoves: 1000 });
  const want = expected(rule, sum);
  if ('violation' in want) {
    counts.violations++;
    assert.equal(report.result?.nimber, null, where);
    assert.equal(report.result?.outcome, null, where);
    const reason = report.result?.reason ?? '';
    const named = /the option (.*) of position (\d+|\([\d, ]+\)) is not smaller than it/.exec(reason);
    assert.ok(named, `${where}\n${reason}`);
    if (want.heap !== undefined) {
      // The first heap that breaks the contract, and its first option that does, in the rule's order.
      const { option } = want.violation;
      const option1 = option.length === 1 ? written(option[0]) : `[${option.map(written).join(', ')}]`;
      assert.deepEqual([named[2], named[1]], [String(want.heap), option1], `${where}\n${reason}`);
    } else {
      // The search may meet another position first: the one named breaks the contract too.
      const position = named[2].replace(/[()]/g, '').split(', ').map(Number);
      assert.throws(() => bruteOptions(rule, position), Violation, `${where}\n${reason}`);
    }
    assert.deepEqual(report.winningMoves, [], where);
    return;
  }
  assert.equal(report.result?.nimber, BigInt(want.nimber), where);
  counts.values += sum.positions.length;

  // (c) Every winning move, as the game's text after it.
  const listed = report.winningMoves.map((m) => m.after);
  if (want.nimber === 0) {
    counts.lost++;
    assert.equal(report.result?.outcome, 'P', where);
    assert.deepEqual(listed, [], where);
    return;
  }
  assert.equal(report.result?.outcome, 'N', where);
  assert.equal(report.result?.winningMoveCount, BigInt(listed.length), `${where}\n(all listed: fewer than 1000)`);
  assert.deepEqual(unique(listed), unique(want.moves), where);
  assert.equal(listed.length, want.moves.length, `${where}\n(each option a move, duplicates too)`);
  counts.moves += listed.length;
}

const counted = (): Counts => ({ rules: 0, values: 0, violations: 0, lost: 0, moves: 0 });

describe("random rules of one's own, written as text, through the front end", () => {
  it('200 random rules (100 heap, 100 tuple): read back as printed; nimbers, violations, moves as brute force', () => {
    const rules = [random(6161), random(6262)];
    const games = random(6363);
    const counts = counted();
    for (let trial = 0; trial < 200; trial++) {
      const arity = 1 + (trial % 2);
      check(randomRule(rules[arity - 1], arity), randomSum(games, arity), counts);
    }
    console.log(`      ${JSON.stringify(counts)}`);
    assert.equal(counts.rules, 200);
    assert.ok(counts.moves > 500, `${counts.moves} winning moves checked`);
    assert.ok(counts.violations > 10 && counts.violations < 100, `${counts.violations} violations`);
    assert.ok(counts.lost > 5, `${counts.lost} games lost (no winning move)`);
    assert.ok(counts.values > 200, `${counts.values} values checked`);
  });

  it('the position of zeros is nothing: `[]` is no move from it (a move that leaves nothing is written so)', () => {
    // `moves n -> [] | n - 1` and `moves (x, y) -> [] | (x - 1, y)`: heap 1 and (1, 0) are 1, two moves to the
    // position of zeros (`own 0`, `own (0, 0)`), which is 0 with no move (once the engine made it 1, its own move).
    const taken = (arity: number): MovesRule => ({
      kind: 'moves',
      arity,
      slots: arity,
      clauses: [
        { option: { kind: 'split', parts: [] }, loops: [] },
        { option: { kind: 'position', position: [bin('-', v(0), int(1)), ...(arity === 2 ? [v(1)] : [])] }, loops: [] },
      ],
    });
    // Heaps and tuples: alone, beside the position of zeros, beside a larger one; with `nim 1`.
    const cases = [
      '1',
      '0',
      '0 1',
      '1 2',
      '1 + nim 1',
      '(1, 0)',
      '(0, 0)',
      '(0, 0) (1, 0)',
      '(2, 0)',
      '(0, 0) + nim 1',
    ];
    const counts = counted();
    for (const game of cases) {
      const [own, nim] = game.split(' + nim ');
      const positions = [...own.matchAll(/\((\d+), (\d+)\)|\d+/g)].map((m) =>
        m[1] === undefined ? [Number(m[0])] : [Number(m[1]), Number(m[2])],
      );
      check(taken(positions[0].length), nim === undefined ? { positions } : { positions, nim: Number(nim) }, counts);
    }
    assert.deepEqual(counts, { rules: 10, values: 13, violations: 0, lost: 3, moves: 11 });
  });
});
