import { ModelConfigError } from './errors.js';

export const PROVIDERS = ['anthropic', 'openai', 'openai-compatible', 'heuristic'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface ModelSpec {
  provider: ProviderName;
  /** The provider's own model id; `heuristic` for the offline model. */
  model: string;
  /** `provider:model`, or `heuristic`: the id every record and tape carries. */
  id: string;
}

// Model ids are opaque to us, but they travel into URLs, records and file names: no whitespace,
// no control characters. Ollama's `llama3.1:8b` style (a colon inside the id) is allowed.
const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/;

function isProvider(name: string): name is ProviderName {
  return PROVIDERS.some((p) => p === name);
}

/** Parse `provider:model` (or `heuristic`); the provider is case-insensitive, the model id is kept as given. */
export function parseModelSpec(spec: string): ModelSpec {
  const text = spec.trim();
  if (text === '') throw new ModelConfigError('MODEL_BAD_SPEC', 'empty model spec: expected provider:model');
  const colon = text.indexOf(':');
  const provider = (colon < 0 ? text : text.slice(0, colon)).toLowerCase();
  const model = colon < 0 ? '' : text.slice(colon + 1).trim();
  if (!isProvider(provider)) {
    throw new ModelConfigError(
      'MODEL_UNKNOWN_PROVIDER',
      `unknown model provider '${provider}' in '${text}' (known: ${PROVIDERS.join(', ')})`,
      { spec: text },
    );
  }
  if (provider === 'heuristic') {
    if (model !== '') {
      throw new ModelConfigError(
        'MODEL_UNKNOWN_MODEL',
        `'${text}': the heuristic model takes no model id; use 'heuristic'`,
        { spec: text },
      );
    }
    return { provider, model: 'heuristic', id: 'heuristic' };
  }
  if (model === '') {
    throw new ModelConfigError(
      'MODEL_BAD_SPEC',
      `model spec '${text}' names no model: expected ${provider}:<model>`,
      {
        spec: text,
      },
    );
  }
  if (!MODEL_ID.test(model)) {
    throw new ModelConfigError('MODEL_BAD_SPEC', `model spec '${text}' has an invalid model id '${model}'`, {
      spec: text,
    });
  }
  return { provider, model, id: `${provider}:${model}` };
}

/**
 * A model id is pinned when it names a dated snapshot (`claude-sonnet-4-5-20250929`,
 * `gpt-4.1-2025-04-14`) rather than an alias the vendor may move. The heuristic is versioned with
 * this package, so it is pinned too. Local openai-compatible names carry no such promise.
 */
export function isPinnedModel(spec: ModelSpec): boolean {
  if (spec.provider === 'heuristic') return true;
  if (spec.provider === 'openai-compatible') return false;
  return /-(\d{8}|\d{4}-\d{2}-\d{2})$/.test(spec.model);
}
