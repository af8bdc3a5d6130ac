import type { GateRecord, RunRecord } from '../../../record/index.js';

/** The gate record that refused the run (the last one decided, carrying the refusal outcome). */
export function refusingGate(record: RunRecord): GateRecord | undefined {
  const last = record.gates.at(-1);
  return last?.outcome !== undefined ? last : undefined;
}

export function gate<G extends GateRecord['gate']>(
  record: RunRecord,
  id: G,
): Extract<GateRecord, { gate: G }> | undefined {
  return record.gates.find((g): g is Extract<GateRecord, { gate: G }> => g.gate === id);
}

export const SIGNAL_SOURCE: Readonly<Record<'ceiling' | 'reference' | 'first_try', string>> = {
  ceiling: 'the ceiling S = 1, used before any paid call',
  reference: "the reference agent's rate, after the construct gate",
  first_try: "the drive's first-try rate",
};
