import { decidingInterval, type RunRecord } from '../../record/index.js';
import { count, pct, shortHash, when } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import type { BoardRow, ServerRow } from '../model.js';
import { attemptsList } from './attempts.js';
import { outcomeClass, runChips } from './chips.js';
import { observationsNote } from './clustered.js';
import { conformanceCell, driftNote } from './conformance.js';
import { costCell } from './cost.js';
import { intervalSvg } from './interval.js';
import { boardHref, type Links, recordHref, viewerHref } from './links.js';
import { hygieneCell, specCurrencyCell } from './probes.js';
import { refusalHeadline, refusalStory } from './why/index.js';

function serverCell(r: RunRecord, links: Links): SafeHtml {
  const id = r.identity;
  const name = r.surface?.serverInfo?.name;
  return html`<div class="server-name">${id.serverSlug}</div>
${name !== undefined && name !== '' ? html`<div class="small">reports itself as “${name}”</div>` : ''}
<div class="small"><code>${id.target.kind}</code> ${id.target.description}</div>
${r.roster ? html`<div class="small">roster entry “${r.roster.entry}”, attempt ${count(r.roster.attempt)}, try ${count(r.roster.try)}</div>` : ''}
<div class="meta">started ${when(id.startedAt)}</div>
<div class="meta">suite ${id.suiteHash ? shortHash(id.suiteHash) : html`<span class="missing">no suite registered</span>`}</div>
<div class="meta"><a href="${recordHref(links, r.runId)}">run record</a> · <code>${r.runId}</code></div>`;
}

function overlapNote(row: BoardRow, links: Links): SafeHtml {
  const above = row.place?.overlapsAbove ?? [];
  if (above.length === 0) return html``;
  return html`<div class="overlap">still overlaps ${above.map(
    (id, i) => html`${i > 0 ? ', ' : ''}<a href="${boardHref(links, id)}">${id}</a>`,
  )}, placed above: the order between overlapping rows carries no information</div>`;
}

function scoredSlot(row: BoardRow, links: Links): SafeHtml {
  const score = row.record.score;
  if (!score) return html``;
  const w = decidingInterval(score.firstTry);
  const place = row.place;
  return html`<div><span class="outcome scored">SCORED</span> ${
    place
      ? html`<span class="position" title="dominance position">#${place.position}</span>${place.tied ? html`<span class="tied">tied</span>` : ''}`
      : ''
  }</div>
${intervalSvg(w, 'first-try success', score.firstTry.clustered ? score.firstTry.wilson : undefined)}
<div>first try <strong>${count(score.firstTry.k)} of ${count(score.firstTry.n)}</strong> trials = <strong>${pct(w.point)}</strong>, 95% interval ${pct(w.lower)} to ${pct(w.upper)}</div>
<div class="small">${observationsNote(score)}; eventual success ${count(score.eventual.k)} of ${count(score.eventual.n)}</div>
${overlapNote(row, links)}`;
}

function refusedSlot(record: RunRecord, links: Links): SafeHtml {
  const isVoid = record.outcome === 'VOID';
  const label = isVoid ? 'Why void' : 'Why refused';
  const where = record.refusal
    ? html` at gate <code>${record.refusal.gate}</code> <code class="small">${record.refusal.reason}</code>`
    : '';
  return html`<div class="${isVoid ? 'void-slot' : 'refusal-slot'}">
<div><span class="outcome ${outcomeClass(record.outcome)}">${record.outcome}</span>${where}</div>
<div class="small">${refusalHeadline(record)}</div>
<details class="why"><summary>${label}</summary>${refusalStory(record, links)}</details>
</div>`;
}

/** One server's row: its latest attempt in the group, with every attempt listed in its first cell. */
export function boardRow(
  row: ServerRow,
  links: Links,
  groupName: (id: string) => string,
  hasTapes = true,
): SafeHtml {
  const r = row.record;
  return html`<tr id="run-${r.runId}" data-outcome="${r.outcome}">
<td class="server">${serverCell(r, links)}${attemptsList(row, links, groupName)}</td>
<td class="result">${r.score ? scoredSlot(row, links) : refusedSlot(r, links)}</td>
<td>${runChips(r)}${driftNote(row)}</td>
<td>${specCurrencyCell(r)}</td>
<td>${hygieneCell(r, links)}</td>
<td class="conformance">${conformanceCell(r)}</td>
<td>${costCell(r.cost)}</td>
<td>${hasTapes ? html`<a href="${viewerHref(links, r.runId)}">Replay</a>` : html`<span class="missing">no tape in the run directory</span>`}</td>
</tr>`;
}
