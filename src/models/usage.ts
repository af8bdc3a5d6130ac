import type { LanguageModelUsage } from 'ai';
import type { ProviderName } from './spec.js';

/**
 * Turn usage as the tape carries it (mcp-tape v1): `input_tokens` EXCLUDES cache reads and
 * writes, which ride in their own fields; `thinking_tokens` is a subset of `output_tokens`.
 * Consumers sum these fields directly.
 */
export interface TapeUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
  thinking_tokens?: number;
}

function count(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * AI SDK 6 usage → tape usage. AI SDK 6 reports `inputTokens` as the total including cache reads
 * and writes for every provider (with Anthropic it adds them to the wire's `input_tokens`; OpenAI's
 * wire total already includes cached tokens), and `inputTokenDetails.noCacheTokens` as the rest.
 * Missing usage is undefined, never zeros: a call without input and output counts has no usage.
 */
export function toTapeUsage(
  usage: LanguageModelUsage | undefined,
  _provider: ProviderName | string,
): TapeUsage | undefined {
  if (usage === undefined) return undefined;
  const total = count(usage.inputTokens);
  const output = count(usage.outputTokens);
  if (total === undefined || output === undefined) return undefined;
  const cacheRead = count(usage.inputTokenDetails?.cacheReadTokens);
  const cacheWrite = count(usage.inputTokenDetails?.cacheWriteTokens);
  const noCache = count(usage.inputTokenDetails?.noCacheTokens);
  const excluded = total - (cacheRead ?? 0) - (cacheWrite ?? 0);
  // A total smaller than its own cache parts means the provider reported an exclusive count.
  const input = noCache ?? (excluded >= 0 ? excluded : total);
  const out: TapeUsage = { input_tokens: input, output_tokens: output };
  if (cacheRead !== undefined) out.cache_read_input_tokens = cacheRead;
  if (cacheWrite !== undefined) out.cache_creation_input_tokens = cacheWrite;
  const reasoning = count(usage.outputTokenDetails?.reasoningTokens ?? usage.reasoningTokens);
  if (reasoning !== undefined) out.thinking_tokens = Math.min(reasoning, output);
  return out;
}
