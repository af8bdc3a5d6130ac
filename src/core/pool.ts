/**
 * Runs `fn` over `items` with at most `limit` in flight, results in input order. Once `signal`
 * aborts, once `stop()` says so, or once an item has thrown, no further item starts; items already
 * running finish (their trials see the same signal) before the first error is rethrown, so no
 * work is left running behind the caller.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
  stop?: () => boolean,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (next < items.length && failure === undefined && signal?.aborted !== true && stop?.() !== true) {
      const index = next++;
      try {
        // Left as a cast: index < items.length was checked just above (T itself may include undefined).
        results[index] = await fn(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker);
  await Promise.all(workers);
  if (failure !== undefined) throw failure.error;
  return results.filter((_, i) => i < next);
}
