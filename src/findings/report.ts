import { z } from 'zod';
import { plain } from '../core/escape/terminal.js';
import {
  type FailuresBlock,
  FindingsBlock,
  type Proposal,
  type ProposalEdit,
  type WithheldProposal,
} from '../record/findings.js';
import { Outcome } from '../record/outcome.js';
import type { RunRecord } from '../record/run.js';

export const FINDINGS_REPORT_SCHEMA = 'fitness-report.findings/1';

const about = {
  schema: z.literal(FINDINGS_REPORT_SCHEMA),
  runId: z.string(),
  /** The record's server slug. */
  server: z.string(),
  outcome: Outcome,
  /** How to reproduce: the run again over the recorded target, and the run directory's own commands. */
  reproduce: z.array(z.string()),
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

const shellWord = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);

/**
 * The commands that reproduce a run: `run` over the recorded target with its seed and runner, and,
 * over the run directory as given, `verify`, and `rerun --with-rewrites` when it has proposals.
 */
export function reproduceCommands(record: RunRecord, runDir: string): string[] {
  const reg = record.prereg?.registration;
  const options = [
    ...(reg === undefined ? [] : [`--seed ${reg.seed}`]),
    `--runner ${shellWord(record.identity.runner)}`,
  ].join(' ');
  const { kind, description } = record.identity.target;
  const target = kind === 'http' ? `--url ${shellWord(description)}` : `-- ${description}`;
  const dir = shellWord(runDir);
  return [
    `fitness-report run ${options} ${target}`,
    `fitness-report verify ${dir}`,
    ...((record.findings?.proposals.length ?? 0) > 0 ? [`fitness-report rerun ${dir} --with-rewrites`] : []),
  ];
}

/** The report of one run; `runDir` is the run directory as the reader named it (in its commands). */
export function findingsReport(record: RunRecord, runDir: string): FindingsReport {
  const base: Omit<FindingsReport, 'findings' | 'none'> = {
    schema: FINDINGS_REPORT_SCHEMA,
    runId: record.runId,
    server: record.identity.serverSlug,
    outcome: record.outcome,
    reproduce: reproduceCommands(record, runDir),
  };
  return record.findings
    ? { ...base, findings: record.findings }
    : { ...base, none: noFindingsReason(record) };
}

/**
 * Where each kind of edit goes, in words. A server change is the one a rerun can never measure:
 * `rerun --with-rewrites` changes only what the runner reads and leaves the server untouched.
 */
export const EDIT_PLACE: Readonly<Record<ProposalEdit['target'], string>> = {
  description: 'add to the description',
  parameter: 'document parameter',
  server: 'change the server (a rerun cannot test this: it leaves the server untouched)',
};

/**
 * What a proposal marked `offlineTestable: false` says, on every output: the offline runner reads
 * nothing it changes (src/findings/offline-reads.ts), so a rerun under that runner cannot show an
 * effect; only a model runner's rerun (or the owner) can try it.
 */
export const OFFLINE_UNTESTABLE =
  "the offline runner cannot test this: it changes nothing that runner reads (the description's words, parameter names, the forms their examples state, fields named in code), so a rerun with the rewrites under that runner measures no effect";

/** Where an edit goes, in words, with its parameter's name. */
export function editPlace(e: ProposalEdit): string {
  return e.target === 'parameter'
    ? `${EDIT_PLACE.parameter} ${e.parameter ?? ''}`.trim()
    : EDIT_PLACE[e.target];
}

/** Whose rewrite was withheld: a judge model's, or none named (the rules withhold before they write). */
export function withheldFrom(w: WithheldProposal): string | undefined {
  return w.source === 'judge' ? `judge model ${w.generator ?? ''}'s rewrite` : undefined;
}

export function proposalLabel(p: Proposal): string {
  return p.source === 'rules'
    ? `deterministic rules (${p.generator}), no model`
    : `judge model ${p.generator}`;
}

