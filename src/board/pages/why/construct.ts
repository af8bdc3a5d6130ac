import { type ConstructGate, policyRecorded, type RunRecord } from '../../../record/index.js';
import { count, missing, pct, pValue } from '../../format.js';
import { html, type SafeHtml } from '../../html.js';
import { facts } from '../facts.js';
import { extensionLedger } from '../ledger.js';
import { type Links, lineHref } from '../links.js';

function wireRows(g: ConstructGate, record: RunRecord, links: Links): (readonly [string, SafeHtml])[] {
  const w = g.wire;
  if (!w) return [['what the wire tape shows', missing('the wire-tape reading')]];
  const refs = w.tapeRefs.map((ref) => html` <a href="${lineHref(links, record.runId, ref)}">${ref}</a>`);
  return [
    ['tool calls recorded on the wire', html`${count(w.toolCalls)}`],
    ['came back as errors', html`${count(w.errorResults)}`],
    ['never got a matching response', html`<strong>${count(w.pending)}</strong>`],
    [
      'tape evidence',
      refs.length > 0 ? html`${refs}` : html`<span class="missing">no tape lines cited</span>`,
    ],
  ];
}

function finding(g: ConstructGate): string {
  switch (g.reason) {
    case 'compromised_oracle_errors':
      return 'Too many reference trials failed to complete for this to count as a measurement. That is a refusal to score, not a verdict about the server.';
    case 'unresolved_after_max_extensions':
      return 'The reference agent sat between pass and fail. It bought every registered extension batch and was still unresolved after the last one, which counts as a fail.';
    case 'extend_exhausted_zero_policy':
      return 'The reference agent could not be resolved either way at the registered size, and the run had no extension batch to buy, so it was refused where it stood.';
    case 'reference_rate_below_threshold':
      return 'A reference agent handed the answer key still could not reach it through the server often enough.';
    default:
      return 'The reference agent against the registered threshold.';
  }
}

function wireNote(g: ConstructGate): SafeHtml {
  if (!g.wire || g.wire.pending === 0) return html``;
  return html`<p>${count(g.wire.pending)} of the ${count(g.wire.toolCalls)} recorded tool calls never received a matching protocol response. Requests left unanswered are a finding about the server, stated from the recorded counts.</p>`;
}

function policyNote(g: ConstructGate, record: RunRecord): SafeHtml {
  if (g.reason !== 'extend_exhausted_zero_policy') return html``;
  const policy = g.extension.policy;
  // A policy that was not recorded states its own limitation in the extension ledger below.
  if (!policyRecorded(policy)) return html``;
  const reg = record.prereg?.registration.extension;
  const stated = reg && 'batchTasks' in reg ? `${reg.maxExtensions} extension batches registered` : undefined;
  return html`<p class="small">Registered policy: ${stated ?? `${policy.maxExtensions} extension batches`}.</p>`;
}

export function constructStory(g: ConstructGate, record: RunRecord, links: Links): SafeHtml {
  return html`<p>${finding(g)}</p>
${facts([
  [
    'reference agent passed',
    g.n === 0
      ? html`0 completed trials`
      : html`<strong>${count(g.k)} of ${count(g.n)}</strong> completed trials`,
  ],
  [
    'rate against the threshold',
    g.rate === undefined
      ? missing('the rate (no trial completed)')
      : html`${pct(g.rate)} against ${pct(g.threshold)}`,
  ],
  [
    'oracle errors (trials that did not complete)',
    html`${count(g.errors)}: ${pct(g.errorShare)} of all trials, limit ${pct(g.compromisedErrorShare)}`,
  ],
  [
    'p-value, P(X ≤ k) at the threshold',
    g.pValue === undefined ? missing('the p-value') : html`${pValue(g.pValue)} against α = ${g.alpha}`,
  ],
  [
    'Wilson 95% interval',
    g.wilson ? html`${pct(g.wilson.lower)} to ${pct(g.wilson.upper)}` : missing('the interval'),
  ],
  [
    'power at this n',
    g.achievedPower === undefined
      ? missing('the achieved power')
      : html`${pct(g.achievedPower)} against the planned ${pct(g.plannedPower)}`,
  ],
  [
    'verdict',
    html`${g.rawVerdict ? html`raw <code>${g.rawVerdict}</code>, ` : ''}published <code>${g.verdict}</code>${g.downgraded ? ' (a raw pass downgraded: underpowered)' : ''}${g.reason ? html` <code>${g.reason}</code>` : ''}`,
  ],
  ...wireRows(g, record, links),
])}
${wireNote(g)}
${policyNote(g, record)}
<h4>Extensions</h4>
${extensionLedger(g)}`;
}

export function constructHeadline(g: ConstructGate): SafeHtml {
  if (g.reason === 'compromised_oracle_errors') {
    return html`${count(g.errors)} oracle errors: ${pct(g.errorShare)} of trials against the limit ${pct(g.compromisedErrorShare)}`;
  }
  const rate = g.rate === undefined ? html`` : html` (${pct(g.rate)})`;
  const pending =
    g.wire && g.wire.pending > 0 ? html`; ${count(g.wire.pending)} requests had no response` : html``;
  const tail = g.reason === 'extend_exhausted_zero_policy' ? html`; no extension batch to buy` : html``;
  return html`reference agent ${count(g.k)} of ${count(g.n)}${rate} against ${pct(g.threshold)}${pending}${tail}`;
}
