import { describe, expect, it } from 'vitest';
import { runFitness } from '../../src/run/run-fitness.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { outDir } from './run/helpers.js';

describe('a per-trial budget too small for the server’s answers', () => {
  it('refuses INDETERMINATE reference_out_of_budget, names the flag, and verify recounts it from the tape', async () => {
    // well-made's answers are ordinary; 1500 tokens a trial cuts the reference short on most tasks.
    const server = plantedInMemory('well-made');
    const r = await runFitness({
      seed: 1,
      target: server,
      runner: 'heuristic',
      judge: 'heuristic',
      outDir: outDir(),
      tokenBudget: 1500,
    });
    await server.closeAll();
    expect(r.outcome).toBe('INDETERMINATE');
    expect(r.record.refusal).toMatchObject({ gate: 'construct', reason: 'reference_out_of_budget' });
    const construct = r.record.gates.find((g) => g.gate === 'construct');
    if (construct?.gate !== 'construct') throw new Error('no construct gate');
    const ended = construct.input?.budgetEnded?.token_budget ?? 0;
    expect(ended).toBeGreaterThan(0);
    expect(ended).toBeLessThanOrEqual(construct.n - construct.k);
    expect(construct.explain).toContain(`${ended} on its token budget (--token-budget)`);
    expect(construct.explain).toContain("rests on trials the registration's per-trial limits cut short");
    const verified = await verifyFitnessRun(r.dir);
    expect(verified.problems).toEqual([]);
    expect(
      verified.checks.find((c) => c.check === 'tape counts construct budget-ended failures'),
    ).toMatchObject({
      ok: true,
    });
  }, 300_000);
});
