import { existsSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { messageOf } from '../../core/errors.js';
import { RUN_FILES } from '../../tape/file-names.js';
import { settleTry } from '../settle.js';
import { admitJob } from './admit.js';
import type { RosterQueue } from './backend.js';
import { sweepAction, tryOfFolder } from './dead-tries.js';
import { ownFolder } from './history.js';
import type { WorkerContext } from './process-job.js';

/**
 * A starting worker's sweep of its own staging root (nothing outside it, each folder by its real
 * path): the tries an earlier process of this worker left when it died. What it does with each is
 * `sweepAction`'s, from the queue's own state of the job (never its progress): a try no later try
 * took over is settled here (its VOID record, signed, published), one a later worker recorded with
 * a stand-in is kept as evidence (`<folder>.stood-in`) and not recorded again, and one the queue
 * may still hand on is left to the worker that takes the next try.
 */
export async function sweepOwnRoot(c: WorkerContext, queue: RosterQueue): Promise<void> {
  for (const name of readdirSync(c.root).sort()) {
    const t = tryOfFolder(name);
    const dir = t && ownFolder(c.root, join(c.root, name));
    if (t === undefined || dir === undefined) continue;
    const job = await queue.getJob(t.jobId);
    const state = job && (await job.getState());
    const action = sweepAction(
      t.n,
      job && state ? { attemptsStarted: job.attemptsStarted, state } : undefined,
    );
    if (action === 'leave' || job === undefined) continue;
    if (action === 'stood-in') {
      try {
        renameSync(dir, `${dir}.stood-in`);
        c.line(
          `${name}: a later worker recorded this try (a stand-in); its folder is kept as ${name}.stood-in`,
        );
      } catch (err) {
        c.line(
          `${name}: a later worker recorded this try; its folder could not be marked (${messageOf(err)})`,
        );
      }
      continue;
    }
    const admitted = admitJob(job.data, job.id, c.trust, c.allowEnv);
    if ('refused' in admitted) {
      c.line(`${name}: left unsettled: its job is refused here: ${admitted.refused}`);
      continue;
    }
    const settled = await settleTry({
      stagingDir: dir,
      runsDir: c.runsDir,
      signingKeyPath: c.signingKeyPath,
      death: {
        reason: 'aborted',
        detail:
          'the worker that ran this try died, and no later try of its job was started; that worker recorded it when it started again',
      },
    });
    if (c.results && settled && existsSync(join(settled.runDir, RUN_FILES.record)))
      await c.results.publish(settled.runDir, {
        rosterId: admitted.job.rosterId,
        jobKey: admitted.job.key,
        try: t.n,
      });
    c.line(
      `${admitted.job.key}: try ${t.n} died with this worker's earlier process: recorded ${settled?.outcome ?? 'nothing (no run had started)'}`,
    );
  }
}
