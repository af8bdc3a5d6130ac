import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORECAST_TASK, WEATHER_TOOLS } from '../../test/support/agents.js';
import { slowModel } from '../../test/support/run/slow-model.js';
import type { Phase, TrialResult } from '../agents/types.js';
import type { Task } from '../suite/schema.js';
import { resolveConfig } from './config.js';
import { createRunContext } from './context.js';
import type { RunEvent } from './events.js';
import { resolveModels } from './models.js';
import { type PhasePlan, type PhaseSoFar, runPhases } from './phase-run.js';
import { RunTally } from './tally.js';
import { closeTapes } from './tapes.js';

// Five forecast tasks, one slow (Oslo) and the rest fast: the phase ends on its slowest trial.
const CITIES = ['Oslo', 'Lima', 'Cairo', 'Perth', 'Quito'];
const tasks: Task[] = CITIES.map((city) => ({
  ...FORECAST_TASK,
  id: `forecast-${city.toLowerCase()}`,
  prompt: FORECAST_TASK.prompt.replace('Oslo', city),
  plan: [{ tool: 'get_forecast', arguments: { city } }],
  boundArguments: [{ city }],
}));
const ground = { prior: undefined, tools: { tools: WEATHER_TOOLS }, safety: [] };
// Neither phase opens a session for a contains check, so no server is started.
const PHASES: Phase[] = ['null-no-tools', 'null-stubbed-empty'];

async function runAt(concurrency: number, curtail?: PhasePlan['curtail']) {
  const config = resolveConfig({
    target: { kind: 'stdio', argv: ['node', 'server.js'] },
    env: {},
    concurrency,
  });
  const models = resolveModels(config);
  const delay = (prompt: string) => (prompt.includes('Oslo') ? 150 : 10);
  const runner = { ...models.runner, model: slowModel(models.runner.model, delay) };
  const events: RunEvent[] = [];
  const ctx = createRunContext({
    config,
    models: { ...models, runner },
    outDir: mkdtempSync(join(tmpdir(), 'phase-run-')),
    slug: 'server',
    emit: (e) => events.push(e),
  });
  const plans = PHASES.map((phase) => ({ tasks, phase, reps: 1, ...(curtail ? { curtail } : {}) }));
  const results = await runPhases(ctx, new RunTally(ctx.emit), ground, plans);
  await closeTapes(ctx.tapes, 'test over');
  return { results, events };
}

const shape = (rs: readonly TrialResult[]) =>
  rs.map((r) => [r.phase, r.taskId, r.rep, r.checkPassed, r.steps]);
/** Where, in the event stream, the second phase opened and the first phase's last trial ended. */
function boundary(events: readonly RunEvent[]) {
  const opened = events.findIndex((e) => e.type === 'phase' && e.phase === 'null-stubbed-empty');
  const lastFirst = events.findLastIndex((e) => e.type === 'trial' && e.phase === 'null-no-tools');
  return { opened, lastFirst };
}

describe('phases sharing one pool', () => {
  it('returns each phase in its registered order, the same at concurrency 4 as at 1', async () => {
    const one = await runAt(1);
    const four = await runAt(4);
    expect(one.results.map((rs) => rs.map((r) => r.taskId))).toEqual([
      tasks.map((t) => t.id),
      tasks.map((t) => t.id),
    ]);
    expect(four.results.map(shape)).toEqual(one.results.map(shape));
  });

  it('starts the next phase while the slow trial of the one before runs, at concurrency 4 only', async () => {
    const one = boundary((await runAt(1)).events);
    expect(one.opened).toBeGreaterThan(one.lastFirst);
    const four = boundary((await runAt(4)).events);
    expect(four.opened).toBeLessThan(four.lastFirst);
  });

  it('curtails one phase and lets the next run, showing each phase its own and the others so far', async () => {
    const seen: { ended: number; sofar: [Phase, number, number][] }[] = [];
    const curtail = (ended: readonly TrialResult[], _: number, sofar: ReadonlyMap<Phase, PhaseSoFar>) => {
      seen.push({
        ended: ended.length,
        sofar: [...sofar].map(([p, s]) => [p, s.ended.length, s.registered]),
      });
      return ended[0]?.phase === 'null-no-tools' && ended.length === 2;
    };
    const { results, events } = await runAt(1, curtail);
    expect(results.map((rs) => rs.length)).toEqual([2, 5]);
    expect(events.filter((e) => e.type === 'curtailed')).toEqual([
      { type: 'curtailed', phase: 'null-no-tools', at: 2, registered: 5 },
    ]);
    // The second phase's first check sees the first stopped at 2 of 5.
    expect(seen[2]?.sofar).toEqual([
      ['null-no-tools', 2, 5],
      ['null-stubbed-empty', 1, 5],
    ]);
  });
});
