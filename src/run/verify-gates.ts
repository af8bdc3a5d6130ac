import { sameCanonical } from '../core/canonical.js';
import { messageOf } from '../core/errors.js';
import { answerLeakGate } from '../gates/answer-leak.js';
import { constructGate } from '../gates/construct.js';
import { ladder } from '../gates/ladder.js';
import { nullBaselineGate, type Signal } from '../gates/null-baseline.js';
import { planPowerGate } from '../gates/plan-power.js';
import { structuralGate } from '../gates/structural.js';
import { suiteSizeGate } from '../gates/suite-size.js';
import { policyRecorded } from '../record/extension.js';
import type { GateRecord } from '../record/gate.js';
import type { RunRecord } from '../record/run.js';
import type { SuiteFile } from '../suite/suite-file.js';
import { gateIntervalChecks } from './verify-gate-intervals.js';
import { intervalChecks } from './verify-intervals.js';
import { type Check, check } from './verify-table.js';

function signalFor(gate: Extract<GateRecord, { gate: 'null_baseline' }>, record: RunRecord): Signal {
  if (gate.signalSource === 'ceiling') return { source: 'ceiling' };
  // A refusal at this decision has no score block: the gate record keeps its own counts.
  if (gate.signalCounts) return { source: gate.signalSource, counts: gate.signalCounts };
  if (gate.signalSource === 'reference') {
    const c = record.gates.find((g) => g.gate === 'construct');
    return { source: 'reference', ...(c?.gate === 'construct' ? { counts: { k: c.k, n: c.n } } : {}) };
  }
  const s = record.score?.firstTry;
  return { source: 'first_try', ...(s ? { counts: { k: s.k, n: s.n } } : {}) };
}

/** The gate decided again, by the same pure function, from the counts the record stores. */
function recompute(gate: GateRecord, record: RunRecord, suite: SuiteFile | undefined): GateRecord | string {
  const reg = record.prereg?.registration;
  switch (gate.gate) {
    case 'structural':
      return structuralGate({
        surfaceListed: gate.surfaceListed,
        toolCount: gate.toolCount,
        ...(gate.listedTools === undefined ? {} : { listedTools: gate.listedTools }),
        candidates: gate.candidates,
        rejected: gate.candidates - gate.admitted,
        ...(gate.unstable === undefined ? {} : { unstable: gate.unstable }),
        registered: gate.registered,
        invalidTasks: gate.invalidTasks,
        minAdmissionRate: gate.minAdmissionRate,
        ...(gate.exploration ? { exploration: gate.exploration } : {}),
      });
    case 'answer_leak':
      if (suite === undefined) return 'suite.json is missing or invalid';
      return answerLeakGate(
        [...suite.tasks, ...suite.reserve].map((t) => ({
          taskId: t.id,
          prompt: t.prompt,
          answerKey: t.answerKey,
          boundArguments: t.boundArguments,
        })),
      );
    case 'suite_size':
      return suiteSizeGate({
        registered: gate.registered,
        deletedByScreen: gate.deletedByScreen,
        minTasks: gate.minTasks,
        ...(gate.requestedTasks === undefined ? {} : { requestedTasks: gate.requestedTasks }),
      });
    case 'plan_power': {
      const ext = reg?.extension;
      if (reg === undefined || ext === undefined || !policyRecorded(ext))
        return 'no registered extension policy';
      return planPowerGate({
        construct: {
          threshold: gate.threshold,
          alpha: gate.alpha,
          detectableRate: gate.detectableRate,
          power: gate.plannedPower,
        },
        registeredTrials: gate.registeredTrials,
        trialsPerBatch: ext.batchTasks * reg.reps.construct,
        maxExtensions: ext.maxExtensions,
        // The runner is the record's identity, through the same determinism function the score uses.
        ...(gate.effective
          ? {
              design: {
                registeredTasks: gate.effective.registeredTasks,
                tasksPerBatch: ext.batchTasks,
                runner: record.identity.runner,
              },
            }
          : {}),
      });
    }
    case 'null_baseline':
      return nullBaselineGate({
        phases: {
          ...Object.fromEntries(
            Object.entries(gate.notMeasured ?? {}).map(([p, m]) => [
              p,
              { k: 0, n: 0, notApplicable: m.notApplicable },
            ]),
          ),
          ...gate.nullRates,
        },
        signal: signalFor(gate, record),
        ratio: gate.ratio,
        percentile: gate.percentile,
        ...(gate.curtailed
          ? {
              curtailed: Object.fromEntries(
                Object.entries(gate.curtailed.phases).map(([p, c]) => [p, c.of - c.ran]),
              ),
            }
          : {}),
      });
    case 'construct': {
      const ledger = gate.extension.ledger;
      if (reg === undefined || ledger === undefined || !policyRecorded(gate.extension.policy))
        return 'no construct ledger';
      return constructGate({
        params: {
          threshold: gate.threshold,
          alpha: gate.alpha,
          detectableRate: gate.detectableRate,
          power: gate.plannedPower,
        },
        compromisedErrorShare: gate.compromisedErrorShare,
        policy: gate.extension.policy,
        reps: reg.reps.construct,
        registered: { tasks: ledger.registered.tasks, pool: ledger.registered.pool },
        batches: ledger.batches.map((b) => ({ tasksAdded: b.tasksAdded, pool: b.poolAfter })),
        ...(gate.wire ? { wire: gate.wire } : {}),
        ...(gate.curtailed ? { curtailed: { remaining: gate.curtailed.of - gate.curtailed.ran } } : {}),
        ...(gate.perTask ? { perTask: gate.perTask } : {}),
      });
    }
  }
}

export function gateChecks(record: RunRecord, suite: SuiteFile | undefined): Check[] {
  const out: Check[] = [];
  for (const gate of record.gates) {
    let again: GateRecord | string;
    try {
      again = recompute(gate, record, suite);
    } catch (err) {
      // A curtailment the stored counts do not prove throws: a mismatch, never a crash.
      again = messageOf(err);
    }
    const name =
      gate.gate === 'null_baseline' ? `gate null_baseline (${gate.signalSource})` : `gate ${gate.gate}`;
    if (typeof again === 'string') out.push(check(name, false, again));
    else
      out.push(
        check(
          name,
          sameCanonical(again, gate),
          `${gate.verdict}${sameCanonical(again, gate) ? ', recomputed the same' : ` (recomputed ${again.verdict})`}`,
        ),
      );
  }
  out.push(...gateIntervalChecks(record.gates));
  if (record.score) out.push(...intervalChecks(record.score));
  if (record.outcome !== 'VOID') {
    try {
      const again = ladder(record.gates).outcome;
      out.push(
        check(
          'outcome',
          again === record.outcome,
          `${record.outcome}${again === record.outcome ? '' : ` (the ladder gives ${again})`}`,
        ),
      );
    } catch (err) {
      out.push(check('outcome', false, messageOf(err)));
    }
  }
  return out;
}
