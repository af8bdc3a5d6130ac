import { sameJson } from '../core/canonical.js';
import { readResult } from '../suite/extract.js';
import { documentOf } from '../suite/facts/view.js';
import { findHandles } from '../suite/handles.js';
import { resolvePointer } from '../suite/pointer.js';
import type { Task } from '../suite/schema.js';
import { carriesKey } from './evaluate.js';
import type { ToolCallRecord } from './types.js';

/**
 * Principle: admission ran every plan against the server (twice, the second time in a fresh
 * process) and grounded the task in what the answers held, so a read-only call sent with exactly
 * the arguments admission bound must still give what admission took from it: the value a later
 * step reads through `$from`, or, at the last step, the answer key. When a trial's successful call
 * does not, the server's stored state changed while the run measured it, and no trial after that
 * measures the suite that was registered. That is a statement about the run (its data moved under
 * it), never a task the agent failed.
 *
 * Returns what changed, in one line, or undefined when every replayed step still agrees (or none was
 * replayed: an agent that sent other arguments tells us nothing about the state).
 */
export function planDrift(task: Task, calls: readonly ToolCallRecord[]): string | undefined {
  for (const [step, planStep] of task.plan.entries()) {
    const bound = task.boundArguments[step];
    if (bound === undefined) continue;
    for (const call of calls) {
      if (call.tool !== planStep.tool || call.failure !== undefined || call.stubbed === true) continue;
      if (call.result === undefined || !sameJson(call.arguments, bound)) continue;
      const changed = stepChanged(task, step, call.result);
      if (changed !== undefined) return `${planStep.tool} ${short(bound)}: ${changed}`;
    }
  }
  return undefined;
}

/** What a replayed step's answer no longer gives, or undefined when it still gives all of it. */
function stepChanged(task: Task, step: number, raw: unknown): string | undefined {
  if (step === task.plan.length - 1) {
    return carriesKey(task, raw)
      ? undefined
      : `no longer carries the answer key ${short(task.answerKey)} that admission read from it`;
  }
  const read = readResult(raw);
  if (!read.ok) return undefined;
  const document = documentOf(read.result)?.document;
  for (const [later, laterStep] of task.plan.entries()) {
    // A value admission saw change between its two executions is minted per call, not state.
    if (later <= step || task.perCall?.includes(later) === true) continue;
    for (const site of findHandles(laterStep.arguments)) {
      if (site.handle?.$from.step !== step) continue;
      const expected = resolvePointer(task.boundArguments[later], site.path);
      if (!expected.found) continue;
      const now = resolvePointer(document, site.handle.$from.pointer);
      if (!now.found || !sameJson(now.value, expected.value))
        return `the value at ${site.handle.$from.pointer} was ${short(expected.value)} at admission and is now ${now.found ? short(now.value) : 'gone'}`;
    }
  }
  return undefined;
}

/** A value as JSON, cut to a length a one-line reason can carry. */
function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
