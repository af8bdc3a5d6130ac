import { z } from 'zod';
import { canonicalJson, sha256Hex } from '../core/canonical.js';
import { Count, NonEmpty, NotRecorded, OpenUnit, PositiveCount, Sha256, Threshold } from './common.js';
import { CurtailPolicy } from './curtail.js';
import { PolicyNotRecorded } from './extension.js';

export const Credential = z.enum(['anonymous', 'free-key', 'owner-key']);
export type Credential = z.infer<typeof Credential>;

/** A model id as `provider:model`, or `heuristic` for the offline model. */
export const ModelId = z
  .string()
  .regex(/^(heuristic|[a-z][a-z0-9-]*:\S+)$/, 'expected provider:model or heuristic');

export const Generator = z.looseObject({ name: NonEmpty, version: NonEmpty });
export type Generator = z.infer<typeof Generator>;
/** A generator chip: `name/version`, or a record that predates the field. */
export const GeneratorField = z.union([NotRecorded, Generator]);
export type GeneratorField = z.infer<typeof GeneratorField>;

export const ScreenConfig = z.looseObject({
  enabled: z.boolean(),
  model: ModelId.optional(),
  version: NonEmpty,
  /** What the screen does, in the run's own words. */
  statement: NonEmpty,
});
export type ScreenConfig = z.infer<typeof ScreenConfig>;

export const ExtensionProtocol = z.looseObject({ statement: NonEmpty });
export type ExtensionProtocol = z.infer<typeof ExtensionProtocol>;

export const Reps = z.looseObject({ nulls: PositiveCount, construct: PositiveCount, drive: PositiveCount });

export const RegisteredExtension = z.looseObject({
  batchTasks: Count,
  maxExtensions: Count,
  /** What the user asked for, when too few tasks were left and maxExtensions was reduced before prereg. */
  requestedMaxExtensions: Count.optional(),
  reducedBecause: NonEmpty.optional(),
});

export const ConstructParams = z.looseObject({
  threshold: Threshold,
  alpha: OpenUnit,
  detectableRate: OpenUnit,
  power: OpenUnit,
});
export type ConstructParams = z.infer<typeof ConstructParams>;

export const NullParams = z.looseObject({ ratio: Threshold, percentile: z.number().gt(0).max(100) });
export type NullParams = z.infer<typeof NullParams>;

export const AgentLimits = z.looseObject({
  maxSteps: PositiveCount,
  maxOutputTokens: PositiveCount,
  tokenBudgetPerTrial: PositiveCount,
  trialTimeoutMs: PositiveCount,
  /** Deadline of one tools/call (ms), registered with the limits (absent on records that predate it). */
  callTimeoutMs: PositiveCount.optional(),
});

const registeredNumbers = {
  tasks: PositiveCount,
  minTasks: PositiveCount,
  minAdmissionRate: Threshold,
  overGeneration: z.number().min(1).max(100),
  reps: Reps,
  construct: ConstructParams,
  nulls: NullParams,
  compromisedErrorShare: OpenUnit,
  agentLimits: AgentLimits,
};

/** The pre-registration (docs/design.md §4), written as prereg.json before the first paid call. */
export const PreRegistration = z.looseObject({
  schema: z.literal('fitness-report.prereg/2'),
  ...registeredNumbers,
  extension: RegisteredExtension,
  runner: ModelId,
  judge: ModelId,
  generator: Generator,
  screen: ScreenConfig,
  extensionProtocol: ExtensionProtocol,
  credential: Credential,
  seed: z.int(),
  suiteHash: Sha256,
  /** sha256 of the canonical reserve tasks (absent before the two-step pre-registration). */
  reserveHash: Sha256.optional(),
  /** sha256 of policy.json, the first step, written before the first model call (absent before it existed). */
  policySha256: Sha256.optional(),
  /** Exact curtailment, registered in the policy before the first model call (absent on records that predate it: off). */
  curtail: CurtailPolicy.optional(),
  /** Wall-clock budget of the whole run (ms): a run that hits it is VOID `budget_exhausted`. */
  runBudgetMs: PositiveCount.optional(),
  /** explore/2: which tools the run may call, and on what basis (absent before explore/2). */
  explorablePolicy: z
    .looseObject({
      asserted: z.array(z.string()),
      infer: z.boolean(),
      allowDestructive: z.boolean(),
      rule: NonEmpty,
    })
    .optional(),
  /** Given context: values prompts may name, never answer keys (absent before explore/2). */
  given: z
    .array(
      z.looseObject({
        name: NonEmpty,
        value: NonEmpty,
        origin: z.enum(['given', 'derived']),
        source: NonEmpty,
      }),
    )
    .optional(),
});
export type PreRegistration = z.infer<typeof PreRegistration>;

