import { sameJson } from '../../core/canonical.js';
import { keyText } from '../normalise.js';
import type { ExecutedStep, executePlan } from '../plan.js';
import type { Candidate } from '../schema.js';
import type { ToolCaller } from '../surface.js';
import { timeVarying } from './informative.js';
import { type AdmissionOptions, type IsolatedSession, type Rejection, reject } from './types.js';

/** A plan's execution in admission: each of its steps, and the key it grounded or why it failed. */
type Execution = ReturnType<typeof executePlan>;

/** Where a plan's executions run: each in its own session, or the exploration's then the re-check's. */
export interface Executions {
  first: Awaited<Execution>;
  /** Runs the stability re-execution where the first one ran best. */
  again: () => Execution;
}

/** Runs a plan in a session opened for it alone, and closes the session whatever happens. */
async function inOwnSession(
  open: () => Promise<IsolatedSession>,
  execute: (caller?: ToolCaller) => Execution,
): Execution {
  const session = await open();
  try {
    return await execute(session.caller);
  } finally {
    await session.close();
  }
}

/**
 * The plan's first execution, as a trial meets it: in a session of its own. It runs in the
 * exploration's session; a read-only plan that fails there is made once more in a fresh session
 * (its own process, or else the re-check's), because a server may answer what a session already
 * read otherwise (claude-code's Read answers `file_unchanged` to a file the session read before,
 * and a trial's fresh process gets the file). A plan that needed its own session is re-checked in
 * another of its own.
 */
export async function executions(
  execute: (caller?: ToolCaller) => Execution,
  readOnly: boolean,
  options: Pick<AdmissionOptions, 'recheck' | 'isolated'>,
): Promise<Executions> {
  const recheck = () => execute(options.recheck);
  const first = await execute();
  if (first.ok || !readOnly) return { first, again: recheck };
  const { isolated } = options;
  if (isolated === undefined)
    return options.recheck === undefined
      ? { first, again: recheck }
      : { first: await recheck(), again: recheck };
  const own = () => inOwnSession(isolated, execute);
  return { first: await own(), again: own };
}

/**
 * key-unstable: the key must be what exploration saw (when the generator says), must not be a
 * timestamp, and a read-only plan run a second time must return it again. Plans that write are
 * not re-run: a second booking is a new booking, not a check of the first.
 */
export async function stability(
  candidate: Candidate,
  key: unknown,
  readOnly: boolean,
  execute: () => Execution,
): Promise<{ rejection?: Rejection; again?: readonly ExecutedStep[] }> {
  if (candidate.observedKey !== undefined && !sameJson(candidate.observedKey, key)) {
    return {
      rejection: reject(
        'key-unstable',
        `exploration saw "${keyText(candidate.observedKey).slice(0, 80)}", admission got "${keyText(key).slice(0, 80)}"`,
        { observedKey: candidate.observedKey },
      ),
    };
  }
  const time = timeVarying(key);
  if (time !== undefined) return { rejection: time };
  if (!readOnly) return {};
  const again = await execute();
  // A plan that answered and then fails when made again (in a fresh process: apidog-oas names its
  // tools anew at every start, "Tool read_project_oas_wx3fsb not found") answered differently.
  if (!again.ok)
    return {
      rejection: reject('key-unstable', `on re-execution: ${again.detail}`, {
        calls: summarise(again.steps),
      }),
    };
  return sameJson(again.answerKey, key)
    ? { again: again.steps }
    : {
        rejection: reject(
          'key-unstable',
          `a second execution (in a fresh server process where the target allows one) returned "${keyText(again.answerKey).slice(0, 80)}"`,
          { again: again.answerKey },
        ),
      };
}

/** What each plan call did, short enough to publish in the ledger. */
export function summarise(steps: readonly ExecutedStep[]): Record<string, unknown>[] {
  return steps.map((step) => ({
    step: step.step,
    tool: step.tool,
    arguments: step.arguments,
    outcome:
      step.outcome.kind === 'error'
        ? {
            error: step.outcome.message,
            ...(step.outcome.code === undefined ? {} : { code: step.outcome.code }),
          }
        : { result: truncate(step.outcome.result) },
  }));
}

function truncate(result: unknown): unknown {
  const text = JSON.stringify(result) ?? '';
  return text.length <= 2000 ? result : `${text.slice(0, 2000)}…`;
}
