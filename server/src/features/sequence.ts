// The nim-sequence explorer's data (SequenceRequest): a heap rule's values as far as asked, its
// period and proof in words, and for octal codes its rare and common values. And the command of
// the lens above every heap rule (EXPLORE_SEQUENCE_COMMAND): VS Code's client opens its explorer
// panel for it; the server, for any other editor, tells the rule's first values and status.

import { CancellationToken, type CodeLens } from 'vscode-languageserver';
import { describeRule, observedWords, periodWords, proofWords } from '../analysis/wording';
import type { SequenceValues } from '../compute/jobs';
import { ruleKey } from '../engine';
import { fewestRareMask, isRare } from '../engine/heaps';
import { GENUS_TERMS, type GeneraResult, type MisereQuotient, quotientImage } from '../engine/misere';
import { type HeapRule, isHeapRule, type Rule } from '../engine/types';
import type { RuleSymbol } from '../language/model';
import {
  EXPLORE_SEQUENCE_COMMAND,
  type ExploreSequenceArguments,
  exploreArguments,
  QUOTIENT_DEFAULT_UP_TO,
  QUOTIENT_MAX_UP_TO,
  QUOTIENT_TABLE_MAX,
  type QuotientAnswer,
  QuotientRequest,
  type RuleSequenceAnswer,
  SEQUENCE_DEFAULT_UP_TO,
  type SequenceAnswer,
  SequenceRequest,
  sequenceParams,
  WYTHOFF_DEFAULT_SIZE,
  WYTHOFF_MAX_SIZE,
  type WythoffTableAnswer,
} from '../protocol';
import type { Feature, FeatureContext } from './feature';

import { type DocumentView, declarationLenses, declaredNameAt } from './view';

/** How many rare heaps an answer lists (it counts them all). */
const LISTED_RARE_HEAPS = 200;

/** The heap rule called `name` in the document (declared or built in), or why there is none. */
function heapRule(
  view: DocumentView,
  name: string,
): { readonly symbol: RuleSymbol; readonly rule: HeapRule } | { readonly refused: string } {
  const symbol = view.document.model.symbols.get(name);
  if (symbol?.kind !== 'rule') return { refused: `There is no rule \`${name}\` in this document.` };
  if (!symbol.rule) return { refused: `The rule \`${name}\` has errors: fix them to see its nim-sequence.` };
  if (!isHeapRule(symbol.rule))
    return {
      refused:
        `\`${name}\` is not a heap rule: only subtraction, subtract-all-except and octal rules have a ` +
        `nim-sequence.`,
    };
  return { symbol, rule: symbol.rule };
}

/**
 * Octal values split as rare and common: under a mask M a value v is rare when v & M has an even
 * number of bits (0 is always rare). The mask is the one that leaves the fewest rare heaps, as in
 * the tables of Gangolli, Plambeck and Flammenkamp, found as the octal engine finds its own.
 */
export function rareAndCommon(values: ArrayLike<number>): NonNullable<RuleSequenceAnswer['rareCommon']> {
  let largest = 0;
  for (let n = 0; n < values.length; n++) largest = Math.max(largest, values[n]);
  const bits = Math.min(12, Math.max(1, Math.ceil(Math.log2(largest + 1))));
  // How many heaps have each value (values past the masks searched are counted under their low bits).
  const histogram = new Float64Array(1 << bits);
  for (let n = 0; n < values.length; n++) histogram[values[n] & ((1 << bits) - 1)]++;
  const { mask, rare } = fewestRareMask(histogram, values.length);
  const rareHeaps: number[] = [];
  for (let n = 0; n < values.length && rareHeaps.length < LISTED_RARE_HEAPS; n++)
    if (isRare(values[n], mask)) rareHeaps.push(n);
  const rareValues = [...new Set(Array.from(values))].filter((v) => isRare(v, mask)).sort((x, y) => x - y);
  return { mask, rareValues, rareHeapCount: rare, rareHeaps };
}

