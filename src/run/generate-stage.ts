import type { McpSession } from '../connect/session.js';
import { admitCandidates } from '../suite/admission/admit.js';
import type { AdmissionEntry } from '../suite/admission/types.js';
import { surfaceSafety } from '../suite/destructive.js';
import { EXPLORE, explore } from '../suite/explore/explore.js';
import { JUDGE, judgeCandidates } from '../suite/judge.js';
import { inferDestructiveness } from '../suite/judge-safety.js';
import { candidatesAsked } from '../suite/sizing.js';
import type { GeneratorFault } from '../suite/suite-file.js';
import type { ToolCaller, ToolCallOutcome } from '../suite/surface.js';
import { recordJudgeCall } from './judge-plane.js';
import { checkStop, completed, type RunState, RunStop } from './state.js';

export interface Generated {
  proposals: unknown[];
  asked: number;
  faults: GeneratorFault[];
  admission: AdmissionEntry[];
}

/** The suite's view of the recorded session: calls with a corr id, outcomes as data. */
export function suiteCaller(session: McpSession, corrId: string, timeoutMs: number): ToolCaller {
  return async (name, args): Promise<ToolCallOutcome> => {
    const outcome = await session.callTool(name, args, { corrId, timeoutMs });
    switch (outcome.kind) {
      case 'result':
        return { kind: 'result', result: outcome.result };
      case 'invalid-result':
        return { kind: 'error', message: outcome.message };
      case 'rpc-error':
        return { kind: 'error', message: outcome.message, code: outcome.code };
      case 'timeout':
        return { kind: 'error', message: `no response within ${outcome.timeoutMs} ms` };
      case 'failed':
        return { kind: 'error', message: outcome.message };
    }
  };
}

async function judgeSafety(state: RunState): Promise<GeneratorFault[]> {
  const judge = state.judge;
  const surface = state.tools;
  if (judge === undefined || surface === undefined) return [];
  const inferred = await inferDestructiveness({ model: judge.model, surface });
  state.usage.push(recordJudgeCall(state.tapes.judge, judge, inferred.call));
  state.safety = surfaceSafety(surface, inferred.inferences);
  return inferred.faults;
}

/** explore/1 (no model) or judge/1 (structured output, every call on the judge plane). */
async function propose(
  state: RunState,
  asked: number,
): Promise<{ proposals: unknown[]; faults: GeneratorFault[] }> {
  const { config } = state;
  const surface = state.tools;
  const session = state.session;
  if (surface === undefined || session === undefined)
    throw new RunStop('crashed', 'generation without a surface');
  if (config.generator.name === 'explore') {
    const result = await explore({
      surface,
      safety: state.safety ?? [],
      caller: suiteCaller(session, 'generate', config.callTimeoutMs),
      seed: config.seed,
      count: asked,
    });
    return { proposals: result.candidates, faults: [] };
  }
  const judge = state.judge;
  if (judge === undefined) throw new RunStop('crashed', 'judge/1 needs a judge model');
  const faults = await judgeSafety(state);
  const result = await judgeCandidates({
    model: judge.model,
    surface,
    safety: state.safety ?? [],
    count: asked,
    allowDestructive: config.allowDestructive,
    onCall: (call) => state.usage.push(recordJudgeCall(state.tapes.judge, judge, call)),
  });
  return { proposals: result.proposals, faults: [...faults, ...result.faults] };
}

/** Generate candidates, then admit each (plan executed against the server, key grounded). */
export async function generateStage(state: RunState): Promise<Generated> {
  const { config } = state;
  const asked = candidatesAsked({
    tasks: config.tasks,
    batchTasks: config.extension.batchTasks,
    maxExtensions: config.extension.maxExtensions,
    overGeneration: config.overGeneration,
  });
  const label = config.generator.name === 'explore' ? EXPLORE : JUDGE;
  state.progress(`generate: ${label.name}/${label.version} asked for ${asked} candidates`);
  const { proposals, faults } = await propose(state, asked);
  checkStop(state);
  completed(state, 'generate');
  const session = state.session as McpSession;
  const admission = await admitCandidates(proposals, {
    surface: state.tools ?? { tools: [] },
    safety: state.safety ?? [],
    allowDestructive: config.allowDestructive,
    caller: suiteCaller(session, 'admit', config.callTimeoutMs),
  });
  const admitted = admission.filter((e) => e.verdict.admitted).length;
  state.progress(`admit: ${admitted} of ${proposals.length} candidates admitted`);
  checkStop(state);
  completed(state, 'admit');
  return { proposals, asked, faults, admission };
}
