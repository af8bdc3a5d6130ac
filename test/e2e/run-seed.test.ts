import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Policy } from '../../src/record/policy.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { captureIO, loadRun, outDir, runCommandOn } from './run/helpers.js';

/** `run` with no --seed unless given, on the planted ambiguous server served in memory (the subject is the seed). */
async function defaultRun(out: string, extra: string[] = []) {
  const io = captureIO();
  const target = plantedInMemory('ambiguous');
  await runCommandOn(target, ['--out', out, ...extra], io).finally(() => target.closeAll());
  const dir = (io.stdout.find((l) => l.startsWith('run: ')) ?? '').slice('run: '.length);
  const { record } = await loadRun(dir);
  const policy = Policy.parse(JSON.parse(readFileSync(join(dir, 'policy.json'), 'utf8')));
  return { record, policy };
}

/**
 * Each run is its own measurement: two default runs of one server (no --seed) draw two seeds,
 * recorded in their policies, and so register two suites; --seed N reproduces a run's suite.
 */
describe('default runs of one server', () => {
  const out = outDir();

  it('get two seeds and two suite hashes; --seed reproduces a suite', async () => {
    const a = await defaultRun(out);
    const b = await defaultRun(out);
    expect(a.policy.seed).not.toBe(b.policy.seed);
    expect(a.record.suite?.hash).toBeDefined();
    expect(a.record.suite?.hash).not.toBe(b.record.suite?.hash);
    const again = await defaultRun(out, ['--seed', String(a.policy.seed)]);
    expect(again.policy.seed).toBe(a.policy.seed);
    expect(again.record.suite?.hash).toBe(a.record.suite?.hash);
  }, 180_000);
});
