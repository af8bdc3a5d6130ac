import { type ConstructInput, constructGate } from '../../../src/gates/construct.js';
import { PREREG_DEFAULTS as D } from '../../../src/record/prereg.js';

/** A construct pool: k passed of n completed, with oracle errors beside them. */
export const pool = (k: number, n: number, errors = 0) => ({ k, n, errors });
export type TestPool = ReturnType<typeof pool>;

/**
 * The construct gate at the default parameters and policy, 3 reps: the registered pool, then the
 * pool after each bought batch of 6 tasks, and any other input fields.
 */
export const constructRun = (
  registered: TestPool,
  after: TestPool[] = [],
  patch: Partial<ConstructInput> = {},
) =>
  constructGate({
    params: D.construct,
    compromisedErrorShare: D.compromisedErrorShare,
    policy: D.extension,
    reps: 3,
    registered: { tasks: (registered.n + registered.errors) / 3, pool: registered },
    batches: after.map((p) => ({ tasksAdded: 6, pool: p })),
    ...patch,
  });
