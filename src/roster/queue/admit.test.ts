import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publicKeyInfo } from '../../tape/publisher.js';
import type { TrustSet } from '../../tape/trust.js';
import { admitJob } from './admit.js';
import { type QueuedJob, queueJobId, signJob } from './jobs.js';

const key = () => generateKeyPairSync('ed25519').privateKey;
const roster = key();
const trust: TrustSet = new Map([[publicKeyInfo(roster).fingerprint, '--trust']]);

const job = (entry: QueuedJob['entry']): QueuedJob => ({
  rosterId: 'r',
  key: 'srv#1',
  name: 'srv',
  attempt: 1,
  entry,
  rosterFile: '/x/roster.json',
  defaults: {},
  conformance: { enabled: false, timeoutMs: 1000 },
  jobTimeoutMs: 1000,
  maxTries: 2,
});
const id = queueJobId('r', 'srv', 1);
/** `${NAME}` as a roster writes it. */
const v = (name: string) => ['${', name, '}'].join('');
const refusal = (a: ReturnType<typeof admitJob>) => ('refused' in a ? a.refused : 'admitted');

describe('which queued jobs a worker runs', () => {
  it('a job signed by a trusted key, under the id it names, runs its signed payload', () => {
    const admitted = admitJob(signJob(job({ command: 'node' }), roster), id, trust, []);
    expect('job' in admitted && admitted.job.entry.command).toBe('node');
    expect('signer' in admitted && admitted.signer).toBe(publicKeyInfo(roster).fingerprint);
  });

  it('an unsigned job, a tampered payload, an untrusted signer or another job id is refused in one line', () => {
    expect(refusal(admitJob(job({ command: 'sh' }), id, trust, []))).toMatch(/^unsigned: /);
    const signed = signJob(job({ command: 'node' }), roster);
    const swapped = Buffer.from(JSON.stringify(job({ command: 'sh' }))).toString('base64');
    expect(refusal(admitJob({ envelope: { ...signed.envelope, payload: swapped } }, id, trust, []))).toMatch(
      /the payload does not match its signature/,
    );
    expect(refusal(admitJob(signJob(job({ command: 'sh' }), key()), id, trust, []))).toMatch(
      /^signed by ed25519:[0-9a-f]{64}, a key this worker does not trust/,
    );
    expect(refusal(admitJob(signed, 'r.other.1', trust, []))).toMatch(
      /the signature is for job r\.srv-\w+\.1, not r\.other\.1/,
    );
    for (const r of [
      admitJob(job({ command: 'sh' }), id, trust, []),
      admitJob(signJob(job({ command: 'sh' }), key()), id, trust, []),
    ])
      expect(refusal(r)).not.toContain('\n');
  });

  it(`a ${v('VAR')} off the --allow-env list is refused; places and listed variables are not`, () => {
    const entry = {
      command: 'node',
      args: [`--port=${v('PORT')}`, `--data=${v('DATA')}`, `--key=${v('KEY')}`, v('env:OTHER:-x')],
    };
    const signed = signJob(job(entry), roster);
    expect(refusal(admitJob(signed, id, trust, ['KEY']))).toBe(
      `${v('OTHER')}: not on this worker's --allow-env list (a worker expands only the variables it is given)`,
    );
    expect(refusal(admitJob(signed, id, trust, ['KEY', 'OTHER']))).toBe('admitted');
  });

  it(`a ${v('VAR')} in a given value is held to the same --allow-env list as one in args`, () => {
    const entry = { command: 'node', args: ['s.js'], given: { file: `${v('DATA')}/a.txt`, who: v('OTHER') } };
    const signed = signJob(job(entry), roster);
    expect(refusal(admitJob(signed, id, trust, []))).toBe(
      `${v('OTHER')}: not on this worker's --allow-env list (a worker expands only the variables it is given)`,
    );
    expect(refusal(admitJob(signed, id, trust, ['OTHER']))).toBe('admitted');
  });
});
