import { summarize, summaryLine } from '../probes/report.js';
import type { ProbeResult } from '../record/probe.js';
import type { CiSuite, EvidenceLink } from './model.js';
import { probeCase } from './probe-cases.js';

/** What a probe command knows of its target: how it describes it and what the session negotiated. */
export interface ProbeSubject {
  readonly target: string;
  readonly protocolVersion?: string | undefined;
}

const nameOf = (subject: ProbeSubject) => `fitness-report probe ${subject.target}`;

/** A probe of one target as a CI suite: one case per probe; the counts line is the probe table's own. */
export function probeSuite(
  subject: ProbeSubject,
  results: readonly ProbeResult[],
  link: EvidenceLink,
): CiSuite {
  const summary = summarize(results);
  return {
    name: nameOf(subject),
    headline: summaryLine(summary),
    verdict: summary.failed > 0 ? 'finding' : 'ok',
    properties: [
      ['target', subject.target],
      ['negotiated', subject.protocolVersion ?? 'nothing'],
    ],
    cases: results.map((r) => probeCase(r, link)),
    notes: [],
  };
}

/** A target the probes could not reach: one case in error, with the reason. */
export function unreachableSuite(subject: ProbeSubject, reason: string): CiSuite {
  return {
    name: nameOf(subject),
    headline: `could not reach the server: ${reason}`,
    verdict: 'error',
    properties: [['target', subject.target]],
    cases: [{ group: 'probe', name: 'connect', status: 'error', reason, evidence: [] }],
    notes: [],
  };
}
