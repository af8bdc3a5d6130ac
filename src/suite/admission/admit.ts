import { sameJson } from '../../core/canonical.js';
import { mapLimit } from '../../core/pool.js';
import type { KeyBasis } from '../../record/suite-summary.js';
import { safetyIndex } from '../destructive.js';
import { callSafely, executePlan } from '../plan.js';
import { Candidate, type Task } from '../schema.js';
import type { ToolCaller } from '../surface.js';
import { ArgumentValidator } from './arguments.js';
import { bindDecoys, parallelValues, siblingValues } from './decoys.js';
import { DuplicateTracker } from './duplicate.js';
import { keyInEarlierStep } from './earlier-step.js';
import { executions, stability, summarise } from './executions.js';
import { keyUninformative } from './informative.js';
import { keyInputIndependent } from './input-independence.js';
import {
  keyAmongHostFacts,
  keyConstant,
  keyEmptyState,
  keyEnvironmental,
  keyIsToolName,
} from './key-information.js';
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
 * Admission (docs/design.md §5.3). Order: shape and duplicates, the static rules (no server, no key),
 * then the plan runs and grounds the key, then the rules that read the key. Destructive
 * candidates are excluded before their plan runs, so admission never calls a destructive tool
 * the run did not allow.
 *
 * The shape, duplicate and static checks run first, in proposal order (they never read the
 * server). Plans then run in proposal order as far as server state can tell: a run of consecutive
 * candidates whose every step is read-only is admitted up to `concurrency` at a time (reads do not
 * change what the next read sees), and a candidate with any other step runs alone, after every
 * candidate before it and before any after it. The ledger is in proposal order either way.
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
  const screened = proposals.map((raw, seq) => screenOne(raw, seq, context, duplicates));
  const entries: AdmissionEntry[] = new Array(screened.length);
  const limit = Math.max(1, options.concurrency ?? 1);
  for (const batch of stateBatches(screened, context)) {
    await mapLimit(batch, batch.length > 1 ? limit : 1, async (item) => {
      const verdict = await runPlan(item.candidate, context, options);
      entries[item.seq] = { ...item.entry, verdict };
      if (verdict.admitted) options.onAdmitted?.(verdict.task);
    });
  }
  for (const item of screened) if (item.kind === 'decided') entries[item.entry.seq] = item.entry;
  return entries;
}

type Screened =
  | { kind: 'decided'; entry: AdmissionEntry }
  | { kind: 'pending'; seq: number; candidate: Candidate; entry: Omit<AdmissionEntry, 'verdict'> };
type Pending = Extract<Screened, { kind: 'pending' }>;

/** The checks that never read the server: shape, duplicates (every parsed candidate counts as seen), static rules. */
function screenOne(raw: unknown, seq: number, context: RuleContext, duplicates: DuplicateTracker): Screened {
  const parsed = Candidate.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? '' : `${issue.path.join('.') || '(root)'}: `;
    const verdict: Verdict = {
      admitted: false,
      ...reject('malformed', `not a candidate: ${where}${issue?.message ?? 'invalid'}`),
    };
    return { kind: 'decided', entry: { seq, id: rawId(raw, seq), candidate: raw, verdict } };
  }
  const candidate = parsed.data;
  const early = duplicates.check(candidate) ?? firstRejection(STATIC_RULES, candidate, context);
  const entry = { seq, id: candidate.id, candidate: raw };
  if (early !== undefined)
    return { kind: 'decided', entry: { ...entry, verdict: { admitted: false, ...early } } };
  return { kind: 'pending', seq, candidate, entry };
}

/**
 * Every step reads, or is the preparing call the server asked for of a tool declared
 * non-destructive (a session set up again is no second write): the plan may run a second time.
 */
function readOnlyPlan(candidate: Candidate, context: RuleContext): boolean {
  return candidate.plan.every((step) => {
    const safety = context.safety.get(step.tool);
    return safety?.readOnly === true || (step.prepares === true && safety?.destructive === false);
  });
}

/**
 * The candidates whose plans run, in proposal order, cut where server state could differ: each
 * batch is either a run of read-only plans (order among them cannot matter) or one other plan.
 */
function stateBatches(screened: readonly Screened[], context: RuleContext): Pending[][] {
  const batches: Pending[][] = [];
  let reads: Pending[] = [];
  for (const item of screened) {
    if (item.kind !== 'pending') continue;
    if (readOnlyPlan(item.candidate, context)) {
      reads.push(item);
      continue;
    }
    if (reads.length > 0) batches.push(reads);
    reads = [];
    batches.push([item]);
  }
  if (reads.length > 0) batches.push(reads);
  return batches;
}

function rawId(raw: unknown, seq: number): string {
  if (raw !== null && typeof raw === 'object' && 'id' in raw && typeof raw.id === 'string' && raw.id !== '')
    return raw.id;
  return `#${seq}`;
}

/** The plan runs and grounds the key, then the rules that read the key. */
async function runPlan(
  candidate: Candidate,
  context: RuleContext,
  options: AdmissionOptions,
): Promise<Verdict> {
  const execute = (
    caller: ToolCaller = options.caller,
    plan: Pick<Candidate, 'plan' | 'extract'> = candidate,
  ) =>
    executePlan(plan, caller, {
      validateArguments: (tool, args) => context.validator.check(tool, args),
    });
  const planned = await executions(execute, readOnlyPlan(candidate, context), options);
  const run = planned.first;
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
  const readOnly = readOnlyPlan(candidate, context);
  const { rejection: unstable, again } = await stability(candidate, key, readOnly, planned.again);
  if (unstable !== undefined) return rejected(unstable);
  const perCall = (again ?? []).flatMap((step, i) =>
    sameJson(step.arguments, run.steps[i]?.arguments) ? [] : [i],
  );

  const boundArguments = run.steps.map((step) => step.arguments);
  const siblings = siblingValues(candidate, run.lastResult);
  const leak =
    answerLeak(key, candidate.prompt, boundArguments) ??
    contextLeak(key, context.surface) ??
    keyUninformative(key, candidate, boundArguments, {
      surface: context.surface,
      given: options.given ?? [],
    }) ??
    keyIsToolName(key, context.surface) ??
    keyEmptyState(key) ??
    keyEnvironmental(key, options.host ?? []) ??
    keyAmongHostFacts(key, [...siblings, ...parallelValues(candidate, run.lastResult)], options.host ?? []) ??
    keyConstant(key, siblings);
  if (leak !== undefined) return rejected(leak);
  const earlier = keyInEarlierStep(candidate, key, run.steps, run.lastResult);
  if (earlier !== undefined) return rejected(earlier);
  // A key its siblings discriminate picks one record of the server's data: the tool cannot make it
  // up for an input it ignores, so only a key that stands alone is asked whether any input finds it.
  const anything =
    readOnly && keyBasisOf(key, siblings) === 'singleton'
      ? await keyInputIndependent(candidate, key, boundArguments.at(-1), context.surface, (c) =>
          execute(options.caller, c),
        )
      : undefined;
  if (anything !== undefined) return rejected(anything);

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
    keyBasis: keyBasisOf(key, siblings),
    ...(perCall.length > 0 ? { perCall } : {}),
  };
  return { admitted: true, task, answerKey: key };
}

/** Discriminating when some sibling entry holds another value (key-constant has already rejected all-equal). */
function keyBasisOf(key: unknown, siblings: readonly unknown[]): KeyBasis {
  return siblings.some((s) => !sameJson(s, key)) ? 'discriminating' : 'singleton';
}
