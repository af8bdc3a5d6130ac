import type { Transport } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from 'vitest';
import { ferryServer } from '../../examples/servers/lib/ferries.js';
import { runFitness } from '../../src/run/run-fitness.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { memoryServer } from '../support/memory-server.js';
import { outDir } from './run/helpers.js';

/** The client end of `inner`, except that every `tools/list` request is lost on the way. */
function dropToolsList(inner: Transport): Transport {
  const send = inner.send.bind(inner);
  inner.send = async (message, options) => {
    if ('method' in message && message.method === 'tools/list') return;
    return send(message, options);
  };
  return inner;
}

/**
 * A server that answers the handshake but never tools/list: the surface was never seen, so the run
 * is VOID on a timeout (the measurement could not be made), not INSUFFICIENT_SURFACE (a statement
 * that the server has too few tools). The listing waits as long as a handshake may, not the short
 * call deadline, so a slow list on a loaded machine is not mistaken for a missing one; so do the
 * protocol probes, never longer than the handshake may.
 */
describe('a server that never answers tools/list', () => {
  const base = memoryServer(
    'well-made',
    () => () => ferryServer('planted-well-made', { bookings: new Map() }),
  );
  const target = { ...base, connect: () => dropToolsList(base.connect()) };
  afterAll(() => base.closeAll());

  it('is VOID timeout after the handshake deadline (--connect-timeout), with a record that verifies', async () => {
    const r = await runFitness({
      seed: 1,
      target,
      outDir: outDir(),
      env: {},
      callTimeoutMs: 1000,
      connectTimeoutMs: 3000,
    });
    expect(r.record.outcome).toBe('VOID');
    expect(r.record.void?.reason).toBe('timeout');
    expect(r.record.void?.detail).toMatch(/no answer to tools\/list within 3000 ms/);
    expect(r.record.refusal).toBeUndefined();
    // The probes that list tools waited no longer than a handshake may either (their default is 15 s).
    const listing = r.record.probes.filter((p) => /tools\/list answered no response/.test(p.detail ?? ''));
    expect(listing.length).toBeGreaterThan(0);
    for (const p of listing) expect(p.detail).toMatch(/within 3000 ms/);
    const check = await verifyFitnessRun(r.dir);
    expect(check.problems).toEqual([]);
  }, 120_000);
});
