import { canonicalJson } from '../../core/canonical.js';
import { safetyIndex } from '../destructive.js';
import { keyText } from '../normalise.js';
import { callSafely, type ExecutedStep, executePlan } from '../plan.js';
import { Candidate, type Task } from '../schema.js';
import { ArgumentValidator } from './arguments.js';
import { bindDecoys } from './decoys.js';
import { DuplicateTracker } from './duplicate.js';
import { keyUninformative, timeVarying } from './informative.js';
import {
  answerLeak,
  bindAndProve,
  checkMatchesPrompt,
  checkTooPermissive,
  contextLeak,
} from './key-rules.js';
import { firstRejection, isDestructive, STATIC_RULES } from './static-rules.js';
import {
  type AdmissionEntry,
  type AdmissionOptions,
  type Rejection,
  type RuleContext,
  reject,
  type Verdict,
} from './types.js';

/**
 * Admission (DESIGN 5.3). Order: shape and duplicates, the static rules (no server, no key),
 * then the plan runs and grounds the key, then the rules that read the key. Destructive
 * candidates are excluded before their plan runs, so admission never calls a destructive tool
 * the run did not allow. Candidates are admitted one at a time, in proposal order, because plan
 * calls may change server state and the ledger must be reproducible.
 */
export async function admitCandidates(
  proposals: readonly unknown[],
  options: AdmissionOptions,
): Promise<AdmissionEntry[]> {
  const context: RuleContext = {
    surface: options.surface,
    safety: safetyIndex(options.safety),
    allowDestructive: options.allowDestructive,
    validator: new ArgumentValidator(options.surface),
  };
  const duplicates = new DuplicateTracker();
  const entries: AdmissionEntry[] = [];
  for (const [seq, raw] of proposals.entries()) {
    const parsed = Candidate.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue === undefined ? '' : `${issue.path.join('.') || '(root)'}: `;
      entries.push({
        seq,
        id: rawId(raw, seq),
        candidate: raw,
        verdict: {
          admitted: false,
          ...reject('malformed', `not a candidate: ${where}${issue?.message ?? 'invalid'}`),
        },
      });
      continue;
    }
    const candidate = parsed.data;
    const verdict = await admitOne(candidate, context, duplicates, options);
    entries.push({ seq, id: candidate.id, candidate: raw, verdict });
  }
  return entries;
}

function rawId(raw: unknown, seq: number): string {
  if (raw !== null && typeof raw === 'object' && 'id' in raw && typeof raw.id === 'string' && raw.id !== '')
    return raw.id;
  return `#${seq}`;
}

async function admitOne(
  candidate: Candidate,
  context: RuleContext,
  duplicates: DuplicateTracker,
  options: AdmissionOptions,
): Promise<Verdict> {
  const early = duplicates.check(candidate) ?? firstRejection(STATIC_RULES, candidate, context);
  if (early !== undefined) return { admitted: false, ...early };

  const execute = () =>
    executePlan(candidate, options.caller, {
      validateArguments: (tool, args) => context.validator.check(tool, args),
    });
  const run = await execute();
  if (!run.ok) {
    return {
      admitted: false,
      ...reject(run.rule, run.detail, { ...run.evidence, calls: summarise(run.steps) }),
    };
  }
  const key = run.answerKey;
  // applyExtract never yields null or undefined; the guard also narrows the type for Task.
  if (key === undefined || key === null)
    return { admitted: false, ...reject('plan-failed', 'extract found nothing') };
  const rejected = (rejection: Rejection): Verdict => ({
    admitted: false,
    ...rejection,
    evidence: { ...rejection.evidence, answerKey: key },
    answerKey: key,
  });

  const destructive = isDestructive(candidate, context);
  const readOnly = candidate.plan.every((step) => context.safety.get(step.tool)?.readOnly === true);
  const unstable = await stability(candidate, key, readOnly, execute);
  if (unstable !== undefined) return rejected(unstable);

  const boundArguments = run.steps.map((step) => step.arguments);
  const leak =
    answerLeak(key, candidate.prompt, boundArguments) ??
    contextLeak(key, context.surface) ??
    keyUninformative(key, candidate, boundArguments, {
      surface: context.surface,
      given: options.given ?? [],
    });
  if (leak !== undefined) return rejected(leak);

  const withDecoys = bindDecoys(candidate, candidate.check, key, run.lastResult);
  const proved = await bindAndProve(withDecoys, key, (call) =>
    callSafely(options.caller, call.tool, call.arguments),
  );
  if (!proved.ok) return rejected(proved.rejection);
  const late = checkTooPermissive(proved.check) ?? checkMatchesPrompt(proved.check, candidate.prompt);
  if (late !== undefined) return rejected(late);

  const task: Task = {
    ...candidate,
    check: proved.check,
    answerKey: key,
    destructive,
    boundArguments,
  };
  return { admitted: true, task, answerKey: key };
}

function same(a: unknown, b: unknown): boolean {
  try {
    return canonicalJson(a) === canonicalJson(b);
  } catch {
    return false;
  }
}

/**
 * key-unstable: the key must be what exploration saw (when the generator says), must not be a
 * timestamp, and a read-only plan run a second time must return it again. Plans that write are
 * not re-run: a second booking is a new booking, not a check of the first.
 */
async function stability(
  candidate: Candidate,
  key: unknown,
  readOnly: boolean,
  execute: () => ReturnType<typeof executePlan>,
): Promise<Rejection | undefined> {
  if (candidate.observedKey !== undefined && !same(candidate.observedKey, key)) {
    return reject(
      'key-unstable',
      `exploration saw "${keyText(candidate.observedKey).slice(0, 80)}", admission got "${keyText(key).slice(0, 80)}"`,
      { observedKey: candidate.observedKey },
    );
  }
  const time = timeVarying(key);
  if (time !== undefined) return time;
  if (!readOnly) return undefined;
  const again = await execute();
  if (!again.ok)
    return reject('plan-failed', `on re-execution: ${again.detail}`, { calls: summarise(again.steps) });
  return same(again.answerKey, key)
    ? undefined
    : reject('key-unstable', `a second execution returned "${keyText(again.answerKey).slice(0, 80)}"`, {
        again: again.answerKey,
      });
}

/** What each plan call did, short enough to publish in the ledger. */
function summarise(steps: readonly ExecutedStep[]): Record<string, unknown>[] {
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
