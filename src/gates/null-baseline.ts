import { NullBaselineGate, type NullRate } from '../record/gate.js';
import type { NullBaselineInput, RateCounts } from '../record/gate-input.js';
import { percentileNearestRank, wilson } from '../stats/index.js';
import { NullPhase, perNullPhase } from '../tape/phases.js';
import { curtailLine, nullCurtail } from './curtail.js';
import { GateInputError, inputs } from './errors.js';
import { type NullGateView, nullExplain } from './null-reading.js';
import { perTaskBlock } from './per-task.js';
import { seal } from './seal.js';

export type { NullBaselineInput, Signal } from '../record/gate-input.js';

function measure(
  fn: ReturnType<typeof inputs>,
  name: string,
  c: RateCounts | undefined,
): NullRate | undefined {
  if (c === undefined) return undefined;
  const n = fn.count(`${name}.n`, c.n);
  const k = fn.upTo(`${name}.k`, c.k, 'n', n);
  const notApplicable =
    c.notApplicable === undefined ? undefined : fn.count(`${name}.notApplicable`, c.notApplicable);
  if (n === 0) return undefined;
  const plain = wilson(k, n);
  return {
    k,
    n,
    rate: plain.point,
    ...(notApplicable === undefined ? {} : { notApplicable }),
    ...(c.tapeRefs ? { tapeRefs: [...c.tapeRefs] } : {}),
    ...(c.perTask ? { wilson: { ...plain }, ...perTaskBlock('null_baseline', name, c.perTask, k, n) } : {}),
  };
}

/** Phases that ran trials but none applicable: not measured, never a rate of 0. */
function notMeasured(
  phases: NullBaselineInput['phases'],
): Partial<Record<NullPhase, { notApplicable: number }>> {
  const out: Partial<Record<NullPhase, { notApplicable: number }>> = {};
  for (const phase of NullPhase.options) {
    const c = phases?.[phase];
    if (c !== undefined && c.n === 0 && (c.notApplicable ?? 0) > 0)
      out[phase] = { notApplicable: c.notApplicable ?? 0 };
  }
  return out;
}

function unrunTrials(input: NullBaselineInput): Partial<Record<NullPhase, number>> {
  const v = inputs('null_baseline');
  const out: Partial<Record<NullPhase, number>> = {};
  for (const p of NullPhase.options) {
    const r = input.curtailed?.[p];
    if (r !== undefined && v.count(`curtailed.${p}`, r) > 0) out[p] = r;
  }
  return out;
}

/** A curtailment claimed by the input, proved again from the counts; unproved is bad input. */
function proveCurtail(input: NullBaselineInput, killed: boolean) {
  const unrun = unrunTrials(input);
  if (Object.keys(unrun).length === 0) return undefined;
  const count = (p: NullPhase) => {
    const c = input.phases?.[p];
    return { k: c?.k ?? 0, n: c?.n ?? 0, notApplicable: c?.notApplicable ?? 0, remaining: unrun[p] ?? 0 };
  };
  const phases = perNullPhase(count);
  const proof =
    input.signal.source === 'ceiling'
      ? nullCurtail({ phases, ratio: input.ratio, percentile: input.percentile })
      : undefined;
  if (proof === undefined || !killed)
    throw new GateInputError(
      'null_baseline',
      'curtailed',
      'a KILL at the ceiling every completion reaches',
      'not proved',
    );
  const ran = (p: NullPhase) => phases[p].n + phases[p].notApplicable;
  const record = {
    phases: Object.fromEntries(
      NullPhase.options
        .filter((p) => unrun[p] !== undefined)
        .map((p) => [p, { ran: ran(p), of: ran(p) + (unrun[p] ?? 0) }]),
    ),
    ...proof,
  };
  const all = NullPhase.options.reduce((a, p) => a + ran(p), 0);
  const of = all + NullPhase.options.reduce((a, p) => a + (unrun[p] ?? 0), 0);
  return { record, line: curtailLine(all, of, proof) };
}

