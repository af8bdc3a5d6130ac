import { z } from 'zod';
import { Amount, Count, NonEmpty, PositiveCount } from './common.js';
import { REFS_PER_KIND, TapeRef } from './probe.js';

/**
 * What a server owner can act on, derived from the drive's tapes by src/findings (the same pure
 * functions `verify` runs again). Each finding names a tool and cites the exact tape lines behind
 * it; a finding with no line to cite is never written.
 */
export const FindingKind = z.enum([
  /** The agent called another tool where the task's expected tool would have answered. */
  'wrong-tool',
  /** Calls rejected for invalid arguments, or arguments of another kind than the plan used. */
  'argument-misuse',
  /** isError results whose text gives the agent nothing to act on. */
  'error-text',
  /** structuredContent that does not conform to the declared outputSchema: the server's fault. */
  'output-schema',
  /** No annotations at all, so the spec's defaults make the tool destructive. */
  'annotation-missing',
  /** Declared hints that disagree with the destructiveness signal. */
  'annotation-conflict',
  /** The tool's p95 latency far above the run's median tool. */
  'latency-outlier',
  /** Drive trials that failed on the first try on a server error (its text quoted). */
  'server-error',
  /** Drive trials whose expected tool answered with the key in its result, and the answer missed it. */
  'unread-result',
  /** Drive trials that ran out of time or budget, or met a call that was never answered. */
  'timeout',
]);
export type FindingKind = z.infer<typeof FindingKind>;

export const Finding = z.looseObject({
  /** `<kind>:<tool>` (plus `:<parameter>` or `:<other tool>`): what a proposal cites. */
  id: NonEmpty,
  kind: FindingKind,
  tool: NonEmpty,
  /** Argument misuse: the parameter the calls got wrong. */
  parameter: NonEmpty.optional(),
  count: PositiveCount,
  summary: NonEmpty,
  /** The first tape lines behind it, in tape order (a bounded sample of at most REFS_PER_KIND). */
  evidence: z.array(TapeRef).min(1).max(REFS_PER_KIND),
  /** Kind-specific counts and examples (untrusted server text, clipped). */
  detail: z.record(z.string(), z.unknown()).optional(),
});
export type Finding = z.infer<typeof Finding>;

export const ParameterProposal = z.looseObject({
  name: NonEmpty,
  description: NonEmpty,
  /** A clearer name, when the current one is ambiguous. */
  rename: NonEmpty.optional(),
});

/**
 * One change a proposal makes: the exact text and where it goes (a sentence added to the tool's
 * description, a parameter's new documentation, or a change to the server itself), and why, in the
 * words of the findings it answers.
 */
export const ProposalEdit = z.looseObject({
  target: z.enum(['description', 'parameter', 'server']),
  /** The parameter a `parameter` edit documents. */
  parameter: NonEmpty.optional(),
  text: NonEmpty,
  why: NonEmpty,
  answers: z.array(NonEmpty).min(1),
});
export type ProposalEdit = z.infer<typeof ProposalEdit>;

export const ProposalSource = z.enum(['rules', 'judge']);

/**
 * Findings no rewrite answers because the rewrite would go against the server's own guidance
 * (src/findings/admit.ts: every proposal, whatever wrote it, passes the same rule).
 */
export const WithheldProposal = z.looseObject({
  tool: NonEmpty,
  answers: z.array(NonEmpty).min(1),
  /** The server's words it would have gone against, and what was not proposed. */
  why: NonEmpty,
  /** Who wrote the rewrite that was withheld: absent for the rules, which withhold before they write. */
  source: ProposalSource.optional(),
  /** The judge model's id, beside `source`. */
  generator: NonEmpty.optional(),
});
export type WithheldProposal = z.infer<typeof WithheldProposal>;

/** A proposed rewrite of one tool's description and parameter documentation. */
export const Proposal = z.looseObject({
  tool: NonEmpty,
  source: ProposalSource,
  /** `rules/1` offline, or the judge model's id. */
  generator: NonEmpty,
  description: NonEmpty,
  parameters: z.array(ParameterProposal),
  /** What a description cannot fix: changes to the server itself (error texts, schemas, hints). */
  serverChanges: z.array(NonEmpty).default([]),
  /** Ids of the findings this proposal answers. */
  answers: z.array(NonEmpty).min(1),
  /** Judge proposals: the judge-plane lines of the call that wrote it. */
  evidence: z.array(TapeRef).optional(),
  /** Rules proposals: each change, its exact text and why (absent on records written before them). */
  edits: z.array(ProposalEdit).optional(),
  /**
   * Whether it changes anything the offline (heuristic) runner reads (src/findings/offline-reads.ts):
   * false when a rerun under that runner cannot show an effect (prose only, or server changes only).
   * Absent on records written before proposals were marked.
   */
  offlineTestable: z.boolean().optional(),
});
export type Proposal = z.infer<typeof Proposal>;

/** What a drive trial that failed on its first try is attributed to (src/findings/explain.ts). */
export const FailureCause = z.enum([
  /** It never called its expected tool, and called another one. */
  'wrong-tool',
  /** A call got an argument wrong: rejected for it, or of another kind than the plan used. */
  'argument',
  /** A call failed with an error that is not about its arguments. */
  'server-error',
  /** The expected tool answered with the key in its result, and the answer still missed it. */
  'unread-result',
  /** The trial ran out of time or budget, or a call was never answered. */
  'timeout',
  /** None of the above: listed with its tape lines. */
  'unexplained',
]);
export type FailureCause = z.infer<typeof FailureCause>;

