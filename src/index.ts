// The library API (the package's one entry point): the jobs the CLI runs, their options and results,
// and the zod schema of every persisted shape with its inferred type. The CLI (src/cli) is a thin
// layer over these jobs. Everything else is internal: tests import it by path, never from here.
// test/public-api.test.ts fails when this surface changes; its message says how to accept a change.

export { type DemoOptions, type DemoResult, runDemo } from './audit/demo.js';
// The jobs, with their options and results.
export { type AuditOptions, type AuditResult, runAudit } from './audit/run-audit.js';
// audit.json, and below it the other persisted shapes and printed reports: each a zod schema and,
// under the same name, its inferred type (sorted by path, so they sit among the jobs).
export { AuditEntry, AuditFile } from './audit/summary.js';
export { type RunningServer, type ServeOptions, serveSite } from './board/serve.js';
export { type BuildOptions, type BuildResult, buildSite } from './board/site.js';
export type { Target, TargetInput } from './connect/target.js';
export { type ErrorCode, FitnessError } from './core/errors.js';
export type { CommandIO } from './core/io.js';
export { type ExportOptions, exportRun } from './export/index.js';
export { FindingsReport } from './findings/report.js';
export { ExpectedFailuresFile } from './probes/expected-failures.js';
export { type ProbeServerOptions, probeServer } from './probes/probe-server.js';
export { type ProbeTarget, type ProbeTargetOptions, probeTarget } from './probes/target.js';
export type { ProbeTape, SessionFacts } from './probes/types.js';
// The persisted shapes: each a zod schema and, under the same name, its inferred type.
export { CompareResult } from './record/compare.js';
export { compareRecords } from './record/compare-build.js';
export { Finding, FindingsBlock, Proposal } from './record/findings.js';
export { readRecord } from './record/io.js';
export { Policy } from './record/policy.js';
export { PreRegistration } from './record/prereg.js';
export { ProbeResult } from './record/probe.js';
export { ProbeReport } from './record/probe-report.js';
export { RerunPolicy, RerunRecord } from './record/rerun.js';
export { RunReport, VerifyReport } from './record/result.js';
export { RunRecord } from './record/run.js';
export type { RosterArgs } from './roster/args.js';
export { RosterEntry } from './roster/entry.js';
export { type RosterOptions, type RosterSummary, runRoster } from './roster/local.js';
export { runQueuedRoster } from './roster/queue/coordinator.js';
export { runWorker, type WorkerOptions } from './roster/queue/worker.js';
export { type CompareOptions, compareFitnessRuns } from './run/compare.js';
export type { RunEvent } from './run/events.js';
export type { FetchLimits } from './run/fetch-limits.js';
export { type FetchRunOptions, fetchPublishedRun } from './run/fetch-run.js';
export type { RunOptions } from './run/options.js';
export { type RerunOptions, rerunWithRewrites } from './run/rerun.js';
export type { RerunResult } from './run/rerun-write.js';
export { type RunResult, runFitness } from './run/run-fitness.js';
export { type VerifyOptions, type VerifyResult, verifyFitnessRun } from './run/verify.js';
export { SuiteFile } from './suite/suite-file.js';
export { KeysFile, PublishedKey } from './tape/keys-file.js';
export { readTape, type Tape } from './tape/reader.js';
export { Redaction, RedactionEnvelope } from './tape/redaction.js';
export { EndLine, EventLine, MessageLine, MetaLine, TurnLine } from './tape/schema.js';
export { DsseEnvelope, Manifest } from './tape/signature.js';
export { PlaneStats, type PriceLookup, TapeStats, tapeStats } from './tape/stats.js';
export type { TrustSet, TrustSource } from './tape/trust.js';
export { type Profile, Validation, validateTape } from './tape/validate.js';
export { VERSION } from './version.js';
