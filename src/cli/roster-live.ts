import { plain } from '../core/escape/terminal.js';
import { countedTrials } from '../record/trial-count.js';
import type { RunningJobs } from '../roster/progress.js';
import { type Display, displayLines, initialDisplay, reduceDisplay } from './live/display.js';

/**
 * The roster's view of its running jobs' runs: each job's own run events (its process sends them
 * over IPC; on a queue, its worker puts them in the job's progress) reduced by the same function as `run`'s live display, so a job's phase, trials and counts read as
 * they do there; nothing is recounted from progress lines. `now` is injectable for tests.
 */
export function runningJobs(now: () => number = Date.now): RunningJobs {
  const shown = new Map<string, Display>();
  // A queued job's events come off the queue: their text (a stop reason) is printed inert too.
  const head = (key: string, d: Display) => `${plain(key)}: ${plain(displayLines(d, now())[0] ?? '')}`;
  return {
    event({ key, event }) {
      const d = reduceDisplay(shown.get(key) ?? initialDisplay(now()), event, now());
      shown.set(key, d);
      // A plain log says when a phase starts and when its trials are done, not every trial.
      const p = d.phase === undefined ? undefined : d.phases[d.phase];
      const phaseDone =
        event.type === 'trial' &&
        p !== undefined &&
        countedTrials(p.counts) === (p.curtailedAt ?? p.registered);
      return event.type === 'phase' || phaseDone || event.type === 'stopping' ? head(key, d) : undefined;
    },
    ended(key) {
      shown.delete(key);
    },
    status: () => [...shown].map(([key, d]) => head(key, d)),
  };
}
