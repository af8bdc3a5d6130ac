import type { PriorDiscovery } from '@modelcontextprotocol/client';
import { planDrift } from '../agents/drift.js';
import type { ToolCallRecord, TrialResult } from '../agents/types.js';
import type { Task } from '../suite/schema.js';
import type { RunContext } from './context.js';
import { openRunSession } from './run-session.js';
import { RunStop } from './stop.js';

/**
 * Principle: a change of the server's data is a statement about the server only if it holds when
 * the server is asked again. A drift one trial saw (src/agents/drift.ts) is replayed once in a fresh
 * server process: every step of the task's plan with the arguments admission bound. Still drifted,
 * the data changed under the run (VOID `state_changed`). Answered as admission read it, what differed
 * was one process's answer, not the data: the trials run several server processes side by side over
 * one target, and a server whose processes disagree then (one that rewrites its store on every call
 * and is read half-written by a process starting beside it) is VOID `answers_differ`, which says so
 * and that one process at a time (`--concurrency 1`) is the way to measure it.
 */
export async function driftStop(
  ctx: RunContext,
  prior: PriorDiscovery | undefined,
  task: Task,
  result: TrialResult & { stateChanged: string },
): Promise<RunStop> {
  const seen = `(${result.corrId}): ${result.stateChanged}`;
  const again = await replayDrift(ctx, prior, task, `${result.corrId}:recheck`);
  if (again === 'not-replayed' || again !== undefined)
    return new RunStop('state_changed', `the server's data changed during the run ${seen}`);
  // Over HTTP one server answers every session; over stdio (and in memory) each is a process of its own.
  const [one, many] = ctx.config.target.kind === 'http' ? ['session', 'sessions'] : ['process', 'processes'];
  return new RunStop(
    'answers_differ',
    `one call was answered differently by two server ${many} ${seen}; a fresh ${one} asked again answered as admission read it. The trials ran up to ${ctx.config.concurrency} server ${many} at once over one target: measure it one at a time with --concurrency 1`,
  );
}

/** The plan replayed in a fresh session: what drifted, undefined when nothing did, or why it could not run. */
async function replayDrift(
  ctx: RunContext,
  prior: PriorDiscovery | undefined,
  task: Task,
  corrId: string,
): Promise<string | undefined | 'not-replayed'> {
  try {
    const session = await openRunSession(ctx, corrId, { prior });
    try {
      const calls: ToolCallRecord[] = [];
      for (const [step, planned] of task.plan.entries()) {
        const args = task.boundArguments[step];
        if (args === undefined) return 'not-replayed';
        const outcome = await session.callTool(planned.tool, args, {
          corrId,
          timeoutMs: ctx.config.callTimeoutMs,
        });
        const answered = outcome.kind === 'result' && !outcome.isError;
        calls.push({
          tool: planned.tool,
          toolCallId: `${corrId}-${step}`,
          arguments: args,
          ...(answered ? { result: outcome.result } : { failure: 'tool_error' as const }),
        });
        if (!answered) return 'not-replayed';
      }
      return planDrift(task, calls);
    } finally {
      await session.close();
    }
  } catch {
    return 'not-replayed';
  }
}
