import {
  EDIT_PLACE,
  explainedLine,
  noFindingsReason,
  OFFLINE_UNTESTABLE,
  withheldFrom,
} from '../../../findings/report.js';
import type { FailuresBlock, FindingsBlock, Proposal } from '../../../record/findings.js';
import type { RunRecord } from '../../../record/index.js';
import { html, type SafeHtml } from '../../html.js';
import { type Links, lineHref } from '../links.js';
import { anchorId } from '../methods.js';

function refs(record: RunRecord, links: Links, evidence: readonly string[]): SafeHtml {
  return html`${evidence.map(
    (ref, i) => html`${i > 0 ? ', ' : ''}<a href="${lineHref(links, record.runId, ref)}">${ref}</a>`,
  )}`;
}

function proposal(record: RunRecord, links: Links, p: Proposal): SafeHtml {
  const label =
    p.source === 'rules' ? `deterministic rules (${p.generator}), no model` : `judge model ${p.generator}`;
  return html`<li class="proposal"><code>${p.tool}</code> <span class="small">(${label})</span>
<blockquote>${p.description}</blockquote>
${p.offlineTestable === false ? html`<p class="small untestable">${OFFLINE_UNTESTABLE}</p>` : ''}
${p.edits ? html`<ul>${p.edits.map((e) => html`<li class="edit">${EDIT_PLACE[e.target]}${e.parameter ? html` <code>${e.parameter}</code>` : ''}: “${e.text}”<div class="small">because: ${e.why}</div></li>`)}</ul>` : ''}
${!p.edits && p.parameters.length > 0 ? html`<ul>${p.parameters.map((q) => html`<li>parameter <code>${q.name}</code>${q.rename ? html` (rename to <code>${q.rename}</code>)` : ''}: ${q.description}</li>`)}</ul>` : ''}
${!p.edits && p.serverChanges.length > 0 ? html`<ul>${p.serverChanges.map((c) => html`<li>server change: ${c}</li>`)}</ul>` : ''}
<div class="small">answers: ${p.answers.map((id, i) => html`${i > 0 ? ', ' : ''}<a href="#finding-${anchorId(id)}">${id}</a>`)}${p.evidence ? html` · written at ${refs(record, links, p.evidence)}` : ''}</div></li>`;
}

/** How many failed first tries the findings explain, and each unexplained one with its lines. */
function failures(record: RunRecord, links: Links, f: FailuresBlock | undefined): SafeHtml {
  if (f === undefined) return html``;
  const unexplained = f.trials.filter((t) => t.cause === 'unexplained');
  return html`<h4>Failed first tries</h4><p>${explainedLine(f)}.</p>
${
  unexplained.length === 0
    ? ''
    : html`<p>Unexplained:</p><ul>${unexplained.map(
        (t) => html`<li class="unexplained"><code>${t.trial}</code>: ${t.text}
<div class="small">evidence: ${refs(record, links, t.evidence)}</div></li>`,
      )}</ul>`
}`;
}

function block(record: RunRecord, links: Links, b: FindingsBlock): SafeHtml {
  return html`<p>${b.findings.length} finding(s) from ${b.drive.trials} drive trial(s) and ${b.drive.toolCalls} tool call(s); ${b.annotationFindings} about annotations, counted apart; ${b.declaredDestructiveCalls} drive call(s) to tools declared destructive.</p>
${
  b.findings.length === 0
    ? html`<p>The drive's tapes show nothing for the owner to change.</p>`
    : html`<ul>${b.findings.map(
        (
          f,
        ) => html`<li class="finding" id="finding-${anchorId(f.id)}"><code>${f.kind}</code> <code>${f.tool}${f.parameter ? `.${f.parameter}` : ''}</code> ×${f.count}: ${f.summary}
<div class="small">evidence: ${refs(record, links, f.evidence)}</div></li>`,
      )}</ul>`
}
${failures(record, links, b.failures)}
${b.proposals.length > 0 ? html`<h4>Rewrite proposals</h4><ul>${b.proposals.map((p) => proposal(record, links, p))}</ul>` : ''}
${b.withheld && b.withheld.length > 0 ? html`<h4>Not proposed: it would go against the server's own guidance</h4><ul>${b.withheld.map((w) => html`<li class="withheld"><code>${w.tool}</code>: ${w.why} <span class="small">(${withheldFrom(w) === undefined ? '' : `${withheldFrom(w)}; `}answers ${w.answers.map((id, i) => html`${i > 0 ? ', ' : ''}<a href="#finding-${anchorId(id)}">${id}</a>`)})</span></li>`)}</ul>` : ''}
${b.proposalsNote ? html`<p class="small">${b.proposalsNote}</p>` : ''}`;
}

/** What the server's owner can act on: the drive's findings with their tape lines, and the proposals. */
export function ownerFindings(record: RunRecord, links: Links): SafeHtml {
  if (record.findings) return block(record, links, record.findings);
  return html`<p class="missing">No findings: ${noFindingsReason(record)}.</p>`;
}
