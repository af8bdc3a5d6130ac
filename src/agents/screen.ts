import { mapLimit } from '../core/pool.js';
import type { CallUsage } from '../record/pricing.js';
import type { Task } from '../suite/schema.js';
import type { ScreenAnswer } from '../suite/screen.js';
import { runAgent } from './loop.js';
import { phasePrompt } from './prompts.js';
import type { AgentModel, TrialLimits, TurnSink } from './types.js';

export interface ScreenDeps {
  model: AgentModel;
  limits: TrialLimits;
  concurrency: number;
  sink?: TurnSink;
  runSignal?: AbortSignal;
  /**
   * Told of a call's model fault as soon as that call ends, so the run can stop on one no retry
   * fixes (an unreachable endpoint) before the other candidates wait out the same retries.
   */
  onFault?: (fault: { code: string; message: string }) => void;
}

export interface ScreenCalls {
  answers: ScreenAnswer[];
  /** One row per model call, for the cost block's `screen` role. */
  usage: CallUsage[];
  /** Model faults by code, for the pipeline to stop on faults no retry can fix. */
  faults: { code: string; message: string }[];
}

/** One screen call: the task put to the runner with no tools and no server. */
interface ScreenRun {
  task: Task;
  run: Awaited<ReturnType<typeof runAgent>>;
}

/** State checks do not read an answer, so they are never put to the model. */
const screened = (task: Task): boolean => task.check.kind !== 'state';

async function screenOne(task: Task, deps: ScreenDeps): Promise<ScreenRun> {
  const { system, prompt } = phasePrompt(task, 'screen');
  const timeSignal = AbortSignal.timeout(deps.limits.trialTimeoutMs);
  const run = await runAgent({
    model: deps.model,
    system,
    prompt,
    limits: deps.limits,
    timeSignal,
    ...(deps.runSignal ? { runSignal: deps.runSignal } : {}),
    ...(deps.sink ? { sink: deps.sink } : {}),
    corrId: `${task.id}::screen`,
  });
  if (run.modelError) deps.onFault?.(run.modelError);
  return { task, run };
}

/**
 * The generation-time null screen's model calls (docs/design.md §5.4): each admitted candidate is put once to
 * the runner with no tools and no server, corr id `<candidateId>::screen`, turns on the agent plane.
 * The pure decision (deleted or kept) is src/suite's applyScreen over these answers.
 */
export async function screenCandidates(tasks: readonly Task[], deps: ScreenDeps): Promise<ScreenCalls> {
  const runs = await mapLimit(
    tasks.filter(screened),
    deps.concurrency,
    (task) => screenOne(task, deps),
    deps.runSignal,
  );
  return collect(runs);
}

/** Screens tasks as they are handed over (admission's verdicts as they come), `concurrency` calls at a time. */
export interface ScreenQueue {
  /** Put this task to the model when a call is free (a state check is not screened). */
  add(task: Task): void;
  /** Once every task is added: every call ended, answers in the order the tasks were added. */
  close(): Promise<ScreenCalls>;
  /** Start nothing more; calls already running end on their own or on the run's signal. */
  abandon(): void;
}

export function screenQueue(deps: ScreenDeps): ScreenQueue {
  const waiting: { task: Task; order: number }[] = [];
  const done: (ScreenRun & { order: number })[] = [];
  const state = { added: 0, active: 0, closed: false, stopped: false, failure: undefined as unknown };
  let settle: (() => void) | undefined;
  const pump = (): void => {
    while (!state.stopped && deps.runSignal?.aborted !== true && state.active < deps.concurrency) {
      const next = waiting.shift();
      if (next === undefined) break;
      state.active += 1;
      screenOne(next.task, deps)
        .then((r) => done.push({ ...r, order: next.order }))
        .catch((error: unknown) => {
          state.failure ??= error;
          state.stopped = true;
        })
        .finally(() => {
          state.active -= 1;
          pump();
        });
    }
    const drained = waiting.length === 0 || state.stopped || deps.runSignal?.aborted === true;
    if (state.closed && state.active === 0 && drained) settle?.();
  };
  return {
    add(task) {
      if (state.closed || !screened(task)) return;
      waiting.push({ task, order: state.added++ });
      pump();
    },
    abandon() {
      state.stopped = true;
    },
    async close() {
      state.closed = true;
      await new Promise<void>((resolve) => {
        settle = resolve;
        pump();
      });
      if (state.failure !== undefined) throw state.failure;
      return collect(done.sort((a, b) => a.order - b.order));
    },
  };
}

/** The answers, the usage rows and the model faults of the calls made, in the order given. */
function collect(runs: readonly ScreenRun[]): ScreenCalls {
  const answers: ScreenAnswer[] = [];
  const faults: ScreenCalls['faults'] = [];
  for (const { task, run } of runs) {
    const ok = run.usage.filter((u) => u.status === 'ok');
    const usage =
      ok.length === run.usage.length && ok.length > 0
        ? {
            inputTokens: ok.reduce((a, u) => a + (u.inputTokens ?? 0), 0),
            outputTokens: ok.reduce((a, u) => a + (u.outputTokens ?? 0), 0),
          }
        : undefined;
    if (run.modelError) faults.push(run.modelError);
    const error =
      run.modelError?.message ?? (run.exhausted ? `stopped by the ${run.exhausted} limit` : undefined);
    answers.push({
      id: task.id,
      ...(error === undefined ? { answer: run.text } : { error }),
      ...(usage ? { usage } : {}),
    });
  }
  return { answers, usage: runs.flatMap((r) => r.run.usage), faults };
}
