import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runFitness } from '../run/run-fitness.js';
import { main } from './main.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'fr-key-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function cli(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), cwd: home, env },
    out,
    err,
  };
}

describe('fitness-report key', () => {
  it('creates the key on first use and prints the same fingerprint and public key after', async () => {
    const env = { XDG_CONFIG_HOME: join(home, 'conf') };
    const first = cli(env);
    expect(await main(['key'], first.io)).toBe(0);
    const fingerprint = first.out[0]?.replace('fingerprint ', '');
    expect(fingerprint).toMatch(/^ed25519:[0-9a-f]{64}$/);
    expect(first.out[1]).toBe(
      `key file    ${join(home, 'conf', 'fitness-report', 'signing-key.pem')} (created now)`,
    );
    expect(first.out.join('\n')).toContain('-----BEGIN PUBLIC KEY-----');
    expect(first.out.join('\n')).not.toContain('PRIVATE');
    const again = cli(env);
    expect(await main(['key'], again.io)).toBe(0);
    expect(again.out[0]).toBe(first.out[0]);
    expect(again.out[1]).not.toContain('created');
  });

  it('--signing-key FILE: a corrupt file is one line and exit 2, never a stack', async () => {
    writeFileSync(join(home, 'bad.pem'), 'garbage');
    const c = cli({ XDG_CONFIG_HOME: join(home, 'conf') });
    expect(await main(['key', '--signing-key', 'bad.pem'], c.io)).toBe(2);
    expect(c.err).toHaveLength(1);
    expect(c.err[0]).toMatch(/^fitness-report key: SIGNATURE: .*bad\.pem: not a usable private key/);
    expect(readFileSync(join(home, 'bad.pem'), 'utf8')).toBe('garbage');
  });
});

describe('run refuses a signing key inside the runs folder', () => {
  it('is a usage error before any run directory exists', async () => {
    const out = join(home, 'runs');
    await expect(
      runFitness({
        target: { kind: 'stdio', argv: ['node', '-e', ''] },
        cwd: home,
        outDir: out,
        env: {},
        signingKeyPath: join(out, '.signing-key.pem'),
      }),
    ).rejects.toThrow(/inside the runs folder .*runs, where it would be published/);
    expect(() => statSync(out)).toThrow();
  });
});
