// How the language server's process asks V8 to manage its heap, set before anything else runs
// (main.ts). The latency benchmark sets the same in its own process, where it times the server's
// analysis of a document.
import { setFlagsFromString } from 'node:v8';

/**
 * Turns off V8's allocation-site pretenuring. V8 watches where objects are made and, when most
 * made at one place in the code survive a young collection, makes the later ones there straight in
 * the old generation. An analysis makes its tree and symbols in a few milliseconds and is dropped
 * at the next version; made early in the process, while the young generation is still small, a
 * document's analysis survives collections whole, so its allocation sites get pretenured. An
 * object made old then points at the young objects made just before it (its children), and when
 * the analysis is dropped those stay alive, held by garbage only a full collection finds: every
 * young collection then promotes what is left of the last analyses, and the old generation fills
 * and is collected every twenty analyses. Whether a run falls into this depends on timing; in one
 * run in two before the analysis was made leaner, then one in six, the 2,000-line document's
 * analysis went from 5.5 ms to 11 ms at the 95th percentile. Without pretenuring no run did, and
 * the engine's benchmarks (in the workers, whose objects this flag governs too) are unchanged.
 */
export function tuneHeapForAnalyses(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
