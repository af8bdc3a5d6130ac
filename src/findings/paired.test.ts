import { describe, expect, it } from 'vitest';
import { parseTape } from '../tape/reader.js';
import { driveFirstTries, effectOfTapes, measuredEffect, pairTrials } from './paired.js';

/** An agent tape with one drive end event per outcome (corr ids t<i>#1), plus a construct trial that must be ignored. */
function tape(outcomes: readonly boolean[]): string {
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
  for (const [i, firstTry] of outcomes.entries())
    lines.push(
      JSON.stringify({
        t: '2026-12-01T00:00:01.000Z',
        dir: 'event',
        kind: 'fitness.trial',
        raw: { phase: 'drive', checkPassed: firstTry, firstTry },
        corr_id: `t${i}#1`,
      }),
    );
  return `${lines.join('\n')}\n`;
}

const records = (outcomes: readonly boolean[]) => parseTape(tape(outcomes)).records;

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