/** SequenceRequest's answer, made from what the worker computed. */
export function sequenceAnswer(
  name: string,
  rule: HeapRule,
  result: SequenceValues,
  upTo: number,
  cancelled: boolean,
): SequenceAnswer {
  const p = result.periodicity;
  const values = Array.from(result.values);
  const last = values.length - 1;
  const status = p
    ? `${periodWords(p)}; ${proofWords(p)}.`
    : `No period up to n = ` +
      `${result.computedUpTo.toLocaleString('en-US')}${result.reason ? ` (${result.reason})` : ''}.` +
      (result.observed ? ` Not proved, only seen: ${observedWords(result.observed, result.computedUpTo)}.` : '');
  const stopped =
    last < upTo
      ? cancelled
        ? `Cancelled at n = ${last.toLocaleString('en-US')}.`
        : `Stopped at n = ${last.toLocaleString('en-US')}: ${result.reason ?? 'the computation budget ran out'}.`
      : undefined;
  return {
    rule: name,
    definition: describeRule(rule),
    family: rule.kind,
    values,
    computedUpTo: result.computedUpTo,
    ...(p
      ? { period: { preperiod: p.preperiod, period: p.period, saltus: p.saltus, provedAt: p.provedAt, proof: p.proof } }
      : {}),
    status,
    ...(stopped ? { stopped } : {}),
    ...(rule.kind === 'octal' ? { rareCommon: rareAndCommon(values) } : {}),
  };
}

/** A lens above every heap rule declared in the document: open the explorer. */
export function ruleLenses(view: DocumentView): CodeLens[] {
  return declarationLenses(view, 'rule', (symbol) => {
    const args: ExploreSequenceArguments = { uri: view.uri, rule: symbol.name };
    if (symbol.rule?.kind === 'movesTuple' && symbol.rule.moves.arity === 2)
      return {
        title: `${view.icons ? '$(graph-line) ' : ''}explore the values of ${symbol.name}`,
        command: EXPLORE_SEQUENCE_COMMAND,
        arguments: [args],
      };
    if (!isHeapRule(symbol.rule)) return undefined;
    // `$(name)` is VS Code's icon syntax: other editors would show it as text.
    return {
      title: `${view.icons ? '$(graph-line) ' : ''}explore the nim-sequence of ${symbol.name}`,
      command: EXPLORE_SEQUENCE_COMMAND,
      arguments: [args],
    };
  });
}

/** The rule a SequenceRequest or QuotientRequest asks about: by name, or under the position. */
function requestedRule(
  context: FeatureContext,
  raw: unknown,
): { view: DocumentView; name: string; upTo?: number } | { refused: string } {
  const params = sequenceParams(raw);
  const view = context.view(params.uri);
  if (!view) return { refused: 'The document is not open.' };
  const name = params.rule ?? declaredNameAt(view, view.document.lines.offsetAt(params.position!), 'rule');
  if (name === undefined) return { refused: 'Put the cursor on a rule, or on a game that uses one.' };
  return { view, name, ...(params.upTo === undefined ? {} : { upTo: params.upTo }) };
}

async function sequence(context: FeatureContext, raw: unknown, token: CancellationToken): Promise<SequenceAnswer> {
  const asked = requestedRule(context, raw);
  if ('refused' in asked) return asked;
  const answer = await computedSequence(context, asked.view, asked.name, asked.upTo, token);
  // The version read: a request may reach the server before the edit that prompted it (a client
  // that follows edits, as the explorer does, asks again when the answer is older than its text).
  return 'refused' in answer ? answer : { ...answer, version: asked.view.version };
}

