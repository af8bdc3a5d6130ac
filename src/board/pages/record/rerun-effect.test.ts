import { describe, expect, it } from 'vitest';
import { FLIPPING_TASKS } from '../../../../test/support/paired-tasks.js';
import { taskLevelTest } from '../../../record/paired-tasks.js';
import { RERUN_STATEMENT, RerunRecord } from '../../../record/rerun.js';
import { mcnemarExact } from '../../../stats/mcnemar.js';
import { wilson } from '../../../stats/wilson.js';
import { NESTED } from '../links.js';
import { measuredEffects } from './rerun-effect.js';

const sha = 'a'.repeat(64);
const rate = (k: number, n: number) => ({ k, n, wilson: wilson(k, n) });

const tasks = FLIPPING_TASKS;

/** A rerun made before the task-level test (its verdict followed McNemar), or one made with it. */
function rerun(description: string, withTaskLevel = false) {
  const t = mcnemarExact(0, 6, 0.05);
  return RerunRecord.parse({
    schema: 'fitness-report.rerun/1',
    runId: 'planted-ambiguous-rerun-20261201T120000Z',
    rerunOf: {
      runId: 'planted-ambiguous-20261201T110000Z',
      suiteHash: sha,
      surfaceDigest: sha,
      recordSha256: sha,
    },
    outcome: 'MEASURED',
    startedAt: '2026-12-01T12:00:00.000Z',
    endedAt: '2026-12-01T12:01:00.000Z',
    producer: { name: 'fitness-report', version: '0.1.0' },
    runner: 'anthropic:claude-x',
    target: { kind: 'stdio', description: 'node server.js' },
    targetFrom: 'original',
    statement: RERUN_STATEMENT,
    overrides: [
      {
        tool: 'get_vessel',
        description,
        parameters: [{ name: 'vessel', description: 'The id.', rename: 'vesselId' }],
        proposals: [{ tool: 'get_vessel', generator: 'rules/1', answers: ['error-text:get_vessel'] }],
      },
    ],
    effect: {
      pairs: 12,
      original: rate(4, 12),
      rewritten: rate(10, 12),

      ...(withTaskLevel ? { taskLevel: taskLevelTest(tasks, 0.05) } : {}),
      mcnemar: { b: 0, c: 6, discordant: 6, pValue: t.pValue, alpha: 0.05, rejects: t.rejects },
      verdict: withTaskLevel ? 'no measurable effect' : 'improved',
      statement: 'the rewrites helped this runner model: …',
      runnerKind: 'model',
      evidence: { original: ['agent:12'], rewritten: ['agent:14'] },
    },
    notes: [],
    files: [],
  });
}

describe('the record page: measured effect of the proposals', () => {
  it('shows both rates, b and c, p, the verdict and links to both runs side by side', () => {
    const out = String(measuredEffects('planted-ambiguous-20261201T110000Z', [rerun('Use the id.')], NESTED));
    expect(out).toContain('first try 4/12');
    expect(out).toContain('first try 10/12');
    expect(out).toContain('b = 0 passed first try only originally, c = 6 only with the rewrites');
    expect(out).toContain('p = 0.0313');
    expect(out).toContain('<strong>improved</strong>');
    expect(out).toContain('compare=planted-ambiguous-rerun-20261201T120000Z');
    expect(out).toContain('line=agent%3A14');
    expect(out).not.toContain('lexical agent');
    expect(out).toContain('task-level test not recorded: rerun made before this method');
  });

  it('shows the verdict and p of the task-level test as recorded, McNemar as a description only', () => {
    const r = rerun('Use the id.', true);
    const out = String(measuredEffects('planted-ambiguous-20261201T110000Z', [r], NESTED));
    expect(out).toContain('<strong>no measurable effect</strong>');
    expect(out).toContain(
      'per task (the unit of the test): 4 tasks paired; first-try successes rose on 2, fell on 0, sum of differences +6; exact sign-flip test (two-sided) p = 0.500 at the pre-registered alpha 0.05: does not reject',
    );
    expect(out).toContain(
      'a description only (reps of one task are not independent): exact McNemar over trials (two-sided) p = 0.0313</li>',
    );
    expect(out).not.toContain('not recorded');
    // Read from the record, never recomputed: an edited p (still under alpha's verdict) is what shows.
    const edited = RerunRecord.parse({
      ...r,
      effect: { ...r.effect, taskLevel: { ...r.effect?.taskLevel, pValue: 0.25 } },
    });
    expect(String(measuredEffects('planted-ambiguous-20261201T110000Z', [edited], NESTED))).toContain(
      'p = 0.250 at the pre-registered alpha',
    );
  });

  it('escapes the proposed description (server text lives in it)', () => {
    const out = String(
      measuredEffects('planted-ambiguous-20261201T110000Z', [rerun('<script>alert(1)</script>')], NESTED),
    );
    expect(out).not.toContain('<script>');
    expect(out).toContain('&lt;script&gt;');
  });

  it('says how to measure when no rerun exists', () => {
    expect(String(measuredEffects('x-20261201T110000Z', [], NESTED))).toMatch(
      /rerun x-20261201T110000Z --with-rewrites/,
    );
  });
});
