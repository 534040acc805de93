// The misère room's face: the exact misère search and misère Nim, misère quotients (their growth, exact check
// and presentation), play by a quotient, and genus. Code outside the engine imports this, never a module behind it.
export { GENUS_TERMS, type GeneraResult, heapGenera } from './genus';
export {
  cachedMisereQuotient,
  type MisereQuotient,
  misereQuotient,
  quotientImage,
  quotientWorkFor,
  stopIsFinal,
} from './quotient';
export { type QuotientWanted, quotientRuleOf } from './quotientPlay';
