import { resolve } from 'node:path';
import { plain } from '../core/escape/terminal.js';
import { onStopSignals } from '../core/signals.js';
import { ROSTER_MAX } from '../roster/limits.js';
import { parseQueueUrl, type QueueUrl } from '../roster/queue/backend.js';
import { QUEUE_DEFAULTS, runWorker } from '../roster/queue/worker.js';
import { durationText } from '../run/duration.js';
import { type TrustSet, trustArgument } from '../tape/trust.js';
import type { Command, CommandIO } from './command.js';
import { describeError, FitnessError, UsageError } from './errors.js';
import { exitCodeHelp } from './exit-codes.js';
import { collect, type Flag, flagHelp, flagsFor, renamed, settingsFrom } from './flags.js';
import { type TrustSetting, trustFlag } from './shared-flags.js';

interface WorkerSettings extends TrustSetting {
  queue?: string;
  queueName?: string;
  out?: string;
  jobs?: number;
  lockDurationMs?: number;
  allowEnv?: string[];
}

const text = (t: string) => t;
const bounded =
  (max: number) =>
  (v: string, flag: string): number => {
    if (!/^\d+$/.test(v) || Number(v) < 1)
      throw new UsageError(`${flag} needs a positive integer, got '${v}'`);
    if (Number(v) > max) throw new UsageError(`${flag} must be an integer ≤ ${max}, got ${v}`);
    return Number(v);
  };
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
function envNames(texts: readonly string[], flag: string): string[] {
  const names = texts.flatMap((list) => list.split(',').filter((n) => n !== ''));
  const bad = names.find((n) => !NAME.test(n));
  if (bad !== undefined) throw new UsageError(`${flag} needs variable names, got '${bad}'`);
  return [...new Set(names)];
}

const on = flagsFor<WorkerSettings>();

/** `--jobs N`, as `roster --jobs` means it: jobs run at once. */
const JOBS_FLAG = on.value('jobs', {
  flag: '--jobs',
  arg: 'N',
  parse: bounded(ROSTER_MAX.concurrency),
  help: 'jobs this worker runs at once',
  default: String(QUEUE_DEFAULTS.concurrency),
  note: `at most ${ROSTER_MAX.concurrency}`,
});

/**
 * `--allow-env NAME`: the variables a job's `${NAME}` may expand from. Its old name, `--env`, is
 * `run`'s `--env K=V` (a variable given to a stdio server), so it is read for one more release.
 */
const ALLOW_ENV_FLAG = on.list('allowEnv', {
  flag: '--allow-env',
  arg: 'NAME[,NAME]',
  parse: envNames,
  help: `let a job's \${NAME} expand from this worker's environment (repeatable); each value is a secret, recorded as \${NAME}; a job that names any other \${VAR} is refused`,
  default: `none: a job that names a \${VAR} is refused`,
});

/** The worker's flags, in the order `worker --help` lists them. */
const WORKER_FLAGS: readonly Flag<WorkerSettings>[] = [
  on.value('queue', { flag: '--queue', arg: 'URL', parse: text, help: 'the queue (required)' }),
  on.value('queueName', {
    flag: '--queue-name',
    arg: 'NAME',
    parse: text,
    help: 'BullMQ queue name',
    default: QUEUE_DEFAULTS.name,
  }),
  on.value('out', { flag: '--out', arg: 'DIR', parse: text, help: 'runs folder', default: 'fitness-runs' }),
  JOBS_FLAG,
  renamed(JOBS_FLAG, '--concurrency'),
  on.value('lockDurationMs', {
    flag: '--lock-duration',
    arg: 'MS',
    parse: bounded(ROSTER_MAX.lockDurationMs),
    help: "job lock; a dead worker's job is retried after it expires",
    default: String(QUEUE_DEFAULTS.lockDurationMs),
    note: `at most ${ROSTER_MAX.lockDurationMs}, i.e. ${durationText(ROSTER_MAX.lockDurationMs)}`,
  }),
  trustFlag(
    "run the jobs this key signed (repeatable): a PEM key file or a fingerprint, as `roster --queue` prints it; without --trust, only jobs signed by this worker's own publisher key run",
  ),
  ALLOW_ENV_FLAG,
  renamed(ALLOW_ENV_FLAG, '--env'),
];

