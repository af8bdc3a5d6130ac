import { readFileSync } from 'node:fs';
import { isNode, LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { errorCode, UsageError } from '../core/errors.js';
import { plain } from '../core/escape/terminal.js';
import { formatIssue } from '../core/issues.js';
import type { ProbeResult } from '../record/probe.js';
import type { ProbeBaseline } from '../record/probe-report.js';
import { PROBES } from './registry.js';

/**
 * `probe --expected-failures FILE`: the conformance suite's baseline shape (its `--expected-failures`
 * YAML: ids under `server:`, the mode being tested), here listing probe ids. A `client:` list has no
 * meaning for a server's probes and is refused rather than ignored. An empty file lists nothing,
 * as the suite reads it.
 */
export const ExpectedFailuresFile = z.strictObject({
  server: z.array(z.string().min(1)).default([]),
});
export type ExpectedFailuresFile = z.infer<typeof ExpectedFailuresFile>;

/** A baseline as read: the file as given, and the probe ids it lists (each a known probe). */
export interface ExpectedFailures {
  file: string;
  ids: readonly string[];
}

function readText(path: string, shown: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    const code = errorCode(err);
    throw new UsageError(
      `--expected-failures ${shown}: ${code === 'ENOENT' ? 'no such file' : `cannot read (${code ?? String(err)})`}`,
    );
  }
}

/**
 * The file read, parsed (YAML core schema, duplicate keys an error, no aliases) and checked against
 * the schema and the probe registry; every fault is one usage error naming the file and the line.
 */
export function readExpectedFailures(path: string, shown = path): ExpectedFailures {
  const text = readText(path, shown);
  const lines = new LineCounter();
  const doc = parseDocument(text, {
    schema: 'core',
    uniqueKeys: true,
    prettyErrors: false,
    lineCounter: lines,
  });
  const at = (offset: number | undefined) =>
    `${shown}:${offset === undefined ? 1 : lines.linePos(offset).line}`;
  const [error] = doc.errors;
  if (error)
    throw new UsageError(`--expected-failures ${at(error.pos[0])}: not YAML (${firstLine(error.message)})`);
  const lineOf = (path: readonly PropertyKey[]) => {
    const node = doc.getIn(
      path.filter((p) => typeof p !== 'symbol'),
      true,
    );
    return at(isNode(node) ? node.range?.[0] : undefined);
  };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 0 }) ?? {};
  } catch (err) {
    throw new UsageError(`--expected-failures ${at(undefined)}: not YAML (${firstLine(String(err))})`);
  }
  const parsed = ExpectedFailuresFile.safeParse(value, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // An unknown key (`client:`) is pointed at by its own line.
    const path =
      issue?.code === 'unrecognized_keys' ? [...issue.path, ...issue.keys.slice(0, 1)] : issue?.path;
    const where = path ? lineOf(path) : at(undefined);
    throw new UsageError(
      `--expected-failures ${where}: ${issue ? formatIssue(issue) : 'invalid'} (expected server: a list of probe ids)`,
    );
  }
  const known = new Set(PROBES.map((p) => p.id));
  parsed.data.server.forEach((id, i) => {
    if (!known.has(id))
      throw new UsageError(
        `--expected-failures ${lineOf(['server', i])}: unknown probe id ${JSON.stringify(id)} (known: ${[...known].join(', ')})`,
      );
  });
  return { file: shown, ids: [...new Set(parsed.data.server)] };
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

/** A probe failed: its check ran and did not hold (what makes `probe` exit 1 without a baseline). */
export const failed = (r: ProbeResult): boolean => r.pass === false;

/**
 * The results against the baseline, as the conformance suite judges its own: failures listed are
 * expected, failures not listed are unexpected, listed probes that passed are stale entries.
 */
export function judgeBaseline(results: readonly ProbeResult[], baseline: ExpectedFailures): ProbeBaseline {
  const listed = new Set(baseline.ids);
  const ids = (keep: (r: ProbeResult) => boolean) => results.filter(keep).map((r) => r.id);
  return {
    file: baseline.file,
    expectedFailures: ids((r) => failed(r) && listed.has(r.id)),
    unexpectedFailures: ids((r) => failed(r) && !listed.has(r.id)),
    staleEntries: ids((r) => r.pass === true && listed.has(r.id)),
    notChecked: ids((r) => r.pass === null && listed.has(r.id)),
  };
}

/**
 * 1 on a failure, or with a baseline on an unexpected failure or a stale entry (the conformance
 * suite fails a stale baseline too, so a fix cannot land without its entry being removed); else 0.
 */
export function probeExitCode(results: readonly ProbeResult[], baseline?: ProbeBaseline): 0 | 1 {
  if (baseline === undefined) return results.some(failed) ? 1 : 0;
  return baseline.unexpectedFailures.length > 0 || baseline.staleEntries.length > 0 ? 1 : 0;
}

/** The baseline's verdict as lines for a person (stderr under --json, stdout otherwise). */
export function baselineLines(b: ProbeBaseline): string[] {
  const list = (ids: readonly string[]) => ids.join(', ');
  const file = plain(b.file);
  const out = [
    `expected failures (${file}): ${b.expectedFailures.length} of the listed probes failed as listed`,
  ];
  if (b.expectedFailures.length > 0) out.push(`  expected: ${list(b.expectedFailures)}`);
  if (b.notChecked.length > 0) out.push(`  listed but could not be checked: ${list(b.notChecked)}`);
  if (b.staleEntries.length > 0)
    out.push(`  STALE (listed, now passing: remove from ${file}): ${list(b.staleEntries)}`);
  if (b.unexpectedFailures.length > 0)
    out.push(`  UNEXPECTED failures (not listed in ${file}): ${list(b.unexpectedFailures)}`);
  return out;
}
