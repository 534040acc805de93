// The memory ceiling of check and analyze (--max-memory-mb): how large it is when not given, how
// it is split between the worker's young and old generations, and how reaching it is said. Its
// own module because the options, the help text, the worker that is given the ceiling and the
// analysis that stops short of it all need the same numbers and the same words.
import { totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { workerData } from 'node:worker_threads';

/**
 * The young generation of the worker that reads a file (3 semi-spaces of 64 MB: see heap.ts), at most a quarter of
 * the ceiling.
 */
const YOUNG_GENERATION_MB = 192;
export const youngGenerationMb = (memoryMb: number) => Math.min(YOUNG_GENERATION_MB, Math.floor(memoryMb / 4));
/** The smallest ceiling: a worker with less cannot even load its code. */
export const MIN_MEMORY_MB = 64;

/**
 * The memory ceiling when --max-memory-mb is not given: the heap this Node would give a program
 * by default (V8 sizes it from the machine's memory: 4 GB on a machine of 16 GB or more), young
 * generation included, and never more than three quarters of the memory the process may use
 * (the machine's, or its container's when that is less).
 */
export function defaultMemoryMb(): number {
  const constrained = typeof process.constrainedMemory === 'function' ? process.constrainedMemory() : 0;
  const machine = constrained && constrained > 0 && constrained < totalmem() ? constrained : totalmem();
  const heap = getHeapStatistics().heap_size_limit / 2 ** 20 + YOUNG_GENERATION_MB;
  return Math.max(MIN_MEMORY_MB, Math.floor(Math.min(heap, (0.75 * machine) / 2 ** 20)));
}

/** The ceiling, as said to the user (in the worker, which was given it). */
export function memoryLimitWords(): string {
  const mb = (workerData as { memoryMb?: number } | null)?.memoryMb;
  return `stopped at the memory limit${mb ? ` of ${mb.toLocaleString('en-US')} MB` : ''} (--max-memory-mb)`;
}

/** The ceiling, as said to the user (by the thread that gave it). */
export const memoryLimitWordsFor = (memoryMb: number) =>
  `stopped at the memory limit of ${memoryMb.toLocaleString('en-US')} MB (--max-memory-mb)`;
