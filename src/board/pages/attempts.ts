import type { RunRecord } from '../../record/index.js';
import { count } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import { type Attempt, type ServerRow, surfaceDiff } from '../model.js';
import { diffText, outcomeClass } from './chips.js';
import { type Links, recordHref } from './links.js';

/** What differs from the row's own run: the transport, credential and target as run. */
function differs(a: RunRecord, row: RunRecord): string[] {
  const [mine, theirs] = [row.identity, a.identity];
  return [
    theirs.target.kind !== mine.target.kind ? theirs.target.kind : '',
    theirs.credential !== mine.credential ? theirs.credential : '',
    theirs.target.description !== mine.target.description ? theirs.target.description : '',
  ].filter((x) => x !== '');
}

/** Why a VOID attempt ended (a roster's dead try says its worker or process died), from its record. */
function whyEnded(r: RunRecord): SafeHtml {
  if (r.outcome !== 'VOID' || !r.void) return html``;
  return html`<div class="small">ended: <code>${r.void.reason}</code> ${r.void.detail}</div>`;
}

function attemptItem(a: Attempt, row: ServerRow, links: Links, groupName: (id: string) => string): SafeHtml {
  const r = a.record;
  const own = r === row.record;
  const where = a.groupId === row.groupId ? '' : `; ${groupName(a.groupId)}`;
  const other = differs(r, row.record);
  const diff =
    r.identity.credential === row.record.identity.credential ? undefined : surfaceDiff(row.record, r);
  // An attempt that is not a row of this group is reached on the board through its item here.
  const anchor = !own && a.groupId === row.groupId ? html` id="run-${r.runId}"` : html``;
  return html`<li${anchor} data-outcome="${r.outcome}"><span class="outcome ${outcomeClass(r.outcome)}">${r.outcome}</span> attempt ${a.index}${own ? ' (this row)' : ''}: <a href="${recordHref(links, r.runId)}"><code>${r.runId}</code></a>${r.roster ? html` · try ${count(r.roster.try)}` : ''}${where}${other.length > 0 ? html`; ${other.join(', ')}` : ''}${diff ? html` ${diffText(diff, r.identity.credential)}` : ''}${whyEnded(r)}</li>`;
}

/**
 * Every attempt of the row's server, oldest first, the row's own marked: its outcome, its run, its
 * roster try, and for a VOID attempt why it ended. One server is one row, however many runs it took.
 */
export function attemptsList(row: ServerRow, links: Links, groupName: (id: string) => string): SafeHtml {
  return html`<div class="attempts-head small">${row.attempts.length === 1 ? 'one attempt' : `${row.attempts.length} attempts; this row is attempt ${row.attempt.index}`}</div>
<ol class="attempts">${row.attempts.map((a) => attemptItem(a, row, links, groupName))}</ol>`;
}
