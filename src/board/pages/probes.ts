import { revisionStanding } from '../../probes/revisions.js';
import type { ProbeResult, RunRecord } from '../../record/index.js';
import { html, type SafeHtml } from '../html.js';
import { type Links, lineHref, recordHref } from './links.js';

export const SPEC_CURRENCY = 'spec-currency';

/** The negotiated revision: from the surface, else the spec-currency probe's own evidence. */
export function negotiatedRevision(record: RunRecord): string | undefined {
  if (record.surface?.revision !== undefined) return record.surface.revision;
  const negotiated = record.probes.find((p) => p.id === SPEC_CURRENCY)?.evidence.negotiated;
  return typeof negotiated === 'string' && negotiated !== '' ? negotiated : undefined;
}

/**
 * The negotiated revision and its era, a value in its own column. It is judged from the revision
 * itself (so records that predate this rule read the same way): only a revision older than the
 * newest of its era is shown as a finding.
 */
export function specCurrencyCell(record: RunRecord): SafeHtml {
  const revision = negotiatedRevision(record);
  const probe = record.probes.find((p) => p.id === SPEC_CURRENCY);
  if (revision === undefined) {
    return html`<span class="unknown">no revision negotiated</span>${probe ? html`<div class="small">${probe.detail}</div>` : ''}`;
  }
  const s = revisionStanding(revision);
  if (s.behind)
    return html`<code class="fault">${revision}</code> <div class="small fault">${s.era}; behind the newest ${s.era} revision, ${s.newestOfEra}</div>`;
  return html`<code>${revision}</code> <span class="small">${s.era === 'modern' ? 'modern, latest' : 'legacy, newest of its era'}</span>`;
}

/** Protocol hygiene: every probe but spec currency (its own column) and any other value probe. */
export function hygieneProbes(record: RunRecord): ProbeResult[] {
  return record.probes.filter((p) => p.id !== SPEC_CURRENCY && p.counted !== false);
}

export function hygieneCounts(record: RunRecord): { passed: number; checked: number; unknown: number } {
  const probes = hygieneProbes(record);
  return {
    passed: probes.filter((p) => p.pass === true).length,
    checked: probes.filter((p) => p.pass !== null).length,
    unknown: probes.filter((p) => p.pass === null).length,
  };
}

function faultChip(record: RunRecord, probe: ProbeResult, links: Links): SafeHtml {
  const ref = probe.tapeRefs[0];
  const href =
    ref === undefined ? recordHref(links, record.runId, 'probes') : lineHref(links, record.runId, ref);
  return html`<a class="fault-chip" href="${href}" title="${probe.detail}">${probe.id} failed</a>`;
}

export function hygieneCell(record: RunRecord, links: Links): SafeHtml {
  if (record.probes.length === 0) return html`<span class="missing">probe results: not in the record</span>`;
  const { passed, checked, unknown } = hygieneCounts(record);
  const failed = hygieneProbes(record).filter((p) => p.pass === false);
  return html`<div>${passed} of ${checked} checks passed</div>${
    unknown > 0 ? html`<div class="small unknown">${unknown} could not be checked</div>` : ''
  }${failed.length > 0 ? html`<div>${failed.map((p) => faultChip(record, p, links))}</div>` : ''}`;
}
