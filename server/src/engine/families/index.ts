// Every family of components, by kind: the one table the engine reaches families through. A new
// family is a module here and one line below; the mapped type makes a kind without an entry a
// compile error. (Misère play searches over units instead: search/unitOptions.ts.) This is the families room's
// face: code outside the engine imports this, never a module behind it.

import type { ComponentFamily } from '../components';
import type { ComponentInput } from '../gameTypes';
import { chompFamily } from './chomp';
import { cramFamily } from './cram';
import { graphKaylesFamily } from './graphKayles';
import { hackenbushFamily } from './hackenbush';
import { heapsFamily, octalRowFamily } from './heaps';
import { leftmostFamily } from './leftmost';
import { movesTuplesFamily } from './movesTuples';
import { staircaseFamily } from './staircase';
import { tokensFamily } from './tokens';
import { treblecrossFamily } from './treblecross';
import { wordsFamily } from './words';
import { wythoffFamily } from './wythoff';

export {
  GROUND,
  type HackenbushPicture,
  hackenbushKeptAfterCut,
  hackenbushSummary,
  joinedEdges,
} from './hackenbush';
export {
  finiteFollowerValues,
  hasCycle,
  INFINITE,
  leastCounterFollower,
  reversal,
  stronglyConnected,
} from './loopyGraph';
export { type MovesTable, movesTable } from './movesTuples';
export { isWythoffP, type WythoffTable, wythoffPartner, wythoffTable } from './wythoff';

export const FAMILIES: { readonly [K in ComponentInput['kind']]: ComponentFamily<K> } = {
  heaps: heapsFamily,
  'octal-row': octalRowFamily,
  tokens: tokensFamily,
  treblecross: treblecrossFamily,
  wythoff: wythoffFamily,
  'moves-tuples': movesTuplesFamily,
  leftmost: leftmostFamily,
  staircase: staircaseFamily,
  hackenbush: hackenbushFamily,
  words: wordsFamily,
  chomp: chompFamily,
  cram: cramFamily,
  'graph-kayles': graphKaylesFamily,
};
