import { describe, expect, it } from 'vitest';
import { toolRow } from '../../test/support/tool-row.js';
import { parseTape } from './reader.js';
import { tapeStats } from './stats.js';
import { STATS_SCHEMA } from './stats-schema.js';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
const line = (o: Record<string, unknown>) => JSON.stringify(o);
const meta = (label: string, kind: string) =>
  line({
    v: 1,
    type: 'meta',
    startedAt: at(0),
    label,
    command: ['cmd'],
    kind,
    source: 'x@1',
    producer: { name: 'x', version: '1', configHash: 'abc' },
  });
const call = (t: number, id: number, name: string) =>
  line({ t: at(t), dir: 'in', raw: { jsonrpc: '2.0', id, method: 'tools/call', params: { name } } });
const result = (t: number, id: number, isError = false) =>
  line({ t: at(t), dir: 'out', raw: { jsonrpc: '2.0', id, result: { isError } } });

const wire = [
  meta('server', 'mcp'),
  call(0, 1, 'search'),
  result(10, 1),
  call(20, 2, 'search'),
  result(50, 2, true),
  call(60, 3, 'search'),
  result(70, 3),
  call(80, 4, 'get'),
  line({
    t: at(90),
    dir: 'out',
    raw: { jsonrpc: '2.0', id: 4, error: { code: -32602, message: 'bad args' } },
  }),
  call(100, 5, 'get'),
  line({ t: at(110), dir: 'event', kind: 'fitness.http', raw: { status: 500 } }),
  'garbage line',
  line({ t: at(200), type: 'end', reason: 'done', durationMs: 200 }),
].join('\n');

const turn = (t: number, model: string, usage: Record<string, number>, extra: Record<string, unknown> = {}) =>
  line({ t: at(t), type: 'turn', role: 'assistant', blocks: [], model, usage, corr_id: 'task', ...extra });
const agent = [
  meta('runner', 'llm'),
  turn(1, 'anthropic:claude-sonnet-4-5', {
    input_tokens: 100,
    output_tokens: 10,
    cache_read_input_tokens: 50,
  }),
  turn(2, 'anthropic:claude-sonnet-4-5', { input_tokens: 1000, output_tokens: 1000 }, { echoed: true }),
  turn(3, 'local:unpriced', { input_tokens: 7, output_tokens: 3 }),
  line({
    t: at(4),
    type: 'turn',
    role: 'assistant',
    blocks: [],
    model: 'local:unpriced',
    corr_id: 'task',
    error: { message: 'rate limited' },
  }),
  line({
    t: at(5),
    dir: 'event',
    kind: 'fitness.model-error',
    raw: { model: 'anthropic:claude-sonnet-4-5', message: 'overloaded' },
  }),
].join('\n');

const price = (model: string, usage: { input_tokens?: number; output_tokens?: number }) =>
  model.startsWith('anthropic:')
    ? ((usage.input_tokens ?? 0) * 3 + (usage.output_tokens ?? 0) * 15) / 1e6
    : undefined;

