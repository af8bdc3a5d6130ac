import { plain } from '../core/escape/terminal.js';
import type { RunEvent } from '../run/events.js';
import type { TryResult } from './try.js';

export interface Counts {
  done: number;
  failed: number;
  running: number;
  queued: number;
  total: number;
}

/** What a roster reports while it runs (the CLI renders it; tests read it). */
export type RosterEvent =
  | ({ type: 'counts' } & Counts)
  | ({ type: 'start'; key: string; try: number } & Counts)
  | ({ type: 'end'; key: string; try: number; result: TryResult } & Counts)
  | { type: 'entry-error'; name: string; message: string }
  /** Something the roster says about a job that is neither its start nor its end. */
  | { type: 'note'; key: string; text: string }
  /** A running job's own run event (its phase, trials and counts), as its process sent it. */
  | { type: 'run'; key: string; try: number; event: RunEvent };

export function countsLine(c: Counts): string {
  return `${c.done + c.failed} of ${c.total} done (${c.running} running, ${c.queued} queued${c.failed > 0 ? `, ${c.failed} failed` : ''})`;
}

const STATE_TEXT = {
  finished: '',
  died: ' (the process died: recorded VOID, runs again as the next attempt)',
  interrupted: ' (interrupted: recorded VOID, runs again on --resume)',
  error: '',
} as const;

/**
 * One line per event (pure): what a plain log and the TTY display both print. Entry names, job keys
 * and details come from a roster file or a queue job (anyone's text): each is printed with `plain`.
 */
export function eventLine(e: Exclude<RosterEvent, RunProgress>): string | undefined {
  if (e.type === 'entry-error') return `entry ${plain(e.name)}: cannot be run: ${plain(e.message)}`;
  if (e.type === 'note') return `${plain(e.key)}: ${plain(e.text)}`;
  if (e.type === 'counts') return `roster: ${countsLine(e)}`;
  if (e.type === 'start') return `start ${plain(e.key)} (try ${e.try}); ${countsLine(e)}`;
  const r = e.result;
  const what =
    r.state === 'error'
      ? `could not start: ${plain(r.detail ?? 'unknown')}`
      : r.settled
        ? `${plain(r.settled.outcome)}${STATE_TEXT[r.state]} ${plain(r.settled.runId)}`
        : `${r.state}: no run was started`;
  const conformance = r.conformance ? `; ${plain(r.conformance)}` : '';
  return `${plain(e.key)}: ${what}${conformance}; ${countsLine(e)}`;
}

/** What the live output shows of the running jobs' own runs (the CLI reduces their run events). */
export interface RunningJobs {
  /** Takes a job's run event; returns the line a plain log prints for it, if any. */
  event(e: RunProgress): string | undefined;
  /** The job's try ended: its run is no longer shown. */
  ended(key: string): void;
  /** Each running job's phase, trials and counts, for the status line. */
  status(): string[];
}

type RunProgress = Extract<RosterEvent, { type: 'run' }>;

/** One status line no wider than the terminal, so redrawing it never leaves a wrapped line behind. */
function toWidth(text: string, width: number | undefined): string {
  return width === undefined || text.length < width ? text : `${text.slice(0, Math.max(1, width - 2))}…`;
}

/**
 * A progress display: plain lines when not a TTY, else event lines above one redrawn status line.
 * With `running`, each running job's run shows its phase and trial counts: in the status line, and
 * in a plain log as a line when a phase starts and when its trials are done.
 */
export function progressPrinter(
  write: (text: string) => void,
  tty: boolean,
  running?: RunningJobs,
  width?: number,
): (e: RosterEvent) => void {
  let counts: Counts | undefined;
  const status = () =>
    counts === undefined
      ? ''
      : toWidth([`roster: ${countsLine(counts)}`, ...(running?.status() ?? [])].join(' · '), width);
  return (e) => {
    if (e.type === 'end') running?.ended(e.key);
    const line = e.type === 'run' ? running?.event(e) : eventLine(e);
    if (!tty) {
      if (line !== undefined) write(`${line}\n`);
      return;
    }
    if (e.type !== 'entry-error' && e.type !== 'run' && e.type !== 'note') counts = e;
    const above = e.type === 'counts' || e.type === 'run' || line === undefined ? '' : `${line}\n`;
    write(`\r\x1b[2K${above}${status()}`);
  };
}
