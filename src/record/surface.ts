import { z } from 'zod';
import { Count, NonEmpty, Sha256 } from './common.js';

export const Surface = z.looseObject({
  /** tools/list succeeded. */
  listed: z.boolean(),
  /** The protocol revision actually negotiated; absent when the connection never negotiated one. */
  revision: NonEmpty.optional(),
  era: z.enum(['modern', 'legacy']).optional(),
  toolCount: Count,
  /** Entries tools/list returned, before malformed or oversized ones were left out (absent on older records). */
  listedTools: Count.optional(),
  serverInfo: z.looseObject({ name: z.string(), version: z.string().optional() }).optional(),
  hasInstructions: z.boolean().optional(),
  /** sha256 of the canonical tools/list result, as hashed into the suite. */
  digest: Sha256.optional(),
  /**
   * One digest per listed tool (name, title, description, schemas, annotations), so runs of one
   * server under different credentials show which tools were added, removed or changed.
   */
  tools: z.array(z.looseObject({ name: NonEmpty, sha256: Sha256 })).optional(),
});
export type Surface = z.infer<typeof Surface>;

export const FileDigest = z.looseObject({
  /** Relative to the run directory. */
  path: NonEmpty.refine(
    (p) => !p.startsWith('/') && !p.split('/').includes('..'),
    'must be a relative path inside the run',
  ),
  sha256: Sha256,
  bytes: Count,
});
export type FileDigest = z.infer<typeof FileDigest>;
