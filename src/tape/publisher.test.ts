import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../cli/main.js';
import { runFitness } from '../run/run-fitness.js';
import { configDir, defaultSigningKeyPath, isInside, publicKeyInfo } from './publisher.js';
import { loadOrCreateSigningKey, SignatureError } from './signature.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'fr-publisher-'));
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

describe('the publisher key lives in the config directory', () => {
  it('follows XDG_CONFIG_HOME, and ~/.config when it is unset or relative', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x/conf', HOME: '/h' })).toBe('/x/conf/fitness-report');
    expect(configDir({ HOME: '/h' })).toBe('/h/.config/fitness-report');
    expect(configDir({ XDG_CONFIG_HOME: 'rel/conf', HOME: '/h' })).toBe('/h/.config/fitness-report');
    expect(defaultSigningKeyPath({ XDG_CONFIG_HOME: '/x' })).toBe('/x/fitness-report/signing-key.pem');
  });

  it('is created once, mode 0600, Ed25519, and loaded again unchanged', () => {
    const path = join(home, 'cfg', 'fitness-report', 'signing-key.pem');
    const first = publicKeyInfo(loadOrCreateSigningKey(path));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, 'cfg', 'fitness-report')).mode & 0o777).toBe(0o700);
    expect(publicKeyInfo(loadOrCreateSigningKey(path))).toEqual(first);
    expect(first.fingerprint).toMatch(/^ed25519:[0-9a-f]{64}$/);
  });

  it('refuses a corrupt key and a key of another type, in one line naming the file', () => {
    const corrupt = join(home, 'corrupt.pem');
    writeFileSync(corrupt, '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n');
    expect(() => loadOrCreateSigningKey(corrupt)).toThrow(SignatureError);
    expect(() => loadOrCreateSigningKey(corrupt)).toThrow(/corrupt\.pem: not a usable private key/);
    const rsa = join(home, 'rsa.pem');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    writeFileSync(rsa, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    expect(() => loadOrCreateSigningKey(rsa)).toThrow(/rsa\.pem: not an Ed25519 private key \(rsa\)/);
  });

  it('isInside tells a path under a folder from a sibling with a common prefix', () => {
    expect(isInside('/a/runs/k.pem', '/a/runs')).toBe(true);
    expect(isInside('/a/runs', '/a/runs')).toBe(true);
    expect(isInside('/a/runs-keys/k.pem', '/a/runs')).toBe(false);
    expect(isInside('/a/k.pem', '/a/runs')).toBe(false);
  });
});

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
