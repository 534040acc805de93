// The picture view's data (PictureRequest): a Hackenbush picture of a game, its vertices (the
// ground first), its edges as written, the cuts that win the game and the edges that stand on
// nothing; or a summary when it is too big to draw. And the lens above every game with pictures
// (SHOW_PICTURE_COMMAND): VS Code's client opens its picture view; the server, for any other
// editor, tells a summary.
import type { CodeLens, Position } from 'vscode-languageserver';
import { joinedEdges } from '../engine/families';
import type { Picture } from '../language/ast';
import type { CheckedComponent, GameSymbol } from '../language/model';
import { spanAt, spanContains } from '../language/text';
import {
  GRAPH_DRAWN_VERTICES,
  type PictureAnswer,
  PictureRequest,
  pictureParams,
  SHOW_PICTURE_COMMAND,
  type ShowPictureArguments,
  showPictureArguments,
} from '../protocol';
import type { Feature, FeatureContext } from './feature';
import type { DocumentView } from './view';

type Pictures = Extract<CheckedComponent, { kind: 'hackenbush' }>;

/** A game's pictures in order, over all its Hackenbush components: the component and the picture's index in it. */
function picturesOf(game: GameSymbol): { component: number; checked: Pictures; index: number; syntax: Picture }[] {
  const found: { component: number; checked: Pictures; index: number; syntax: Picture }[] = [];
  game.components.forEach((checked, component) => {
    if (checked.kind !== 'hackenbush' || checked.syntax.kind !== 'pictures') return;
    checked.syntax.pictures.forEach((syntax, index) => found.push({ component, checked, index, syntax }));
  });
  return found;
}

/** The game and picture at `offset`: a picture's text, or a game with pictures (its first). */
function pictureAt(view: DocumentView, offset: number): { game: string; picture: number } | undefined {
  const declaration = spanAt(view.document.file.declarations, offset);
  if (declaration?.kind !== 'game') return undefined;
  const game = view.document.model.games.find((g) => g.declaration === declaration);
  if (!game) return undefined;
  const pictures = picturesOf(game);
  if (pictures.length === 0) return undefined;
  const at = pictures.findIndex((p) => spanContains(p.syntax, offset));
  return { game: game.name, picture: Math.max(0, at) };
}

/** PictureRequest's answer for a game's picture. Bounded: a big picture is counted, not listed. */
export function pictureAnswer(view: DocumentView, name: string, picture: number): PictureAnswer {
  const game = view.document.model.games.find((g) => g.name === name);
  if (!game) return { refused: `There is no game \`${name}\` in this document.` };
  const pictures = picturesOf(game);
  const found = pictures[picture];
  if (!found)
    return {
      refused:
        pictures.length === 0
          ? `Game \`${name}\` has no Hackenbush picture.`
          : `Game \`${name}\` has ${pictures.length} picture${pictures.length === 1 ? '' : 's'}, not ${picture + 1}.`,
    };
  const data = found.checked.pictures[found.index];
  const names = found.checked.vertexNames[found.index];
  const value = game.valid ? view.game(game) : undefined;
  const result = value?.state === 'done' ? value.value : undefined;
  const problem = !game.valid
    ? 'The game has errors: fix them to see its values.'
    : value?.state === 'failed'
      ? `Computing its value failed: ${value.message.split('\n')[0]}`
      : result && result.nimber === null && result.play === 'normal'
        ? result.reason
        : undefined;
  const part = result?.components[found.component]?.parts[found.index];
  const answer = {
    game: name,
    picture,
    pictures: pictures.length,
    vertexCount: names.length,
    edgeCount: data.ends.length / 2,
    computing: value?.state === 'pending',
    ...(problem ? { problem } : {}),
    nimber: part === undefined || part === null ? null : Number(part),
    gameNimber: result?.nimber === null || result?.nimber === undefined ? null : Number(result.nimber),
  };
  if (names.length > GRAPH_DRAWN_VERTICES) return answer;
  const edges: [number, number][] = [];
  for (let e = 0; e < data.ends.length / 2; e++) edges.push([data.ends[2 * e], data.ends[2 * e + 1]]);
  const winning = (result?.winningMoves ?? []).flatMap(({ component, move }) =>
    component === found.component && move.kind === 'hackenbush' && move.picture === found.index ? [move.edge] : [],
  );
  const joined = joinedEdges(data);
  const loose = edges.flatMap((_, e) => (joined[e] ? [] : [e]));
  return { ...answer, drawn: { vertices: names, edges, winning, loose } };
}

/** A lens above every game with pictures: one per picture, to open the picture view. */
export function pictureLenses(view: DocumentView): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const game of view.document.model.games) {
    const pictures = picturesOf(game);
    const start = view.document.lines.positionAt(game.declaration.start);
    pictures.forEach((_, picture) => {
      const args: ShowPictureArguments = { uri: view.uri, game: game.name, picture };
      lenses.push({
        range: { start, end: start },
        command: {
          title:
            `${view.icons ? '$(type-hierarchy) ' : ''}show the picture` +
            (pictures.length > 1 ? ` ${picture + 1}` : '') +
            ` of ${game.name}`,
          command: SHOW_PICTURE_COMMAND,
          arguments: [args],
        },
      });
    });
  }
  return lenses;
}

/** SHOW_PICTURE_COMMAND as the server runs it (editors other than VS Code): a summary, as a message. */
function showPicture(context: FeatureContext, args: ShowPictureArguments): string {
  const view = context.view(args.uri);
  const answer: PictureAnswer = view
    ? pictureAnswer(view, args.game, args.picture)
    : { refused: 'The document is not open.' };
  let message: string;
  if ('refused' in answer) message = answer.refused;
  else {
    const value =
      answer.problem ??
      (answer.computing ? 'its value is being computed' : answer.nimber === null ? '' : `nimber ${answer.nimber}`);
    const cuts = answer.drawn ? `; ${answer.drawn.winning.length} winning cut(s)` : '';
    message =
      `picture ${answer.picture + 1} of ${answer.game}: ${answer.vertexCount} vertices (the ground one), ` +
      `${answer.edgeCount} edges. ${value}${cuts}`.trim();
  }
  context.tell(message, 'info');
  return message;
}

/** The picture view's answer for a picture named (game and index), or found at a position. */
export function pictureRequestAnswer(
  view: DocumentView,
  params: { readonly game?: string; readonly picture?: number; readonly position?: Position },
): PictureAnswer {
  const named =
    params.game !== undefined
      ? { game: params.game, picture: params.picture ?? 0 }
      : pictureAt(view, view.document.lines.offsetAt(params.position!));
  if (!named) return { refused: 'Put the cursor on a game with a Hackenbush picture.' };
  return pictureAnswer(view, named.game, named.picture);
}

export const pictureViewFeature: Feature = {
  name: 'picture view',
  handlers: (context) => ({
    requests: {
      [PictureRequest.method]: (raw) => {
        const params = pictureParams(raw);
        const view = context.view(params.uri);
        if (!view) return { refused: 'The document is not open.' } satisfies PictureAnswer;
        return pictureRequestAnswer(view, params);
      },
    },
    commands: { [SHOW_PICTURE_COMMAND]: (args) => showPicture(context, showPictureArguments(args[0])) },
  }),
};
