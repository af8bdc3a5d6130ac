import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describeTarget } from '../connect/target.js';
import { outcomeOf, type RunEnding } from '../gates/ladder.js';
import { PRICE_TABLE } from '../models/prices.js';
import { buildCost } from '../record/build-cost.js';
import { PreRegistration } from '../record/prereg.js';
import { refusalOf } from '../record/refusal.js';
import type { RunRecord } from '../record/run.js';
import type { ScoreBlock } from '../record/score.js';
import type { ServerFaults } from '../record/server-faults.js';
import type { Signer } from '../record/signer.js';
import { buildSuiteSummary, type KeyBasis } from '../record/suite-summary.js';
import type { FileDigest } from '../record/surface.js';
import type { VoidDetails } from '../record/void.js';
import { type RecordBody, runRecord, voidRecord } from '../record/void-record.js';
import { ledgerRejections } from '../suite/suite-file.js';
import { RUN_FILES } from '../tape/file-names.js';
import { sha256File } from '../tape/signature.js';
import { PRODUCER, VERSION } from '../version.js';
import { alongsideBlocks } from './alongside.js';
import type { RunContext } from './context.js';
import type { Driver } from './driver.js';
import { ownNotes, screenStatement, standingNotes } from './notes.js';
import type { RunOptions } from './options.js';
import type { Registered } from './products.js';
import type { RunStop } from './stop.js';
import type { RunTally } from './tally.js';

export async function fileDigests(dir: string): Promise<FileDigest[]> {
  const out: FileDigest[] = [];
  for (const path of [
    RUN_FILES.policy,
    RUN_FILES.prereg,
    RUN_FILES.suite,
    RUN_FILES.wire,
    RUN_FILES.agent,
    RUN_FILES.judge,
  ]) {
    if (!existsSync(join(dir, path))) continue;
    out.push({ path, ...(await sha256File(join(dir, path))) });
  }
  return out;
}

/** What a record is built from: the run's settings, the stages it completed, the products it reached, the gates it decided and its tallies. */
export type RecordSource = Pick<RunContext, 'config' | 'runner' | 'judge' | 'runId' | 'slug' | 'startedAt'> &
  Pick<Driver, 'stages' | 'reached' | 'gates'> &
  Pick<RunTally, 'trials' | 'usage' | 'ownNotes'>;

function screenField(source: RecordSource) {
  const { config } = source;
  const counts = source.reached.screen?.screen?.counts;
  const tokens = source.usage
    .filter((u) => u.role === 'screen')
    .reduce((a, u) => a + (u.inputTokens ?? 0) + (u.outputTokens ?? 0), 0);
  return {
    enabled: config.screen,
    ...(config.screen ? { model: source.runner.id } : {}),
    version: '1',
    statement: screenStatement(config.screen),
    counts: {
      screened: counts?.screened ?? 0,
      deleted: counts?.deleted ?? 0,
      errors: counts?.errors ?? 0,
      tokens,
    },
  };
}

function suiteSummary(suite: Registered['suiteFile']) {
  return buildSuiteSummary({
    hash: suite.hash,
    candidates: suite.counts.candidates,
    rejections: ledgerRejections(suite.ledger),
    deletedByScreen: suite.counts.deleted,
    deleted: suite.ledger.flatMap((e) =>
      e.fate.fate === 'deleted-by-screen' ? [{ candidateId: e.id, detail: e.fate.detail }] : [],
    ),
    trimmed: suite.ledger.flatMap((e) =>
      e.fate.fate !== 'surplus'
        ? []
        : [
            {
              candidateId: e.id,
              ...(e.fate.keyRepeated === undefined ? {} : { keyRepeated: e.fate.keyRepeated }),
            },
          ],
    ),
    registered: suite.counts.registered,
    reserve: suite.counts.reserve,
    surplus: suite.counts.surplus,
    ...keyBases(suite.tasks),
  });
}

/** The registered tasks' key bases, when every one carries it (a suite written before has none). */
function keyBases(tasks: Registered['suiteFile']['tasks']): { keyBases?: KeyBasis[] } {
  const bases = tasks.flatMap((t) => (t.keyBasis === undefined ? [] : [t.keyBasis]));
  return bases.length === tasks.length ? { keyBases: bases } : {};
}

export interface Ending {
  score?: ScoreBlock;
  stop?: RunStop;
}

/** What the outcome rule reads of an ending. */
export function endingOf(ending: Ending): RunEnding {
  return { stopped: ending.stop !== undefined, scored: ending.score !== undefined };
}

