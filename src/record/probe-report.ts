import { z } from 'zod';
import { NonEmpty } from './common.js';
import { ProbeResult } from './probe.js';
import { RESULT_SCHEMA } from './result.js';

const Count = z.number().int().nonnegative();

export const ProbeSummary = z.object({
  /** Probes that applied and could be checked. */
  checked: Count,
  passed: Count,
  failed: Count,
  /** `pass: null` (did not apply, or no evidence): never folded into the pass count. */
  couldNotCheck: Count,
});
export type ProbeSummary = z.infer<typeof ProbeSummary>;

const ProbeIds = z.array(NonEmpty);

/**
 * A probe run against an expected-failures file (`probe --expected-failures FILE`), in the
 * conformance suite's terms: a listed probe that failed is expected, a failure not listed is
 * unexpected, a listed probe that passed is a stale entry. A listed probe that could not be
 * checked is none of these, and is named on its own.
 */
export const ProbeBaseline = z.object({
  /** The expected-failures file, as given. */
  file: NonEmpty,
  expectedFailures: ProbeIds,
  unexpectedFailures: ProbeIds,
  staleEntries: ProbeIds,
  notChecked: ProbeIds,
});
export type ProbeBaseline = z.infer<typeof ProbeBaseline>;

/**
 * What `probe --json` prints (and `probeServer` returns): the target, what the session negotiated,
 * the counts, every probe's result, the baseline's verdict when a file was given, and the exit code.
 * A `fitness-report.result/1` document (src/record/result.ts).
 */
export const ProbeReport = z.object({
  schema: z.literal(RESULT_SCHEMA),
  command: z.literal('probe'),
  /** 0 when no probe failed (or, with a baseline, no unexpected failure and no stale entry), else 1. */
  exitCode: z.union([z.literal(0), z.literal(1)]),
  /** The target as the command describes it (secrets stripped). */
  target: z.string(),
  session: z.object({
    protocolVersion: z.string().optional(),
    era: z.enum(['modern', 'legacy']).optional(),
    /** How the server answered: `stdio`, or over HTTP `sse`, `json`, `mixed` or `unknown`. */
    transportShape: z.string().optional(),
  }),
  summary: ProbeSummary,
  probes: z.array(ProbeResult),
  /** The wire tape written with `--tape`, or null. */
  tape: z.string().nullable(),
  baseline: ProbeBaseline.optional(),
});
export type ProbeReport = z.infer<typeof ProbeReport>;
