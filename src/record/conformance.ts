import { z } from 'zod';
import { Count, IsoTime, NonEmpty, Sha256 } from './common.js';

/**
 * The official conformance suite (`@modelcontextprotocol/conformance`), run alongside a run and
 * stored as its own block. Nothing in it is read by a gate, the hygiene count or the score: it is
 * the suite's verdict, kept beside ours and never mixed into it.
 */

/** A check status as the suite writes it (`SUCCESS`, `FAILURE`, `WARNING`, …); kept verbatim. */
export const ConformanceStatus = z.string().min(1).max(40);

export const ConformanceCheck = z
  .looseObject({
    /** The scenario that produced it (the `server-<scenario>-<time>` directory). */
    scenario: NonEmpty,
    id: NonEmpty,
    status: ConformanceStatus,
    /**
     * False when the check exercises one of the suite's own reference fixtures (a tool, prompt or
     * resource only its reference server has) and the server does not list it: its result, pass or
     * fail, says nothing about this server.
     */
    applicable: z.boolean(),
    /** Why a check is not applicable; present exactly when it is not. */
    because: NonEmpty.optional(),
    /** The fixture the check needs, when it needs one (`tool test_simple_text`). */
    fixture: NonEmpty.optional(),
    /** The suite's own message, cut to a bounded length (untrusted: rendered escaped). */
    message: z.string().max(500).optional(),
  })
  .refine((c) => c.applicable === (c.because === undefined), {
    message: 'a check carries a reason exactly when it is not applicable',
    path: ['because'],
  });
export type ConformanceCheck = z.infer<typeof ConformanceCheck>;

export const ConformanceCounts = z.looseObject({
  passed: Count,
  failed: Count,
  notApplicable: Count,
  /** Applicable checks with any other status (warnings, skips). */
  other: Count,
});
export type ConformanceCounts = z.infer<typeof ConformanceCounts>;

const common = {
  /** The suite package and version that ran, or would have run. */
  suite: z.looseObject({ name: NonEmpty, version: NonEmpty }).optional(),
  /** Node version the suite ran under (0.1.14+ need Node 22). */
  node: NonEmpty,
  /** How the suite reached the server: the server's own URL, or a loopback bridge to a stdio server. */
  via: z.enum(['http', 'stdio-bridge']).optional(),
  startedAt: IsoTime,
  durationMs: Count,
  timeoutMs: Count,
};

export const ConformanceRan = z.looseObject({
  ran: z.literal(true),
  ...common,
  /** argv of the suite, with the server URL and output directory as they were (loopback, no secrets). */
  command: z.array(z.string()).min(1),
  /** null when the suite was stopped (timeout) before it exited. */
  exitCode: z.int().nullable(),
  timedOut: z.boolean(),
  checks: z.array(ConformanceCheck),
  counts: ConformanceCounts,
  /** sha256 over the canonical list of output files and their digests; the files sit in `dir`. */
  outputs: z.looseObject({ digest: Sha256, files: Count, bytes: Count, dir: NonEmpty.optional() }),
});

export const ConformanceNotRun = z.looseObject({
  ran: z.literal(false),
  ...common,
  /** Why it could not run, in one line. */
  reason: NonEmpty,
});

export const ConformanceBlock = z.discriminatedUnion('ran', [ConformanceRan, ConformanceNotRun]);
export type ConformanceBlock = z.infer<typeof ConformanceBlock>;

/** Counts from checks (pure): what the board prints. */
export function conformanceCounts(checks: readonly ConformanceCheck[]): ConformanceCounts {
  const counts = { passed: 0, failed: 0, notApplicable: 0, other: 0 };
  for (const c of checks) {
    if (!c.applicable) counts.notApplicable += 1;
    else if (c.status === 'SUCCESS') counts.passed += 1;
    else if (c.status === 'FAILURE') counts.failed += 1;
    else counts.other += 1;
  }
  return counts;
}

/** The stored counts must be the counts of the stored checks. */
export function countsAgree(block: ConformanceBlock, ctx: z.RefinementCtx): void {
  if (!block.ran) return;
  const want = conformanceCounts(block.checks);
  for (const key of ['passed', 'failed', 'notApplicable', 'other'] as const) {
    if (block.counts[key] !== want[key]) {
      ctx.addIssue({
        code: 'custom',
        path: ['conformance', 'counts', key],
        message: `expected ${want[key]} from the checks, got ${block.counts[key]}`,
      });
    }
  }
}
