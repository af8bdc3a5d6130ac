import { type RunReport, reportPassed } from './execute.js';
import { describeOutcome } from './verdict.js';

function obtainedText(report: RunReport): string {
  if (report.obtained === undefined) return 'no run';
  const score = report.record?.score;
  const firstTry = score ? ` first-try ${score.firstTry.k}/${score.firstTry.n}` : '';
  return `${describeOutcome(report.obtained)}${firstTry}`;
}

function agreementText(report: RunReport): string {
  const rows = report.agreements;
  if (rows === undefined) return '-';
  const ok = rows.filter((a) => a.ok).length;
  return `${ok}/${rows.length}`;
}

function pad(cells: readonly string[], widths: readonly number[]): string {
  return cells
    .map((cell, i) => cell.padEnd(widths[i] ?? 0))
    .join('  ')
    .trimEnd();
}

/**
 * The audit as text: one row per run (expected and obtained outcome with gate and reason, how many
 * of the record's counts the tapes and suite re-derive, and whether it matched), then why each run
 * came out as it did (the deciding gate's own explanation), then every disagreement in full.
 */
export function auditTable(reports: readonly RunReport[]): string[] {
  const header = ['run', 'via', 'expected', 'obtained', 'counts', 'time', 'result'];
  const rows = reports.map((r) => [
    r.id,
    r.transport,
    r.expect ? describeOutcome(r.expect) : '(real server: reported)',
    obtainedText(r),
    agreementText(r),
    `${Math.round(r.durationMs / 1000)} s`,
    reportPassed(r) ? 'ok' : 'MISMATCH',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const lines = [
    pad(header, widths),
    pad(
      widths.map((w) => '-'.repeat(w)),
      widths,
    ),
    ...rows.map((row) => pad(row, widths)),
  ];
  lines.push('', 'Why:');
  for (const r of reports) {
    const why = r.obtained?.explain ?? r.error ?? 'no explanation recorded';
    lines.push(`  ${r.id}: ${why}`);
  }
  const problems = reports.flatMap((r) => [
    ...r.mismatches.map((m) => `  ${r.id}: ${m}`),
    ...(r.agreements ?? [])
      .filter((a) => !a.ok)
      .map((a) => `  ${r.id}: ${a.what}: the record says ${a.record}, its files show ${a.derived}`),
  ]);
  if (problems.length > 0) lines.push('', 'Mismatches:', ...problems);
  return lines;
}
