import { describe, expect, it } from 'vitest';
import { chatSpan, splitModel } from './model-spans.js';
import { tracesUrl } from './otlp.js';

describe('OTLP endpoint and flags', () => {
  it('appends /v1/traces to a base endpoint and keeps a full traces URL', () => {
    expect(tracesUrl('http://127.0.0.1:4318')).toBe('http://127.0.0.1:4318/v1/traces');
    expect(tracesUrl('https://cloud.langfuse.com/api/public/otel/')).toBe(
      'https://cloud.langfuse.com/api/public/otel/v1/traces',
    );
    expect(tracesUrl('http://collector:4318/v1/traces')).toBe('http://collector:4318/v1/traces');
    expect(() => tracesUrl('ftp://x')).toThrow(/only http and https/);
    expect(() => tracesUrl('nope')).toThrow(/not a URL/);
  });
});

describe('chat spans', () => {
  it('times a generation by its recorded timing and counts cached input as input', () => {
    const node = chatSpan(
      {
        t: '2026-01-01T00:00:02.000Z',
        type: 'turn',
        role: 'assistant',
        blocks: [],
        model: 'anthropic:claude-sonnet-5',
        usage: {
          input_tokens: 10,
          output_tokens: 5,
          cache_read_input_tokens: 100,
          cache_creation_input_tokens: 7,
        },
        timing: { startedAt: '2026-01-01T00:00:00.500Z', endedAt: '2026-01-01T00:00:01.900Z' },
      },
      4,
      'agent',
      false,
    );
    expect(node?.name).toBe('chat claude-sonnet-5');
    expect([node?.startMs, node?.endMs]).toEqual([
      Date.parse('2026-01-01T00:00:00.500Z'),
      Date.parse('2026-01-01T00:00:01.900Z'),
    ]);
    expect(node?.attributes).toMatchObject({
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.usage.input_tokens': 117,
      'gen_ai.usage.cache_read.input_tokens': 100,
      'gen_ai.usage.output_tokens': 5,
      'fitness.tape.ref': 'agent:4',
    });
    expect(splitModel('heuristic')).toEqual({ model: 'heuristic' });
    expect(
      chatSpan({ t: '2026-01-01T00:00:02.000Z', type: 'turn', role: 'user', blocks: [] }, 1, 'agent', false),
    ).toBeUndefined();
  });
});
