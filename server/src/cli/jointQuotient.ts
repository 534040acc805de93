// `grundy quotient RULE RULE…`: the joint misère quotient of several heap rules (engine/misere/jointQuotient.ts),
// the one monoid that decides every misère sum of heaps of those rules, whatever their rules: its presentation
// (each generator a heap of one rule), P-portion, and each rule's own pretending function, with whether that rule's
// heaps are proved for every size. A sum is P iff the product of its heaps' images lies in the P-portion.
//
// Which heaps (as the editor's misère view of a game takes them): a rule with a window theorem (a finite code or
// subtraction set) is grown to --to or to a proof of its period, whichever comes first, and without --to to a
// proof, as the one-rule command. A rule without one (Nim, an infinite code or set) has exactly the heaps it is
// given, which make another monoid with every heap more: --to N, else NO_THEOREM_HEAPS (Kayles beside Nim heaps to
// 3 has 40 elements; beside Nim heaps to 4 it is still growing after 20 s, past the default budget). The same rule
// written twice (`kayles` and `octal 0.77`) counts once; a single rule left is the one-rule command's. Computed on
// this thread, within --budget-ms and no other limit than the method's own, as the one-rule command: Ctrl-C ends
// the process.
import { ruleKey } from '../engine';
import { LIMITS } from '../engine/limits';
import { jointMisereQuotient, quotientImage, rulesInWords, windowTheorem } from '../engine/misere';
import type { HeapRule } from '../engine/types';
import { type Options, parseRule, runBudget, UsageError } from './args';
import { LIMIT_EXIT, type Output } from './output';
import { computedTo, printedHeaps, quotient, writePretendingJson, writePretendingRows } from './quotient';

/** The heaps of a rule without a window theorem (Nim) when --to does not say: beside Kayles, 40 elements. */
export const NO_THEOREM_HEAPS = 3;

/** The largest quotient whose multiplication table --json writes (64 × 64 names). */
const JSON_TABLE_MAX = 64;

/** RULE number `index` (from 0), read as a .game file reads it; a mistake says which argument it is in. */
function parseArgument(source: string, index: number): { rule: HeapRule; name: string } {
  try {
    return parseRule(source);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const where = `RULE ${index + 1} (\`${source.trim()}\`)`;
    // parseRule's own "RULE, column 9: …" names no argument.
    const message = error.message.startsWith('RULE, ') ? `, ${error.message.slice(6)}` : `: ${error.message}`;
    throw new UsageError(where + message);
  }
}