describe('tapeStats', () => {
  it('summarises one wire tape: session, records, per-tool calls/errors/pending/percentiles, errors', () => {
    const stats = tapeStats([parseTape(wire, 'runs/1/wire.jsonl')]);
    expect(stats.schema).toBe(STATS_SCHEMA);
    expect(stats.file).toBe('runs/1/wire.jsonl');
    expect(stats.session).toMatchObject({
      label: 'server',
      kind: 'mcp',
      command: ['cmd'],
      producer: 'x@1',
      configHash: 'abc',
      startedAt: at(0),
      endedAt: at(200),
      durationMs: 200,
      endReason: 'done',
      records: { total: 12, meta: 1, message: 9, event: 1, turn: 0, end: 1, other: 0 },
      skippedLines: 1,
      skipped: [{ line: 12, reason: 'not-json' }],
    });
    // search latencies 10, 30, 10 ms: nearest-rank p50 = 10, p95 = 30.
    expect(toolRow(stats, 'search')).toEqual({
      name: 'search',
      calls: 3,
      errors: 1,
      resultErrors: 1,
      rpcErrors: 0,
      pending: 0,
      p50Ms: 10,
      p95Ms: 30,
      origin: 'mcp',
    });
    // The JSON-RPC error response counts as a failed call, as the format has it.
    expect(toolRow(stats, 'get')).toEqual({
      name: 'get',
      calls: 2,
      errors: 1,
      resultErrors: 0,
      rpcErrors: 1,
      pending: 1,
      p50Ms: 10,
      p95Ms: 10,
      origin: 'mcp',
    });
    expect(stats.tools.map((t) => t.name)).toEqual(['search', 'get']);
    expect(stats.errors).toEqual([
      { t: at(20), source: 'tool', name: 'search', message: 'tool reported an error', line: 5 },
      { t: at(80), source: 'tool', name: 'get', message: 'bad args (code -32602)', line: 9 },
    ]);
    expect(stats.rpcErrorsByMethod).toEqual([{ method: 'tools/call', code: -32602, count: 1 }]);
    expect(stats.pendingByMethod).toEqual([{ method: 'tools/call', count: 1 }]);
    expect(stats.models).toBeUndefined();
    expect(stats.planes).toBeUndefined();
  });

  it('sums model usage without echoed turns; prices only fully priced models; counts model errors', () => {
    const stats = tapeStats([parseTape(agent, 'agent.jsonl')], price);
    const model = (name: string) => stats.models?.perModel.find((m) => m.model === name);
    expect(model('anthropic:claude-sonnet-4-5')).toMatchObject({
      calls: 1,
      inputTokens: 100,
      outputTokens: 10,
      cacheReadTokens: 50,
      errors: 1,
      priced: true,
    });
    expect(model('anthropic:claude-sonnet-4-5')?.estCostUsd).toBeCloseTo((100 * 3 + 10 * 15) / 1e6, 12);
    const local = model('local:unpriced');
    expect(local).toMatchObject({
      calls: 2,
      inputTokens: 7,
      outputTokens: 3,
      unpricedTurns: 1,
      errors: 1,
      priced: false,
    });
    expect(local).not.toHaveProperty('estCostUsd');
    expect(stats.models?.summary).toMatchObject({ assistantTurns: 3, echoedTurns: 1, inputTokens: 107 });
    expect(stats.models?.cost).toMatchObject({ partial: true, unpricedModels: ['local:unpriced'] });
    expect(stats.errors.map((e) => [e.source, e.name, e.message])).toEqual([
      ['llm', 'local:unpriced', 'rate limited'],
      ['llm', 'anthropic:claude-sonnet-4-5', 'overloaded'],
    ]);
    const unpriced = tapeStats([parseTape(agent)]).models?.perModel[0];
    expect(unpriced).not.toHaveProperty('estCostUsd');
  });

  it('gives one block per plane when several files are read, and the merged view on top', () => {
    const stats = tapeStats([parseTape(wire, 'r/wire.jsonl'), parseTape(agent, 'r/agent.jsonl')], price);
    expect(stats.planes?.map((p) => p.plane)).toEqual(['wire', 'agent']);
    expect(toolRow(stats.planes?.[0] ?? { tools: [] }, 'search')?.calls).toBe(3);
    expect(stats.planes?.[0]?.models).toBeUndefined();
    expect(stats.planes?.[1]?.tools).toEqual([]);
    expect(toolRow(stats, 'search')?.calls).toBe(3);
    expect(stats.toolsFrom).toEqual(['mcp']);
    expect(stats.session).toMatchObject({ kind: 'mcp+llm', records: { total: 18, turn: 4 } });
    expect(stats.models?.perModel.find((m) => m.model === 'local:unpriced')?.calls).toBe(2);
  });

  it('merged planes describe the same calls from two sides: the tool table is never summed', () => {
    const uses = [
      meta('runner', 'llm'),
      line({
        t: at(0),
        type: 'turn',
        role: 'assistant',
        model: 'm',
        corr_id: 'c',
        blocks: [{ type: 'tool_use', id: 'u1', name: 'search', input: {} }],
      }),
      line({
        t: at(10),
        type: 'turn',
        role: 'user',
        corr_id: 'c',
        blocks: [{ type: 'tool_result', tool_use_id: 'u1', content: 'x' }],
      }),
    ].join('\n');
    const alone = tapeStats([parseTape(uses, 'agent.jsonl')]);
    expect(alone.tools).toMatchObject([{ name: 'search', calls: 1, origin: 'turn', p50Ms: 10 }]);
    const both = tapeStats([parseTape(wire, 'wire.jsonl'), parseTape(uses, 'agent.jsonl')]);
    expect(toolRow(both, 'search')).toMatchObject({ calls: 3, origin: 'mcp' });
  });

  it('a tape with no end line still reports a duration from its last line and no end reason', () => {
    const cut = wire.split('\n').slice(0, 5).join('\n');
    const stats = tapeStats([parseTape(cut)]);
    expect(stats.session.endReason).toBeUndefined();
    expect(stats.session.durationMs).toBe(50);
  });
});
