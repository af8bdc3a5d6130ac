import { describe, expect, it } from 'vitest';
import { progressPrinter, type RosterEvent } from '../roster/progress.js';
import { runningJobs } from './roster-live.js';

const counts = { done: 0, failed: 0, running: 1, queued: 1, total: 2 };
const run = (event: Extract<RosterEvent, { type: 'run' }>['event']): RosterEvent => ({
  type: 'run',
  key: 'well-made#1',
  try: 2,
  event,
});

describe("the roster's live output shows each running job's own run", () => {
  it('a plain log prints a line when a phase starts and when its trials are done, from the run events', () => {
    const out: string[] = [];
    const print = progressPrinter(
      (t) => out.push(t),
      false,
      runningJobs(() => 0),
    );
    print({ type: 'start', key: 'well-made#1', try: 2, ...counts });
    print(run({ type: 'stage', stage: 'prereg' }));
    print(run({ type: 'phase', phase: 'drive', registered: 3 }));
    print(run({ type: 'trial', phase: 'drive', count: 'passed' }));
    print(run({ type: 'trial', phase: 'drive', count: 'failed' }));
    expect(out).toHaveLength(2);
    print(run({ type: 'trial', phase: 'drive', count: 'failed' }));
    expect(out.slice(1)).toEqual([
      'well-made#1: drive: 0/3 trials · 0 passed, 0 failed · ETA after the first trial\n',
      'well-made#1: drive: 3/3 trials · 1 passed, 2 failed · ETA 0s\n',
    ]);
  });

  it("the status line shows the roster's counts, then each running job's phase and counts, until its try ends", () => {
    const out: string[] = [];
    const print = progressPrinter(
      (t) => out.push(t),
      true,
      runningJobs(() => 0),
    );
    print({ type: 'start', key: 'well-made#1', try: 1, ...counts });
    print(run({ type: 'phase', phase: 'null-random-args', registered: 12 }));
    print(run({ type: 'trial', phase: 'null-random-args', count: 'failed' }));
    expect(out.at(-1)).toBe(
      '\r\x1b[2Kroster: 0 of 2 done (1 running, 1 queued) · well-made#1: null-random-args: 1/12 trials · 0 passed, 1 failed · ETA 0s',
    );
    const result = { state: 'finished' as const };
    print({ type: 'end', key: 'well-made#1', try: 1, result, ...counts, done: 1, running: 0 });
    expect(out.at(-1)).toMatch(/roster: 1 of 2 done \(0 running, 1 queued\)$/);
  });

  it('a run event off a queue prints its text inert, and a note about a job is one plain line', () => {
    const out: string[] = [];
    const print = progressPrinter(
      (t) => out.push(t),
      false,
      runningJobs(() => 0),
    );
    print(run({ type: 'stopping', reason: 'x\x1b]8;;http://evil\x07y', detail: 'd' }));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^well-made#1: stopping: finishing the record \(VOID x/);
    expect(out[0]).not.toContain('\x1b');
    print({ type: 'note', key: 'well-made#1', text: 'try 2: 3 run events were missed\x1b[2J' });
    expect(out[1]).toMatch(/^well-made#1: try 2: 3 run events were missed/);
    expect(out[1]).not.toContain('\x1b');
  });

  it('a job key from the roster file is printed without its control characters', () => {
    const jobs = runningJobs(() => 0);
    const line = jobs.event({
      type: 'run',
      key: 'x\x1b[2J#1',
      try: 1,
      event: { type: 'phase', phase: 'drive', registered: 1 },
    });
    expect(line).not.toContain('\x1b');
  });
});
