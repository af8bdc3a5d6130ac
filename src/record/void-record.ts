import { type RunRecord, SCHEMA_V2 } from './run.js';
import type { VoidDetails } from './void.js';

/** What a record holds besides its schema, its outcome and its VOID block (the refusal and the score the outcome brings are in it). */
export type RecordBody = Pick<
  RunRecord,
  | 'runId'
  | 'probes'
  | 'cost'
  | 'notes'
  | 'files'
  | 'identity'
  | 'gates'
  | 'signer'
  | 'surface'
  | 'policy'
  | 'prereg'
  | 'suite'
  | 'exploration'
  | 'serverFaults'
  | 'findings'
  | 'conformance'
  | 'server'
  | 'roster'
  | 'refusal'
  | 'score'
>;

/** A run record of the current schema with this outcome (not VOID: that one is `voidRecord`). */
export function runRecord(body: RecordBody, outcome: Exclude<RunRecord['outcome'], 'VOID'>): RunRecord {
  return { schema: SCHEMA_V2, ...body, outcome };
}

/**
 * The one builder of a VOID record, for the pipeline's own, its last resort and a dead try's: the
 * body, and the VOID block (why the run stopped, when, and what had completed).
 */
export function voidRecord(body: RecordBody, details: VoidDetails): RunRecord {
  return { schema: SCHEMA_V2, ...body, outcome: 'VOID', void: details };
}
