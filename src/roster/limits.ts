const HOUR = 3_600_000;

/**
 * The largest value of each of the roster's own counts and time limits (`roster --help` shows
 * them): every server measured at once is a run with its own processes, and a Node timer longer
 * than 24.8 days fires at once.
 */
export const ROSTER_MAX = {
  concurrency: 32,
  maxTries: 20,
  /** One job: its run and its conformance suite. An entry's own `timeoutMs` has the same bound. */
  jobTimeoutMs: 7 * 24 * HOUR,
  conformanceTimeoutMs: 24 * HOUR,
  /** An entry's `serve.readyTimeoutMs`: how long its HTTP server may take to accept connections. */
  serveReadyMs: HOUR,
  /** An entry's `attempts`. */
  attempts: 100,
  /** A worker's job lock (`worker --lock-duration`). */
  lockDurationMs: 24 * HOUR,
} as const;
