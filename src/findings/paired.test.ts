import { describe, expect, it } from 'vitest';
import { MeasuredEffect } from '../record/rerun.js';
import { parseTape } from '../tape/reader.js';
import { driveFirstTries, effectOfTapes, measuredEffect, pairedTasks, pairTrials } from './paired.js';

/** An agent tape with one drive end event per outcome (corr ids t<i>#1), plus a construct trial that must be ignored. */
function tape(outcomes: readonly boolean[]): string {
  return tapeOf(outcomes.map((firstTry, i) => [`t${i}#1`, firstTry]));
}

/** An agent tape with one drive end event per [corr id, first try], plus a construct trial. */
function tapeOf(trials: readonly (readonly [string, boolean])[]): string {
  const meta = {
    v: 1,
    type: 'meta',
    startedAt: '2026-12-01T00:00:00.000Z',
    label: 'runner heuristic',
    command: ['x'],
  };
  const lines = [JSON.stringify(meta)];
  lines.push(
    JSON.stringify({
      t: '2026-12-01T00:00:00.000Z',
      dir: 'event',
      kind: 'fitness.trial',
      raw: { phase: 'construct', firstTry: true },
      corr_id: 't0::construct#1',
    }),
  );
  for (const [corr, firstTry] of trials)
    lines.push(
      JSON.stringify({
        t: '2026-12-01T00:00:01.000Z',
        dir: 'event',
        kind: 'fitness.trial',
        raw: { phase: 'drive', checkPassed: firstTry, firstTry },
        corr_id: corr,
      }),
    );
  return `${lines.join('\n')}\n`;
}

const records = (outcomes: readonly boolean[]) => parseTape(tape(outcomes)).records;

/** `tasks` tasks × 3 reps; the tasks listed in `flip` fail every rep originally and pass with the rewrites. */
function flipping(tasks: number, flip: readonly number[], down = false) {
  const corr = (t: number, rep: number) => `task-${t}#${rep}`;
  const run = (rewritten: boolean) =>
    parseTape(
      tapeOf(
        Array.from({ length: tasks }, (_, t) =>
          [1, 2, 3].map((rep) => [corr(t, rep), flip.includes(t) ? rewritten !== down : true] as const),
        ).flat(),
      ),
    ).records;
  return effectOfTapes(run(false), run(true), 0.05, 'model').effect;
}

describe('paired measured effect', () => {
  it('reads only drive trials, keyed by corr id', () => {
    const trials = driveFirstTries(records([true, false]));
    expect([...trials.keys()]).toEqual(['t0#1', 't1#1']);
    expect(trials.get('t1#1')?.firstTry).toBe(false);
  });

  it('counts b and c from the pairs and tests them with the exact McNemar test', () => {
    // 10 pairs: 1 passed only originally (b), 8 only with the rewrites (c), 1 both.
    const a = [true, true, false, false, false, false, false, false, false, false];
    const b = [true, false, true, true, true, true, true, true, true, true];
    const { effect, unpaired } = effectOfTapes(records(a), records(b), 0.05, 'model');
    expect(unpaired).toEqual({ originalOnly: 0, rewrittenOnly: 0 });
    expect(effect?.mcnemar).toMatchObject({ b: 1, c: 8, discordant: 9 });
    // 2 · P(X ≤ 1 | 9, 1/2) = 2 · 10/512
    expect(effect?.mcnemar.pValue).toBeCloseTo(20 / 512, 12);
    // One rep per task: each trial is its own task, and the task-level test is McNemar exactly.
    expect(effect?.taskLevel).toMatchObject({ tasks: 10, nonZero: 9, statistic: 7, pValue: 20 / 512 });
    expect(effect?.verdict).toBe('improved');
    expect(effect?.original.k).toBe(2);
    expect(effect?.rewritten.k).toBe(9);
  });

  it('says "no measurable effect" when the test does not reject, and labels a lexical agent', () => {
    const a = [true, false, true, false];
    const b = [false, true, true, false];
    const { effect } = effectOfTapes(records(a), records(b), 0.05, 'lexical');
    expect(effect?.verdict).toBe('no measurable effect');
    expect(effect?.statement).toMatch(/^no measurable effect on a lexical agent/);
    expect(effect?.mcnemar.pValue).toBe(1);
  });

  it('two tasks flipping at 3 reps (b = 0, c = 6, McNemar p = 0.031) are no measurable effect: the unit is the task', () => {
    const effect = flipping(16, [3, 9]);
    expect(effect?.mcnemar).toMatchObject({ b: 0, c: 6, discordant: 6, pValue: 0.03125, rejects: true });
    expect(effect?.taskLevel).toMatchObject({
      tasks: 16,
      nonZero: 2,
      rose: 2,
      fell: 0,
      statistic: 6,
      pValue: 0.5,
    });
    expect(effect?.taskLevel?.rejects).toBe(false);
    expect(effect?.verdict).toBe('no measurable effect');
    expect(effect?.statement).toMatch(
      /^no measurable effect on this runner model: per task, first-try successes rose on 2 and fell on 0 of 16 tasks \(sum of differences \+6\); exact sign-flip p = 0\.500/,
    );
    expect(effect?.statement).toMatch(
      /trial-level McNemar, a description only .*: b = 0, c = 6, p = 0\.0313/,
    );
    expect(effect?.taskLevel?.perTask[3]).toEqual({
      taskId: 'task-3',
      reps: 3,
      original: 0,
      rewritten: 3,
      difference: 3,
    });
    expect(MeasuredEffect.safeParse(effect).success).toBe(true);
  });

  it('six tasks flipping one way reject at 0.05, either way round', () => {
    const up = flipping(8, [0, 1, 2, 3, 4, 5]);
    expect(up?.taskLevel?.pValue).toBe(2 / 64);
    expect(up?.verdict).toBe('improved');
    const down = flipping(8, [0, 1, 2, 3, 4, 5], true);
    expect(down?.taskLevel?.statistic).toBe(-18);
    expect(down?.verdict).toBe('worsened');
    // Five tasks cannot: 2 / 32 > 0.05, however many reps moved.
    expect(flipping(8, [0, 1, 2, 3, 4])?.verdict).toBe('no measurable effect');
  });

  it("groups pairs by the task of their corr id, in the original's order", () => {
    const pairing = pairTrials(
      driveFirstTries(
        parseTape(
          tapeOf([
            ['b#1', true],
            ['a#1', false],
            ['b#2', false],
            ['a#2', false],
          ]),
        ).records,
      ),
      driveFirstTries(
        parseTape(
          tapeOf([
            ['a#1', true],
            ['b#1', true],
            ['b#2', true],
          ]),
        ).records,
      ),
    );
    expect(pairedTasks(pairing.pairs)).toEqual([
      { taskId: 'b', reps: 2, original: 1, rewritten: 2 },
      { taskId: 'a', reps: 1, original: 0, rewritten: 1 },
    ]);
  });

  it('pairs only trials both runs have, and counts the rest', () => {
    const pairing = pairTrials(
      driveFirstTries(records([true, true, false])),
      driveFirstTries(records([true])),
    );
    expect(pairing.pairs.map((p) => p.trial)).toEqual(['t0#1']);
    expect(pairing.originalOnly).toEqual(['t1#1', 't2#1']);
    expect(measuredEffect(pairTrials(new Map(), new Map()), 0.05, 'model')).toBeUndefined();
  });
});
