/**
 * The signals that stop a command the way Ctrl-C does, once for every place that traps them (run,
 * rerun, roster, worker, a roster job's process, serve). SIGHUP is the terminal closing: it stops a
 * run as SIGTERM does, so the run still ends VOID `aborted` with its record and signature (the CLI's
 * writes to the closed terminal fail with EIO and are dropped: bin/fitness-report.js).
 */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/**
 * Calls `handler` with the signal's name on every stop signal. `once`: on the first of each kind
 * only, so a second one of that kind takes Node's default and ends the process. Returns the
 * function that removes the handlers.
 */
export function onStopSignals(
  handler: (signal: StopSignal) => void,
  mode: 'every' | 'once' = 'every',
): () => void {
  const listeners = STOP_SIGNALS.map((signal) => [signal, () => handler(signal)] as const);
  for (const [signal, listener] of listeners)
    if (mode === 'once') process.once(signal, listener);
    else process.on(signal, listener);
  return () => {
    for (const [signal, listener] of listeners) process.off(signal, listener);
  };
}
