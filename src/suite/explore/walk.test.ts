import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../../test/support/explorable-policy.js';
import { librarySurface, slowLibrary } from '../../../test/support/suite/library.js';
import { surfaceSafety } from '../destructive.js';
import { applyPolicy, type ExplorablePolicy } from '../explorable.js';
import { explore2 } from './explore2.js';

async function exploreAt(concurrency: number, policy: ExplorablePolicy = DEFAULT_POLICY) {
  const surface = librarySurface();
  const lib = slowLibrary();
  const result = await explore2({
    surface,
    safety: applyPolicy(surface, surfaceSafety(surface), policy),
    policy,
    caller: lib.caller,
    seed: 5,
    count: 60,
    given: [],
    concurrency,
  });
  return { result, lib };
}

const sorted = (calls: { name: string; args: unknown }[]) => calls.map((c) => JSON.stringify(c)).sort();

describe('explore/2 with concurrency', () => {
  it('proposes the same candidates and ledger as one call at a time, from the same calls', async () => {
    const one = await exploreAt(1);
    const four = await exploreAt(4);
    expect(one.lib.most()).toBe(1);
    expect(four.lib.most()).toBeGreaterThan(1);
    expect(four.lib.most()).toBeLessThanOrEqual(4);
    expect(four.result).toEqual(one.result);
    expect(sorted(four.lib.calls)).toEqual(sorted(one.lib.calls));
    expect(one.result.candidates.length).toBeGreaterThan(0);
  });

  it('calls a tool that is not read-only with nothing else in flight', async () => {
    const policy = { ...DEFAULT_POLICY, allowDestructive: true };
    const one = await exploreAt(1, policy);
    const four = await exploreAt(4, policy);
    const writes = ['add_note', 'withdraw_book'].filter((t) => (four.lib.alone[t]?.length ?? 0) > 0);
    expect(writes.length).toBeGreaterThan(0);
    for (const tool of writes) expect(four.lib.alone[tool]?.every(Boolean), tool).toBe(true);
    expect(four.lib.most()).toBeGreaterThan(1);
    expect(four.result).toEqual(one.result);
    expect(four.lib.calls).toHaveLength(one.lib.calls.length);
  });
});
