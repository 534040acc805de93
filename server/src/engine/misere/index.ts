// The misère room's face: the exact misère search and misère Nim, misère quotients (their growth, exact check
// and presentation) of one rule or joint (of the heaps of several rules), play by a quotient, and genus. Code
// outside the engine imports this, never a module behind it.
export { GENUS_TERMS, type GeneraResult, heapGenera } from './genus';
export {
  cachedJointQuotient,
  type JointMisereQuotient,
  type JointOptions,
  type JointRuleQuotient,
  jointKey,
  jointMisereQuotient,
  jointRules,
  ruleName,
  rulesInWords,
} from './jointQuotient';
export {
  cachedMisereQuotient,
  type MisereQuotient,
  misereQuotient,
  type QuotientView,
  quotientImage,
  quotientWorkFor,
  stopIsFinal,
  windowTheorem,
} from './quotient';
export { type DecidedBy, type DecidedPart, decidedByText, type QuotientWanted, quotientRuleOf } from './quotientPlay';
