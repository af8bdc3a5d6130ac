import { sameJson } from '../core/canonical.js';
import { evaluateCheck } from '../suite/checks.js';
import { applyExtract, readResult } from '../suite/extract.js';
import { containsNormalised, keyText } from '../suite/normalise.js';
import type { Task } from '../suite/schema.js';
import type { ToolCallOutcome as SuiteOutcome } from '../suite/surface.js';
import { resultText } from '../suite/surface.js';
import type { ToolCallRecord } from './types.js';

/** The check on the final answer (and, for `state` checks, the verification call's result). */
export function checkAnswer(
  task: Task,
  answer: string,
  verification?: SuiteOutcome,
): { pass: boolean; detail: string } {
  return evaluateCheck(task.check, { answer, ...(verification ? { verification } : {}) });
}

/**
 * A successful result carries the key when the task's own extract finds it there, or when the key's
 * text appears in the result's text or structured content (normalised, on token boundaries).
 */
export function carriesKey(task: Task, raw: unknown): boolean {
  const read = readResult(raw);
  if (!read.ok) return false;
  const extracted = applyExtract(task.extract, read.result);
  if (extracted.ok && sameJson(extracted.value, task.answerKey)) return true;
  const key = keyText(task.answerKey);
  const structured = read.result.structuredContent;
  const haystack = `${resultText(read.result)}\n${structured === undefined ? '' : JSON.stringify(structured)}`;
  return containsNormalised(haystack, key);
}

/** The construct criterion's second half: a call to an expected tool succeeded and carried the key. */
export function reachedKeyThroughServer(task: Task, calls: readonly ToolCallRecord[]): boolean {
  return calls.some(
    (c) =>
      task.expectedTools.includes(c.tool) &&
      c.failure === undefined &&
      c.stubbed !== true &&
      c.result !== undefined &&
      carriesKey(task, c.result),
  );
}

/**
 * null-random-args: a trial is a null when it randomised an argument that carries the task's handle
 * and no call it left as planned (an argument-free listing, a call whose handles stayed) brought
 * back the key: when one did, the answer came from the real call, and the trial measured it.
 */
export function randomArgsApplicable(task: Task, calls: readonly ToolCallRecord[]): boolean {
  return (
    calls.some((c) => c.randomised === true) &&
    !calls.some(
      (c) =>
        c.randomised !== true &&
        c.failure === undefined &&
        c.stubbed !== true &&
        c.result !== undefined &&
        carriesKey(task, c.result),
    )
  );
}
