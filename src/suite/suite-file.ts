import { z } from 'zod';
import { FitnessError } from '../core/errors.js';
import { Count } from '../record/common.js';
import { ExplorationLedger } from '../record/exploration.js';
import { Generator } from '../record/prereg.js';
import type { AdmissionEntry } from './admission/types.js';
import { ToolSafety } from './destructive.js';
import type { Registration } from './register.js';
import {
  ExtensionPlan,
  ExtensionPlanV1,
  type Fate,
  LedgerEntry,
  migrateExtensionV1,
  RejectionRule,
  Task,
} from './schema.js';
import { ScreenCounts, type ScreenResult } from './screen.js';

/** A generator-side fault (e.g. the judge returned output that did not parse); recorded, not thrown. */
export const GeneratorFault = z.looseObject({
  code: z.string(),
  message: z.string(),
  call: z.int().min(0).optional(),
});
export type GeneratorFault = z.infer<typeof GeneratorFault>;

export const FateCounts = z.looseObject({
  candidates: z.int().min(0),
  rejected: z.int().min(0),
  rejectedByRule: z.partialRecord(RejectionRule, z.int().min(1)),
  deleted: z.int().min(0),
  registered: z.int().min(0),
  reserve: z.int().min(0),
  surplus: z.int().min(0),
});
export type FateCounts = z.infer<typeof FateCounts>;

export const SUITE_SCHEMA = 'fitness-report.suite/2';
export const SUITE_SCHEMA_V1 = 'fitness-report.suite/1';

/** suite.json: published with the run, so every refusal the generator caused is defensible from it. */
export const SuiteFileV2 = z.looseObject({
  schema: z.literal(SUITE_SCHEMA),
  generator: Generator,
  seed: z.int(),
  surfaceDigest: z.string().regex(/^[0-9a-f]{64}$/),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  candidatesAsked: z.int().min(0),
  tasks: z.array(Task),
  reserve: z.array(Task),
  extension: ExtensionPlan,
  /** The screen's counts; `kept` is absent when the screen was disabled. */
  screen: ScreenCounts.extend({ enabled: z.boolean(), kept: Count.optional() }),
  counts: FateCounts,
  toolSafety: z.array(ToolSafety),
  faults: z.array(GeneratorFault),
  ledger: z.array(LedgerEntry),
  /** explore/2's exploration ledger: per tool its safety basis, calls, errors, candidates, why skipped. */
  exploration: ExplorationLedger.optional(),
  /** Set on read when the file on disk is an older schema (its bytes, and so its hashes, untouched). */
  migratedFrom: z.literal(SUITE_SCHEMA_V1).optional(),
});
type SuiteFileV2 = z.infer<typeof SuiteFileV2>;

/** suite/1: the extension plan under its own names (maxExtensionsRequested, reduction); still read. */
const SuiteFileV1 = SuiteFileV2.extend({ schema: z.literal(SUITE_SCHEMA_V1), extension: ExtensionPlanV1 });

function migrateSuiteV1(v1: z.infer<typeof SuiteFileV1>): SuiteFileV2 {
  return {
    ...v1,
    schema: SUITE_SCHEMA,
    extension: migrateExtensionV1(v1.extension),
    migratedFrom: SUITE_SCHEMA_V1,
  };
}

/**
 * Reads suite.json of either schema; a suite/1 file comes out as suite/2 with `migratedFrom`, the
 * way v1 run records are migrated. Nothing is rewritten: the suite hash covers the tasks, not the
 * spelling, and the signed manifest covers the bytes as they were written.
 */
export const SuiteFile = z.union([SuiteFileV2, SuiteFileV1.transform(migrateSuiteV1)]);
export type SuiteFile = z.infer<typeof SuiteFile>;

export interface SuiteFileInput {
  registration: Registration;
  admission: readonly AdmissionEntry[];
  /** Absent when the screen was disabled. */
  screen?: ScreenResult;
  candidatesAsked: number;
  toolSafety: readonly ToolSafety[];
  faults: readonly GeneratorFault[];
  exploration?: ExplorationLedger;
}

/** Admitted tasks the screen did not delete, in proposal order: the input to `register`. */
export function survivors(admission: readonly AdmissionEntry[], screen?: ScreenResult): Task[] {
  const deleted = new Set(screen?.deleted ?? []);
  return admission.flatMap((entry) =>
    entry.verdict.admitted && !deleted.has(entry.id) ? [entry.verdict.task] : [],
  );
}

/** Admitted tasks, in proposal order: the input to the screen. */
export function admittedTasks(admission: readonly AdmissionEntry[]): Task[] {
  return admission.flatMap((entry) => (entry.verdict.admitted ? [entry.verdict.task] : []));
}

