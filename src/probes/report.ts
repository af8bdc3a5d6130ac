import { plain } from '../core/escape/terminal.js';
import type { ProbeResult } from '../record/probe.js';
import type { ProbeSummary } from '../record/probe-report.js';

/** Values (spec currency) are shown, not counted: `counted: false` keeps a probe out of every count. */
export function isCounted(result: ProbeResult): boolean {
  return result.counted !== false;
}

export function summarize(all: readonly ProbeResult[]): ProbeSummary {
  const results = all.filter(isCounted);
  const passed = results.filter((r) => r.pass === true).length;
  const failed = results.filter((r) => r.pass === false).length;
  return { checked: passed + failed, passed, failed, couldNotCheck: results.length - passed - failed };
}

export function verdictWord(result: ProbeResult): string {
  if (!isCounted(result)) {
    const negotiated = result.evidence.negotiated;
    const value = typeof negotiated === 'string' ? negotiated : 'none';
    return result.pass === false ? `${value} (behind)` : value;
  }
  return result.pass === true ? 'pass' : result.pass === false ? 'FAIL' : 'could not check';
}

/** A plain-text table: id, applies, result, detail (one row per probe), then the summary line. */
export function renderTable(results: readonly ProbeResult[]): string[] {
  const header = ['probe', 'applies', 'result', 'detail'];
  const rows = results.map((r) => [r.id, r.applies ? 'yes' : 'no', verdictWord(r), plain(r.detail)]);
  const widths = [0, 1, 2].map((i) =>
    Math.max(header[i]?.length ?? 0, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const format = (row: string[]) =>
    row
      .map((cell, i) => (i < 3 ? cell.padEnd(widths[i] ?? 0) : cell))
      .join('  ')
      .trimEnd();
  const s = summarize(results);
  return [
    format(header),
    format(widths.map((w) => '-'.repeat(w)).concat('------')),
    ...rows.map(format),
    '',
    summaryLine(s),
  ];
}

/** The probes' counts in one line (the table's last line, the CI summary's headline). */
export function summaryLine(s: ProbeSummary): string {
  return `${s.passed} of ${s.checked} checks passed, ${s.failed} failed, ${s.couldNotCheck} could not be checked`;
}
