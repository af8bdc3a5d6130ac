import { type BatchStep, type Pool, policyRecorded, type RegisteredStep } from '../record/extension.js';
import { ConstructGate } from '../record/gate.js';
import type { ConstructInput, RateParams } from '../record/gate-input.js';
import { planSampleSize, publishedVerdict } from '../stats/index.js';
import { readBudgetEnded } from './construct-budget.js';
import { constructStep, type StepDecision, validatePool } from './construct-step.js';
import { constructCurtail, curtailLine } from './curtail.js';
import { GateInputError, inputs } from './errors.js';
import { type ExtensionDecision, resolveExtension } from './extension.js';
import { pct, plural, pValue, rate } from './format.js';
import { perTaskBlock } from './per-task.js';
import { validateRateParams } from './plan-power.js';
import { seal } from './seal.js';

export type { ConstructInput } from '../record/gate-input.js';

const trials = (p: Pool) => p.n + p.errors;

function stepFields(d: StepDecision) {
  return { verdict: d.verdict, ...(d.reason ? { reason: d.reason } : {}) };
}

function sequence(registered: RegisteredStep, batches: readonly BatchStep[]): string {
  if (batches.length === 0) return '';
  const steps = batches.map(
    (b) =>
      `+${plural(b.tasksAdded, 'task')} / ${plural(b.trialsAdded, 'trial')} → ${b.poolAfter.k}/${b.poolAfter.n}: ${b.verdict}`,
  );
  return ` Sequence: registered ${registered.pool.k}/${registered.pool.n}: ${registered.verdict}; ${steps.join('; ')}.`;
}

function headline(d: StepDecision, pool: Pool, p: RateParams, share: number): string {
  if (d.reason === 'compromised_oracle_errors') {
    return `${pool.errors} of ${plural(trials(pool), 'reference trial')} (${pct(d.errorShare)}) ended in oracle errors, above the registered ${pct(share)}: the measurement did not complete, so no verdict on the server stands.`;
  }
  const s = d.stats;
  if (!s) return '';
  const counts = `The reference agent passed ${pool.k} of ${plural(pool.n, 'trial')} (${rate(s.rate)}, Wilson ${Math.round(s.wilson.confidence * 100)}% ${rate(s.wilson.lower)}–${rate(s.wilson.upper)}) against ${rate(p.threshold)}, with ${pool.errors} oracle error(s) (${pct(d.errorShare)})`;
  const test = `P(X ≤ ${pool.k} | ${pool.n}, ${rate(p.threshold)}) = ${pValue(s.pValue)} at alpha ${p.alpha}`;
  if (d.verdict === 'FAIL') return `${counts}; ${test}: FAIL.`;
  if (d.verdict === 'PASS')
    return `${counts}: PASS, supported by ${s.wilson.lower >= p.threshold ? 'the Wilson lower bound' : `achieved power ${rate(s.achievedPower)}`}.`;
  if (d.reason === 'downgraded_underpowered') {
    return `${counts}: a raw PASS downgraded to EXTEND, because the Wilson lower bound is below ${rate(p.threshold)} and achieved power ${rate(s.achievedPower)} is below the planned ${rate(p.power)}.`;
  }
  return `${counts}; ${test}: EXTEND, the sample resolves neither way.`;
}

/**
 * Whether a run whose every trial passed could publish PASS at this many trials. When it could
 * not, a refusal at this size says nothing about the server: no reference, however good, passes.
 */
function perfectCanPass(trials: number, p: RateParams): boolean {
  return trials > 0 && publishedVerdict({ k: trials, n: trials, ...p }).published === 'PASS';
}

function ending(final: ExtensionDecision, pool: Pool, p: RateParams): string {
  if (final.action !== 'refuse') return '';
  if (final.reason !== 'extend_exhausted_zero_policy')
    return ' Still unresolved after the last registered extension, so it resolves to FAIL.';
  const stands = ' No extension batch was registered, so the unresolved gate is refused where it stands.';
  if (perfectCanPass(pool.n, p)) return stands;
  return `${stands} At ${plural(pool.n, 'trial')} not even a perfect reference run could publish PASS (plan_power said so before any paid call), so this refusal is a limit of the registration's size (the suite the generator could build on this server, or the sizes chosen for the run), not a finding about the server.`;
}

