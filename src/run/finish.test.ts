import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshRunContext, surveyedRunContext } from '../../test/support/run-context.js';
import { readRecord } from '../record/io.js';
import { verifyRun } from '../tape/check-signature.js';
import { RUN_FILES } from '../tape/file-names.js';
import { defaultSigningKeyPath, publicKeyInfo } from '../tape/publisher.js';
import { readTape } from '../tape/reader.js';
import { loadOrCreateSigningKey } from '../tape/signature.js';
import type { RunContext } from './context.js';
import { Driver } from './driver.js';
import { finishRun } from './finish.js';
import { RunStop } from './stop.js';

const calm = { hurried: false, signals: [] };

/** Finishes a run and checks what must hold whatever failed: a VOID record, closed tapes, a good signature. */
async function finishAndCheck(ctx: RunContext, signingKeyPath?: string, steps = new Driver(ctx)) {
  const result = await finishRun({
    ctx,
    steps,
    ending: { stop: new RunStop('target_died', 'the target exited') },
    options: signingKeyPath === undefined ? {} : { signingKeyPath },
    control: calm,
  });
  const record = await readRecord(join(ctx.dir, RUN_FILES.record));
  for (const plane of [RUN_FILES.wire, RUN_FILES.agent, RUN_FILES.judge]) {
    expect((await readTape(join(ctx.dir, plane))).end, plane).toBeDefined();
  }
  const signature = await verifyRun(ctx.dir);
  expect(signature.valid, JSON.stringify(signature)).toBe(true);
  return { result, record };
}

describe('a record is always written', () => {
  it('the ordinary path: the stop is the VOID reason', async () => {
    const { record } = await finishAndCheck(freshRunContext());
    expect(record.void).toMatchObject({ reason: 'target_died', detail: 'the target exited' });
  });

  it('a run file that cannot be read while the record is built: VOID naming the failure', async () => {
    const ctx = freshRunContext();
    mkdirSync(join(ctx.dir, RUN_FILES.prereg));
    const { record } = await finishAndCheck(ctx);
    expect(record.outcome).toBe('VOID');
    expect(record.void?.reason).toBe('crashed');
    expect(record.void?.detail).toMatch(
      /^the record could not be written as it stood \(building or checking the record: .*EISDIR/,
    );
  });

  it('a record that does not validate: VOID naming the failing field', async () => {
    const { ctx, steps, surveyed } = await surveyedRunContext();
    steps.reached.surface = { ...surveyed, surface: { ...surveyed.surface, listed: true, toolCount: -1 } };
    const { record } = await finishAndCheck(ctx, undefined, steps);
    expect(record.void?.detail).toMatch(
      /building or checking the record: RECORD_INVALID: .*surface\.toolCount/,
    );
    expect(record.surface).toBeUndefined();
  });

  it('signs with the publisher key from the config directory, and the record names it', async () => {
    const ctx = freshRunContext();
    const { record } = await finishAndCheck(ctx);
    const path = defaultSigningKeyPath();
    expect(path.startsWith(`${process.env.XDG_CONFIG_HOME}/fitness-report/`)).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const fingerprint = publicKeyInfo(loadOrCreateSigningKey(path)).fingerprint;
    expect(record.signer).toEqual({ status: 'signed', keyid: fingerprint });
    expect((await verifyRun(ctx.dir)).keyid).toBe(fingerprint);
    // Nothing key-shaped beside the runs.
    expect(readdirSync(join(ctx.dir, '..')).filter((f) => f.endsWith('.pem'))).toEqual([]);
  });

  it('a signing key that cannot be loaded: the run is recorded as it stood, unsigned, saying why', async () => {
    const ctx = freshRunContext();
    const bad = join(ctx.dir, '..', 'bad-key.pem');
    writeFileSync(bad, 'not a key');
    const result = await finishRun({
      ctx,
      steps: new Driver(ctx),
      ending: { stop: new RunStop('target_died', 'the target exited') },
      options: { signingKeyPath: bad },
      control: calm,
    });
    const record = await readRecord(join(ctx.dir, RUN_FILES.record));
    // The key's failure is not the run's: the VOID reason is still the target's.
    expect(record.void).toMatchObject({ reason: 'target_died', detail: 'the target exited' });
    expect(record.signer?.status).toBe('unsigned');
    expect(record.signer?.status === 'unsigned' && record.signer.reason).toMatch(
      /bad-key\.pem: not a usable private key/,
    );
    expect(record.notes.own.find((n) => n.id === 'unsigned')?.text).toMatch(/^This run is not signed: /);
    expect(existsSync(join(ctx.dir, RUN_FILES.signature))).toBe(false);
    expect(result.record.signer).toEqual(record.signer);
  });

  it('a secret that would reach the record is scrubbed, never a lost record', async () => {
    const ctx = freshRunContext({
      target: {
        kind: 'stdio',
        argv: ['node', 'server.js', '--token', 'tok-0123456789'],
        secretEnv: { T: 'tok-0123456789' },
      },
      credential: 'owner-key',
    });
    // The target's secret env value is among the run's secrets (the constructor takes them from the target).
    const { record } = await finishAndCheck(ctx);
    expect(record.identity.target.description).toBe('node server.js --token [REDACTED]');
  });
});
