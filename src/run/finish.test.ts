import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshRunState } from '../../test/support/run-state.js';
import { readRecord } from '../record/io.js';
import { verifyRun } from '../tape/check-signature.js';
import { defaultSigningKeyPath, publicKeyInfo } from '../tape/publisher.js';
import { readTape } from '../tape/reader.js';
import { loadOrCreateSigningKey, SIGNATURE_FILE } from '../tape/signature.js';
import { finishRun } from './finish.js';
import { FILES } from './run-dir.js';
import { RunStop } from './state.js';

const calm = { hurried: false, signals: [] };

/** Finishes a run and checks what must hold whatever failed: a VOID record, closed tapes, a good signature. */
async function finishAndCheck(state: ReturnType<typeof freshRunState>, signingKeyPath?: string) {
  const result = await finishRun({
    state,
    ending: { stop: new RunStop('target_died', 'the target exited') },
    options: signingKeyPath === undefined ? {} : { signingKeyPath },
    control: calm,
  });
  const record = await readRecord(join(state.dir, FILES.record));
  for (const plane of [FILES.wire, FILES.agent, FILES.judge]) {
    expect((await readTape(join(state.dir, plane))).end, plane).toBeDefined();
  }
  const signature = await verifyRun(state.dir);
  expect(signature.valid, JSON.stringify(signature)).toBe(true);
  return { result, record };
}

describe('a record is always written', () => {
  it('the ordinary path: the stop is the VOID reason', async () => {
    const { record } = await finishAndCheck(freshRunState());
    expect(record.void).toMatchObject({ reason: 'target_died', detail: 'the target exited' });
  });

  it('a run file that cannot be read while the record is built: VOID naming the failure', async () => {
    const state = freshRunState();
    mkdirSync(join(state.dir, FILES.prereg));
    const { record } = await finishAndCheck(state);
    expect(record.outcome).toBe('VOID');
    expect(record.void?.reason).toBe('crashed');
    expect(record.void?.detail).toMatch(
      /^the record could not be written as it stood \(building or checking the record: .*EISDIR/,
    );
  });

  it('a record that does not validate: VOID naming the failing field', async () => {
    const state = freshRunState();
    state.surface = { listed: true, toolCount: -1 };
    const { record } = await finishAndCheck(state);
    expect(record.void?.detail).toMatch(
      /building or checking the record: RECORD_INVALID: .*surface\.toolCount/,
    );
    expect(record.surface).toBeUndefined();
  });

  it('signs with the publisher key from the config directory, and the record names it', async () => {
    const state = freshRunState();
    const { record } = await finishAndCheck(state);
    const path = defaultSigningKeyPath();
    expect(path.startsWith(`${process.env.XDG_CONFIG_HOME}/fitness-report/`)).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const fingerprint = publicKeyInfo(loadOrCreateSigningKey(path)).fingerprint;
    expect(record.signer).toEqual({ status: 'signed', keyid: fingerprint });
    expect((await verifyRun(state.dir)).keyid).toBe(fingerprint);
    // Nothing key-shaped beside the runs.
    expect(readdirSync(join(state.dir, '..')).filter((f) => f.endsWith('.pem'))).toEqual([]);
  });

  it('a signing key that cannot be loaded: the run is recorded as it stood, unsigned, saying why', async () => {
    const state = freshRunState();
    const bad = join(state.dir, '..', 'bad-key.pem');
    writeFileSync(bad, 'not a key');
    const result = await finishRun({
      state,
      ending: { stop: new RunStop('target_died', 'the target exited') },
      options: { signingKeyPath: bad },
      control: calm,
    });
    const record = await readRecord(join(state.dir, FILES.record));
    // The key's failure is not the run's: the VOID reason is still the target's.
    expect(record.void).toMatchObject({ reason: 'target_died', detail: 'the target exited' });
    expect(record.signer?.status).toBe('unsigned');
    expect(record.signer?.status === 'unsigned' && record.signer.reason).toMatch(
      /bad-key\.pem: not a usable private key/,
    );
    expect(record.notes.own.find((n) => n.id === 'unsigned')?.text).toMatch(/^This run is not signed: /);
    expect(existsSync(join(state.dir, SIGNATURE_FILE))).toBe(false);
    expect(result.record.signer).toEqual(record.signer);
  });

  it('a secret that would reach the record is scrubbed, never a lost record', async () => {
    const state = freshRunState({
      target: {
        kind: 'stdio',
        argv: ['node', 'server.js', '--token', 'tok-0123456789'],
        secretEnv: { T: 'tok-0123456789' },
      },
      credential: 'owner-key',
    });
    state.secrets = ['tok-0123456789'];
    const { record } = await finishAndCheck(state);
    expect(record.identity.target.description).toBe('node server.js --token [REDACTED]');
  });
});
