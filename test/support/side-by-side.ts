/**
 * Independent scenarios of one test file run side by side instead of one after another: each has its
 * own processes and its own directories, so what one proves does not depend on the others. A file
 * starts them all in one `beforeAll` (`all`), at most `limit` at a time in the order given (list the
 * longest first), and each test then reads its own scenario's result (`get`), or fails with that
 * scenario's own error. Checks that count the harness's live processes belong after `all`: only when
 * no run is under way does "none is left" say that every run left none.
 */
export interface SideBySide<T> {
  /** Runs every scenario; resolves when all have ended, whether they succeeded or failed. */
  all(): Promise<void>;
  /** The scenario's result, or its error thrown again. */
  get(name: string): T;
}

export function sideBySide<T>(scenarios: Record<string, () => Promise<T>>, limit: number): SideBySide<T> {
  const settled = new Map<string, PromiseSettledResult<T>>();
  const names = Object.keys(scenarios);
  const all = async () => {
    let next = 0;
    const lane = async () => {
      for (let name = names[next++]; name !== undefined; name = names[next++]) {
        const scenario = scenarios[name];
        if (scenario === undefined) continue;
        try {
          settled.set(name, { status: 'fulfilled', value: await scenario() });
        } catch (reason) {
          settled.set(name, { status: 'rejected', reason });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, names.length)) }, lane));
  };
  const get = (name: string): T => {
    const result = settled.get(name);
    if (result === undefined) throw new Error(`scenario "${name}" did not run (is it listed?)`);
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  };
  return { all, get };
}
