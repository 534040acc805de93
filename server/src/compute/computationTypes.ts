// The shapes the computations share (computations.ts, which keeps them by key, and quotientGrowths.ts,
// which grows the misère quotients some of them wait for): what a computation is, what asks for
// one, what keeps them, and the pool they run on.
import type { HeapRule } from '../engine/types';
import type { GameResult, Job, JobResult } from './jobs';
import type { JobHandle } from './pool';

/** What computations need of a pool (pool.ts's WorkerPool): tests may give a pool of their own. */
export interface ComputationPool {
  /** `background`: after every other queued job (pool.ts). */
  run(job: Job, budgetMs: number, affinity?: readonly string[], background?: boolean): JobHandle;
  /** The memory all computations may take together, in MiB (pool.ts). */
  setMemoryMb?(memoryMb: number): void;
  /** False where a cancelled running job loses what it found (pool.ts, workers that share no memory); default true. */
  readonly cancelKeepsResults?: boolean;
  dispose(): Promise<void>;
}

export type Computation =
  | {
      readonly state: 'pending';
      readonly label: string;
      readonly startedAt: number;
      /** Waiting for a rule's misère quotient to grow (read when shown: it changes as it grows). */
      readonly quotient?: QuotientProgress;
    }
  | { readonly state: 'done'; readonly label: string; readonly result: JobResult; readonly cancelled: boolean }
  | { readonly state: 'failed'; readonly label: string; readonly message: string };

export interface Entry {
  computation: Computation;
  handle?: JobHandle;
  /** The user cancelled it (progress cancel): keep the partial result rather than restarting. */
  cancelledByUser?: boolean;
  /** A game waiting for a quotient's growth: the growth, the heap it needs, its job and last result. */
  waiting?: { readonly growth: Growth; readonly to: number; readonly job: Job; readonly result: GameResult };
  /** The entry of a quotient's growth (pending while it grows). */
  growth?: Growth;
  /** The entry of a game's longer remoteness search: the game's key. */
  remotenessOf?: string;
  /** A game whose remoteness is searched apart: its request, to search again when it is wanted again. */
  remotenessRequest?: ComputationRequest;
}

/** How far a rule's misère quotient has grown, for the games that wait for it (and people). */
export interface QuotientProgress {
  /** The rule as the document names it. */
  readonly ruleName: string;
  heaps: number;
}

/** A rule's quotient growing in slices (see the header). */
export interface Growth extends QuotientProgress {
  readonly key: string;
  readonly ruleKey: string;
  readonly rule: HeapRule;
  /** The games waiting for it, by key (their requests, to run them again). */
  readonly waiters: Map<string, ComputationRequest>;
  sliceMs: number;
}

export interface ComputationRequest {
  readonly key: string;
  /** For people: the game or rule name, shown in progress messages. */
  readonly label: string;
  /**
   * Made when the computation starts: most requests find their key known, and 100,000 games' inputs need not be held
   * twice.
   */
  readonly job: () => Job;
  /** Rule keys the job computes: the pool prefers a worker that already has them. */
  readonly affinity: readonly string[];
  /** The name the document gives the rule of this key, for people (a game's rules). */
  ruleName?(ruleKey: string): string | undefined;
}

/**
 * What the document store (documentStore.ts) needs of computations: this file's Computations (a
 * worker pool behind it), or inProcess.ts's, which computes at once in this thread.
 */
export interface ComputationSource {
  /** Starts what is not known yet; returns the current state. */
  ensure(request: ComputationRequest): Computation | undefined;
  /** The keys `owner` (a document) wants now: the rest it wanted before may be let go. */
  want(owner: string, keys: Iterable<string>): void;
  /**
   * What `owner` wants changed by an edit: one request more for each key `added`, one fewer for each key `removed`
   * (a key may stand for several requests: two games alike), and the keys `wantAlso` gave let go.
   */
  wantChanges(owner: string, added: readonly string[], removed: readonly string[]): void;
  /** One key more for `owner` (a rule a hover asked for). */
  wantAlso(owner: string, key: string): void;
  /** `owner` wants nothing any more (its document closed). */
  release(owner: string): void;
  /** The longer remoteness search of a known game whose remoteness is pending (GameResult.remotenessPending). */
  searchRemoteness?(request: ComputationRequest): void;
}
