import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { FakeProvider } from '../../test/support/fake-provider.js';
import { KEY, NO_RETRY, useWireFake } from '../../test/support/models/wire.js';
import { rejectionOf } from '../../test/support/thrown.js';
import { ModelCallError } from './errors.js';
import { resolveModel } from './registry.js';

const wire = useWireFake();

describe('a model endpoint that never answers', () => {
  it('is MODEL_CALL_ABORTED when the caller gives up, not a hang', async () => {
    // Abort only once the server holds the request, so the abort always lands mid-call.
    const controller = new AbortController();
    wire.fake.reply({ hang: () => controller.abort(), body: null });
    const resolved = resolveModel('anthropic:claude-haiku-4-5', {
      env: { ANTHROPIC_API_KEY: KEY },
      baseURL: wire.baseURL,
    });
    const err = await rejectionOf(
      ModelCallError,
      generateText({ model: resolved.model, prompt: 'hi', abortSignal: controller.signal }),
    );
    expect(err.code).toBe('MODEL_CALL_ABORTED');
    expect(err.message).toBe("model call for 'anthropic:claude-haiku-4-5' was aborted");
    expect(wire.fake.seen).toHaveLength(1);
  });
});

describe('unreachable endpoint', () => {
  it('is MODEL_UNREACHABLE with a one-line message naming the model and endpoint, never the key', async () => {
    const closed = new FakeProvider();
    const url = await closed.start();
    await closed.close();
    for (const [spec, env] of [
      ['anthropic:claude-haiku-4-5', { ANTHROPIC_API_KEY: KEY }],
      ['openai:gpt-4.1', { OPENAI_API_KEY: KEY }],
      ['openai-compatible:llama3.1:8b', { FITNESS_OPENAI_COMPATIBLE_API_KEY: KEY }],
    ] as const) {
      const resolved = resolveModel(spec, { env, baseURL: url, retry: NO_RETRY });
      const err = await rejectionOf(ModelCallError, generateText({ model: resolved.model, prompt: 'hi' }));
      expect(err.code).toBe('MODEL_UNREACHABLE');
      expect(err.message).toContain(`'${spec}'`);
      expect(err.message).toContain(url);
      expect(err.message).toContain('ECONNREFUSED');
      expect(err.message).not.toContain(KEY);
      expect(err.message).not.toContain('\n');
    }
  });
});
