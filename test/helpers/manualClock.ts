// A clock and timers that move only when the test moves them (the pool's PoolTimers): what code decides
// by time is then decided by the order of events the test sets, never by how fast the machine runs it.
import type { PoolTimers } from '../../server/src/compute/pool';

interface Timer {
  readonly at: number;
  /** Ties at one time run in the order set. */
  readonly order: number;
  readonly callback: () => void;
}

export class ManualClock implements PoolTimers {
  private time = 0;
  private next = 0;
  private readonly timers = new Map<number, Timer>();

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): number {
    const id = ++this.next;
    this.timers.set(id, { at: this.time + Math.max(0, ms), order: id, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Timers set and not yet run or cleared. */
  get pending(): number {
    return this.timers.size;
  }

  /**
   * Moves the time on by `ms`: each timer due by then runs at its own time, earliest first (those
   * set meanwhile too, when due by then).
   */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let dueId: number | undefined;
      let due: Timer | undefined;
      for (const [id, timer] of this.timers)
        if (timer.at <= end && (!due || timer.at < due.at || (timer.at === due.at && timer.order < due.order))) {
          dueId = id;
          due = timer;
        }
      if (dueId === undefined || !due) break;
      this.timers.delete(dueId);
      this.time = due.at;
      due.callback();
    }
    this.time = end;
  }
}

/** Lets the promise reactions already due run (a macrotask after them): the order of events, not a length of time. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs `run` with `Date.now` answering `now(i)` at its i-th reading (from 0), then puts the real one back: code
 * that reads the wall clock as it works (a deadline, a soft end) sees the times the test sets, in the order it
 * reads them, however fast or busy the machine is.
 */
export function withDateNow<T>(now: (reading: number) => number, run: () => T): T {
  const real = Date.now;
  let reading = 0;
  Date.now = () => now(reading++);
  try {
    return run();
  } finally {
    Date.now = real;
  }
}
