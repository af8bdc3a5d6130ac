import {
  type ScreenCalls,
  type ScreenDeps,
  type ScreenQueue,
  screenCandidates,
  screenQueue,
} from '../agents/screen.js';
import type { Task } from '../suite/schema.js';
import { applyScreen, type ScreenResult } from '../suite/screen.js';
import { admittedTasks } from '../suite/suite-file.js';
import { checkStop, type RunContext } from './context.js';
import type { Generated, Screened } from './products.js';
import type { Tally } from './tally.js';
import { failOnFatalModelFault } from './trials.js';

function screenDeps(ctx: RunContext): ScreenDeps {
  return {
    model: ctx.runner,
    limits: { ...ctx.config.agentLimits, callTimeoutMs: ctx.config.callTimeoutMs },
    concurrency: ctx.config.concurrency,
    sink: ctx.tapes.agent,
    runSignal: ctx.abort.signal,
    onFault: (fault) => failOnFatalModelFault(ctx, fault),
  };
}

/**
 * The screen beside admission: at a concurrency above 1 (the screen on) each admitted candidate is
 * put to the screen as soon as its verdict is in, while admission goes on with the rest (admission's
 * tool calls and the screen's model calls are each at most `concurrency` in flight): the same
 * candidates are screened, once each, to the same result. At concurrency 1 there is none, and the
 * screen starts when admission ends.
 */
export function screenBeside(ctx: RunContext): ScreenQueue | undefined {
  return ctx.config.screen && ctx.config.concurrency > 1 ? screenQueue(screenDeps(ctx)) : undefined;
}

/** When admission ends the run (a failing server voids it), the screen starts nothing more and waits for the calls already running. */
export async function abandonScreen(queue: ScreenQueue | undefined): Promise<void> {
  if (queue === undefined) return;
  queue.abandon();
  await queue.close().catch(() => undefined);
}

/**
 * The generation-time null screen: admitted candidates the runner answers with no tools are
 * deleted. The candidates were put to `queue` as admission admitted them, when there is one.
 */
export async function screenStage(
  ctx: RunContext,
  generated: Generated,
  queue: ScreenQueue | undefined,
  tally: Tally,
): Promise<Screened> {
  const tasks = admittedTasks(generated.admission);
  const calls = queue === undefined ? await screenCandidates(tasks, screenDeps(ctx)) : await queue.close();
  return { ...generated, screen: screenResult(ctx, tally, tasks, calls) };
}

/** The screen's calls counted and costed, a fault no retry can fix stops the run, then the decision. */
function screenResult(
  ctx: RunContext,
  tally: Tally,
  tasks: readonly Task[],
  calls: ScreenCalls,
): ScreenResult {
  tally.addUsage(calls.usage.map((u) => ({ ...u, role: 'screen' as const })));
  for (const fault of calls.faults) failOnFatalModelFault(ctx, fault);
  checkStop(ctx);
  const screen = applyScreen(tasks, calls.answers);
  tally.addTrials('screen', calls.answers.length);
  const c = screen.counts;
  ctx.progress(`screen: ${c.screened} screened, ${c.deleted} deleted, ${c.errors} error(s)`);
  return screen;
}
