import { answerLeakGate } from '../gates/answer-leak.js';
import { planPowerGate } from '../gates/plan-power.js';
import { structuralGate } from '../gates/structural.js';
import { suiteSizeGate } from '../gates/suite-size.js';
import type { GateRecord } from '../record/gate.js';
import { permissiveProblem, staticCheckProblem } from '../suite/checks.js';
import { Task } from '../suite/schema.js';
import type { RunState } from './state.js';

/** Re-validates registered tasks from their rendered (published) content, not the in-memory objects. */
export function invalidTasks(
  tasks: readonly unknown[],
  toolNames: ReadonlySet<string>,
): { taskId: string; detail: string }[] {
  const out: { taskId: string; detail: string }[] = [];
  for (const raw of tasks) {
    const parsed = Task.safeParse(JSON.parse(JSON.stringify(raw)));
    const id = raw !== null && typeof raw === 'object' && 'id' in raw ? String(raw.id) : '(unknown)';
    if (!parsed.success) {
      out.push({ taskId: id, detail: parsed.error.issues[0]?.message ?? 'invalid task' });
      continue;
    }
    const task = parsed.data;
    const unknown = [...task.expectedTools, ...task.plan.map((s) => s.tool)].find((t) => !toolNames.has(t));
    const problem =
      (task.prompt.trim() === '' ? 'empty prompt' : undefined) ??
      (unknown === undefined ? undefined : `unknown tool ${unknown}`) ??
      staticCheckProblem(task.check) ??
      permissiveProblem(task.check);
    if (problem !== undefined) out.push({ taskId: task.id, detail: problem });
  }
  return out;
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
  const names = new Set((state.tools?.tools ?? []).map((t) => t.name));
  const structural = structuralGate({
    surfaceListed: state.surface?.listed ?? false,
    toolCount: state.surface?.toolCount ?? 0,
    candidates: suite.counts.candidates,
    rejected: suite.counts.rejected,
    registered: registration.tasks.length,
    invalidTasks: invalidTasks(suite.tasks, names),
    minAdmissionRate: config.minAdmissionRate,
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
