import { findLeak } from '../core/leak.js';
import { AnswerLeakGate, type LeakFinding } from '../record/gate.js';
import { inputs } from './errors.js';
import { plural } from './format.js';
import { seal } from './seal.js';

export interface LeakScanTask {
  taskId: string;
  prompt: string;
  /** The execution-grounded answer key. */
  answerKey: unknown;
  /** Plan arguments as bound at admission, when any. */
  boundArguments?: unknown;
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
    { gate: 'answer_leak', tier: 'free', ...decision, scanned: tasks.length, leaks },
    'answer_leak',
  );
}
