import { describe, expect, it } from 'vitest';
import { Outcome } from '../record/outcome.js';
import { PLANTED } from './catalogue.js';
import { demoRuns } from './demo.js';
import { plantedRun } from './execute.js';

describe('demoRuns', () => {
  it('runs every planted server and one real server', () => {
    const { plans, skipped } = demoRuns();
    expect(skipped).toEqual([]);
    expect(plans.map((p) => p.id)).toEqual([...PLANTED.map((p) => p.id), 'server-memory']);
    expect(plans.at(-1)?.expect).toBeUndefined();
  });
});

describe('PLANTED', () => {
  it('covers every outcome, the EXTEND path both ways, and a hostile server', () => {
    const outcomes = new Set(PLANTED.map((p) => p.expect.outcome));
    // Every outcome the record can publish, so a new one cannot go without a planted server.
    for (const outcome of Outcome.options) expect(outcomes.has(outcome), outcome).toBe(true);
    expect(PLANTED.filter((p) => p.script === 'flaky.js').map((p) => p.extensions ?? 2)).toEqual([2, 0]);
    expect(new Set(PLANTED.map((p) => p.id)).size).toBe(PLANTED.length);
  });
});

describe('plantedRun', () => {
  it('passes a planted run its registration flags and nothing else', () => {
    const options = (id: string) => {
      const planted = PLANTED.find((p) => p.id === id);
      if (!planted) throw new Error(`no planted run ${id}`);
      return plantedRun(planted).options;
    };
    expect(options('well-made')).toBeUndefined();
    expect(options('flaky-no-extensions')).toEqual({ extensions: 0 });
    expect(options('unanswered')).toBeUndefined();
    expect(options('repository')?.given?.repo_path).toMatch(/[/\\]data[/\\]harbour-repo$/);
  });
});
