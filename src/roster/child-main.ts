// The process of one roster job (forked by the roster or a worker, with an IPC channel). It waits
// for its job, runs it, reports over IPC and exits. If its parent dies (the IPC channel closes) it
// stops its run, which ends VOID and is recorded, so a dead parent never leaves a half-written run.
import { RunStop } from '../run/state.js';
import { runJob } from './job.js';
import { type ChildMessage, ParentMessage } from './protocol.js';

const abort = new AbortController();
let started = false;

let flushed: Promise<void> = Promise.resolve();

function send(message: ChildMessage): void {
  if (!process.connected) return;
  flushed = new Promise((resolve) => {
    process.send?.(message, undefined, {}, () => resolve());
  });
}

process.on('message', (raw: unknown) => {
  const parsed = ParentMessage.safeParse(raw);
  if (!parsed.success) return;
  const m = parsed.data;
  if (m.type === 'job' && !started) {
    started = true;
    void runJob(m.job, send, abort)
      .then(() => flushed)
      .finally(() => {
        if (process.connected) process.disconnect();
      });
  } else if (m.type === 'abort') {
    abort.abort(new RunStop('aborted', m.reason));
  } else if (m.type === 'timeout') {
    abort.abort(new RunStop('budget_cap', `the roster job's time limit (${m.limitMs} ms) was reached`));
  }
});

process.on('disconnect', () => {
  if (!abort.signal.aborted)
    abort.abort(new RunStop('aborted', 'the process that ran this job (roster or worker) died'));
  // Nothing is left to report to: end once the run has written its record.
  setTimeout(() => process.exit(0), 60_000).unref();
});

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (!abort.signal.aborted) abort.abort(new RunStop('aborted', `interrupted by ${sig}`));
  });
}
