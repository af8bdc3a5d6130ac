import { describe, expect, it } from 'vitest';
import { mapLimit } from './pool.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mapLimit', () => {
  it('keeps input order and never runs more than the limit', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await mapLimit([5, 1, 4, 2, 3, 0], 3, async (ms, i) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await tick(ms);
      inFlight -= 1;
      return i * 10;
    });
    expect(out).toEqual([0, 10, 20, 30, 40, 50]);
    expect(most).toBe(3);
  });

  it('starts nothing after an item throws, and rethrows only once the running items have finished', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const run = mapLimit([0, 1, 2, 3, 4, 5], 2, async (i) => {
      started.push(i);
      if (i === 1) throw new Error('item 1 failed');
      await tick(10);
      finished.push(i);
      return i;
    });
    await expect(run).rejects.toThrow('item 1 failed');
    // Item 0 was running when item 1 failed: it finished before the error came back, and neither
    // worker started another item after the failure.
    expect(started).toEqual([0, 1]);
    expect(finished).toEqual([0]);
  });
});
