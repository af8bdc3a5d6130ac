import { z } from 'zod';
import { NonEmpty, PositiveCount } from './common.js';

/**
 * The roster job a run was measured for: the entry that asked for it (its name in the roster
 * file), the entry's attempt and the job's try. It is how the board tells that a try that died (its
 * run named from the entry's target) and its retry (named from the server's reported name) are
 * attempts of one server. Absent on runs outside a roster and on records made before it.
 */
export const RosterLink = z.looseObject({
  entry: NonEmpty,
  attempt: PositiveCount,
  try: PositiveCount,
});
export type RosterLink = z.infer<typeof RosterLink>;
