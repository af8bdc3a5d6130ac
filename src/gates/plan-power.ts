import { PlanPowerGate } from '../record/gate.js';
import type { PlanPowerInput, RateParams } from '../record/gate-input.js';
import { achievedPower, planSampleSize, publishedVerdict } from '../stats/index.js';
import { GateInputError, inputs } from './errors.js';
import { rate } from './format.js';
import { planEffective } from './plan-effective.js';
import { seal } from './seal.js';

export type { RateParams } from '../record/gate-input.js';

export function validateRateParams(fn: string, p: RateParams): RateParams {
  const v = inputs(fn);
  const threshold = v.threshold('threshold', p.threshold);
  const alpha = v.openUnit('alpha', p.alpha);
  const detectableRate = v.openUnit('detectableRate', p.detectableRate);
  const power = v.openUnit('power', p.power);
  if (detectableRate >= threshold) {
    throw new GateInputError(
      fn,
      'detectableRate',
      `below threshold (threshold=${threshold})`,
      detectableRate,
    );
  }
  return { threshold, alpha, detectableRate, power };
}

function perfectPass(n: number, p: RateParams): boolean {
  return n > 0 && publishedVerdict({ k: n, n, ...p }).published === 'PASS';
}

/**
 * Gate 4 (free, never refuses): the registration's power, tested at its actual trial counts.
 * Power is sawtoothed in n, so the registered and the fully extended n are each computed.
 */
export function planPowerGate(input: PlanPowerInput): PlanPowerGate {
  const v = inputs('plan_power');
  const p = validateRateParams('plan_power', input.construct);
  const registeredTrials = v.count('registeredTrials', input.registeredTrials);
  const perBatch = v.count('trialsPerBatch', input.trialsPerBatch);
  const maxExtensions = v.count('maxExtensions', input.maxExtensions);
  const maxTrials = registeredTrials + perBatch * maxExtensions;
  const plan = planSampleSize(p);
  const powerAt = (n: number) => achievedPower({ n, ...p });
  const achieved = powerAt(registeredTrials);
  const atMax = powerAt(maxTrials);
  const passAtRegistered = perfectPass(registeredTrials, p);
  const passAtMax = perfectPass(maxTrials, p);
  const underpowered = atMax < p.power || !passAtMax;
  const head =
    `${registeredTrials} construct trials registered, up to ${maxTrials} after ${maxExtensions} extension(s); ` +
    `${plan.n} reach power ${rate(p.power)} against a detectable rate of ${rate(p.detectableRate)}. ` +
    `Achieved power is ${rate(achieved)} at ${registeredTrials} and ${rate(atMax)} at ${maxTrials}`;
  const tail = underpowered
    ? `; this registration is underpowered${passAtMax ? '' : ' and a perfect reference run can never publish PASS'}. Recorded, not refused.`
    : `; a perfect reference run publishes PASS ${passAtRegistered ? `at ${registeredTrials}` : `by ${maxTrials}`}.`;
  const design =
    input.design === undefined
      ? undefined
      : planEffective(input.design, {
          registeredTrials,
          trialsPerBatch: perBatch,
          maxTrials,
          maxExtensions,
          threshold: p.threshold,
        });
  return seal(
    PlanPowerGate,
    {
      gate: 'plan_power',
      tier: 'free',
      verdict: 'PASS',
      ...(underpowered ? { reason: 'underpowered_registration' as const } : {}),
      threshold: p.threshold,
      alpha: p.alpha,
      detectableRate: p.detectableRate,
      plannedPower: p.power,
      requiredN: plan.n,
      registeredTrials,
      achievedPower: achieved,
      maxTrials,
      achievedPowerAtMax: atMax,
      perfectPassAtRegistered: passAtRegistered,
      perfectPassAtMax: passAtMax,
      ...(design ? { effective: design.effective } : {}),
      explain: design ? `${head}${tail} ${design.explain}` : head + tail,
      input,
    },
    'plan_power',
  );
}
