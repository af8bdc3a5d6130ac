import { isRecorded, type RunRecord } from '../../record/index.js';
import { count } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import type { BoardRow, SurfaceDiff } from '../model.js';
import { explorableChip } from './exploration.js';
import { boardHref, type Links } from './links.js';

export function generatorChipHtml(record: RunRecord): SafeHtml {
  const g = record.identity.generator;
  if (!isRecorded(g))
    return html`<span class="chip not-recorded" title="${g.limitation}">generator not recorded</span>`;
  return html`<span class="chip" title="task generator">${g.name}/${g.version}</span>`;
}

export function screenChip(record: RunRecord): SafeHtml {
  const s = record.identity.screen;
  if (!isRecorded(s))
    return html`<span class="chip not-recorded" title="${s.limitation}">screen not recorded</span>`;
  if (!s.enabled) return html`<span class="chip" title="${s.statement}">unscreened</span>`;
  const title = `${s.statement} Screened ${count(s.counts.screened)}, deleted ${count(s.counts.deleted)}, errors ${count(s.counts.errors)}.`;
  return html`<span class="chip" title="${title}">screened (${count(s.counts.deleted)} deleted)</span>`;
}

export function credentialChip(record: RunRecord): SafeHtml {
  return html`<span class="chip" title="credential the run was collected under">${record.identity.credential}</span>`;
}

/** The outcome chip's class: scored, void, or refused (every refusal alike). */
export const outcomeClass = (o: RunRecord['outcome']) =>
  o === 'SCORED' ? 'scored' : o === 'VOID' ? 'void' : 'refused';

const outcomeWord = (o: RunRecord['outcome']) => (o === 'SCORED' || o === 'VOID' ? o : `refused: ${o}`);

/** "attempt N of M" and every sibling run of the same server, wherever it sits on the board. */
export function attemptChip(row: BoardRow, links: Links, groupName: (id: string) => string): SafeHtml {
  const { index, of, siblings } = row.attempt;
  const chip = html`<span class="chip" title="every run of this server is an attempt, listed on its board row">attempt ${index} of ${of}</span>`;
  if (siblings.length === 0) return chip;
  const mine = row.record.identity;
  const items = siblings.map((s) => {
    const differs = [
      s.transport !== mine.target.kind ? s.transport : '',
      s.credential !== mine.credential ? s.credential : '',
      s.target !== mine.target.description ? s.target : '',
    ].filter((x) => x !== '');
    return html`<a href="${boardHref(links, s.runId)}">attempt ${s.attempt}</a> (${outcomeWord(s.outcome)}, ${
      s.groupId === row.groupId ? 'this group' : groupName(s.groupId)
    }${differs.length > 0 ? html`; ${differs.join(', ')}` : ''})${s.surfaceDiff ? html` ${diffText(s.surfaceDiff, s.credential)}` : ''}`;
  });
  return html`${chip}<div class="siblings">other runs of this server: ${items.map((item, i) => html`${i > 0 ? '; ' : ''}${item}`)}</div>`;
}

/** "tools under owner-key: +2 (a, b), −1 (c), 1 changed (d)", or that the surfaces are the same. */
export function diffText(diff: SurfaceDiff, credential: string): SafeHtml {
  const list = (names: string[]) => (names.length > 0 ? ` (${names.join(', ')})` : '');
  if (diff.added.length + diff.removed.length + diff.changed.length === 0)
    return html`<span class="small">same tools under ${credential}</span>`;
  return html`<span class="small surface-diff">tools under ${credential}: +${diff.added.length}${list(diff.added)}, −${diff.removed.length}${list(diff.removed)}, ${diff.changed.length} changed${list(diff.changed)}</span>`;
}

/** What the run was collected with: generator, explorability, screen and credential. */
export function runChips(r: RunRecord): SafeHtml {
  return html`<div class="chips">${generatorChipHtml(r)}${explorableChip(r)}${screenChip(r)}${credentialChip(r)}</div>`;
}

/** A record page's chips: the run's, then which attempt of its server it is and the others. */
export function chips(row: BoardRow, links: Links, groupName: (id: string) => string): SafeHtml {
  return html`${runChips(row.record)}${attemptChip(row, links, groupName)}`;
}
