import { createPublicKey, type KeyObject } from 'node:crypto';
import { homedir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { keyId } from './signature.js';

/**
 * Where the publisher's identity lives: `$XDG_CONFIG_HOME/fitness-report/` (or `~/.config/…` when
 * the variable is unset or not absolute, as the XDG base-directory spec says), never beside the runs.
 */
export const SIGNING_KEY_FILE = 'signing-key.pem';
/** One trusted signer a line: a fingerprint or a PEM public key; `#` starts a comment. */
export const TRUST_FILE = 'trusted-keys';

export interface ConfigEnv {
  XDG_CONFIG_HOME?: string | undefined;
  HOME?: string | undefined;
}

/** The caller's environment where it names the config home, else this process's. */
export function configEnv(env: ConfigEnv): ConfigEnv {
  return {
    XDG_CONFIG_HOME: env.XDG_CONFIG_HOME ?? process.env.XDG_CONFIG_HOME,
    HOME: env.HOME ?? process.env.HOME,
  };
}

export function configDir(env: ConfigEnv = process.env): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base =
    xdg !== undefined && xdg !== '' && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.config');
  return join(base, 'fitness-report');
}

export function defaultSigningKeyPath(env: ConfigEnv = process.env): string {
  return join(configDir(env), SIGNING_KEY_FILE);
}

export function trustFilePath(env: ConfigEnv = process.env): string {
  return join(configDir(env), TRUST_FILE);
}

/** True when `path` is `dir` or lies under it. */
export function isInside(path: string, dir: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export interface PublicKeyInfo {
  fingerprint: string;
  pem: string;
}

export function publicKeyInfo(key: KeyObject): PublicKeyInfo {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return {
    fingerprint: keyId(publicKey),
    pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
