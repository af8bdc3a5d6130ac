import { buildSite } from '../board/site.js';
import { describeError } from '../core/errors.js';
import { PLANTED } from './catalogue.js';
import { executeRuns, type PlannedRun, plantedRun, type RunReport, reportPassed } from './execute.js';
import { installed, memoryRun } from './real.js';

export interface DemoOptions {
  /** Parent of the run directories (the CLI default is fitness-runs). */
  outDir: string;
  /** Where the board is built (the CLI default is fitness-site). */
  siteDir: string;
  progress?: (id: string, line: string) => void;
  signal?: AbortSignal;
}

export interface DemoResult {
  reports: RunReport[];
  /** Runs left out, and why (a real server that is not installed). */
  skipped: string[];
  site?: { out: string; runs: number; groups: number; unreadable: number };
  siteError?: string;
  durationMs: number;
  /** Every planted run matched and its counts agreed with its files, and the board was built. */
  ok: boolean;
}

/** The demo's runs: every planted-outcome server, and one real server nobody here wrote. */
export function demoRuns(): { plans: PlannedRun[]; skipped: string[] } {
  const plans = PLANTED.map(plantedRun);
  const real = '@modelcontextprotocol/server-memory';
  if (installed(real)) return { plans: [...plans, memoryRun()], skipped: [] };
  return { plans, skipped: [`${real}: not installed (a devDependency: npm ci)`] };
}

/**
 * Runs every planted server and one real server through the real pipeline, offline and all at
 * once, then builds the board over everything under `outDir`. Nothing here is a switch the
 * pipeline reads: the runs are ordinary `runFitness` runs with default registrations (one with
 * `--extensions 0`, which is its point).
 */
export async function runDemo(options: DemoOptions): Promise<DemoResult> {
  const started = Date.now();
  const { plans, skipped } = demoRuns();
  const reports = await executeRuns(plans, {
    outDir: options.outDir,
    ...(options.progress ? { progress: options.progress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  let site: DemoResult['site'];
  let siteError: string | undefined;
  try {
    const built = await buildSite({ runs: [options.outDir], out: options.siteDir, secrets: [] });
    site = { out: built.out, runs: built.runs, groups: built.groups, unreadable: built.unreadable.length };
  } catch (err) {
    siteError = describeError(err);
  }
  const ok = reports.every(reportPassed) && siteError === undefined;
  return {
    reports,
    skipped,
    ...(site ? { site } : {}),
    ...(siteError ? { siteError } : {}),
    durationMs: Date.now() - started,
    ok,
  };
}
