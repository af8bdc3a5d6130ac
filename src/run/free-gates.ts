import { answerLeakGate } from '../gates/answer-leak.js';
import { planPowerGate } from '../gates/plan-power.js';
import { type ExplorationFigures, structuralGate } from '../gates/structural.js';
import { suiteSizeGate } from '../gates/suite-size.js';
import type { ExplorationLedger } from '../record/exploration.js';
import type { GateRecord } from '../record/gate.js';
import { givenTexts } from '../suite/given.js';
import { revalidateTasks } from '../suite/revalidate.js';
import type { RunState } from './state.js';

/** The exploration ledger as the structural gate reads it (explore/2 only). */
export function explorationFigures(ledger: ExplorationLedger | undefined): ExplorationFigures | undefined {
  if (ledger === undefined) return undefined;
  const explorable = ledger.tools.filter((t) => t.explorable);
  return {
    tools: ledger.tools.length,
    explorable: explorable.length,
    toolsCalled: explorable.filter((t) => t.calls > 0).length,
    calls: ledger.calls,
    errors: ledger.tools.reduce((a, t) => a + t.errors, 0),
    usable: ledger.tools.reduce((a, t) => a + t.calls - t.errors - t.discarded, 0),
    generatedOnly: [...new Set(ledger.tools.flatMap((t) => t.generatedOnly ?? []))],
  };
}

/** Decide a gate, record it, and say whether the run goes on. */
export function decide(state: RunState, record: GateRecord): boolean {
  state.gates.push(record);
  const tag = record.gate === 'null_baseline' ? `null_baseline (${record.signalSource})` : record.gate;
  state.progress(
    `gate ${tag}: ${record.verdict}${record.outcome ? ` → ${record.outcome} (${record.reason})` : ''}`,
  );
  return record.outcome === undefined;
}

/** Gates 1–4 (free): structural, answer_leak, suite_size, plan_power. False when one refused. */
export function freeGates(state: RunState): boolean {
  const { config } = state;
  const suite = state.suiteFile;
  const registration = state.registration;
  if (suite === undefined || registration === undefined) return false;
  const exploration = explorationFigures(suite.exploration);
  const structural = structuralGate({
    surfaceListed: state.surface?.listed ?? false,
    toolCount: state.surface?.toolCount ?? 0,
    candidates: suite.counts.candidates,
    rejected: suite.counts.rejected,
    registered: registration.tasks.length,
    invalidTasks: revalidateTasks(suite.tasks, {
      surface: state.tools ?? { tools: [] },
      safety: state.safety ?? [],
      allowDestructive: config.allowDestructive,
      given: givenTexts(state.given ?? []),
    }),
    minAdmissionRate: config.minAdmissionRate,
    ...(exploration ? { exploration } : {}),
  });
  if (!decide(state, structural)) return false;
  const leak = answerLeakGate(
    [...registration.tasks, ...registration.reserve].map((t) => ({
      taskId: t.id,
      prompt: t.prompt,
      answerKey: t.answerKey,
      boundArguments: t.boundArguments,
    })),
  );
  if (!decide(state, leak)) return false;
  const size = suiteSizeGate({
    registered: registration.tasks.length,
    deletedByScreen: suite.counts.deleted,
    minTasks: config.minTasks,
  });
  if (!decide(state, size)) return false;
  return decide(
    state,
    planPowerGate({
      construct: config.construct,
      registeredTrials: registration.tasks.length * config.reps.construct,
      trialsPerBatch: registration.extension.batchTasks * config.reps.construct,
      maxExtensions: registration.extension.maxExtensions,
    }),
  );
}
