import type { RunRecord } from '../record/run.js';
import type { Expectation, Obtained } from './summary.js';

/** The outcome, refusing gate, reason and extension batches a record carries. */
export function obtainedFrom(record: RunRecord): Obtained {
  const construct = record.gates.find((g) => g.gate === 'construct');
  const ledger = construct?.gate === 'construct' ? construct.extension.ledger : undefined;
  const batches = ledger === undefined ? {} : { batches: ledger.batches.length };
  if (record.outcome === 'VOID' && record.void) {
    return { outcome: 'VOID', reason: record.void.reason, explain: record.void.detail, ...batches };
  }
  // A refusal is explained by the refusing decision, which is the last one (the null gate decides up
  // to three times, so finding it by name would quote an earlier decision); a score by construct.
  const deciding = record.refusal ? record.gates.at(-1) : (construct ?? record.gates.at(-1));
  return {
    outcome: record.outcome,
    ...(record.refusal ? { gate: record.refusal.gate, reason: record.refusal.reason } : {}),
    ...batches,
    ...(deciding ? { explain: deciding.explain } : {}),
  };
}

/** Every way the obtained result differs from the expectation; empty when it matches. */
export function mismatches(expected: Expectation, obtained: Obtained): string[] {
  const out: string[] = [];
  if (obtained.outcome !== expected.outcome)
    out.push(`outcome ${obtained.outcome}, expected ${expected.outcome}`);
  if (expected.gate !== undefined && obtained.gate !== expected.gate)
    out.push(`gate ${obtained.gate ?? 'none'}, expected ${expected.gate}`);
  if (expected.reason !== undefined && obtained.reason !== expected.reason)
    out.push(`reason ${obtained.reason ?? 'none'}, expected ${expected.reason}`);
  if (expected.batches !== undefined && obtained.batches !== expected.batches)
    out.push(`extension batches ${obtained.batches ?? 'none'}, expected ${expected.batches}`);
  return out;
}

/** `GATE_FAILED construct/reference_rate_below_threshold`, `VOID target_died`, `SCORED (+2 batches)`. */
export function describeOutcome(o: Obtained | Expectation): string {
  const where = 'gate' in o && o.gate !== undefined ? ` ${o.gate}` : '';
  const why = o.reason === undefined ? '' : `${where === '' ? ' ' : '/'}${o.reason}`;
  const batches = o.batches === undefined || o.batches === 0 ? '' : ` (+${o.batches} batches)`;
  return `${o.outcome}${where}${why}${batches}`;
}
