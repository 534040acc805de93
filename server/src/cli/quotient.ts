// `grundy quotient RULE`: a heap rule's misère quotient (Plambeck–Siegel): its presentation,
// P-portion, pretending function to --to (of any size once the quotient is proved periodic) and
// whether it is proved for every heap. Unlike a sequence, it is computed on this thread: Ctrl-C
// ends the process at once. Several rules (`grundy quotient kayles nim`) have their joint quotient
// in jointQuotient.ts, which prints each rule's pretending function with the helpers below.
import { ruleKey } from '../engine';
import { LIMITS } from '../engine/limits';
import { misereQuotient, type QuotientView, quotientImage } from '../engine/misere';
import type { Budget } from '../engine/types';
import { type Options, parseRule, pastBudget, runBudget } from './args';
import { LIMIT_EXIT, type Output } from './output';

/** Heaps a quotient is computed to one by one (an array's indices); past them, only a proof helps. */
const QUOTIENT_INDEXABLE = 2 ** 31 - 1;

/** The heap a quotient is computed to for --to N: N, or as far as heaps are computed one by one. */
export const computedTo = (to: bigint): number => (to > BigInt(QUOTIENT_INDEXABLE) ? QUOTIENT_INDEXABLE : Number(to));

/**
 * The last heap whose image is printed (`last`: --to, else two periods past a proved preperiod, else the computed
 * heaps) and the last one known (`lastKnown`: past the computed heaps, only a proved period tells).
 */
export function printedHeaps(view: QuotientView, to: bigint | undefined): { last: bigint; lastKnown: bigint } {
  const period = view.periodicity;
  const last = to ?? BigInt(period?.proved ? Math.max(view.heaps, period.start + 2 * period.period - 1) : view.heaps);
  const lastKnown = period?.proved ? last : BigInt(view.heaps) < last ? BigInt(view.heaps) : last;
  return { last, lastKnown };
}

export async function quotient(source: string, options: Options, out: Output): Promise<number> {
  const { rule, name } = parseRule(source);
  // The computation runs on this thread: Ctrl-C ends the process at once.
  process.removeAllListeners('SIGINT');
  const budget = runBudget(options);
  // Computed to --to or to a proof, whichever comes first; the pretending function is printed to
  // --to (of any size) from the computed heaps and the proved period.
  const to = options.to === undefined ? undefined : computedTo(options.to);
  const { quotient: q } = misereQuotient(rule, ruleKey(rule), budget, { to, workLimit: LIMITS.quotientWork });
  const period = q.periodicity;
  const { last, lastKnown } = printedHeaps(q, options.to);
  const imageName = (n: bigint) => {
    const image = quotientImage(q, n);
    return image === undefined ? '?' : q.names[image];
  };
  const pPortion = q.names.filter((_, x) => q.isP[x]);
  let stoppedAt: bigint | undefined;
  if (options.json) {
    const head = {
      rule: name,
      key: q.ruleKey,
      size: q.size,
      heaps: q.heaps,
      tame: q.tame,
      generators: q.generators.map((g) => ({ name: g.name, heap: g.heap })),
      relations: q.relations,
      pPortion,
      periodicity: period ?? null,
      ...(q.stop ? { stop: q.stop.reason } : {}),
      ...(q.size <= 64 ? { table: q.names.map((_, x) => q.names.map((__, y) => q.names[q.mul[x * q.size + y]])) } : {}),
    };
    await out.line(`${JSON.stringify(head).slice(0, -1)},"pretending":[`);
    stoppedAt = await writePretendingJson(out, lastKnown, imageName, budget);
    await out.line(']}');
  } else {
    await out.line(`${name}  (${q.ruleKey})`);
    await out.line(
      `misère quotient of heaps up to ${q.heaps}: ${q.size} elements, ${pPortion.length} of them P; ` +
        (q.tame ? 'tame (as misère Nim: genus theory applies)' : 'wild'),
    );
    if (period?.proved) await out.line(`the same for every heap: ${period.ground}`);
    else if (period) await out.line(`not proved for larger heaps: ${period.ground}`);
    else await out.line('not proved for larger heaps (no period of the pretending function seen yet)');
    if (q.stop) await out.line(`stopped at heap ${q.heaps}: ${q.stop.reason}`);
    await out.line(`generators: ${q.generators.map((g) => `${g.name} = heap ${g.heap}`).join(', ') || 'none'}`);
    await out.line(`relations: ${q.relations.join(', ') || 'none'}`);
    await out.line(`P-portion: ${pPortion.join(', ')}`);
    await out.line('pretending function (heap: element):');
    stoppedAt = await writePretendingRows(out, last, lastKnown, imageName, budget);
  }
  await out.flush();
  if (q.stop && q.stop.cause !== 'method') {
    process.stderr.write(
      `grundy: stopped at heap ${q.heaps}: ${q.stop.reason} ` +
        `${q.stop.cause === 'deadline' ? ` (--budget-ms ${options.budgetMs})` : ''}\n`,
    );
    return LIMIT_EXIT;
  }
  if (stoppedAt !== undefined) {
    process.stderr.write(
      `grundy: stopped before heap ${stoppedAt}: the budget of ${options.budgetMs} ms was reached\n`,
    );
    return LIMIT_EXIT;
  }
  if (lastKnown < last) {
    process.stderr.write(
      `grundy: stopped after heap ${lastKnown}: the quotient is not proved periodic, so larger heaps are not known\n`,
    );
    return LIMIT_EXIT;
  }
  return 0;
}

/**
 * The pretending function on heaps 0..lastKnown, ten a row, each row led by its first heap (padded to the width of
 * `last`, the heap asked for). Returns the heap it stopped before when the budget's deadline came first.
 */
export async function writePretendingRows(
  out: Output,
  last: bigint,
  lastKnown: bigint,
  imageName: (n: bigint) => string,
  budget: Budget,
): Promise<bigint | undefined> {
  const width = last.toString().length;
  for (let n = 0n; n <= lastKnown; n += 10n) {
    if (n % 4000n === 0n && n > 0n && pastBudget(budget)) return n;
    const row: string[] = [];
    for (let k = n; k < n + 10n && k <= lastKnown; k++) row.push(imageName(k).padEnd(7));
    await out.line(`${n.toString().padStart(width)}: ${row.join('')}`.trimEnd());
  }
  return undefined;
}

/**
 * The pretending function on heaps 0..lastKnown as the items of a JSON array, one a line (the brackets are the
 * caller's). Returns the heap it stopped before when the budget's deadline came first.
 */
export async function writePretendingJson(
  out: Output,
  lastKnown: bigint,
  imageName: (n: bigint) => string,
  budget: Budget,
): Promise<bigint | undefined> {
  for (let n = 0n; n <= lastKnown; n++) {
    if (n % 4096n === 0n && n > 0n && pastBudget(budget)) return n;
    await out.line(`${n === 0n ? '' : ','}${JSON.stringify(imageName(n))}`);
  }
  return undefined;
}