export async function jointQuotient(sources: readonly string[], options: Options, out: Output): Promise<number> {
  const parsed = sources.map(parseArgument);
  const byKey = new Map<string, { rule: HeapRule; source: string }>();
  for (const { rule, name } of parsed) {
    const key = ruleKey(rule);
    const first = byKey.get(key);
    if (!first) byKey.set(key, { rule, source: name });
    else process.stderr.write(`grundy: ${name} is ${first.source} again (${key}): counted once\n`);
  }
  if (byKey.size === 1) return quotient([...byKey.values()][0].source, options, out);
  // The computation runs on this thread: Ctrl-C ends the process at once.
  process.removeAllListeners('SIGINT');
  const budget = runBudget(options);
  const to = new Map<string, number>();
  for (const [key, { rule }] of byKey) {
    if (options.to !== undefined) to.set(key, computedTo(options.to));
    else if ('none' in windowTheorem(rule)) to.set(key, NO_THEOREM_HEAPS);
  }
  const { quotient: q } = jointMisereQuotient(
    [...byKey.values()].map(({ rule }) => rule),
    budget,
    { to, workLimit: LIMITS.quotientWork },
  );
  const names = q.rules.map((r) => r.name);
  const printed = q.rules.map((r) => printedHeaps(r, options.to));
  const imageName = (r: number) => (n: bigint) => {
    const image = quotientImage(q.rules[r], n);
    return image === undefined ? '?' : q.names[image];
  };
  const pPortion = q.names.filter((_, x) => q.isP[x]);
  const reached = rulesInWords(q.rules.map((r) => `${r.name} heaps up to ${r.heaps}`));
  let stoppedAt: { rule: string; heap: bigint } | undefined;
  if (options.json) {
    const head = {
      size: q.size,
      tame: q.tame,
      generators: q.generators.map((g) => ({ name: g.name, rule: names[g.rule], heap: g.heap })),
      relations: q.relations,
      pPortion,
      stop: q.stop ? q.stop.reason : null,
      ...(q.size <= JSON_TABLE_MAX
        ? { table: q.names.map((_, x) => q.names.map((__, y) => q.names[q.mul[x * q.size + y]])) }
        : {}),
    };
    await out.line(`${JSON.stringify(head).slice(0, -1)},"rules":[`);
    for (const [r, rule] of q.rules.entries()) {
      const ruleHead = { rule: rule.name, key: rule.ruleKey, heaps: rule.heaps, periodicity: rule.periodicity ?? null };
      await out.line(`${r === 0 ? '' : ','}${JSON.stringify(ruleHead).slice(0, -1)},"pretending":[`);
      // Past a stop, the rules left are still listed (the exit code says the output is short).
      const stopped = stoppedAt
        ? undefined
        : await writePretendingJson(out, printed[r].lastKnown, imageName(r), budget);
      if (stopped !== undefined) stoppedAt = { rule: rule.name, heap: stopped };
      await out.line(']}');
    }
    await out.line(']}');
  } else {
    await out.line(`${rulesInWords(names)}  (${q.rules.map((r) => r.ruleKey).join('; ')})`);
    await out.line(
      `joint misère quotient of ${reached}: ${q.size} elements, ${pPortion.length} of them P; ` +
        (q.tame ? 'tame (as misère Nim: genus theory applies)' : 'wild'),
    );
    for (const rule of q.rules) {
      const period = rule.periodicity;
      const theorem = windowTheorem(rule.rule);
      if (period?.proved) await out.line(`${rule.name}: the same for every heap: ${period.ground}`);
      else if ('none' in theorem)
        await out.line(`${rule.name}: heaps up to ${rule.heaps} only, no window theorem for more: ${theorem.none}`);
      else {
        const why = period ? period.ground : 'no period of the pretending function seen yet';
        await out.line(`${rule.name}: heaps up to ${rule.heaps} only, not proved for larger ones: ${why}`);
      }
    }
    if (q.stop) await out.line(`stopped with ${reached}: ${q.stop.reason}`);
    const generators = q.generators.map((g) => `${g.name} = ${names[g.rule]} heap ${g.heap}`);
    await out.line(`generators: ${generators.join(', ') || 'none'}`);
    await out.line(`relations: ${q.relations.join(', ') || 'none'}`);
    await out.line(`P-portion: ${pPortion.join(', ')}`);
    for (const [r, rule] of q.rules.entries()) {
      await out.line(`pretending function of ${rule.name} (heap: element):`);
      const stopped = await writePretendingRows(out, printed[r].last, printed[r].lastKnown, imageName(r), budget);
      if (stopped !== undefined) {
        stoppedAt = { rule: rule.name, heap: stopped };
        break;
      }
    }
  }
  await out.flush();
  if (q.stop && q.stop.cause !== 'method') {
    process.stderr.write(
      `grundy: stopped with ${reached}: ${q.stop.reason} ` +
        `${q.stop.cause === 'deadline' ? ` (--budget-ms ${options.budgetMs})` : ''}\n`,
    );
    return LIMIT_EXIT;
  }
  if (stoppedAt !== undefined) {
    process.stderr.write(
      `grundy: stopped before ${stoppedAt.rule} heap ${stoppedAt.heap}: ` +
        `the budget of ${options.budgetMs} ms was reached\n`,
    );
    return LIMIT_EXIT;
  }
  const unknown = printed.findIndex(({ last, lastKnown }) => lastKnown < last);
  if (unknown >= 0) {
    const name = names[unknown];
    process.stderr.write(
      `grundy: stopped after ${name} heap ${printed[unknown].lastKnown}: ${name}'s heaps are not proved ` +
        'periodic in the joint quotient, so larger ones are not known\n',
    );
    return LIMIT_EXIT;
  }
  return 0;
}
