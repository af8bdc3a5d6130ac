import type { RunRecord } from '../record/run.js';
import type { RunOptions } from './options.js';

/**
 * What was measured beside the run, for its record: the conformance block as given, and the server
 * block (reported version and surface digest from the record's own surface, the npm package from
 * the caller), and the roster job it was measured for. Nothing here is read by a gate, hygiene or the score.
 */
export function alongsideBlocks(
  surface: RunRecord['surface'],
  alongside: RunOptions['alongside'],
): Pick<RunRecord, 'conformance' | 'roster' | 'server'> {
  const reported = surface?.serverInfo?.version;
  const digest = surface?.digest;
  const pkg = alongside?.package;
  const server = {
    ...(reported === undefined ? {} : { reported }),
    ...(pkg === undefined ? {} : { package: pkg }),
    ...(digest === undefined ? {} : { surfaceDigest: digest }),
  };
  return {
    ...(alongside?.conformance ? { conformance: alongside.conformance } : {}),
    ...(alongside?.roster ? { roster: alongside.roster } : {}),
    server,
  };
}
