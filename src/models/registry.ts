import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { ModelConfigError, safeEndpoint } from './errors.js';
import { DEFAULT_RETRY, GuardedModel, type RetryPolicy } from './guarded.js';
import { HeuristicModel } from './heuristic/model.js';
import { isPinnedModel, type ModelSpec, type ProviderName, parseModelSpec } from './spec.js';

/**
 * Environment variables read by the registry (only from the `env` passed in, never process.env
 * behind the caller's back):
 * - ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL (default https://api.anthropic.com/v1)
 * - OPENAI_API_KEY, OPENAI_BASE_URL (default https://api.openai.com/v1; Responses API)
 * - FITNESS_OPENAI_COMPATIBLE_BASE_URL (required for `openai-compatible:`, e.g.
 *   http://127.0.0.1:11434/v1 for Ollama) and FITNESS_OPENAI_COMPATIBLE_API_KEY (optional: local
 *   Ollama, vLLM and llama.cpp servers usually need none)
 * Explicit `baseURL` / `apiKey` options (CLI flags) win over the environment.
 */
export const ENV = {
  anthropicKey: 'ANTHROPIC_API_KEY',
  anthropicBaseURL: 'ANTHROPIC_BASE_URL',
  openaiKey: 'OPENAI_API_KEY',
  openaiBaseURL: 'OPENAI_BASE_URL',
  compatibleBaseURL: 'FITNESS_OPENAI_COMPATIBLE_BASE_URL',
  compatibleKey: 'FITNESS_OPENAI_COMPATIBLE_API_KEY',
} as const;

const DEFAULT_BASE_URL = {
  anthropic: 'https://api.anthropic.com/v1',
  openai: 'https://api.openai.com/v1',
} as const;

export type Env = Readonly<Record<string, string | undefined>>;

export interface ResolveOptions {
  env: Env;
  baseURL?: string;
  apiKey?: string;
  fetch?: typeof globalThis.fetch;
  retry?: RetryPolicy;
}

export interface ResolvedModel {
  model: LanguageModelV3;
  /** Normalised `provider:model` id (or `heuristic`): the name on every record and tape turn. */
  id: string;
  provider: ProviderName;
  /** True when the id names a dated snapshot, so the vendor cannot move it under the record. */
  pinned: boolean;
  /** Endpoint the model calls (origin and path only); absent for the offline heuristic. */
  endpoint?: string;
  /**
   * Values to scrub from anything published: the API key, when one is configured.
   * Non-enumerable, so logging or serialising a ResolvedModel never prints them.
   */
  readonly secrets: readonly string[];
}

function withSecrets(resolved: Omit<ResolvedModel, 'secrets'>, secrets: readonly string[]): ResolvedModel {
  return Object.defineProperty(resolved, 'secrets', {
    value: Object.freeze([...secrets]),
    enumerable: false,
  }) as ResolvedModel;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

function requireKey(spec: ModelSpec, explicit: string | undefined, env: Env, variable: string): string {
  const key = nonEmpty(explicit) ?? nonEmpty(env[variable]);
  if (key === undefined) {
    throw new ModelConfigError('MODEL_MISSING_KEY', `model '${spec.id}' needs an API key: set ${variable}`, {
      spec: spec.id,
      variable,
    });
  }
  return key;
}

function checkBaseURL(spec: ModelSpec, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ModelConfigError('MODEL_BAD_BASE_URL', `model '${spec.id}': base URL is not a valid URL`, {
      spec: spec.id,
    });
  }
  if (parsed.username !== '' || parsed.password !== '') {
    // fetch refuses such URLs anyway; say so before any call, without echoing the credential.
    throw new ModelConfigError(
      'MODEL_BAD_BASE_URL',
      `model '${spec.id}': base URL must not carry credentials (user:password@); configure the API key instead`,
      { spec: spec.id },
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ModelConfigError(
      'MODEL_BAD_BASE_URL',
      `model '${spec.id}': base URL must be http or https, not ${parsed.protocol}`,
      { spec: spec.id },
    );
  }
  return url.replace(/\/+$/, '');
}

function guard(
  spec: ModelSpec,
  inner: LanguageModelV3,
  baseURL: string,
  secrets: string[],
  opts: ResolveOptions,
): ResolvedModel {
  const endpoint = safeEndpoint(baseURL);
  const model = new GuardedModel(inner, { model: spec.id, secrets, endpoint }, opts.retry ?? DEFAULT_RETRY);
  return withSecrets(
    { model, id: spec.id, provider: spec.provider, pinned: isPinnedModel(spec), endpoint },
    secrets,
  );
}

/** Resolve `provider:model` to an AI SDK language model. Throws ModelConfigError on bad input. */
export function resolveModel(specText: string, opts: ResolveOptions): ResolvedModel {
  const spec = parseModelSpec(specText);
  const { env } = opts;
  switch (spec.provider) {
    case 'heuristic':
      return withSecrets(
        { model: new HeuristicModel(), id: spec.id, provider: spec.provider, pinned: true },
        [],
      );
    case 'anthropic': {
      const apiKey = requireKey(spec, opts.apiKey, env, ENV.anthropicKey);
      const baseURL = checkBaseURL(
        spec,
        nonEmpty(opts.baseURL) ?? nonEmpty(env[ENV.anthropicBaseURL]) ?? DEFAULT_BASE_URL.anthropic,
      );
      const provider = createAnthropic({ apiKey, baseURL, fetch: opts.fetch });
      return guard(spec, provider.languageModel(spec.model), baseURL, [apiKey], opts);
    }
    case 'openai': {
      const apiKey = requireKey(spec, opts.apiKey, env, ENV.openaiKey);
      const baseURL = checkBaseURL(
        spec,
        nonEmpty(opts.baseURL) ?? nonEmpty(env[ENV.openaiBaseURL]) ?? DEFAULT_BASE_URL.openai,
      );
      // @ai-sdk/openai 3 defaults to the Responses API; we keep its default.
      const provider = createOpenAI({ apiKey, baseURL, fetch: opts.fetch });
      return guard(spec, provider.languageModel(spec.model), baseURL, [apiKey], opts);
    }
    case 'openai-compatible': {
      const rawURL = nonEmpty(opts.baseURL) ?? nonEmpty(env[ENV.compatibleBaseURL]);
      if (rawURL === undefined) {
        throw new ModelConfigError(
          'MODEL_MISSING_BASE_URL',
          `model '${spec.id}' needs a base URL: set ${ENV.compatibleBaseURL} (e.g. http://127.0.0.1:11434/v1)`,
          { spec: spec.id, variable: ENV.compatibleBaseURL },
        );
      }
      const baseURL = checkBaseURL(spec, rawURL);
      const apiKey = nonEmpty(opts.apiKey) ?? nonEmpty(env[ENV.compatibleKey]);
      const provider = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL,
        apiKey,
        fetch: opts.fetch,
        includeUsage: true,
      });
      return guard(
        spec,
        provider.languageModel(spec.model),
        baseURL,
        apiKey === undefined ? [] : [apiKey],
        opts,
      );
    }
  }
}
