import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL, defaultModels } from './defaults.js';
import { ModelConfigError } from './errors.js';
import { HeuristicModel } from './heuristic/model.js';
import { priceFor } from './prices.js';
import { resolveModel } from './registry.js';
import { parseModelSpec } from './spec.js';

function configError(fn: () => unknown): ModelConfigError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ModelConfigError) return err;
    throw err;
  }
  throw new Error('expected a ModelConfigError');
}

describe('parseModelSpec', () => {
  it('normalises the provider and keeps the model id, colons included', () => {
    expect(parseModelSpec(' Anthropic:claude-sonnet-4-5 ')).toEqual({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      id: 'anthropic:claude-sonnet-4-5',
    });
    expect(parseModelSpec('openai-compatible:llama3.1:8b').model).toBe('llama3.1:8b');
    expect(parseModelSpec('heuristic').id).toBe('heuristic');
  });

  it.each([
    ['', 'MODEL_BAD_SPEC'],
    ['anthropic', 'MODEL_BAD_SPEC'],
    ['anthropic:', 'MODEL_BAD_SPEC'],
    ['anthropic:claude sonnet', 'MODEL_BAD_SPEC'],
    ['gemini:pro', 'MODEL_UNKNOWN_PROVIDER'],
    ['claude-sonnet-4-5', 'MODEL_UNKNOWN_PROVIDER'],
    ['heuristic:v2', 'MODEL_UNKNOWN_MODEL'],
  ])('%j → %s with a one-line message naming the spec', (spec, code) => {
    const err = configError(() => parseModelSpec(spec));
    expect(err.code).toBe(code);
    expect(err.message).not.toContain('\n');
    if (spec.trim() !== '') expect(err.message).toContain(spec.trim());
  });
});

