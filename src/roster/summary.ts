import type { EntryError } from './entry.js';

export interface JobLine {
  key: string;
  state: string;
  detail?: string | null;
  tries: { try: number; state: string; outcome?: string | null; runId?: string | null }[];
}

/** The closing table of a roster (pure): every job, every try (died ones included), every bad entry. */
export function summaryLines(summary: { jobs: readonly JobLine[]; errors: readonly EntryError[] }): string[] {
  const lines: string[] = [];
  for (const job of summary.jobs) {
    const tries = job.tries
      .map(
        (t) =>
          `${t.outcome ?? t.state}${t.state === 'finished' ? '' : ` (${t.state})`}${t.runId ? ` ${t.runId}` : ''}`,
      )
      .join('; then ');
    const state = job.state === 'done' ? '' : ` [${job.state}${job.detail ? `: ${job.detail}` : ''}]`;
    lines.push(`${job.key}: ${tries || 'not run'}${state}`);
  }
  for (const e of summary.errors) lines.push(`${e.name}: not run: ${e.message}`);
  return lines;
}
