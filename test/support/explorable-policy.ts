import type { ExplorablePolicy } from '../../src/suite/explorable.js';

/** What a run is told by default: nothing asserted, read-only inferred, nothing destructive. */
export const DEFAULT_POLICY: ExplorablePolicy = { asserted: [], infer: true, allowDestructive: false };
