import { describe, expect, it } from 'vitest';
import { resolveConfig } from './config.js';

const target = { kind: 'stdio' as const, argv: ['node', 'server.js'] };

describe('each run is its own measurement', () => {
  it('a run with no --seed gets a fresh random seed; --seed N is kept to reproduce a run', () => {
    const seeds = new Set(Array.from({ length: 8 }, () => resolveConfig({ target, env: {} }).seed));
    expect(seeds.size).toBeGreaterThan(1);
    for (const seed of seeds) expect(Number.isSafeInteger(seed)).toBe(true);
    expect(resolveConfig({ target, env: {}, seed: 42 }).seed).toBe(42);
    expect(resolveConfig({ target, env: {}, seed: 42 }).seed).toBe(42);
  });
});
