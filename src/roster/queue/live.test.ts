import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../run/events.js';
import { LIVE_WINDOW, type LiveRun, unseenEvents, withEvent } from './live.js';

const trial: RunEvent = { type: 'trial', phase: 'drive', count: 'passed' };
const phase: RunEvent = { type: 'phase', phase: 'drive', registered: 3 };

/** The live window after try `n` sent `events`, as the worker builds it. */
const sent = (n: number, events: RunEvent[], from?: LiveRun) =>
  events.reduce<LiveRun | undefined>((live, e) => withEvent(live, n, e), from);

describe("a queued job's live run events", () => {
  it('the worker keeps the latest events of its running try, numbered, without usage rows', () => {
    const usage: RunEvent = { type: 'usage', rows: [] };
    const live = sent(2, [phase, usage, trial, trial]);
    expect(live).toEqual({ try: 2, seq: 3, events: [phase, trial, trial] });
    // A new try starts its own window.
    expect(sent(3, [trial], live)).toEqual({ try: 3, seq: 1, events: [trial] });
    const long = sent(
      1,
      Array.from({ length: LIVE_WINDOW + 7 }, () => trial),
    );
    expect(long?.seq).toBe(LIVE_WINDOW + 7);
    expect(long?.events).toHaveLength(LIVE_WINDOW);
  });

  it('the coordinator reads the events after the last it showed, in order, once', () => {
    const progress = { tries: [], live: sent(2, [phase, trial, trial]) };
    expect(unseenEvents(progress, 2, 0)).toEqual({
      events: [phase, trial, trial],
      seq: 3,
      missed: 0,
      rejected: 0,
    });
    expect(unseenEvents(progress, 2, 1)).toEqual({ events: [trial, trial], seq: 3, missed: 0, rejected: 0 });
    expect(unseenEvents(progress, 2, 3)).toEqual({ events: [], seq: 3, missed: 0, rejected: 0 });
    // Another try's window, or none, shows nothing.
    expect(unseenEvents(progress, 1, 0).events).toEqual([]);
    expect(unseenEvents({ tries: [] }, 2, 0).events).toEqual([]);
  });

  it('says how many events slid out of the window before they were read', () => {
    const progress = {
      live: sent(
        1,
        Array.from({ length: LIVE_WINDOW + 10 }, () => trial),
      ),
    };
    const unseen = unseenEvents(progress, 1, 4);
    expect(unseen.missed).toBe(6);
    expect(unseen.events).toHaveLength(LIVE_WINDOW);
    expect(unseen.seq).toBe(LIVE_WINDOW + 10);
  });

  it('validates every event off the queue: what is not a run event is counted and not shown', () => {
    const progress = {
      live: {
        try: 1,
        seq: 4,
        events: [phase, { type: 'trial', phase: 'drive', count: 'exploded' }, { type: 'rm -rf' }, trial],
      },
    };
    expect(unseenEvents(progress, 1, 0)).toEqual({ events: [phase, trial], seq: 4, missed: 0, rejected: 2 });
    // A window that is not one (too long, a seq that is not a count) is read as none.
    const tooLong = { live: { try: 1, seq: LIVE_WINDOW + 1, events: Array(LIVE_WINDOW + 1).fill(trial) } };
    expect(unseenEvents(tooLong, 1, 0).events).toEqual([]);
    expect(unseenEvents({ live: { try: 1, seq: -1, events: [trial] } }, 1, 0).events).toEqual([]);
  });
});
