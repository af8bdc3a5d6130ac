import type {
  AnswerLeakGate,
  ConstructGate,
  NullBaselineGate,
  NullPhase,
  PlanPowerGate,
  StructuralGate,
  SuiteSizeGate,
} from '../../../src/record/index.js';
import {
  achievedPower,
  binomCdf,
  percentileNearestRank,
  planSampleSize,
  wilson,
} from '../../../src/stats/index.js';

/**
 * Gate records for synthetic runs (tests and the bench). These play the part of the pipeline:
 * they produce the stored numbers a real run would store, with src/stats. The board never calls
 * anything in this folder.
 */

/** The exact power computations are slow; synthetic fleets of a thousand runs reuse them. */
const memo = new Map<string, number>();
function remember(key: string, fn: () => number): number {
  let v = memo.get(key);
  if (v === undefined) {
    v = fn();
    memo.set(key, v);
  }
  return v;
}

export const T = 0.9;
export const ALPHA = 0.05;
export const DETECTABLE = 0.8;
export const POWER = 0.8;

export function structural(o: {
  candidates: number;
  rejected: number;
  registered: number;
  floor?: number;
  tools?: number;
}): StructuralGate {
  const admissionRate = o.candidates === 0 ? undefined : (o.candidates - o.rejected) / o.candidates;
  const floor = o.floor ?? 0.25;
  const below = admissionRate !== undefined && admissionRate < floor;
  return {
    gate: 'structural',
    tier: 'free',
    verdict: below ? 'FAIL' : 'PASS',
    ...(below
      ? { reason: 'admission_rate_below_floor' as const, outcome: 'INSUFFICIENT_SURFACE' as const }
      : {}),
    surfaceListed: true,
    toolCount: o.tools ?? 3,
    candidates: o.candidates,
    admitted: o.candidates - o.rejected,
    ...(admissionRate === undefined ? {} : { admissionRate }),
    minAdmissionRate: floor,
    registered: o.registered,
    invalidTasks: [],
    explain: below
      ? `admission rate ${admissionRate?.toFixed(3)} is below the floor ${floor}`
      : 'the surface was listed and every registered task re-validated',
  };
}

export function answerLeak(leaks: AnswerLeakGate['leaks'] = [], scanned = 16): AnswerLeakGate {
  const fail = leaks.length > 0;
  return {
    gate: 'answer_leak',
    tier: 'free',
    verdict: fail ? 'FAIL' : 'PASS',
    ...(fail ? { reason: 'answer_in_prompt' as const, outcome: 'GATE_FAILED' as const } : {}),
    scanned,
    leaks,
    explain: fail
      ? `${leaks.length} registered task(s) carry their answer`
      : `no answer found in ${scanned} tasks`,
  };
}

export function suiteSize(o: { registered: number; deleted?: number; minTasks?: number }): SuiteSizeGate {
  const minTasks = o.minTasks ?? 8;
  const deleted = o.deleted ?? 0;
  const short = o.registered < minTasks;
  const byScreen = short && deleted > 0 && o.registered + deleted >= minTasks;
  return {
    gate: 'suite_size',
    tier: 'free',
    verdict: short ? 'FAIL' : 'PASS',
    ...(short
      ? byScreen
        ? { reason: 'all_candidates_null_answerable' as const, outcome: 'DEGENERATE' as const }
        : { reason: 'below_minimum_suite_size' as const, outcome: 'INSUFFICIENT_SURFACE' as const }
      : {}),
    registered: o.registered,
    minTasks,
    deletedByScreen: deleted,
    explain: short
      ? `${o.registered} registered tasks, below the minimum ${minTasks}`
      : `${o.registered} tasks`,
  };
}

export function planPower(registeredTrials: number, maxTrials: number): PlanPowerGate {
  const plan = {
    n: remember(
      'plan',
      () => planSampleSize({ threshold: T, alpha: ALPHA, detectableRate: DETECTABLE, power: POWER }).n,
    ),
  };
  const power = (n: number) =>
    n === 0
      ? 0
      : remember(`power:${n}`, () =>
          achievedPower({ n, threshold: T, alpha: ALPHA, detectableRate: DETECTABLE }),
        );
  const perfect = (n: number) => n > 0 && wilson(n, n).lower >= T;
  return {
    gate: 'plan_power',
    tier: 'free',
    verdict: 'PASS',
    threshold: T,
    alpha: ALPHA,
    detectableRate: DETECTABLE,
    plannedPower: POWER,
    requiredN: plan.n,
    registeredTrials,
    achievedPower: power(registeredTrials),
    maxTrials,
    achievedPowerAtMax: power(maxTrials),
    perfectPassAtRegistered: perfect(registeredTrials),
    perfectPassAtMax: perfect(maxTrials),
    explain: `${registeredTrials} registered trials; ${plan.n} reach the planned power`,
  };
}

