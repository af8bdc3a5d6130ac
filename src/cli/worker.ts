import { resolve } from 'node:path';
import { plain } from '../core/escape/terminal.js';
import { onStopSignals } from '../core/signals.js';
import { ROSTER_MAX } from '../roster/limits.js';
import { parseQueueUrl } from '../roster/queue/backend.js';
import { QUEUE_DEFAULTS, runWorker } from '../roster/queue/worker.js';
import type { Command, CommandIO } from './command.js';
import { describeError, FitnessError, UsageError } from './errors.js';
import { exitCodeHelp } from './exit-codes.js';

const USAGE = `Usage: fitness-report worker --queue redis://…|postgres://… [options]

Takes roster jobs (queued by \`fitness-report roster ROSTER --queue URL\`) from a BullMQ 6 queue on
Redis or PostgreSQL and runs each as its own run in its own process, like the local roster. Run any
number of workers on any number of machines. A job whose worker died (killed, lost its machine or
its queue connection for longer than the lock) is taken up again after its lock expires: the dead
try is recorded VOID and the job runs as the next try.

Where records reach one place: with Redis, --out must be a results folder every worker and the
roster command share (a network file system); with PostgreSQL, every finished run is also written
to the results table, and the board is built from it (\`fitness-report board --from postgres://…\`).
The roster's servers must be reachable from each worker at the paths the roster names (relative
paths resolve from the roster file's folder, as on the machine that queued it); credentials in a
queued roster belong in \${VAR} references, expanded from each worker's own environment.

Options:
  --queue URL          the queue (required)
  --queue-name NAME    BullMQ queue name (default ${QUEUE_DEFAULTS.name})
  --out DIR            runs folder (default fitness-runs)
  --concurrency N      jobs this worker runs at once (default ${QUEUE_DEFAULTS.concurrency}; at most ${ROSTER_MAX.concurrency})
  --lock-duration MS   job lock; a dead worker's job is retried after it expires (default ${QUEUE_DEFAULTS.lockDurationMs};
                       at most ${ROSTER_MAX.lockDurationMs}, i.e. 24h)

Stops on SIGINT, SIGTERM or SIGHUP: running tries end VOID and their jobs go back to the queue.
${exitCodeHelp({ ok: 'stopped by a signal (its running tries handed back)', finding: 'not used' })}
  (2 also: the queue cannot be reached when the worker starts)`;

interface WorkerArgs {
  queue: string;
  queueName?: string;
  out: string;
  concurrency?: number;
  lockDurationMs?: number;
}

function parse(argv: readonly string[], cwd: string): WorkerArgs {
  const a: Partial<WorkerArgs> = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] ?? '';
    const v = argv[++i];
    if (v === undefined) throw new UsageError(`${flag} needs a value`);
    const int = (max: number) => {
      if (!/^\d+$/.test(v) || Number(v) < 1)
        throw new UsageError(`${flag} needs a positive integer, got '${v}'`);
      if (Number(v) > max) throw new UsageError(`${flag} must be an integer ≤ ${max}, got ${v}`);
      return Number(v);
    };
    if (flag === '--queue') a.queue = v;
    else if (flag === '--queue-name') a.queueName = v;
    else if (flag === '--out') a.out = v;
    else if (flag === '--concurrency') a.concurrency = int(ROSTER_MAX.concurrency);
    else if (flag === '--lock-duration') a.lockDurationMs = int(ROSTER_MAX.lockDurationMs);
    else throw new UsageError(`unknown option '${flag}' (try worker --help)`);
  }
  if (a.queue === undefined) throw new UsageError('--queue URL is required');
  return { ...a, queue: a.queue, out: resolve(cwd, a.out ?? 'fitness-runs') };
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
  async run(argv, io) {
    let args: WorkerArgs;
    let queue: ReturnType<typeof parseQueueUrl>;
    try {
      args = parse(argv, io.cwd);
      queue = parseQueueUrl(args.queue);
    } catch (err) {
      io.err(`fitness-report worker: ${describeError(err)}`);
      return 2;
    }
    const abort = new AbortController();
    const unsubscribe = onStopSignals((sig) => {
      io.err(`worker: ${sig}: stopping; running tries end VOID and go back to the queue`);
      abort.abort();
    }, 'once');
    try {
      await runWorker({
        queue,
        runsDir: args.out,
        signal: abort.signal,
        onLine: workerLog(io),
        ...(args.queueName ? { queueName: args.queueName } : {}),
        ...(args.concurrency ? { concurrency: args.concurrency } : {}),
        ...(args.lockDurationMs ? { lockDurationMs: args.lockDurationMs } : {}),
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
