import * as z from 'zod/mini';
import { summarize } from '../../../core/issues.js';
import { TRIAL_COUNTS } from '../../../record/trial-count.js';

/**
 * The viewer's data file, `data/<runId>.json` (`fitness-report.viewer-run/1`): what the site build
 * (src/board/site.ts) writes for one run, and all the viewer reads before it fetches a tape. The
 * build writes the schema's input type, so a wrong shape fails typecheck; the viewer parses it.
 * Written with zod/mini, like the custody schemas: the viewer bundles this file. Objects are
 * `z.object` (unknown fields dropped): the file is rebuilt by every board build, never rewritten.
 *
 * Required fields are refused with their field named. The hints are dropped, never refused: a story
 * of another shape (the viewer then tells it from the tapes), a signer of another shape, a file name
 * that is not a string, and a plane that is not a plain file name inside the run's own directory.
 */

/** A list whose entries of another shape are dropped rather than refused. */
function kept<T extends z.ZodMiniType>(entry: T) {
  return z.pipe(
    z.array(z.catch(z.optional(entry), undefined)),
    z.transform((list) => list.filter((e) => e !== undefined)),
  );
}

/** A part of the run's story: where it starts (`<plane>:<line>` of its first line) and ends. */
export const Span = z.object({
  ref: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  lines: z.number(),
  errors: z.number(),
  pending: z.number(),
});
export type Span = z.infer<typeof Span>;

export const Handshake = z.extend(Span, {
  protocolVersion: z.optional(z.string()),
  era: z.optional(z.string()),
  server: z.optional(z.string()),
  failed: z.optional(z.string()),
});
export type Handshake = z.infer<typeof Handshake>;

export const GroupStory = z.extend(Span, { corr: z.string(), label: z.string() });
export type GroupStory = z.infer<typeof GroupStory>;

/** How a trial counts in its phase, as the record counts it (src/record/trial-count.ts). */
const TrialCount = z.enum(TRIAL_COUNTS);

export const TrialStory = z.extend(Span, {
  corr: z.string(),
  taskId: z.string(),
  rep: z.optional(z.number()),
  /** How the trial counts, from its `fitness.trial` event; absent when the tape has none. */
  count: z.optional(TrialCount),
  steps: z.optional(z.number()),
  exhausted: z.optional(z.string()),
  durationMs: z.number(),
  toolCalls: z.number(),
  toolErrors: z.number(),
  /** Time in model generations, in tool calls, and the rest (harness, session setup). */
  modelMs: z.number(),
  toolMs: z.number(),
  harnessMs: z.number(),
  /** Session open/close and process events, folded by default. */
  sessionEvents: z.number(),
});
export type TrialStory = z.infer<typeof TrialStory>;

/** A phase's trials counted as the record counts them (`PhaseCounts` of src/record/trial-count.ts). */
const Counts = z.object({
  passed: z.number(),
  failed: z.number(),
  notApplicable: z.number(),
  errors: z.number(),
  notRecorded: z.number(),
});

export const PhaseStory = z.extend(Span, {
  phase: z.string(),
  tasks: z.number(),
  trials: z.array(TrialStory),
  counts: Counts,
  /** Trials the tape has no `fitness.trial` event for. */
  untold: z.number(),
});
export type PhaseStory = z.infer<typeof PhaseStory>;

export const ToolStory = z.object({
  name: z.string(),
  calls: z.number(),
  errors: z.number(),
  pending: z.number(),
});
export type ToolStory = z.infer<typeof ToolStory>;

/**
 * The story of a run, told from its merged tapes (src/board/client/story.ts): the handshake, the
 * probes and harness stages, then each phase with its tasks and trials.
 */
export const Story = z.object({
  lines: z.number(),
  /** Every error line; of them, the drive's (the server's answers to the agent being measured) … */
  errors: z.number(),
  driveErrors: z.number(),
  /** … and those the harness caused on purpose: the probes' and the null phases' calls. */
  ownErrors: z.number(),
  pending: z.number(),
  startMs: z.optional(z.number()),
  endMs: z.optional(z.number()),
  handshake: z.optional(Handshake),
  probes: z.array(GroupStory),
  stages: z.array(GroupStory),
  phases: z.array(PhaseStory),
  tools: z.array(ToolStory),
  /** The first error and pending lines, one click away. */
  errorRefs: z.array(z.string()),
  driveErrorRefs: z.array(z.string()),
  pendingRefs: z.array(z.string()),
  /** Lines that are not JSON (a cut-off last line, a crashed writer): shown as such, never parsed. */
  unreadable: z.number(),
  unreadableRefs: z.array(z.string()),
});
export type Story = z.infer<typeof Story>;

/** What the record says about its signer (a hint: the record is itself one of the signed files). */
export const SignerClaim = z.object({
  status: z.enum(['signed', 'unsigned']),
  keyid: z.optional(z.string()),
  reason: z.optional(z.string()),
});
export type SignerClaim = z.infer<typeof SignerClaim>;

/** A tape of the run: only a plain file name inside the run's own directory is ever fetched. */
const Plane = z.object({
  plane: z.string(),
  path: z.string().check(z.regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/)),
});

export const ViewerRun = z.object({
  schema: z.literal('fitness-report.viewer-run/1'),
  runId: z.string(),
  serverSlug: z.string(),
  outcome: z.string(),
  recordPage: z.string(),
  planes: kept(Plane),
  /** What the site build found when it checked the run's signature. */
  verification: z.object({
    status: z.string(),
    keyid: z.optional(z.string()),
    problems: z.array(z.string()),
  }),
  /** Every file the build published for the run: a hint for the browser's own custody check. */
  files: z._default(kept(z.string()), []),
  signer: z.catch(z.optional(SignerClaim), undefined),
  /** Told at build time from the published tapes; absent when the build could not tell it. */
  story: z.catch(z.optional(Story), undefined),
});
/** What the viewer reads. */
export type RunData = z.infer<typeof ViewerRun>;
/** What the site build writes. */
export type ViewerRunInput = z.input<typeof ViewerRun>;

/** The run data file's reading, or an error naming `file` and the first field that is wrong. */
export function parseRunData(value: unknown, file: string): RunData {
  const parsed = z.safeParse(ViewerRun, value, { reportInput: true });
  if (!parsed.success) throw new Error(`${file}: ${summarize(parsed.error.issues)}`);
  return parsed.data;
}
