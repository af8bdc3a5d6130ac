import type { AgentModel } from '../agents/types.js';
import { FitnessError, UsageError } from '../core/errors.js';
import { resolveModel } from '../models/registry.js';
import { candidatesAsked } from '../suite/sizing.js';
import type { RunConfig } from './config.js';

export interface RunModels {
  runner: AgentModel;
  judge: AgentModel;
  /** API keys: scrubbed from everything the run writes. */
  secrets: string[];
}

/**
 * Resolves the runner and judge before anything runs. An unknown provider, a malformed spec or a
 * missing key is the caller's mistake: a usage error (exit 2) with the model fault's own code, and
 * no run directory. Only faults met while calling a model (an unreachable endpoint) make a VOID run.
 */
export function resolveModels(config: RunConfig): RunModels {
  const secrets: string[] = [];
  const one = (flag: string, spec: string): AgentModel => {
    try {
      const resolved = resolveModel(spec, { env: config.env });
      secrets.push(...resolved.secrets);
      return { model: resolved.model, id: resolved.id, provider: resolved.provider };
    } catch (err) {
      if (err instanceof FitnessError) throw new UsageError(`${flag}: ${err.message}`, err.code);
      throw err;
    }
  };
  return { runner: one('--runner', config.runnerSpec), judge: one('--judge', config.judgeSpec), secrets };
}

/**
 * What the registration commits the run to spend, said before the first model call: the resolved
 * runner and judge (and why, when they were defaults), and the most model calls the registered
 * sizes imply (every trial at its step limit, every extension bought).
 */
export function modelPlanLine(config: RunConfig, models: RunModels): string {
  const asked = candidatesAsked({
    tasks: config.tasks,
    batchTasks: config.extension.batchTasks,
    maxExtensions: config.extension.maxExtensions,
    overGeneration: config.overGeneration,
  });
  const tasks = config.tasks + config.extension.batchTasks * config.extension.maxExtensions;
  const { nulls, construct, drive } = config.reps;
  const trials = (config.screen ? asked : 0) + tasks * (3 * nulls + construct + drive);
  const runnerCalls = trials * config.agentLimits.maxSteps;
  const judgeCalls = config.generator.name === 'judge' ? 3 : 0;
  const paid = [models.runner, models.judge].some((m) => m.provider !== 'heuristic');
  return [
    `models: runner ${models.runner.id}, judge ${models.judge.id}${paid ? '' : ' (offline, no paid calls)'};`,
    `at most ${trials} trial(s) × ${config.agentLimits.maxSteps} steps = ${runnerCalls} runner call(s)`,
    `and ${judgeCalls} judge call(s) (plus retries);`,
    config.modelsReason,
  ].join(' ');
}
