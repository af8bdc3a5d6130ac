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
 * - FITNESS_OPENAI_COMPATIBLE_STRUCTURED (optional, default on): structured output (the judge/1
 *   generator) goes out as `response_format: {type: 'json_schema', json_schema: {name, schema,
 *   strict}}`, which Ollama, vLLM, llama.cpp server and LM Studio accept. `0` (or false/no/off)
 *   falls back to JSON mode (`{type: 'json_object'}`, no schema) for servers that reject json_schema.
 * Explicit `baseURL` / `apiKey` (CLI flags) and `structuredOutputs` options win over the environment.
 */
export const ENV = {
  anthropicKey: 'ANTHROPIC_API_KEY',
  anthropicBaseURL: 'ANTHROPIC_BASE_URL',
  openaiKey: 'OPENAI_API_KEY',
  openaiBaseURL: 'OPENAI_BASE_URL',
  compatibleBaseURL: 'FITNESS_OPENAI_COMPATIBLE_BASE_URL',
  compatibleKey: 'FITNESS_OPENAI_COMPATIBLE_API_KEY',
  compatibleStructured: 'FITNESS_OPENAI_COMPATIBLE_STRUCTURED',
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
  /** openai-compatible only: send a schema'd JSON response format as json_schema (default true). */
  structuredOutputs?: boolean;
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
   * openai-compatible only: whether structured output goes out as `json_schema` (true) or as
   * schema-less JSON mode, `json_object` (false). Absent for the other providers.
   */
  structuredOutputs?: boolean;
  /**
   * Values to scrub from anything published: the API key, when one is configured.
   * Non-enumerable, so logging or serialising a ResolvedModel never prints them.
   */
  readonly secrets: readonly string[];
}

function withSecrets(resolved: Omit<ResolvedModel, 'secrets'>, secrets: readonly string[]): ResolvedModel {
  const out: ResolvedModel = { ...resolved, secrets: Object.freeze([...secrets]) };
  return Object.defineProperty(out, 'secrets', { enumerable: false, writable: false, configurable: false });
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

const SWITCH_VALUES: Readonly<Record<string, boolean>> = {
  '1': true,
  true: true,
  yes: true,
  on: true,
  '0': false,
  false: false,
  no: false,
  off: false,
};

/** An on/off environment switch: unset or empty is the default; anything unrecognised is a fault. */
function envSwitch(spec: ModelSpec, env: Env, variable: string, fallback: boolean): boolean {
  const text = nonEmpty(env[variable])?.toLowerCase();
  if (text === undefined) return fallback;
  const value = SWITCH_VALUES[text];
  if (value === undefined) {
    // The value is not echoed: an env value is never printed, whatever the variable.
    throw new ModelConfigError(
      'MODEL_BAD_SETTING',
      `model '${spec.id}': ${variable} must be 1 or 0 (true/false, yes/no, on/off)`,
      { spec: spec.id, variable },
    );
  }
  return value;
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
  extra: Pick<ResolvedModel, 'structuredOutputs'> = {},
): ResolvedModel {
  const endpoint = safeEndpoint(baseURL);
  const model = new GuardedModel(inner, { model: spec.id, secrets, endpoint }, opts.retry ?? DEFAULT_RETRY);
  return withSecrets(
    { model, id: spec.id, provider: spec.provider, pinned: isPinnedModel(spec), endpoint, ...extra },
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
      const structuredOutputs =
        opts.structuredOutputs ?? envSwitch(spec, env, ENV.compatibleStructured, true);
      // The package defaults supportsStructuredOutputs to false, which drops the schema from the
      // request (JSON mode only); there is no per-call switch, so it is set on the provider.
      const provider = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL,
        apiKey,
        fetch: opts.fetch,
        includeUsage: true,
        supportsStructuredOutputs: structuredOutputs,
      });
      return guard(
        spec,
        provider.languageModel(spec.model),
        baseURL,
        apiKey === undefined ? [] : [apiKey],
        opts,
        { structuredOutputs },
      );
    }
  }
}
