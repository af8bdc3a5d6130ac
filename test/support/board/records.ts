import { buildCost, noCost } from '../../../src/record/build-cost.js';
import { buildScore } from '../../../src/record/build-score.js';
import {
  type CostBlock,
  type GateRecord,
  generatorChip,
  type ProbeResult,
  RunRecord,
} from '../../../src/record/index.js';
import { type PreRegistration, preregSha256 } from '../../../src/record/prereg.js';
import type { UsageRow } from '../../../src/record/pricing.js';
import { refusalOf } from '../../../src/record/refusal.js';
import { makeRunId } from '../../../src/record/run-id.js';
import { buildSuiteSummary } from '../../../src/record/suite-summary.js';
import { gatesFor, shapeFor, trials } from './record-gates.js';

/**
 * Synthetic run records for the board's tests and bench. Each one is validated by the record schema,
 * so the board is exercised against exactly what `readRecord` accepts.
 */

export type Family =
  | 'scored'
  | 'thin-surface'
  | 'admission-floor'
  | 'null-kill'
  | 'screen-emptied'
  | 'null-indeterminate'
  | 'construct-fail'
  | 'construct-unresolved'
  | 'answer-leak'
  | 'compromised'
  | 'extend-exhausted'
  | 'void';

export interface FixtureOptions {
  slug: string;
  startedAt: string;
  runner?: string;
  generator?: { name: string; version: string };
  credential?: 'anonymous' | 'free-key' | 'owner-key';
  screened?: boolean;
  /** First-try successes of 48 drive trials (scored runs). */
  firstTry?: number;
  /** Replace untrusted strings (server name, descriptions, probe details) with this text. */
  hostile?: string;
  cost?: 'total' | 'floor' | 'none';
  probes?: ProbeResult[];
}

const HASH = (seed: string) =>
  Array.from(
    { length: 64 },
    (_, i) => '0123456789abcdef'[(seed.charCodeAt(i % seed.length) + i * 7) % 16],
  ).join('');

const PRICES = {
  asOf: '2026-11-01',
  source: 'fixture price table',
  models: { 'anthropic:claude-test': { input: 3, output: 15 } },
};

function cost(kind: FixtureOptions['cost'], runner: string): CostBlock {
  if (kind === 'none' || runner === 'heuristic') {
    return noCost(
      runner === 'heuristic'
        ? 'the heuristic runner is offline and has no price'
        : 'no price table was available',
    );
  }
  const rows: UsageRow[] = [
    { role: 'runner', model: runner, status: 'ok', inputTokens: 120_000, outputTokens: 9_000 },
    { role: 'judge', model: 'anthropic:claude-test', status: 'ok', inputTokens: 20_000, outputTokens: 4_000 },
  ];
  if (kind === 'floor') rows.push({ role: 'judge', model: 'anthropic:claude-test', status: 'no_usage' });
  return buildCost(rows, { ...PRICES, models: { ...PRICES.models, [runner]: { input: 1, output: 5 } } });
}

export function defaultProbes(hostile?: string): ProbeResult[] {
  const detail = (text: string) => hostile ?? text;
  return [
    {
      id: 'spec-currency',
      applies: true,
      pass: true,
      detail: detail('negotiated 2026-07-28, the latest revision'),
      evidence: { negotiated: '2026-07-28' },
      tapeRefs: ['wire:2'],
    },
    {
      id: 'impossible-version',
      applies: true,
      pass: true,
      detail: detail('1999-01-01 was refused with -32022'),
      evidence: {},
      tapeRefs: ['wire:4', 'wire:5'],
    },
    {
      id: 'unknown-method',
      applies: true,
      pass: false,
      detail: detail('a made-up method got an empty result'),
      evidence: {},
      tapeRefs: ['wire:6', 'wire:7'],
    },
    {
      id: 'origin-check',
      applies: false,
      pass: null,
      detail: detail('stdio: no Origin header to check'),
      evidence: {},
      tapeRefs: [],
    },
    {
      id: 'tool-names',
      applies: true,
      pass: true,
      detail: detail('every tool name follows the rule'),
      evidence: {},
      tapeRefs: ['wire:3'],
    },
  ];
}

const INTENDED: Record<Family, RunRecord['outcome']> = {
  scored: 'SCORED',
  'thin-surface': 'INSUFFICIENT_SURFACE',
  'admission-floor': 'INSUFFICIENT_SURFACE',
  'null-kill': 'DEGENERATE',
  'screen-emptied': 'DEGENERATE',
  'null-indeterminate': 'INDETERMINATE',
  'construct-fail': 'GATE_FAILED',
  'construct-unresolved': 'GATE_FAILED',
  'answer-leak': 'GATE_FAILED',
  compromised: 'COMPROMISED',
  'extend-exhausted': 'EXTEND_EXHAUSTED',
  void: 'VOID',
};

function outcomeOf(family: Family, gates: GateRecord[]): RunRecord['outcome'] {
  if (family === 'void') return 'VOID';
  const decided = gates.find((g) => g.outcome !== undefined)?.outcome ?? 'SCORED';
  if (decided !== INTENDED[family]) throw new Error(`fixture ${family}: the gates decided ${decided}`);
  return decided;
}

