/**
 * Runs `fn` over `items` with at most `limit` in flight, results in input order. Once `signal`
 * aborts, or once `stop()` says so, no further item starts; items already running finish (their
 * trials see the same signal).
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
  const worker = async (): Promise<void> => {
    while (next < items.length && signal?.aborted !== true && stop?.() !== true) {
      const index = next++;
      // Left as a cast: index < items.length was checked just above (T itself may include undefined).
      results[index] = await fn(items[index] as T, index);
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker);
  await Promise.all(workers);
  return results.filter((_, i) => i < next);
}
