// What every command shares on its way out: standard output written as it is made (never built
// whole, and never piling up ahead of a slow reader), the ways a command stops short (a limit,
// Ctrl-C, a reader gone) and the exit codes they end in. One place, so that each command stops
// and says so in the same words and with the same code.
import { once } from 'node:events';
import { writeSync } from 'node:fs';

/** A limit was reached (--budget-ms, --max-memory-mb, a value not known): stderr says which. */
export const LIMIT_EXIT = 3;
/** Ctrl-C. */
export const INTERRUPTED_EXIT = 130;

/** Said after every mistake on the command line. */
export const HELP_POINTER = 'Run grundy --help for usage.';

/** A limit was reached: the message says which; the exit code is LIMIT_EXIT. */
export class LimitReached extends Error {}

/** The reader of standard output went away: the work ends as done. */
export class ReaderGone extends Error {}

/** Set by Ctrl-C (main.ts); long loops look at it between chunks of work. */
const interruption = { interrupted: false };

/** Whether Ctrl-C has come. */
export const isInterrupted = (): boolean => interruption.interrupted;

/** Ctrl-C came: the loops stop at their next chunk. */
export function markInterrupted(): void {
  interruption.interrupted = true;
}

/**
 * Standard output, written in chunks with back-pressure (a slow reader never makes the output pile
 * up in memory) and a turn of the event loop between chunks (so that Ctrl-C is seen).
 */
export class Output {
  private chunks: string[] = [];
  private size = 0;

  async line(text: string): Promise<void> {
    this.chunks.push(text, '\n');
    this.size += text.length + 1;
    if (this.size >= 1 << 16) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.size > 0) {
      const data = this.chunks.join('');
      this.chunks = [];
      this.size = 0;
      if (!process.stdout.write(data)) await once(process.stdout, 'drain');
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Standard output for check and analyze, in their worker thread: written in chunks straight to
 * the file descriptor, blocking while the reader is behind (back-pressure without an event loop:
 * the games are reported from inside the analysis, one at a time). A reader gone (EPIPE) ends the
 * work as done.
 */
export class SyncOutput {
  private chunks: string[] = [];
  private size = 0;

  line(text: string): void {
    this.chunks.push(text, '\n');
    this.size += text.length + 1;
    if (this.size >= 1 << 16) this.flush();
  }

  flush(): void {
    if (this.size === 0) return;
    const data = Buffer.from(this.chunks.join(''), 'utf8');
    this.chunks = [];
    this.size = 0;
    for (let written = 0; written < data.length; ) {
      try {
        written += writeSync(1, data, written);
      } catch (cause) {
        const code = (cause as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') continue; // a non-blocking pipe that is full: try again
        if (code === 'EPIPE') throw new ReaderGone();
        throw cause;
      }
    }
  }
}
