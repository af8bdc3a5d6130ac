import { EventKind } from '../tape/schema.js';
import { McpSession } from './mcp-session.js';
import type { SessionOptions } from './session-types.js';
import { parseTarget, type Target, type TargetInput } from './target.js';

/**
 * Opens one MCP session on a target (a fresh process for stdio) over the v2 SDK client in `auto`
 * version negotiation, recording every frame on `options.tape`. Faults are one-line `FitnessError`s
 * naming the target; a failed open leaves no process, socket or timer behind.
 */
export function openSession(input: Target | TargetInput, options: SessionOptions = {}): Promise<McpSession> {
  const target = parseTarget(input);
  const lane = target.kind === 'stdio' ? options.lane : undefined;
  if (lane === undefined) return openNow(target, options);
  // The lane is held from the spawn until the server has answered on the session (or could not).
  return lane.run(
    () => openNow(target, options),
    (session) => session.heard(options.connectTimeoutMs ?? HEARD_TIMEOUT_MS),
  );
}

/** How long a queued start waits for a server that has not answered yet before the next starts. */
const HEARD_TIMEOUT_MS = 30_000;

async function openNow(target: Target, options: SessionOptions): Promise<McpSession> {
  const session = new McpSession(target, options);
  try {
    await session.connect();
  } catch (err) {
    // Some stdio servers exit on any request before `initialize`, so the in-place era probe killed
    // this one. That is a legacy verdict: a fresh process gets the plain handshake.
    if (!session.diedDuringProbe || options.prior !== undefined) throw err;
    session.event(EventKind.connect, {
      phase: 'retry',
      reason: 'the server exited on the server/discover probe',
    });
    const retry = new McpSession(target, { ...options, prior: { kind: 'legacy' } });
    await retry.connect();
    return retry;
  }
  return session;
}
