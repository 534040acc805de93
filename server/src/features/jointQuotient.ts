// The misère view of a set of rules (JointQuotientRequest): the joint misère quotient of a misère game's heap rules
// (engine/misere/jointQuotient.ts), the monoid that decides the game and every misère sum of those rules' heaps, with
// its presentation, P-portion and each rule's pretending function, the rules called as the document calls them. And
// the lens above every misère game of heaps of several rules (EXPLORE_QUOTIENT_COMMAND): VS Code's client opens the
// view; the server, for any other editor, tells the quotient's summary.
//
// Which quotient: the game's. A rule without a window theorem (Nim) has exactly the game's heaps, its largest there
// (more Nim heaps make another monoid: Kayles beside Nim heaps to 3 has 40 elements, to 5 already 56 and more with
// every Kayles heap); a rule with one is grown to the heaps shown or the game's, or to a proof of its period first
// (Kayles beside Nim heaps to 3 at heap 167: Compute further gets there).
import { CancellationToken, type CodeLens } from 'vscode-languageserver';
import { describeRule } from '../analysis/wording';
import { ruleKey } from '../engine';
import { type JointMisereQuotient, quotientImage, windowTheorem } from '../engine/misere';
import type { HeapRule } from '../engine/types';
import type { GameSymbol } from '../language/model';
import {
  EXPLORE_QUOTIENT_COMMAND,
  type ExploreQuotientArguments,
  exploreQuotientArguments,
  type JointQuotientAnswer,
  JointQuotientRequest,
  type JointQuotientRule,
  jointQuotientParams,
  QUOTIENT_DEFAULT_UP_TO,
  QUOTIENT_TABLE_MAX,
} from '../protocol';
import type { Feature, FeatureContext } from './feature';
import { type DocumentView, gameNamedOrAt } from './view';

/** The largest heap a quotient is computed to one by one (an array's indices). */
const INDEXABLE_HEAP = 2 ** 31 - 1;

/** A game's heap rules (each once, by key, as the document first names it) and each one's largest heap. */
interface GameRules {
  readonly rules: { readonly rule: HeapRule; readonly name: string; readonly largest: bigint }[];
}

/**
 * The rules of a misère game whose components are all heaps or rows of X's, when there are two or more: what a joint
 * quotient decides. Undefined for any other game (one rule has its own quotient, in the rule's explorer).
 */
export function gameRules(game: GameSymbol): GameRules | undefined {
  if (game.play !== 'misere' || !game.valid) return undefined;
  const byKey = new Map<string, { rule: HeapRule; name: string; largest: bigint }>();
  for (const component of game.components) {
    if (component.kind !== 'heaps' && component.kind !== 'octal-row') return undefined;
    const key = ruleKey(component.rule);
    const known = byKey.get(key) ?? { rule: component.rule, name: component.ruleName, largest: 0n };
    for (const heap of component.heaps) if (heap > known.largest) known.largest = heap;
    byKey.set(key, known);
  }
  return byKey.size >= 2 ? { rules: [...byKey.values()] } : undefined;
}

/** The rules in words: `kayles and nim`, `a, b and c`. */
function inWords(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** A lens above every misère game of heaps of several rules: open the misère view of its rules. */
export function jointQuotientLenses(view: DocumentView): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const game of view.document.model.games) {
    const found = gameRules(game);
    if (!found) continue;
    const start = view.document.lines.positionAt(game.declaration.start);
    const args: ExploreQuotientArguments = { uri: view.uri, game: game.name };
    lenses.push({
      range: { start, end: start },
      command: {
        title:
          `${view.icons ? '$(symbol-operator) ' : ''}explore the misère quotient of ` +
          inWords(found.rules.map((r) => r.name)),
        command: EXPLORE_QUOTIENT_COMMAND,
        arguments: [args],
      },
    });
  }
  return lenses;
}

/** The joint quotient of the game `name`'s rules, computed in a worker, as the view shows it. */
export async function jointQuotientAnswer(
  context: FeatureContext,
  view: DocumentView,
  name: string,
  upTo: number,
  token: CancellationToken,
): Promise<JointQuotientAnswer> {
  const symbol = view.document.model.symbols.get(name);
  if (symbol?.kind !== 'game') return { refused: `There is no game \`${name}\` in this document.` };
  const found = gameRules(symbol);
  if (!found)
    return {
      refused:
        `\`${name}\` is not a misère game of heaps of several rules (with errors, in normal play, of one rule, or ` +
        'with other components): it has no joint misère quotient.',
    };
  const to = new Map<string, number>();
  for (const { rule, name: ruleName, largest } of found.rules) {
    // A rule with a window theorem: to the heaps shown, or the game's (the quotient the game used, grown on), or to
    // its proof first. Not further: the other rules' heaps beside many more of its own may grow past any budget
    // (Kayles to 400 beside Nim heaps to 5), and the state is the one the game's quotient resumes.
    if (!('none' in windowTheorem(rule)))
      to.set(ruleKey(rule), Math.max(upTo, largest > BigInt(INDEXABLE_HEAP) ? INDEXABLE_HEAP : Number(largest)));
    else if (largest > BigInt(INDEXABLE_HEAP))
      return {
        refused:
          `A ${ruleName} heap of ${largest} is past what a misère quotient computes heap by heap, and ${ruleName}'s ` +
          'pretending function cannot be proved periodic.',
      };
    else to.set(ruleKey(rule), Number(largest));
  }
  const rules = found.rules.map((r) => r.rule);
  const outcome = await context.compute({ kind: 'jointQuotient', rules, to }, token, [...to.keys()]);
  if (outcome.status === 'dropped') return { refused: 'Cancelled.' };
  if (outcome.status === 'failed')
    return { refused: `Computing the quotient failed: ${outcome.message.split('\n')[0]}` };
  if (outcome.result.kind !== 'jointQuotient') return { refused: 'The worker answered something else.' };
  const names = new Map(found.rules.map((r) => [ruleKey(r.rule), r.name]));
  return answerOf(name, view.version, outcome.result.quotient, names, upTo, outcome.cancelled);
}

