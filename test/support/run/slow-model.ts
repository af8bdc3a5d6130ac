import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
} from '@ai-sdk/provider';

/**
 * A model that answers as `inner` does, each call after a delay that `delayMs` picks from the
 * call's prompt text, so a trial is slow or fast whatever order it runs in.
 */
export function slowModel(inner: LanguageModelV3, delayMs: (prompt: string) => number): LanguageModelV3 {
  const timed = async <T>(options: LanguageModelV3CallOptions, call: () => PromiseLike<T>): Promise<T> => {
    const result = await call();
    await new Promise((resolve) => setTimeout(resolve, delayMs(JSON.stringify(options.prompt))));
    return result;
  };
  return {
    specificationVersion: 'v3',
    provider: inner.provider,
    modelId: inner.modelId,
    supportedUrls: inner.supportedUrls,
    doGenerate: (options): Promise<LanguageModelV3GenerateResult> =>
      timed(options, () => inner.doGenerate(options)),
    doStream: (options): Promise<LanguageModelV3StreamResult> =>
      timed(options, () => inner.doStream(options)),
  };
}
