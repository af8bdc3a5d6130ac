import type { McpSession } from '../connect/session.js';
import type { ExplorationLedger } from '../record/exploration.js';
import { admitCandidates } from '../suite/admission/admit.js';
import type { AdmissionEntry } from '../suite/admission/types.js';
import { surfaceSafety } from '../suite/destructive.js';
import { applyPolicy, explorableSummary } from '../suite/explorable.js';
import { EXPLORE_V2, explore2 } from '../suite/explore/explore2.js';
import { givenTexts } from '../suite/given.js';
import { JUDGE, judgeCandidates } from '../suite/judge.js';
import { inferDestructiveness } from '../suite/judge-safety.js';
import { candidatesAsked } from '../suite/sizing.js';
import type { GeneratorFault } from '../suite/suite-file.js';
import { CallWatch, checkTarget, voidReasonOf, watchedCaller } from './call-watch.js';
import { resolveGiven } from './given.js';
import { recordJudgeCall } from './judge-plane.js';
import { addUsage, checkStop, completed, type RunState, RunStop } from './state.js';

export interface Generated {
  proposals: unknown[];
  asked: number;
  faults: GeneratorFault[];
  admission: AdmissionEntry[];
  /** explore/2 only. */
  exploration?: ExplorationLedger;
}

/** A judge model's reading of each tool; it can only narrow what the policy lets the run call. */
async function judgeSafety(state: RunState): Promise<GeneratorFault[]> {
  const judge = state.judge;
  const surface = state.tools;
  if (judge === undefined || surface === undefined || judge.id === 'heuristic') return [];
  const inferred = await inferDestructiveness({ model: judge.model, surface });
  addUsage(state, [recordJudgeCall(state.tapes.judge, judge, inferred.call)]);
  state.safety = surfaceSafety(surface, inferred.inferences);
  return inferred.faults;
}

/** The explorable-tools policy, applied once before generation; every later stage acts on it. */
async function decideSafety(state: RunState): Promise<GeneratorFault[]> {
  const surface = state.tools ?? { tools: [] };
  const faults = await judgeSafety(state);
  state.safety = applyPolicy(surface, state.safety ?? surfaceSafety(surface), state.config.policy);
  state.given ??= resolveGiven(state.config.target, state.config.given, state.secrets, process.cwd());
  const { explorable, total } = explorableSummary(state.safety);
  state.progress(`policy: ${explorable} of ${total} tools explorable; ${state.given.length} given value(s)`);
  return faults;
}

/** explore/2 (no model) or judge/1 (structured output, every call on the judge plane). */
async function propose(
  state: RunState,
  asked: number,
  watch: CallWatch,
): Promise<{ proposals: unknown[]; faults: GeneratorFault[]; exploration?: ExplorationLedger }> {
  const { config } = state;
  const surface = state.tools;
  if (surface === undefined || state.session === undefined)
    throw new RunStop('crashed', 'generation without a surface');
  if (config.generator.name === 'explore') {
    const result = await explore2({
      surface,
      safety: state.safety ?? [],
      policy: config.policy,
      caller: watchedCaller(state, 'generate', watch),
      seed: config.seed,
      count: asked,
      given: state.given ?? [],
    });
    state.exploration = result.ledger;
    return { proposals: result.candidates, faults: [], exploration: result.ledger };
  }
  const judge = state.judge;
  if (judge === undefined) throw new RunStop('crashed', 'judge/1 needs a judge model');
  const result = await judgeCandidates({
    model: judge.model,
    surface,
    safety: state.safety ?? [],
    count: asked,
    allowDestructive: config.allowDestructive,
    onCall: (call) => addUsage(state, [recordJudgeCall(state.tapes.judge, judge, call)]),
  });
  return { proposals: result.proposals, faults: result.faults };
}

/** Generate candidates, then admit each (plan executed against the server, key grounded and re-run). */
export async function generateStage(state: RunState): Promise<Generated> {
  const { config } = state;
  const asked = candidatesAsked({
    tasks: config.tasks,
    batchTasks: config.extension.batchTasks,
    maxExtensions: config.extension.maxExtensions,
    overGeneration: config.overGeneration,
  });
  const label = config.generator.name === 'explore' ? EXPLORE_V2 : JUDGE;
  const safetyFaults = await decideSafety(state);
  state.progress(`generate: ${label.name}/${label.version} asked for ${asked} candidates`);
  const watch = new CallWatch();
  const { proposals, faults, exploration } = await propose(state, asked, watch);
  checkStop(state);
  if (exploration !== undefined)
    state.progress(
      `explore: ${exploration.calls} call(s), ${exploration.produced} candidate(s) produced, ${exploration.proposed} proposed`,
    );
  completed(state, 'generate');
  const session = state.session as McpSession;
  // A target that failed during generation is checked again before its answers are trusted.
  if (watch.failed.size > 0 || session.fault !== undefined) await checkTarget(state, session, 'admission');
  const admission = await admitCandidates(proposals, {
    surface: state.tools ?? { tools: [] },
    safety: state.safety ?? [],
    allowDestructive: config.allowDestructive,
    caller: watchedCaller(state, 'admit', watch),
    given: givenTexts(state.given ?? []),
  });
  const admitted = admission.filter((e) => e.verdict.admitted).length;
  state.progress(`admit: ${admitted} of ${proposals.length} candidates admitted`);
  checkStop(state);
  voidIfServerFailed(state, watch, proposals.length, admitted);
  completed(state, 'admit');
  return {
    proposals,
    asked,
    faults: [...safetyFaults, ...faults],
    admission,
    ...(exploration ? { exploration } : {}),
  };
}

/**
 * Too few admitted tasks after server failures is not a thin surface: exploration could not
 * complete because the server failed (timeouts, transport errors, refused frames), so a refusal
 * would be a false statement about the server's tools. The run is VOID with that cause; the
 * record's `serverFaults` says, per tool, what the tape shows.
 */
function voidIfServerFailed(state: RunState, watch: CallWatch, candidates: number, admitted: number): void {
  if (watch.failed.size === 0) return;
  const { minTasks, minAdmissionRate } = state.config;
  const enough = admitted >= minTasks && candidates > 0 && admitted / candidates >= minAdmissionRate;
  if (enough) return;
  const kinds = [...watch.failed.values()];
  const main = kinds.filter((k) => k === 'timeout').length * 2 >= kinds.length ? 'timeout' : 'transport';
  const tools = [...watch.failed].map(([tool, kind]) => `${tool}: ${kind}`).join('; ');
  throw new RunStop(
    voidReasonOf(main),
    `exploration could not complete because the server failed: ${watch.failed.size} of ${watch.called.length} tools called failed (${tools}), leaving ${admitted} admitted of ${candidates} candidates`,
  );
}
