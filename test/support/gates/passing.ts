// Passing gate records built by the real gate functions at the registered defaults, for tests that
// need a ladder up to some decision point. Nothing here is read by the pipeline.

import { answerLeakGate } from '../../../src/gates/answer-leak.js';
import { constructGate } from '../../../src/gates/construct.js';
import { nullBaselineGate, type Signal } from '../../../src/gates/null-baseline.js';
import { planPowerGate } from '../../../src/gates/plan-power.js';
import { structuralGate } from '../../../src/gates/structural.js';
import { suiteSizeGate } from '../../../src/gates/suite-size.js';
import type { GateRecord } from '../../../src/record/gate.js';
import { PREREG_DEFAULTS } from '../../../src/record/prereg.js';

export const D = PREREG_DEFAULTS;

export const passStructural = () =>
  structuralGate({
    surfaceListed: true,
    toolCount: 9,
    candidates: 60,
    rejected: 20,
    registered: 16,
    invalidTasks: [],
    minAdmissionRate: D.minAdmissionRate,
  });

export const passAnswerLeak = () =>
  answerLeakGate([
    { taskId: 't1', prompt: 'Find the title of the newest note in the Inbox.', answerKey: 'Quarterly plan' },
  ]);

export const passSuiteSize = () =>
  suiteSizeGate({ registered: 16, deletedByScreen: 0, minTasks: D.minTasks });

export const passPlanPower = () =>
  planPowerGate({
    construct: D.construct,
    registeredTrials: 48,
    trialsPerBatch: D.extension.batchTasks * D.reps.construct,
    maxExtensions: D.extension.maxExtensions,
    design: { registeredTasks: 16, tasksPerBatch: D.extension.batchTasks, runner: 'heuristic' },
  });

export const lowNulls = {
  'null-no-tools': { k: 0, n: 16 },
  'null-stubbed-empty': { k: 1, n: 16 },
  'null-random-args': { k: 2, n: 16 },
};

export const passNull = (signal: Signal) =>
  nullBaselineGate({ phases: lowNulls, signal, ratio: D.nulls.ratio, percentile: D.nulls.percentile });

export const passConstruct = () =>
  constructGate({
    params: D.construct,
    compromisedErrorShare: D.compromisedErrorShare,
    policy: D.extension,
    reps: D.reps.construct,
    registered: { tasks: 16, pool: { k: 48, n: 48, errors: 0 } },
    batches: [],
  });

/** Every decision point passing, in order: the ladder of a SCORED run. */
export function passingLadder(): GateRecord[] {
  return [
    passStructural(),
    passAnswerLeak(),
    passSuiteSize(),
    passPlanPower(),
    passNull({ source: 'ceiling' }),
    passConstruct(),
    passNull({ source: 'reference', counts: { k: 48, n: 48 } }),
    passNull({ source: 'first_try', counts: { k: 40, n: 48 } }),
  ];
}
