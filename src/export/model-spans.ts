import type { TurnLine } from '../tape/schema.js';
import { GEN_AI, GEN_AI_OPERATION } from './conventions.js';
import { type Attributes, contentText, ms, type SpanNode, span } from './span-tree.js';

/** `anthropic:claude-…` → provider `anthropic`, model `claude-…`; a bare id has no provider. */
export function splitModel(id: string): { provider?: string; model: string } {
  const at = id.indexOf(':');
  return at <= 0 ? { model: id } : { provider: id.slice(0, at), model: id.slice(at + 1) };
}

/** When a generation ran: its recorded timing, else the turn's time less its latency. */
function window(turn: TurnLine): { start: number; end: number } | undefined {
  const end = ms(turn.timing?.endedAt) ?? ms(turn.t);
  if (end === undefined) return undefined;
  const start =
    ms(turn.timing?.startedAt) ?? (turn.timing?.latencyMs === undefined ? end : end - turn.timing.latencyMs);
  return { start, end };
}

/**
 * One `chat {model}` span per generation (a non-echoed assistant turn). Token counts follow the
 * convention: `gen_ai.usage.input_tokens` includes cached input, which our tapes report apart.
 */
export function chatSpan(
  turn: TurnLine,
  line: number,
  plane: string,
  content: boolean,
): SpanNode | undefined {
  if (turn.role !== 'assistant' || turn.echoed === true) return undefined;
  const w = window(turn);
  if (w === undefined) return undefined;
  const id = turn.model ?? 'unknown';
  const { provider, model } = splitModel(id);
  const attributes: Attributes = {
    [GEN_AI.operationName]: GEN_AI_OPERATION.chat,
    [GEN_AI.requestModel]: model,
    'fitness.tape.ref': `${plane}:${line}`,
  };
  if (provider !== undefined) attributes[GEN_AI.providerName] = provider;
  const u = turn.usage;
  if (u?.input_tokens !== undefined)
    attributes[GEN_AI.usageInputTokens] =
      u.input_tokens + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0);
  if (u?.output_tokens !== undefined) attributes[GEN_AI.usageOutputTokens] = u.output_tokens;
  if (u?.cache_read_input_tokens !== undefined)
    attributes[GEN_AI.usageCacheReadInputTokens] = u.cache_read_input_tokens;
  if (u?.cache_creation_input_tokens !== undefined)
    attributes[GEN_AI.usageCacheCreationInputTokens] = u.cache_creation_input_tokens;
  if (u?.thinking_tokens !== undefined) attributes[GEN_AI.usageReasoningOutputTokens] = u.thinking_tokens;
  if (content) attributes[GEN_AI.outputMessages] = contentText([{ role: 'assistant', parts: turn.blocks }]);
  const node = span(`chat ${model}`, w.start, w.end, attributes);
  node.kind = 'client';
  if (turn.error !== undefined) {
    node.error = turn.error.message;
    attributes['error.type'] = turn.error.code ?? 'model_error';
  }
  return node;
}
