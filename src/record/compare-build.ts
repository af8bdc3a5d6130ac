import { COMPARE_SCHEMA, type ComparedRun, type CompareRefusalReason, CompareResult } from './compare.js';
import { gateChanges, probeChanges, surfaceDelta, surfaceDigestOf } from './compare-delta.js';
import { measure } from './compare-measure.js';
import { generatorChip } from './identity.js';
import type { RunRecord } from './run.js';

/** One run's identity and first-try block, as the record states them. */
export function comparedRun(r: RunRecord): ComparedRun {
  const digest = surfaceDigestOf(r);
  const suiteHash = r.suite?.hash ?? r.identity.suiteHash;
  const alpha = r.prereg?.registration.construct.alpha;
  return {
    runId: r.runId,
    recordSchema: r.migratedFrom ?? r.schema,
    outcome: r.outcome,
    serverName: r.surface?.serverInfo?.name || r.identity.serverSlug,
    ...(digest === undefined ? {} : { surfaceDigest: digest }),
    ...(suiteHash === undefined ? {} : { suiteHash }),
    runner: r.identity.runner,
    generator: generatorChip(r.identity.generator),
    ...(alpha === undefined ? {} : { alpha }),
    ...(r.score ? { firstTry: r.score.firstTry } : {}),
  };
}

type Refusal = { reason: CompareRefusalReason; detail: string };

const short = (digest: string | undefined) => (digest === undefined ? 'none' : `${digest.slice(0, 12)}…`);

/** A field the two runs must share, as a refusal naming both values when they differ. */
function differs(reason: CompareRefusalReason, what: string, a: unknown, b: unknown): Refusal | undefined {
  if (a === b) return undefined;
  return { reason, detail: `different ${what}: A ${String(a)}, B ${String(b)}` };
}

function outcomeRefusal(a: ComparedRun, b: ComparedRun, outcome: 'VOID' | 'SCORED'): Refusal | undefined {
  const bad = (r: ComparedRun) => (outcome === 'VOID' ? r.outcome === 'VOID' : r.outcome !== 'SCORED');
  const which = [
    bad(a) ? `A (${a.runId}) is ${a.outcome}` : '',
    bad(b) ? `B (${b.runId}) is ${b.outcome}` : '',
  ]
    .filter((s) => s !== '')
    .join(' and ');
  if (which === '') return undefined;
  return outcome === 'VOID'
    ? { reason: 'void', detail: `${which}: a VOID run measured nothing to compare` }
    : { reason: 'not_scored', detail: `${which}: a run a gate refused has no first-try rate to compare` };
}

/** Why the two runs cannot be compared, the first reason in this order; undefined when they can. */
export function refusalOf(a: ComparedRun, b: ComparedRun): Refusal | undefined {
  if (a.runId === b.runId)
    return { reason: 'same_run', detail: `A and B are the same run (${a.runId}): give two different runs` };
  return (
    differs('record_version', 'record versions', a.recordSchema, b.recordSchema) ??
    outcomeRefusal(a, b, 'VOID') ??
    (a.serverName !== b.serverName && (a.surfaceDigest === undefined || a.surfaceDigest !== b.surfaceDigest)
      ? {
          reason: 'different_servers' as const,
          detail: `different servers: A is ${a.serverName} (surface ${short(a.surfaceDigest)}), B is ${b.serverName} (surface ${short(b.surfaceDigest)})`,
        }
      : undefined) ??
    differs('runner', 'runner models', a.runner, b.runner) ??
    differs('generator', 'generators', a.generator, b.generator) ??
    differs('alpha', 'registered alphas', a.alpha, b.alpha) ??
    outcomeRefusal(a, b, 'SCORED')
  );
}

/**
 * B (the newer run) against A (the baseline), from their records: both identities, the changes in
 * gates, probes and the tool surface, and either the measured difference and its verdict or the
 * reason the two cannot be compared. Pure: the caller verifies and reads the runs.
 */
export function compareRecords(a: RunRecord, b: RunRecord): CompareResult {
  const ra = comparedRun(a);
  const rb = comparedRun(b);
  const refusal = refusalOf(ra, rb);
  const alpha = ra.alpha;
  const measured =
    refusal === undefined && a.score && b.score && alpha !== undefined
      ? measure(
          { score: a.score, ...(ra.suiteHash ? { suiteHash: ra.suiteHash } : {}) },
          { score: b.score, ...(rb.suiteHash ? { suiteHash: rb.suiteHash } : {}) },
          alpha,
        )
      : undefined;
  return CompareResult.parse({
    schema: COMPARE_SCHEMA,
    a: ra,
    b: rb,
    ...(measured
      ? { measured }
      : { refusal: refusal ?? { reason: 'not_scored', detail: 'no score to compare' } }),
    gates: gateChanges(a, b),
    probes: probeChanges(a, b),
    surface: surfaceDelta(a, b),
  });
}
