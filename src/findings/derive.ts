import type { FindingsBlock } from '../record/findings.js';
import type { Task } from '../suite/schema.js';
import type { SuiteFile } from '../suite/suite-file.js';
import type { TapeRecord } from '../tape/reader.js';
import { admitProposals } from './admit.js';
import { annotationFindings } from './annotations.js';
import { argumentFindings } from './arguments.js';
import { tapeCalls } from './calls.js';
import { errorTextFindings } from './error-text.js';
import { explainFailures } from './failures.js';
import { LATENCY_RULE, latencyFindings } from './latency.js';
import { outputSchemaFindings } from './output-schema.js';
import { ruleProposals } from './proposals.js';
import { surfaceFromTape } from './surface.js';
import { wrongToolFindings } from './wrong-tool.js';

/** What findings are derived from: the run's wire and agent tapes and its published suite. */
export interface FindingsInput {
  wire: readonly TapeRecord[];
  agent: readonly TapeRecord[];
  suite: Pick<SuiteFile, 'tasks' | 'reserve' | 'toolSafety'>;
}

const ORDER = [
  'wrong-tool',
  'argument-misuse',
  'error-text',
  'output-schema',
  'annotation-missing',
  'annotation-conflict',
  'latency-outlier',
  'server-error',
  'unread-result',
  'timeout',
];

export interface DeriveOptions {
  /**
   * Attribute every failed first try (`failures`, and the findings written for it). `verify` turns
   * it off for a record written before attribution, so that record is re-derived as it was made.
   */
  explain?: boolean;
}

/**
 * Every finding of a run that drove, from its tapes alone, with the offline rule proposals (admitted
 * as every proposal is: admit.ts). Pure: `verify` calls it again on the published tapes and
 * compares. Undefined when the tapes hold no drive trial (a run refused or voided before the
 * drive has no findings).
 */
export function deriveFindings(input: FindingsInput, options: DeriveOptions = {}): FindingsBlock | undefined {
  const tasks = new Map<string, Task>([...input.suite.tasks, ...input.suite.reserve].map((t) => [t.id, t]));
  const { all, trials } = tapeCalls(input.wire, input.agent, new Set(tasks.keys()));
  if (trials.length === 0) return undefined;
  const listed = surfaceFromTape(input.wire);
  const tools = new Map(listed.map((l) => [l.tool.name, l.tool]));
  const latency = latencyFindings(all);
  const ruled = [
    ...wrongToolFindings(trials, tasks),
    ...argumentFindings(trials, tasks, tools),
    ...errorTextFindings(trials, tools),
    ...outputSchemaFindings(all, tools),
    ...annotationFindings(listed, input.suite.toolSafety),
    ...latency.findings,
  ];
  const explained = options.explain === false ? undefined : explainFailures(trials, tasks, tools, ruled);
  const findings = [...ruled, ...(explained?.findings ?? [])].sort(
    (a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind) || a.id.localeCompare(b.id),
  );
  const driveCalls = trials.flatMap((t) => t.calls);
  const destructive = new Set(
    listed
      .filter((l) => l.tool.annotations?.destructiveHint === true && l.tool.annotations.readOnlyHint !== true)
      .map((l) => l.tool.name),
  );
  const rules = ruleProposals(findings, tools, [...tasks.values()]);
  const admitted = admitProposals(rules.proposals, tools);
  const withheld = [...rules.withheld, ...admitted.withheld];
  return {
    version: 'findings/1',
    drive: { trials: trials.length, toolCalls: driveCalls.length },
    findings,
    annotationFindings: findings.filter((f) => f.kind.startsWith('annotation-')).length,
    declaredDestructiveCalls: driveCalls.filter((c) => destructive.has(c.tool)).length,
    latency: {
      ...LATENCY_RULE,
      ...(latency.medianToolP95Ms === undefined ? {} : { medianToolP95Ms: latency.medianToolP95Ms }),
    },
    proposals: admitted.proposals,
    ...(withheld.length > 0 ? { withheld } : {}),
    ...(explained === undefined ? {} : { failures: explained.failures }),
  };
}
