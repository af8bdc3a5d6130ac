import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogueServer } from '../../examples/servers/lib/catalogue-server.js';
import { resolveConfig } from '../../src/run/config.js';
import { connect, survey } from '../../src/run/connect-stage.js';
import { createRunContext, type RunContext } from '../../src/run/context.js';
import { Driver } from '../../src/run/driver.js';
import { resolveModels } from '../../src/run/models.js';
import type { RunOptions } from '../../src/run/options.js';
import type { Surveyed } from '../../src/run/products.js';
import { memoryServer } from './memory-server.js';

/**
 * A run's context as it stands right after its directory and tapes exist, before it connects: what
 * `finishRun` sees when a run stops at once. Made by the run's own constructor.
 */
export function freshRunContext(options: Partial<RunOptions> = {}): RunContext {
  const config = resolveConfig({
    target: { kind: 'stdio', argv: ['node', 'server.js'] },
    env: {},
    ...options,
  });
  return createRunContext({
    config,
    models: resolveModels(config),
    outDir: mkdtempSync(join(tmpdir(), 'finish-')),
    slug: 'server',
  });
}

/**
 * A run that connected to a server and listed its tools, by the run's own stages through its driver:
 * the planted catalogue server (examples/servers/lib) as a server object in this process, over an
 * in-memory target (test/support/memory-server.ts). The context, the driver and the product.
 */
export async function surveyedRunContext(): Promise<{ ctx: RunContext; steps: Driver; surveyed: Surveyed }> {
  const ctx = freshRunContext({
    target: memoryServer('catalogue', () => () => catalogueServer('fixture-good')),
  });
  const steps = new Driver(ctx);
  const connected = await steps.step('connect', () => connect(ctx));
  if (connected.kind !== 'continue') throw new Error(`connect did not continue: ${connected.kind}`);
  const surveyed = await steps.step('surface', (tally) => survey(ctx, connected.product, tally));
  if (surveyed.kind !== 'continue') throw new Error(`surface did not continue: ${surveyed.kind}`);
  return { ctx, steps, surveyed: surveyed.product };
}
