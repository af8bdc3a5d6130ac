import { NULL_LABELS } from '../../../gates/null-reading.js';
import { decisionPoint, type GateRecord, type RunRecord } from '../../../record/index.js';
import { NullPhase } from '../../../tape/phases.js';
import { count, pct } from '../../format.js';
import { html, type SafeHtml } from '../../html.js';
import { facts } from '../facts.js';
import { gateInterval } from '../gate-clustered.js';
import { nullComparison } from '../why/nulls.js';

const yesNo = (b: boolean) => (b ? 'yes' : 'no');

type PlanPower = Extract<GateRecord, { gate: 'plan_power' }>;
type Effective = NonNullable<PlanPower['effective']>;

const observations = (r: Effective['atRegistered']) =>
  r.min === r.max ? count(r.min) : `${count(r.min)} to ${count(r.max)}`;

/** The effective sample the plan stands on, as the record states it; an older record says it has none. */
function effectiveRows(g: PlanPower): [string, string | SafeHtml][] {
  const e = g.effective;
  if (e === undefined)
    return [
      [
        'independent observations',
        html`<span class="missing">planned before the design effect was stated</span>`,
      ],
    ];
  const runner = e.runnerDeterminism.deterministic
    ? 'deterministic runner: reps add no information'
    : 'sampled runner: ρ unknown before the run';
  return [
    [
      'independent observations',
      `${observations(e.atRegistered)} of ${count(g.registeredTrials)} trials (${count(e.registeredTasks)} tasks); ${observations(e.atMax)} of ${count(g.maxTrials)} after the last extension (${runner})`,
    ],
    [
      "a perfect reference run's clustered lower bound",
      `${pct(e.perfectClusteredLowerAtRegistered)} at ${count(e.registeredTasks)} tasks (${e.perfectClusteredPassAtRegistered ? 'reaches' : 'under'} ${pct(g.threshold)}); ${pct(e.perfectClusteredLowerAtMax)} at ${count(e.maxTasks)} (${e.perfectClusteredPassAtMax ? 'reaches' : 'under'} ${pct(g.threshold)}); the construct gate decides on this suite's trials (a claim about these tasks, each observed)`,
    ],
  ];
}

function numbers(record: RunRecord, g: GateRecord): SafeHtml {
  switch (g.gate) {
    case 'structural':
      return facts([
        ['surface listed', yesNo(g.surfaceListed)],
        ['tools', count(g.toolCount)],
        ['candidates / admitted', `${count(g.candidates)} / ${count(g.admitted)}`],
        [
          'admission rate',
          g.admissionRate === undefined
            ? html`<span class="missing">no candidates, so no rate</span>`
            : `${pct(g.admissionRate)} against the floor ${pct(g.minAdmissionRate)}`,
        ],
        ['registered', count(g.registered)],
        ['tasks that did not re-validate', count(g.invalidTasks.length)],
      ]);
    case 'answer_leak':
      return facts([
        ['tasks scanned', count(g.scanned)],
        ['tasks carrying their answer', count(g.leaks.length)],
      ]);
    case 'suite_size':
      return facts([
        ['registered against the minimum', `${count(g.registered)} against ${count(g.minTasks)}`],
        ['deleted by the screen', count(g.deletedByScreen)],
      ]);
    case 'plan_power':
      return facts([
        [
          'trials needed for the planned power',
          `${count(g.requiredN)} (power ${pct(g.plannedPower)} to detect ${pct(g.detectableRate)} against ${pct(g.threshold)}, α = ${g.alpha})`,
        ],
        ['registered trials', `${count(g.registeredTrials)}: power ${pct(g.achievedPower)}`],
        ['after the last registered extension', `${count(g.maxTrials)}: power ${pct(g.achievedPowerAtMax)}`],
        [
          'a perfect reference run could publish PASS',
          `at the registered size: ${yesNo(g.perfectPassAtRegistered)}; after the last extension: ${yesNo(g.perfectPassAtMax)}`,
        ],
        ...effectiveRows(g),
      ]);
    case 'null_baseline':
      return html`<p>${nullComparison(record, g)}</p>${facts(
        NullPhase.options.flatMap((p) => {
          const r = g.nullRates[p];
          return r
            ? [
                [
                  `null: ${NULL_LABELS[p]}`,
                  html`${count(r.k)} of ${count(r.n)}${r.notApplicable ? ` applicable (${count(r.notApplicable)} not applicable)` : ''}: ${gateInterval(r)}`,
                ] as const,
              ]
            : g.notMeasured?.[p]
              ? [
                  [
                    `null: ${NULL_LABELS[p]}`,
                    html`not measured: 0 applicable (${count(g.notMeasured[p].notApplicable)} not applicable)`,
                  ] as const,
                ]
              : [];
        }),
      )}`;
    case 'construct':
      return facts([
        [
          'reference agent',
          `${count(g.k)} of ${count(g.n)} passed, ${count(g.errors)} oracle errors (${pct(g.errorShare)} against ${pct(g.compromisedErrorShare)})`,
        ],
        ...(g.n > 0 ? [['reference rate', gateInterval(g)] as const] : []),
        ['threshold', pct(g.threshold)],
        [
          'verdict',
          html`${g.rawVerdict ? html`raw <code>${g.rawVerdict}</code>, ` : ''}published <code>${g.verdict}</code>`,
        ],
      ]);
  }
}

/** Every gate decision, in the order the run made them. */
export function gateLedger(record: RunRecord): SafeHtml {
  if (record.gates.length === 0) return html`<p>No gate was decided.</p>`;
  return html`<ol class="ledger">${record.gates.map(
    (
      g,
    ) => html`<li><strong><code>${decisionPoint(g)}</code></strong> <span class="small">(${g.tier})</span>: <code>${g.verdict}</code>${
      g.reason ? html` <code>${g.reason}</code>` : ''
    }${g.outcome ? html` → <span class="outcome refused">${g.outcome}</span>` : ''}
<div>${g.explain}</div>${numbers(record, g)}</li>`,
  )}</ol>`;
}