const USAGE = `Usage: fitness-report worker --queue redis://…|postgres://… [--trust KEYFILE]…
                             [--allow-env NAME]… [options]

Takes roster jobs (queued by \`fitness-report roster ROSTER --queue URL\`) from a BullMQ 6 queue on
Redis or PostgreSQL and runs each as its own run in its own process, like the local roster. Run any
number of workers on any number of machines. A job whose worker died (killed, lost its machine or
its queue connection for longer than the lock) is taken up again after its lock expires: the dead
try is recorded VOID from this worker's own staging folder, and the job runs as the next try.

A queued job is a command this worker runs. Whoever can write to the queue can add jobs, so a job
runs only when it carries a roster's signature by a key this worker trusts (--trust; without it,
this worker's own publisher key, \`fitness-report key\`); an unsigned job, one whose payload does not
match its signature, or one signed by another key is refused, as that job's failure, and nothing of
it runs. A job's \${VAR} expands only from the variables named with --allow-env; their values are
secrets, never printed or recorded (the record and the tapes name them \${VAR}). The job's progress
on the queue is shown, never obeyed: the worker signals only processes it started and settles only
try folders under its own --out.

Where records reach one place: with Redis, --out must be a results folder every worker and the
roster command share (a network file system); with PostgreSQL, every finished run is also written
to the results table, and the board is built from it (\`fitness-report board --from postgres://…\`).
The roster's servers must be reachable from each worker at the paths the roster names (relative
paths resolve from the roster file's folder, as on the machine that queued it).

Options:
${flagHelp(WORKER_FLAGS, {})}

Stops on SIGINT, SIGTERM or SIGHUP: running tries end VOID and their jobs go back to the queue.
${exitCodeHelp({ ok: 'stopped by a signal (its running tries handed back)', finding: 'not used' })}
  (2 also: the queue cannot be reached when the worker starts, or a --trust key cannot be read)`;

interface WorkerArgs {
  queue: QueueUrl;
  settings: WorkerSettings;
  out: string;
  trust: TrustSet;
}

function parse(argv: readonly string[], io: CommandIO): WorkerArgs {
  const collected = collect(argv, WORKER_FLAGS, { command: 'worker', dashDash: false });
  for (const line of collected.notices) io.err(line);
  const cwd = io.cwd;
  const settings = settingsFrom(WORKER_FLAGS, collected.flags);
  if (settings.queue === undefined) throw new UsageError('--queue URL is required');
  const trust: TrustSet = new Map();
  try {
    for (const value of settings.trust ?? [])
      for (const f of trustArgument(value, (p) => resolve(cwd, p))) trust.set(f, '--trust');
  } catch (err) {
    throw new UsageError(describeError(err));
  }
  return {
    queue: parseQueueUrl(settings.queue),
    settings,
    out: resolve(cwd, settings.out ?? 'fitness-runs'),
    trust,
  };
}

/**
 * Where the worker's lines go: stderr, each line inert (`plain`). A line quotes job keys, entries
 * and error texts from the queue, which is anyone's who can write to it.
 */
export const workerLog =
  (io: CommandIO) =>
  (line: string): void =>
    io.err(plain(line));

export const workerCommand: Command = {
  name: 'worker',
  usage: USAGE,
  flags: WORKER_FLAGS,
  async run(argv, io) {
    let args: WorkerArgs;
    try {
      args = parse(argv, io);
    } catch (err) {
      io.err(`fitness-report worker: ${plain(describeError(err))}`);
      return 2;
    }
    const abort = new AbortController();
    const unsubscribe = onStopSignals((sig) => {
      io.err(`worker: ${sig}: stopping; running tries end VOID and go back to the queue`);
      abort.abort();
    }, 'once');
    try {
      const s = args.settings;
      await runWorker({
        queue: args.queue,
        runsDir: args.out,
        signal: abort.signal,
        onLine: workerLog(io),
        trust: args.trust,
        allowEnv: s.allowEnv ?? [],
        ...(s.queueName ? { queueName: s.queueName } : {}),
        ...(s.jobs ? { concurrency: s.jobs } : {}),
        ...(s.lockDurationMs ? { lockDurationMs: s.lockDurationMs } : {}),
      });
      return 0;
    } catch (err) {
      io.err(`fitness-report worker: ${plain(describeError(err))}`);
      return err instanceof FitnessError && err.code === 'QUEUE_UNREACHABLE' ? 2 : 3;
    } finally {
      unsubscribe();
    }
  },
};
