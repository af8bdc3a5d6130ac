import { hurry } from '../connect/processes.js';
import { onStopSignals } from '../core/signals.js';
import { RunStop } from './stop.js';

/** How a run is being stopped from outside: signals, the wall-clock budget, the caller's signal. */
export interface RunControl {
  /** A second signal arrived: finish the VOID record without grace periods (never skip it). */
  readonly hurried: boolean;
  /** Signals received so far. */
  readonly signals: readonly string[];
  dispose(): void;
}

export interface ControlOptions {
  abort: AbortController;
  /** Pre-registered wall-clock budget of the whole run. */
  budgetMs: number;
  /** What the run is doing now, for the budget's reason (`generation`, `construct`, …). */
  stage: () => string;
  handleSignals: boolean;
  signal?: AbortSignal | undefined;
  progress: (line: string) => void;
}

function duration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/**
 * Stops the run from outside. The first stop signal (SIGINT, SIGTERM, SIGHUP) aborts it (VOID `aborted`); every later
 * one hurries the shutdown: tracked server processes are killed at once and grace periods are
 * skipped, but the VOID record, closed tapes and signature are still written (the process never
 * exits on a signal without them). The budget aborts the run as VOID `budget_exhausted`.
 */
export function controlRun(options: ControlOptions): RunControl {
  const { abort } = options;
  const state: { hurried: boolean; signals: string[] } = { hurried: false, signals: [] };
  const budget = setTimeout(() => {
    if (abort.signal.aborted) return;
    abort.abort(
      new RunStop(
        'budget_exhausted',
        `the pre-registered run budget of ${duration(options.budgetMs)} ran out during ${options.stage()}`,
      ),
    );
  }, options.budgetMs);
  budget.unref();
  // A caller that aborts with a RunStop (the roster's job timeout) names its own reason.
  const forward = () => {
    if (abort.signal.aborted) return;
    const reason = options.signal?.reason;
    abort.abort(reason instanceof RunStop ? reason : new RunStop('aborted', 'the run was aborted'));
  };
  options.signal?.addEventListener('abort', forward, { once: true });
  // A signal aborted before the call fires no event: the run still stops at its first check.
  if (options.signal?.aborted) forward();
  const onSignal = (name: NodeJS.Signals) => {
    state.signals.push(name);
    if (state.signals.length === 1 && !abort.signal.aborted) {
      abort.abort(new RunStop('aborted', `interrupted by ${name}`));
      options.progress(`${name}: stopping; the VOID record is being written (send it again to hurry)`);
      return;
    }
    if (!state.hurried) options.progress(`${name} again: hurrying; server processes killed now`);
    state.hurried = true;
    hurry();
  };
  const unsubscribe = options.handleSignals ? onStopSignals(onSignal) : () => undefined;
  return {
    get hurried() {
      return state.hurried;
    },
    get signals() {
      return state.signals;
    },
    dispose() {
      clearTimeout(budget);
      options.signal?.removeEventListener('abort', forward);
      unsubscribe();
    },
  };
}
