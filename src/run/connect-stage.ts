import { isTimeout, isUnreachable } from '../connect/errors.js';
import type { McpSession } from '../connect/session.js';
import { canonicalDigest } from '../core/canonical.js';
import { FitnessError, messageOf } from '../core/errors.js';
import { isRecord } from '../core/json.js';
import { MAX_SCHEMA_CHARS } from '../core/json-schema.js';
import { summarize } from '../probes/report.js';
import { probeTarget } from '../probes/target.js';
import { PROBE_STEP_MS } from '../probes/types.js';
import type { ProbeResult } from '../record/probe.js';
import type { Surface } from '../record/surface.js';
import { surfaceSafety } from '../suite/destructive.js';
import { surfaceDigest } from '../suite/register.js';
import { parseSurface, type ToolSurface } from '../suite/surface.js';
import { checkStop, type RunContext } from './context.js';
import type { Connected, Surveyed } from './products.js';
import { openMainSession } from './run-session.js';
import { RunStop } from './stop.js';
import type { Tally } from './tally.js';

/** Connect the main session (era verdict reused by every trial session). */
export async function connect(ctx: RunContext): Promise<Connected> {
  let session: McpSession;
  try {
    session = await openMainSession(ctx, 'connect');
  } catch (err) {
    checkStop(ctx);
    const reason = connectVoidReason(err);
    // The message names the target as given (its label, secrets scrubbed) and why it was not reached.
    throw new RunStop(
      reason,
      `${reason === 'unreachable' ? 'never reached the target' : 'could not connect to the target'}: ${messageOf(err)}`,
    );
  }
  return { main: { session }, prior: session.prior };
}

/**
 * Nothing reached (no listener, no command, an exit before the handshake) is unreachable; a refused
 * frame is a transport error and a handshake that never answered a timeout; anything else, the
 * target died.
 */
function connectVoidReason(err: unknown): 'unreachable' | 'target_died' | 'timeout' | 'transport_error' {
  const code = err instanceof FitnessError ? err.code : '';
  if (isUnreachable(code)) return 'unreachable';
  if (code === 'FRAME_TOO_LARGE' || code === 'FRAME_TOO_DEEP' || code === 'STDOUT_NOT_JSONRPC')
    return 'transport_error';
  if (code === 'CONNECT_TIMEOUT') return 'timeout';
  return 'target_died';
}

/**
 * Zero-token protocol probes: every one is recorded, none stops the run. A probe request waits its
 * default, never longer than the run lets a handshake wait (`--connect-timeout`): each one starts
 * the exchange afresh, as a handshake does.
 */
export async function probeStage(ctx: RunContext, connected: Connected): Promise<ProbeResult[]> {
  const session = connected.main.session;
  const { target, connectTimeoutMs } = ctx.config;
  const probes = await probeTarget(target, ctx.tapes.wire, {
    session: { protocolVersion: session.protocolVersion, era: session.era },
    stepTimeoutMs: Math.min(PROBE_STEP_MS[target.kind], connectTimeoutMs),
  });
  const s = summarize(probes);
  ctx.progress(`probes: ${s.passed} of ${s.checked} checks passed, ${s.couldNotCheck} could not be checked`);
  return probes;
}

/** Tools whose input or output schema is too large to compile are left out before anything compiles them. */
function boundSchemas(raw: unknown[]): { kept: unknown[]; oversized: string[] } {
  const kept: unknown[] = [];
  const oversized: string[] = [];
  for (const tool of raw) {
    const t = isRecord(tool) ? tool : {};
    const size = (v: unknown) => (v === undefined ? 0 : (JSON.stringify(v)?.length ?? 0));
    if (Math.max(size(t.inputSchema), size(t.outputSchema)) > MAX_SCHEMA_CHARS)
      oversized.push(typeof t.name === 'string' ? JSON.stringify(t.name.slice(0, 64)) : '(unnamed)');
    else kept.push(tool);
  }
  return { kept, oversized };
}

/**
 * tools/list (all pages, from the wire): the raw tools, or none when the server answered with an
 * error (noted). Listing is part of reaching the server, so it waits as long as the handshake may
 * (or the call deadline, when that is longer); a list that never came is a timeout, not an empty surface.
 */
async function listRaw(
  ctx: RunContext,
  session: McpSession,
  tally: Tally,
): Promise<{ listed: boolean; raw: unknown[] }> {
  const timeoutMs = Math.max(ctx.config.callTimeoutMs, ctx.config.connectTimeoutMs);
  try {
    return { listed: true, raw: (await session.listTools({ corrId: 'surface', timeoutMs })).tools };
  } catch (err) {
    checkStop(ctx);
    if (isTimeout(err)) throw new RunStop('timeout', `no answer to tools/list within ${timeoutMs} ms`);
    // A session the server broke (a refused frame, an exited process) is not an empty surface.
    const fault = session.fault;
    if (fault !== undefined)
      throw new RunStop(
        fault.kind === 'frame' ? 'transport_error' : 'target_died',
        `${fault.detail} during tools/list`,
      );
    tally.addNote({ id: 'surface-list-failed', text: `tools/list failed: ${messageOf(err)}` });
    return { listed: false, raw: [] };
  }
}

/** The listed tools validated one by one; what was left out, and why, is noted. */
function validTools(tally: Tally, raw: unknown[], instructions: string | undefined): ToolSurface {
  const bounded = boundSchemas(raw);
  if (bounded.oversized.length > 0) {
    tally.addNote({
      id: 'surface-oversized-schemas',
      text: `${bounded.oversized.length} listed tool(s) were left out because a schema was too large to compile (over ${MAX_SCHEMA_CHARS} characters): ${bounded.oversized.join(', ')}`,
    });
  }
  const { surface, dropped } = parseSurface({ tools: bounded.kept, instructions });
  if (dropped.length > 0) {
    tally.addNote({
      id: 'surface-dropped-tools',
      text: `${dropped.length} listed tool(s) were malformed and left out: ${dropped.map((d) => d.reason).join('; ')}`,
    });
  }
  return surface;
}

/** The record's surface block: what was listed, over which revision, each tool's digest. */
function surfaceBlock(
  session: McpSession,
  surface: ToolSurface,
  listed: { ok: boolean; entries: number },
): Surface & { digest: string } {
  const info = session.serverInfo;
  return {
    listed: listed.ok,
    ...(session.protocolVersion ? { revision: session.protocolVersion } : {}),
    ...(session.era ? { era: session.era } : {}),
    toolCount: surface.tools.length,
    listedTools: listed.entries,
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
}

/** tools/list, validated tool by tool; the safety signal from annotations. */
export async function survey(ctx: RunContext, connected: Connected, tally: Tally): Promise<Surveyed> {
  const session = connected.main.session;
  const { listed, raw } = await listRaw(ctx, session, tally);
  const tools = validTools(tally, raw, session.instructions);
  const surveyed: Surveyed = {
    ...connected,
    surface: surfaceBlock(session, tools, { ok: listed, entries: raw.length }),
    tools,
    safety: surfaceSafety(tools),
  };
  ctx.progress(`surface: ${tools.tools.length} tool(s), revision ${session.protocolVersion ?? 'unknown'}`);
  return surveyed;
}
