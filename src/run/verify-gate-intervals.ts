import { sameCanonical } from '../core/canonical.js';
import { messageOf } from '../core/errors.js';
import { CLUSTERED_METHOD } from '../record/clustered.js';
import { type GateClustered, gateClustered, type TaskCount } from '../record/clustered-gate.js';
import type { GateRecord } from '../record/gate.js';
import { NullPhase } from '../tape/phases.js';
import { type Check, check } from './verify-table.js';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

const NOT_CLUSTERED = 'interval not clustered: recorded before this method';

/** What the block says, in one line. */
function said(c: GateClustered): string {
  const design =
    c.method === CLUSTERED_METHOD ? `${c.tasks} tasks × ${c.m}` : `${c.tasks} tasks, ${c.trials} trials`;
  return `${design}, rho ${c.rho.toFixed(3)}, n_eff ${c.nEff.toFixed(1)}: ${pct(c.wilson.lower)}–${pct(c.wilson.upper)}`;
}

/** One gate rate's clustered block, recomputed from its stored per-task counts by the same function. */
function rateCheck(
  label: string,
  rate: { perTask?: readonly TaskCount[]; clustered?: GateClustered },
): Check {
  const c = rate.clustered;
  if (c === undefined || rate.perTask === undefined)
    return check(`clustered ${label}`, c === undefined, NOT_CLUSTERED);
  let again: GateClustered | string;
  try {
    again = gateClustered(rate.perTask);
  } catch (err) {
    again = messageOf(err);
  }
  const same = typeof again !== 'string' && sameCanonical(again, c);
  const detail = same
    ? `${said(c)}, recomputed the same from the per-task counts`
    : typeof again === 'string'
      ? `${said(c)} (not recomputable: ${again})`
      : `${said(c)} (recomputed ${pct(again.wilson.lower)}–${pct(again.wilson.upper)} at n_eff ${again.nEff.toFixed(1)})`;
  return check(`clustered ${label}`, same, detail);
}

/**
 * The clustered intervals the gate records carry (each null phase's rate in each null_baseline
 * record, and the construct rate), recomputed from their own per-task counts. Recording only: the
 * gate checks re-decide the verdicts.
 */
export function gateIntervalChecks(gates: readonly GateRecord[]): Check[] {
  const out: Check[] = [];
  for (const g of gates) {
    if (g.gate === 'null_baseline')
      for (const phase of NullPhase.options) {
        const r = g.nullRates[phase];
        if (r) out.push(rateCheck(`${phase} (${g.signalSource})`, r));
      }
    if (g.gate === 'construct' && g.n > 0) out.push(rateCheck('construct', g));
  }
  return out;
}