function wireText(wire: ConstructInput['wire']): string {
  if (!wire) return '';
  const protocol =
    wire.protocolErrors === undefined ? '' : `, ${plural(wire.protocolErrors, 'JSON-RPC error response')}`;
  return ` The wire tape shows ${plural(wire.toolCalls, 'tool call')}, ${plural(wire.errorResults, 'error result')}${protocol} and ${plural(wire.pending, 'request')} with no response.`;
}

/** The curtailment of the last step, proved again from the stored pool; unproved is bad input. */
function proveCurtail(
  input: ConstructInput,
  params: RateParams,
  share: number,
  pool: Pool,
  batchesUsed: number,
  remaining: number,
) {
  const proof = constructCurtail({
    pool,
    remaining,
    batchesUsed,
    params,
    compromisedErrorShare: share,
    policy: input.policy,
  });
  if (proof === undefined)
    throw new GateInputError(
      'construct',
      'curtailed',
      'a refusal every completion of the remaining trials reaches',
      `${remaining} trials unrun at ${pool.k}/${pool.n}+${pool.errors}`,
    );
  const last = input.batches.at(-1);
  const before = batchesUsed === 0 ? undefined : input.batches.at(-2)?.pool;
  const ran =
    last === undefined
      ? trials(input.registered.pool)
      : trials(last.pool) - trials(before ?? input.registered.pool);
  const { ending, ...shown } = proof;
  const record = {
    step: batchesUsed === 0 ? ('registered' as const) : batchesUsed,
    ran,
    of: ran + remaining,
    ...shown,
  };
  return { ending, record };
}

function curtailedHeadline(pool: Pool): string {
  return `The reference agent passed ${pool.k} of ${plural(pool.n, 'trial')} that completed, with ${pool.errors} oracle error(s).`;
}

/**
 * Gate 6 (paid): the reference agent's pooled verdict through the registered extension ladder.
 * Built from the whole observed sequence, so `verify` can recompute it from stored counts alone.
 */
