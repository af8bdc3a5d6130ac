import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverEntry } from '../../src/audit/real.js';
import { resolveConfig } from '../../src/run/config.js';
import { connect, survey } from '../../src/run/connect-stage.js';
import { createRunContext, type RunContext } from '../../src/run/context.js';
import { resolveModels } from '../../src/run/models.js';
import type { RunOptions } from '../../src/run/options.js';
import type { Surveyed } from '../../src/run/products.js';

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
 * A run that connected to a real server (@modelcontextprotocol/server-memory over stdio, on an
 * empty memory file) and listed its tools, by the run's own stages: the context and its product.
 */
export async function surveyedRunContext(): Promise<{ ctx: RunContext; surveyed: Surveyed }> {
  const file = join(mkdtempSync(join(tmpdir(), 'finish-memory-')), 'memory.jsonl');
  writeFileSync(file, '');
  const ctx = freshRunContext({
    target: {
      kind: 'stdio',
      argv: [process.execPath, serverEntry('@modelcontextprotocol/server-memory')],
      env: { MEMORY_FILE_PATH: file },
    },
  });
  const surveyed = await survey(ctx, await connect(ctx));
  return { ctx, surveyed };
}
