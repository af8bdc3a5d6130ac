import { canonicalDigest } from '../core/canonical.js';
import { findLeak } from '../core/leak.js';
import { AnswerLeakGate, type LeakFinding } from '../record/gate.js';
import type { LeakScanTask } from '../record/gate-input.js';
import { inputs } from './errors.js';
import { plural } from './format.js';
import { seal } from './seal.js';

export type { LeakScanTask } from '../record/gate-input.js';

/** A suite's registered and reserve tasks as the gate scans them (the pipeline and `verify` alike). */
export function leakScanTasks(
  tasks: readonly { id: string; prompt: string; answerKey: unknown; boundArguments?: unknown }[],
): LeakScanTask[] {
  return tasks.map((t) => ({
    taskId: t.id,
    prompt: t.prompt,
    answerKey: t.answerKey,
    boundArguments: t.boundArguments,
  }));
}

/**
 * The stored input: a digest of exactly what was scanned, never the answer keys themselves (they
 * stay in suite.json, which `verify` scans again after checking this digest).
 */
export function leakInputDigest(tasks: readonly LeakScanTask[]): string {
  return canonicalDigest(
    tasks.map((t) => ({
      taskId: t.taskId,
      prompt: t.prompt,
      answerKey: t.answerKey,
      boundArguments: t.boundArguments,
    })),
  );
}

/**
 * Gate 2 (free): re-scan every registered and reserve task for its own answer in the prompt or the
 * bound arguments. Admission already rejects these; the gate proves nothing slipped through.
 */
export function answerLeakGate(tasks: readonly LeakScanTask[]): AnswerLeakGate {
  const v = inputs('answer_leak');
  const leaks: LeakFinding[] = [];
  v.array('tasks', tasks).forEach((task, i) => {
    v.text(`tasks[${i}].taskId`, task.taskId);
    if (typeof task.prompt !== 'string') v.text(`tasks[${i}].prompt`, task.prompt);
    const haystacks = [{ where: 'prompt', text: task.prompt }];
    if (task.boundArguments !== undefined)
      haystacks.push({ where: 'arguments', text: JSON.stringify(task.boundArguments) });
    const hit = findLeak(task.answerKey, haystacks);
    if (hit) leaks.push({ taskId: task.taskId, phrase: hit.phrase, where: hit.where });
  });
  const [first] = leaks;
  const decision = first
    ? {
        verdict: 'FAIL' as const,
        reason: 'answer_in_prompt' as const,
        outcome: 'GATE_FAILED' as const,
        explain: `${leaks.length} of ${plural(tasks.length, 'scanned task')} carry their answer (first: ${first.taskId}, ${JSON.stringify(first.phrase)} in its ${first.where}).`,
      }
    : {
        verdict: 'PASS' as const,
        explain: `None of ${plural(tasks.length, 'scanned task')} carries its answer in its prompt or arguments.`,
      };
  return seal(
    AnswerLeakGate,
    {
      gate: 'answer_leak',
      tier: 'free',
      ...decision,
      scanned: tasks.length,
      leaks,
      input: { tasksSha256: leakInputDigest(tasks) },
    },
    'answer_leak',
  );
}
