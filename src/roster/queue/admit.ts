import { messageOf } from '../../core/errors.js';
import { openEnvelope } from '../../tape/check-signature.js';
import type { TrustSet } from '../../tape/trust.js';
import { entryEnvVars } from '../target.js';
import { QueuedJob, queueJobId, SignedJob } from './jobs.js';

/**
 * Whether a worker runs a job it took from the queue (pure). Whoever can write to the queue can add
 * any job, so a job runs only when it is the payload of a roster's signature by a key the worker
 * trusts, under the job id that payload names, and names no `${VAR}` the worker was not told to
 * pass. Anything else is refused with a one-line reason, and nothing of it runs.
 */
export type Admission = { job: QueuedJob; signer: string } | { refused: string };

function signedPayload(
  data: unknown,
  trust: TrustSet,
): { json: unknown; signer: string } | { refused: string } {
  const signed = SignedJob.safeParse(data);
  if (!signed.success)
    return {
      refused: 'unsigned: it carries no roster signature (queue jobs with fitness-report roster --queue)',
    };
  let opened: ReturnType<typeof openEnvelope>;
  try {
    opened = openEnvelope(signed.data.envelope, 'the roster signature');
  } catch (err) {
    return { refused: messageOf(err) };
  }
  if (!trust.has(opened.keyid))
    return {
      refused: `signed by ${opened.keyid}, a key this worker does not trust (worker --trust KEYFILE)`,
    };
  try {
    return { json: JSON.parse(opened.body.toString('utf8')), signer: opened.keyid };
  } catch {
    return { refused: 'the signed payload is not JSON' };
  }
}

export function admitJob(
  data: unknown,
  jobId: string | undefined,
  trust: TrustSet,
  allowEnv: readonly string[],
): Admission {
  const payload = signedPayload(data, trust);
  if ('refused' in payload) return payload;
  const job = QueuedJob.safeParse(payload.json);
  if (!job.success) return { refused: 'the signed payload is not a roster job' };
  const expected = queueJobId(job.data.rosterId, job.data.name, job.data.attempt);
  if (jobId !== expected)
    return { refused: `the signature is for job ${expected}, not ${jobId ?? '(no id)'}` };
  const unlisted = entryEnvVars(job.data.entry).filter((name) => !allowEnv.includes(name));
  if (unlisted.length > 0)
    return {
      refused: `${unlisted.map((n) => `\${${n}}`).join(', ')}: not on this worker's --allow-env list (a worker expands only the variables it is given)`,
    };
  return { job: job.data, signer: payload.signer };
}
