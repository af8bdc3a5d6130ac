import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalDigest } from '../core/canonical.js';
import {
  describeExtensionProtocol,
  type PreRegistration,
  preregSha256,
  serializePrereg,
} from '../record/prereg.js';
import { type Registration, register } from '../suite/register.js';
import { buildSuiteFile, type SuiteFile, survivors } from '../suite/suite-file.js';
import { RUN_FILES } from '../tape/file-names.js';
import type { RunContext } from './context.js';
import { policyFields } from './policy-stage.js';
import type { Registered, Screened, Suited } from './products.js';

/** Seeded registration and suite.json: the suite hash is fixed (a run that then cannot write prereg.json still records it). */
export function registerStage(ctx: RunContext, screened: Screened): Suited {
  const { config } = ctx;
  const registration = register(survivors(screened.admission, screened.screen), {
    generator: config.generator,
    seed: config.seed,
    surfaceDigest: screened.surface.digest,
    tasks: config.tasks,
    batchTasks: config.extension.batchTasks,
    maxExtensions: config.extension.maxExtensions,
  });
  return { ...screened, registration, suiteFile: writeSuite(ctx, screened, registration) };
}

/** prereg.json: nothing after it can change the registration. */
export function preregStage(ctx: RunContext, suited: Suited): Registered {
  const doc = preregistration(ctx, suited);
  writeFileSync(join(ctx.dir, RUN_FILES.prereg), serializePrereg(doc), { flag: 'wx' });
  return { ...suited, prereg: { doc, sha256: preregSha256(doc), at: new Date() } };
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
  return suiteFile;
}

/** Step two of the pre-registration: the policy's rules with the registered suite and its hashes. */
function preregistration(ctx: RunContext, suited: Suited): PreRegistration {
  const { registration } = suited;
  const ext = registration.extension;
  return {
    schema: 'fitness-report.prereg/2',
    ...policyFields(ctx, suited.given),
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
    policySha256: suited.policy.sha256,
  };
}
