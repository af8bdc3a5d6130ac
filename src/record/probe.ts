import { z } from 'zod';

/** Where a claim's evidence sits: `<plane>:<line>` with a 1-based line number in that tape file. */
export const TapeRef = z.string().regex(/^(wire|agent|judge):[1-9][0-9]*$/, 'expected <plane>:<line>');
export type TapeRef = z.infer<typeof TapeRef>;

/** A finding's refs are a bounded sample: at most this many of each kind, the first in tape order. */
export const REFS_PER_KIND = 20;

/**
 * One protocol probe's finding. `pass: null` means "could not check" (did not apply, or the answer
 * was not evidence, e.g. 401/403/5xx); it is never folded into a pass count.
 */
export const ProbeResult = z.looseObject({
  id: z.string().min(1),
  applies: z.boolean(),
  pass: z.boolean().nullable(),
  detail: z.string(),
  evidence: z.record(z.string(), z.unknown()),
  tapeRefs: z.array(TapeRef),
  /** False for a value shown in its own column (spec currency), never counted among the checks. */
  counted: z.boolean().optional(),
});
export type ProbeResult = z.infer<typeof ProbeResult>;
