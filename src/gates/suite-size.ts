import { SuiteSizeGate } from '../record/gate.js';
import type { SuiteSizeInput } from '../record/gate-input.js';
import { inputs } from './errors.js';
import { plural } from './format.js';
import { offlineGeneratorLimit } from './generator-limit.js';
import { seal } from './seal.js';

/**
 * The server's part of a shortfall, when most rejections were key-unstable: its answers changed
 * between two processes (my-cool-proxy answered "Available servers: none" until its fronted servers
 * had started), which no generator can make into a fixed key.
 */
function unstableText(input: SuiteSizeInput): string {
  const rejected = input.rejected ?? 0;
  const unstable = input.unstable ?? 0;
  return rejected > 0 && unstable * 2 > rejected
    ? ` ${unstable} of the ${plural(rejected, 'rejected candidate')} were key-unstable: the same read-only call answered differently when admission made it again in a fresh server process.`
    : '';
}

/**
 * Gate 3 (free): a suite below the registered minimum is refused rather than published as a tiny
 * 100%. When the screen's deletions caused the shortfall, the finding is that a model answered the
 * tasks with no server at all: DEGENERATE, not a thin surface.
 */
export function suiteSizeGate(input: SuiteSizeInput): SuiteSizeGate {
  const v = inputs('suite_size');
  const registered = v.count('registered', input.registered);
  const deleted = v.count('deletedByScreen', input.deletedByScreen);
  const minTasks = v.positive('minTasks', input.minTasks);
  const base = {
    gate: 'suite_size' as const,
    tier: 'free' as const,
    registered,
    minTasks,
    deletedByScreen: deleted,
    ...(input.requestedTasks === undefined
      ? {}
      : { requestedTasks: v.positive('requestedTasks', input.requestedTasks) }),
    input,
  };
  if (registered >= minTasks) {
    return seal(
      SuiteSizeGate,
      {
        ...base,
        verdict: 'PASS',
        explain: `${plural(registered, 'task')} registered, at least the minimum of ${minTasks}.`,
      },
      'suite_size',
    );
  }
  if (base.requestedTasks !== undefined && base.requestedTasks < minTasks) {
    return seal(
      SuiteSizeGate,
      {
        ...base,
        verdict: 'FAIL',
        reason: 'registration_below_minimum',
        outcome: 'INDETERMINATE',
        explain: `The run registered ${plural(base.requestedTasks, 'task')} (--tasks), below the minimum of ${minTasks}: that is this run's registration, not a statement about the server's surface. Register at least ${minTasks}.`,
      },
      'suite_size',
    );
  }
  if (registered + deleted >= minTasks) {
    return seal(
      SuiteSizeGate,
      {
        ...base,
        verdict: 'FAIL',
        reason: 'all_candidates_null_answerable',
        outcome: 'DEGENERATE',
        explain: `${plural(registered, 'task')} registered, below the minimum of ${minTasks}, because the null screen answered ${plural(deleted, 'admitted candidate')} with no tools and no server; without those deletions the suite would have reached the minimum.`,
      },
      'suite_size',
    );
  }
  return seal(
    SuiteSizeGate,
    {
      ...base,
      verdict: 'FAIL',
      reason: 'below_minimum_suite_size',
      outcome: 'INSUFFICIENT_SURFACE',
      explain: `${plural(registered, 'task')} registered, below the minimum of ${minTasks}${deleted > 0 ? ` (the screen deleted ${deleted}, not enough to explain the shortfall)` : ''}.${unstableText(input)}${
        input.exploration === undefined
          ? ''
          : ` ${offlineGeneratorLimit(input.exploration, input.candidates ?? registered)}`
      }`,
    },
    'suite_size',
  );
}