/** A decision before its words: every field of the record but `explain`. */
type Draft = NullGateView &
  Pick<NullBaselineGate, 'gate' | 'tier'> &
  Partial<Pick<NullBaselineGate, 'outcome' | 'curtailed' | 'signalCounts' | 'input'>>;

/**
 * Gate 5 (cheap): T_null is the nearest-rank percentile of the three null rates. Missing T_null or
 * S → INDETERMINATE; S = 0 → INDETERMINATE; T_null ≥ ratio·S → KILL (DEGENERATE); else PROCEED.
 * INDETERMINATE halts exactly like KILL.
 */
export function nullBaselineGate(input: NullBaselineInput): NullBaselineGate {
  const v = inputs(`null_baseline(${input.signal?.source ?? 'unknown'})`);
  const ratio = v.threshold('ratio', input.ratio);
  const percentile = v.percentile('percentile', input.percentile);
  const source = input.signal?.source;
  if (source !== 'ceiling' && source !== 'reference' && source !== 'first_try') {
    throw new GateInputError('null_baseline', 'signal.source', 'ceiling, reference or first_try', source);
  }
  const nullRates: Partial<Record<NullPhase, NullRate>> = {};
  for (const phase of NullPhase.options) {
    const r = measure(v, phase, input.phases?.[phase]);
    if (r) nullRates[phase] = r;
  }
  const signalRate =
    input.signal.source === 'ceiling'
      ? undefined
      : measure(v, `signal(${input.signal.source})`, input.signal.counts);
  const signal = input.signal.source === 'ceiling' ? 1 : signalRate?.rate;
  const inapplicable = notMeasured(input.phases);
  // A phase with no applicable trial is not measured: it stays out of T_null (never a rate of 0).
  // Any other missing phase leaves T_null missing.
  const expected = NullPhase.options.filter((p) => inapplicable[p] === undefined);
  const rates = expected.flatMap((p) => (nullRates[p] ? [nullRates[p].rate] : []));
  const tNull =
    rates.length > 0 && rates.length === expected.length
      ? percentileNearestRank(rates, percentile)
      : undefined;
  const base = {
    gate: 'null_baseline' as const,
    tier: 'cheap' as const,
    signalSource: input.signal.source,
    ratio,
    percentile,
    nullRates,
    ...(Object.keys(inapplicable).length > 0 ? { notMeasured: inapplicable } : {}),
    // The counts behind S travel with the decision, so it can be re-decided from this record alone.
    ...(signalRate ? { signalCounts: { k: signalRate.k, n: signalRate.n } } : {}),
    input,
  };
  // Every sentence comes from the one wording table (null-reading.ts), read off the record itself.
  const sealed = (fields: Draft, curtailLine?: string) =>
    seal(NullBaselineGate, { ...fields, explain: nullExplain(fields, curtailLine) }, 'null_baseline');
  if (tNull === undefined || signal === undefined) {
    return sealed({
      ...base,
      ...(signal === undefined ? {} : { signal }),
      ...(tNull === undefined ? {} : { tNull }),
      verdict: 'INDETERMINATE',
      reason: 'no_measurements',
      outcome: 'INDETERMINATE',
    });
  }
  const measured = { ...base, signal, tNull };
  if (signal === 0)
    return sealed({
      ...measured,
      verdict: 'INDETERMINATE',
      reason: 'degenerate_no_signal',
      outcome: 'INDETERMINATE',
    });
  const cutoff = ratio * signal;
  const killed = tNull >= cutoff;
  const curtailed = proveCurtail(input, killed);
  return sealed(
    {
      ...measured,
      cutoff,
      verdict: killed ? 'KILL' : 'PROCEED',
      ...(killed ? { reason: 'noise_exceeds_signal' as const, outcome: 'DEGENERATE' as const } : {}),
      ...(curtailed ? { curtailed: curtailed.record } : {}),
    },
    curtailed?.line,
  );
}
