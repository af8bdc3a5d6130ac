import * as z from 'zod/mini';

/**
 * The published copy of a run is a redaction of the signed original: `signature.json` stays the run
 * signer's envelope over the ORIGINAL files' manifest, and `redaction.json` beside it is a DSSE
 * envelope (the same PAE scheme, Ed25519) by the board builder's publisher key over this payload:
 * for every published file, its length and sha256 as published, the original's length and sha256
 * (which the signed manifest names), and how many markers of each kind the copy received. A reader
 * checks both signatures, each published file against this payload, and each original digest
 * against the signed manifest. No node-only import here: the viewer checks the same shapes in the
 * browser.
 * Written with zod/mini: the viewer bundles these schemas, and classic zod would add about 450 KB
 * (minified) to the page; mini adds about 14 KB. Node code parses them the same way.
 */
export const REDACTION_TYPE = 'application/vnd.fitness-report.redaction+json';
export const REDACTION_SCHEMA = 'fitness-report.redaction/1';

const Sha256 = z.string().check(z.regex(/^[0-9a-f]{64}$/));
const Bytes = z.int().check(z.nonnegative());

export const RedactionEntry = z.strictObject({
  /** `/`-separated, relative to the run directory (as the manifest names it). */
  path: z.string().check(z.minLength(1)),
  bytes: Bytes,
  /** Of the published copy. */
  sha256: Sha256,
  /** Of the original, as the run's signed manifest lists it. */
  original: z.strictObject({ bytes: Bytes, sha256: Sha256 }),
  /** Markers and media notes by kind (`jwt`, `openai-key`, `known-secret`, `media`, …); `{}` when the copy is the original. */
  markers: z.record(z.string(), z.int().check(z.positive())),
});
export type RedactionEntry = z.infer<typeof RedactionEntry>;

export const Redaction = z.strictObject({
  schema: z.literal(REDACTION_SCHEMA),
  runId: z.string().check(z.minLength(1)),
  /**
   * The run signer's envelope this redaction is of: sha256 of `signature.json`'s bytes and the key
   * id it names; null when the run was recorded unsigned (then nothing binds the originals).
   */
  original: z.nullable(z.strictObject({ envelopeSha256: Sha256, keyid: z.string().check(z.minLength(1)) })),
  /** Every published file of the run except the two envelopes, sorted by path. */
  files: z.array(RedactionEntry),
});
export type Redaction = z.infer<typeof Redaction>;

export const RedactionEnvelope = z.looseObject({
  payloadType: z.literal(REDACTION_TYPE),
  payload: z.base64(),
  signatures: z
    .array(z.looseObject({ keyid: z.string(), sig: z.base64(), publicKey: z.base64() }))
    .check(z.minLength(1)),
});
export type RedactionEnvelope = z.infer<typeof RedactionEnvelope>;