export const FailedTrial = z.looseObject({
  /** The trial's corr id (`<taskId>#<rep>`). */
  trial: NonEmpty,
  taskId: NonEmpty,
  cause: FailureCause,
  /** The id of the finding that counts it; absent when unexplained. */
  finding: NonEmpty.optional(),
  /** What the tapes showed, in one line (server text clipped, secrets redacted). */
  text: NonEmpty,
  /** The trial's lines behind the attribution, in tape order. */
  evidence: z.array(TapeRef).min(1).max(REFS_PER_KIND),
});
export type FailedTrial = z.infer<typeof FailedTrial>;

/** Every drive trial that failed on its first try, each explained by a finding or unexplained. */
export const FailuresBlock = z
  .looseObject({
    failedFirstTry: Count,
    /** How many of them a finding explains (every cause but `unexplained`). */
    explained: Count,
    /** How many of them each cause accounts for (`unexplained` included), in the order of FailureCause. */
    causes: z.partialRecord(FailureCause, PositiveCount),
    trials: z.array(FailedTrial),
  })
  .superRefine((f, ctx) => {
    if (f.trials.length !== f.failedFirstTry)
      ctx.addIssue({
        code: 'custom',
        path: ['failedFirstTry'],
        message: `expected ${f.trials.length} (the trials listed), got ${f.failedFirstTry}`,
      });
    for (const cause of FailureCause.options) {
      const n = f.trials.filter((t) => t.cause === cause).length;
      if ((f.causes[cause] ?? 0) !== n)
        ctx.addIssue({
          code: 'custom',
          path: ['causes', cause],
          message: `expected ${n} (the trials listed with this cause), got ${f.causes[cause] ?? 0}`,
        });
    }
    const explained = f.trials.filter((t) => t.cause !== 'unexplained').length;
    if (explained !== f.explained)
      ctx.addIssue({
        code: 'custom',
        path: ['explained'],
        message: `expected ${explained} (the trials with a cause), got ${f.explained}`,
      });
  });
export type FailuresBlock = z.infer<typeof FailuresBlock>;

export const FindingsBlock = z
  .looseObject({
    version: z.literal('findings/1'),
    /** What the findings were derived from: the drive's trials and tool calls. */
    drive: z.looseObject({ trials: Count, toolCalls: Count }),
    findings: z.array(Finding),
    /** Annotation findings, counted apart from everything the agent did. */
    annotationFindings: Count,
    /** Drive calls to tools that declare themselves destructive: a separate tally, not a finding. */
    declaredDestructiveCalls: Count,
    /** The latency rule, so the outliers can be read and re-derived. */
    latency: z.looseObject({
      factor: z.number().gt(1),
      floorMs: Amount,
      minSamples: PositiveCount,
      medianToolP95Ms: Amount.optional(),
    }),
    proposals: z.array(Proposal),
    /** The drive's failed first tries, attributed (absent in records written before attribution). */
    failures: FailuresBlock.optional(),
    /** Findings left without a rewrite because it would go against the server's guidance (absent: none). */
    withheld: z.array(WithheldProposal).optional(),
    /** Why there are no proposals from the judge (offline, or the judge call failed). */
    proposalsNote: NonEmpty.optional(),
  })
  .superRefine((b, ctx) => {
    const ids = new Set(b.findings.map((f) => f.id));
    if (ids.size !== b.findings.length)
      ctx.addIssue({ code: 'custom', path: ['findings'], message: 'a finding id is listed twice' });
    const annotations = b.findings.filter((f) => f.kind.startsWith('annotation-')).length;
    if (annotations !== b.annotationFindings)
      ctx.addIssue({
        code: 'custom',
        path: ['annotationFindings'],
        message: `expected ${annotations} (the annotation findings listed), got ${b.annotationFindings}`,
      });
    b.failures?.trials.forEach((t, i) => {
      if (t.finding !== undefined && !ids.has(t.finding))
        ctx.addIssue({
          code: 'custom',
          path: ['failures', 'trials', i, 'finding'],
          message: `cites ${t.finding}, which is not a finding`,
        });
      if ((t.finding === undefined) !== (t.cause === 'unexplained'))
        ctx.addIssue({
          code: 'custom',
          path: ['failures', 'trials', i, 'finding'],
          message: 'an explained trial cites its finding, and an unexplained one none',
        });
    });
    b.withheld?.forEach((w, i) => {
      for (const id of w.answers)
        if (!ids.has(id))
          ctx.addIssue({
            code: 'custom',
            path: ['withheld', i, 'answers'],
            message: `cites ${id}, which is not a finding`,
          });
    });
    b.proposals.forEach((p, i) => {
      for (const id of p.answers)
        if (!ids.has(id))
          ctx.addIssue({
            code: 'custom',
            path: ['proposals', i, 'answers'],
            message: `cites ${id}, which is not a finding`,
          });
    });
  });
export type FindingsBlock = z.infer<typeof FindingsBlock>;
