import type { GateRecord } from '../record/gate.js';
import type { RunRecord } from '../record/run.js';
import type { TaskScore } from '../record/score.js';
import { outcomeLine } from '../run/outcome-line.js';
import { linksOf } from './evidence.js';
import type { CiCase, CiNote, CiSuite, EvidenceLink } from './model.js';
import { probeCase } from './probe-cases.js';

/** The tape lines a gate cites: the construct gate's failed calls first, the null phases' passing answers. */
function gateRefs(g: GateRecord): string[] {
  if (g.gate === 'construct') {
    const refs = g.wire?.refs;
    const failed = refs ? [...refs.errorResults, ...refs.protocolErrors, ...refs.pending] : [];
    return failed.length > 0 ? failed : (g.wire?.tapeRefs ?? []);
  }
  if (g.gate === 'null_baseline') return Object.values(g.nullRates).flatMap((r) => r?.tapeRefs ?? []);
  return [];
}

/** `null_baseline` is decided up to three times; each decision is its own case, named by its signal. */
const gateName = (g: GateRecord) =>
  g.gate === 'null_baseline' ? `null_baseline (${g.signalSource})` : g.gate;

/** A gate passes unless it refused the run; a refusal fails with the outcome, reason and the gate's own sentence. */
function gateCase(g: GateRecord, link: EvidenceLink): CiCase {
  const base = { group: 'gate', name: gateName(g), evidence: linksOf(gateRefs(g), link) };
  if (g.outcome === undefined) return { ...base, status: 'passed' };
  return { ...base, status: 'failed', reason: `${g.outcome} ${g.reason ?? ''}: ${g.explain}` };
}

/**
 * A task passes when its first try succeeded on every trial (pass^k, the record's own flag); the
 * counts are the record's. `trialLines` maps a task to the first agent-tape line of each of its
 * trials, read at the edge (the record cites trials by corr id, not by line).
 */
function taskCase(
  t: TaskScore,
  link: EvidenceLink,
  trialLines: ReadonlyMap<string, readonly string[]>,
): CiCase {
  const base = { group: 'task', name: t.taskId, evidence: linksOf(trialLines.get(t.taskId) ?? [], link) };
  if (t.passHatK) return { ...base, status: 'passed' };
  return {
    ...base,
    status: 'failed',
    reason: `first try succeeded on ${t.firstTry} of ${t.reps} trials (eventually on ${t.eventual})`,
  };
}

function voidCase(record: RunRecord): CiCase[] {
  const v = record.void;
  if (record.outcome !== 'VOID') return [];
  return [
    {
      group: 'run',
      name: 'completion',
      status: 'error',
      reason: `VOID ${v?.reason ?? ''}: ${v?.detail ?? 'the run could not complete'}`,
      evidence: [],
    },
  ];
}

function findingNotes(record: RunRecord, link: EvidenceLink): CiNote[] {
  return (record.findings?.findings ?? []).map((f) => ({
    title: `${f.kind} ${f.tool}`,
    message: f.summary,
    evidence: linksOf(f.evidence, link),
  }));
}

function properties(record: RunRecord): [string, string][] {
  const id = record.identity;
  const first = record.score?.firstTry;
  return [
    ['run', record.runId],
    ['outcome', record.outcome],
    ['runner', id.runner],
    ['judge', id.judge],
    ['credential', id.credential],
    ...(id.suiteHash === undefined ? [] : [['suite hash', id.suiteHash] as [string, string]]),
    ...(record.refusal
      ? [['refusal', `${record.refusal.gate} ${record.refusal.reason}`] as [string, string]]
      : []),
    ...(first
      ? ([
          ['first try', `${first.k}/${first.n}`],
          ['first try lower 95%', String((first.clustered ?? first).wilson.lower)],
          ['first try upper 95%', String((first.clustered ?? first).wilson.upper)],
        ] as [string, string][])
      : []),
  ];
}

/**
 * A run as a CI suite: one case per gate decision, per probe and per task, an error case when the
 * run is VOID, the owner's findings as notes. Every number is the record's.
 */
export function runSuite(
  record: RunRecord,
  link: EvidenceLink,
  trialLines: ReadonlyMap<string, readonly string[]> = new Map(),
): CiSuite {
  return {
    name: `fitness-report run ${record.identity.target.description}`,
    headline: outcomeLine(record),
    verdict: record.outcome === 'SCORED' ? 'ok' : record.outcome === 'VOID' ? 'error' : 'finding',
    properties: properties(record),
    cases: [
      ...voidCase(record),
      ...record.gates.map((g) => gateCase(g, link)),
      ...record.probes.map((p) => probeCase(p, link)),
      ...(record.score?.perTask ?? []).map((t) => taskCase(t, link, trialLines)),
    ],
    notes: findingNotes(record, link),
  };
}