function answerOf(
  game: string,
  version: number,
  q: JointMisereQuotient,
  names: ReadonlyMap<string, string>,
  upTo: number,
  cancelled: boolean,
): JointQuotientAnswer {
  const nameOf = (key: string) => names.get(key) ?? key;
  const pPortion = [...q.isP.keys()].filter((x) => q.isP[x]);
  const rules = q.rules.map((r): JointQuotientRule => {
    const p = r.periodicity;
    const theorem = windowTheorem(r.rule);
    const status = p?.proved
      ? `Every heap: period ${p.period} from heap ${p.start} (${p.ground}).`
      : 'none' in theorem
        ? `Heaps up to ${r.heaps}, the game's largest (${theorem.none}: no period is proved).`
        : `Heaps up to ${r.heaps}; ${p ? `not proved for larger heaps: ${p.ground}` : 'no period seen yet'}.`;
    return {
      rule: nameOf(r.ruleKey),
      definition: describeRule(r.rule),
      heaps: r.heaps,
      pretending: Array.from({ length: upTo + 1 }, (_, n) => quotientImage(r, BigInt(n)) ?? -1),
      ...(p ? { period: { start: p.start, period: p.period, proved: p.proved } } : {}),
      status,
    };
  });
  const together = inWords(rules.map((r) => r.rule));
  const kind = q.tame ? 'tame: misère Nim’s quotient, and genus theory applies' : 'wild';
  const status =
    `The misère quotient of ${together}: ${q.size} elements, ${pPortion.length} of them P; ${kind}. A misère sum ` +
    "of their heaps is P exactly when the product of its heaps' elements is in the P-portion.";
  const reach = inWords(rules.map((r) => `${r.rule} heaps up to ${r.heaps}`));
  const stopped = q.stop ? `Stopped at ${reach}: ${cancelled ? 'cancelled' : q.stop.reason}.` : undefined;
  return {
    game,
    version,
    rules,
    size: q.size,
    tame: q.tame,
    elements: q.names,
    pPortion,
    generators: q.generators.map((g) => ({ name: g.name, rule: rules[g.rule].rule, heap: g.heap })),
    relations: q.relations,
    status,
    ...(stopped ? { stopped } : {}),
    ...(q.size <= QUOTIENT_TABLE_MAX ? { table: Array.from(q.mul) } : {}),
  };
}

/** The summary EXPLORE_QUOTIENT_COMMAND tells in editors without the view (bounded: long lists are cut). */
export function jointQuotientSummary(answer: JointQuotientAnswer): string {
  if ('refused' in answer) return answer.refused;
  const cut = (items: readonly string[]) =>
    items.length > 12 ? `${items.slice(0, 12).join(', ')}, … (${items.length} in all)` : items.join(', ') || 'none';
  const generators = cut(answer.generators.map((g) => `${g.name} = ${g.rule} heap ${g.heap}`));
  const pPortion = cut(answer.pPortion.map((x) => answer.elements[x]));
  const rules = answer.rules.map((r) => `${r.rule}: ${r.status}`).join(' ');
  return (
    `${answer.status} Generators: ${generators}. Relations: ${cut(answer.relations)}. P-portion: ${pPortion}. ` +
    `${rules}${answer.stopped ? ` ${answer.stopped}` : ''}`
  );
}

async function request(context: FeatureContext, raw: unknown, token: CancellationToken): Promise<JointQuotientAnswer> {
  const params = jointQuotientParams(raw);
  const view = context.view(params.uri);
  if (!view) return { refused: 'The document is not open.' };
  const name = params.game ?? gameNamedOrAt(view, params)?.name;
  if (name === undefined) return { refused: 'Put the cursor on a misère game of heaps of several rules.' };
  return jointQuotientAnswer(context, view, name, params.upTo ?? QUOTIENT_DEFAULT_UP_TO, token);
}

/** EXPLORE_QUOTIENT_COMMAND as the server runs it (editors other than VS Code): the summary, as a message. */
async function explore(context: FeatureContext, args: ExploreQuotientArguments): Promise<string> {
  const view = context.view(args.uri);
  const answer = view
    ? await jointQuotientAnswer(context, view, args.game, QUOTIENT_DEFAULT_UP_TO, CancellationToken.None)
    : ({ refused: 'The document is not open.' } as const);
  const message = jointQuotientSummary(answer);
  context.tell(message, 'info');
  return message;
}

export const jointQuotientFeature: Feature = {
  name: 'misère view of a set of rules',
  handlers: (context) => ({
    requests: { [JointQuotientRequest.method]: (raw, token) => request(context, raw, token) },
    commands: { [EXPLORE_QUOTIENT_COMMAND]: (args) => explore(context, exploreQuotientArguments(args[0])) },
  }),
};
