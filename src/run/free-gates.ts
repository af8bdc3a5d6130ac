import { answerLeakGate, leakScanTasks } from '../gates/answer-leak.js';
import { planPowerGate } from '../gates/plan-power.js';
import { structuralGate } from '../gates/structural.js';
import { suiteSizeGate } from '../gates/suite-size.js';
import { type ExplorationLedger, ledgerFigures } from '../record/exploration.js';
import type { GateRecord } from '../record/gate.js';
import type { ExplorationFigures } from '../record/gate-input.js';
import { givenTexts } from '../suite/given.js';
import { revalidateTasks } from '../suite/revalidate.js';
import { ledgerRejections } from '../suite/suite-file.js';
import type { RunContext } from './context.js';
import type { Registered } from './products.js';

/** The exploration ledger as the structural gate reads it (explore/2 only). */
export function explorationFigures(ledger: ExplorationLedger | undefined): ExplorationFigures | undefined {
  if (ledger === undefined) return undefined;
  return {
    ...ledgerFigures(ledger),
    generatedOnly: [...new Set(ledger.tools.flatMap((t) => t.generatedOnly ?? []))],
  };
}

/**
 * Gates 1–4 (free), cheapest first: structural, answer_leak, suite_size, plan_power, each made when
 * it is asked for (the pipeline decides them in order and stops at the first refusal).
 */
export function freeGates(ctx: RunContext, registered: Registered): (() => GateRecord)[] {
  const { config } = ctx;
  const { suiteFile: suite, registration } = registered;
  const unstable = ledgerRejections(suite.ledger).filter((r) => r.rule === 'key-unstable').length;
  const structural = () => {
    const exploration = explorationFigures(suite.exploration);
    return structuralGate({
      surfaceListed: registered.surface.listed,
      toolCount: registered.surface.toolCount,
      ...(registered.surface.listedTools === undefined
        ? {}
        : { listedTools: registered.surface.listedTools }),
      candidates: suite.counts.candidates,
      rejected: suite.counts.rejected,
      unstable,
      registered: registration.tasks.length,
      invalidTasks: revalidateTasks(suite.tasks, {
        surface: registered.tools,
        safety: registered.safety,
        allowDestructive: config.allowDestructive,
        given: givenTexts(registered.given),
      }),
      minAdmissionRate: config.minAdmissionRate,
      ...(exploration ? { exploration } : {}),
    });
  };
  const leak = () => answerLeakGate(leakScanTasks([...registration.tasks, ...registration.reserve]));
  const size = () => {
    const exploration = explorationFigures(suite.exploration);
    return suiteSizeGate({
      registered: registration.tasks.length,
      deletedByScreen: suite.counts.deleted,
      minTasks: config.minTasks,
      requestedTasks: config.tasks,
      candidates: suite.counts.candidates,
      rejected: suite.counts.rejected,
      unstable,
      ...(exploration ? { exploration } : {}),
    });
  };
  const power = () =>
    planPowerGate({
      construct: config.construct,
      registeredTrials: registration.tasks.length * config.reps.construct,
      trialsPerBatch: registration.extension.batchTasks * config.reps.construct,
      maxExtensions: registration.extension.maxExtensions,
      design: {
        registeredTasks: registration.tasks.length,
        tasksPerBatch: registration.extension.batchTasks,
        runner: ctx.runner.id,
      },
    });
  return [structural, leak, size, power];
}
