/**
 * One server's fresh processes, started one at a time: each waits until the one before it has
 * answered on its session (its handshake, or a ping; or failed to), so processes that share one data store (a SQLite file, a
 * JSON file rewritten whole at start) never initialise it at once. Concurrent starts are something
 * a user's single process never meets; a failure they provoke is the harness's, not the server's.
 */
export class StartLane {
  private tail: Promise<void> = Promise.resolve();

  /**
   * Runs `start` once every start queued before it has settled, and resolves with its result at
   * once; the next start waits until `ready(result)` settles too (or `start` failed).
   */
  run<T>(start: () => Promise<T>, ready: (started: T) => Promise<void>): Promise<T> {
    const turn = this.tail.then(start);
    this.tail = turn.then(ready).then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }
}
