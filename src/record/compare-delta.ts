import type { GateChange, ProbeChange, ProbeState, SurfaceDelta } from './compare.js';
import type { ProbeResult } from './probe.js';
import type { RunRecord } from './run.js';
import { serverVersionOf } from './server-version.js';

type Side = Pick<RunRecord, 'surface' | 'server'>;

/** The record's surface digest: its server block, or (older records) its surface. */
export function surfaceDigestOf(record: Side): string | undefined {
  return serverVersionOf(record).surfaceDigest ?? record.surface?.digest;
}

/**
 * What changed between two tool surfaces: the digests, and by name which tools were added, removed or
 * changed (same name, another per-tool digest), when both records list per-tool digests.
 */
export function surfaceDelta(a: Side, b: Side): SurfaceDelta {
  const da = surfaceDigestOf(a);
  const db = surfaceDigestOf(b);
  const digests = {
    same: da !== undefined && da === db,
    ...(da === undefined ? {} : { a: da }),
    ...(db === undefined ? {} : { b: db }),
  };
  const ta = a.surface?.tools;
  const tb = b.surface?.tools;
  if (ta === undefined || tb === undefined) {
    const which = [ta === undefined ? 'A' : undefined, tb === undefined ? 'B' : undefined].filter(Boolean);
    return {
      ...digests,
      toolsNotRecorded: `${which.join(' and ')} ${which.length > 1 ? 'list' : 'lists'} no per-tool digests (a record made before they were kept, or a surface never listed)`,
    };
  }
  const before = new Map(ta.map((t) => [t.name, t.sha256]));
  const after = new Map(tb.map((t) => [t.name, t.sha256]));
  const sorted = (names: Iterable<string>) => [...names].sort();
  return {
    ...digests,
    tools: {
      added: sorted([...after.keys()].filter((n) => !before.has(n))),
      removed: sorted([...before.keys()].filter((n) => !after.has(n))),
      changed: sorted([...after].filter(([n, d]) => before.has(n) && before.get(n) !== d).map(([n]) => n)),
    },
  };
}

/** A gate as the comparison names it: the null gate by its decision point (it is recorded at each). */
function gateName(g: RunRecord['gates'][number]): string {
  return g.gate === 'null_baseline' ? `null_baseline (${g.signalSource})` : g.gate;
}

/** Gates whose verdicts differ, in the order they ran (A's, then those only B ran). */
export function gateChanges(a: Pick<RunRecord, 'gates'>, b: Pick<RunRecord, 'gates'>): GateChange[] {
  const va = new Map(a.gates.map((g) => [gateName(g), g.verdict]));
  const vb = new Map(b.gates.map((g) => [gateName(g), g.verdict]));
  return changed(va, vb).map(([gate, ga, gb]) => ({ gate, ...either(ga, gb) }));
}

/** The keys of two maps (in first-seen order) whose values differ, with both values. */
function changed<V>(a: Map<string, V>, b: Map<string, V>): [string, V | undefined, V | undefined][] {
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  return keys.filter((k) => a.get(k) !== b.get(k)).map((k) => [k, a.get(k), b.get(k)]);
}

/** `{ a, b }` with a side left out where it is absent. */
function either<V>(a: V | undefined, b: V | undefined): { a?: V; b?: V } {
  return { ...(a === undefined ? {} : { a }), ...(b === undefined ? {} : { b }) };
}

function probeState(p: ProbeResult): ProbeState {
  return p.pass === null ? 'could not check' : p.pass ? 'pass' : 'fail';
}

/** Probes whose result differs (a probe one run did not make reads as absent on its side). */
export function probeChanges(a: Pick<RunRecord, 'probes'>, b: Pick<RunRecord, 'probes'>): ProbeChange[] {
  const sa = new Map(a.probes.map((p) => [p.id, probeState(p)]));
  const sb = new Map(b.probes.map((p) => [p.id, probeState(p)]));
  return changed(sa, sb).map(([id, pa, pb]) => ({ id, ...either(pa, pb) }));
}
