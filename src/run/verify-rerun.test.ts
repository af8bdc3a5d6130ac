import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLIPPING_TASKS } from '../../test/support/paired-tasks.js';
import { taskLevelTest } from '../record/paired-tasks.js';
import { RERUN_STATEMENT } from '../record/rerun.js';
import { mcnemarExact } from '../stats/mcnemar.js';
import { wilson } from '../stats/wilson.js';
import { verifyRerunDir } from './verify-rerun.js';

const sha = 'a'.repeat(64);
const rate = (k: number, n: number) => ({ k, n, wilson: wilson(k, n) });
const tasks = FLIPPING_TASKS;

function record(effect: Record<string, unknown>) {
  const t = mcnemarExact(0, 6, 0.05);
  return {
    schema: 'fitness-report.rerun/1',
    runId: 'x-rerun-20261201T120000Z',
    rerunOf: { runId: 'x-20261201T110000Z', suiteHash: sha, surfaceDigest: sha, recordSha256: sha },
    outcome: 'MEASURED',
    startedAt: '2026-12-01T12:00:00.000Z',
    endedAt: '2026-12-01T12:01:00.000Z',
    producer: { name: 'fitness-report', version: '0.1.0' },
    runner: 'heuristic',
    target: { kind: 'stdio', description: 'node server.js' },
    targetFrom: 'original',
    statement: RERUN_STATEMENT,
    overrides: [],
    effect: {
      pairs: 12,
      original: rate(4, 12),
      rewritten: rate(10, 12),
      mcnemar: { b: 0, c: 6, discordant: 6, pValue: t.pValue, alpha: 0.05, rejects: t.rejects },
      statement: 'x',
      runnerKind: 'lexical',
      evidence: { original: [], rewritten: [] },
      ...effect,
    },
    notes: [],
    files: [],
  };
}

async function taskCheck(doc: unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'fitness-verify-rerun-'));
  writeFileSync(join(dir, 'rerun.json'), JSON.stringify(doc));
  const { checks } = await verifyRerunDir(dir, new Map(), true);
  return checks.find((c) => c.check === 'task-level test' || c.check === 'record');
}

describe('verify on a rerun: the task-level test', () => {
  it('recomputes it from the stored per-task counts', async () => {
    const c = await taskCheck(
      record({ taskLevel: taskLevelTest(tasks, 0.05), verdict: 'no measurable effect' }),
    );
    expect(c).toMatchObject({ check: 'task-level test', ok: true });
    expect(c?.detail).toMatch(
      /^4 tasks, 2 changed, sum 6: exact sign-flip p = 0\.5000 at alpha 0\.05 .*recomputed the same/,
    );
  });

  it('fails on a p-value that is not the one the counts give', async () => {
    const t = { ...taskLevelTest(tasks, 0.05), pValue: 0.25 };
    const c = await taskCheck(record({ taskLevel: t, verdict: 'no measurable effect' }));
    expect(c).toMatchObject({ check: 'task-level test', ok: false });
    expect(c?.detail).toMatch(/\(recomputed p = 0\.5000, sum 6\)$/);
  });

  it('reads a rerun made before the method as not recorded', async () => {
    const c = await taskCheck(record({ verdict: 'improved' }));
    expect(c).toEqual({
      check: 'task-level test',
      ok: true,
      detail: 'task-level test not recorded: rerun made before this method',
    });
  });
});
