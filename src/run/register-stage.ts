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
import { type Registration, register } from '../suite/register.js';
import { applyScreen, type ScreenResult } from '../suite/screen.js';
import { admittedTasks, buildSuiteFile, type SuiteFile, survivors } from '../suite/suite-file.js';
import { RUN_FILES } from '../tape/file-names.js';
import { addUsage, checkStop, completed, type RunContext } from './context.js';
import { policyFields } from './policy-stage.js';
import type { Generated, Registered, Screened, Suited } from './products.js';
import { failOnFatalModelFault } from './trials.js';

/** The generation-time null screen: admitted candidates the runner answers with no tools are deleted. */
export async function screenStage(ctx: RunContext, generated: Generated): Promise<Screened> {
  const screen = ctx.config.screen ? await screenAdmitted(ctx, generated) : undefined;
  const screened: Screened = { ...generated, screen };
  ctx.reached = { stage: 'screened', product: screened };
  if (screen !== undefined) completed(ctx, 'screen');
  return screened;
}

async function screenAdmitted(ctx: RunContext, generated: Generated): Promise<ScreenResult> {
  const tasks = admittedTasks(generated.admission);
  const calls = await screenCandidates(tasks, {
    model: ctx.runner,
    limits: { ...ctx.config.agentLimits, callTimeoutMs: ctx.config.callTimeoutMs },
    concurrency: ctx.config.concurrency,
    sink: ctx.tapes.agent,
    runSignal: ctx.abort.signal,
  });
  addUsage(
    ctx,
    calls.usage.map((u) => ({ ...u, role: 'screen' as const })),
  );
  for (const fault of calls.faults) failOnFatalModelFault(ctx, fault);
  checkStop(ctx);
  const screen = applyScreen(tasks, calls.answers);
  ctx.trials.screen = calls.answers.length;
  const c = screen.counts;
  ctx.progress(`screen: ${c.screened} screened, ${c.deleted} deleted, ${c.errors} error(s)`);
  return screen;
}

/** Seeded registration, suite.json, then prereg.json: nothing after it can change the registration. */
export function registerStage(ctx: RunContext, screened: Screened): Registered {
  const { config } = ctx;
  const registration = register(survivors(screened.admission, screened.screen), {
    generator: config.generator,
    seed: config.seed,
    surfaceDigest: screened.surface.digest,
    tasks: config.tasks,
    batchTasks: config.extension.batchTasks,
    maxExtensions: config.extension.maxExtensions,
  });
  const suited: Suited = { ...screened, registration, suiteFile: writeSuite(ctx, screened, registration) };
  // Reached before prereg.json is written: a run that cannot write it still records its suite hash.
  ctx.reached = { stage: 'suited', product: suited };
  const doc = preregistration(ctx, screened, registration);
  writeFileSync(join(ctx.dir, RUN_FILES.prereg), serializePrereg(doc), { flag: 'wx' });
  const registered: Registered = { ...suited, prereg: { doc, sha256: preregSha256(doc), at: new Date() } };
  ctx.reached = { stage: 'registered', product: registered };
  completed(ctx, 'prereg');
  return registered;
}

function writeSuite(ctx: RunContext, screened: Screened, registration: Registration): SuiteFile {
  const suiteFile = buildSuiteFile({
    registration,
    admission: screened.admission,
    ...(screened.screen ? { screen: screened.screen } : {}),
    candidatesAsked: screened.asked,
    toolSafety: screened.safety,
    faults: screened.faults,
    ...(screened.exploration ? { exploration: screened.exploration } : {}),
  });
  writeFileSync(join(ctx.dir, RUN_FILES.suite), `${JSON.stringify(suiteFile, null, 2)}\n`);
  ctx.progress(
    `register: ${registration.tasks.length} task(s), ${registration.reserve.length} in reserve, suite ${registration.hash.slice(0, 12)}`,
  );
  completed(ctx, 'register');
  return suiteFile;
}

/** Step two of the pre-registration: the policy's rules with the registered suite and its hashes. */
function preregistration(ctx: RunContext, screened: Screened, registration: Registration): PreRegistration {
  const ext = registration.extension;
  return {
    schema: 'fitness-report.prereg/2',
    ...policyFields(ctx, screened.given),
    extension: {
      batchTasks: ext.batchTasks,
      maxExtensions: ext.maxExtensions,
      ...(ext.reducedBecause
        ? { requestedMaxExtensions: ext.requestedMaxExtensions, reducedBecause: ext.reducedBecause }
        : {}),
    },
    extensionProtocol: {
      statement: describeExtensionProtocol({
        extension: { batchTasks: ext.batchTasks, maxExtensions: ext.maxExtensions },
        reps: ctx.config.reps,
      }),
    },
    suiteHash: registration.hash,
    reserveHash: canonicalDigest(registration.reserve),
    policySha256: screened.policy.sha256,
  };
}