export function constructGate(input: ConstructInput): ConstructGate {
  const fn = 'construct';
  const v = inputs(fn);
  const p = validateRateParams(fn, input.params);
  const share = v.openUnit('compromisedErrorShare', input.compromisedErrorShare);
  const reps = v.positive('reps', input.reps);
  const regTasks = v.count('registered.tasks', input.registered?.tasks);
  const regPool = validatePool(fn, 'registered.pool', input.registered.pool);
  const unrun =
    input.curtailed === undefined ? 0 : v.positive('curtailed.remaining', input.curtailed.remaining);
  const lastIndex = v.array('batches', input.batches).length - 1;
  const cut = (i: number) => (i === lastIndex ? unrun : 0);
  if (trials(regPool) + cut(-1) !== regTasks * reps) {
    throw new GateInputError(
      fn,
      'registered.pool',
      `${regTasks} tasks × ${reps} reps trials (n + errors)`,
      trials(regPool),
    );
  }
  const recorded = policyRecorded(input.policy);
  const batchTasks = recorded ? v.count('policy.batchTasks', input.policy.batchTasks) : 0;
  let decision = constructStep(regPool, p, share);
  const registered: RegisteredStep = {
    tasks: regTasks,
    trials: trials(regPool),
    pool: regPool,
    ...stepFields(decision),
  };
  const steps: BatchStep[] = [];
  let pool = regPool;
  let next = resolveExtension({ verdict: decision.verdict, batchesUsed: 0 }, input.policy);
  v.array('batches', input.batches).forEach((batch, i) => {
    const name = `batches[${i}]`;
    if (next.action !== 'buy')
      throw new GateInputError(fn, name, 'absent: the gate had already resolved', 'a batch');
    const tasksAdded = v.upTo(`${name}.tasksAdded`, batch.tasksAdded, 'policy.batchTasks', batchTasks);
    const after = validatePool(fn, `${name}.pool`, batch.pool);
    const trialsAdded = trials(after) - trials(pool);
    if (
      after.k < pool.k ||
      after.n < pool.n ||
      after.errors < pool.errors ||
      trialsAdded + cut(i) !== tasksAdded * reps
    ) {
      throw new GateInputError(
        fn,
        `${name}.pool`,
        `the previous pool plus ${tasksAdded} tasks × ${reps} reps`,
        `${after.k}/${after.n}+${after.errors}`,
      );
    }
    decision = constructStep(after, p, share);
    steps.push({
      batch: i + 1,
      tasksAdded,
      trialsAdded,
      poolBefore: pool,
      poolAfter: after,
      ...stepFields(decision),
    });
    pool = after;
    next = resolveExtension({ verdict: decision.verdict, batchesUsed: i + 1 }, input.policy);
  });
  const curtailed = unrun > 0 ? proveCurtail(input, p, share, pool, steps.length, unrun) : undefined;
  if (next.action === 'buy' && curtailed === undefined)
    throw new GateInputError(
      fn,
      'batches',
      `to include batch ${next.batch}: the gate bought it`,
      steps.length,
    );
  const final = curtailed
    ? curtailed.ending
    : next.action === 'refuse'
      ? { verdict: next.verdict, reason: next.reason, outcome: next.outcome }
      : decision.reason === 'compromised_oracle_errors'
        ? { verdict: 'FAIL' as const, reason: decision.reason, outcome: 'COMPROMISED' as const }
        : decision.verdict === 'FAIL'
          ? {
              verdict: 'FAIL' as const,
              reason: 'reference_rate_below_threshold' as const,
              outcome: 'GATE_FAILED' as const,
            }
          : { verdict: 'PASS' as const };
  const budget = final.verdict === 'PASS' ? undefined : readBudgetEnded(input, pool, p, share);
  const rests =
    curtailed === undefined &&
    budget?.decisive === true &&
    (final.reason === 'reference_rate_below_threshold' || final.reason === 'unresolved_after_max_extensions');
  const decided = rests
    ? {
        verdict: 'FAIL' as const,
        reason: 'reference_out_of_budget' as const,
        outcome: 'INDETERMINATE' as const,
      }
    : final;
  const s = decision.stats;
  const explain =
    (curtailed
      ? curtailedHeadline(pool) + sequence(registered, steps)
      : headline(decision, pool, p, share) + sequence(registered, steps) + ending(next, pool, p)) +
    wireText(input.wire) +
    (curtailed
      ? ` The ${curtailed.record.step === 'registered' ? 'registered sample' : `batch ${curtailed.record.step}`} was ${curtailLine(curtailed.record.ran, curtailed.record.of, curtailed.record)}.`
      : '') +
    (budget?.explain ?? '');
  return seal(
    ConstructGate,
    {
      gate: 'construct',
      tier: 'paid',
      ...decided,
      k: pool.k,
      n: pool.n,
      errors: pool.errors,
      errorShare: decision.errorShare,
      compromisedErrorShare: share,
      threshold: p.threshold,
      alpha: p.alpha,
      detectableRate: p.detectableRate,
      plannedPower: p.power,
      requiredN: planSampleSize(p).n,
      ...(s
        ? {
            rate: s.rate,
            pValue: s.pValue,
            wilson: { ...s.wilson },
            achievedPower: s.achievedPower,
            rawVerdict: s.raw,
            downgraded: s.downgraded,
          }
        : {}),
      extension: recorded
        ? { policy: input.policy, ledger: { registered, batches: steps } }
        : { policy: input.policy },
      ...(input.wire ? { wire: input.wire } : {}),
      ...(curtailed ? { curtailed: curtailed.record } : {}),
      ...(input.perTask ? perTaskBlock(fn, 'perTask', input.perTask, pool.k, pool.n) : {}),
      explain,
      input,
    },
    fn,
  );
}
