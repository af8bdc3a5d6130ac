import type { ConstructGate, RunRecord } from '../../../record/index.js';
import { html, type SafeHtml } from '../../html.js';
import type { GateField } from '../../record-fields.js';
import { gateShown } from '../shown.js';

/**
 * Which evidence a construct decision stood on, read from the gate's stored numbers by the same
 * comparisons the published verdict makes (src/stats publishedVerdict): a PASS stands on the Wilson
 * lower bound reaching the threshold, or else on the achieved power at this n reaching the planned
 * power; a FAIL on the exact p-value below alpha; COMPROMISED on the oracle-error share.
 */
export type ConstructSupport =
  | 'wilson'
  | 'power'
  | 'p-value'
  | 'oracle-errors'
  | 'unresolved'
  | 'downgraded'
  | 'not-measured';

export function constructSupport(g: ConstructGate): ConstructSupport {
  if (g.reason === 'compromised_oracle_errors') return 'oracle-errors';
  if (g.wilson === undefined || g.achievedPower === undefined || g.pValue === undefined)
    return 'not-measured';
  if (g.verdict === 'PASS') return g.wilson.lower >= g.threshold ? 'wilson' : 'power';
  if (g.verdict === 'FAIL' && g.reason === 'reference_rate_below_threshold') return 'p-value';
  // Refused because the failures that decided it ran out of budget: the statistics under it as they fell.
  if (g.reason === 'reference_out_of_budget' && g.rawVerdict === 'FAIL') return 'p-value';
  return g.rawVerdict === 'PASS' || g.downgraded === true ? 'downgraded' : 'unresolved';
}

type Shown = (field: GateField) => SafeHtml;

const wilsonVs = (at: Shown, rel: string) =>
  html`the Wilson 95% lower bound ${at('wilson.lower')} ${rel} the threshold ${at('threshold')}`;
const powerVs = (at: Shown, rel: string) =>
  html`the achieved power ${at('achievedPower')} at n = ${at('n')} ${rel} the planned power ${at('plannedPower')}`;
const pVs = (at: Shown, rel: string) =>
  html`the p-value P(X ≤ ${at('k')}) = ${at('pValue')} ${rel} α = ${at('alpha')}`;

/**
 * The deciding sentence's support clause: the evidence used, with both numbers of each comparison,
 * each marked with its field of `g` (an entry of `record.gates`) for the record page's badge.
 */
export function constructSupportText(record: RunRecord, g: ConstructGate): SafeHtml {
  const kind = constructSupport(g);
  const at: Shown = (field) => gateShown(record, g, field);
  switch (kind) {
    case 'oracle-errors':
      return html`${at('errors')} oracle errors: ${at('errorShare')} of trials against the limit ${at('compromisedErrorShare')}, above it, so no verdict on the server stands`;
    case 'not-measured':
      return html`no trial completed, so there is no rate, interval or power to decide on`;
    case 'wilson':
      return html`PASS on ${wilsonVs(at, '≥')} (${powerVs(at, 'against')})`;
    case 'power':
      return html`PASS on ${powerVs(at, '≥')}; ${wilsonVs(at, 'is below')}, so the bound alone would not have carried it`;
    case 'p-value':
      return html`FAIL on ${pVs(at, '<')}`;
    case 'downgraded':
      return html`a raw PASS without support: ${wilsonVs(at, '<')} and ${powerVs(at, '<')}, so it was published as EXTEND`;
    default:
      return html`neither PASS nor FAIL: ${pVs(at, '≥')}, and ${wilsonVs(at, 'against')}, ${powerVs(at, 'against')}`;
  }
}

/** The clause wrapped so a reader (and the site's sceptic test) can find which support it names. */
export function constructSupportSentence(record: RunRecord, g: ConstructGate): SafeHtml {
  return html`<span class="support" data-gate="construct" data-support="${constructSupport(g)}">${constructSupportText(record, g)}</span>`;
}
