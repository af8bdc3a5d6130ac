import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { readToolOutput, type ToolOutcome } from './results.js';

export interface PastCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
  /** Absent when the call has no result in the prompt yet. */
  outcome?: ToolOutcome;
}

export interface Conversation {
  system: string;
  /** All user text, in order: the task. */
  task: string;
  /** Tool calls made so far (by any assistant turn), with their results. */
  calls: PastCall[];
}

function parseInput(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

/** Read the AI SDK prompt into the three things the heuristic reasons about. */
export function readConversation(prompt: LanguageModelV3Prompt): Conversation {
  const system: string[] = [];
  const user: string[] = [];
  const calls: PastCall[] = [];
  const byId = new Map<string, PastCall>();
  const attach = (toolCallId: string, outcome: ToolOutcome) => {
    const call = byId.get(toolCallId);
    if (call !== undefined) call.outcome = outcome;
  };
  for (const message of prompt) {
    switch (message.role) {
      case 'system':
        system.push(message.content);
        break;
      case 'user':
        for (const part of message.content) if (part.type === 'text') user.push(part.text);
        break;
      case 'assistant':
        for (const part of message.content) {
          if (part.type === 'tool-call') {
            const call: PastCall = {
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              input: parseInput(part.input),
            };
            calls.push(call);
            byId.set(part.toolCallId, call);
          } else if (part.type === 'tool-result') {
            attach(part.toolCallId, readToolOutput(part.output));
          }
        }
        break;
      case 'tool':
        for (const part of message.content) {
          if (part.type === 'tool-result') attach(part.toolCallId, readToolOutput(part.output));
        }
        break;
    }
  }
  return { system: system.join('\n'), task: user.join('\n'), calls };
}
