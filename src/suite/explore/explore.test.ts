import { describe, expect, it } from 'vitest';
import { admitCandidates } from '../admission/admit.js';
import { surfaceSafety } from '../destructive.js';
import { library, librarySurface } from '../testing/library.js';
import { explore } from './explore.js';

async function run(seed: number, count = 30) {
  const surface = librarySurface();
  const lib = library();
  const safety = surfaceSafety(surface);
  const result = await explore({ surface, safety, caller: lib.caller, seed, count });
  return { result, lib, surface, safety };
}

describe('explore/1', () => {
  it('is deterministic for a seed', async () => {
    const a = await run(11);
    const b = await run(11);
    expect(b.result).toEqual(a.result);
    expect(b.lib.calls).toEqual(a.lib.calls);
    const c = await run(12);
    expect(c.result.candidates.map((x) => x.prompt)).not.toEqual(a.result.candidates.map((x) => x.prompt));
  });

  it('calls only read-only tools and says which it skipped', async () => {
    const { result, lib } = await run(1);
    const called = new Set(lib.calls.map((c) => c.name));
    expect(called.has('withdraw_book')).toBe(false);
    expect(called.has('add_note')).toBe(false);
    expect(result.skipped).toEqual(['add_note', 'withdraw_book']);
    expect(result.calls).toBe(lib.calls.length);
  });

  it('chains list → get through $from and names the entry by a sibling, not by the key', async () => {
    const { result } = await run(3, 100);
    const chained = result.candidates.filter((c) => c.plan.length === 2);
    expect(chained.length).toBeGreaterThan(0);
    for (const candidate of chained) {
      expect(candidate.plan[0]).toEqual({ tool: 'list_books', arguments: {} });
      expect(candidate.plan[1]?.arguments.id).toMatchObject({
        $from: { step: 0, pointer: expect.stringMatching(/^\/books\/\d\/id$/) },
      });
      expect(candidate.prompt).toMatch(/find the entry whose title is "/);
      expect(candidate.expectedTools).toEqual(['list_books', 'get_book']);
    }
  });

  it('asks for at most `count` candidates, spread across tools, with plain ids', async () => {
    const { result } = await run(5, 4);
    expect(result.candidates).toHaveLength(4);
    expect(result.candidates.map((c) => c.id)).toEqual(['x001', 'x002', 'x003', 'x004']);
    expect(new Set(result.candidates.map((c) => c.plan[c.plan.length - 1]?.tool)).size).toBeGreaterThan(1);
  });

  it('produces candidates that survive admission, keys grounded by re-execution', async () => {
    const { result, surface, safety } = await run(9, 100);
    const lib = library();
    const entries = await admitCandidates(result.candidates, {
      surface,
      safety,
      allowDestructive: false,
      caller: lib.caller,
    });
    const admitted = entries.filter((e) => e.verdict.admitted);
    const rejected = entries.flatMap((e) =>
      e.verdict.admitted ? [] : [`${e.id}: ${e.verdict.rule} ${e.verdict.detail}`],
    );
    expect(rejected).toEqual([]);
    expect(admitted.length).toBeGreaterThanOrEqual(10);
    for (const entry of entries) {
      if (!entry.verdict.admitted) continue;
      const key = String(entry.verdict.task.answerKey);
      expect(entry.verdict.task.prompt.toLowerCase()).not.toContain(key.toLowerCase());
    }
  });

  it('never picks a value the server instructions already spell out', async () => {
    const surface = {
      ...librarySurface(),
      instructions: 'Our favourite: The Salt Cartographer by Ilse Marwood.',
    };
    const safety = surfaceSafety(surface);
    const result = await explore({ surface, safety, caller: library().caller, seed: 2, count: 200 });
    const lib = library();
    const entries = await admitCandidates(result.candidates, {
      surface,
      safety,
      allowDestructive: false,
      caller: lib.caller,
    });
    const keys = entries.flatMap((e) => (e.verdict.admitted ? [String(e.verdict.task.answerKey)] : []));
    expect(keys).not.toContain('The Salt Cartographer');
    expect(keys).not.toContain('Ilse Marwood');
    expect(entries.filter((e) => !e.verdict.admitted)).toEqual([]);
  });
});
