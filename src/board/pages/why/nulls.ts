import { NULL_LABELS, nullReading } from '../../../gates/null-reading.js';
import { isRecorded, type NullBaselineGate, type NullRate, type RunRecord } from '../../../record/index.js';
import { NullPhase } from '../../../tape/phases.js';
import { count, missing, pct } from '../../format.js';
import { html, type SafeHtml } from '../../html.js';
import type { GateField } from '../../record-fields.js';
import { facts } from '../facts.js';
import { gateInterval } from '../gate-clustered.js';
import { type Links, lineHref } from '../links.js';
import { gateShown } from '../shown.js';
import { SIGNAL_SOURCE } from './gates.js';

function phaseValue(gate: NullBaselineGate, phase: NullPhase, links: Links, runId: string): SafeHtml {
  const r = gate.nullRates[phase];
  const none = gate.notMeasured?.[phase];
  if (!r && none)
    return missing(
      `not measured: none of its ${count(none.notApplicable)} trials was applicable (every randomised call equalled the agent's own)`,
    );
  if (!r) return missing('this null was not measured');
  const na =
    r.notApplicable === undefined
      ? ''
      : html` <span class="small">(${count(r.n)} applicable, ${count(r.notApplicable)} not applicable: their randomised call equalled the agent's own)</span>`;
  return html`${count(r.k)} of ${count(r.n)} = <strong>${pct(r.rate)}</strong>${na}<div class="small">${gateInterval(r)}</div>${passRefs(r, links, runId)}`;
}

/** The agent-plane lines of the passing answers behind k, or why none are cited. */
function passRefs(r: NullRate, links: Links, runId: string): SafeHtml {
  if (r.k === 0) return html``;
  if (r.tapeRefs === undefined || r.tapeRefs.length === 0)
    return html` <span class="missing">no tape lines cited: this record was written before passing answers were cited</span>`;
  const sample =
    r.tapeRefs.length < r.k
      ? html` <span class="small">(the first ${count(r.tapeRefs.length)} of ${count(r.k)})</span>`
      : '';
  return html`<div class="small evidence">passing answers: ${r.tapeRefs.map(
    (ref, i) => html`${i > 0 ? ' ' : ''}<a href="${lineHref(links, runId, ref)}">${ref}</a>`,
  )}${sample}</div>`;
}

/**
 * The stored comparison, with the relation the recorded verdict states; its numbers are marked with
 * their fields of `gate`, an entry of `record.gates`.
 */
export function nullComparison(record: RunRecord, gate: NullBaselineGate): SafeHtml {
  if (gate.tNull === undefined || gate.signal === undefined || gate.cutoff === undefined) {
    const gaps = [
      gate.tNull === undefined ? 'T_null' : undefined,
      gate.signal === undefined ? 'the signal S' : undefined,
    ].filter((x) => x !== undefined);
    return html`<span class="cmp">${gaps.join(' and ')} not measured: the gate could not compare</span>`;
  }
  const relation = gate.verdict === 'KILL' ? '≥' : gate.verdict === 'PROCEED' ? '<' : 'against';
  const at = (field: GateField) => gateShown(record, gate, field);
  return html`<span class="cmp">T_null ${at('tNull')} ${relation} ${at('cutoff')} = ${at('ratio')} × S (S = ${at('signal')})</span>`;
}

/** Null rates, T_null, the line and S on one 0–100 axis (positions are the stored values). */
function drawing(gate: NullBaselineGate): SafeHtml {
  const x = (v: number) => Number((v * 100).toFixed(3));
  const marks = NullPhase.options.flatMap((p) => {
    const r = gate.nullRates[p];
    return r
      ? [
          html`<circle class="point" cx="${x(r.rate)}" cy="5" r="1.4"><title>${NULL_LABELS[p]}: ${pct(r.rate)}</title></circle>`,
        ]
      : [];
  });
  return html`<svg class="interval" viewBox="-4 0 108 10" role="img" aria-label="null rates against the line and the signal">
${[0, 25, 50, 75, 100].map((g) => html`<line class="grid" x1="${g}" x2="${g}" y1="0" y2="10"></line>`)}
${gate.cutoff === undefined ? '' : html`<rect class="band" x="${x(gate.cutoff)}" y="0" width="0.8" height="10"><title>the line: ${pct(gate.cutoff)}</title></rect>`}
${gate.signal === undefined ? '' : html`<rect class="point" x="${x(gate.signal) - 0.5}" y="0" width="1" height="10"><title>signal S: ${pct(gate.signal)}</title></rect>`}
${marks}
</svg>`;
}

/**
 * What the decision says, in the words of the one wording table (gates/null-reading.ts), read off
 * this gate record: which null reached the line and what that says, or why nothing could be read.
 */
function finding(gate: NullBaselineGate, record: RunRecord): string {
  const r = nullReading(gate);
  if (r.kind !== 'no-signal') return `${r.sentence}.`;
  return `${r.sentence}. An undecidable gate stops the run exactly like a kill.${whoseLimit(gate, record)}`;
}

/**
 * A runner that solved nothing where the reference agent, given each task's plan, reached the
 * answers through the server: the tasks can be done with these tools, so the zero names two parties
 * (the tools' own account of themselves, or the runner), never the server's data. Read off the
 * record's own reference gate.
 */
function whoseLimit(gate: NullBaselineGate, record: RunRecord): string {
  if (gate.signalSource !== 'first_try') return '';
  const reference = record.gates.find(
    (g): g is NullBaselineGate => g.gate === 'null_baseline' && g.signalSource === 'reference',
  );
  const counts = reference?.signalCounts;
  if (counts === undefined || counts.k === 0) return '';
  return ` The reference agent, given each task's plan, reached the answer through the server in ${counts.k} of ${counts.n} trials, so these tasks can be done with these tools; the runner, without the plan, reached none: either the tools do not tell an agent how to reach these answers, or this runner cannot follow what they say.`;
}

function screenNote(record: RunRecord): string {
  const screen = record.identity.screen;
  if (!isRecorded(screen)) return 'Whether this suite was screened is not recorded.';
  return screen.enabled
    ? 'This suite was screened at generation time, so these null rates read lower than an unscreened suite would give; the gate itself is unchanged.'
    : 'This suite was not screened at generation time.';
}

export function nullStory(gate: NullBaselineGate, record: RunRecord, links: Links): SafeHtml {
  return html`<p>${finding(gate, record)}</p>
${drawing(gate)}
${facts([
  ...NullPhase.options.map(
    (p) => [`null: ${NULL_LABELS[p]}`, phaseValue(gate, p, links, record.runId)] as const,
  ),
  [
    `T_null (${gate.percentile}th percentile, nearest rank)`,
    gate.tNull === undefined ? missing('T_null') : pct(gate.tNull),
  ],
  [
    'signal S',
    gate.signal === undefined
      ? missing('the signal')
      : html`${pct(gate.signal)} <span class="small">from ${SIGNAL_SOURCE[gate.signalSource]}</span>`,
  ],
  [`the line (${gate.ratio} × S)`, gate.cutoff === undefined ? missing('the line') : pct(gate.cutoff)],
  ['verdict', html`<code>${gate.verdict}</code>${gate.reason ? html` <code>${gate.reason}</code>` : ''}`],
])}
<p>${nullComparison(record, gate)}</p>
<p class="small">${screenNote(record)}</p>`;
}

/** The refusal's deciding sentence: the reading of the wording table, then the comparison it rests on. */
export function nullHeadline(record: RunRecord, gate: NullBaselineGate): SafeHtml {
  return html`${nullReading(gate).sentence}. ${nullComparison(record, gate)}`;
}
