/**
 * What the CI formats say, before any format: one suite per measured thing (a run, a probe, and
 * later a comparison), each a list of cases with a status, a one-line reason and the evidence a
 * reader can open. JUnit, the step summary's Markdown and the workflow annotations are each one
 * pure rendering of these suites, so a new input is one more function that makes a suite.
 */

/** How one case came out: a refusal, a failed probe or task is `failed`; a run that could not complete is `error`. */
export type CaseStatus = 'passed' | 'failed' | 'error' | 'skipped';

export interface CiCase {
  /** The group inside the suite: `gate`, `probe`, `task`. */
  readonly group: string;
  /** The case's own name (a gate id, a probe id, a task id: server text for tasks). */
  readonly name: string;
  readonly status: CaseStatus;
  /** One line: why it failed, erred or was skipped (absent for a pass). */
  readonly reason?: string;
  /** Where to look: `RUN_DIR/wire.jsonl#L123`-style references (see `EvidenceLink`). */
  readonly evidence: readonly string[];
}

/** Something to point out that is not a case (a finding for the server's owner). */
export interface CiNote {
  readonly title: string;
  readonly message: string;
  readonly evidence: readonly string[];
}

export interface CiSuite {
  /** `fitness-report run <server>`, `fitness-report probe <target>`. */
  readonly name: string;
  /** The one line that says how it came out (the run's outcome line, the probe summary). */
  readonly headline: string;
  /** Whether the headline is good news (SCORED, every probe passed), bad (a refusal, a finding) or a failure to measure. */
  readonly verdict: 'ok' | 'finding' | 'error';
  /** Name/value pairs about the suite (run id, runner, suite hash): JUnit properties. */
  readonly properties: readonly (readonly [string, string])[];
  readonly cases: readonly CiCase[];
  readonly notes: readonly CiNote[];
}

/** A tape reference (`wire:123`) as a reader can follow it, or undefined when nothing can be opened. */
export type EvidenceLink = (ref: string) => string | undefined;

/** The cases of each status, in the order JUnit counts them. */
export function tally(cases: readonly CiCase[]): Record<CaseStatus, number> {
  const out: Record<CaseStatus, number> = { passed: 0, failed: 0, error: 0, skipped: 0 };
  for (const c of cases) out[c.status] += 1;
  return out;
}
