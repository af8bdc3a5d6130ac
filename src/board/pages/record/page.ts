import { type RunRecord, standingNoteSummary } from '../../../record/index.js';
import type { RerunRecord } from '../../../record/rerun.js';
import { html, type SafeHtml } from '../../html.js';
import type { BoardRow } from '../../model.js';
import type { PublishedRun } from '../../publish.js';
import { SitePaths } from '../../site-paths.js';
import { chips } from '../chips.js';
import { explorationLedger } from '../exploration.js';
import { page } from '../layout.js';
import { extensionLedger } from '../ledger.js';
import { boardHref, methodsHref, NESTED, viewerHref } from '../links.js';
import { anchorId, notesAnchor } from '../methods.js';
import { shown } from '../shown.js';
import { candidateFates } from '../why/candidates.js';
import { gate } from '../why/gates.js';
import { familyOf } from '../why/index.js';
import { costBreakdown } from './cost.js';
import { decidingComparison } from './deciding.js';
import { custodyBadge, filesSection } from './files.js';
import { probeFindings } from './findings.js';
import { gateLedger } from './gate-ledger.js';
import { identity, lineage, preregistration } from './identity.js';
import { ownerFindings } from './owner-findings.js';
import { measuredEffects } from './rerun-effect.js';
import { scoreDetails, toolAttribution } from './score.js';

export interface RecordPageInput {
  record: RunRecord;
  row: BoardRow | undefined;
  published: PublishedRun | undefined;
  groupName: (id: string) => string;
  /** Reruns of this run with its proposals (shown here, never as rows). */
  reruns?: readonly RerunRecord[];
}

const section = (id: string, title: string, body: SafeHtml) =>
  html`<section class="block" id="${id}"><h3>${title}</h3>${body}</section>`;

function notes(record: RunRecord): SafeHtml {
  const standing = standingNoteSummary(record.notes);
  const anchor = notesAnchor(record);
  return html`${
    record.notes.own.length > 0
      ? html`<ul class="notes">${record.notes.own.map((n) => html`<li id="note-${anchorId(n.id)}">${n.text}</li>`)}</ul>`
      : html`<p>This run carries no notes of its own.</p>`
  }
<p>It also carries ${standing.count} standing ${standing.count === 1 ? 'note' : 'notes'} that every run of its generator records; they are published once, verbatim, on the <a href="${methodsHref(NESTED, anchor)}">methods page</a>.</p>`;
}

export function recordPage(input: RecordPageInput): string {
  const { record, row } = input;
  const links = NESTED;
  const c = gate(record, 'construct');
  const body = html`<p class="small"><a href="${boardHref(links, record.runId)}">← its server’s row on the board</a> · <a href="${viewerHref(links, record.runId)}">Replay the tapes</a></p>
<h1><code>${shown(record, 'identity.serverSlug')}</code> <span class="small">${shown(record, 'runId')}</span></h1>
${custodyBadge(record.runId, links)}
${row ? chips(row, links, input.groupName) : ''}
<section class="block deciding" id="deciding"><h2>What decided this run</h2>${decidingComparison(record, links)}</section>
<h2>Audit trail</h2>
${section('gates', 'Gate ledger, in decision order', gateLedger(record))}
${section('extensions', 'Extension ledger', c ? extensionLedger(c) : html`<p>The run stopped before the construct gate, so no extension could be bought.</p>`)}
${familyOf(record) === 'surface' ? '' : section('candidates', 'Candidates that did not reach the suite', candidateFates(record, links))}
${section('exploration', 'Exploration ledger', explorationLedger(record))}
${section('probes', 'Probe findings', probeFindings(record, links))}
${section('tools', 'Per-tool attribution', toolAttribution(record.score, record.runId, links))}
${section('owner-findings', 'Findings for the server owner', ownerFindings(record, links))}
${record.findings && record.findings.proposals.length > 0 ? section('measured-effect', 'Measured effect of the proposals', measuredEffects(record.runId, input.reruns ?? [], links)) : ''}
${record.score ? section('score', 'Drive details', scoreDetails(record.score, record.runId, links)) : ''}
${section('cost', 'Cost', costBreakdown(record.cost))}
${section('identity', 'Identity', identity(record))}
${section('lineage', 'Suite hash and lineage', lineage(record, row, links))}
${section('prereg', 'Pre-registration', preregistration(record, links))}
${section('files', 'Files and digests', filesSection(record, input.published, links))}
<h2 id="notes">Method notes</h2>
${notes(record)}`;
  return page({
    title: `${record.identity.serverSlug}: ${record.outcome} · Fitness Report`,
    links,
    body,
    scripts: [SitePaths.viewerAsset('badge.js')],
  });
}