/**
 * The registration as the record carries it. Records that predate a field read it as not recorded:
 * the generator, the screen and the protocol statement as NotRecorded, the extension as a zero
 * policy with no batch size.
 */
export const RecordedRegistration = PreRegistration.extend({
  schema: z.enum(['fitness-report.prereg/1', 'fitness-report.prereg/2']),
  extension: z.union([PolicyNotRecorded, RegisteredExtension]),
  generator: GeneratorField,
  screen: z.union([NotRecorded, ScreenConfig]),
  extensionProtocol: z.union([NotRecorded, ExtensionProtocol]),
});
export type RecordedRegistration = z.infer<typeof RecordedRegistration>;

/** The numeric defaults of docs/design.md §4. No flag may loosen them after prereg.json is written. */
export const PREREG_DEFAULTS = {
  tasks: 16,
  minTasks: 8,
  minAdmissionRate: 0.25,
  overGeneration: 2.0,
  reps: { nulls: 1, construct: 3, drive: 3 },
  extension: { batchTasks: 6, maxExtensions: 2 },
  construct: { threshold: 0.9, alpha: 0.05, detectableRate: 0.8, power: 0.8 },
  nulls: { ratio: 0.5, percentile: 95 },
  compromisedErrorShare: 0.05,
  agentLimits: { maxSteps: 10, maxOutputTokens: 2048, tokenBudgetPerTrial: 60_000, trialTimeoutMs: 120_000 },
} as const satisfies Partial<PreRegistration>;

/** Where the record points at prereg.json: the file and the sha256 of its exact bytes. */
export const PreregRef = z.looseObject({
  path: NonEmpty,
  sha256: Sha256,
  registration: RecordedRegistration,
  /** When prereg.json was written: before the first gate trial (absent on older records). */
  at: z.iso.datetime().optional(),
});
export type PreregRef = z.infer<typeof PreregRef>;

/**
 * prereg.json's bytes: RFC 8785 canonical JSON plus a newline. Its sha256 (over exactly these bytes)
 * is what the record stores, so anyone can re-hash the published file.
 */
export function serializePrereg(prereg: PreRegistration): string {
  return `${canonicalJson(PreRegistration.parse(prereg))}\n`;
}

export function preregSha256(prereg: PreRegistration): string {
  return sha256Hex(serializePrereg(prereg));
}

/** The extension protocol in the run's own registered numbers. */
export function describeExtensionProtocol(p: Pick<PreRegistration, 'extension' | 'reps'>): string {
  const { batchTasks, maxExtensions } = p.extension;
  if (maxExtensions === 0) {
    return 'This run registered no extension batch: a gate the registered sample cannot resolve is refused as EXTEND_EXHAUSTED where it stands.';
  }
  const trials = batchTasks * p.reps.construct;
  return (
    `A gate the registered sample cannot resolve buys the next of ${maxExtensions} registered reserve batches ` +
    `of ${batchTasks} tasks (${trials} construct trials at ${p.reps.construct} reps), driven through the nulls and ` +
    'construct and pooled; still unresolved after the last batch, it resolves to FAIL.'
  );
}
