import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { processScope, reapScope } from '../connect/processes.js';
import { describeTarget, type TargetInput } from '../connect/target.js';
import { describeError, FitnessError, UsageError } from '../core/errors.js';
import { overridesFrom, presentedTools } from '../findings/override.js';
import { TASK_LEVEL_METHOD } from '../record/paired-tasks.js';
import {
  RERUN_ALPHA,
  RERUN_POLICY_SCHEMA,
  RERUN_STATEMENT,
  type RerunPolicy,
  rerunPolicySha256,
  serializeRerunPolicy,
} from '../record/rerun.js';
import { parseCorrId } from '../tape/corr-id.js';
import { RUN_FILES } from '../tape/file-names.js';
import type { TrustSet } from '../tape/trust.js';
import { resolveConfig } from './config.js';
import { connect, survey } from './connect-stage.js';
import { createRunContext } from './context.js';
import { Driver, type StepResult } from './driver.js';
import { resolveModels } from './models.js';
import { runPhase } from './phase-run.js';
import type { Surveyed } from './products.js';
import { originalCustody } from './rerun-custody.js';
import { type OriginalRun, readOriginal } from './rerun-original.js';
import { type RerunDraft, type RerunResult, rerunOf, writeRerun } from './rerun-write.js';
import { RunStop } from './stop.js';

export interface RerunOptions {
  /** The original run directory. */
  run: string;
  /** The target, given again (needed when the original sent a secret); default: the one it recorded. */
  target?: TargetInput;
  /** Start the target the verified run recorded without asking (`--target-from-record`). */
  targetFromRecord?: boolean;
  /** Asks the user whether to start the recorded target (a terminal); absent: nobody can be asked. */
  confirm?: (question: string) => Promise<boolean>;
  /** Signers trusted to vouch for the original (default: your key and the trust file). */
  trust?: TrustSet;
  /** Accept an original signed by a key you do not trust (integrity is still checked). */
  allowUntrusted?: boolean;
  /** Parent of the rerun's directory (default: the original's parent, so the board finds both). */
  outDir?: string;
  cwd?: string;
  env?: Record<string, string | undefined>;
  concurrency?: number;
  signingKeyPath?: string;
  progress?: (line: string) => void;
  signal?: AbortSignal;
}

/**
 * `fitness-report rerun RUN --with-rewrites`: the original's registered drive again, over the same
 * server, with the proposed descriptions shown to the runner in place of the server's. Refuses (a
 * FitnessError, no directory) a run that never drove or has no proposals; records a REFUSED rerun
 * when the server's surface changed since the original; otherwise writes rerun.json with the paired
 * measured effect, linked to the original (which is never modified).
 */
export async function rerunWithRewrites(options: RerunOptions): Promise<RerunResult> {
  const cwd = options.cwd ?? process.cwd();
  const original = readOriginal(resolve(cwd, options.run));
  const targetFrom = options.target === undefined ? 'original' : 'flags';
  const custody = await originalCustody(original.dir, {
    ...(options.trust ? { trust: options.trust } : {}),
    ...(options.allowUntrusted === undefined ? {} : { allowUntrusted: options.allowUntrusted }),
    targetGiven: options.target !== undefined,
  });
  options.progress?.(`original ${original.record.runId}: ${custody}`);
  const target = options.target ?? (await confirmedTarget(original, options));
  const p = original.policy;
  const config = resolveConfig({
    target,
    cwd,
    env: options.env ?? {},
    runner: p.runner,
    judge: 'heuristic',
    seed: p.seed,
    reps: { drive: p.reps.drive },
    maxSteps: p.agentLimits.maxSteps,
    maxOutputTokens: p.agentLimits.maxOutputTokens,
    tokenBudget: p.agentLimits.tokenBudgetPerTrial,
    trialTimeoutMs: p.agentLimits.trialTimeoutMs,
    ...(typeof p.agentLimits.callTimeoutMs === 'number'
      ? { callTimeoutMs: p.agentLimits.callTimeoutMs }
      : {}),
    allowDestructive: p.explorablePolicy?.allowDestructive ?? false,
    credential: p.credential,
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
  });
  const ctx = createRunContext({
    config,
    models: resolveModels(config),
    outDir: resolve(cwd, options.outDir ?? dirname(original.dir)),
    slug: `${original.record.identity.serverSlug}-rerun`.slice(0, 48).replace(/-+$/, ''),
    ...(options.progress ? { progress: options.progress } : {}),
  });
  options.signal?.addEventListener(
    'abort',
    () => ctx.abort.abort(new RunStop('aborted', 'the rerun was aborted')),
    {
      once: true,
    },
  );
  ctx.progress(`rerun ${ctx.runId}: ${ctx.dir} (paired with ${original.record.runId})`);
  const steps = new Driver(ctx);
  const draft: RerunDraft = {
    ctx,
    tally: steps.tally,
    original,
    targetFrom,
    ...(options.signingKeyPath === undefined ? {} : { signingKeyPath: resolve(cwd, options.signingKeyPath) }),
  };
  const scope = `${ctx.runId}-${randomBytes(4).toString('hex')}`;
  try {
    await processScope.run(scope, () => drive(draft, steps));
  } catch (err) {
    draft.stop = err instanceof RunStop ? err : new RunStop('crashed', describeError(err));
  } finally {
    await steps.reached.connect?.main.session.close().catch(() => undefined);
    reapScope(scope);
  }
  return writeRerun(draft, describeTarget(config.target));
}

