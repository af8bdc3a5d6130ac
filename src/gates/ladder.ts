import { summarize } from '../core/issues.js';
import { GateRecord } from '../record/gate.js';
import {
  DECISION_ORDER,
  type DecisionPoint,
  decisionIndex,
  decisionPoint,
  type GateId,
  type GateReason,
  type Outcome,
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

/** How a run ended, as far as its outcome goes: stopped (VOID whatever the gates say), and scored or not. */
export interface RunEnding {
  stopped: boolean;
  scored: boolean;
}

/**
 * The one outcome rule, used by the pipeline (its end line and its record) and by `verify` (through
 * `ladder`): a stopped run is VOID; otherwise the refusing gate, which is always the last gate
 * recorded, names the outcome; otherwise the run is SCORED when it has a score and VOID when not.
 */
export function outcomeOf(gates: readonly { outcome?: RefusalOutcome }[], ending: RunEnding): Outcome {
  if (ending.stopped) return 'VOID';
  return gates.at(-1)?.outcome ?? (ending.scored ? 'SCORED' : 'VOID');
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
  const read: GateRecord[] = [];
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
    read.push(record);
    const at = decisionIndex(record);
    const point = decisionPoint(record);
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
    if (record.outcome !== undefined && i !== records.length - 1) {
      throw new GateInputError(
        'ladder',
        `records[${i + 1}]`,
        `absent: ${point} already refused the run`,
        'a record',
      );
    }
  }
  // A complete ladder with no refusal is as good as scored; the pipeline's score is checked elsewhere.
  const outcome = outcomeOf(read, { stopped: false, scored: decided.length === DECISION_ORDER.length });
  if (outcome === 'VOID') {
    const missing = DECISION_ORDER.filter((d) => !decided.includes(d));
    throw new GateInputError(
      'ladder',
      'records',
      `every decision point when none refuses (missing ${missing.join(', ')})`,
      `${decided.length} records`,
    );
  }
  const refusing = read.at(-1);
  if (outcome === 'SCORED' || refusing === undefined) return { outcome: 'SCORED', decided };
  return {
    outcome,
    refusingGate: refusing.gate,
    ...(refusing.reason ? { reason: refusing.reason } : {}),
    decided,
  };
}
