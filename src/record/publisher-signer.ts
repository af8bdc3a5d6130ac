import type { KeyObject } from 'node:crypto';
import { describeError } from '../core/errors.js';
import { defaultSigningKeyPath, publicKeyInfo } from '../tape/publisher.js';
import { loadOrCreateSigningKey } from '../tape/signature.js';
import type { Signer } from './signer.js';

/**
 * The publisher key that signs a run, a rerun or a dead try's VOID record, and the `signer` its
 * record states: the one loader every writer of a record uses. `path` absent: the config
 * directory's key. A key that cannot be loaded or created never blocks a record: it is recorded
 * unsigned, with the reason.
 */
export function publisherSigner(path: string | undefined): { key?: KeyObject; signer: Signer } {
  try {
    const key = loadOrCreateSigningKey(path ?? defaultSigningKeyPath());
    return { key, signer: { status: 'signed', keyid: publicKeyInfo(key).fingerprint } };
  } catch (err) {
    return {
      signer: { status: 'unsigned', reason: `the signing key could not be used: ${describeError(err)}` },
    };
  }
}