/** Every candidate's final fate, counted apart; throws if the counts do not add up. */
export function buildSuiteFile(input: SuiteFileInput): SuiteFile {
  const { registration, screen } = input;
  const fates = new Map<string, Fate>();
  for (const [position, task] of registration.tasks.entries())
    fates.set(task.id, { fate: 'registered', position });
  for (const [position, task] of registration.reserve.entries()) {
    const batch = Math.floor(position / registration.extension.batchTasks) + 1;
    fates.set(task.id, { fate: 'reserve', position, batch });
  }
  for (const task of registration.surplus) {
    const repeated = registration.keyRepeated.get(task.id);
    fates.set(
      task.id,
      repeated === undefined ? { fate: 'surplus' } : { fate: 'surplus', keyRepeated: repeated },
    );
  }
  for (const outcome of screen?.outcomes ?? []) {
    if (outcome.verdict !== 'deleted') continue;
    fates.set(outcome.id, {
      fate: 'deleted-by-screen',
      detail: outcome.detail,
      evidence: outcome.answer === undefined ? {} : { answer: outcome.answer },
    });
  }

  const ledger: LedgerEntry[] = input.admission.map((entry) => {
    const fate: Fate | undefined = entry.verdict.admitted
      ? fates.get(entry.id)
      : {
          fate: 'rejected',
          rule: entry.verdict.rule,
          detail: entry.verdict.detail,
          evidence: entry.verdict.evidence,
        };
    if (fate === undefined) {
      throw new FitnessError(
        'SUITE_INVARIANT',
        `admitted candidate ${entry.id} has no fate after registration`,
      );
    }
    const row: LedgerEntry = { seq: entry.seq, id: entry.id, candidate: entry.candidate, fate };
    if (entry.verdict.answerKey !== undefined) row.answerKey = entry.verdict.answerKey;
    return row;
  });

  const counts = countFates(ledger);
  assertFateInvariant(counts);
  if (counts.registered !== registration.tasks.length || counts.reserve !== registration.reserve.length) {
    throw new FitnessError('SUITE_INVARIANT', 'the ledger does not match the registration');
  }
  return {
    schema: SUITE_SCHEMA,
    generator: registration.generator,
    seed: registration.seed,
    surfaceDigest: registration.surfaceDigest,
    hash: registration.hash,
    candidatesAsked: input.candidatesAsked,
    tasks: registration.tasks,
    reserve: registration.reserve,
    extension: { ...registration.extension },
    screen:
      screen === undefined
        ? { enabled: false, screened: 0, deleted: 0, errors: 0, notApplicable: 0 }
        : { enabled: true, ...screen.counts },
    counts,
    toolSafety: [...input.toolSafety],
    faults: [...input.faults],
    ledger,
    ...(input.exploration ? { exploration: input.exploration } : {}),
  };
}

/** Rejections in the shape the run record's suite summary takes (`buildSuiteSummary`). */
export function ledgerRejections(
  ledger: readonly LedgerEntry[],
): { candidateId: string; rule: RejectionRule; detail: string }[] {
  return ledger.flatMap((entry) =>
    entry.fate.fate === 'rejected'
      ? [{ candidateId: entry.id, rule: entry.fate.rule, detail: entry.fate.detail }]
      : [],
  );
}

export function countFates(ledger: readonly LedgerEntry[]): FateCounts {
  const counts: FateCounts = {
    candidates: ledger.length,
    rejected: 0,
    rejectedByRule: {},
    deleted: 0,
    registered: 0,
    reserve: 0,
    surplus: 0,
  };
  for (const { fate } of ledger) {
    if (fate.fate === 'rejected') {
      counts.rejected++;
      counts.rejectedByRule[fate.rule] = (counts.rejectedByRule[fate.rule] ?? 0) + 1;
    } else if (fate.fate === 'deleted-by-screen') counts.deleted++;
    else if (fate.fate === 'registered') counts.registered++;
    else if (fate.fate === 'reserve') counts.reserve++;
    else counts.surplus++;
  }
  return counts;
}

/** candidates == rejected + deleted + registered + reserve + surplus (docs/design.md §5.5). */
export function assertFateInvariant(counts: FateCounts): void {
  const sum = counts.rejected + counts.deleted + counts.registered + counts.reserve + counts.surplus;
  const byRule = Object.values(counts.rejectedByRule).reduce((a, b) => a + (b ?? 0), 0);
  if (sum !== counts.candidates || byRule !== counts.rejected) {
    throw new FitnessError(
      'SUITE_INVARIANT',
      `fates do not add up: ${counts.candidates} candidates vs ${counts.rejected} rejected + ${counts.deleted} deleted + ` +
        `${counts.registered} registered + ${counts.reserve} reserve + ${counts.surplus} surplus`,
    );
  }
}