/**
 * The target the verified original recorded, once the user has seen it: `--target-from-record`, or
 * a yes on a terminal. Piped with neither, nothing starts.
 */
async function confirmedTarget(original: OriginalRun, o: RerunOptions): Promise<TargetInput> {
  const recorded = original.target;
  if ('why' in recorded)
    throw new UsageError(
      `${original.record.runId}: the target cannot be restarted from the record (${recorded.why}): give it again as for run (-- <command>, --url, --config/--server, with its headers or env)`,
    );
  const kind = recorded.input.kind === 'stdio' ? 'command' : 'URL';
  o.progress?.(`target from the record (${kind}): ${recorded.description}`);
  if (o.targetFromRecord === true) return recorded.input;
  if (o.confirm === undefined)
    throw new FitnessError(
      'RERUN_UNCONFIRMED',
      `${original.record.runId}: would start its recorded ${kind} ${recorded.description}; pass --target-from-record to run it, or give the target again (-- <command> or --url URL)`,
    );
  if (await o.confirm(`start this ${kind}? [y/N] `)) return recorded.input;
  throw new FitnessError('RERUN_UNCONFIRMED', `${original.record.runId}: not confirmed; nothing ran`);
}

/** A step's product, or none with the rerun's stop noted (no gate refuses a rerun). */
function made<T>(draft: RerunDraft, result: StepResult<T>): T | undefined {
  if (result.kind === 'continue') return result.product;
  if (result.kind === 'stopped') draft.stop = result.stop;
  return undefined;
}

/** Connect, list, compare the surface, register the rerun policy, drive with the override. */
async function drive(draft: RerunDraft, steps: Driver): Promise<void> {
  const { ctx, original } = draft;
  const connected = made(draft, await steps.step('connect', () => connect(ctx)));
  if (connected === undefined) return;
  const surveyed = made(draft, await steps.step('surface', (tally) => survey(ctx, connected, tally)));
  if (surveyed === undefined) return;
  draft.surfaceDigest = surveyed.surface.digest;
  if (surveyed.surface.digest !== original.surfaceDigest) {
    draft.refused = true;
    return;
  }
  const overrides = overridesFrom(original.record.findings?.proposals ?? [], original.tools);
  writePolicy(draft, overrides);
  const presented: Surveyed = {
    ...surveyed,
    tools: { ...surveyed.tools, tools: presentedTools(surveyed.tools.tools, overrides) },
  };
  const driven = new Set(
    [...original.trials.keys()].flatMap((corr) => {
      const c = parseCorrId(corr);
      return c.kind === 'trial' ? [c.taskId] : [];
    }),
  );
  const tasks = [...original.suite.tasks, ...original.suite.reserve].filter((t) => driven.has(t.id));
  const results = await runPhase(ctx, steps.tally, presented, tasks, 'drive', original.policy.reps.drive);
  ctx.progress(`drive: ${results.length} trial(s) with the rewrites`);
}

/** rerun-policy.json: what the rerun commits to before its first trial. */
function writePolicy(draft: RerunDraft, overrides: RerunPolicy['overrides']): void {
  const { ctx, original } = draft;
  const at = new Date();
  const p = original.policy;
  const doc: RerunPolicy = {
    schema: RERUN_POLICY_SCHEMA,
    rerunOf: rerunOf(original),
    runner: ctx.runner.id,
    seed: p.seed,
    repsDrive: p.reps.drive,
    agentLimits: p.agentLimits,
    trials: [...original.trials.keys()],
    pairing: 'per trial: task id × rep',
    test: TASK_LEVEL_METHOD,
    alpha: RERUN_ALPHA,
    overrides,
    statement: RERUN_STATEMENT,
    writtenAt: at.toISOString(),
  };
  writeFileSync(join(ctx.dir, RUN_FILES.rerunPolicy), serializeRerunPolicy(doc), { flag: 'wx' });
  draft.policy = { doc, sha256: rerunPolicySha256(doc), at };
  ctx.progress(`policy: ${RUN_FILES.rerunPolicy} ${draft.policy.sha256.slice(0, 12)} (alpha ${RERUN_ALPHA})`);
}
