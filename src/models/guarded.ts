import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
} from '@ai-sdk/provider';
import { APICallError } from '@ai-sdk/provider';
import { type CallErrorContext, type ModelCallError, toModelCallError } from './errors.js';

export interface RetryPolicy {
  /** Retries after the first attempt, for retryable faults only (network, 408, 409, 429, 5xx). */
  maxRetries: number;
  initialDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 2, initialDelayMs: 1000 };
const MAX_RETRY_AFTER_MS = 60_000;

function retryAfterMs(err: unknown, fallback: number): number {
  if (!APICallError.isInstance(err)) return fallback;
  const headers = err.responseHeaders ?? {};
  const ms = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (Number.isFinite(ms) && ms >= 0 && ms <= MAX_RETRY_AFTER_MS) return ms;
  const seconds = Number.parseFloat(headers['retry-after'] ?? '');
  if (Number.isFinite(seconds) && seconds >= 0 && seconds * 1000 <= MAX_RETRY_AFTER_MS) return seconds * 1000;
  return fallback;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Wraps a provider model so every fault it raises is a ModelCallError (one line, no credential),
 * and retryable faults are retried here. The AI SDK's own retry never sees a provider error, so
 * callers get the typed error rather than a RetryError wrapping raw provider errors.
 */
export class GuardedModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly provider: string;
  readonly modelId: string;
  // ECMAScript private fields: the context holds the key, and must not show in JSON or inspect output.
  readonly #inner: LanguageModelV3;
  readonly #ctx: CallErrorContext;
  readonly #retry: RetryPolicy;

  constructor(inner: LanguageModelV3, ctx: CallErrorContext, retry: RetryPolicy = DEFAULT_RETRY) {
    this.#inner = inner;
    this.#ctx = ctx;
    this.#retry = retry;
    this.provider = inner.provider;
    this.modelId = inner.modelId;
  }

  get supportedUrls() {
    return this.#inner.supportedUrls;
  }

  doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    return this.#attempt(() => this.#inner.doGenerate(options), options.abortSignal);
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const result = await this.#attempt(() => this.#inner.doStream(options), options.abortSignal);
    const ctx = this.#ctx;
    const normalise = (err: unknown): ModelCallError => toModelCallError(err, ctx);
    const stream = result.stream.pipeThrough(
      new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
        transform(part, controller) {
          controller.enqueue(part.type === 'error' ? { type: 'error', error: normalise(part.error) } : part);
        },
      }),
    );
    return { ...result, stream };
  }

  async #attempt<T>(call: () => PromiseLike<T>, signal: AbortSignal | undefined): Promise<T> {
    let delay = this.#retry.initialDelayMs;
    for (let tries = 0; ; tries++) {
      try {
        return await call();
      } catch (err) {
        const typed = toModelCallError(err, this.#ctx);
        if (!typed.retryable || tries >= this.#retry.maxRetries) throw typed;
        try {
          await sleep(retryAfterMs(err, delay), signal);
        } catch (abortErr) {
          throw toModelCallError(abortErr, this.#ctx);
        }
        delay *= 2;
      }
    }
  }
}
