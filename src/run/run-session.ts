import type { PriorDiscovery } from '@modelcontextprotocol/client';
import { callContext } from '../connect/context.js';
import { type McpSession, openSession } from '../connect/session.js';
import type { SessionOptions } from '../connect/session-types.js';
import { type RunContext, startLane } from './context.js';

/** What differs between the run's sessions; everything else comes from the run's context. */
export interface RunSessionOptions {
  /** The era verdict of an earlier session: skips the `server/discover` probe. */
  prior?: PriorDiscovery | undefined;
  /** One deadline for the handshake and each request, in place of the run's two settings. */
  deadlineMs?: number;
  /** Aborting it ends a handshake still in progress. */
  signal?: AbortSignal;
  /** Stdio: a server process started ahead (see `ServerPool`). */
  prestarted?: SessionOptions['prestarted'];
}

/**
 * Every session a run opens: on the wire tape, under `corrId` (its handshake's frames carry it),
 * with the run's deadlines and its start lane.
 */
export function openRunSession(
  ctx: RunContext,
  corrId: string,
  options: RunSessionOptions = {},
): Promise<McpSession> {
  const { prior, deadlineMs, signal, prestarted } = options;
  return callContext.run({ corrId }, () =>
    openSession(ctx.config.target, {
      tape: ctx.tapes.wire,
      ...(prior ? { prior } : {}),
      connectTimeoutMs: deadlineMs ?? ctx.config.connectTimeoutMs,
      requestTimeoutMs: deadlineMs ?? ctx.config.callTimeoutMs,
      ...(signal ? { signal } : {}),
      ...(prestarted ? { prestarted } : {}),
      ...startLane(ctx),
    }),
  );
}

/** The main session (connect, admission's second process, a reconnect): ended by the run's abort. */
export function openMainSession(ctx: RunContext, corrId: string): Promise<McpSession> {
  return openRunSession(ctx, corrId, { signal: ctx.abort.signal });
}
