import { mdCode, mdLink, mdText } from '../core/escape/markdown.js';
import type { FailuresBlock, Finding, FindingsBlock } from '../record/findings.js';
import type { TapeRef } from '../record/probe.js';
import {
  editPlace,
  explainedLine,
  type FindingsReport,
  OFFLINE_UNTESTABLE,
  proposalLabel,
  withheldFrom,
} from './report.js';

/** Where the viewer shows one tape line of the run: a board URL, or the run-relative viewer path. */
export type LineLink = (ref: TapeRef) => string;

const refs = (evidence: readonly TapeRef[], link: LineLink) =>
  evidence.map((r) => mdLink(r, link(r))).join(' ');

function findingRow(f: Finding, link: LineLink): string {
  const what = f.parameter ? `${f.tool}.${f.parameter}` : f.tool;
  return `| ${f.kind} | ${mdCode(what)} | ${f.count} | ${mdText(f.summary)} | ${refs(f.evidence, link)} |`;
}

function proposals(b: FindingsBlock): string[] {
  const out: string[] = [];
  if (b.proposals.length > 0) out.push('### Rewrite proposals', '');
  for (const p of b.proposals) {
    out.push(`#### ${mdCode(p.tool)} (${mdText(proposalLabel(p))})`, '', `> ${mdText(p.description)}`, '');
    if (p.offlineTestable === false) out.push(`_${mdText(OFFLINE_UNTESTABLE)}_`, '');
    // A proposal with its edits says each change's exact text and why; an older one lists them bare.
    for (const e of p.edits ?? [])
      out.push(`- ${mdText(editPlace(e))}: “${mdText(e.text)}”, because: ${mdText(e.why)}`);
    for (const q of p.edits ? [] : p.parameters)
      out.push(
        `- parameter ${mdCode(q.name)}${q.rename ? ` (rename to ${mdCode(q.rename)})` : ''}: ${mdText(q.description)}`,
      );
    for (const c of p.edits ? [] : p.serverChanges) out.push(`- server change: ${mdText(c)}`);
    out.push(`- answers: ${p.answers.map(mdCode).join(', ')}`, '');
  }
  const withheld = b.withheld ?? [];
  if (withheld.length > 0) out.push("### Not proposed: it would go against the server's own guidance", '');
  for (const w of withheld)
    out.push(
      `- ${mdCode(w.tool)} (${withheldFrom(w) === undefined ? '' : `${mdText(withheldFrom(w) ?? '')}; `}answers ${w.answers.map(mdCode).join(', ')}): ${mdText(w.why)}`,
    );
  if (withheld.length > 0) out.push('');
  if (b.proposalsNote) out.push(`_${mdText(b.proposalsNote)}_`, '');
  return out;
}

/** The drive's failed first tries: how many the findings explain, and each unexplained one. */
function failures(f: FailuresBlock | undefined, link: LineLink): string[] {
  if (f === undefined) return [];
  const unexplained = f.trials.filter((t) => t.cause === 'unexplained');
  return [
    '### Failed first tries',
    '',
    `${mdText(`${explainedLine(f)}.`)} Each explained trial is counted by the finding named beside it in the JSON report (\`failures\`).`,
    '',
    ...(unexplained.length === 0
      ? []
      : [
          'Unexplained:',
          '',
          '| trial | what the tapes show | evidence |',
          '|---|---|---|',
          ...unexplained.map((t) => `| ${mdCode(t.trial)} | ${mdText(t.text)} | ${refs(t.evidence, link)} |`),
          '',
        ]),
  ];
}

/**
 * The report as GitHub-flavoured Markdown, to paste into an issue or a pull request. Names are
 * inline code (`mdCode`) and prose inline text (`mdText`): nothing from the record makes a heading,
 * a list, a table row, HTML, a mention or a reference (src/core/escape/markdown.ts). The only links
 * are the report's own: each evidence line to the viewer at that line (`link`).
 */
export function reportMarkdown(r: FindingsReport, link: LineLink): string {
  const head = [
    `## Fitness Report findings: ${mdText(r.server)}`,
    '',
    `Run ${mdCode(r.runId)} (${r.outcome}).`,
    '',
  ];
  const reproduce = ['### To reproduce', '', ...r.reproduce.map((c) => `- ${mdCode(c)}`), ''];
  if ('none' in r) return [...head, `No findings: ${mdText(r.none)}.`, '', ...reproduce].join('\n');
  const b = r.findings;
  const out = [
    ...head,
    `${b.findings.length} finding(s) from ${b.drive.trials} drive trial(s) and ${b.drive.toolCalls} tool call(s). Evidence links open the run's tapes in the viewer at that line (\`plane:line\`: \`wire.jsonl\`, \`agent.jsonl\`, \`judge.jsonl\`).`,
    `Annotation findings: ${b.annotationFindings} (counted apart). Drive calls to tools declared destructive: ${b.declaredDestructiveCalls}.`,
    '',
  ];
  if (b.findings.length > 0)
    out.push(
      '| kind | tool | count | finding | evidence |',
      '|---|---|---|---|---|',
      ...b.findings.map((f) => findingRow(f, link)),
      '',
    );
  return [...out, ...failures(b.failures, link), ...proposals(b), ...reproduce].join('\n');
}