describe('resolveModel', () => {
  const saved = process.env.ANTHROPIC_API_KEY;
  afterEach(() => {
    if (saved === undefined) delete process.env.ANTHROPIC_API_KEY;
    else process.env.ANTHROPIC_API_KEY = saved;
  });

  it('resolves heuristic offline, pinned and free', () => {
    const resolved = resolveModel('heuristic', { env: {} });
    expect(resolved.model).toBeInstanceOf(HeuristicModel);
    expect([resolved.id, resolved.provider, resolved.pinned, resolved.endpoint]).toEqual([
      'heuristic',
      'heuristic',
      true,
      undefined,
    ]);
    expect(priceFor(resolved.id)).toEqual({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 });
  });

  it('names the missing key variable, and reads only the env it is given', () => {
    process.env.ANTHROPIC_API_KEY = 'sk-from-process-env-1234';
    const err = configError(() => resolveModel('anthropic:claude-haiku-4-5', { env: {} }));
    expect(err.code).toBe('MODEL_MISSING_KEY');
    expect(err.message).toBe("model 'anthropic:claude-haiku-4-5' needs an API key: set ANTHROPIC_API_KEY");
    expect(
      configError(() => resolveModel('openai:gpt-4.1', { env: { OPENAI_API_KEY: '  ' } })).message,
    ).toContain('OPENAI_API_KEY');
  });

  it('accepts an explicit key and base URL over the environment', () => {
    const resolved = resolveModel('openai:gpt-4.1', {
      env: { OPENAI_BASE_URL: 'http://env.invalid/v1' },
      apiKey: 'sk-explicit-1234',
      baseURL: 'http://127.0.0.1:9/v1/',
    });
    expect([resolved.id, resolved.endpoint, resolved.pinned]).toEqual([
      'openai:gpt-4.1',
      'http://127.0.0.1:9/v1',
      false,
    ]);
    expect(resolved.secrets).toEqual(['sk-explicit-1234']);
    expect(Object.keys(resolved)).not.toContain('secrets');
  });

  it('requires a base URL for openai-compatible but no key', () => {
    const err = configError(() => resolveModel('openai-compatible:llama3.1:8b', { env: {} }));
    expect(err.code).toBe('MODEL_MISSING_BASE_URL');
    expect(err.message).toContain('FITNESS_OPENAI_COMPATIBLE_BASE_URL');
    const ok = resolveModel('openai-compatible:llama3.1:8b', {
      env: { FITNESS_OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1' },
    });
    expect([ok.id, ok.endpoint, ok.secrets]).toEqual([
      'openai-compatible:llama3.1:8b',
      'http://127.0.0.1:11434/v1',
      [],
    ]);
  });

  it('sends structured output as json_schema for openai-compatible unless switched off', () => {
    const env = { FITNESS_OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1' };
    const spec = 'openai-compatible:llama3.1:8b';
    expect(resolveModel(spec, { env }).structuredOutputs).toBe(true);
    expect(
      resolveModel(spec, { env: { ...env, FITNESS_OPENAI_COMPATIBLE_STRUCTURED: '' } }).structuredOutputs,
    ).toBe(true);
    expect(
      resolveModel(spec, { env: { ...env, FITNESS_OPENAI_COMPATIBLE_STRUCTURED: 'No' } }).structuredOutputs,
    ).toBe(false);
    // An explicit option wins over the environment.
    expect(
      resolveModel(spec, {
        env: { ...env, FITNESS_OPENAI_COMPATIBLE_STRUCTURED: '0' },
        structuredOutputs: true,
      }).structuredOutputs,
    ).toBe(true);
    // Providers that always send the schema carry no switch, and do not read it.
    const other = resolveModel('anthropic:claude-haiku-4-5', {
      env: { ANTHROPIC_API_KEY: 'k-1234', FITNESS_OPENAI_COMPATIBLE_STRUCTURED: 'maybe' },
    });
    expect(other.structuredOutputs).toBeUndefined();
  });

  it('rejects an unrecognised FITNESS_OPENAI_COMPATIBLE_STRUCTURED without echoing it', () => {
    const err = configError(() =>
      resolveModel('openai-compatible:llama3.1:8b', {
        env: {
          FITNESS_OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1',
          FITNESS_OPENAI_COMPATIBLE_STRUCTURED: 'sometimes-xyzzy',
        },
      }),
    );
    expect(err.code).toBe('MODEL_BAD_SETTING');
    expect(err.message).toContain('FITNESS_OPENAI_COMPATIBLE_STRUCTURED');
    expect(err.message).not.toContain('xyzzy');
  });

  it.each([
    ['not a url', 'not a valid URL'],
    ['ftp://127.0.0.1/v1', 'http or https'],
    ['http://me:hunter2@127.0.0.1/v1', 'must not carry credentials'],
  ])('rejects the base URL %j without echoing it', (baseURL, words) => {
    const err = configError(() =>
      resolveModel('anthropic:claude-haiku-4-5', { env: { ANTHROPIC_API_KEY: 'k-1234' }, baseURL }),
    );
    expect(err.code).toBe('MODEL_BAD_BASE_URL');
    expect(err.message).toContain(words);
    expect(err.message).not.toContain('hunter2');
  });
});

describe('defaultModels', () => {
  it('runs offline with the heuristic and explore/2 when no key is configured, and says why', () => {
    const d = defaultModels({
      FITNESS_OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1',
      ANTHROPIC_API_KEY: ' ',
    });
    expect([d.runner, d.judge, d.generator]).toEqual(['heuristic', 'heuristic', 'explore/2']);
    expect(d.reason).toContain('no model API key configured');
    expect(d.reason).toContain('ANTHROPIC_API_KEY');
  });

  it('uses a configured vendor key, Anthropic first, with pinned and priced defaults', () => {
    const a = defaultModels({ ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'k' });
    expect([a.runner, a.judge, a.generator]).toEqual([
      DEFAULT_ANTHROPIC_MODEL,
      DEFAULT_ANTHROPIC_MODEL,
      'judge/1',
    ]);
    const o = defaultModels({ OPENAI_API_KEY: 'k' });
    expect([o.runner, o.generator]).toEqual([DEFAULT_OPENAI_MODEL, 'judge/1']);
    for (const id of [DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL]) {
      expect(priceFor(id)).toBeDefined();
      expect(resolveModel(id, { env: { ANTHROPIC_API_KEY: 'k-12', OPENAI_API_KEY: 'k-12' } }).pinned).toBe(
        true,
      );
    }
  });
});
