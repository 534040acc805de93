// Green Hackenbush pictures: the colon and fusion principles (hackenbushNimbers.ts), linear time.

import type { ComponentAnalysis, ComponentFamily, MoveList, Of } from '../components';
import { hackenbushCutsTo, hackenbushNimber } from '../hackenbushNimbers';

export const hackenbushFamily: ComponentFamily<'hackenbush'> = {
  value: hackenbushValue,
  movesTo: hackenbushComponentMovesTo,
};

function hackenbushValue(component: Of<'hackenbush'>): ComponentAnalysis {
  const parts = component.pictures.map((picture) => BigInt(hackenbushNimber(picture)));
  return { status: 'value', nimber: parts.reduce((x, g) => x ^ g, 0n), parts };
}

function hackenbushComponentMovesTo(
  component: Of<'hackenbush'>,
  value: ComponentAnalysis,
  index: number,
  total: bigint,
  list: MoveList,
): void {
  // Pictures drawn alike have the same cuts: each is listed once.
  const seen = new Set<string>();
  component.pictures.forEach((picture, i) => {
    const key = picture.ends.join(',');
    if (seen.has(key)) return;
    seen.add(key);
    const target = value.parts[i]! ^ total;
    // A cut changes the picture's value by at most its edge count: no larger target is reachable.
    if (target > BigInt(picture.ends.length)) return;
    // Edges between the same two vertices are alike: cutting either leaves the same picture.
    const cut = new Set<string>();
    for (const edge of hackenbushCutsTo(picture, Number(target))) {
      const [u, v] = [picture.ends[2 * edge], picture.ends[2 * edge + 1]];
      const ends = u < v ? `${u}-${v}` : `${v}-${u}`;
      if (cut.has(ends)) continue;
      cut.add(ends);
      list.add(index, { kind: 'hackenbush', picture: i, edge });
    }
  });
}
