import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describeTarget } from '../connect/target.js';
import { outcomeOf, type RunEnding } from '../gates/ladder.js';
import { PRICE_TABLE } from '../models/prices.js';
import { buildCost } from '../record/build-cost.js';
import type { GateId } from '../record/outcome.js';
import { PreRegistration } from '../record/prereg.js';
import { refusalOf } from '../record/refusal.js';
import type { RunRecord } from '../record/run.js';
import type { ScoreBlock } from '../record/score.js';
import { buildSuiteSummary } from '../record/suite-summary.js';
import type { FileDigest } from '../record/surface.js';
import { ledgerRejections } from '../suite/suite-file.js';
import { sha256File } from '../tape/signature.js';
import { PRODUCER, VERSION } from '../version.js';
import { ownNotes, screenStatement, standingNotes } from './notes.js';
import { POLICY_FILE } from './policy-stage.js';
import { preregistration } from './register-stage.js';
import { FILES } from './run-dir.js';
import type { RunState, RunStop } from './state.js';

const MODEL_ID = /^(heuristic|[a-z][a-z0-9-]*:\S+)$/;

/** A model id for the record even when the spec never resolved (it is then named as unresolved). */
export function modelId(resolved: string | undefined, spec: string): string {
  if (resolved !== undefined) return resolved;
  return MODEL_ID.test(spec) ? spec : `unresolved:${spec.replace(/\s+/g, '') || 'empty'}`;
}

export async function fileDigests(dir: string): Promise<FileDigest[]> {
  const out: FileDigest[] = [];
  for (const path of [POLICY_FILE, FILES.prereg, FILES.suite, FILES.wire, FILES.agent, FILES.judge]) {
    if (!existsSync(join(dir, path))) continue;
    out.push({ path, ...(await sha256File(join(dir, path))) });
  }
  return out;
}

function screenField(state: RunState) {
  const runner = modelId(state.runner?.id, state.config.runnerSpec);
  const counts = state.screen?.counts;
  const tokens = state.usage
    .filter((u) => u.role === 'screen')
    .reduce((a, u) => a + (u.inputTokens ?? 0) + (u.outputTokens ?? 0), 0);
  return {
    enabled: state.config.screen,
    ...(state.config.screen ? { model: runner } : {}),
    version: '1',
    statement: screenStatement(state.config.screen),
    counts: {
      screened: counts?.screened ?? 0,
      deleted: counts?.deleted ?? 0,
      errors: counts?.errors ?? 0,
      tokens,
    },
  };
}

function suiteSummary(state: RunState) {
  const suite = state.suiteFile;
  if (suite === undefined) return undefined;
  return buildSuiteSummary({
    hash: suite.hash,
    candidates: suite.counts.candidates,
    rejections: ledgerRejections(suite.ledger),
    deletedByScreen: suite.counts.deleted,
    deleted: suite.ledger.flatMap((e) =>
      e.fate.fate === 'deleted-by-screen' ? [{ candidateId: e.id, detail: e.fate.detail }] : [],
    ),
    trimmed: suite.ledger.flatMap((e) => (e.fate.fate === 'surplus' ? [{ candidateId: e.id }] : [])),
    registered: suite.counts.registered,
    reserve: suite.counts.reserve,
    surplus: suite.counts.surplus,
  });
}

export interface Ending {
  score?: ScoreBlock;
  stop?: RunStop;
}

/** What the outcome rule reads of an ending. */
export function endingOf(ending: Ending): RunEnding {
  return { stopped: ending.stop !== undefined, scored: ending.score !== undefined };
}

/** The run record from the state: scored, refused by its last gate, or void with what completed. */
export function buildRecord(state: RunState, ending: Ending, files: FileDigest[], endedAt: Date): RunRecord {
  const { config } = state;
  const last = state.gates.at(-1);
  const refused = ending.stop === undefined && last?.outcome !== undefined ? last : undefined;
  const outcome = outcomeOf(state.gates, endingOf(ending));
  const runner = modelId(state.runner?.id, config.runnerSpec);
  const judge = modelId(state.judge?.id, config.judgeSpec);
  const registration = state.registration;
  const suite = suiteSummary(state);
  const preregistered = state.preregSha !== undefined && registration !== undefined;
  const record: RunRecord = {
    schema: 'fitness-report.run/2',
    runId: state.runId,
    outcome,
    probes: state.probes,
    cost: buildCost(state.usage, PRICE_TABLE),
    notes: { own: ownNotes(state), standing: standingNotes(state) },
    files,
    identity: {
      serverSlug: state.slug,
      target: { kind: config.target.kind, description: describeTarget(config.target) },
      credential: config.credential,
      startedAt: state.startedAt.toISOString(),
      endedAt: endedAt.toISOString(),
      producer: { name: PRODUCER, version: VERSION },
      runner,
      judge,
      ...(registration ? { suiteHash: registration.hash } : {}),
      generator: config.generator,
      screen: screenField(state),
      extensionProtocol: {
        statement: preregistered
          ? preregistration(state).extensionProtocol.statement
          : 'not registered: the run stopped before pre-registration',
      },
    },
    gates: state.gates,
  };
  if (state.signer) record.signer = state.signer;
  if (state.surface) record.surface = state.surface;
  if (state.exploration) record.exploration = state.exploration;
  if (state.findings) record.findings = state.findings;
  if (suite && preregistered) record.suite = suite;
  if (state.policy)
    record.policy = { path: POLICY_FILE, sha256: state.policy.sha256, at: state.policy.at.toISOString() };
  if (preregistered && state.preregSha)
    record.prereg = {
      path: FILES.prereg,
      sha256: state.preregSha,
      registration: PreRegistration.parse(preregistration(state)),
      ...(state.preregAt ? { at: state.preregAt.toISOString() } : {}),
    };
  if (refused?.outcome !== undefined && 'reason' in refused && refused.reason !== undefined)
    record.refusal = refusalOf(refused);
  if (outcome === 'SCORED' && ending.score) record.score = ending.score;
  if (outcome === 'VOID') {
    const stop = ending.stop;
    record.void = {
      reason: stop?.reason ?? 'crashed',
      detail: stop?.detail ?? 'the run ended without a score or a refusal',
      at: endedAt.toISOString(),
      completed: {
        stages: [...state.stages],
        gates: state.gates.map((g) => g.gate as GateId),
        trials: { ...state.trials },
      },
    };
  }
  return record;
}
