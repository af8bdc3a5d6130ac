import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ferryServer } from '../../examples/servers/lib/ferries.js';
import { runFitness } from '../../src/run/run-fitness.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { validateTape } from '../../src/tape/validate.js';
import { memoryServer } from '../support/memory-server.js';
import { outDir } from './run/helpers.js';

/**
 * The whole pipeline against the planted well-made server (examples/servers/well-made.js's factory)
 * as a server object in this process: the same outcome as over stdio, a record that verifies, a
 * wire tape that validates and says its transport. Each session gets fresh bookings, as each stdio
 * process does.
 */
describe('a run against an in-memory target', () => {
  const target = memoryServer('well-made', () => {
    const bookings = new Map();
    return () => ferryServer('planted-well-made', { bookings });
  });
  afterAll(() => target.closeAll());

  it('is SCORED like the stdio run, verifies, and its record and tape say memory', async () => {
    const r = await runFitness({ seed: 1, target, outDir: outDir(), env: {} });
    expect(r.outcome).toBe('SCORED');
    expect(r.record.identity.target).toEqual({ kind: 'memory', description: 'memory:well-made' });
    expect(r.record.identity.serverSlug).toBe('planted-well-made');
    const check = await verifyFitnessRun(r.dir);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    const wire = readFileSync(join(r.dir, 'wire.jsonl'), 'utf8');
    expect(validateTape(wire, { profile: 'fitness-report' }).errors).toEqual([]);
    expect(JSON.parse(wire.slice(0, wire.indexOf('\n')))).toMatchObject({
      label: 'memory:well-made',
      command: ['fitness-report', 'run', 'memory:well-made'],
    });
    expect(r.record.score).toBeDefined();
  }, 300_000);
});
