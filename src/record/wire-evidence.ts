import { z } from 'zod';
import { Count } from './common.js';
import { REFS_PER_KIND, TapeRef } from './probe.js';

const WireRefs = z.looseObject({
  /** Request lines that never got a response. */
  pending: z.array(TapeRef).max(REFS_PER_KIND),
  /** Response lines carrying `isError: true`. */
  errorResults: z.array(TapeRef).max(REFS_PER_KIND),
  /** Response lines carrying a JSON-RPC error. */
  protocolErrors: z.array(TapeRef).max(REFS_PER_KIND),
  /** Every call, answered or not (absent on records written before every call was cited). */
  calls: z.array(TapeRef).max(REFS_PER_KIND).optional(),
});

/**
 * What the wire tape shows about the reference agent's calls: the `tools/call` requests under the
 * construct trials' corr ids, paired with their responses by the tape reader. `tapeRefs` is every
 * sampled line (each kind's first REFS_PER_KIND, in tape order); `refs` says which kind each is.
 */
export const WireEvidence = z
  .looseObject({
    toolCalls: Count,
    /** Results with `isError: true`. */
    errorResults: Count,
    /** Requests with no response on the tape. */
    pending: Count,
    /** JSON-RPC error responses (absent on records written before they were counted). */
    protocolErrors: Count.optional(),
    tapeRefs: z.array(TapeRef),
    refs: WireRefs.optional(),
  })
  .superRefine((w, ctx) => {
    if (w.refs === undefined) return;
    const counts = {
      pending: w.pending,
      errorResults: w.errorResults,
      protocolErrors: w.protocolErrors ?? 0,
      calls: w.toolCalls,
    };
    for (const kind of ['pending', 'errorResults', 'protocolErrors', 'calls'] as const) {
      const refs = w.refs[kind];
      if (refs === undefined) continue;
      const expected = Math.min(counts[kind], REFS_PER_KIND);
      if (refs.length !== expected)
        ctx.addIssue({
          code: 'custom',
          path: ['refs', kind],
          message: `expected the first ${expected} of ${counts[kind]} refs, got ${refs.length}`,
        });
    }
  });
