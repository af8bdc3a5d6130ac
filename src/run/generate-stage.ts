import type { ExplorationLedger } from '../record/exploration.js';
import { admitCandidates } from '../suite/admission/admit.js';
import type { ToolSafety } from '../suite/destructive.js';
import { surfaceSafety } from '../suite/destructive.js';
import { applyPolicy, explorableSummary } from '../suite/explorable.js';
import { EXPLORE_V2, explore2 } from '../suite/explore/explore2.js';
import { givenTexts } from '../suite/given.js';
import { JUDGE, judgeCandidates } from '../suite/judge.js';
import { inferDestructiveness } from '../suite/judge-safety.js';
import type { Task } from '../suite/schema.js';
import { candidatesAsked } from '../suite/sizing.js';
import type { GeneratorFault } from '../suite/suite-file.js';
import { checkTarget, voidReasonOf, watchedCaller } from './call-watch.js';
import { checkStop, type RunContext } from './context.js';
import { isolatedSessions, recheckCaller } from './fresh-process.js';
import { hostFacts } from './host-facts.js';
import { recordJudgeCall } from './judge-plane.js';
import type { Generated, Policed, Proposed } from './products.js';
import { RunStop } from './stop.js';
import type { Tally } from './tally.js';
import { CallWatch } from './watched-calls.js';

/** A judge model's reading of each tool; it can only narrow what the policy lets the run call. */
async function judgeSafety(
  ctx: RunContext,
  policed: Policed,
  tally: Tally,
): Promise<{ safety: ToolSafety[]; faults: GeneratorFault[] }> {
  const { judge } = ctx;
  if (judge.id === 'heuristic') return { safety: policed.safety, faults: [] };
  const inferred = await inferDestructiveness({ model: judge.model, surface: policed.tools });
  tally.addUsage([recordJudgeCall(ctx.tapes.judge, judge, inferred.call)]);
  return { safety: surfaceSafety(policed.tools, inferred.inferences), faults: inferred.faults };
}

/** The explorable-tools policy, applied once before generation; every later stage acts on it. */
async function decideSafety(
  ctx: RunContext,
  policed: Policed,
  tally: Tally,
): Promise<{ safety: ToolSafety[]; faults: GeneratorFault[] }> {
  const judged = await judgeSafety(ctx, policed, tally);
  const safety = applyPolicy(policed.tools, judged.safety, ctx.config.policy);
  const { explorable, total } = explorableSummary(safety);
  ctx.progress(`policy: ${explorable} of ${total} tools explorable; ${policed.given.length} given value(s)`);
  return { safety, faults: judged.faults };
}

interface Proposals {
  proposals: unknown[];
  faults: GeneratorFault[];
  exploration?: ExplorationLedger;
}

/** explore/2 (no model) or judge/1 (structured output, every call on the judge plane). */
async function proposeWith(
  ctx: RunContext,
  policed: Policed,
  asked: number,
  watch: CallWatch,
  tally: Tally,
): Promise<Proposals> {
  const { config, judge } = ctx;
  if (config.generator.name === 'explore') {
    const result = await explore2({
      surface: policed.tools,
      safety: policed.safety,
      policy: config.policy,
      caller: watchedCaller(ctx, policed, 'generate', watch),
      seed: config.seed,
      count: asked,
      given: policed.given,
      concurrency: config.concurrency,
    });
    return { proposals: result.candidates, faults: [], exploration: result.ledger };
  }
  const result = await judgeCandidates({
    model: judge.model,
    surface: policed.tools,
    safety: policed.safety,
    count: asked,
    allowDestructive: config.allowDestructive,
    onCall: (call) => tally.addUsage([recordJudgeCall(ctx.tapes.judge, judge, call)]),
  });
  return { proposals: result.proposals, faults: result.faults };
}

function candidatesAskedFor(config: RunContext['config']): number {
  return candidatesAsked({
    tasks: config.tasks,
    batchTasks: config.extension.batchTasks,
    maxExtensions: config.extension.maxExtensions,
    overGeneration: config.overGeneration,
  });
}

/** Generate candidates under the explorable-tools policy (applied here, once, for every later stage). */
export async function propose(ctx: RunContext, policed: Policed, tally: Tally): Promise<Proposed> {
  const { config } = ctx;
  const asked = candidatesAskedFor(config);
  const label = config.generator.name === 'explore' ? EXPLORE_V2 : JUDGE;
  const decided = await decideSafety(ctx, policed, tally);
  ctx.progress(`generate: ${label.name}/${label.version} asked for ${asked} candidates`);
  const watch = new CallWatch();
  const withPolicy: Policed = { ...policed, safety: decided.safety };
  const made = await proposeWith(ctx, withPolicy, asked, watch, tally);
  const exploration = made.exploration;
  if (exploration !== undefined && !ctx.abort.signal.aborted)
    ctx.progress(
      `explore: ${exploration.calls} call(s), ${exploration.produced} candidate(s) produced, ${exploration.proposed} proposed`,
    );
  return {
    ...withPolicy,
    proposals: made.proposals,
    asked,
    faults: [...decided.faults, ...made.faults],
    exploration,
    watch,
  };
}

/**
 * Admit each candidate (plan executed against the server, key grounded and re-run); `onAdmitted`
 * hears of each admitted task as its verdict comes in.
 */
export async function admit(
  ctx: RunContext,
  proposed: Proposed,
  tally: Tally,
  onAdmitted?: (task: Task) => void,
): Promise<Generated> {
  const { watch, proposals } = proposed;
  // A target that failed during generation is checked again before its answers are trusted.
  if (watch.failed.size > 0 || proposed.main.session.fault !== undefined)
    await checkTarget(ctx, proposed, 'admission');
  const recheck = recheckCaller(ctx, proposed, watch, tally);
  const isolated = isolatedSessions(ctx, proposed, watch, tally);
  const admission = await admitCandidates(proposals, {
    surface: proposed.tools,
    safety: proposed.safety,
    allowDestructive: ctx.config.allowDestructive,
    caller: watchedCaller(ctx, proposed, 'admit', watch),
    recheck: recheck.caller,
    ...(isolated === undefined ? {} : { isolated }),
    given: givenTexts(proposed.given),
    host: hostFacts(ctx.config.target),
    concurrency: ctx.config.concurrency,
    ...(onAdmitted ? { onAdmitted } : {}),
  }).finally(recheck.close);
  const admitted = admission.filter((e) => e.verdict.admitted).length;
  ctx.progress(`admit: ${admitted} of ${proposals.length} candidates admitted`);
  checkStop(ctx);
  voidIfServerFailed(ctx, watch, proposals.length, admitted);
  return { ...proposed, admission };
}

/**
 * Too few admitted tasks after server failures is not a thin surface: exploration could not
 * complete because the server failed (timeouts, transport errors, refused frames), so a refusal
 * would be a false statement about the server's tools. The run is VOID with that cause; the
 * record's `serverFaults` says, per tool, what the tape shows.
 */
function voidIfServerFailed(ctx: RunContext, watch: CallWatch, candidates: number, admitted: number): void {
  if (watch.failed.size === 0) return;
  const { minTasks, minAdmissionRate } = ctx.config;
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
