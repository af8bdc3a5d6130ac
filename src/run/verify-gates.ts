import { sameCanonical } from '../core/canonical.js';
import { messageOf } from '../core/errors.js';
import { ladder } from '../gates/ladder.js';
import type { GateRecord } from '../record/gate.js';
import type { RunRecord } from '../record/run.js';
import type { SuiteFile } from '../suite/suite-file.js';
import { legacyGateInput } from './legacy-gate-input.js';
import { decideGateCall, storedGateCall } from './verify-gate-input.js';
import { gateIntervalChecks } from './verify-gate-intervals.js';
import { intervalChecks } from './verify-intervals.js';
import { type Check, check } from './verify-table.js';

/** A gate record without its stored input: how one decided on a rebuilt input is compared. */
function withoutInput(gate: GateRecord): unknown {
  const { input: _stored, ...rest } = gate;
  return rest;
}

/**
 * The gate decided again by the same pure function: on the input its record stores (after checking
 * it against the rest of the record), or, for a record written before inputs were stored, on the
 * input rebuilt from its counts (`legacyGateInput`). `stored` says which.
 */
function recompute(
  gate: GateRecord,
  record: RunRecord,
  suite: SuiteFile | undefined,
  suiteRedacted: boolean,
): { again: GateRecord; stored: boolean } | string {
  const stored = storedGateCall(gate, record, suite, suiteRedacted);
  const call = stored ?? legacyGateInput(gate, record, suite);
  return typeof call === 'string' ? call : { again: decideGateCall(call), stored: stored !== undefined };
}

/** Every gate decided again and compared with its record, the gates' intervals, and the ladder's outcome. */
export function gateChecks(record: RunRecord, suite: SuiteFile | undefined, suiteRedacted = false): Check[] {
  const out: Check[] = [];
  for (const gate of record.gates) {
    let decided: ReturnType<typeof recompute>;
    try {
      decided = recompute(gate, record, suite, suiteRedacted);
    } catch (err) {
      // A curtailment the stored counts do not prove throws: a mismatch, never a crash.
      decided = messageOf(err);
    }
    const name =
      gate.gate === 'null_baseline' ? `gate null_baseline (${gate.signalSource})` : `gate ${gate.gate}`;
    if (typeof decided === 'string') {
      out.push(check(name, false, decided));
      continue;
    }
    const { again, stored } = decided;
    const same = stored ? sameCanonical(again, gate) : sameCanonical(withoutInput(again), withoutInput(gate));
    out.push(
      check(
        name,
        same,
        `${gate.verdict}${same ? ', recomputed the same' : ` (recomputed ${again.verdict})`}`,
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
