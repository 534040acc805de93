// Green Hackenbush pictures: the colon and fusion principles (hackenbushNimbers.ts), linear time.

import { independentParts, movesSpender } from '../components';
import type { ComponentMove } from '../gameTypes';
import type { Budget } from '../types';
import { edgeEndsKey, type HackenbushPicture, hackenbushCutsTo, hackenbushNimber } from './hackenbushNimbers';

export const hackenbushFamily = independentParts<'hackenbush', HackenbushPicture>({
  parts: (component) => component.pictures,
  key: (picture) => picture.ends.join(','),
  nimber: (picture) => BigInt(hackenbushNimber(picture)),
  movesTo: pictureCutsTo,
});

/** The cuts of a picture to nimber `target`; edges between the same two vertices are alike: one of them is listed. */
function pictureCutsTo(picture: HackenbushPicture, target: bigint, index: number, budget: Budget): ComponentMove[] {
  // A picture's value is at most its number of edges: no cut reaches a larger one.
  if (target > BigInt(picture.ends.length)) return [];
  const moves: ComponentMove[] = [];
  const cut = new Set<string>();
  // The cuts inside a long cycle class cost the square of its length: within the budget.
  for (const edge of hackenbushCutsTo(picture, Number(target), movesSpender(budget))) {
    const ends = edgeEndsKey(picture, edge);
    if (cut.has(ends)) continue;
    cut.add(ends);
    moves.push({ kind: 'hackenbush', picture: index, edge });
  }
  return moves;
}