/** One synthetic record of a family, validated by the record schema. */
export function fixtureRecord(family: Family, o: FixtureOptions): RunRecord {
  const runner = o.runner ?? 'heuristic';
  const generator = o.generator ?? { name: 'explore', version: '1' };
  const credential = o.credential ?? 'anonymous';
  const started = new Date(o.startedAt);
  const runId = makeRunId(o.slug, started);
  const shape = shapeFor(family);
  const suiteHash = HASH(runId);
  const surplus =
    shape.candidates - shape.rejections.length - shape.deleted - shape.registered - shape.reserve;
  const suite = buildSuiteSummary({
    hash: suiteHash,
    candidates: shape.candidates,
    rejections: shape.rejections,
    deletedByScreen: shape.deleted,
    registered: shape.registered,
    reserve: shape.reserve,
    surplus,
  });
  const screened = o.screened ?? true;
  const screen = {
    enabled: screened,
    version: '1',
    statement: screened
      ? 'Every admitted candidate was put once to the runner with no tools; correct answers were deleted.'
      : 'The screen was disabled for this run.',
    counts: {
      screened: screened ? shape.candidates - shape.rejections.length : 0,
      deleted: shape.deleted,
      errors: 0,
      tokens: 900,
    },
  };
  const extensionProtocol = {
    statement: 'A gate the registered sample cannot resolve buys the next registered batch.',
  };
  const registration: PreRegistration = {
    schema: 'fitness-report.prereg/2',
    tasks: 16,
    minTasks: 8,
    minAdmissionRate: 0.25,
    overGeneration: 2,
    reps: { nulls: 1, construct: 3, drive: 3 },
    extension:
      family === 'extend-exhausted'
        ? { batchTasks: 0, maxExtensions: 0 }
        : { batchTasks: 6, maxExtensions: 2 },
    construct: { threshold: 0.9, alpha: 0.05, detectableRate: 0.8, power: 0.8 },
    nulls: { ratio: 0.5, percentile: 95 },
    compromisedErrorShare: 0.05,
    agentLimits: { maxSteps: 10, maxOutputTokens: 2048, tokenBudgetPerTrial: 60000, trialTimeoutMs: 120000 },
    runner,
    judge: runner,
    generator,
    screen: { enabled: screen.enabled, version: screen.version, statement: screen.statement },
    extensionProtocol,
    credential,
    seed: 7,
    suiteHash,
  };
  const gates = family === 'void' ? gatesFor('scored', shape, o).slice(0, 4) : gatesFor(family, shape, o);
  const outcome = outcomeOf(family, gates);
  const last = gates.at(-1);
  const name = o.hostile ?? `fixture ${o.slug}`;
  const record = {
    schema: 'fitness-report.run/2',
    runId,
    outcome,
    ...(last?.outcome && last.reason ? { refusal: refusalOf(last) } : {}),
    ...(family === 'void'
      ? {
          void: {
            reason: 'target_died',
            detail: o.hostile ?? 'the server process exited with code 1 during the null phases',
            at: new Date(started.getTime() + 30_000).toISOString(),
            completed: {
              stages: ['connect', 'probes', 'generate', 'register', 'prereg'],
              gates: gates.map((g) => g.gate),
              trials: { 'null-no-tools': 7 },
            },
          },
        }
      : {}),
    surface: {
      listed: true,
      revision: '2026-07-28',
      era: 'modern',
      toolCount: 3,
      serverInfo: { name, version: '1.0.0' },
      hasInstructions: true,
      digest: HASH(`${runId}s`),
    },
    probes: o.probes ?? defaultProbes(o.hostile),
    ...(outcome === 'SCORED' ? { score: buildScore(trials(o.firstTry ?? 40), { reps: 3 }) } : {}),
    cost: cost(o.cost, runner),
    notes: {
      own: [{ id: 'run-size', text: o.hostile ?? `This run registered ${shape.registered} tasks.` }],
      standing: [
        {
          id: `${generator.name}-method`,
          text: `Tasks come from the ${generator.name} generator; answer keys are read from the server.`,
        },
        { id: 'gate-rules', text: 'Gates run cheapest first and stop at the first refusal.' },
      ],
    },
    files: [
      { path: 'wire.jsonl', sha256: HASH(`${runId}w`), bytes: 100 },
      { path: 'agent.jsonl', sha256: HASH(`${runId}a`), bytes: 100 },
    ],
    identity: {
      serverSlug: o.slug,
      target: { kind: 'stdio', description: o.hostile ?? `node examples/servers/${o.slug}.js` },
      credential,
      startedAt: started.toISOString(),
      endedAt: new Date(started.getTime() + 60_000).toISOString(),
      producer: { name: 'fitness-report', version: '0.1.0' },
      runner,
      judge: runner,
      suiteHash,
      generator,
      screen,
      extensionProtocol,
    },
    prereg: { path: 'prereg.json', sha256: preregSha256(registration), registration },
    suite,
    gates,
  };
  return RunRecord.parse(record);
}

/** The group a fixture lands in, as the board names it. */
export function fixtureGroup(record: RunRecord): string {
  return `${record.identity.runner} · ${generatorChip(record.identity.generator)}`;
}
