import { z } from 'zod';
import { GateId, GateReason, Outcome, VoidReason } from '../record/outcome.js';

/**
 * `audit.json`, written by `fitness-report audit` beside its runs: one entry per run, each tagged
 * with this schema. Every audit writes the file anew and nothing rewrites it, so its objects are
 * `z.object` (unknown fields dropped on read), like the viewer's data file; and nothing in the
 * product reads it back, so the untagged entries written before have no reader to migrate.
 */
export const AUDIT_SCHEMA = 'fitness-report.audit/1';

/** What a planted server must produce through `fitness-report run` (offline, default registration). */
export const Expectation = z.object({
  outcome: Outcome,
  /** The refusing gate (refusals only). */
  gate: GateId.optional(),
  /** The refusal reason, or the void reason. */
  reason: z.union([GateReason, VoidReason]).optional(),
  /** Extension batches the construct gate must have bought (the EXTEND family). */
  batches: z.number().int().nonnegative().optional(),
});
export type Expectation = z.infer<typeof Expectation>;

/** What a run actually produced, read from its record alone. */
export const Obtained = z.object({
  outcome: Outcome,
  gate: z.string().optional(),
  reason: z.string().optional(),
  /** Extension batches the construct gate bought (absent when construct was never decided). */
  batches: z.number().int().nonnegative().optional(),
  /** The refusing (or last) gate's own explanation, or the void detail. */
  explain: z.string().optional(),
});
export type Obtained = z.infer<typeof Obtained>;

/** One count the record states, re-derived from the run's other files. */
export const Agreement = z.object({
  what: z.string(),
  record: z.string(),
  derived: z.string(),
  ok: z.boolean(),
});
export type Agreement = z.infer<typeof Agreement>;

/** One entry of `audit.json`: a run as the audit reports it, without its record (which is in `dir`). */
export const AuditEntry = z.object({
  schema: z.literal(AUDIT_SCHEMA),
  id: z.string(),
  /** What is planted (or which real server this is), in one line. */
  property: z.string(),
  transport: z.enum(['stdio', 'http']),
  /** Absent for a real server: its outcome is reported, not judged. */
  expect: Expectation.optional(),
  /** Absent when the run could not even start (the fixture did not come up, bad options). */
  dir: z.string().optional(),
  obtained: Obtained.optional(),
  /** Differences from the expectation; empty when it matched (or nothing was expected). */
  mismatches: z.array(z.string()),
  /** The record's counts re-derived from its files; absent when there is no run to check. */
  agreements: z.array(Agreement).optional(),
  error: z.string().optional(),
  durationMs: z.number().nonnegative(),
  /** `reportPassed`: the outcome matched and every count agreed with the run's files. */
  passed: z.boolean(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** `audit.json`: one entry per run, in the audit's order. */
export const AuditFile = z.array(AuditEntry);
export type AuditFile = z.infer<typeof AuditFile>;
