import { plain } from '../core/escape/terminal.js';
import { onStopSignals } from '../core/signals.js';
import type { RosterArgs } from '../roster/args.js';
import { ENTRY_NAME_MAX } from '../roster/entry-name.js';
import { finish } from '../roster/finish.js';
import { runRoster } from '../roster/local.js';
import { progressPrinter } from '../roster/progress.js';
import { runQueuedRoster } from '../roster/queue/coordinator.js';
import { summaryLines } from '../roster/summary.js';
import type { Command, CommandIO } from './command.js';
import { describeError, FitnessError, UsageError } from './errors.js';
import { exitCodeHelp } from './exit-codes.js';
import { parseRosterArgs, ROSTER_FLAGS, ROSTER_RUN_FLAGS, rosterFlagHelp } from './roster-args.js';
import { runningJobs } from './roster-live.js';

const USAGE = `Usage: fitness-report roster ROSTER [options]                      (on this machine)
       fitness-report roster ROSTER --resume [options]             (continue an interrupted roster)
       fitness-report roster ROSTER --queue redis://…|postgres://… (jobs on a BullMQ queue; see worker)

Measures every server of ROSTER, an mcpServers file (the format MCP clients read), each entry × attempt
as its own run in its own process, then builds one board. Per entry, beside command/args/env/cwd or
url/headers: attempts, credential, given, readOnly, run {tasks, reps: {drive}, seed, runner, …},
serve {command, args, env} (an HTTP server started per job; \${PORT} is a free port), data (a folder
copied fresh per job; \${DATA} names the copy, in args, env and given values alike), conformance (false skips it), timeoutMs. Relative paths
resolve from the roster's folder. An entry that cannot be parsed is reported by name; the rest run.
A name is at most ${ENTRY_NAME_MAX} characters; on disk it is only a short slug and a hash (its try folders).
An entry's run takes the settings below by their names in run (reps {nulls, construct, drive}; the
older repsNulls, repsConstruct, repsDrive are read as reps), with the same ranges, bounds and
messages; in the JSON a time is a number of milliseconds, as its name says (callTimeoutMs).

The work list lives in <out>/roster.sqlite: each entry × attempt is a job with a stable key, each
time it runs is a try. A try whose process dies (killed, Ctrl-C, a reboot) is recorded VOID and the
job runs again as the next attempt, both on the board; a finished job never runs again.

With --queue, every job is signed with your publisher key (\`fitness-report key\`), and the roster
prints its fingerprint: a worker runs only jobs signed by a key it trusts (\`worker --trust\`), and
expands an entry's \${VAR} only from its own --allow-env list, so the values need not be here.

Options:
${rosterFlagHelp().own}

Run settings for every entry (an entry's own "run" wins; the defaults are run's):
${rosterFlagHelp().run}

${exitCodeHelp({ ok: 'every job finished (whatever its outcome) and the board was built', finding: 'an entry could not be parsed or run, or a job failed (its tries kept dying)' })}
  (2 also: the roster file is missing or not an mcpServers file, or the queue cannot be reached; 3 also: the roster was
  interrupted, continue it with --resume, or with the same command on a queue)`;

async function local(args: RosterArgs, io: CommandIO): Promise<number> {
  const abort = new AbortController();
  const unsubscribe = onStopSignals((sig) => {
    io.err(`roster: ${sig}: stopping; running tries end VOID and run again on --resume`);
    abort.abort(`the roster was interrupted by ${sig}`);
  }, 'once');
  const tty = !args.plain && process.stderr.isTTY === true;
  try {
    const summary = await runRoster({
      rosterFile: args.roster,
      runsDir: args.out,
      resume: args.resume,
      defaults: args.defaults,
      conformance: { enabled: args.conformance.enabled, timeoutMs: args.conformance.timeoutMs ?? 120_000 },
      ...(args.jobs ? { concurrency: args.jobs } : {}),
      ...(args.jobTimeoutMs ? { jobTimeoutMs: args.jobTimeoutMs } : {}),
      ...(args.maxTries ? { maxTries: args.maxTries } : {}),
      ...(args.only ? { only: args.only } : {}),
      env: io.env,
      onEvent: progressPrinter((t) => process.stderr.write(t), tty, runningJobs(), process.stderr.columns),
      signal: abort.signal,
    });
    if (tty) process.stderr.write('\n');
    return await finish(
      args,
      io,
      summary.runDirs,
      summaryLines({ jobs: summary.lines, errors: summary.roster.errors }),
      summary.interrupted,
      summary.roster.errors.length > 0 || summary.jobs.some((j) => j.state === 'failed'),
    );
  } finally {
    unsubscribe();
  }
}

export const rosterCommand: Command = {
  name: 'roster',
  usage: USAGE,
  flags: [...ROSTER_FLAGS, ...ROSTER_RUN_FLAGS],
  async run(argv, io) {
    let args: RosterArgs;
    try {
      args = parseRosterArgs(argv, io.cwd, io.err);
    } catch (err) {
      io.err(`fitness-report roster: ${plain(describeError(err))}`);
      return 2;
    }
    try {
      return args.queue
        ? await runQueuedRoster(args, io, runningJobs(), process.stderr.columns)
        : await local(args, io);
    } catch (err) {
      io.err(`fitness-report roster: ${plain(describeError(err))}`);
      // Nothing ran: a bad roster file (missing, not an mcpServers file) or a queue that does not answer.
      const nothingRan =
        err instanceof UsageError ||
        (err instanceof FitnessError && (err.code === 'QUEUE_UNREACHABLE' || err.code === 'ROSTER_INVALID'));
      return nothingRan ? 2 : 3;
    }
  },
};
