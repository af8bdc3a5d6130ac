import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunEvent } from '../run/events.js';
import { PLANTED } from './catalogue.js';
import {
  executeRuns,
  type PlannedRun,
  plantedRun,
  type RunReport,
  reportPassed,
  reportSummary,
} from './execute.js';
import { realRuns } from './real.js';
import type { AuditFile } from './summary.js';

export interface AuditOptions {
  /** Parent of the run directories; `audit.json` is written here too. */
  outDir: string;
  /** Only these runs, by id (`auditRunIds()`); default: all of them. */
  only?: readonly string[];
  /** Leave the real third-party servers out. */
  plantedOnly?: boolean;
  /** Runs in flight at once (default: all of them). */
  parallel?: number;
  /** One seed for every run, to reproduce an audit; default: each run a fresh random seed. */
  seed?: number;
  /** Called once, before the first run starts: the ids about to run and the real servers left out. */
  onPlan?: (plan: { runs: string[]; skipped: string[] }) => void;
  progress?: (id: string, line: string) => void;
  /** Each run's typed events, as `run`'s live display reduces them. */
  onEvent?: (id: string, event: RunEvent) => void;
  signal?: AbortSignal;
}

export interface AuditResult {
  /** One per run: planted ones judged against their expectation, real ones reported. */
  reports: RunReport[];
  /** Real servers left out, and why (not installed). */
  skipped: string[];
  /** `<outDir>/audit.json` (`AuditFile`): every report without its record, with `passed`. */
  summaryPath: string;
  durationMs: number;
  /** Every planted run produced its planted outcome and every run's counts agreed with its files. */
  ok: boolean;
}

/** Every run id an audit knows: the planted servers, then the installed real servers. */
export function auditRunIds(): string[] {
  return [...PLANTED.map((p) => p.id), ...realRuns().plans.map((p) => p.id)];
}

function plan(options: AuditOptions): { plans: PlannedRun[]; skipped: string[] } {
  const wanted = (id: string) => options.only === undefined || options.only.includes(id);
  const real = options.plantedOnly ? { plans: [], skipped: [] } : realRuns();
  const plans = [
    ...PLANTED.filter((p) => wanted(p.id)).map(plantedRun),
    ...real.plans.filter((p) => wanted(p.id)),
  ];
  return { plans, skipped: real.skipped };
}

/**
 * `fitness-report audit`: every planted-outcome server in examples/servers (and the real servers of
 * the e2e set, when installed) through the real pipeline, offline; each record's counts re-derived
 * from its files. Writes `audit.json` beside the runs.
 */
export async function runAudit(options: AuditOptions): Promise<AuditResult> {
  const { plans, skipped } = plan(options);
  options.onPlan?.({ runs: plans.map((p) => p.id), skipped });
  const started = Date.now();
  const reports = await executeRuns(plans, {
    outDir: options.outDir,
    ...(options.parallel ? { parallel: options.parallel } : {}),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.progress ? { progress: options.progress } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  mkdirSync(options.outDir, { recursive: true });
  const summaryPath = join(options.outDir, 'audit.json');
  const summary: AuditFile = reports.map(reportSummary);
  writeFileSync(summaryPath, `${JSON.stringify(summary, null, 2)}\n`);
  return { reports, skipped, summaryPath, durationMs: Date.now() - started, ok: reports.every(reportPassed) };
}
