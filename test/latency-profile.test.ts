// The bench's latency model (test/support/latency/profile.ts) reads the shipped profile, names the
// file and field of a broken one in one line, and draws the same delays for the same seed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { latencyDraws, loadLatencyProfile } from './support/latency/profile.js';

const SHIPPED = resolve(import.meta.dirname, '../bench/data/latency-profile.json');
const temp = mkdtempSync(join(tmpdir(), 'latency-profile-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function written(name: string, content: string): string {
  const path = join(temp, name);
  writeFileSync(path, content);
  return path;
}

describe('the latency profile', () => {
  it('reads the shipped profile: hosted steps take seconds, remote calls a third of one', () => {
    const profile = loadLatencyProfile(SHIPPED);
    expect(profile.model.samples).toHaveLength(profile.model.count);
    expect(profile.model.medianMs).toBeGreaterThan(1000);
    expect(profile.tools.medianMs).toBeLessThan(profile.model.medianMs);
    expect(profile.model.source).toMatch(/published runs/);
  });

  it('names the file and the field of a malformed profile in one line', () => {
    const shipped = loadLatencyProfile(SHIPPED);
    const broken = {
      ...shipped,
      model: { ...shipped.model, samples: [{ ms: 'slow', inputTokens: 1, outputTokens: 1 }], count: 1 },
    };
    const path = written('broken.json', JSON.stringify(broken));
    expect(() => loadLatencyProfile(path)).toThrow(
      `${path}: model.samples[0].ms: expected number, got "slow"`,
    );
    const counted = written(
      'count.json',
      JSON.stringify({ ...shipped, tools: { ...shipped.tools, count: 3 } }),
    );
    expect(() => loadLatencyProfile(counted)).toThrow(
      /count\.json: tools\.count: says 3 samples, the file has 785/,
    );
    expect(() => loadLatencyProfile(written('text.json', 'latency'))).toThrow(/text\.json: not JSON/);
    expect(() => loadLatencyProfile(join(temp, 'missing.json'))).toThrow(
      /missing\.json: cannot read the latency profile \(ENOENT\)/,
    );
    for (const bad of ['broken.json', 'count.json', 'text.json'])
      expect(() => loadLatencyProfile(join(temp, bad))).toThrow(/^[^\n]+$/);
  });

  it('draws the same delays for the same seed, scaled, from the observed samples', () => {
    const profile = loadLatencyProfile(SHIPPED);
    const a = latencyDraws(profile, 7);
    const b = latencyDraws(profile, 7);
    const half = latencyDraws(profile, 7, 0.5);
    const seen = new Set(profile.model.samples.map((s) => s.ms));
    for (let i = 0; i < 50; i += 1) {
      const ms = a.modelMs();
      expect(seen.has(ms)).toBe(true);
      expect(b.modelMs()).toBe(ms);
      expect(half.modelMs()).toBe(ms / 2);
    }
    const other = latencyDraws(profile, 8);
    const draws = (d: typeof a) => Array.from({ length: 20 }, () => d.toolMs());
    expect(draws(other)).not.toEqual(draws(latencyDraws(profile, 7)));
  });
});
