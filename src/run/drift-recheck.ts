import type { PriorDiscovery } from '@modelcontextprotocol/client';
import { planDrift } from '../agents/drift.js';
import type { ToolCallRecord, TrialResult } from '../agents/types.js';
import type { Task } from '../suite/schema.js';
import type { RunContext } from './context.js';
import { openRunSession } from './run-session.js';
import { RunStop } from './stop.js';

/**
 * Principle: a change of the server's data is a statement about the server only if it holds when
 * a settled server is asked again. A drift one trial saw (src/agents/drift.ts) is replayed in a fresh
 * server process: every step of the task's plan with the arguments admission bound, and, while that
 * process still answers otherwise, again in the same process until the call timeout has passed since
 * it started. Still drifted, the data changed under the run (VOID `state_changed`). Drifted at first
 * and then answered as admission read it, the process answers otherwise at its start (it answers
 * before it has loaded its data): VOID `answers_differ`, saying so. Answered as admission read it at
 * once, what differed was one process's answer, not the data: the trials run several server
 * processes side by side over one target, and a server whose processes disagree then (one that
 * rewrites its store on every call and is read half-written by a process starting beside it) is
 * VOID `answers_differ`, which says so and that one process at a time (`--concurrency 1`) is the way
 * to measure it.
 */
export async function driftStop(
  ctx: RunContext,
  prior: PriorDiscovery | undefined,
  task: Task,
  result: TrialResult & { stateChanged: string },
): Promise<RunStop> {
  const seen = `(${result.corrId}): ${result.stateChanged}`;
  const again = await replayDrift(ctx, prior, task, `${result.corrId}:recheck`);
  if (again === 'not-replayed' || again.settledAfterMs === undefined)
    return new RunStop('state_changed', `the server's data changed during the run ${seen}`);
  // Over HTTP one server answers every session; over stdio (and in memory) each is a process of its own.
  const [one, many] = ctx.config.target.kind === 'http' ? ['session', 'sessions'] : ['process', 'processes'];
  if (again.settledAfterMs > 0)
    return new RunStop(
      'answers_differ',
      `a fresh server ${one} answered otherwise at its start ${seen}; the same ${one}, asked again ${again.settledAfterMs} ms after it opened, answered as admission read it: the server answers before it has loaded its data, so an agent's first calls in a new ${one} read what it has not loaded`,
    );
  return new RunStop(
    'answers_differ',
    `one call was answered differently by two server ${many} ${seen}; a fresh ${one} asked again answered as admission read it. The trials ran up to ${ctx.config.concurrency} server ${many} at once over one target: measure it one at a time with --concurrency 1`,
  );
}

/** How long to wait between two askings of a process that still answers otherwise. */
const SETTLE_POLL_MS = 250;

/**
 * The plan replayed in a fresh session, and again in it while it drifts: `settledAfterMs` is when
 * (since the session opened) it answered as admission read it, 0 at the first asking, absent when it
 * never did before the call timeout; or why it could not run.
 */
async function replayDrift(
  ctx: RunContext,
  prior: PriorDiscovery | undefined,
  task: Task,
  corrId: string,
): Promise<{ settledAfterMs?: number } | 'not-replayed'> {
  try {
    const opened = Date.now();
    const session = await openRunSession(ctx, corrId, { prior });
    try {
      for (let asked = 0; ; asked += 1) {
        const drift = await replayOnce(ctx, session, task, corrId);
        // A plan admission bound no arguments for cannot be replayed; a step that fails is a process
        // still answering otherwise (one loading its data may not know the record yet).
        if (drift === 'unbound') return 'not-replayed';
        if (drift === undefined) return { settledAfterMs: asked === 0 ? 0 : Date.now() - opened };
        if (Date.now() - opened + SETTLE_POLL_MS >= ctx.config.callTimeoutMs) return {};
        await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
      }
    } finally {
      await session.close();
    }
  } catch {
    return 'not-replayed';
  }
}

type RunSession = Awaited<ReturnType<typeof openRunSession>>;

/**
 * Every step of the plan once, in `session`: what drifted, undefined when nothing did, `failed` when
 * a step was refused, `unbound` when admission bound no arguments for a step.
 */
async function replayOnce(
  ctx: RunContext,
  session: RunSession,
  task: Task,
  corrId: string,
): Promise<string | undefined | 'failed' | 'unbound'> {
  const calls: ToolCallRecord[] = [];
  for (const [step, planned] of task.plan.entries()) {
    const args = task.boundArguments[step];
    if (args === undefined) return 'unbound';
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
    if (!answered) return 'failed';
  }
  return planDrift(task, calls);
}
