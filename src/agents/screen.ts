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
}

export interface ScreenCalls {
  answers: ScreenAnswer[];
  /** One row per model call, for the cost block's `screen` role. */
  usage: CallUsage[];
  /** Model faults by code, for the pipeline to stop on faults no retry can fix. */
  faults: { code: string; message: string }[];
}

/**
 * The generation-time null screen's model calls (DESIGN 5.4): each admitted candidate is put once to
 * the runner with no tools and no server, corr id `<candidateId>::screen`, turns on the agent plane.
 * The pure decision (deleted or kept) is src/suite's applyScreen over these answers.
 */
export async function screenCandidates(tasks: readonly Task[], deps: ScreenDeps): Promise<ScreenCalls> {
  const asked = tasks.filter((t) => t.check.kind !== 'state');
  const runs = await mapLimit(
    asked,
    deps.concurrency,
    async (task) => {
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
      return { task, run };
    },
    deps.runSignal,
  );
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
