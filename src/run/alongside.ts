import type { RunRecord } from '../record/run.js';
import type { RunOptions } from './options.js';

/**
 * Adds what was measured beside the run to its record: the conformance block as given, and the
 * server block (reported version and surface digest from the record's own surface, the npm package
 * from the caller), and the roster job it was measured for. Nothing here is read by a gate, hygiene or the score.
 */
export function withAlongside(record: RunRecord, alongside: RunOptions['alongside']): RunRecord {
  const reported = record.surface?.serverInfo?.version;
  const digest = record.surface?.digest;
  const pkg = alongside?.package;
  const server = {
    ...(reported === undefined ? {} : { reported }),
    ...(pkg === undefined ? {} : { package: pkg }),
    ...(digest === undefined ? {} : { surfaceDigest: digest }),
  };
  return {
    ...record,
    ...(alongside?.conformance ? { conformance: alongside.conformance } : {}),
    ...(alongside?.roster ? { roster: alongside.roster } : {}),
    server,
  };
}
