import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { curtailStatement } from '../record/curtail.js';
import { type Policy, policySha256, serializePolicy } from '../record/policy.js';
import { policyRecord } from '../suite/explorable.js';
import type { GivenValue } from '../suite/given.js';
import { RUN_FILES } from '../tape/file-names.js';
import type { RunContext } from './context.js';
import { resolveGiven } from './given.js';
import { screenStatement } from './notes.js';
import type { Policed, Surveyed } from './products.js';

/** The rules both steps of the pre-registration state: everything but the suite. */
export function policyFields(ctx: RunContext, given: readonly GivenValue[]) {
  const { config } = ctx;
  return {
    tasks: config.tasks,
    minTasks: config.minTasks,
    minAdmissionRate: config.minAdmissionRate,
    overGeneration: config.overGeneration,
    reps: config.reps,
    construct: config.construct,
    nulls: config.nulls,
    compromisedErrorShare: config.compromisedErrorShare,
    agentLimits: { ...config.agentLimits, callTimeoutMs: config.callTimeoutMs },
    runner: ctx.runner.id,
    judge: ctx.judge.id,
    generator: config.generator,
    screen: {
      enabled: config.screen,
      ...(config.screen ? { model: ctx.runner.id } : {}),
      version: '1',
      statement: screenStatement(config.screen),
    },
    credential: config.credential,
    seed: config.seed,
    runBudgetMs: config.budgetMs,
    curtail: { enabled: config.curtail, statement: curtailStatement(config.curtail) },
    explorablePolicy: policyRecord(config.policy),
    given: given.map((g) => ({
      name: g.name,
      value: g.value,
      origin: g.origin,
      source: g.source,
    })),
  };
}

/**
 * Step one of the pre-registration: policy.json, written and hashed before the first model call
 * of any kind (the judge's safety reading, judge/1 generation, the null screen). The given context
 * is resolved here because the policy names it.
 */
export function policyStage(ctx: RunContext, surveyed: Surveyed): Policed {
  const { config } = ctx;
  const given = resolveGiven(config.target, config.given, ctx.secrets, process.cwd());
  const at = new Date();
  const policy: Policy = {
    schema: 'fitness-report.policy/1',
    ...policyFields(ctx, given),
    extension: { batchTasks: config.extension.batchTasks, maxExtensions: config.extension.maxExtensions },
    writtenAt: at.toISOString(),
  };
  writeFileSync(join(ctx.dir, RUN_FILES.policy), serializePolicy(policy), { flag: 'wx' });
  const policed: Policed = { ...surveyed, given, policy: { sha256: policySha256(policy), at } };
  ctx.progress(`policy: ${RUN_FILES.policy} ${policed.policy.sha256.slice(0, 12)} (seed ${config.seed})`);
  return policed;
}
