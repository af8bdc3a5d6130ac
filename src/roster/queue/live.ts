import { z } from 'zod';
import { RunEvent } from '../../run/events.js';

/** The run events a job's progress keeps: the latest ones, so a slow reader catches up. */
export const LIVE_WINDOW = 500;

/**
 * The running try's own run events, in the job's progress beside its tries: `seq` counts every event
 * the try sent (the last one in `events` is number `seq`), so a reader knows which it has seen and
 * how many it missed. Model usage stays on the worker: the live line shows phase, trials and counts.
 * Each event is validated on the way off the queue (anyone who can write to the queue can write it).
 */
export const LiveRun = z.looseObject({
  try: z.int().min(1),
  seq: z.int().min(0),
  events: z.array(z.unknown()).max(LIVE_WINDOW),
});
export type LiveRun = z.infer<typeof LiveRun>;

/** The live window after try `n` sent `event` (pure): usage rows are not kept. */
export function withEvent(live: LiveRun | undefined, n: number, event: RunEvent): LiveRun | undefined {
  if (event.type === 'usage') return live;
  const was = live?.try === n ? live : { try: n, seq: 0, events: [] };
  return { try: n, seq: was.seq + 1, events: [...was.events, event].slice(-LIVE_WINDOW) };
}

export interface Unseen {
  /** The events after the last one seen, validated, in the order the try sent them. */
  events: RunEvent[];
  /** The number of the last event now seen. */
  seq: number;
  /** Events sent after the last one seen that the window no longer holds. */
  missed: number;
  /** Events that did not validate as run events: not shown. */
  rejected: number;
}

/** What a job's progress holds of try `n`'s run events after event number `seen` (pure). */
export function unseenEvents(progress: unknown, n: number, seen: number): Unseen {
  const parsed = z.looseObject({ live: LiveRun }).safeParse(progress);
  const live = parsed.success && parsed.data.live.try === n ? parsed.data.live : undefined;
  if (live === undefined || live.seq <= seen) return { events: [], seq: seen, missed: 0, rejected: 0 };
  const first = live.seq - live.events.length + 1;
  const fresh = live.events.slice(Math.max(0, seen + 1 - first));
  const valid = fresh.flatMap((e) => {
    const event = RunEvent.safeParse(e);
    return event.success ? [event.data] : [];
  });
  return {
    events: valid,
    seq: live.seq,
    missed: Math.max(0, first - seen - 1),
    rejected: fresh.length - valid.length,
  };
}
