import { plain } from '../core/escape/terminal.js';
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
  | { type: 'entry-error'; name: string; message: string };

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
export function eventLine(e: RosterEvent): string | undefined {
  if (e.type === 'entry-error') return `entry ${plain(e.name)}: cannot be run: ${plain(e.message)}`;
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

/** A progress display: plain lines when not a TTY, else event lines above one redrawn status line. */
export function progressPrinter(write: (text: string) => void, tty: boolean): (e: RosterEvent) => void {
  let status = '';
  return (e) => {
    const line = eventLine(e);
    if (!tty) {
      if (line !== undefined) write(`${line}\n`);
      return;
    }
    if (e.type !== 'entry-error') status = `roster: ${countsLine(e)}`;
    const above = e.type === 'counts' ? '' : line === undefined ? '' : `${line}\n`;
    write(`\r\x1b[2K${above}${status}`);
  };
}
