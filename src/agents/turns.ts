import type { StepResult, ToolSet } from 'ai';
import { isRecord } from '../core/json.js';
import { toTapeUsage } from '../models/usage.js';
import type { CallUsage } from '../record/pricing.js';
import type { AgentModel } from './types.js';

type Block = Record<string, unknown>;

/** The model's side of one step as provider-shaped tape blocks (text, thinking, tool_use). */
export function assistantBlocks(step: StepResult<ToolSet>): Block[] {
  const blocks: Block[] = [];
  for (const part of step.content) {
    if (part.type === 'text' && part.text !== '') blocks.push({ type: 'text', text: part.text });
    else if (part.type === 'reasoning' && part.text !== '')
      blocks.push({ type: 'thinking', thinking: part.text });
    else if (part.type === 'tool-call')
      blocks.push({ type: 'tool_use', id: part.toolCallId, name: part.toolName, input: part.input });
  }
  return blocks;
}

/** The tool side of one step: a tool_result block per call answered (or refused) in it. */
export function toolResultBlocks(step: StepResult<ToolSet>): Block[] {
  const blocks: Block[] = [];
  for (const part of step.content) {
    if (part.type === 'tool-result') {
      blocks.push({
        type: 'tool_result',
        tool_use_id: part.toolCallId,
        content: part.output,
        ...(isRecord(part.output) && part.output.isError === true ? { is_error: true } : {}),
      });
    } else if (part.type === 'tool-error') {
      const message = part.error instanceof Error ? part.error.message : String(part.error);
      blocks.push({ type: 'tool_result', tool_use_id: part.toolCallId, content: message, is_error: true });
    }
  }
  return blocks;
}

/** One model call's usage as the record's CallUsage (tape-normalised: input excludes cache tokens). */
export function callUsage(model: AgentModel, usage: StepResult<ToolSet>['usage'] | undefined): CallUsage {
  const tape = toTapeUsage(usage, model.provider);
  if (tape === undefined) return { model: model.id, status: 'no_usage' };
  return {
    model: model.id,
    status: 'ok',
    inputTokens: tape.input_tokens,
    outputTokens: tape.output_tokens,
    ...(tape.cache_read_input_tokens === undefined ? {} : { cacheReadTokens: tape.cache_read_input_tokens }),
    ...(tape.cache_creation_input_tokens === undefined
      ? {}
      : { cacheWriteTokens: tape.cache_creation_input_tokens }),
  };
}

/** The tape usage block for a turn line, when the call reported usage. */
export function turnUsage(
  model: AgentModel,
  usage: StepResult<ToolSet>['usage'],
): Record<string, number> | undefined {
  const tape = toTapeUsage(usage, model.provider);
  return tape === undefined ? undefined : { ...tape };
}