export type NullCounts = Partial<Record<NullPhase, { k: number; n: number }>>;

export function nullBaseline(
  source: 'ceiling' | 'reference' | 'first_try',
  phases: NullCounts,
  signal: number | undefined,
): NullBaselineGate {
  const nullRates: NullBaselineGate['nullRates'] = {};
  for (const [phase, c] of Object.entries(phases) as [NullPhase, { k: number; n: number }][]) {
    nullRates[phase] = { k: c.k, n: c.n, rate: c.k / c.n };
  }
  const rates = Object.values(nullRates).map((r) => r.rate);
  const tNull = rates.length === 3 ? percentileNearestRank(rates, 95) : undefined;
  const cutoff = signal === undefined ? undefined : 0.5 * signal;
  const base = {
    gate: 'null_baseline' as const,
    tier: 'cheap' as const,
    signalSource: source,
    ratio: 0.5,
    percentile: 95,
    nullRates,
    ...(signal === undefined ? {} : { signal }),
    ...(tNull === undefined ? {} : { tNull }),
    ...(cutoff === undefined ? {} : { cutoff }),
  };
  if (tNull === undefined || signal === undefined) {
    return {
      ...base,
      verdict: 'INDETERMINATE',
      reason: 'no_measurements',
      outcome: 'INDETERMINATE',
      explain: 'a null phase or the signal was not measured',
    };
  }
  if (signal === 0) {
    return {
      ...base,
      verdict: 'INDETERMINATE',
      reason: 'degenerate_no_signal',
      outcome: 'INDETERMINATE',
      explain: 'S = 0',
    };
  }
  if (cutoff !== undefined && tNull >= cutoff) {
    return {
      ...base,
      verdict: 'KILL',
      reason: 'noise_exceeds_signal',
      outcome: 'DEGENERATE',
      explain: `T_null ${tNull.toFixed(3)} reaches ${cutoff.toFixed(3)}`,
    };
  }
  return {
    ...base,
    verdict: 'PROCEED',
    explain: `T_null ${tNull.toFixed(3)} stays below ${cutoff?.toFixed(3)}`,
  };
}

export interface ConstructInput {
  k: number;
  n: number;
  errors?: number;
  policy?: ConstructGate['extension']['policy'];
  ledger?: ConstructGate['extension']['ledger'];
  wire?: ConstructGate['wire'];
  /** Force the recorded outcome (the pipeline's decision) when the fixture needs a specific one. */
  decided?: Pick<ConstructGate, 'verdict' | 'reason' | 'outcome'>;
}

export function construct(o: ConstructInput): ConstructGate {
  const errors = o.errors ?? 0;
  const errorShare = o.n + errors === 0 ? 0 : errors / (o.n + errors);
  const stats =
    o.n === 0
      ? {}
      : {
          rate: o.k / o.n,
          pValue: binomCdf(o.k, o.n, T),
          wilson: { ...wilson(o.k, o.n) },
          achievedPower: remember(`power:${o.n}`, () =>
            achievedPower({ n: o.n, threshold: T, alpha: ALPHA, detectableRate: DETECTABLE }),
          ),
          rawVerdict:
            o.k / o.n >= T
              ? ('PASS' as const)
              : binomCdf(o.k, o.n, T) < ALPHA
                ? ('FAIL' as const)
                : ('EXTEND' as const),
          downgraded: false,
        };
  const policy = o.policy ?? { batchTasks: 6, maxExtensions: 2 };
  const recorded = !('recorded' in policy);
  const ledger =
    o.ledger ??
    (recorded
      ? {
          registered: {
            tasks: Math.ceil((o.n + errors) / 3),
            trials: o.n + errors,
            pool: { k: o.k, n: o.n, errors },
            verdict: o.decided?.verdict ?? 'PASS',
          },
          batches: [],
        }
      : undefined);
  return {
    gate: 'construct',
    tier: 'paid',
    verdict: o.decided?.verdict ?? 'PASS',
    ...(o.decided?.reason ? { reason: o.decided.reason } : {}),
    ...(o.decided?.outcome ? { outcome: o.decided.outcome } : {}),
    k: o.k,
    n: o.n,
    errors,
    errorShare,
    compromisedErrorShare: 0.05,
    threshold: T,
    alpha: ALPHA,
    detectableRate: DETECTABLE,
    plannedPower: POWER,
    requiredN: 78,
    ...stats,
    ...(o.wire ? { wire: o.wire } : {}),
    extension: { policy, ...(ledger ? { ledger } : {}) },
    explain: `reference agent ${o.k}/${o.n} with ${errors} oracle errors against ${T}`,
  };
}
