import { EventKind } from '../tape/schema.js';
import { PRODUCER, VERSION } from '../version.js';
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
    (session) => heard(session, options.connectTimeoutMs ?? HEARD_TIMEOUT_MS),
  );
}

/**
 * Settles once the server has answered on `session`: at once when a frame crossed already (a
 * handshake), else after one request it answers whatever it holds: `server/discover` in the modern
 * era (a session opened on a cached verdict exchanges nothing until its first request), `ping`
 * before it. Any answer counts, an error too; no answer in `timeoutMs`, or a process that ended,
 * settles it as well: the session's own calls meet that fault. Never throws.
 */
async function heard(session: McpSession, timeoutMs: number): Promise<void> {
  if (session.answered) return;
  if (session.era !== 'modern') {
    await session.client.ping({ timeout: timeoutMs }).catch(() => undefined);
    return;
  }
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': session.protocolVersion,
    'io.modelcontextprotocol/clientInfo': { name: PRODUCER, version: VERSION },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  await session
    .rawFrame({ method: 'server/discover', params: { _meta } }, { timeoutMs })
    .catch(() => undefined);
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
