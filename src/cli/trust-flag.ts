import { type Flag, flagsFor } from './flags.js';

/** The setting `--trust` writes: every key file or fingerprint given, in order. */
export interface TrustSetting {
  trust?: string[];
}

/**
 * `--trust KEYFILE|FINGERPRINT` (repeatable), declared once for every command that decides whom to
 * trust (rerun, worker); each says in `help` what trusting a key lets it do. The values are read by
 * `trustArgument` / `loadTrust` (src/tape/trust.ts).
 */
export function trustFlag(help: string): Flag<TrustSetting> {
  return flagsFor<TrustSetting>().list('trust', {
    flag: '--trust',
    arg: 'KEYFILE|FINGERPRINT',
    parse: (texts) => [...texts],
    help,
  });
}
