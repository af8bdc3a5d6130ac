// The process of one roster job (forked by the roster or a worker, with an IPC channel). It waits
// for its job, runs it, reports over IPC and exits. If its parent dies (the IPC channel closes) it
// stops its run, which ends VOID and is recorded, so a dead parent never leaves a half-written run.
// The listeners are installed before the pipeline's modules load (a dynamic import): a parent that
// dies while this process is still starting must not go unnoticed.
import { onStopSignals } from '../core/signals.js';
import type { ChildMessage, JobSpec } from './protocol.js';

const abort = new AbortController();
let started = false;
let flushed: Promise<void> = Promise.resolve();

function send(message: ChildMessage): void {
  if (!process.connected) return;
  flushed = new Promise((resolve) => {
    process.send?.(message, undefined, {}, () => resolve());
  });
}

async function stopWith(kind: 'aborted' | 'budget_exhausted', detail: string): Promise<void> {
  const { RunStop } = await import('../run/stop.js');
  if (!abort.signal.aborted) abort.abort(new RunStop(kind, detail));
}

async function run(job: JobSpec): Promise<void> {
  const { runJob } = await import('./job.js');
  // The parent may have died while the modules loaded: then nobody is left to record this try.
  if (!process.connected) return;
  await runJob(job, send, abort);
  await flushed;
  if (process.connected) process.disconnect();
}

process.on('disconnect', () => {
  void stopWith('aborted', 'the process that ran this job (roster or worker) died');
  // Nothing is left to report to: end once the run has written its record.
  setTimeout(() => process.exit(0), 60_000).unref();
});

onStopSignals((sig) => void stopWith('aborted', `interrupted by ${sig}`));

process.on('message', (raw: unknown) => {
  void import('./protocol.js').then(({ ParentMessage }) => {
    const parsed = ParentMessage.safeParse(raw);
    if (!parsed.success) return;
    const m = parsed.data;
    if (m.type === 'job' && !started) {
      started = true;
      void run(m.job);
    } else if (m.type === 'abort') void stopWith('aborted', m.reason);
    else if (m.type === 'timeout')
      void stopWith('budget_exhausted', `the roster job's time limit (${m.limitMs} ms) was reached`);
  });
});
