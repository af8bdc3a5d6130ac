import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ScreenCalls, type ScreenDeps, screenCandidates, screenQueue } from '../agents/screen.js';
import { canonicalDigest } from '../core/canonical.js';
import {
  describeExtensionProtocol,
  type PreRegistration,
  preregSha256,
  serializePrereg,
} from '../record/prereg.js';
import { type Registration, register } from '../suite/register.js';
import type { Task } from '../suite/schema.js';
import { applyScreen, type ScreenResult } from '../suite/screen.js';
import { admittedTasks, buildSuiteFile, type SuiteFile, survivors } from '../suite/suite-file.js';
import { RUN_FILES } from '../tape/file-names.js';
import { addUsage, checkStop, completed, type RunContext } from './context.js';
import { admit } from './generate-stage.js';
import { policyFields } from './policy-stage.js';
import type { Generated, Proposed, Registered, Screened, Suited } from './products.js';
import { failOnFatalModelFault } from './trials.js';

/** The generation-time null screen: admitted candidates the runner answers with no tools are deleted. */
async function screenStage(ctx: RunContext, generated: Generated): Promise<Screened> {
  if (!ctx.config.screen) return screenedWith(ctx, generated, undefined);
  const tasks = admittedTasks(generated.admission);
  return screenedWith(
    ctx,
    generated,
    screenResult(ctx, tasks, await screenCandidates(tasks, screenDeps(ctx))),
  );
}

/**
 * Admission, then the null screen. At a concurrency above 1 each admitted candidate is put to the
 * screen as soon as its verdict is in, while admission goes on with the rest (admission's tool calls
 * and the screen's model calls are each at most `concurrency` in flight): the same candidates are
 * screened, once each, to the same result. At concurrency 1 the screen starts when admission ends.
 * When admission ends the run (a failing server voids it), the screen starts nothing more and the
 * record waits for the calls already running.
 */
export async function admitAndScreen(ctx: RunContext, proposed: Proposed): Promise<Screened> {
  if (!ctx.config.screen || ctx.config.concurrency <= 1) return screenStage(ctx, await admit(ctx, proposed));
  const queue = screenQueue(screenDeps(ctx));
  let generated: Generated;
  try {
    generated = await admit(ctx, proposed, (task) => queue.add(task));
  } catch (err) {
    queue.abandon();
    await queue.close().catch(() => undefined);
    throw err;
  }
  const tasks = admittedTasks(generated.admission);
  return screenedWith(ctx, generated, screenResult(ctx, tasks, await queue.close()));
}

function screenDeps(ctx: RunContext): ScreenDeps {
  return {
    model: ctx.runner,
    limits: { ...ctx.config.agentLimits, callTimeoutMs: ctx.config.callTimeoutMs },
    concurrency: ctx.config.concurrency,
    sink: ctx.tapes.agent,
    runSignal: ctx.abort.signal,
  };
}

function screenedWith(ctx: RunContext, generated: Generated, screen: ScreenResult | undefined): Screened {
  const screened: Screened = { ...generated, screen };
  ctx.reached = { stage: 'screened', product: screened };
  if (screen !== undefined) completed(ctx, 'screen');
  return screened;
}

/** The screen's calls counted and costed, a fault no retry can fix stops the run, then the decision. */
function screenResult(ctx: RunContext, tasks: readonly Task[], calls: ScreenCalls): ScreenResult {
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
