import type { ConstructGate } from '../../../record/index.js';
import { count, pct, pValue } from '../../format.js';
import { html, type SafeHtml } from '../../html.js';

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
  return g.rawVerdict === 'PASS' || g.downgraded === true ? 'downgraded' : 'unresolved';
}

const wilsonVs = (g: ConstructGate, lower: number, rel: string) =>
  html`the Wilson 95% lower bound ${pct(lower)} ${rel} the threshold ${pct(g.threshold)}`;
const powerVs = (g: ConstructGate, power: number, rel: string) =>
  html`the achieved power ${pct(power)} at n = ${count(g.n)} ${rel} the planned power ${pct(g.plannedPower)}`;
const pVs = (g: ConstructGate, p: number, rel: string) =>
  html`the p-value P(X ≤ ${count(g.k)}) = ${pValue(p)} ${rel} α = ${g.alpha}`;

/** The deciding sentence's support clause: the evidence used, with both numbers of each comparison. */
export function constructSupportText(g: ConstructGate): SafeHtml {
  const kind = constructSupport(g);
  const { wilson: w, achievedPower: power, pValue: p } = g;
  switch (kind) {
    case 'oracle-errors':
      return html`${count(g.errors)} oracle errors: ${pct(g.errorShare)} of trials against the limit ${pct(g.compromisedErrorShare)}, above it, so no verdict on the server stands`;
    case 'not-measured':
      return html`no trial completed, so there is no rate, interval or power to decide on`;
    default:
      if (w === undefined || power === undefined || p === undefined) return html``;
  }
  switch (kind) {
    case 'wilson':
      return html`PASS on ${wilsonVs(g, w.lower, '≥')} (${powerVs(g, power, 'against')})`;
    case 'power':
      return html`PASS on ${powerVs(g, power, '≥')}; ${wilsonVs(g, w.lower, 'is below')}, so the bound alone would not have carried it`;
    case 'p-value':
      return html`FAIL on ${pVs(g, p, '<')}`;
    case 'downgraded':
      return html`a raw PASS without support: ${wilsonVs(g, w.lower, '<')} and ${powerVs(g, power, '<')}, so it was published as EXTEND`;
    default:
      return html`neither PASS nor FAIL: ${pVs(g, p, '≥')}, and ${wilsonVs(g, w.lower, 'against')}, ${powerVs(g, power, 'against')}`;
  }
}

/** The clause wrapped so a reader (and the site's sceptic test) can find which support it names. */
export function constructSupportSentence(g: ConstructGate): SafeHtml {
  return html`<span class="support" data-gate="construct" data-support="${constructSupport(g)}">${constructSupportText(g)}</span>`;
}
