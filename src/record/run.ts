import { z } from 'zod';
import { NonEmpty } from './common.js';
import { ConformanceBlock, countsAgree } from './conformance.js';
import {
  gatesAgreeWithSuite,
  gatesMatchOutcome,
  scoreIffScored,
  signalsAgree,
  voidIffVoid,
} from './consistency.js';
import { CostBlock } from './cost.js';
import { ExplorationLedger } from './exploration.js';
import { FindingsBlock } from './findings.js';
import { GateRecord } from './gate.js';
import { generatorChip, Identity } from './identity.js';
import { ledgerAgrees } from './ledger-agrees.js';
import { Notes } from './notes.js';
import { Outcome } from './outcome.js';
import { PolicyRef } from './policy.js';
import { PreregRef } from './prereg.js';
import { ProbeResult } from './probe.js';
import { Refusal, refusalAgrees } from './refusal.js';
import { RosterLink } from './roster-link.js';
import { RunId } from './run-id.js';
import { runnerDeterminism, ScoreBlock } from './score.js';
import { ServerFaults } from './server-faults.js';
import { ServerVersion } from './server-version.js';
import { Signer } from './signer.js';
import { SuiteSummary } from './suite-summary.js';
import { FileDigest, Surface } from './surface.js';
import { VoidDetails } from './void.js';

export const SCHEMA_V1 = 'fitness-report.run/1';
export const SCHEMA_V2 = 'fitness-report.run/2';
export const KNOWN_SCHEMAS = [SCHEMA_V1, SCHEMA_V2] as const;

/** Every part of a run record that v1 and v2 share, for reuse by the v1 schema. */
export const sharedRunFields = {
  runId: RunId,
  outcome: Outcome,
  /** The refusing gate, its reason and its numbers; present exactly when the outcome is a refusal. */
  refusal: Refusal.optional(),
  void: VoidDetails.optional(),
  surface: Surface.optional(),
  probes: z.array(ProbeResult),
  /** Present exactly when the outcome is SCORED: a refused record has no `score` key at all. */
  score: ScoreBlock.optional(),
  cost: CostBlock,
  notes: Notes,
  files: z.array(FileDigest),
};

type Ctx = z.RefinementCtx;

function registeredUnlessVoid(r: { outcome: Outcome; prereg?: unknown; suite?: unknown }, ctx: Ctx): void {
  if (r.outcome === 'VOID') return;
  for (const key of ['prereg', 'suite'] as const) {
    if (r[key] === undefined) {
      ctx.addIssue({ code: 'custom', path: [key], message: `required unless the run is VOID` });
    }
  }
}

interface IdentityView {
  runId: string;
  identity: Identity;
  prereg?: PreregRef;
  suite?: SuiteSummary;
  files: readonly FileDigest[];
}

function identityAgrees(r: IdentityView, ctx: Ctx): void {
  if (!r.runId.startsWith(`${r.identity.serverSlug}-`)) {
    ctx.addIssue({
      code: 'custom',
      path: ['runId'],
      message: `expected to start with ${r.identity.serverSlug}-`,
    });
  }
  const reg = r.prereg?.registration;
  if (reg) {
    const pairs = [
      ['runner', r.identity.runner, reg.runner],
      ['judge', r.identity.judge, reg.judge],
      ['credential', r.identity.credential, reg.credential],
      ['generator', generatorChip(r.identity.generator), generatorChip(reg.generator)],
    ] as const;
    for (const [field, id, registered] of pairs) {
      if (id !== registered) {
        ctx.addIssue({
          code: 'custom',
          path: ['identity', field],
          message: `expected the registered ${registered}, got ${id}`,
        });
      }
    }
  }
  const hashes = [r.identity.suiteHash, r.suite?.hash, reg?.suiteHash].filter((h) => h !== undefined);
  if (new Set(hashes).size > 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['suite', 'hash'],
      message: 'identity, suite and prereg name different suite hashes',
    });
  }
  const paths = r.files.map((f) => f.path);
  if (new Set(paths).size !== paths.length) {
    ctx.addIssue({ code: 'custom', path: ['files'], message: 'a file is listed twice' });
  }
}

/** The score's and the plan's runner determinism are the one the runner's id gives. */
function determinismAgrees(
  r: { identity: Identity; score?: ScoreBlock; gates: readonly GateRecord[] },
  ctx: Ctx,
): void {
  const basis = runnerDeterminism(r.identity.runner).basis;
  const message = `expected the determinism of the runner ${r.identity.runner}`;
  const d = r.score?.runnerDeterminism;
  if (d !== undefined && d.basis !== basis)
    ctx.addIssue({ code: 'custom', path: ['score', 'runnerDeterminism'], message });
  r.gates.forEach((g, i) => {
    if (g.gate === 'plan_power' && g.effective && g.effective.runnerDeterminism.basis !== basis)
      ctx.addIssue({ code: 'custom', path: ['gates', i, 'effective', 'runnerDeterminism'], message });
  });
}

/** The current run record. Persisted objects are loose: unknown extra fields survive a round trip. */
export const RunRecord = z
  .looseObject({
    schema: z.literal(SCHEMA_V2),
    /** Set when this record was read from an older schema and migrated forward. */
    migratedFrom: NonEmpty.optional(),
    ...sharedRunFields,
    identity: Identity,
    /** Step one of the pre-registration, written before the first model call (absent on older records). */
    policy: PolicyRef.optional(),
    prereg: PreregRef.optional(),
    suite: SuiteSummary.optional(),
    /** explore/2's exploration ledger (absent on explore/1 and judge/1 records: not recorded). */
    exploration: ExplorationLedger.optional(),
    gates: z.array(GateRecord),
    /** The server's failures during generation and admission, per tool, from the wire tape. */
    serverFaults: ServerFaults.optional(),
    /** Findings from the drive's tapes (absent on a run that never drove, and on older records). */
    findings: FindingsBlock.optional(),
    /** The official conformance suite's result, run alongside; never read by a gate or the score. */
    conformance: ConformanceBlock.optional(),
    /** The server's version, package and surface digest, for drift between attempts. */
    server: ServerVersion.optional(),
    /** The roster entry, attempt and try the run was measured for (absent outside a roster). */
    roster: RosterLink.optional(),
    /** Who signs the run (absent on records that predate the publisher key). */
    signer: Signer.optional(),
  })
  .superRefine((r, ctx) => {
    if (r.conformance) countsAgree(r.conformance, ctx);
  })
  .superRefine(scoreIffScored)
  .superRefine(voidIffVoid)
  .superRefine(gatesMatchOutcome)
  .superRefine(refusalAgrees)
  .superRefine(registeredUnlessVoid)
  .superRefine(identityAgrees)
  .superRefine(determinismAgrees)
  .superRefine(signalsAgree)
  .superRefine(gatesAgreeWithSuite)
  .superRefine(ledgerAgrees);
export type RunRecord = z.infer<typeof RunRecord>;
