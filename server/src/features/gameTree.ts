// The game tree (GameTreeRequest): a node of a game's tree, the position a path of moves reaches
// from the game as written, with its value and its children (each move, the position after it and
// its value), computed in a worker (compute/gameTree.ts) and written here with the game's names
// (analysis/positionText.ts). A move back to a position above it on the path (tokens on a graph
// with cycles) is a back edge, not opened again. And SHOW_GAME_TREE_COMMAND: VS Code's client opens
// the tree in its graph panel; the server, for any other editor, tells the game's moves and their values.
import { CancellationToken } from 'vscode-languageserver';
import { gameInput } from '../analysis/gameReport';
import { componentNames, moveLabel, positionText } from '../analysis/positionText';
import { infiniteValueText } from '../analysis/wording';
import type { TreeValue } from '../compute/gameTree';
import { gameAffinity } from '../compute/requests';
import {
  GAME_TREE_MAX_CHILDREN,
  type GameTreeAnswer,
  GameTreeRequest,
  type GameTreeValue,
  gameTreeParams,
  SHOW_GAME_TREE_COMMAND,
  type ShowGameTreeArguments,
  showGameTreeArguments,
} from '../protocol';
import type { Feature, FeatureContext } from './feature';
import { gameNamedOrAt } from './view';

function treeValue(value: TreeValue): GameTreeValue {
  return {
    nimber: value.nimber === null ? null : String(value.nimber),
    outcome: value.outcome,
    ...(value.infinite ? { infinite: value.infinite.map(String) } : {}),
    ...(value.remoteness === undefined ? {} : { remoteness: value.remoteness }),
    ...(value.reason ? { reason: value.reason } : {}),
  };
}

/** GameTreeRequest's answer for a game found by name or position. */
export async function gameTreeAnswer(
  context: FeatureContext,
  raw: unknown,
  token: CancellationToken,
): Promise<GameTreeAnswer> {
  const params = gameTreeParams(raw);
  const view = context.view(params.uri);
  if (!view) return { refused: 'The document is not open.' };
  const game = gameNamedOrAt(view, params);
  if (!game)
    return {
      refused:
        params.game !== undefined
          ? `There is no game \`${params.game}\` in this document.`
          : 'Put the cursor on a game.',
    };
  if (!game.valid) return { refused: `\`${game.name}\` has errors: fix them to see its tree.` };
  const input = gameInput(game);
  const outcome = await context.compute(
    {
      kind: 'gameTree',
      input,
      path: params.path,
      maxChildren: GAME_TREE_MAX_CHILDREN,
      ...(params.root === undefined ? {} : { root: params.root }),
    },
    token,
    // Its positions are valued where the game's rules are known (a long row's 0.007 values, say).
    gameAffinity(game),
  );
  if (outcome.status === 'dropped') return { refused: 'Cancelled.' };
  if (outcome.status === 'failed') return { refused: `Computing the tree failed: ${outcome.message.split('\n')[0]}` };
  if (outcome.result.kind !== 'gameTree') return { refused: 'The worker answered something else.' };
  const node = outcome.result.node;
  if ('refused' in node) return { refused: node.refused };
  const names = game.components.map(componentNames);
  const several = game.components.length > 1;
  const children = node.children.map((child) => {
    const components = node.position.slice();
    components[child.move.component] = child.after;
    return {
      label: moveLabel(node.position[child.move.component], child.move, names[child.move.component], several),
      position: positionText(components, names),
      ...treeValue(child),
      hasChildren: child.hasChildren,
      ...(child.repeats === undefined ? {} : { repeats: child.repeats }),
    };
  });
  return {
    game: game.name,
    play: game.play,
    path: params.path,
    root: node.root,
    position: positionText(node.position, names),
    ...treeValue(node.value),
    children,
    moveCount: node.moveCount,
    ...(node.movesReason ? { movesReason: node.movesReason } : {}),
  };
}

/** How a value reads in a message: `*3`, `0 (P)`, `∞(0) (N)`, `∞() (D)`, `N`, with the remoteness. */
export function valueWords(value: GameTreeValue): string {
  const v =
    value.nimber !== null
      ? value.nimber === '0'
        ? '0 (P)'
        : `*${value.nimber}`
      : value.infinite
        ? `${infiniteValueText(value.infinite.map(BigInt))} (${value.outcome ?? '?'})`
        : value.outcome !== null
          ? value.outcome
          : '?';
  return value.remoteness === undefined ? v : `${v}, remoteness ${value.remoteness}`;
}

/** How many children the server's own command tells. */
const TOLD_CHILDREN = 20;

/** SHOW_GAME_TREE_COMMAND as the server runs it (editors other than VS Code): the root's children, as a message. */
async function showGameTree(context: FeatureContext, args: ShowGameTreeArguments): Promise<string> {
  const answer = await gameTreeAnswer(
    context,
    { textDocument: { uri: args.uri }, game: args.game, path: [] },
    CancellationToken.None,
  );
  let message: string;
  if ('refused' in answer) message = answer.refused;
  else {
    const moves =
      answer.moveCount === null
        ? `its moves are not listed: ${answer.movesReason}`
        : answer.moveCount === 0
          ? 'no move is left'
          : `${answer.moveCount} move${answer.moveCount === 1 ? '' : 's'}: ` +
            answer.children
              .slice(0, TOLD_CHILDREN)
              .map((c) => `${c.label} (${valueWords(c)}${c.repeats === undefined ? '' : ', a position met before'})`)
              .join('; ') +
            (answer.moveCount > TOLD_CHILDREN ? `; … ${answer.moveCount - TOLD_CHILDREN} more` : '');
    message = `${answer.game} = ${answer.position}: ${valueWords(answer)}; ${moves}.`;
  }
  context.tell(message, 'info');
  return message;
}

export const gameTreeFeature: Feature = {
  name: 'game tree',
  handlers: (context) => ({
    requests: { [GameTreeRequest.method]: (raw, token) => gameTreeAnswer(context, raw, token) },
    commands: { [SHOW_GAME_TREE_COMMAND]: (args) => showGameTree(context, showGameTreeArguments(args[0])) },
  }),
};
