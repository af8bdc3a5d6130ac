import { keyText } from '../suite/normalise.js';
import type { Task } from '../suite/schema.js';
import type { Phase } from './types.js';

export interface PhasePrompt {
  system: string;
  prompt: string;
}

const WITH_TOOLS =
  'You are an agent working with the tools of one MCP server. Use the tools to complete the task. ' +
  'When you are done, reply with the final answer only.';

const WITHOUT_TOOLS =
  'Answer the task from what you already know; you have no tools and no server. ' +
  'Reply with the final answer only, or UNKNOWN if you cannot answer.';

/**
 * The reference agent is handed the plan (as a ```plan block, the shape the heuristic follows and a
 * language model can read) and the answer key; it must still reach the key through the server.
 */
function constructSystem(task: Task): string {
  const plan = JSON.stringify(task.plan.map((s) => ({ tool: s.tool, arguments: s.arguments })));
  return [
    WITH_TOOLS,
    'You are the reference agent: you are given the plan and the expected answer, and you must',
    'confirm the answer through the tools by following the plan. A `{"$from": {"step": i, "pointer": p}}`',
    "argument means the value at JSON pointer p in step i's result.",
    '```plan',
    plan,
    '```',
    `Expected answer: ${keyText(task.answerKey)}`,
  ].join('\n');
}

/** The system prompt and user prompt of one trial in one phase. */
export function phasePrompt(task: Task, phase: Phase): PhasePrompt {
  switch (phase) {
    case 'screen':
    case 'null-no-tools':
      return { system: WITHOUT_TOOLS, prompt: task.prompt };
    case 'construct':
      return { system: constructSystem(task), prompt: task.prompt };
    default:
      return { system: WITH_TOOLS, prompt: task.prompt };
  }
}

/** Phases whose loop is offered the server's tools. */
export function phaseHasTools(phase: Phase): boolean {
  return phase !== 'screen' && phase !== 'null-no-tools';
}

/** Phases whose tool calls reach the real server (and so need a session). */
export function phaseNeedsServer(phase: Phase): boolean {
  return phaseHasTools(phase) && phase !== 'null-stubbed-empty';
}

/** `<taskId>` for the drive, `<taskId>::<phase>` otherwise; `#<rep>` when a phase runs several reps. */
export { trialCorrId } from '../tape/corr-id.js';
