import { type ConstructGate, isRecorded, policyRecorded, type RunRecord } from '../../../record/index.js';
import { count, missing, pct, pValue } from '../../format.js';
import { html, type SafeHtml } from '../../html.js';
import type { GateField } from '../../record-fields.js';
import { facts } from '../facts.js';
import { gateInterval } from '../gate-clustered.js';
import { extensionLedger } from '../ledger.js';
import { type Links, lineHref, viewerHref } from '../links.js';
import { gateShown } from '../shown.js';
import { constructSupportSentence } from './support.js';

const refLinks = (refs: readonly string[], record: RunRecord, links: Links) =>
  refs.map((ref, i) => html`${i > 0 ? ' ' : ''}<a href="${lineHref(links, record.runId, ref)}">${ref}</a>`);

/**
 * A count with the tape lines behind it: the first cited lines of its kind (a bounded sample), none
 * when the count is 0, or why the record cites none.
 */
function cited(n: number, refs: readonly string[] | undefined, why: string, record: RunRecord, links: Links) {
  if (n === 0) return html`${count(0)}`;
  if (refs === undefined || refs.length === 0)
    return html`${count(n)} <span class="missing">no tape lines cited: ${why}</span>`;
  const sample =
    refs.length < n ? html` <span class="small">(the first ${count(refs.length)} of ${count(n)})</span>` : '';
  return html`${count(n)} <span class="evidence">${refLinks(refs, record, links)}</span>${sample}`;
}

function wireRows(g: ConstructGate, record: RunRecord, links: Links): (readonly [string, SafeHtml])[] {
  const w = g.wire;
  if (!w) return [['what the wire tape shows', missing('the wire-tape reading')]];
  const r = w.refs;
  if (r === undefined) {
    // Written before each kind was cited apart: the failed calls' lines, all kinds together.
    const old = 'this record was written before each kind of call was cited';
    return [
      [
        'tool calls recorded on the wire',
        html`${count(w.toolCalls)} <span class="missing">no tape lines cited: ${old}</span>`,
      ],
      ['came back as errors', html`${count(w.errorResults)}`],
      ['never got a matching response', html`<strong>${count(w.pending)}</strong>`],
      [
        'failed calls, all kinds together',
        w.tapeRefs.length > 0 ? html`${refLinks(w.tapeRefs, record, links)}` : html`none cited`,
      ],
    ];
  }
  const old = 'this record was written before every call was cited (its failed calls are cited below)';
  return [
    ['tool calls recorded on the wire', cited(w.toolCalls, r.calls, old, record, links)],
    ['came back as errors', cited(w.errorResults, r.errorResults, '', record, links)],
    [
      'never got a matching response',
      html`<strong>${cited(w.pending, r.pending, '', record, links)}</strong>`,
    ],
    ['answered with a JSON-RPC error', cited(w.protocolErrors ?? 0, r.protocolErrors, '', record, links)],
  ];
}

function finding(g: ConstructGate): string {
  switch (g.reason) {
    case 'compromised_oracle_errors':
      return 'Too many reference trials failed to complete for this to count as a measurement. That is a refusal to score, not a verdict about the server.';
    case 'unresolved_after_max_extensions':
      return 'The reference agent sat between pass and fail. It bought every registered extension batch and was still unresolved after the last one, which counts as a fail.';
    case 'extend_exhausted_zero_policy':
    case 'extend_exhausted':
      return g.rawVerdict === 'PASS'
        ? `The reference agent met the threshold (${g.k} of ${g.n}), but that many trials cannot support a PASS, and the run had no extension batch to buy, so it was refused where it stood. That is a limit of the registration's size, not a finding about the server.`
        : 'The reference agent could not be resolved either way at the registered size, and the run had no extension batch to buy, so it was refused where it stood.';
    case 'reference_rate_below_threshold':
      return 'A reference agent handed the answer key still could not reach it through the server often enough.';
    case 'reference_out_of_budget':
      return 'The reference agent fell short, but the failures that decided it ran out of a per-trial limit (steps, tokens or time) before it answered. Those limits are the registration’s, so the refusal is not a finding about the server.';
    default:
      return 'The reference agent against the registered threshold.';
  }
}