async function computedSequence(
  context: FeatureContext,
  view: DocumentView,
  name: string,
  upTo: number | undefined,
  token: CancellationToken,
): Promise<SequenceAnswer> {
  const symbol = view.document.model.symbols.get(name);
  if (symbol?.kind === 'rule' && symbol.rule?.kind === 'wythoff')
    return wythoffAnswer(context, name, Math.min(upTo ?? WYTHOFF_DEFAULT_SIZE, WYTHOFF_MAX_SIZE), token);
  if (symbol?.kind === 'rule' && symbol.rule?.kind === 'movesTuple') {
    if (symbol.rule.moves.arity !== 2)
      return {
        refused:
          `\`${name}\` has positions of ${symbol.rule.moves.arity} numbers: the explorer draws the values of rules ` +
          'of one or two variables.',
      };
    return movesTableAnswer(
      context,
      name,
      symbol.rule,
      Math.min(upTo ?? WYTHOFF_DEFAULT_SIZE, WYTHOFF_MAX_SIZE),
      token,
    );
  }
  const found = heapRule(view, name);
  if ('refused' in found) return found;
  const wanted = upTo ?? SEQUENCE_DEFAULT_UP_TO;
  const outcome = await context.compute({ kind: 'sequence', rule: found.rule, upTo: wanted }, token, [
    ruleKey(found.rule),
  ]);
  if (outcome.status === 'dropped') return { refused: 'Cancelled.' };
  if (outcome.status === 'failed')
    return { refused: `Computing the sequence failed: ${outcome.message.split('\n')[0]}` };
  if (outcome.result.kind !== 'sequence') return { refused: 'The worker answered something else.' };
  return sequenceAnswer(name, found.rule, outcome.result.sequence, wanted, outcome.cancelled);
}

/** A two-variable rule of one's own's values for both numbers up to `size`, computed in a worker: a heat map. */
async function movesTableAnswer(
  context: FeatureContext,
  name: string,
  rule: Extract<Rule, { kind: 'movesTuple' }>,
  size: number,
  token: CancellationToken,
): Promise<SequenceAnswer> {
  const outcome = await context.compute({ kind: 'movesTable', rule, size }, token, [rule.text]);
  if (outcome.status === 'dropped') return { refused: 'Cancelled.' };
  if (outcome.status === 'failed') return { refused: `Computing the table failed: ${outcome.message.split('\n')[0]}` };
  if (outcome.result.kind !== 'movesTable') return { refused: 'The worker answered something else.' };
  const { table } = outcome.result;
  return {
    rule: name,
    definition: rule.text,
    family: 'table',
    size: table.size,
    table: Array.from(table.values),
    status:
      "A rule of one's own: G(a, b) is the mex of the values of (a, b)'s options (a split's: the nim-sum of its " +
      "parts'), computed for both numbers up to the size shown; no pattern in it is claimed proved.",
    ...(table.size < size
      ? {
          stopped:
            `${outcome.cancelled ? 'Cancelled' : 'Stopped'} at both numbers up to ${Math.max(0, table.size)}` +
            `${table.reason ? `: ${table.reason}` : ''}.`,
        }
      : {}),
  };
}

/** Wythoff's nimbers for both heaps up to `size`, computed in a worker: the explorer's heat map. */
async function wythoffAnswer(
  context: FeatureContext,
  name: string,
  size: number,
  token: CancellationToken,
): Promise<SequenceAnswer> {
  const outcome = await context.compute({ kind: 'wythoff', size }, token);
  if (outcome.status === 'dropped') return { refused: 'Cancelled.' };
  if (outcome.status === 'failed') return { refused: `Computing the table failed: ${outcome.message.split('\n')[0]}` };
  if (outcome.result.kind !== 'wythoff') return { refused: 'The worker answered something else.' };
  const { table } = outcome.result;
  const answer: WythoffTableAnswer = {
    rule: name,
    definition: "Wythoff's game",
    family: 'wythoff',
    size: table.size,
    table: Array.from(table.values),
    status:
      'G(a, b) has no known formula; its zeros do: the P-positions are (0, 0) and the pairs (⌊kφ⌋, ⌊kφ²⌋) and ' +
      '(⌊kφ²⌋, ⌊kφ⌋), φ the golden ratio (Wythoff, 1907).',
    ...(table.size < size
      ? { stopped: `${outcome.cancelled ? 'Cancelled' : 'Stopped'} at both heaps up to ${Math.max(0, table.size)}.` }
      : {}),
  };
  return answer;
}

