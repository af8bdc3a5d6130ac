import { plain } from '../core/escape/terminal.js';
import type { EntryError } from './entry.js';

export interface JobLine {
  key: string;
  state: string;
  detail?: string | null;
  tries: { try: number; state: string; outcome?: string | null; runId?: string | null }[];
}

/**
 * The closing table of a roster (pure): every job, every try (died ones included), every bad entry.
 * Keys, names, states and details may come from a queue job (anyone's text): each is printed with `plain`.
 */
export function summaryLines(summary: { jobs: readonly JobLine[]; errors: readonly EntryError[] }): string[] {
  const lines: string[] = [];
  for (const job of summary.jobs) {
    const tries = job.tries
      .map(
        (t) =>
          `${plain(t.outcome ?? t.state)}${t.state === 'finished' ? '' : ` (${plain(t.state)})`}${t.runId ? ` ${plain(t.runId)}` : ''}`,
      )
      .join('; then ');
    const state =
      job.state === 'done' ? '' : ` [${plain(job.state)}${job.detail ? `: ${plain(job.detail)}` : ''}]`;
    lines.push(`${plain(job.key)}: ${tries || 'not run'}${state}`);
  }
  for (const e of summary.errors) lines.push(`${plain(e.name)}: not run: ${plain(e.message)}`);
  return lines;
}
