import { summarize } from '../core/issues.js';
import { GateRecord } from '../record/gate.js';
import {
  DECISION_ORDER,
  type DecisionPoint,
  decisionIndex,
  type GateId,
  type GateReason,
  type RefusalOutcome,
} from '../record/outcome.js';
import { GateInputError } from './errors.js';

export interface LadderResult {
  outcome: 'SCORED' | RefusalOutcome;
  refusingGate?: GateId;
  reason?: GateReason;
  /** The decision points the records cover, in order. */
  decided: DecisionPoint[];
}

/**
 * Reads gate records in decision order: the first refusal is the outcome, and nothing may follow
 * it. With no refusal, every decision point must be present for the run to be SCORED; a run that
 * stopped short without a refusal is VOID, which is the pipeline's call, not the ladder's.
 */
export function ladder(records: readonly GateRecord[]): LadderResult {
  if (!Array.isArray(records))
    throw new GateInputError('ladder', 'records', 'an array of gate records', records);
  const decided: DecisionPoint[] = [];
  let last = -1;
  for (const [i, raw] of records.entries()) {
    const parsed = GateRecord.safeParse(raw, { reportInput: true });
    if (!parsed.success) {
      throw new GateInputError(
        'ladder',
        `records[${i}]`,
        `a valid gate record (${summarize(parsed.error.issues)})`,
        'invalid',
      );
    }
    const record = parsed.data;
    const at = decisionIndex(record);
    const point = DECISION_ORDER[at] as DecisionPoint;
    if (at <= last) {
      throw new GateInputError(
        'ladder',
        `records[${i}]`,
        `after ${DECISION_ORDER[last]} in decision order`,
        point,
      );
    }
    last = at;
    decided.push(point);
    if (record.outcome !== undefined) {
      if (i !== records.length - 1) {
        throw new GateInputError(
          'ladder',
          `records[${i + 1}]`,
          `absent: ${point} already refused the run`,
          'a record',
        );
      }
      return {
        outcome: record.outcome,
        refusingGate: record.gate,
        ...(record.reason ? { reason: record.reason } : {}),
        decided,
      };
    }
  }
  if (decided.length !== DECISION_ORDER.length) {
    const missing = DECISION_ORDER.filter((d) => !decided.includes(d));
    throw new GateInputError(
      'ladder',
      'records',
      `every decision point when none refuses (missing ${missing.join(', ')})`,
      `${decided.length} records`,
    );
  }
  return { outcome: 'SCORED', decided };
}
