import { answerLeakGate, type LeakScanTask } from '../../../src/gates/answer-leak.js';
import { constructGate } from '../../../src/gates/construct.js';
import { nullBaselineGate } from '../../../src/gates/null-baseline.js';
import { planPowerGate, type RateParams } from '../../../src/gates/plan-power.js';
import { structuralGate } from '../../../src/gates/structural.js';
import { suiteSizeGate } from '../../../src/gates/suite-size.js';
import type { ExtensionPolicy } from '../../../src/record/extension.js';
import type { PlanPowerGate, StructuralGate, SuiteSizeGate } from '../../../src/record/gate.js';
import type { AnswerLeakGate, ConstructGate, NullBaselineGate } from '../../../src/record/index.js';
import type { NullPhase } from '../../../src/tape/phases.js';

/**
 * Gate records for synthetic runs (tests and the bench), made by the pipeline's own gate functions
 * from counts a real run could observe: the fixtures hold inputs, never a copy of a decision.
 */

export const CONSTRUCT: RateParams = { threshold: 0.9, alpha: 0.05, detectableRate: 0.8, power: 0.8 };
const REPS = 3;
const POLICY = { batchTasks: 6, maxExtensions: 2 } as const;

/** The exact power computations are slow; synthetic fleets of a thousand runs reuse them. */
const memo = new Map<string, unknown>();
function remember<T>(key: string, fn: () => T): T {
  if (!memo.has(key)) memo.set(key, fn());
  return memo.get(key) as T;
}

export function structural(o: {
  candidates: number;
  rejected: number;
  registered: number;
  floor?: number;
  tools?: number;
}): StructuralGate {
  return structuralGate({
    surfaceListed: true,
    toolCount: o.tools ?? 3,
    candidates: o.candidates,
    rejected: o.rejected,
    registered: o.registered,
    invalidTasks: [],
    minAdmissionRate: o.floor ?? 0.25,
  });
}

/** `scanned` tasks whose keys are `answer i`; `leaking` puts its phrase in task t3's prompt. */
export function answerLeak(leaking?: string, scanned = 16): AnswerLeakGate {
  const tasks: LeakScanTask[] = Array.from({ length: scanned }, (_, i) => ({
    taskId: `t${i + 1}`,
    prompt: `Find the entry the server lists as number ${i + 1} and give its title.`,
    answerKey: `answer ${i + 1}`,
  }));
  if (leaking !== undefined && tasks[2]) {
    tasks[2] = { ...tasks[2], prompt: `Which book is "${leaking}"? Give its title.`, answerKey: leaking };
  }
  return answerLeakGate(tasks);
}

export function suiteSize(o: { registered: number; deleted?: number; minTasks?: number }): SuiteSizeGate {
  return suiteSizeGate({
    registered: o.registered,
    deletedByScreen: o.deleted ?? 0,
    minTasks: o.minTasks ?? 8,
  });
}

/** Registered construct trials at 3 reps, against the registered two batches of 6, planned for `runner`. */
export function planPower(registeredTrials: number, runner = 'heuristic'): PlanPowerGate {
  return remember(`plan:${registeredTrials}:${runner}`, () =>
    planPowerGate({
      construct: CONSTRUCT,
      registeredTrials,
      trialsPerBatch: POLICY.batchTasks * REPS,
      maxExtensions: POLICY.maxExtensions,
      design: { registeredTasks: registeredTrials / REPS, tasksPerBatch: POLICY.batchTasks, runner },
    }),
  );
}

export type NullCounts = Partial<Record<NullPhase, { k: number; n: number }>>;

/** `signal` is the k/n behind S for the reference and first-try readings (the ceiling is S = 1). */
export function nullBaseline(
  source: 'ceiling' | 'reference' | 'first_try',
  phases: NullCounts,
  signal?: { k: number; n: number },
): NullBaselineGate {
  return nullBaselineGate({
    phases,
    signal: source === 'ceiling' ? { source } : { source, ...(signal ? { counts: signal } : {}) },
    ratio: 0.5,
    percentile: 95,
  });
}

export interface Pool {
  k: number;
  n: number;
  errors?: number;
}

export interface ConstructInput {
  /** The reference agent's pool over the 16 registered tasks (3 reps: k + n-k + errors = 48). */
  registered: Pool;
  /** The pool after each bought batch, in order. */
  batches?: readonly Pool[];
  policy?: ExtensionPolicy;
  wire?: ConstructGate['wire'];
}

const full = (p: Pool) => ({ k: p.k, n: p.n, errors: p.errors ?? 0 });
const trials = (p: Pool) => p.n + (p.errors ?? 0);

export function construct(o: ConstructInput): ConstructGate {
  const key = JSON.stringify(o);
  return remember(`construct:${key}`, () => {
    let before = trials(o.registered);
    return constructGate({
      params: CONSTRUCT,
      compromisedErrorShare: 0.05,
      policy: o.policy ?? POLICY,
      reps: REPS,
      registered: { tasks: trials(o.registered) / REPS, pool: full(o.registered) },
      batches: (o.batches ?? []).map((pool) => {
        const tasksAdded = (trials(pool) - before) / REPS;
        before = trials(pool);
        return { tasksAdded, pool: full(pool) };
      }),
      ...(o.wire ? { wire: o.wire } : {}),
    });
  });
}
