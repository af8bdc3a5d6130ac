import * as z from 'zod/mini';

/**
 * `keys.json` at a site's root: every public key the board saw, what it signed, and the runs that
 * were recorded unsigned (with the record's reason). No node-only import: the viewer reads it too.
 * Written with zod/mini: the viewer bundles these schemas, and classic zod would add about 450 KB
 * (minified) to the page; mini adds about 14 KB. Node code parses them the same way.
 */
export const KEYS_FILE = 'keys.json';

export const KeyRole = z.enum(['run signer', 'board publisher']);
export type KeyRole = z.infer<typeof KeyRole>;

export const PublishedKey = z.strictObject({
  /** `ed25519:` and the sha256 of the SPKI DER, as `fitness-report key` prints it. */
  keyid: z.string().check(z.regex(/^ed25519:[0-9a-f]{64}$/)),
  /** Base64 SPKI DER. */
  publicKey: z.base64(),
  roles: z.array(KeyRole).check(z.minLength(1)),
  /** Run ids: the runs it signed as run signer, and the redactions it signed as board publisher. */
  runs: z.array(z.string()),
});
export type PublishedKey = z.infer<typeof PublishedKey>;

export const KeysFile = z.strictObject({
  schema: z.literal('fitness-report.keys/1'),
  keys: z.array(PublishedKey),
  unsigned: z.array(z.strictObject({ runId: z.string(), reason: z.string() })),
});
export type KeysFile = z.infer<typeof KeysFile>;
