import { join } from 'node:path';
import type { TargetInput } from '../connect/target.js';
import { describeError } from '../core/errors.js';
import { mapLimit } from '../core/pool.js';
import type { RunRecord } from '../record/run.js';
import type { RunEvent } from '../run/events.js';
import type { RunOptions } from '../run/options.js';
import { runFitness } from '../run/run-fitness.js';
import type { PlantedRun } from './catalogue.js';
import { crossCheck } from './consistency.js';
import { SERVERS_DIR, serverArgv, startHttpFixture } from './fixture.js';
import { AUDIT_SCHEMA, type AuditEntry, type Expectation } from './summary.js';
import { mismatches, obtainedFrom } from './verdict.js';

/** A target for one run, started for it and stopped after it. */
export interface StartedTarget {
  target: TargetInput;
  close(): Promise<void>;
}

/** One run the audit or the demo performs. */
export interface PlannedRun {
  id: string;
  /** What is planted (or which real server this is), in one line. */
  property: string;
  transport: 'stdio' | 'http';
  start(): Promise<StartedTarget>;
  /** Registration options beyond the defaults (e.g. `extensions: 0`). */
  options?: Pick<RunOptions, 'extensions' | 'seed' | 'tasks' | 'given' | 'callTimeoutMs'>;
  /** Absent for a real server: its outcome is reported, not judged. */
  expect?: Expectation;
}

/** One run's facts and, when it ran, the record it wrote (left out of `audit.json`). */
export type RunReport = Omit<AuditEntry, 'schema' | 'passed'> & { record?: RunRecord };

export interface ExecuteOptions {
  outDir: string;
  /** Runs in flight at once (default: all of them). */
  parallel?: number;
  /** Progress of one run, one line at a time. */
  progress?: (id: string, line: string) => void;
  /** The typed events of one run, as `run`'s live display reduces them (src/run/events.ts). */
  onEvent?: (id: string, event: RunEvent) => void;
  signal?: AbortSignal;
  /** One seed for every run (`audit --seed N`), to reproduce an audit; default: each run its own fresh seed. */
  seed?: number;
}

/** A planted server as a planned run: a fresh HTTP fixture process, or its stdio argv. */
export function plantedRun(planted: PlantedRun): PlannedRun {
  const options: NonNullable<PlannedRun['options']> = {
    ...(planted.extensions === undefined ? {} : { extensions: planted.extensions }),
    ...(planted.given === undefined ? {} : { given: resolveGiven(planted.given) }),
    ...(planted.callTimeoutMs === undefined ? {} : { callTimeoutMs: planted.callTimeoutMs }),
  };
  return {
    id: planted.id,
    property: planted.property,
    transport: planted.transport,
    expect: planted.expect,
    ...(Object.keys(options).length === 0 ? {} : { options }),
    async start() {
      if (planted.transport === 'stdio') {
        return {
          target: { kind: 'stdio', argv: [process.execPath, ...serverArgv(planted.script)] },
          close: async () => {},
        };
      }
      const fixture = await startHttpFixture(planted.script);
      return { target: { kind: 'http', url: fixture.url }, close: fixture.close };
    },
  };
}

/** `examples/servers/…` in a planted run's given context is that folder of this package. */
function resolveGiven(given: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(given).map(([name, value]) => [
      name,
      value.startsWith('examples/servers/')
        ? join(SERVERS_DIR, value.slice('examples/servers/'.length))
        : value,
    ]),
  );
}

type Started = { target: StartedTarget } | { error: string };

async function startTarget(plan: PlannedRun): Promise<Started> {
  try {
    return { target: await plan.start() };
  } catch (err) {
    return { error: describeError(err) };
  }
}

async function executeOne(plan: PlannedRun, started: Started, options: ExecuteOptions): Promise<RunReport> {
  const t0 = Date.now();
  const base = {
    id: plan.id,
    property: plan.property,
    transport: plan.transport,
    ...(plan.expect ? { expect: plan.expect } : {}),
  };
  if ('error' in started)
    return { ...base, mismatches: [`no run: ${started.error}`], error: started.error, durationMs: 0 };
  let target: StartedTarget | undefined = started.target;
  try {
    const result = await runFitness({
      target: target.target,
      outDir: options.outDir,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...plan.options,
      ...(options.signal ? { signal: options.signal } : {}),
      progress: (line) => options.progress?.(plan.id, line),
      ...(options.onEvent ? { onEvent: (event: RunEvent) => options.onEvent?.(plan.id, event) } : {}),
    });
    await target.close();
    target = undefined;
    const obtained = obtainedFrom(result.record);
    const agreements = await crossCheck(result.dir);
    return {
      ...base,
      dir: result.dir,
      record: result.record,
      obtained,
      mismatches: plan.expect ? mismatches(plan.expect, obtained) : [],
      agreements,
      durationMs: Date.now() - t0,
    };
  } catch (err) {
    const error = describeError(err);
    return { ...base, mismatches: [`no run: ${error}`], error, durationMs: Date.now() - t0 };
  } finally {
    await target?.close().catch(() => {});
  }
}

/** Servers started at once: each start-up is a burst of CPU, and the runs have not begun yet. */
const STARTING = 3;
const TAPES_PER_RUN = 3;

/**
 * Starts every plan's target (a few at a time, each answering before it counts as started), then
 * runs every plan (in parallel up to `parallel`), each into its own run directory under `outDir`.
 * A run's time is its own, from its first request to its record.
 */
export async function executeRuns(
  plans: readonly PlannedRun[],
  options: ExecuteOptions,
): Promise<RunReport[]> {
  // Each run's three tape writers flush on process exit: many runs in one process are expected.
  const listeners = TAPES_PER_RUN * (options.parallel ?? plans.length) + 10;
  if (process.getMaxListeners() < listeners) process.setMaxListeners(listeners);
  const started = await mapLimit(plans, STARTING, startTarget, options.signal);
  try {
    return await mapLimit(
      plans,
      options.parallel ?? plans.length,
      (plan, i) => executeOne(plan, started[i] ?? { error: 'not started' }, options),
      options.signal,
    );
  } finally {
    await Promise.all(started.map((s) => ('target' in s ? s.target.close().catch(() => {}) : undefined)));
  }
}

/** A report passes when the outcome matched and every count agreed with the run's files. */
export function reportPassed(report: RunReport): boolean {
  return (
    report.mismatches.length === 0 &&
    (report.agreements ?? []).every((a) => a.ok) &&
    report.error === undefined
  );
}

/** A report as an entry of audit.json: everything but the record itself, which is in `dir`. */
export function reportSummary(report: RunReport): AuditEntry {
  const { record: _record, ...rest } = report;
  return { schema: AUDIT_SCHEMA, ...rest, passed: reportPassed(report) };
}
