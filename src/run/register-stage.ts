import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { screenCandidates } from '../agents/screen.js';
import { curtailStatement } from '../record/curtail.js';
import {
  describeExtensionProtocol,
  type PreRegistration,
  preregSha256,
  serializePrereg,
} from '../record/prereg.js';
import { policyRecord } from '../suite/explorable.js';
import { register } from '../suite/register.js';
import { applyScreen } from '../suite/screen.js';
import { admittedTasks, buildSuiteFile, survivors } from '../suite/suite-file.js';
import type { Generated } from './generate-stage.js';
import { screenStatement } from './notes.js';
import { FILES } from './run-dir.js';
import { checkStop, completed, type RunState, RunStop } from './state.js';
import { failOnFatalModelFault } from './trials.js';

/** The generation-time null screen: admitted candidates the runner answers with no tools are deleted. */
export async function screenStage(state: RunState, generated: Generated): Promise<void> {
  if (!state.config.screen || state.runner === undefined) return;
  const tasks = admittedTasks(generated.admission);
  const calls = await screenCandidates(tasks, {
    model: state.runner,
    limits: { ...state.config.agentLimits, callTimeoutMs: state.config.callTimeoutMs },
    concurrency: state.config.concurrency,
    sink: state.tapes.agent,
    runSignal: state.abort.signal,
  });
  state.usage.push(...calls.usage.map((u) => ({ ...u, role: 'screen' as const })));
  for (const fault of calls.faults) failOnFatalModelFault(state, fault);
  checkStop(state);
  state.screen = applyScreen(tasks, calls.answers);
  state.trials.screen = calls.answers.length;
  const c = state.screen.counts;
  state.progress(`screen: ${c.screened} screened, ${c.deleted} deleted, ${c.errors} error(s)`);
  completed(state, 'screen');
}

/** Seeded registration, suite.json, then prereg.json: nothing after it can change the registration. */
export function registerStage(state: RunState, generated: Generated): void {
  const { config } = state;
  const digest = state.surface?.digest;
  if (digest === undefined) throw new RunStop('crashed', 'registration without a surface digest');
  const registration = register(survivors(generated.admission, state.screen), {
    generator: config.generator,
    seed: config.seed,
    surfaceDigest: digest,
    tasks: config.tasks,
    batchTasks: config.extension.batchTasks,
    maxExtensions: config.extension.maxExtensions,
  });
  state.registration = registration;
  state.suiteFile = buildSuiteFile({
    registration,
    admission: generated.admission,
    ...(state.screen ? { screen: state.screen } : {}),
    candidatesAsked: generated.asked,
    toolSafety: state.safety ?? [],
    faults: generated.faults,
    ...(generated.exploration ? { exploration: generated.exploration } : {}),
  });
  writeFileSync(join(state.dir, FILES.suite), `${JSON.stringify(state.suiteFile, null, 2)}\n`);
  state.progress(
    `register: ${registration.tasks.length} task(s), ${registration.reserve.length} in reserve, suite ${registration.hash.slice(0, 12)}`,
  );
  completed(state, 'register');
  const prereg = preregistration(state);
  writeFileSync(join(state.dir, FILES.prereg), serializePrereg(prereg), { flag: 'wx' });
  state.preregSha = preregSha256(prereg);
  completed(state, 'prereg');
}

export function preregistration(state: RunState): PreRegistration {
  const { config } = state;
  const registration = state.registration;
  if (registration === undefined) throw new RunStop('crashed', 'pre-registration without a registration');
  const ext = registration.extension;
  const reps = config.reps;
  return {
    schema: 'fitness-report.prereg/2',
    tasks: config.tasks,
    minTasks: config.minTasks,
    minAdmissionRate: config.minAdmissionRate,
    overGeneration: config.overGeneration,
    reps,
    construct: config.construct,
    nulls: config.nulls,
    compromisedErrorShare: config.compromisedErrorShare,
    agentLimits: { ...config.agentLimits, callTimeoutMs: config.callTimeoutMs },
    extension: {
      batchTasks: ext.batchTasks,
      maxExtensions: ext.maxExtensions,
      ...(ext.reduction
        ? { requestedMaxExtensions: ext.maxExtensionsRequested, reducedBecause: ext.reduction }
        : {}),
    },
    runner: state.runner?.id ?? config.runnerSpec,
    judge: state.judge?.id ?? config.judgeSpec,
    generator: config.generator,
    screen: {
      enabled: config.screen,
      ...(config.screen ? { model: state.runner?.id ?? config.runnerSpec } : {}),
      version: '1',
      statement: screenStatement(config.screen),
    },
    extensionProtocol: {
      statement: describeExtensionProtocol({
        extension: { batchTasks: ext.batchTasks, maxExtensions: ext.maxExtensions },
        reps,
      }),
    },
    credential: config.credential,
    seed: config.seed,
    suiteHash: registration.hash,
    runBudgetMs: config.budgetMs,
    curtail: { enabled: config.curtail, statement: curtailStatement(config.curtail) },
    explorablePolicy: policyRecord(config.policy),
    given: (state.given ?? []).map((g) => ({
      name: g.name,
      value: g.value,
      origin: g.origin,
      source: g.source,
    })),
  };
}
