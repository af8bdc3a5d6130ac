import { CLUSTERED_UNEQUAL_METHOD } from '../../record/clustered-gate.js';
import type { ConstructGate, GateClustered, RunRecord, StoredInterval } from '../../record/index.js';
import { count, pct } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import { type Links, methodsHref } from './links.js';
import { gateShown } from './shown.js';

/** A gate rate as the record keeps it: its counts, plain Wilson and clustered block where recorded. */
interface GateRate {
  k: number;
  n: number;
  wilson?: StoredInterval | undefined;
  clustered?: GateClustered | undefined;
}

export const NOT_CLUSTERED = 'interval not clustered: recorded before this method';

/** "16 tasks" or "15 tasks of unequal size": the clusters the block rests on. */
function clusters(c: GateClustered): string {
  return c.method === CLUSTERED_UNEQUAL_METHOD
    ? `${count(c.tasks)} tasks of unequal size`
    : `${count(c.tasks)} tasks`;
}

/**
 * A gate rate's interval as the finding: the task-clustered 95% interval, with plain Wilson over
 * trials beside it, both read from the record; a record made before the method says so.
 */
export function gateInterval(r: GateRate): SafeHtml {
  const plain = r.wilson
    ? html`plain Wilson over trials as if independent: ${pct(r.wilson.lower)} to ${pct(r.wilson.upper)}`
    : html``;
  const c = r.clustered;
  if (c === undefined)
    return html`<span class="missing">${NOT_CLUSTERED}</span>${r.wilson ? html`; ${plain}` : ''}`;
  return html`95% interval ${pct(c.wilson.lower)} to ${pct(c.wilson.upper)}, clustered by task (${c.nEff.toFixed(1)} effective observations from ${clusters(c)}); ${plain}`;
}

/**
 * The construct rate's clustered interval for the deciding sentence, its numbers marked with their
 * fields of `g`. The PASS rule still reads plain Wilson over trials, and the clause says so.
 */
export function constructIntervalClause(record: RunRecord, g: ConstructGate, links: Links): SafeHtml {
  if (g.n === 0) return html``;
  const at = (field: Parameters<typeof gateShown>[2]) => gateShown(record, g, field);
  const c = g.clustered;
  if (c === undefined) return html` <span class="small missing">(${NOT_CLUSTERED})</span>`;
  return html` (95% interval ${at('clustered.wilson.lower')} to ${at('clustered.wilson.upper')}, clustered by task: ${at('clustered.nEff')} effective observations from ${at('clustered.tasks')} tasks; plain Wilson over trials ${at('wilson.lower')} to ${at('wilson.upper')}, which the PASS rule <a href="${methodsHref(links, 'clustered')}">still reads</a>)`;
}
