import type { LanguageModelUsage } from 'ai';
import { describe, expect, it } from 'vitest';
import { toTapeUsage } from './usage.js';

function usage(partial: Partial<LanguageModelUsage>): LanguageModelUsage {
  return {
    inputTokens: undefined,
    inputTokenDetails: { noCacheTokens: undefined, cacheReadTokens: undefined, cacheWriteTokens: undefined },
    outputTokens: undefined,
    outputTokenDetails: { textTokens: undefined, reasoningTokens: undefined },
    totalTokens: undefined,
    ...partial,
  };
}

describe('toTapeUsage', () => {
  it('is undefined, never zeros, when usage or either count is missing', () => {
    expect(toTapeUsage(undefined, 'anthropic')).toBeUndefined();
    expect(toTapeUsage(usage({}), 'anthropic')).toBeUndefined();
    expect(toTapeUsage(usage({ inputTokens: 10 }), 'openai')).toBeUndefined();
    expect(toTapeUsage(usage({ outputTokens: 10 }), 'openai')).toBeUndefined();
  });

  it('excludes cache reads and writes from input_tokens', () => {
    const u = usage({
      inputTokens: 160,
      inputTokenDetails: { noCacheTokens: 100, cacheReadTokens: 50, cacheWriteTokens: 10 },
      outputTokens: 20,
    });
    expect(toTapeUsage(u, 'anthropic')).toEqual({
      input_tokens: 100,
      output_tokens: 20,
      cache_read_input_tokens: 50,
      cache_creation_input_tokens: 10,
    });
    const noDetail = usage({
      inputTokens: 160,
      inputTokenDetails: { noCacheTokens: undefined, cacheReadTokens: 50, cacheWriteTokens: 10 },
      outputTokens: 20,
    });
    expect(toTapeUsage(noDetail, 'anthropic')?.input_tokens).toBe(100);
  });

  it('keeps thinking tokens a subset of output tokens', () => {
    const u = usage({
      inputTokens: 5,
      outputTokens: 8,
      outputTokenDetails: { textTokens: 0, reasoningTokens: 12 },
    });
    expect(toTapeUsage(u, 'openai')).toEqual({ input_tokens: 5, output_tokens: 8, thinking_tokens: 8 });
  });

  it('drops non-finite counts rather than writing them', () => {
    expect(toTapeUsage(usage({ inputTokens: Number.NaN, outputTokens: 3 }), 'openai')).toBeUndefined();
  });
});
