import { z } from 'zod';
import { NonEmpty } from './common.js';

/** An Ed25519 key fingerprint: `ed25519:` and the sha256 of the public key's SPKI DER. */
export const Fingerprint = z.string().regex(/^ed25519:[0-9a-f]{64}$/, 'expected ed25519:<64 hex digits>');

/**
 * Who signs this run, as the record states it before the signature is written: the publisher key's
 * fingerprint, or why the run is unsigned (an unusable key never stops a run from being recorded).
 */
export const Signer = z.discriminatedUnion('status', [
  z.looseObject({ status: z.literal('signed'), keyid: Fingerprint }),
  z.looseObject({ status: z.literal('unsigned'), reason: NonEmpty }),
]);
export type Signer = z.infer<typeof Signer>;
