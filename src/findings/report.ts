import { z } from 'zod';
import { type Finding, FindingsBlock, type Proposal } from '../record/findings.js';
import { Outcome } from '../record/outcome.js';
import type { RunRecord } from '../record/run.js';

export const FINDINGS_REPORT_SCHEMA = 'fitness-report.findings/1';

const about = {
  schema: z.literal(FINDINGS_REPORT_SCHEMA),
  runId: z.string(),
  /** The record's server slug. */
  server: z.string(),
  outcome: Outcome,
};

/**
 * What `fitness-report findings --json` prints for one run: the record's findings block, or why
 * there is none. The block is the record's own (`FindingsBlock`); nothing is added to it. The report
 * is derived anew from the record every time and never rewritten, so its own objects are
 * `z.object` (unknown fields dropped on read), like the viewer's data file.
 */
export const FindingsReport = z.union([
  z.object({ ...about, findings: FindingsBlock }),
  z.object({ ...about, none: z.string() }),
]);
export type FindingsReport = z.infer<typeof FindingsReport>;

/** Why a record carries no findings, in the run's own terms. */
export function noFindingsReason(record: RunRecord): string {
  if (record.outcome === 'VOID') {
    const stages = record.void?.completed.stages ?? [];
    return stages.includes('drive')
      ? 'the run is VOID and its record carries no findings'
      : `the run is VOID (${record.void?.reason ?? 'unknown'}) and never completed its drive; findings are derived from the drive's tapes`;
  }
  const refusal = record.refusal;
  const afterDrive = record.gates.some((g) => g.gate === 'null_baseline' && g.signalSource === 'first_try');
  if (refusal !== undefined && !afterDrive)
    return `the run was refused at ${refusal.gate} (${refusal.reason}) before its drive; findings are derived from the drive's tapes, and a refused run has none`;
  return 'the record was written before findings were recorded (an older producer); run the server again for findings';
}

export function findingsReport(record: RunRecord): FindingsReport {
  const base: Omit<FindingsReport, 'findings' | 'none'> = {
    schema: FINDINGS_REPORT_SCHEMA,
    runId: record.runId,
    server: record.identity.serverSlug,
    outcome: record.outcome,
  };
  return record.findings
    ? { ...base, findings: record.findings }
    : { ...base, none: noFindingsReason(record) };
}

function proposalLabel(p: Proposal): string {
  return p.source === 'rules'
    ? `deterministic rules (${p.generator}), no model`
    : `judge model ${p.generator}`;
}

const one = (text: string) => text.replace(/\s+/g, ' ').trim();

export function reportText(r: FindingsReport): string[] {
  const lines = [`${r.server} ${r.runId} (${r.outcome})`];
  if ('none' in r) return [...lines, `no findings: ${r.none}`];
  const b = r.findings;
  lines.push(
    `${b.findings.length} finding(s) from ${b.drive.trials} drive trial(s) and ${b.drive.toolCalls} tool call(s); ${b.annotationFindings} about annotations (counted apart); ${b.declaredDestructiveCalls} drive call(s) to tools declared destructive`,
  );
  for (const f of b.findings) {
    lines.push(
      `- [${f.kind}] ${f.tool}${f.parameter ? `.${f.parameter}` : ''} ×${f.count}: ${one(f.summary)}`,
    );
    lines.push(`    evidence: ${f.evidence.join(' ')}`);
  }
  if (b.proposals.length > 0) lines.push('', 'Rewrite proposals:');
  for (const p of b.proposals) {
    lines.push(`- ${p.tool} (${proposalLabel(p)}; answers ${p.answers.join(', ')})`);
    lines.push(`    description: ${one(p.description)}`);
    for (const q of p.parameters)
      lines.push(
        `    parameter ${q.name}${q.rename ? ` (rename to ${q.rename})` : ''}: ${one(q.description)}`,
      );
    for (const c of p.serverChanges) lines.push(`    server change: ${one(c)}`);
  }
  if (b.proposalsNote) lines.push(`(${b.proposalsNote})`);
  return lines;
}

/** Untrusted text in a markdown table cell or line: one line, no HTML, no table breaks. */
export function md(text: string): string {
  return one(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/([`*_[\]])/g, '\\$1');
}

function findingRow(f: Finding): string {
  const what = f.parameter ? `${f.tool}.${f.parameter}` : f.tool;
  return `| ${f.kind} | \`${md(what).replace(/\\/g, '')}\` | ${f.count} | ${md(f.summary)} | ${f.evidence.join(' ')} |`;
}

export function reportMarkdown(r: FindingsReport): string {
  const head = [`## Fitness Report findings: ${md(r.server)}`, '', `Run \`${r.runId}\` (${r.outcome}).`, ''];
  if ('none' in r) return [...head, `No findings: ${md(r.none)}.`, ''].join('\n');
  const b = r.findings;
  const out = [
    ...head,
    `${b.findings.length} finding(s) from ${b.drive.trials} drive trial(s) and ${b.drive.toolCalls} tool call(s). Evidence is \`plane:line\` in the run's tapes (\`wire.jsonl\`, \`agent.jsonl\`, \`judge.jsonl\`).`,
    `Annotation findings: ${b.annotationFindings} (counted apart). Drive calls to tools declared destructive: ${b.declaredDestructiveCalls}.`,
    '',
  ];
  if (b.findings.length > 0) {
    out.push(
      '| kind | tool | count | finding | evidence |',
      '|---|---|---|---|---|',
      ...b.findings.map(findingRow),
      '',
    );
  }
  if (b.proposals.length > 0) out.push('### Rewrite proposals', '');
  for (const p of b.proposals) {
    out.push(
      `#### \`${md(p.tool).replace(/\\/g, '')}\` (${md(proposalLabel(p))})`,
      '',
      `> ${md(p.description)}`,
      '',
    );
    for (const q of p.parameters)
      out.push(
        `- parameter \`${q.name}\`${q.rename ? ` (rename to \`${q.rename}\`)` : ''}: ${md(q.description)}`,
      );
    for (const c of p.serverChanges) out.push(`- server change: ${md(c)}`);
    out.push(`- answers: ${p.answers.map((a) => `\`${a}\``).join(', ')}`, '');
  }
  if (b.proposalsNote) out.push(`_${md(b.proposalsNote)}_`, '');
  return out.join('\n');
}
