// The heaps room's face: sequences of heap rules (octal and hexadecimal codes, subtraction sets, all-but,
// infinite codes and sets, take-and-break codes), their periodicity proofs and the WebAssembly kernels.
// Code outside the engine imports this, never a module behind it.
export { MOVES_UNPROVABLE, movesHeapPartsBounded, ruleErrorMessage } from './moves';
export type { MovesClause, MovesCondition, MovesExpr, MovesOption, MovesRule } from './movesData';
export { fewestRareMask, isRare } from './octal';
export { extendedValue, observedRegularity, periodicValue } from './period';
export { isFiniteSet, membersAscending, membersUpTo, type SubtractionSet, setText } from './subtractionSets';
export { codeDigitOf, codeDistinct, codeRuleText, isInfiniteCode, normalizeCode } from './takeBreakCode';