/** Prose in a line of the text report: one line of words, shown inert (src/core/escape/terminal.ts). */
const say = (text: string) => plain(text.replace(/\s+/g, ' ').trim());

/**
 * The report as lines for a terminal. Every string from the record (names a server chose, texts it
 * returned, a record downloaded from elsewhere) is printed with `plain`: no control character, no
 * line of its own, no workflow command.
 */
export function reportText(r: FindingsReport): string[] {
  const lines = [`${plain(r.server)} ${plain(r.runId)} (${r.outcome})`];
  if ('none' in r) return [...lines, `no findings: ${say(r.none)}`];
  const b = r.findings;
  lines.push(
    `${b.findings.length} finding(s) from ${b.drive.trials} drive trial(s) and ${b.drive.toolCalls} tool call(s); ${b.annotationFindings} about annotations (counted apart); ${b.declaredDestructiveCalls} drive call(s) to tools declared destructive`,
  );
  for (const f of b.findings) {
    lines.push(
      `- [${f.kind}] ${plain(f.tool)}${f.parameter ? `.${plain(f.parameter)}` : ''} ×${f.count}: ${say(f.summary)}`,
    );
    lines.push(`    evidence: ${f.evidence.join(' ')}`);
  }
  if (b.proposals.length > 0) lines.push('', 'Rewrite proposals:');
  for (const p of b.proposals) {
    lines.push(`- ${plain(p.tool)} (${say(proposalLabel(p))}; answers ${p.answers.map(plain).join(', ')})`);
    lines.push(`    description: ${say(p.description)}`);
    if (p.offlineTestable === false) lines.push(`    ${OFFLINE_UNTESTABLE}`);
    // A proposal with its edits says each change's exact text and why; an older one lists them bare.
    for (const e of p.edits ?? [])
      lines.push(`    ${say(editPlace(e))}: "${say(e.text)}" because: ${say(e.why)}`);
    for (const q of p.edits ? [] : p.parameters)
      lines.push(
        `    parameter ${plain(q.name)}${q.rename ? ` (rename to ${plain(q.rename)})` : ''}: ${say(q.description)}`,
      );
    for (const c of p.edits ? [] : p.serverChanges) lines.push(`    server change: ${say(c)}`);
  }
  const withheld = b.withheld ?? [];
  if (withheld.length > 0) lines.push('', "Not proposed (it would go against the server's own guidance):");
  for (const w of withheld)
    lines.push(
      `- ${plain(w.tool)} (${withheldFrom(w) === undefined ? '' : `${say(withheldFrom(w) ?? '')}; `}answers ${w.answers.map(plain).join(', ')}): ${say(w.why)}`,
    );
  if (b.proposalsNote) lines.push(`(${say(b.proposalsNote)})`);
  lines.push(...failuresText(b));
  return [...lines, '', 'To reproduce:', ...r.reproduce.map((c) => `  ${plain(c)}`)];
}

function failuresText(b: FindingsBlock): string[] {
  const f = b.failures;
  if (f === undefined) return [];
  const unexplained = f.trials.filter((t) => t.cause === 'unexplained');
  return [
    '',
    `Failed first tries: ${explainedLine(f)}`,
    ...f.trials
      .filter((t) => t.cause !== 'unexplained')
      .map((t) => `- ${plain(t.trial)} ${t.cause} (${plain(t.finding ?? '')}): ${say(t.text)}`),
    ...unexplained.flatMap((t) => [
      `- ${plain(t.trial)} unexplained: ${say(t.text)}`,
      `    evidence: ${t.evidence.join(' ')}`,
    ]),
  ];
}

/** How many failed first tries the findings explain, by cause, as the record counts them. */
export function explainedLine(f: FailuresBlock): string {
  const by = Object.entries(f.causes)
    .map(([c, n]) => `${n} ${c}`)
    .join(', ');
  return `the findings explain ${f.explained} of ${f.failedFirstTry} drive trial(s) that failed on the first try${by ? ` (${by})` : ''}`;
}
