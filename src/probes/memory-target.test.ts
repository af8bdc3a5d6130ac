import { afterAll, describe, expect, it } from 'vitest';
import { catalogueServer } from '../../examples/servers/lib/catalogue-server.js';
import { memoryServer } from '../../test/support/memory-server.js';
import { probeTarget } from './target.js';

const target = memoryServer('catalogue', () => () => catalogueServer('fixture-good'));
afterAll(() => target.closeAll());

describe('the probes on an in-memory target', () => {
  it('runs the protocol probes over a fresh transport per exchange', async () => {
    const lines: unknown[] = [];
    const tape = {
      message: (_dir: 'in' | 'out', raw: unknown) => lines.push(raw),
      event: (_kind: string, raw: unknown) => lines.push(raw),
    };
    const results = await probeTarget(target, tape);
    expect(results.length).toBeGreaterThan(0);
    // A probe that needs HTTP does not apply; none fails on the well-formed catalogue server.
    expect(results.filter((r) => r.pass === false).map((r) => r.id)).toEqual([]);
    expect(lines.length).toBeGreaterThan(0);
  });
});