function identityOf(source: RecordSource, endedAt: Date) {
  const { config } = source;
  // The suite hash is known once suite.json is written, even when prereg.json then is not.
  const suited = source.reached.register;
  const registered = source.reached.prereg;
  return {
    serverSlug: source.slug,
    target: { kind: config.target.kind, description: describeTarget(config.target) },
    credential: config.credential,
    startedAt: source.startedAt.toISOString(),
    endedAt: endedAt.toISOString(),
    producer: { name: PRODUCER, version: VERSION },
    runner: source.runner.id,
    judge: source.judge.id,
    ...(suited ? { suiteHash: suited.registration.hash } : {}),
    generator: config.generator,
    screen: screenField(source),
    extensionProtocol: {
      statement: registered
        ? registered.prereg.doc.extensionProtocol.statement
        : 'not registered: the run stopped before pre-registration',
    },
  };
}

/** The blocks each product adds: the surface, the policy, exploration, the suite and its pre-registration, findings. */
function productBlocks(
  reached: RecordSource['reached'],
): Pick<RunRecord, 'surface' | 'exploration' | 'findings' | 'suite' | 'policy' | 'prereg'> {
  const surface = reached.surface?.surface;
  const policy = reached.policy?.policy;
  const exploration = reached.generate?.exploration;
  const registered = reached.prereg;
  const findings = reached.findings?.findings;
  return {
    ...(surface ? { surface } : {}),
    ...(exploration ? { exploration } : {}),
    ...(findings ? { findings } : {}),
    ...(registered ? { suite: suiteSummary(registered.suiteFile) } : {}),
    ...(policy
      ? { policy: { path: RUN_FILES.policy, sha256: policy.sha256, at: policy.at.toISOString() } }
      : {}),
    ...(registered
      ? {
          prereg: {
            path: RUN_FILES.prereg,
            sha256: registered.prereg.sha256,
            registration: PreRegistration.parse(registered.prereg.doc),
            at: registered.prereg.at.toISOString(),
          },
        }
      : {}),
  };
}

function voidBlock(source: RecordSource, stop: RunStop | undefined, endedAt: Date): VoidDetails {
  return {
    reason: stop?.reason ?? 'crashed',
    detail: stop?.detail ?? 'the run ended without a score or a refusal',
    at: endedAt.toISOString(),
    completed: {
      stages: [...source.stages],
      gates: source.gates.map((g) => g.gate),
      trials: { ...source.trials },
    },
  };
}

/** What a full record carries beside the products: the server's faults from the wire tape, and what was measured alongside. */
interface Beside {
  serverFaults: ServerFaults | undefined;
  alongside: RunOptions['alongside'];
}

/** The refusal of a refused run: its last gate's, when that gate refused and the run was not stopped. */
function refusalBlock(source: RecordSource, ending: Ending): Pick<RunRecord, 'refusal'> {
  const last = source.gates.at(-1);
  const refused = ending.stop === undefined && last?.outcome !== undefined ? last : undefined;
  return refused?.outcome !== undefined && 'reason' in refused && refused.reason !== undefined
    ? { refusal: refusalOf(refused) }
    : {};
}

/**
 * The run record, built once: scored, refused by its last gate, or void with what completed. The
 * full record has `beside` (the fallback VOID record, built from less, has none).
 */
export function buildRecord(
  source: RecordSource,
  ending: Ending,
  files: FileDigest[],
  endedAt: Date,
  signer: Signer | undefined,
  beside?: Beside,
): RunRecord {
  const outcome = outcomeOf(source.gates, endingOf(ending));
  const products = productBlocks(source.reached);
  const body: RecordBody = {
    runId: source.runId,
    probes: source.reached.probes ?? [],
    cost: buildCost(source.usage, PRICE_TABLE),
    notes: { own: ownNotes(source), standing: standingNotes(source.config) },
    files,
    identity: identityOf(source, endedAt),
    gates: source.gates,
    ...(signer ? { signer } : {}),
    ...products,
    ...(beside === undefined ? {} : alongsideBlocks(products.surface, beside.alongside)),
    ...(beside?.serverFaults === undefined ? {} : { serverFaults: beside.serverFaults }),
    ...refusalBlock(source, ending),
    ...(outcome === 'SCORED' && ending.score ? { score: ending.score } : {}),
  };
  return outcome === 'VOID'
    ? voidRecord(body, voidBlock(source, ending.stop, endedAt))
    : runRecord(body, outcome);
}
