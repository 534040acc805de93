// `grundy`: the command line, a second front door onto the front end and the engine.
//   grundy check FILE [--json]              the file's diagnostics
//   grundy analyze FILE [--json]            every game: nimber, outcome, winning moves
//   grundy sequence RULE [--to N] [--json]  a rule's nimbers, preperiod and period
//   grundy quotient RULE [--to N] [--json]  a rule's misère quotient: presentation, P-portion, proof
//   grundy quotient RULE RULE… [--to N] [--json]
//                                           several rules' joint misère quotient (each rule's heaps)
//
// Bounds (README, "Limits"): check and analyze read and analyse a file of any size in a worker
// thread whose heap is the memory ceiling (--max-memory-mb; by default this Node's heap limit, at
// most three quarters of the machine's memory), and stop when that ceiling is really reached, not
// on a guess from the file's size; analyze reports every game it finished first. Sequence streams
// its values and stops at --budget-ms; Ctrl-C stops any of them. A stop says on stderr which
// limit was reached: exit code 3 for a limit, 130 for Ctrl-C. Output is written as it is made,
// never built whole.
//
// This module is the entry (bundled as out/cli/grundy.js): the help, the dispatch to each
// command's module and the exit code. The worker threads of check, analyze and sequence run this
// same script again, and its last lines send them to their work.
import './heap';
import { isMainThread, workerData } from 'node:worker_threads';
import { RULE_KINDS } from '../language/ruleBodies';
import { heapBuiltinNames, parseOptions, UsageError } from './args';
import { type FileWork, fileWorker, runInWorker } from './fileWorker';
import { jointQuotient } from './jointQuotient';
import { defaultMemoryMb, MIN_MEMORY_MB } from './memory';
import {
  HELP_POINTER,
  INTERRUPTED_EXIT,
  isInterrupted,
  LIMIT_EXIT,
  LimitReached,
  markInterrupted,
  Output,
} from './output';
import { quotient } from './quotient';
import { type SequenceWork, sequence, sequenceWorker } from './sequence';

const usage = `usage: grundy check FILE [--json] [--max-memory-mb MB]
       grundy analyze FILE [--json] [--budget-ms MS] [--max-moves N] [--max-memory-mb MB]
       grundy sequence RULE [--to N] [--json] [--budget-ms MS]
       grundy quotient RULE [RULE...] [--to N] [--json] [--budget-ms MS]

  check FILE       report the mistakes in a .game file (exit 1 when it has errors)
  analyze FILE     every game's nimber, outcome (N: the player to move wins, P: loses) and
                   winning moves, plus the diagnostics (exit 1 when the file has errors)
  sequence RULE    a heap rule's nimbers G(0..N) with its proved preperiod and period; RULE is
                   written as in a .game file:
                     ${RULE_KINDS.join(', ')}
                   or a built-in heap rule: ${heapBuiltinNames().join(', ')}
  quotient RULE    a heap rule's misère quotient (Plambeck–Siegel): its size, generators and
                   relations, P-portion, pretending function (heap → element) and whether it is
                   proved for every heap; --to N prints the pretending function to heap N
                   (any size once the quotient is proved periodic)
  quotient RULE RULE...
                   the joint misère quotient of several heap rules (quotient kayles nim): one
                   monoid for every misère sum of their heaps, each heap of one rule, and each
                   rule's own pretending function. A rule with a largest take (a finite code or
                   subtraction set) is grown to --to or to a proof; one without (nim, an infinite
                   code or set) has exactly the heaps to --to (default 3), as more make another
                   monoid
  --json           machine-readable output
  --budget-ms MS   a cap on the run's time (none by default: every computation stops at its own
                   limits of work); past it, analyze stops at the game it reached, sequence and
                   quotient at the heap, each saying where, with exit 3
  --max-moves N    list at most N winning moves per game (default 1000; the count is exact)
  --to N           the last heap to print (default: two periods past the preperiod, at least 30);
                   any size (10^20 may be written so): past the computed values, the proved period
                   gives them; the values are written as they are found, and --budget-ms stops it
  --max-memory-mb MB
                   the memory reading and analysing FILE may take (default here:
                   ${defaultMemoryMb().toLocaleString('en-US')} MB, this Node's heap limit, at most three
                   quarters of the machine's memory; at least ${MIN_MEMORY_MB}). Files of any size are
                   read; only reaching this stops the work, and says so (exit 3), analyze after
                   writing every game it finished

  Exit codes: 0 done, 1 the file has errors, 2 bad command line, 3 a limit was reached (stderr
  says which), 130 interrupted (Ctrl-C).`;

async function main(argv: string[]): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    console.log(usage);
    return 0;
  }
  // A reader that goes away (`grundy sequence nim --to 10^20 | head`) ends the output, not in a crash.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  process.on('SIGINT', () => {
    if (isInterrupted()) process.exit(INTERRUPTED_EXIT); // a second Ctrl-C does not wait
    markInterrupted();
  });
  const out = new Output();
  try {
    const options = parseOptions(argv);
    const [command, argument, ...extra] = options.positional;
    // quotient alone takes several rules (their joint quotient).
    if (argument === undefined || (extra.length > 0 && command !== 'quotient'))
      throw new UsageError(command ? `${command} takes one argument` : 'no command');
    let code: number;
    switch (command) {
      case 'check':
      case 'analyze':
        code = await runInWorker({ command, file: argument, options });
        break;
      case 'sequence':
        code = await sequence(argument, options, out);
        break;
      case 'quotient':
        code =
          extra.length > 0
            ? await jointQuotient([argument, ...extra], options, out)
            : await quotient(argument, options, out);
        break;
      default:
        throw new UsageError(`unknown command ${command}`);
    }
    await out.flush();
    return code;
  } catch (error) {
    await out.flush();
    if (error instanceof LimitReached) {
      console.error(`grundy: ${error.message}`);
      return LIMIT_EXIT;
    }
    if (!(error instanceof UsageError)) throw error;
    console.error(`grundy: ${error.message}\n${HELP_POINTER}`);
    return 2;
  }
}

if (!isMainThread && workerData?.sequence) sequenceWorker(workerData.sequence as SequenceWork);
else if (!isMainThread && workerData?.file) fileWorker(workerData.file as FileWork);
else {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
