import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
} from '@ai-sdk/provider';
import type { LanguageModelUsage } from 'ai';
import { FitnessError } from '../cli/errors.js';
import type { CallUsage } from '../record/pricing.js';
import { callUsage } from './turns.js';
import type { AgentModel, TurnSink } from './types.js';

/** AI SDK 6 usage from a provider's V3 usage (the shape toTapeUsage reads). */
function sdkUsage(result: LanguageModelV3GenerateResult): LanguageModelUsage {
  const u = result.usage;
  return {
    inputTokens: u.inputTokens.total,
    inputTokenDetails: {
      noCacheTokens: u.inputTokens.noCache,
      cacheReadTokens: u.inputTokens.cacheRead,
      cacheWriteTokens: u.inputTokens.cacheWrite,
    },
    outputTokens: u.outputTokens.total,
    outputTokenDetails: { textTokens: u.outputTokens.text, reasoningTokens: u.outputTokens.reasoning },
    totalTokens:
      u.inputTokens.total === undefined || u.outputTokens.total === undefined
        ? undefined
        : u.inputTokens.total + u.outputTokens.total,
  };
}

function promptText(options: LanguageModelV3CallOptions): string {
  const parts: string[] = [];
  for (const m of options.prompt) {
    if (m.role === 'system') parts.push(m.content);
    else for (const p of m.content) if (p.type === 'text') parts.push(p.text);
  }
  return parts.join('\n');
}

/**
 * Wraps a model so every call it makes is a pair of turns on a tape (the prompt as a user turn, the
 * answer as an assistant turn with normalised usage, or the error) and a usage row. The judge/1
 * generator's model goes through this, which puts every judge call on the judge plane.
 */
export class RecordedModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly provider: string;
  readonly modelId: string;
  readonly usage: CallUsage[] = [];
  private calls = 0;

  constructor(
    private readonly inner: AgentModel,
    private readonly sink: TurnSink,
    private readonly corrPrefix: string,
  ) {
    this.provider = inner.model.provider;
    this.modelId = inner.model.modelId;
  }

  get supportedUrls() {
    return this.inner.model.supportedUrls;
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    this.calls += 1;
    const corr_id = `${this.corrPrefix}#${this.calls}`;
    const started = Date.now();
    this.sink.turn({ role: 'user', blocks: [{ type: 'text', text: promptText(options) }], corr_id });
    const timing = () => ({
      startedAt: new Date(started).toISOString(),
      endedAt: new Date().toISOString(),
      latencyMs: Date.now() - started,
    });
    try {
      const result = await this.inner.model.doGenerate(options);
      const row = callUsage(this.inner, sdkUsage(result));
      this.usage.push(row);
      const blocks = result.content.flatMap((c): Record<string, unknown>[] =>
        c.type === 'text'
          ? [{ type: 'text', text: c.text }]
          : c.type === 'tool-call'
            ? [{ type: 'tool_use', id: c.toolCallId, name: c.toolName, input: c.input }]
            : [],
      );
      this.sink.turn({
        role: 'assistant',
        blocks,
        corr_id,
        model: this.inner.id,
        ...(row.status === 'ok'
          ? {
              usage: {
                input_tokens: row.inputTokens ?? 0,
                output_tokens: row.outputTokens ?? 0,
                ...(row.cacheReadTokens === undefined
                  ? {}
                  : { cache_read_input_tokens: row.cacheReadTokens }),
                ...(row.cacheWriteTokens === undefined
                  ? {}
                  : { cache_creation_input_tokens: row.cacheWriteTokens }),
              },
            }
          : {}),
        timing: timing(),
      });
      return result;
    } catch (err) {
      this.usage.push({ model: this.inner.id, status: 'threw' });
      const message = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ');
      const code = err instanceof FitnessError ? err.code : 'MODEL_CALL_FAILED';
      this.sink.turn({
        role: 'assistant',
        blocks: [],
        corr_id,
        model: this.inner.id,
        timing: timing(),
        error: { message, code },
      });
      throw err;
    }
  }

  doStream(_options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    return Promise.reject(
      new FitnessError('MODEL_STREAM_UNSUPPORTED', 'recorded models answer doGenerate only'),
    );
  }
}
