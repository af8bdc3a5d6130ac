import type { RunReport } from './execute.js';
import { describeOutcome } from './verdict.js';

/** One run's generation yield, from its record: what was asked of the generator and what survived. */
export interface Yield {
  id: string;
  /** Candidates asked (explore/2's ledger); undefined for generators that keep no ledger. */
  asked?: number;
  produced?: number;
  /** Candidates proposed to admission (the suite's candidate count). */
  proposed?: number;
  admitted?: number;
  registered?: number;
  outcome: string;
}

export function yieldOf(report: RunReport): Yield {
  const record = report.record;
  const suite = record?.suite;
  const ledger = record?.exploration;
  const out: Yield = {
    id: report.id,
    outcome: report.obtained ? describeOutcome(report.obtained) : 'no run',
  };
  if (ledger !== undefined) {
    out.asked = ledger.asked;
    out.produced = ledger.produced;
  }
  if (suite !== undefined) {
    out.proposed = suite.candidates;
    out.admitted = suite.candidates - suite.rejected.total;
    out.registered = suite.registered;
  } else if (ledger !== undefined) {
    out.proposed = ledger.proposed;
  }
  return out;
}

/**
 * The yield figure: per run, candidates asked / produced / proposed / admitted / registered and the
 * outcome, so that a generator change that costs a real server its tasks shows as a number.
 */
export function yieldTable(reports: readonly RunReport[]): string[] {
  const header = ['run', 'asked', 'produced', 'proposed', 'admitted', 'registered', 'outcome'];
  const cell = (n: number | undefined) => (n === undefined ? '-' : String(n));
  const rows = reports.map((r) => {
    const y = yieldOf(r);
    return [
      y.id,
      cell(y.asked),
      cell(y.produced),
      cell(y.proposed),
      cell(y.admitted),
      cell(y.registered),
      y.outcome,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i > 0 && i < cells.length - 1 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}
