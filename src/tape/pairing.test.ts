import { describe, expect, it } from 'vitest';
import { pairExchanges } from './pairing.js';
import { parseTape } from './reader.js';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
const msg = (t: number, dir: 'in' | 'out', raw: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ t: at(t), dir, raw, ...extra });
const call = (id: unknown, name: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {} },
});
const ok = (id: unknown, isError = false) => ({ jsonrpc: '2.0', id, result: { content: [], isError } });

function pair(lines: string[]) {
  return pairExchanges(parseTape(lines.join('\n')).records);
}

describe('pairExchanges', () => {
  it('pairs a request with the first later response carrying the same id, and times it', () => {
    const { exchanges } = pair([msg(1, 'in', call(1, 'a')), msg(3, 'out', ok(1)), msg(4, 'out', ok(1))]);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]).toMatchObject({
      tool: 'a',
      outcome: 'result',
      latencyMs: 2000,
      requestLine: 1,
      responseLine: 2,
    });
  });

  it('keeps unanswered requests as pending and responses without a request as orphans', () => {
    const { exchanges, orphanResponses } = pair([msg(1, 'out', ok(9)), msg(2, 'in', call(9, 'a'))]);
    expect(exchanges[0]?.outcome).toBe('pending');
    expect(orphanResponses).toEqual([1]);
  });

  it('a reused id never erases the earlier request: answers go first-come first-served', () => {
    const { exchanges } = pair([
      msg(1, 'in', call(5, 'first')),
      msg(2, 'in', call(5, 'second')),
      msg(3, 'out', ok(5, true)),
    ]);
    expect(exchanges.map((x) => [x.tool, x.outcome, x.reusedId])).toEqual([
      ['first', 'tool-error', true],
      ['second', 'pending', true],
    ]);
  });

  it('never pairs event lines, null ids, or across sessions; string and number ids differ', () => {
    const { exchanges } = pair([
      msg(1, 'in', call(1, 'a'), { session: 's1' }),
      JSON.stringify({
        t: at(2),
        dir: 'event',
        kind: 'fitness.http',
        raw: { jsonrpc: '2.0', id: 1, result: {} },
      }),
      msg(3, 'out', ok(1), { session: 's2' }),
      msg(4, 'out', ok('1'), { session: 's1' }),
      msg(5, 'in', { ...call(null, 'b') }),
    ]);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.outcome).toBe('pending');
  });

  it('names JSON-RPC errors by the method of the request they answer', () => {
    const { exchanges } = pair([
      msg(1, 'in', { jsonrpc: '2.0', id: 'p', method: 'server/discover' }),
      msg(2, 'out', { jsonrpc: '2.0', id: 'p', error: { code: -32601, message: 'Method not found' } }),
    ]);
    expect(exchanges[0]).toMatchObject({
      method: 'server/discover',
      outcome: 'rpc-error',
      error: { code: -32601 },
    });
  });
});
