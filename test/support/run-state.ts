import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveConfig } from '../../src/run/config.js';
import { resolveModels } from '../../src/run/models.js';
import type { RunOptions } from '../../src/run/options.js';
import { createRunDir } from '../../src/run/run-dir.js';
import type { RunState } from '../../src/run/state.js';
import { openTapes } from '../../src/run/tapes.js';

/**
 * A run's state as it stands right after its directory and tapes exist, before it connects: what
 * `finishRun` sees when a run stops at once. Tests then put it in the shape they need.
 */
export function freshRunState(options: Partial<RunOptions> = {}): RunState {
  const config = resolveConfig({
    target: { kind: 'stdio', argv: ['node', 'server.js'] },
    env: {},
    ...options,
  });
  const models = resolveModels(config);
  const out = mkdtempSync(join(tmpdir(), 'finish-'));
  const startedAt = new Date();
  const { runId, dir } = createRunDir(out, 'server', startedAt);
  return {
    config,
    runId,
    dir,
    slug: 'server',
    startedAt,
    tapes: openTapes(dir, config.target, config.runnerSpec, config.judgeSpec, []),
    secrets: [],
    abort: new AbortController(),
    progress: () => {},
    emit: () => {},
    runner: models.runner,
    judge: models.judge,
    stages: ['connect'],
    trials: {},
    gates: [],
    probes: [],
    usage: [],
    results: [],
    ownNotes: [],
  };
}
