// Every editor feature the server serves, in one list: a new feature is one file that exports a
// Feature (feature.ts) and one line here. The server registers them in this order.
import { applyMoveFeature } from './applyMove';
import { boardViewFeature } from './boardView';
import { cancelFeature } from './cancel';
import { codeActionsFeature } from './codeActions';
import { codeLensFeature } from './codeLens';
import { completionFeature } from './completion';
import { explanationFeature } from './explanation';
import type { Feature } from './feature';
import { foldingFeature } from './folding';
import { formattingFeature } from './formatting';
import { gameTreeFeature } from './gameTree';
import { graphViewFeature } from './graphView';
import { hoverFeature } from './hover';
import { inlayHintsFeature } from './inlayHints';
import { jointQuotientFeature } from './jointQuotient';
import { navigationFeature } from './navigation';
import { numberAtFeature } from './numberAt';
import { pictureViewFeature } from './pictureView';
import { playFeature } from './play';
import { renameFeature } from './rename';
import { selectionRangesFeature } from './selectionRanges';
import { semanticTokensFeature } from './semanticTokens';
import { sequenceFeature } from './sequence';

export const FEATURES: readonly Feature[] = [
  hoverFeature,
  inlayHintsFeature,
  codeLensFeature,
  applyMoveFeature,
  playFeature,
  numberAtFeature,
  navigationFeature,
  renameFeature,
  completionFeature,
  codeActionsFeature,
  formattingFeature,
  foldingFeature,
  selectionRangesFeature,
  semanticTokensFeature,
  sequenceFeature,
  jointQuotientFeature,
  graphViewFeature,
  pictureViewFeature,
  boardViewFeature,
  gameTreeFeature,
  cancelFeature,
  explanationFeature,
];