function wireNote(g: ConstructGate): SafeHtml {
  if (!g.wire || g.wire.pending === 0) return html``;
  return html`<p>${count(g.wire.pending)} of the ${count(g.wire.toolCalls)} recorded tool calls never received a matching protocol response. Requests left unanswered are a finding about the server, stated from the recorded counts.</p>`;
}

/** Refused at the registered size with nothing to buy: the current reason, or v1's spelling of it. */
export function zeroPolicy(g: ConstructGate): boolean {
  return g.reason === 'extend_exhausted_zero_policy' || g.reason === 'extend_exhausted';
}

/** What this record itself says about its extension policy, field by field. */
function policyFacts(g: ConstructGate, record: RunRecord): string[] {
  const policy = g.extension.policy;
  const reg = record.prereg?.registration.extension;
  const protocol = record.identity.extensionProtocol;
  return [
    policyRecorded(policy)
      ? `the gate's policy registers ${policy.maxExtensions} extension batches of ${policy.batchTasks} tasks`
      : `the gate's policy is not recorded and reads as ${policy.maxExtensions} extensions`,
    reg && 'batchTasks' in reg
      ? `the pre-registration registers ${reg.maxExtensions} batches of ${reg.batchTasks} tasks`
      : record.prereg
        ? 'the pre-registration carries no batch size'
        : 'the record carries no pre-registration',
    isRecorded(protocol)
      ? `its protocol statement: “${protocol.statement}”`
      : 'it carries no protocol statement',
    g.extension.ledger ? 'the gate carries its extension ledger' : 'the gate carries no extension ledger',
  ];
}

function policyNote(g: ConstructGate, record: RunRecord): SafeHtml {
  if (!zeroPolicy(g)) return html``;
  const facts = policyFacts(g, record);
  const legacy = g.reason === 'extend_exhausted';
  return html`<p class="small policy-note">${
    legacy
      ? html`This record carries the reason <code>extend_exhausted</code>, as it was written before the extension protocol existed. `
      : ''
  }From its own fields: ${facts.join('; ')}.${
    policyRecorded(g.extension.policy)
      ? ''
      : ' That is the arithmetic of a registration that bought no batch, and the record cannot tell the two apart; its counts are as the gate measured them.'
  }</p>`;
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
    '95% interval',
    g.wilson
      ? html`${gateInterval(g)}<div class="small">The PASS rule reads the plain Wilson interval over trials (the lower bound against the threshold).</div>`
      : missing('the interval'),
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
<p class="small">The reference trials are not cited line by line: each is the agent tape's turns under a corr id ending in <code>::construct</code> (with its rep), which the <a href="${viewerHref(links, record.runId)}">tape viewer</a> groups by corr id; the wire lines of their calls are cited above.</p>
${wireNote(g)}
${policyNote(g, record)}
<h4>Extensions</h4>
${extensionLedger(g)}`;
}

/** The refusal's headline; its numbers are marked with their fields of `g`, an entry of `record.gates`. */
export function constructHeadline(record: RunRecord, g: ConstructGate): SafeHtml {
  if (g.reason === 'compromised_oracle_errors') return constructSupportSentence(record, g);
  const at = (field: GateField) => gateShown(record, g, field);
  const rate = g.rate === undefined ? html`` : html` (${at('rate')})`;
  const pending =
    g.wire && g.wire.pending > 0 ? html`; ${at('wire.pending')} requests had no response` : html``;
  const tail = zeroPolicy(g) ? html`; no extension batch to buy` : html``;
  return html`reference agent ${at('k')} of ${at('n')}${rate} against ${at('threshold')}: ${constructSupportSentence(record, g)}${pending}${tail}`;
}
