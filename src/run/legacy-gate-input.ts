import type { Signal } from '../gates/null-baseline.js';
import { policyRecorded } from '../record/extension.js';
import type { GateRecord, NullBaselineGate } from '../record/gate.js';
import type { RunRecord } from '../record/run.js';
import type { SuiteFile } from '../suite/suite-file.js';
import { type GateCall, suiteScanTasks } from './verify-gate-input.js';

/*
 * For records written before gate records stored their input (`input`, src/record/gate-input.ts)
 * only: the input rebuilt from the gate record's own output fields and the rest of the record
 * (the registration, the identity, the construct gate, the score, suite.json). A record that stores
 * its input is decided again from that input alone (verify-gate-input.ts); nothing new reads this.
 */

function signalFor(gate: NullBaselineGate, record: RunRecord): Signal {
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

/** The input an older gate record was decided on, rebuilt from what that record stores. */
export function legacyGateInput(
  gate: GateRecord,
  record: RunRecord,
  suite: SuiteFile | undefined,
): GateCall | string {
  const reg = record.prereg?.registration;
  switch (gate.gate) {
    case 'structural':
      return {
        gate: 'structural',
        input: {
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
        },
      };
    case 'answer_leak': {
      const tasks = suiteScanTasks(suite);
      return typeof tasks === 'string' ? tasks : { gate: 'answer_leak', input: tasks };
    }
    case 'suite_size':
      return {
        gate: 'suite_size',
        input: {
          registered: gate.registered,
          deletedByScreen: gate.deletedByScreen,
          minTasks: gate.minTasks,
          ...(gate.requestedTasks === undefined ? {} : { requestedTasks: gate.requestedTasks }),
        },
      };
    case 'plan_power': {
      const ext = reg?.extension;
      if (reg === undefined || ext === undefined || !policyRecorded(ext))
        return 'no registered extension policy';
      return {
        gate: 'plan_power',
        input: {
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
        },
      };
    }
    case 'null_baseline':
      return {
        gate: 'null_baseline',
        input: {
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
        },
      };
    case 'construct': {
      const ledger = gate.extension.ledger;
      if (reg === undefined || ledger === undefined || !policyRecorded(gate.extension.policy))
        return 'no construct ledger';
      return {
        gate: 'construct',
        input: {
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
        },
      };
    }
  }
}
