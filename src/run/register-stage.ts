import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { screenCandidates } from '../agents/screen.js';
import { canonicalDigest } from '../core/canonical.js';
import {
  describeExtensionProtocol,
  type PreRegistration,
  preregSha256,
  serializePrereg,
} from '../record/prereg.js';
import { register } from '../suite/register.js';
import { applyScreen } from '../suite/screen.js';
import { admittedTasks, buildSuiteFile, survivors } from '../suite/suite-file.js';
import type { Generated } from './generate-stage.js';
import { policyFields } from './policy-stage.js';
import { FILES } from './run-dir.js';
import { addUsage, checkStop, completed, type RunState, RunStop } from './state.js';
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
  addUsage(
    state,
    calls.usage.map((u) => ({ ...u, role: 'screen' as const })),
  );
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
  state.preregAt = new Date();
  completed(state, 'prereg');
}

export function preregistration(state: RunState): PreRegistration {
  const registration = state.registration;
  if (registration === undefined) throw new RunStop('crashed', 'pre-registration without a registration');
  const ext = registration.extension;
  return {
    schema: 'fitness-report.prereg/2',
    ...policyFields(state),
    extension: {
      batchTasks: ext.batchTasks,
      maxExtensions: ext.maxExtensions,
      ...(ext.reduction
        ? { requestedMaxExtensions: ext.maxExtensionsRequested, reducedBecause: ext.reduction }
        : {}),
    },
    extensionProtocol: {
      statement: describeExtensionProtocol({
        extension: { batchTasks: ext.batchTasks, maxExtensions: ext.maxExtensions },
        reps: state.config.reps,
      }),
    },
    suiteHash: registration.hash,
    reserveHash: canonicalDigest(registration.reserve),
    ...(state.policy ? { policySha256: state.policy.sha256 } : {}),
  };
}
