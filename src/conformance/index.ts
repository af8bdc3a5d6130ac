import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stderrReason } from '../connect/errors.js';
import { describeTarget, sentHeaders, type Target } from '../connect/target.js';
import { canonicalJson, sha256Hex } from '../core/canonical.js';
import { describeError } from '../core/errors.js';
import { type ConformanceBlock, conformanceCounts } from '../record/conformance.js';
import { type Bridge, startBridge } from './bridge.js';
import { ChecksFile, classify, type ScenarioResult, scenarioOf } from './parse.js';
import { installedSuite, runSuite, SUITE_PACKAGE } from './suite.js';

export const CONFORMANCE_DEFAULT_TIMEOUT_MS = 120_000;

export interface ConformanceOptions {
  target: Target;
  /** Where the suite writes its result directories (created; kept as evidence). */
  outDir: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else out.push(path);
  }
  return out;
}

/** Scenario results and a digest over every output file (path, sha256, bytes), canonical JSON. */
function readOutputs(outDir: string) {
  const list = files(outDir).map((path) => {
    const bytes = readFileSync(path);
    return { path: relative(outDir, path), sha256: sha256Hex(bytes), bytes: bytes.length };
  });
  const results: ScenarioResult[] = [];
  for (const name of readdirSync(outDir).sort()) {
    const path = join(outDir, name, 'checks.json');
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      continue;
    }
    const parsed = ChecksFile.safeParse(raw);
    const scenario = scenarioOf(name);
    results.push({
      scenario,
      checks: parsed.success
        ? parsed.data
        : [{ id: scenario, status: 'UNREADABLE', errorMessage: `checks.json: not the suite's format` }],
    });
  }
  const digest = sha256Hex(canonicalJson(list));
  return { results, digest, count: list.length, bytes: list.reduce((a, f) => a + f.bytes, 0) };
}

/**
 * Runs the official conformance suite against the target (an HTTP server directly, a stdio server
 * through a loopback bridge) and returns its block for the record: never throws, and a suite that
 * could not run is a block saying why.
 */
export async function conformanceBlock(options: ConformanceOptions): Promise<ConformanceBlock> {
  const timeoutMs = options.timeoutMs ?? CONFORMANCE_DEFAULT_TIMEOUT_MS;
  const startedAt = new Date();
  const suite = installedSuite();
  const via = options.target.kind === 'http' ? ('http' as const) : ('stdio-bridge' as const);
  const base = {
    node: process.version,
    via,
    startedAt: startedAt.toISOString(),
    timeoutMs,
    ...('missing' in suite ? {} : { suite: { name: suite.name, version: suite.version } }),
  };
  const notRun = (reason: string): ConformanceBlock => ({
    ran: false,
    ...base,
    durationMs: Date.now() - startedAt.getTime(),
    reason,
  });
  if ('missing' in suite) return notRun(suite.missing);
  if (suite.incompatible) return notRun(suite.incompatible);
  const target = options.target;
  if (target.kind === 'http' && Object.keys(sentHeaders(target)).length > 0)
    return notRun(
      `${SUITE_PACKAGE} ${suite.version} sends no credentials, and this server is reached with headers`,
    );
  let bridge: Bridge | undefined;
  try {
    if (target.kind === 'stdio') bridge = await startBridge(target);
    const url = bridge?.url ?? (target.kind === 'http' ? target.url : '');
    mkdirSync(options.outDir, { recursive: true });
    const exit = await runSuite(suite.bin, url, options.outDir, timeoutMs, options.signal);
    if (options.signal?.aborted) return notRun('the run was stopped while the suite ran');
    const out = readOutputs(options.outDir);
    if (out.results.length === 0)
      return notRun(
        exit.timedOut
          ? `the suite wrote no result within ${timeoutMs} ms`
          : `the suite wrote no result (exit ${exit.exitCode ?? 'none'}${reasonOf(exit.stderrTail)})`,
      );
    const checks = classify(out.results, { bridged: bridge !== undefined });
    return {
      ran: true,
      ...base,
      durationMs: Date.now() - startedAt.getTime(),
      // The URL as it may be published: userinfo and credential-named query values removed.
      command: ['conformance', 'server', '--url', bridge ? url : describeTarget(target), '-o', 'conformance'],
      exitCode: exit.exitCode,
      timedOut: exit.timedOut,
      checks,
      counts: conformanceCounts(checks),
      outputs: { digest: out.digest, files: out.count, bytes: out.bytes },
    };
  } catch (err) {
    return notRun(`the suite could not run: ${describeError(err)}`);
  } finally {
    await bridge?.close();
  }
}

/** The stderr line that says why the suite stopped, as every dying process is described. */
function reasonOf(tail: string): string {
  const line = stderrReason(tail);
  return line === undefined ? '' : `: ${line.trim()}`;
}
