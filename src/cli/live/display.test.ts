import { describe, expect, it } from 'vitest';
import type { TrialCount } from '../../record/trial-count.js';
import type { RunEvent } from '../../run/events.js';
import { clock, type Display, displayLines, initialDisplay, reduceDisplay, spendText } from './display.js';

function reduce(events: readonly [RunEvent, number][], start = 0): Display {
  return events.reduce((d, [e, at]) => reduceDisplay(d, e, at), initialDisplay(start));
}

const trial = (count: TrialCount): RunEvent => ({ type: 'trial', phase: 'drive', count });

describe('the live display model', () => {
  it('starts connecting and follows completed stages to the next one', () => {
    expect(displayLines(initialDisplay(0), 0)[0]).toBe('connecting…');
    const d = reduce([[{ type: 'stage', stage: 'generate' }, 10]]);
    expect(displayLines(d, 10)[0]).toBe('admitting candidates…');
  });

  it('keeps showing generation when the probes beside it end', () => {
    const d = reduce([
      [{ type: 'stage', stage: 'connect' }, 1],
      [{ type: 'stage', stage: 'surface' }, 2],
      [{ type: 'stage', stage: 'policy' }, 3],
      [{ type: 'stage', stage: 'probes' }, 4],
    ]);
    expect(displayLines(d, 4)[0]).toBe('generating candidates…');
    const next = reduceDisplay(d, { type: 'stage', stage: 'generate' }, 5);
    expect(displayLines(next, 5)[0]).toBe('admitting candidates…');
  });

  it('counts a phase as the record counts it: trials done of registered, passes, failures, elapsed and ETA', () => {
    const d = reduce([
      [{ type: 'phase', phase: 'drive', registered: 10 }, 5_000],
      [trial('passed'), 7_000],
      [trial('failed'), 9_000],
      [trial('passed'), 11_000],
      [trial('failed'), 13_000],
    ]);
    expect(d.phases.drive?.counts).toMatchObject({ passed: 2, failed: 2, errors: 0 });
    // 4 trials in 8 s: 2 s each, 6 left: 12 s.
    expect(displayLines(d, 13_000)).toEqual([
      'drive: 4/10 trials · 2 passed, 2 failed · ETA 12s',
      'elapsed 13s · model calls 0 · spend $0.00',
    ]);
  });

  it('shows random-args trials that were not applicable apart, and construct oracle errors beside n', () => {
    const random = reduce([
      [{ type: 'phase', phase: 'null-random-args', registered: 16 }, 0],
      ...Array.from({ length: 12 }, (): [RunEvent, number] => [
        { type: 'trial', phase: 'null-random-args', count: 'failed' },
        1,
      ]),
      ...Array.from({ length: 4 }, (): [RunEvent, number] => [
        { type: 'trial', phase: 'null-random-args', count: 'not-applicable' },
        2,
      ]),
    ]);
    expect(displayLines(random, 2)[0]).toBe(
      'null-random-args: 16/16 trials · 0 passed, 12 failed · 4 not applicable · ETA 0s',
    );
    const construct = reduce([
      [{ type: 'phase', phase: 'construct', registered: 3 }, 0],
      [{ type: 'trial', phase: 'construct', count: 'passed' }, 1],
      [{ type: 'trial', phase: 'construct', count: 'error' }, 2],
    ]);
    expect(displayLines(construct, 2)[0]).toMatch(
      /^construct: 2\/3 trials · 1 passed, 0 failed · 1 oracle error \(not counted\) · ETA /,
    );
  });

  it('pools a phase opened again, as the record pools construct batches, and counts overlapping phases', () => {
    const d = reduce([
      [{ type: 'phase', phase: 'null-no-tools', registered: 2 }, 0],
      [{ type: 'phase', phase: 'null-stubbed-empty', registered: 2 }, 1],
      // A trial of the phase opened before ends after the next phase opened: it still counts.
      [{ type: 'trial', phase: 'null-no-tools', count: 'passed' }, 2],
      [{ type: 'phase', phase: 'construct', registered: 4 }, 3],
      [{ type: 'trial', phase: 'construct', count: 'failed' }, 4],
      [{ type: 'curtailed', phase: 'construct', at: 1, registered: 4 }, 4],
      [{ type: 'phase', phase: 'construct', registered: 2 }, 5],
      [{ type: 'trial', phase: 'construct', count: 'passed' }, 6],
    ]);
    expect(d.phases['null-no-tools']?.counts.passed).toBe(1);
    expect(displayLines(d, 6)[0]).toMatch(/^construct: 2\/3 trials · 1 passed, 1 failed · ETA /);
  });

  it('has no ETA before the first trial ends, and a curtailed phase ends at its curtailment', () => {
    const started = reduce([[{ type: 'phase', phase: 'null-no-tools', registered: 20 }, 0]]);
    expect(displayLines(started, 1000)[0]).toContain('ETA after the first trial');
    const cut = [
      [{ type: 'phase', phase: 'construct', registered: 20 }, 0],
      [{ type: 'trial', phase: 'construct', count: 'failed' }, 1000],
      [{ type: 'curtailed', phase: 'construct', at: 1, registered: 20 }, 1000],
    ] as const satisfies readonly [RunEvent, number][];
    expect(displayLines(reduce(cut), 1000)[0]).toBe(
      'construct: 1/20 trials · 0 passed, 1 failed · curtailed at 1 · ETA 0s',
    );
  });

  it('ignores a trial of a phase never opened and drops the phase when its stage completes', () => {
    const d = reduce([
      [{ type: 'phase', phase: 'drive', registered: 3 }, 0],
      [{ type: 'trial', phase: 'construct', count: 'passed' }, 1],
    ]);
    expect(d.phases.construct).toBeUndefined();
    expect(displayLines(d, 1)[0]).toMatch(/^drive: 0\/3 trials/);
    const after = reduceDisplay(d, { type: 'stage', stage: 'drive' }, 2);
    expect(after.phase).toBeUndefined();
    expect(displayLines(after, 2)[0]).toBe('findings…');
  });

  it('prices model calls as the record does: measured for a priced model', () => {
    const d = reduce([
      [
        {
          type: 'usage',
          rows: [
            {
              role: 'runner',
              model: 'anthropic:claude-sonnet-4-5',
              status: 'ok',
              inputTokens: 1_000_000,
              outputTokens: 0,
            },
            {
              role: 'judge',
              model: 'anthropic:claude-sonnet-4-5',
              status: 'ok',
              inputTokens: 0,
              outputTokens: 100_000,
            },
          ],
        },
        1,
      ],
    ]);
    // $3 per million input + $15 per million output × 0.1.
    expect(displayLines(d, 1)[1]).toBe('elapsed 0s · model calls 2 · spend $4.50');
  });

  it('says "at least" with the reason when a price or a usage report is missing', () => {
    const d = reduce([
      [
        {
          type: 'usage',
          rows: [
            {
              role: 'runner',
              model: 'anthropic:claude-sonnet-4-5',
              status: 'ok',
              inputTokens: 1_000_000,
              outputTokens: 0,
            },
            { role: 'runner', model: 'anthropic:claude-sonnet-4-5', status: 'no_usage' },
          ],
        },
        1,
      ],
    ]);
    expect(spendText(d.cost)).toBe('spend at least $3.00 (1 runner call(s) returned no usage)');
    const unpriced = reduce([
      [
        {
          type: 'usage',
          rows: [
            {
              role: 'runner',
              model: 'openai-compatible:local',
              status: 'ok',
              inputTokens: 5,
              outputTokens: 5,
            },
          ],
        },
        1,
      ],
    ]);
    expect(spendText(unpriced.cost)).toMatch(
      /^spend unknown \(no usage could be priced: openai-compatible:local has no price on file\)$/,
    );
  });

  it('says what it is doing while the VOID record is written, and keeps the first reason', () => {
    const d = reduce([
      [{ type: 'phase', phase: 'drive', registered: 3 }, 0],
      [{ type: 'stopping', reason: 'aborted', detail: 'interrupted by SIGINT' }, 1],
      [{ type: 'stopping', reason: 'crashed', detail: 'later' }, 2],
      [{ type: 'finishing' }, 3],
    ]);
    expect(displayLines(d, 3)[0]).toBe('stopping: finishing the record (VOID aborted)…');
    const finished = reduce([[{ type: 'finishing' }, 1]]);
    expect(displayLines(finished, 1)[0]).toBe('writing the record…');
  });

  it('formats durations', () => {
    expect([clock(0), clock(44_600), clock(187_000), clock(3_720_000)]).toEqual([
      '0s',
      '45s',
      '3m07s',
      '1h02m',
    ]);
  });
});
