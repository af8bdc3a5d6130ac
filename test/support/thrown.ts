/** A class of error, for the helpers below: `FitnessError`, `ModelCallError`, `UsageError` … */
type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;

/** What `call` threw, narrowed to `type`; the test fails if it did not throw, or threw something else. */
export function thrownBy<E extends Error>(type: ErrorClass<E>, call: () => unknown): E {
  try {
    call();
  } catch (err) {
    return narrowed(type, err);
  }
  throw new Error(`expected a ${type.name}, nothing was thrown`);
}

/** What `promise` rejected with, narrowed to `type`; the test fails if it resolved, or rejected with something else. */
export async function rejectionOf<E extends Error>(
  type: ErrorClass<E>,
  promise: PromiseLike<unknown>,
): Promise<E> {
  try {
    await promise;
  } catch (err) {
    return narrowed(type, err);
  }
  throw new Error(`expected a ${type.name}, the promise resolved`);
}

/** `err` as an instance of `type`, or a failure naming what it was instead. */
export function narrowed<E extends Error>(type: ErrorClass<E>, err: unknown): E {
  if (err instanceof type) return err;
  throw new Error(
    `expected a ${type.name}, got ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`,
  );
}
