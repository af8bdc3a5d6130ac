import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3FunctionTool,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { ModelCallError } from '../errors.js';
import { readConversation } from './conversation.js';
import { minimalJson, UnsupportedSchema } from './json-output.js';
import { type Action, BadPlanError, decide } from './policy.js';

export const HEURISTIC_MODEL_ID = 'heuristic';

/** Deterministic token estimate: a quarter of the characters, rounded up. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * The length of the offered tools serialized as one JSON array, counted tool by tool: one string
 * of 5,000 tools is megabytes, allocated outside the young generation on every step, and only a
 * full collection frees it.
 */
function toolChars(tools: readonly unknown[]): number {
  let chars = 2 + Math.max(0, tools.length - 1);
  for (const tool of tools) chars += JSON.stringify(tool)?.length ?? 4;
  return chars;
}

function offeredTools(options: LanguageModelV3CallOptions): {
  tools: LanguageModelV3FunctionTool[];
  mustCall: boolean;
} {
  const all = (options.tools ?? []).filter((t): t is LanguageModelV3FunctionTool => t.type === 'function');
  const choice = options.toolChoice ?? { type: 'auto' };
  switch (choice.type) {
    case 'none':
      return { tools: [], mustCall: false };
    case 'tool':
      return { tools: all.filter((t) => t.name === choice.toolName), mustCall: true };
    case 'required':
      return { tools: all, mustCall: true };
    default:
      return { tools: all, mustCall: false };
  }
}

function fail(
  code: 'MODEL_HEURISTIC_BAD_PLAN' | 'MODEL_HEURISTIC_UNSUPPORTED_SCHEMA',
  message: string,
): never {
  throw new ModelCallError(code, message, { model: HEURISTIC_MODEL_ID, retryable: false });
}

function jsonAnswer(options: LanguageModelV3CallOptions): Action {
  if (options.responseFormat?.type !== 'json') throw new Error('unreachable: not a JSON request');
  try {
    return { kind: 'answer', text: JSON.stringify(minimalJson(options.responseFormat.schema)) };
  } catch (err) {
    if (err instanceof UnsupportedSchema) {
      fail(
        'MODEL_HEURISTIC_UNSUPPORTED_SCHEMA',
        `heuristic cannot produce structured output: ${err.message}`,
      );
    }
    throw err;
  }
}

function act(options: LanguageModelV3CallOptions): { action: Action; callNumber: number } {
  const conversation = readConversation(options.prompt);
  const callNumber = conversation.calls.length + 1;
  if (options.responseFormat?.type === 'json') return { action: jsonAnswer(options), callNumber };
  try {
    return { action: decide({ conversation, ...offeredTools(options) }), callNumber };
  } catch (err) {
    if (err instanceof BadPlanError)
      fail('MODEL_HEURISTIC_BAD_PLAN', `heuristic cannot follow the plan: ${err.message}`);
    throw err;
  }
}

function usage(inputTokens: number, outputTokens: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: outputTokens, text: outputTokens, reasoning: undefined },
  };
}

function finish(unified: LanguageModelV3FinishReason['unified']): LanguageModelV3FinishReason {
  return { unified, raw: unified };
}

/**
 * A deterministic, offline LanguageModelV3: lexical tool choice, argument filling from the task
 * text, plan following for the reference agent, answers from tool results (UNKNOWN when there are
 * none), exact arithmetic. Its usage is estimated from characters so token and cost paths run;
 * its price is zero.
 */
export class HeuristicModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly provider = HEURISTIC_MODEL_ID;
  readonly modelId = HEURISTIC_MODEL_ID;
  readonly supportedUrls: Record<string, RegExp[]> = {};

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    if (options.abortSignal?.aborted) {
      throw new ModelCallError('MODEL_CALL_ABORTED', `model call for '${HEURISTIC_MODEL_ID}' was aborted`, {
        model: HEURISTIC_MODEL_ID,
        retryable: false,
      });
    }
    const { action, callNumber } = act(options);
    const inputTokens = Math.ceil(
      (JSON.stringify(options.prompt).length + toolChars(options.tools ?? [])) / 4,
    );
    const limit = options.maxOutputTokens;
    let content: LanguageModelV3Content[];
    let reason: LanguageModelV3FinishReason['unified'];
    let produced: string;
    if (action.kind === 'call') {
      produced = JSON.stringify(action.input);
      content = [
        {
          type: 'tool-call',
          toolCallId: `heuristic-call-${callNumber}`,
          toolName: action.toolName,
          input: produced,
        },
      ];
      reason = 'tool-calls';
      // A call whose arguments do not fit the output budget is cut off, as a real model's would be.
      if (limit !== undefined && estimateTokens(produced) > limit) {
        content = [];
        produced = '';
        reason = 'length';
      }
    } else {
      produced = action.text;
      reason = 'stop';
      if (limit !== undefined && estimateTokens(produced) > limit) {
        produced = produced.slice(0, Math.max(0, limit) * 4);
        reason = 'length';
      }
      content = [{ type: 'text', text: produced }];
    }
    return {
      content,
      finishReason: finish(reason),
      usage: usage(inputTokens, estimateTokens(produced)),
      response: { modelId: HEURISTIC_MODEL_ID },
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const result = await this.doGenerate(options);
    const parts: LanguageModelV3StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', modelId: HEURISTIC_MODEL_ID },
    ];
    for (const [i, part] of result.content.entries()) {
      if (part.type === 'text') {
        const id = `text-${i}`;
        parts.push(
          { type: 'text-start', id },
          { type: 'text-delta', id, delta: part.text },
          { type: 'text-end', id },
        );
      } else if (part.type === 'tool-call') {
        const id = part.toolCallId;
        parts.push(
          { type: 'tool-input-start', id, toolName: part.toolName },
          { type: 'tool-input-delta', id, delta: part.input },
          { type: 'tool-input-end', id },
          part,
        );
      }
    }
    parts.push({ type: 'finish', usage: result.usage, finishReason: result.finishReason });
    return {
      stream: new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    };
  }
}
