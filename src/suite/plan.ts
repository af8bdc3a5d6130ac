import { isRecord } from '../core/json.js';
import { applyExtract, readResult } from './extract.js';
import { documentOf } from './facts/view.js';
import { bindHandles } from './handles.js';
import { resolvePointer } from './pointer.js';
import type { Extract, PlanStep } from './schema.js';
import type { ToolCaller, ToolCallOutcome, ToolResult } from './surface.js';

export interface ExecutedStep {
  step: number;
  tool: string;
  arguments: Record<string, unknown>;
  outcome: ToolCallOutcome;
}

export type PlanRun =
  | { ok: true; answerKey: unknown; steps: ExecutedStep[]; lastResult: ToolResult }
  | {
      ok: false;
      rule: 'plan-failed' | 'arguments-invalid';
      detail: string;
      evidence: Record<string, unknown>;
      steps: ExecutedStep[];
    };

export interface PlanOptions {
  /** Checked on the bound arguments just before each call; a problem stops the plan unexecuted. */
  validateArguments?: (tool: string, args: Record<string, unknown>) => string | undefined;
}

/** A caller that throws is a failed call, not a crash of the suite. */
export async function callSafely(
  caller: ToolCaller,
  tool: string,
  args: Record<string, unknown>,
): Promise<ToolCallOutcome> {
  try {
    return await caller(tool, args);
  } catch (err) {
    return { kind: 'error', message: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Runs a plan against the server and grounds the answer key in what the server returned:
 * `$from` handles read earlier results (structuredContent, else JSON text), every call must
 * succeed (no JSON-RPC error, no isError), and `extract` must find a value in the last result.
 */
export async function executePlan(
  candidate: { plan: PlanStep[]; extract: Extract },
  caller: ToolCaller,
  options: PlanOptions = {},
): Promise<PlanRun> {
  const steps: ExecutedStep[] = [];
  const results: ToolResult[] = [];
  const fail = (
    rule: 'plan-failed' | 'arguments-invalid',
    detail: string,
    evidence: Record<string, unknown> = {},
  ) => ({ ok: false, rule, detail, evidence, steps }) as const;
  if (candidate.plan.length === 0) return fail('plan-failed', 'the plan has no steps');

  for (const [index, step] of candidate.plan.entries()) {
    const bound = bindHandles(step.arguments, (handle) => {
      const source = results[handle.$from.step];
      if (handle.$from.step >= index || source === undefined) {
        return { ok: false, detail: `$from step ${handle.$from.step} is not an earlier step` };
      }
      const document = documentOf(source)?.document;
      const hit = resolvePointer(document, handle.$from.pointer);
      return hit.found && hit.value !== undefined
        ? { ok: true, value: hit.value }
        : { ok: false, detail: `$from step ${handle.$from.step} pointer ${handle.$from.pointer} not found` };
    });
    if (!bound.ok)
      return fail('plan-failed', `step ${index} (${step.tool}): ${bound.detail}`, { step: index });
    const args = bound.value;
    // Arguments that are one `$from` as a whole can resolve to a non-object.
    if (!isRecord(args)) {
      return fail('arguments-invalid', `step ${index} (${step.tool}): the arguments are not a JSON object`, {
        step: index,
        arguments: args,
      });
    }
    const problem = options.validateArguments?.(step.tool, args);
    if (problem !== undefined) {
      return fail('arguments-invalid', `step ${index} (${step.tool}): ${problem}`, {
        step: index,
        arguments: args,
      });
    }
    const outcome = await callSafely(caller, step.tool, args);
    steps.push({ step: index, tool: step.tool, arguments: args, outcome });
    if (outcome.kind === 'error') {
      return fail('plan-failed', `step ${index} (${step.tool}) errored: ${outcome.message}`, {
        step: index,
        code: outcome.code,
      });
    }
    const read = readResult(outcome.result);
    if (!read.ok) return fail('plan-failed', `step ${index} (${step.tool}): ${read.detail}`, { step: index });
    results.push(read.result);
  }

  const last = results.at(-1);
  if (last === undefined) return fail('plan-failed', 'the plan has no steps');
  const extracted = applyExtract(candidate.extract, last);
  if (!extracted.ok)
    return fail('plan-failed', `extract found nothing: ${extracted.detail}`, { extract: candidate.extract });
  return { ok: true, answerKey: extracted.value, steps, lastResult: last };
}
