import { describe, expect, it } from 'vitest';
import { PlanPowerGate } from '../record/gate.js';
import { PREREG_DEFAULTS as D } from '../record/prereg.js';
import { wilson } from '../stats/index.js';
import { GateInputError } from './errors.js';
import { planPowerGate } from './plan-power.js';

/** `tasks` registered at 3 construct reps, two batches of 6, planned for `runner`. */
const plan = (tasks: number, runner: string, batch = 6, maxExtensions = 2) =>
  planPowerGate({
    construct: D.construct,
    registeredTrials: tasks * 3,
    trialsPerBatch: batch * 3,
    maxExtensions,
    design: { registeredTasks: tasks, tasksPerBatch: batch, runner },
  });

describe('plan_power: the effective sample it plans for', () => {
  it('a deterministic runner: 48 trials are 16 observations, 84 are 28; a perfect run is not clustered-PASS at either', () => {
    const g = plan(16, 'heuristic');
    expect(g.effective).toEqual({
      runnerDeterminism: { deterministic: true, basis: 'heuristic' },
      registeredTasks: 16,
      maxTasks: 28,
      atRegistered: { min: 16, max: 16 },
      atMax: { min: 28, max: 28 },
      perfectClusteredLowerAtRegistered: wilson(16, 16).lower,
      perfectClusteredLowerAtMax: wilson(28, 28).lower,
      perfectClusteredPassAtRegistered: false,
      perfectClusteredPassAtMax: false,
    });
    expect(g.effective?.perfectClusteredLowerAtRegistered).toBeCloseTo(0.806, 3);
    expect(g.effective?.perfectClusteredLowerAtMax).toBeCloseTo(0.879, 3);
    // The trial-counted plan is unchanged: the construct gate decides on this suite's trials.
    expect(g).toMatchObject({ registeredTrials: 48, maxTrials: 84, perfectPassAtRegistered: true });
    expect(g.reason).toBeUndefined();
    expect(g.explain).toContain('a perfect reference run publishes PASS at 48.');
    expect(g.explain).toContain(
      'A deterministic runner repeats itself, so its reps add no information: 48 construct trials are 16 independent observations, and 84 are 28 after the last extension',
    );
    expect(g.explain).toContain('80.6% at 16 and 87.9% at 28, under the 90.0% threshold');
    expect(g.explain).toContain(
      "The construct gate decides on this suite's trials: its claim is about these tasks, each of them observed (see docs/statistics.md, 'Which question each interval answers').",
    );
  });

  it('a sampled runner: the range [tasks, trials], and the same perfect-run bound (its reps all agree)', () => {
    const g = plan(16, 'anthropic:claude-sonnet-4');
    expect(g.effective).toMatchObject({
      runnerDeterminism: { deterministic: false, basis: 'sampled' },
      atRegistered: { min: 16, max: 48 },
      atMax: { min: 28, max: 84 },
      perfectClusteredPassAtRegistered: false,
      perfectClusteredPassAtMax: false,
    });
    expect(g.effective?.perfectClusteredLowerAtRegistered).toBe(wilson(16, 16).lower);
    expect(g.explain).toContain(
      '48 construct trials carry 16 to 48 independent observations, and 84 carry 28 to 84',
    );
    expect(g.explain).toContain('unknown before the run');
  });

  it('40 tasks on a deterministic runner: a perfect run reaches the threshold clustered (Wilson(40, 40) lower ≈ 0.912)', () => {
    const g = plan(40, 'heuristic', 6, 0);
    expect(g.effective).toMatchObject({
      maxTasks: 40,
      atRegistered: { min: 40, max: 40 },
      atMax: { min: 40, max: 40 },
      perfectClusteredPassAtRegistered: true,
      perfectClusteredPassAtMax: true,
    });
    expect(g.effective?.perfectClusteredLowerAtRegistered).toBeCloseTo(0.912, 3);
    expect(g.explain).toContain('91.2% at 40, reaching the 90.0% threshold');
    expect(g.explain).not.toContain('after the last extension;');
  });

  it('says when only the extensions reach it: 30 tasks, two batches of 6', () => {
    const g = plan(30, 'heuristic');
    expect(g.effective).toMatchObject({
      perfectClusteredPassAtRegistered: false,
      perfectClusteredPassAtMax: true,
    });
    expect(g.explain).toContain('88.6% at 30, under the 90.0% threshold, and 91.6% at 42, reaching it');
  });

  it('one rep per task: trials are the observations whatever the runner', () => {
    const g = planPowerGate({
      construct: D.construct,
      registeredTrials: 12,
      trialsPerBatch: 0,
      maxExtensions: 0,
      design: { registeredTasks: 12, tasksPerBatch: 0, runner: 'anthropic:claude-sonnet-4' },
    });
    expect(g.effective).toMatchObject({ atRegistered: { min: 12, max: 12 }, atMax: { min: 12, max: 12 } });
    expect(g.explain).toContain(
      'One construct rep per task: 12 construct trials are 12 independent observations',
    );
  });

  it('rejects a design whose tasks and trials disagree', () => {
    const bad = (design: { registeredTasks: number; tasksPerBatch: number; runner: string }) => () =>
      planPowerGate({
        construct: D.construct,
        registeredTrials: 48,
        trialsPerBatch: 18,
        maxExtensions: 2,
        design,
      });
    expect(bad({ registeredTasks: 15, tasksPerBatch: 6, runner: 'heuristic' })).toThrow(GateInputError);
    expect(bad({ registeredTasks: 16, tasksPerBatch: 5, runner: 'heuristic' })).toThrow('trialsPerBatch');
    expect(bad({ registeredTasks: 0, tasksPerBatch: 6, runner: 'heuristic' })).toThrow('registeredTasks=0');
    expect(bad({ registeredTasks: 16, tasksPerBatch: 6, runner: '' })).toThrow('runner');
  });

  it('without a design, decides a record planned before the design effect was stated exactly as before', () => {
    const g = planPowerGate({
      construct: D.construct,
      registeredTrials: 48,
      trialsPerBatch: 18,
      maxExtensions: 2,
    });
    expect(g.effective).toBeUndefined();
    expect(g.explain).not.toContain('independent observations');
    expect(PlanPowerGate.safeParse(g).success).toBe(true);
  });

  it('the schema rejects a deterministic range wider than the task count', () => {
    const g = plan(16, 'heuristic');
    const wide = { ...g, effective: { ...g.effective, atRegistered: { min: 16, max: 48 } } };
    expect(PlanPowerGate.safeParse(wide).success).toBe(false);
  });
});
