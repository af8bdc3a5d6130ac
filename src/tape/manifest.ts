import * as z from 'zod/mini';

/**
 * The signed manifest and its DSSE envelope (signature.json), as src/tape/signature.ts writes them.
 * No node-only import here: the viewer checks the same shapes in the browser.
 * Written with zod/mini: the viewer bundles these schemas, and classic zod would add about 450 KB
 * (minified) to the page; mini adds about 14 KB. Node code parses them the same way.
 */
export const MANIFEST_TYPE = 'application/vnd.fitness-report.manifest+json';

const Sha256 = z.string().check(z.regex(/^[0-9a-f]{64}$/));

export const ManifestFile = z.strictObject({
  path: z.string().check(z.minLength(1)),
  sha256: Sha256,
  bytes: z.int().check(z.nonnegative()),
});
export const Manifest = z.union([
  z.strictObject({
    schema: z.literal('fitness-report.manifest/2'),
    runId: z.string().check(z.minLength(1)),
    /** The registered suite's hash, or null when the run stopped before registering one. */
    suiteHash: z.nullable(Sha256),
    files: z.array(ManifestFile),
  }),
  /** Before the manifest bound the suite hash (still read; verify says what it does not cover). */
  z.strictObject({
    schema: z.literal('fitness-report.manifest/1'),
    runId: z.string().check(z.minLength(1)),
    files: z.array(ManifestFile),
  }),
]);
export type Manifest = z.infer<typeof Manifest>;

export const DsseEnvelope = z.looseObject({
  payloadType: z.literal(MANIFEST_TYPE),
  payload: z.base64(),
  signatures: z
    .array(z.looseObject({ keyid: z.string(), sig: z.base64(), publicKey: z.base64() }))
    .check(z.minLength(1)),
});
export type DsseEnvelope = z.infer<typeof DsseEnvelope>;
