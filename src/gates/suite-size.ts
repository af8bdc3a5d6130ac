import { SuiteSizeGate } from '../record/gate.js';
import type { SuiteSizeInput } from '../record/gate-input.js';
import { inputs } from './errors.js';
import { plural } from './format.js';
import { offlineGeneratorLimit } from './generator-limit.js';
import { seal } from './seal.js';

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
      explain: `${plural(registered, 'task')} registered, below the minimum of ${minTasks}${deleted > 0 ? ` (the screen deleted ${deleted}, not enough to explain the shortfall)` : ''}.${
        input.exploration === undefined
          ? ''
          : ` ${offlineGeneratorLimit(input.exploration, input.candidates ?? registered)}`
      }`,
    },
    'suite_size',
  );
}
