import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configDir, defaultSigningKeyPath, isInside, publicKeyInfo } from './publisher.js';
import { loadOrCreateSigningKey, SignatureError } from './signature.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'fr-publisher-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

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
