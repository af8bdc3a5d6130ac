import { FitnessError } from '../cli/errors.js';
import { callContext } from '../connect/context.js';
import { type McpSession, openSession } from '../connect/session.js';
import { summarize } from '../probes/report.js';
import { probeTarget } from '../probes/target.js';
import { canonicalDigest } from '../record/canonical.js';
import { surfaceSafety } from '../suite/destructive.js';
import { MAX_SCHEMA_CHARS } from '../suite/json-schema.js';
import { surfaceDigest } from '../suite/register.js';
import { parseSurface } from '../suite/surface.js';
import { checkStop, completed, type RunState, RunStop } from './state.js';

/** Connect the main session (era verdict reused by every trial session), then list the surface. */
export async function connectStage(state: RunState): Promise<void> {
  try {
    state.session = await openMainSession(state, 'connect');
  } catch (err) {
    checkStop(state);
    throw new RunStop(connectVoidReason(err), `could not connect to the target: ${(err as Error).message}`);
  }
  state.prior = state.session.prior;
  completed(state, 'connect');
}

/** The main session, on the wire tape, with the run's call deadline and abort signal. */
export function openMainSession(state: RunState, corrId: string): Promise<McpSession> {
  return callContext.run({ corrId }, () =>
    openSession(state.config.target, {
      tape: state.tapes.wire,
      requestTimeoutMs: state.config.callTimeoutMs,
      signal: state.abort.signal,
    }),
  );
}

/** A refused frame is a transport error and a handshake that never answered a timeout; anything else, the target died. */
function connectVoidReason(err: unknown): 'target_died' | 'timeout' | 'transport_error' {
  const code = err instanceof FitnessError ? err.code : '';
  if (code === 'FRAME_TOO_LARGE' || code === 'FRAME_TOO_DEEP' || code === 'STDOUT_NOT_JSONRPC')
    return 'transport_error';
  if (code === 'CONNECT_TIMEOUT') return 'timeout';
  return 'target_died';
}

/** Zero-token protocol probes: every one is recorded, none stops the run. */
export async function probeStage(state: RunState): Promise<void> {
  const session = state.session;
  state.probes = await probeTarget(state.config.target, state.tapes.wire, {
    ...(session ? { session: { protocolVersion: session.protocolVersion, era: session.era } } : {}),
  });
  const s = summarize(state.probes);
  state.progress(
    `probes: ${s.passed} of ${s.checked} checks passed, ${s.couldNotCheck} could not be checked`,
  );
  completed(state, 'probes');
}

/** Tools whose input or output schema is too large to compile are left out before anything compiles them. */
function boundSchemas(raw: unknown[]): { kept: unknown[]; oversized: string[] } {
  const kept: unknown[] = [];
  const oversized: string[] = [];
  for (const tool of raw) {
    const t = tool !== null && typeof tool === 'object' ? (tool as Record<string, unknown>) : {};
    const size = (v: unknown) => (v === undefined ? 0 : (JSON.stringify(v)?.length ?? 0));
    if (Math.max(size(t.inputSchema), size(t.outputSchema)) > MAX_SCHEMA_CHARS)
      oversized.push(typeof t.name === 'string' ? JSON.stringify(t.name.slice(0, 64)) : '(unnamed)');
    else kept.push(tool);
  }
  return { kept, oversized };
}

/** tools/list (all pages, from the wire), validated tool by tool; the safety signal from annotations. */
export async function surfaceStage(state: RunState): Promise<void> {
  const session = state.session;
  if (session === undefined) throw new RunStop('crashed', 'no session to list tools on');
  let listed = false;
  let raw: unknown[] = [];
  try {
    raw = (await session.listTools({ corrId: 'surface' })).tools;
    listed = true;
  } catch (err) {
    checkStop(state);
    // A session the server broke (a refused frame, an exited process) is not an empty surface.
    const fault = session.fault;
    if (fault !== undefined)
      throw new RunStop(
        fault.kind === 'frame' ? 'transport_error' : 'target_died',
        `${fault.detail} during tools/list`,
      );
    state.ownNotes.push({ id: 'surface-list-failed', text: `tools/list failed: ${(err as Error).message}` });
  }
  const bounded = boundSchemas(raw);
  if (bounded.oversized.length > 0) {
    state.ownNotes.push({
      id: 'surface-oversized-schemas',
      text: `${bounded.oversized.length} listed tool(s) were left out because a schema was too large to compile (over ${MAX_SCHEMA_CHARS} characters): ${bounded.oversized.join(', ')}`,
    });
  }
  const { surface, dropped } = parseSurface({ tools: bounded.kept, instructions: session.instructions });
  if (dropped.length > 0) {
    state.ownNotes.push({
      id: 'surface-dropped-tools',
      text: `${dropped.length} listed tool(s) were malformed and left out: ${dropped.map((d) => d.reason).join('; ')}`,
    });
  }
  state.tools = surface;
  state.safety = surfaceSafety(surface);
  const info = session.serverInfo;
  state.surface = {
    listed,
    ...(session.protocolVersion ? { revision: session.protocolVersion } : {}),
    ...(session.era ? { era: session.era } : {}),
    toolCount: surface.tools.length,
    ...(info ? { serverInfo: { name: info.name, version: info.version } } : {}),
    hasInstructions: surface.instructions !== undefined,
    digest: surfaceDigest(surface),
    tools: surface.tools.map((tool) => ({
      name: tool.name,
      sha256: canonicalDigest({
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: tool.annotations,
      }),
    })),
  };
  state.progress(
    `surface: ${surface.tools.length} tool(s), revision ${session.protocolVersion ?? 'unknown'}`,
  );
  completed(state, 'surface');
}