/** QuotientRequest's answer, made from what the worker computed. */
export function quotientAnswer(
  name: string,
  rule: HeapRule,
  q: MisereQuotient,
  genera: GeneraResult,
  upTo: number,
  cancelled: boolean,
): QuotientAnswer {
  const pretending = Array.from({ length: upTo + 1 }, (_, n) => quotientImage(q, BigInt(n)) ?? -1);
  const pPortion = [...q.isP.keys()].filter((x) => q.isP[x]);
  const p = q.periodicity;
  const kind = q.tame ? 'tame: it is misère Nim’s quotient, and genus theory applies' : 'wild';
  const proof = p?.proved
    ? `The same for every heap: ${p.ground}.`
    : p
      ? `Not proved for larger heaps: ${p.ground}.`
      : `Not proved for larger heaps: no period of the pretending function seen up to heap ${q.heaps}.`;
  const size = `${q.size} elements, ${pPortion.length} of them P`;
  const status = `Misère quotient of heaps up to ${q.heaps}: ${size}; ${kind}. ${proof}`;
  const stopped = q.stop ? `Stopped at heap ${q.heaps}: ${cancelled ? 'cancelled' : q.stop.reason}.` : undefined;
  const genusDone = genera.genera.length - 1;
  const genusStatus =
    `Genus g^(γ0γ1…): g the normal nimber, γk the misère Grundy value beside k heaps of *2 (γ0…γ${GENUS_TERMS - 1} ` +
    `computed, written to where they alternate), for heaps 0 to ${genusDone}` +
    (genera.stop ? ` (stopped: ${genera.stop})` : '') +
    '.';
  return {
    rule: name,
    definition: describeRule(rule),
    heaps: q.heaps,
    size: q.size,
    tame: q.tame,
    elements: q.names,
    pPortion,
    generators: q.generators.map((g) => ({ name: g.name, heap: g.heap })),
    relations: q.relations,
    pretending,
    ...(p ? { period: { start: p.start, period: p.period, proved: p.proved } } : {}),
    status,
    ...(stopped ? { stopped } : {}),
    ...(q.size <= QUOTIENT_TABLE_MAX ? { table: Array.from(q.mul) } : {}),
    genus: genera.genera.map((g) => ({ symbol: g.symbol, tame: g.tame })),
    genusStatus,
  };
}

async function quotient(context: FeatureContext, raw: unknown, token: CancellationToken): Promise<QuotientAnswer> {
  const asked = requestedRule(context, raw);
  if ('refused' in asked) return asked;
  const { view, name } = asked;
  const found = heapRule(view, name);
  if ('refused' in found) return found;
  const upTo = Math.min(asked.upTo ?? QUOTIENT_DEFAULT_UP_TO, QUOTIENT_MAX_UP_TO);
  const outcome = await context.compute({ kind: 'quotient', rule: found.rule, upTo }, token, [ruleKey(found.rule)]);
  if (outcome.status === 'dropped') return { refused: 'Cancelled.' };
  if (outcome.status === 'failed')
    return { refused: `Computing the quotient failed: ${outcome.message.split('\n')[0]}` };
  if (outcome.result.kind !== 'quotient') return { refused: 'The worker answered something else.' };
  const { quotient: q, genera } = outcome.result;
  return quotientAnswer(name, found.rule, q, genera, upTo, outcome.cancelled);
}

/** How many values the server's own explore command tells. */
const TOLD_VALUES = 40;

/**
 * EXPLORE_SEQUENCE_COMMAND as the server runs it (editors other than VS Code, which open their
 * explorer instead): the first values and the proof status, as a message.
 */
async function explore(context: FeatureContext, args: ExploreSequenceArguments): Promise<string> {
  const view = context.view(args.uri);
  const answer = view
    ? await computedSequence(context, view, args.rule, TOLD_VALUES - 1, CancellationToken.None)
    : { refused: 'The document is not open.' };
  const message =
    'refused' in answer
      ? answer.refused
      : 'table' in answer
        ? `${answer.rule}: ${answer.definition}. ${answer.status}`
        : `rule ${answer.rule}: ${answer.definition}. G(0), G(1), …: ${answer.values.join(' ')} …; ${answer.status}`;
  context.tell(message, 'info');
  return message;
}

export const sequenceFeature: Feature = {
  name: 'nim-sequence explorer',
  handlers: (context) => ({
    requests: {
      [SequenceRequest.method]: (raw, token) => sequence(context, raw, token),
      [QuotientRequest.method]: (raw, token) => quotient(context, raw, token),
    },
    commands: { [EXPLORE_SEQUENCE_COMMAND]: (args) => explore(context, exploreArguments(args[0])) },
  }),
};
