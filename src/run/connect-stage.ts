import { callContext } from '../connect/context.js';
import { openSession } from '../connect/session.js';
import { probeTarget } from '../probes/target.js';
import { surfaceSafety } from '../suite/destructive.js';
import { surfaceDigest } from '../suite/register.js';
import { parseSurface } from '../suite/surface.js';
import { completed, type RunState, RunStop } from './state.js';

/** Connect the main session (era verdict reused by every trial session), then list the surface. */
export async function connectStage(state: RunState): Promise<void> {
  const { target } = state.config;
  try {
    state.session = await callContext.run({ corrId: 'connect' }, () =>
      openSession(target, { tape: state.tapes.wire, requestTimeoutMs: state.config.callTimeoutMs }),
    );
  } catch (err) {
    throw new RunStop('target_died', `could not connect to the target: ${(err as Error).message}`);
  }
  state.prior = state.session.prior;
  completed(state, 'connect');
}

/** Zero-token protocol probes: every one is recorded, none stops the run. */
export async function probeStage(state: RunState): Promise<void> {
  const session = state.session;
  state.probes = await probeTarget(state.config.target, state.tapes.wire, {
    ...(session ? { session: { protocolVersion: session.protocolVersion, era: session.era } } : {}),
  });
  const passed = state.probes.filter((p) => p.pass === true).length;
  const checked = state.probes.filter((p) => p.pass !== null).length;
  state.progress(
    `probes: ${passed} of ${checked} checks passed, ${state.probes.length - checked} could not be checked`,
  );
  completed(state, 'probes');
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
    state.ownNotes.push({ id: 'surface-list-failed', text: `tools/list failed: ${(err as Error).message}` });
  }
  const { surface, dropped } = parseSurface({ tools: raw, instructions: session.instructions });
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
  };
  state.progress(
    `surface: ${surface.tools.length} tool(s), revision ${session.protocolVersion ?? 'unknown'}`,
  );
  completed(state, 'surface');
}
